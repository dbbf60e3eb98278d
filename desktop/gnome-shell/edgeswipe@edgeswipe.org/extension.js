// EdgeSwipe's GNOME Shell extension (GNOME 43 and 44, the imports.* extension format of those versions).
//
// GNOME has no wlr-layer-shell and no wlr-foreign-toplevel, so `edgeswipe feedback` cannot draw the back arrow or
// learn the focused window there by itself. This extension does both for it and nothing else: it exports
// org.edgeswipe.Shell1 at /org/edgeswipe/Shell on the Shell's session bus connection (bus name org.gnome.Shell).
// `edgeswipe feedback` keeps everything about the service (the control protocol, the arrow's animation, the
// focus reports' bounds) and calls ShowArrow/HideArrow with pictures already worked out in logical pixels; the
// extension draws them with Cairo in an actor that is not reactive (it never takes input), and emits FocusChanged
// when the focused window changes. docs/feedback.md, "GNOME".
'use strict';

const { Gio, GLib, St, Clutter, Shell, Meta } = imports.gi;
const Main = imports.ui.main;

const OBJECT_PATH = '/org/edgeswipe/Shell';
const VERSION = 1;
// A picture that is not replaced within this time is taken away: edgeswipe feedback sends one per frame while a
// finger is down and during the leaving animation, so a silence this long means it stopped (killed mid-swipe).
const STALE_MS = 1000;
// The longest leaving fade HideArrow takes.
const MAX_LEAVE_MS = 1000;

const INTERFACE = `
<node>
  <interface name="org.edgeswipe.Shell1">
    <method name="GetVersion"><arg type="u" direction="out" name="version"/></method>
    <method name="ShowArrow">
      <arg type="s" direction="in" name="connector"/>
      <arg type="s" direction="in" name="side"/>
      <arg type="d" direction="in" name="centreY"/>
      <arg type="d" direction="in" name="reach"/>
      <arg type="d" direction="in" name="halfHeight"/>
      <arg type="u" direction="in" name="bodyARGB"/>
      <arg type="u" direction="in" name="chevronARGB"/>
    </method>
    <method name="HideArrow"><arg type="u" direction="in" name="leaveMs"/></method>
    <method name="GetArrow">
      <arg type="b" direction="out" name="visible"/>
      <arg type="s" direction="out" name="side"/>
      <arg type="d" direction="out" name="x"/>
      <arg type="d" direction="out" name="y"/>
      <arg type="d" direction="out" name="width"/>
      <arg type="d" direction="out" name="height"/>
      <arg type="d" direction="out" name="centreY"/>
      <arg type="d" direction="out" name="reach"/>
      <arg type="u" direction="out" name="shown"/>
    </method>
    <method name="GetFocus">
      <arg type="b" direction="out" name="focused"/>
      <arg type="s" direction="out" name="appId"/>
      <arg type="s" direction="out" name="title"/>
      <arg type="i" direction="out" name="pid"/>
    </method>
    <signal name="FocusChanged">
      <arg type="b" name="focused"/>
      <arg type="s" name="appId"/>
      <arg type="s" name="title"/>
      <arg type="i" name="pid"/>
    </signal>
  </interface>
</node>`;

function argbToRGBA(argb) {
    return [((argb >>> 16) & 0xff) / 255, ((argb >>> 8) & 0xff) / 255, (argb & 0xff) / 255, ((argb >>> 24) & 0xff) / 255];
}

// The monitor a connector names (empty: the primary), as a Main.layoutManager monitor, or null.
function monitorFor(connector) {
    const layout = Main.layoutManager;
    if (connector === '')
        return layout.primaryMonitor;
    const manager = Meta.MonitorManager.get();
    const index = manager.get_monitor_for_connector(connector);
    return index >= 0 ? layout.monitors[index] : null;
}

class BackArrow {
    constructor() {
        this._picture = null;
        this._shown = 0;
        this._staleId = 0;
        this._area = new St.DrawingArea({ name: 'edgeswipe-back-arrow', reactive: false, can_focus: false, track_hover: false, visible: false });
        this._area.connect('repaint', (area) => this._repaint(area));
        Main.layoutManager.uiGroup.add_child(this._area);
    }

    destroy() {
        this._clearStale();
        this._area.destroy();
        this._area = null;
    }

    // Throws an Error whose message names the argument for a bad one; nothing is changed then.
    show(connector, side, centreY, reach, halfHeight, body, chevron) {
        if (side !== 'left' && side !== 'right')
            throw new Error(`side is "left" or "right", got "${side}"`);
        for (const [name, value] of [['centreY', centreY], ['reach', reach], ['halfHeight', halfHeight]]) {
            if (!Number.isFinite(value) || value < 0)
                throw new Error(`${name} is a finite number of pixels, 0 or more, got ${value}`);
        }
        const monitor = monitorFor(connector);
        if (!monitor)
            throw new Error(`no monitor is connected at "${connector}"`);
        // Within the monitor whatever was asked: the actor never covers more than the monitor's edge strip.
        const width = Math.max(1, Math.min(Math.ceil(reach), monitor.width));
        const half = Math.min(halfHeight, monitor.height / 2);
        const y = Math.min(Math.max(centreY, half), monitor.height - half);
        this._picture = { side, width, reach: Math.min(reach, width), half, centreY: y, body: argbToRGBA(body), chevron: argbToRGBA(chevron) };
        const area = this._area;
        area.remove_all_transitions();
        area.opacity = 255;
        area.set_position(side === 'left' ? monitor.x : monitor.x + monitor.width - width, monitor.y);
        area.set_size(width, monitor.height);
        area.show();
        Main.layoutManager.uiGroup.set_child_above_sibling(area, null);
        area.queue_repaint();
        this._shown += 1;
        this._armStale();
    }

    hide(leaveMs) {
        this._clearStale();
        const area = this._area;
        if (!area.visible)
            return;
        const duration = Math.min(Math.max(leaveMs, 0), MAX_LEAVE_MS);
        if (duration === 0) {
            area.hide();
            this._picture = null;
            return;
        }
        area.ease({
            opacity: 0, duration, mode: Clutter.AnimationMode.EASE_OUT_QUAD,
            onComplete: () => { if (this._area) { this._area.hide(); this._picture = null; } },
        });
    }

    state() {
        const a = this._area, p = this._picture;
        return [a.visible && p !== null, p ? p.side : '', a.x, a.y, a.width, a.height, p ? p.centreY : 0, p ? p.reach : 0, this._shown];
    }

    _armStale() {
        this._clearStale();
        this._staleId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, STALE_MS, () => {
            this._staleId = 0;
            this.hide(0);
            return GLib.SOURCE_REMOVE;
        });
    }

    _clearStale() {
        if (this._staleId !== 0)
            GLib.source_remove(this._staleId);
        this._staleId = 0;
    }

    // The bulge (a half ellipse from the edge) and a "<" in it, as ArrowGeometry.picture builds them for pixman.
    _repaint(area) {
        const p = this._picture;
        const cr = area.get_context();
        try {
            if (!p)
                return;
            const edge = p.side === 'left' ? 0 : p.width;
            const inward = p.side === 'left' ? 1 : -1;
            if (p.reach > 0 && p.half > 0) {
                cr.save();
                cr.translate(edge, p.centreY);
                cr.scale(inward * p.reach, p.half);
                cr.arc(0, 0, 1, -Math.PI / 2, Math.PI / 2);
                cr.closePath();
                cr.restore();
                cr.setSourceRGBA(...p.body);
                cr.fill();
            }
            const armHeight = p.half * 0.4, armWidth = armHeight * 0.5, thickness = p.half * 0.16;
            const middle = p.reach * 0.5;
            const x = (d) => edge + inward * d;
            cr.setLineWidth(thickness);
            cr.setSourceRGBA(...p.chevron);
            cr.moveTo(x(middle + armWidth), p.centreY - armHeight);
            cr.lineTo(x(middle - armWidth), p.centreY);
            cr.lineTo(x(middle + armWidth), p.centreY + armHeight);
            cr.stroke();
        } finally {
            cr.$dispose();
        }
    }
}

// The focused window: app_id (the Wayland app_id; an X11 window's WM_CLASS), title and pid (0: not known).
function focusOf(window) {
    if (!window)
        return [false, '', '', 0];
    const appId = window.get_gtk_application_id() || window.get_wm_class() || '';
    const pid = window.get_pid();
    return [true, appId, window.get_title() || '', pid > 0 ? pid : 0];
}

class EdgeSwipeShell {
    constructor() {
        this._arrow = new BackArrow();
        this._object = Gio.DBusExportedObject.wrapJSObject(INTERFACE, this);
        this._object.export(Gio.DBus.session, OBJECT_PATH);
        this._focused = null;
        this._titleId = 0;
        this._focusId = global.display.connect('notify::focus-window', () => this._focusChanged());
        this._last = null;
        this._focusChanged();
    }

    destroy() {
        global.display.disconnect(this._focusId);
        this._unwatchTitle();
        this._object.unexport();
        this._arrow.destroy();
    }

    GetVersion() { return VERSION; }

    ShowArrowAsync(params, invocation) {
        try {
            this._arrow.show(...params);
            invocation.return_value(null);
        } catch (e) {
            invocation.return_dbus_error('org.edgeswipe.Shell1.Error.InvalidArgs', e.message);
        }
    }

    HideArrow(leaveMs) { this._arrow.hide(leaveMs); }

    GetArrow() { return this._arrow.state(); }

    GetFocus() { return focusOf(global.display.focus_window); }

    _focusChanged() {
        this._unwatchTitle();
        const window = global.display.focus_window;
        if (window) {
            this._focused = window;
            this._titleId = window.connect('notify::title', () => this._emitFocus());
        }
        this._emitFocus();
    }

    _unwatchTitle() {
        // The window may be gone already (unmanaged): its signal went with it.
        try {
            if (this._focused && this._titleId)
                this._focused.disconnect(this._titleId);
        } catch (e) {
        }
        this._focused = null;
        this._titleId = 0;
    }

    // Emitted when what a report would say changes, not on every notify.
    _emitFocus() {
        const focus = focusOf(global.display.focus_window);
        const key = JSON.stringify(focus);
        if (key === this._last)
            return;
        this._last = key;
        this._object.emit_signal('FocusChanged', new GLib.Variant('(bssi)', focus));
    }
}

class Extension {
    enable() { this._shell = new EdgeSwipeShell(); }

    disable() {
        this._shell.destroy();
        this._shell = null;
    }
}

function init() {
    return new Extension();
}
