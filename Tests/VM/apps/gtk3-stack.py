#!/usr/bin/python3
# A GTK 3 app for issue 35's routing check: a Gtk.Stack of three pages "one" > "two" > "three" with a back that
# GTK 3 itself does not have (GTK 3 apps bind no back key): Alt+Left and the mouse Back button (button 8) go back
# one page, as Nautilus 3 and gedit did by hand. So KEY_BACK does nothing here and only a configured route (an
# app_id route: [KEY_LEFTALT, KEY_LEFT] or BTN_SIDE) goes back. It opens on "one" and, like a user, goes forward
# to "three"; every change is printed as "page NAME" (flushed). app_id: org.edgeswipe.TestGtk3.
# Run: GDK_BACKEND=wayland python3 gtk3-stack.py [--stay]
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk

PAGES = ["one", "two", "three"]
# The Wayland app_id: GTK takes the application id only when the app is registered on the session bus, else the
# program name; set both, so the app_id is the same with or without a session bus.
GLib.set_prgname("org.edgeswipe.TestGtk3")


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="EdgeSwipe test: GTK 3")
    window.set_default_size(360, 640)
    stack = Gtk.Stack()
    for name in PAGES:
        stack.add_named(Gtk.Label(label=f"page {name}"), name)
    printed = []

    def show(name):
        # GTK 3 notifies the first child once more when the window is shown: each page is printed once per change.
        if printed[-1:] != [name]:
            printed.append(name)
            print(f"page {name}", flush=True)
    stack.connect("notify::visible-child-name", lambda s, _: show(s.get_visible_child_name()))

    def back():
        at = PAGES.index(stack.get_visible_child_name())
        if at > 0:
            stack.set_visible_child_name(PAGES[at - 1])

    def key(_, event):
        print(f"key {Gdk.keyval_name(event.keyval)}", flush=True)
        if event.keyval == Gdk.KEY_Left and event.state & Gdk.ModifierType.MOD1_MASK:
            back()
            return True
        return False

    def button(_, event):
        print(f"button {event.button}", flush=True)
        if event.button == 8:
            back()
            return True
        return False
    # A GtkWindow does not ask for button presses by default: the Back button would never reach it.
    window.add_events(Gdk.EventMask.BUTTON_PRESS_MASK)
    window.connect("key-press-event", key)
    window.connect("button-press-event", button)
    window.add(stack)
    window.show_all()
    show(stack.get_visible_child_name())
    if "--stay" not in sys.argv:
        steps = iter(PAGES[1:])

        def forward():
            name = next(steps, None)
            if name is None:
                return False
            stack.set_visible_child_name(name)
            return True
        GLib.timeout_add(300, forward)


app = Gtk.Application(application_id="org.edgeswipe.TestGtk3")
app.connect("activate", activate)
sys.exit(app.run([sys.argv[0]]))
