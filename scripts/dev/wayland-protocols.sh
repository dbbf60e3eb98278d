#!/usr/bin/env bash
# Regenerates the Wayland protocol glue `edgeswipe feedback` uses (Sources/CWaylandProtocols), with Debian's
# wayland-scanner (libwayland-bin) and wayland-protocols: `scripts/deps.sh wayland && scripts/dev/wayland-protocols.sh`.
# The generated files are committed, so a build needs neither package (SwiftPM runs no generator of its own here).
#   wlr-layer-shell-unstable-v1: protocol/wlr-layer-shell-unstable-v1.xml, kept with its licence. It is not in
#     Debian's wayland-protocols; the copy is protocol/wlr-layer-shell-unstable-v1.xml of Debian's wlroots 0.15.1-6
#     source package (`apt-get source wlroots`), i.e. swaywm/wlr-protocols' unstable/wlr-layer-shell-unstable-v1.xml,
#     interface version 4.
#   wlr-foreign-toplevel-management-unstable-v1: protocol/wlr-foreign-toplevel-management-unstable-v1.xml, kept with
#     its licence (the <copyright> element: Ilia Bozhinov's permission notice), from the same wlroots 0.15.1-6 source
#     package's protocol/ directory, interface version 3: the session's focused toplevel (issue 35) where the
#     compositor gives no IPC of its own (phoc, labwc, wayfire).
#   xdg-shell (stable, from wayland-protocols): only its interface tables, which layer-shell's get_popup names.
set -euo pipefail
dir=$(cd "$(dirname "$0")/../../Sources/CWaylandProtocols" && pwd)
xdg=/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml
layer=$dir/protocol/wlr-layer-shell-unstable-v1.xml
wayland-scanner client-header "$layer" "$dir/include/wlr-layer-shell-unstable-v1-client-protocol.h"
wayland-scanner private-code "$layer" "$dir/wlr-layer-shell-unstable-v1-protocol.c"
toplevel=$dir/protocol/wlr-foreign-toplevel-management-unstable-v1.xml
wayland-scanner client-header "$toplevel" "$dir/include/wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
wayland-scanner private-code "$toplevel" "$dir/wlr-foreign-toplevel-management-unstable-v1-protocol.c"
wayland-scanner private-code "$xdg" "$dir/xdg-shell-protocol.c"
echo "wayland-protocols.sh: regenerated with $(wayland-scanner --version 2>&1)"
