#!/usr/bin/env bash
# Installs the Debian packages EdgeSwipe builds and tests against, when any is missing.
# Works as root (no sudo needed) or as a user with sudo. Safe to run again: it does nothing when all are present.
set -euo pipefail

# libsystemd-dev: sd-bus for the haptics of `edgeswipe feedback` and the service's `rotation: accelerometer`;
# dbus-daemon and feedbackd: the haptics' session-bus test (Tests/EdgeSwipeHapticsTests/FeedbackdSessionBusTests.swift)
# runs them, and the accelerometer's tests run dbus-daemon as a private system bus with a fake iio-sensor-proxy
# (Tests/EdgeSwipeDaemonTests/Support/FakeSensorProxy.swift).
# libwayland-dev, libpixman-1-dev: the back arrow of `edgeswipe feedback` is a Wayland client drawing with pixman; the
# layer-shell glue is generated code kept in Sources/CWaylandProtocols (scripts/dev/wayland-protocols.sh regenerates
# it with wayland-scanner from libwayland-bin and wayland-protocols' XML, the `wayland` set).
packages=(pkg-config libevdev-dev libmtdev-dev libinput-dev libudev-dev libyaml-dev libmicrohttpd-dev libjansson-dev libsystemd-dev dbus-daemon feedbackd
          libwayland-dev libpixman-1-dev)
# Extra sets, asked for by name: `scripts/deps.sh vm` for the VM rig, `scripts/deps.sh browser` for the
# SVG/browser checks, `scripts/deps.sh package` for the Debian package and its install cycle, `scripts/deps.sh gnome`
# for the GNOME Shell extension's check, `scripts/deps.sh kde` for the KWin check, `scripts/deps.sh phosh` for phoc's.
for extra in "$@"; do
    case "$extra" in
        tools) packages+=(evemu-tools libinput-tools python3-libevdev python3-yaml) ;;
        browser) packages+=(chromium) ;;
        wayland) packages+=(libwayland-bin wayland-protocols) ;;
        package) packages+=(debhelper dpkg-dev help2man go-md2man lintian debootstrap) ;;
        # Tests/Desktop/gnome-shell-check.py: GNOME Shell 43 headless with EdgeSwipe's extension, Debian's Python
        # with Gio, and a GTK 4 + libadwaita app to focus.
        gnome) packages+=(gnome-shell python3-gi gir1.2-gtk-4.0 gir1.2-adw-1) ;;
        # Tests/Desktop/kwin-check.py: KWin 5.27 (kwin_wayland --virtual) and a Qt 5 + Kirigami app to focus.
        kde) packages+=(kwin-wayland qmlscene qml-module-org-kde-kirigami2 qml-module-qtquick-controls2 qml-module-qtquick-window2
                        qml-module-qtquick2 python3-gi) ;;
        # Tests/Desktop/phoc-check.py: Phosh's compositor, phoc, headless, and the GTK 4 + libadwaita app to focus.
        phosh) packages+=(phoc python3-gi gir1.2-gtk-4.0 gir1.2-adw-1) ;;
        *) echo "deps.sh: unknown package set '$extra' (known: tools, browser, wayland, package, gnome, kde, phosh)" >&2; exit 64 ;;
    esac
done

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo env DEBIAN_FRONTEND=noninteractive); fi
echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
