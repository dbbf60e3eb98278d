import EdgeSwipeDoctor
import Gestures
import Testing

/// The compositor bindings the doctor reads, each edge of each syntax; expected edges from the compositors'
/// own documentation (hyprgrass: `edge:<from>:<direction>`; wayfire: `edge-swipe` toward a direction starts
/// at the opposite edge).
@Suite struct CompositorBindingsTests {
    func edges(_ compositor: ConfigFileFact.Compositor, _ text: String) -> [Edge] {
        CompositorBindings.edgeBindings(in: ConfigFileFact(compositor: compositor, path: "f", text: text)).map(\.edge)
    }

    @Test func hyprgrassNamesTheEdgeItStartsFrom() {
        #expect(edges(.hyprland, "bind = , edge:l:r, exec, a") == [.left])
        #expect(edges(.hyprland, "hyprgrass-bind = , edge:r:l, workspace, +1") == [.right])
        #expect(edges(.hyprland, "bind = , edge:u:d, exec, b") == [.top])
        #expect(edges(.hyprland, "hyprgrass-bindm = , edge:d:u, exec, c") == [.bottom])
        #expect(edges(.hyprland, "bind = , swipe:3:l, workspace, +1\nbind = SUPER, Q, killactive") == [])
        #expect(edges(.hyprland, "  # bind = , edge:l:r, exec, a") == [])
    }

    @Test func wayfireEdgeSwipesStartOppositeTheirDirection() {
        #expect(edges(.wayfire, "binding_a = edge-swipe right 1") == [.left])
        #expect(edges(.wayfire, "binding_b = edge-swipe 2 left") == [.right])
        #expect(edges(.wayfire, "binding_c = <super> KEY_T | edge-swipe down 1") == [.top])
        #expect(edges(.wayfire, "toggle = edge-swipe up 3") == [.bottom])
        #expect(edges(.wayfire, "binding_d = swipe up 3") == [])
    }

    @Test func swayHasNoTouchEdgeBindings() {
        #expect(edges(.sway, "bindgesture swipe:3:right workspace prev\nbindsym $mod+Left focus left") == [])
    }

    @Test func autostartedToolsOfEachCompositor() {
        func tools(_ c: ConfigFileFact.Compositor, _ text: String) -> [String] {
            CompositorBindings.autostartedTools(in: ConfigFileFact(compositor: c, path: "f", text: text)).map(\.tool)
        }
        #expect(tools(.sway, "exec /usr/bin/lisgd -d /dev/input/event2") == ["lisgd"])
        #expect(tools(.sway, "exec_always touchegg") == ["touchegg"])
        #expect(tools(.sway, "exec swaybg -c '#000'") == [])
        #expect(tools(.hyprland, "exec-once = libinput-gestures-setup start; libinput-gestures") == ["libinput-gestures"])
        #expect(tools(.wayfire, "[autostart]\ngestures = fusuma -d\n[command]\nx = lisgd") == ["fusuma"])
    }

    @Test func theRunningCompositorsOwnConfigurationIsReadFirst() {
        let sway = ProcessFact(pid: 1, name: "sway", arguments: ["sway", "-c", "/etc/kiosk/sway.conf"])
        let files = CompositorConfigFiles.candidates(processes: [sway], home: "/home/k", xdgConfigHome: nil)
        #expect(files.map(\.1) == ["/etc/kiosk/sway.conf"])
        let wayfire = ProcessFact(pid: 2, name: "wayfire", arguments: ["wayfire"])
        #expect(CompositorConfigFiles.candidates(processes: [wayfire], home: "/home/k", xdgConfigHome: "/cfg").map(\.1) == ["/cfg/wayfire.ini"])
        #expect(CompositorConfigFiles.candidates(processes: [], home: "/home/k", xdgConfigHome: nil).map(\.1)
                == ["/home/k/.config/sway/config", "/home/k/.sway/config", "/etc/sway/config",
                    "/home/k/.config/hypr/hyprland.conf", "/home/k/.config/wayfire.ini"])
        #expect(CompositorConfigFiles.hyprlandSources("source = ~/.config/hypr/touch.conf\nsource=/etc/hypr/x.conf", home: "/home/k")
                == ["/home/k/.config/hypr/touch.conf", "/etc/hypr/x.conf"])
    }
}
