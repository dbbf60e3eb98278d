#!/bin/sh
# Installs the edgeswipe service: binary, systemd unit, udev rules, sysusers entry, uinput module load,
# example configuration, docs and the demo kiosk page (PREFIX/share/edgeswipe/web, for `web_root`).
#
#   scripts/install.sh                      # build (release) if needed and install under /usr/local
#   PREFIX=/usr scripts/install.sh          # distribution layout
#   DESTDIR=/tmp/pkg scripts/install.sh     # stage into a directory (nothing is activated)
#   BIN=path/to/edgeswipe scripts/install.sh
#
# Environment: PREFIX (default /usr/local), DESTDIR (default empty), SYSCONFDIR (default /etc),
# UDEVRULESDIR (default /usr/lib/udev/rules.d for PREFIX=/usr, else /etc/udev/rules.d: udev does not read
# /usr/local), BIN (default .build/release/edgeswipe, built when missing), NO_ACTIVATE=1 to skip
# sysusers/udev/systemctl even when installing into the live system.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
SYSCONFDIR=${SYSCONFDIR:-/etc}
if [ -z "${UDEVRULESDIR:-}" ]; then
    if [ "$PREFIX" = /usr ]; then UDEVRULESDIR=/usr/lib/udev/rules.d; else UDEVRULESDIR=$SYSCONFDIR/udev/rules.d; fi
fi
UNITDIR=${UNITDIR:-$PREFIX/lib/systemd/system}
SYSUSERSDIR=${SYSUSERSDIR:-$PREFIX/lib/sysusers.d}
DOCDIR=$PREFIX/share/doc/edgeswipe
BIN=${BIN:-}

if [ -z "$BIN" ]; then
    BIN=$here/.build/release/edgeswipe
    if [ ! -x "$BIN" ]; then
        echo "install.sh: building edgeswipe (release)" >&2
        (cd "$here" && swift build -c release --product edgeswipe)
    fi
fi
[ -x "$BIN" ] || { echo "install.sh: no executable at $BIN" >&2; exit 1; }

d() { printf '%s%s' "$DESTDIR" "$1"; }

install -D -m 0755 "$BIN" "$(d "$PREFIX/bin/edgeswipe")"

# The unit names the installed binary and docs.
install -d -m 0755 "$(d "$UNITDIR")"
sed -e "s|/usr/local/bin/edgeswipe|$PREFIX/bin/edgeswipe|" \
    -e "s|/usr/local/share/doc/edgeswipe|$DOCDIR|" \
    -e "s|/etc/edgeswipe/edgeswipe.yaml|$SYSCONFDIR/edgeswipe/edgeswipe.yaml|" \
    "$here/systemd/edgeswipe.service" > "$(d "$UNITDIR/edgeswipe.service")"
chmod 0644 "$(d "$UNITDIR/edgeswipe.service")"

install -D -m 0644 "$here/udev/70-edgeswipe.rules" "$(d "$UDEVRULESDIR/70-edgeswipe.rules")"

# The service user: in group input (evdev nodes); its own group owns /dev/uinput and the control socket.
install -d -m 0755 "$(d "$SYSUSERSDIR")"
cat > "$(d "$SYSUSERSDIR/edgeswipe.conf")" <<'USERS'
u edgeswipe - "EdgeSwipe gesture service" - -
m edgeswipe input
USERS
chmod 0644 "$(d "$SYSUSERSDIR/edgeswipe.conf")"

install -d -m 0755 "$(d "$SYSCONFDIR/modules-load.d")"
echo uinput > "$(d "$SYSCONFDIR/modules-load.d/edgeswipe.conf")"

install -D -m 0644 "$here/config/edgeswipe.example.yaml" "$(d "$DOCDIR/edgeswipe.example.yaml")"
# The kiosk page the HTTP bridge can serve (`http.web_root` / `--web-root`, docs/kiosk.md).
for page in "$here"/web/*; do
    install -D -m 0644 "$page" "$(d "$PREFIX/share/edgeswipe/web/$(basename "$page")")"
done
for doc in daemon.md protocol.md kiosk.md; do
    [ -f "$here/docs/$doc" ] && install -D -m 0644 "$here/docs/$doc" "$(d "$DOCDIR/$doc")"
done
# The live configuration is never overwritten.
if [ ! -e "$(d "$SYSCONFDIR/edgeswipe/edgeswipe.yaml")" ]; then
    install -D -m 0644 "$here/config/edgeswipe.example.yaml" "$(d "$SYSCONFDIR/edgeswipe/edgeswipe.yaml")"
fi

if [ -z "$DESTDIR" ] && [ -z "${NO_ACTIVATE:-}" ] && [ "$(id -u)" = 0 ]; then
    command -v systemd-sysusers >/dev/null && systemd-sysusers "$SYSUSERSDIR/edgeswipe.conf" || true
    command -v modprobe >/dev/null && modprobe uinput 2>/dev/null || true
    if command -v udevadm >/dev/null; then
        udevadm control --reload 2>/dev/null || true
        udevadm trigger --subsystem-match=input --subsystem-match=misc 2>/dev/null || true
    fi
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload
        echo "installed; start with: systemctl enable --now edgeswipe" >&2
    fi
else
    echo "installed into ${DESTDIR:-/} (not activated)" >&2
fi
