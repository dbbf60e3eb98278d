#!/usr/bin/python3
# A GTK 4 + libadwaita (1.2, Debian 12) app for issue 35's routing check: an Adw.Leaflet with can-navigate-back,
# folded (can-unfold false) so back goes one page, three pages "one" > "two" > "three". It opens on "one" and,
# like a user, goes forward to "three"; every change of the visible page is printed as "page NAME" (flushed), so a
# test reads the app's own state. libadwaita goes back on Alt+Left, XF86Back and the mouse Back button
# (AdwLeaflet's can-navigate-back). app_id: org.edgeswipe.TestAdw. Run: python3 adw-leaflet.py [--stay]
# (--stay: no forward steps at start, it stays on "one").
import sys
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
gi.require_version("Gdk", "4.0")
from gi.repository import Adw, Gdk, GLib, Gtk

PAGES = ["one", "two", "three"]
# The Wayland app_id: GTK takes the application id only when the app is registered on the session bus, else the
# program name; set both, so the app_id is the same with or without a session bus.
GLib.set_prgname("org.edgeswipe.TestAdw")



def activate(app):
    window = Adw.ApplicationWindow(application=app, title="EdgeSwipe test: libadwaita")
    window.set_default_size(360, 640)
    leaflet = Adw.Leaflet(can_navigate_back=True, can_unfold=False)
    buttons = {}
    for name in PAGES:
        # A focusable widget on each page, as a real page has: the leaflet's back shortcuts are local to it, so
        # the keyboard focus must be inside the leaflet for them (a page of labels only leaves it on the window).
        button = Gtk.Button(label=f"page {name}")
        buttons[name] = button
        leaflet.append(button).set_name(name)

    def changed(l, _):
        name = l.get_visible_child_name()
        buttons[name].grab_focus()
        print(f"page {name}", flush=True)
    leaflet.connect("notify::visible-child-name", changed)
    # Every key the window gets, before any widget: a test tells "no key came" from "the key did nothing".
    keys = Gtk.EventControllerKey(propagation_phase=Gtk.PropagationPhase.CAPTURE)
    keys.connect("key-pressed", lambda _c, keyval, _code, _state: print(f"key {Gdk.keyval_name(keyval)}", flush=True) and False)
    window.add_controller(keys)
    window.set_content(leaflet)
    window.present()
    buttons[PAGES[0]].grab_focus()
    print(f"page {leaflet.get_visible_child_name()}", flush=True)
    if "--stay" not in sys.argv:
        steps = iter(PAGES[1:])

        def forward():
            name = next(steps, None)
            if name is None:
                return False
            leaflet.set_visible_child_name(name)
            return True
        GLib.timeout_add(300, forward)


app = Adw.Application(application_id="org.edgeswipe.TestAdw")
app.connect("activate", activate)
sys.exit(app.run([sys.argv[0]]))
