import Navigation
import Testing
import TouchModel

@Suite struct StackSpecTests {
    @Test func parsesTheCLIExample() throws {
        let specs = try StackSpec.parse("home,inbox:header,message:header")
        #expect(specs == [ScreenSpec(name: "home", kind: .plain), ScreenSpec(name: "inbox", kind: .header),
                          ScreenSpec(name: "message", kind: .header)])
        let screens = specs.map { $0.makeScreen() }
        #expect(screens.map(\.name) == ["home", "inbox", "message"])
        #expect(!(screens[0] is FlexibleHeaderHost) && screens[0].barPreference == .visible)
        #expect(screens[1] is FlexibleHeaderHost && screens[2] is FlexibleHeaderHost)
    }

    @Test func hiddenAndExplicitPlainAndSpaces() throws {
        let specs = try StackSpec.parse(" home , profile:hidden ,about:plain ")
        #expect(specs.map(\.kind) == [.plain, .hidden, .plain])
        #expect(specs.map(\.name) == ["home", "profile", "about"])
        let profile = specs[1].makeScreen()
        #expect(!(profile is FlexibleHeaderHost) && profile.barPreference == .hidden)
    }

    @Test func errorsNameTheBadToken() {
        func error(_ text: String) -> String? {
            do { _ = try StackSpec.parse(text); return nil } catch { return error.description }
        }
        #expect(error("home,inbox:headr") ==
                "screen 2 'inbox:headr': unknown kind ':headr' (use :plain, :header, :hidden, or nothing for a plain screen)")
        #expect(error("home,,inbox") == "screen 2 is empty (two commas in a row, or a comma at an end)")
        #expect(error("home,") == "screen 2 is empty (two commas in a row, or a comma at an end)")
        #expect(error(":header") == "screen 1 ':header': no name before ':'")
        #expect(error("home,in box") == "screen 2 'in box': ' ' is not allowed in a name (letters, digits, '-', '_', '.')")
        #expect(error("home,a:header:hidden") == "screen 2 'a:header:hidden': unknown kind ':header:hidden' (use :plain, :header, :hidden, or nothing for a plain screen)")
        #expect(error("home,inbox,home:header") == "screen 3 'home:header': the name is already used by an earlier screen")
        #expect(error("  ") == "empty stack spec: give screens like home,inbox:header")
    }

    @Test func errorCarriesPositionAndProblem() {
        #expect(throws: StackSpecError(token: "x:y", position: 3, problem: .unknownKind("y"))) {
            try StackSpec.parse("a,b,x:y")
        }
    }

    @Test func singleTokenForAPush() throws {
        #expect(try StackSpec.parseScreen("settings:hidden") == ScreenSpec(name: "settings", kind: .hidden))
        #expect(throws: StackSpecError(token: "a/b", position: 1, problem: .badCharacter("/"))) {
            try StackSpec.parseScreen("a/b")
        }
    }

    /// Issue 22: `--stack` took names longer than the control protocol's 256 bytes. Every length around the
    /// bound, and far past it; the message gives the length and the bound, not the (long) name.
    @Test("screen names: 1...256 bytes are accepted, 257 and more refused", arguments: [1, 2, 255, 256, 257, 258, 512, 100_000])
    func nameLengthBound(_ length: Int) {
        let name = String(repeating: "a", count: length)
        let result = Result { () throws(StackSpecError) in try StackSpec.parse("home," + name + ":header") }
        if length <= 256 {
            #expect((try? result.get())?.last == ScreenSpec(name: name, kind: .header))
        } else {
            #expect(throws: StackSpecError(token: name + ":header", position: 2, problem: .nameTooLong(length))) { try result.get() }
            var message = ""
            do { _ = try StackSpec.parseScreen(name) } catch { message = error.description }
            #expect(message == "screen 1: the name is \(length) bytes long; at most 256, as the control protocol allows")
        }
    }
}
