import EdgeSwipeDoctor
import Testing

/// Issue 36: a pen node that pairs with no touch device is named (information: the back swipe works, only a hand
/// resting while writing is not held off); a paired pen gives nothing.
@Suite struct PenDoctorTests {
    @Test func anUnpairedPenIsNamedAndAPairedOneIsNot() throws {
        var facts = DoctorChecksTests.clean()
        facts.pens = [PenFact(node: "/dev/input/event6", name: "Wacom HID 5256 Pen"),
                      PenFact(node: "/dev/input/event9", name: "IPTS Stylus",
                              unpaired: "no phys, and no phys-less touch device with id 045e:0c1a and name stem \"IPTS\"")]
        let report = DoctorChecks.run(facts)
        let pens = report.findings.filter { $0.code == .unpairedPen }
        #expect(pens.count == 1)
        #expect(pens.first?.subject == "/dev/input/event9")
        #expect(pens.first?.severity == .info)
        #expect(pens.first?.message.contains("name stem \"IPTS\"") == true)
        #expect(pens.first?.remedy.contains("pen: IPTS Stylus") == true)
        #expect(report.ok)
        facts.pens.removeLast()
        #expect(!DoctorChecks.run(facts).findings.contains { $0.code == .unpairedPen })
    }
}
