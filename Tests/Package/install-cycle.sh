#!/usr/bin/env bash
# The package's install cycle in a clean Debian 12 root without the Swift toolchain (issue 15):
# install with apt, run the binary and the shipped sample, check the shipped configurations against the units,
# set up the HTTP bridge as README.md says, remove, purge, compare file listings, reinstall, upgrade over an
# edited /etc/edgeswipe/edgeswipe.yaml, and refuse to install over accounts that are not system accounts
# (issue 22). Exits non-zero at the first failed assertion.
#
#   Tests/Package/install-cycle.sh DEB UPGRADE_DEB [--root DIR] [--base-tarball FILE] [--keep]
#
# DEB and UPGRADE_DEB: two builds of the package, the second with a higher version (scripts/build-deb with
# EDGESWIPE_DEB_VERSION). The root is made with debootstrap (minbase, bookworm) from the Debian mirror this
# machine's apt uses; --base-tarball reuses a saved root (written there when the file does not exist yet).
#
# What a chroot cannot show, and is skipped by the maintainer scripts there (no /run/systemd/system): starting,
# restarting and stopping the service, loading uinput, reloading udev. The VM boot of issue 15 covers those.
set -euo pipefail

usage() { echo "usage: $0 DEB UPGRADE_DEB [--root DIR] [--base-tarball FILE] [--keep]" >&2; exit 64; }
[ $# -ge 2 ] || usage
deb=$(realpath "$1"); upgrade_deb=$(realpath "$2"); shift 2
root=/var/tmp/edgeswipe-install-cycle
tarball=""
keep=false
while [ $# -gt 0 ]; do
    case "$1" in
        --root) root=$2; shift 2 ;;
        --base-tarball) tarball=$2; shift 2 ;;
        --keep) keep=true; shift ;;
        *) usage ;;
    esac
done
[ "$(id -u)" -eq 0 ] || { echo "install-cycle: needs root (debootstrap, chroot)" >&2; exit 1; }

version=$(dpkg-deb -f "$deb" Version)
upgrade_version=$(dpkg-deb -f "$upgrade_deb" Version)
dpkg --compare-versions "$upgrade_version" gt "$version" ||
    { echo "install-cycle: $upgrade_deb ($upgrade_version) is not newer than $deb ($version)" >&2; exit 1; }

t0=$(date +%s)
step() { echo; echo "--- install cycle: $1 ($(( $(date +%s) - t0 )) s)"; }
fail() { echo "install-cycle: FAILED: $*" >&2; exit 1; }
in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
        HOME=/root "$@" </dev/null
}

unmount() { umount "$root/dev/pts" 2>/dev/null || true; umount "$root/proc" 2>/dev/null || true; }
cleanup() {
    unmount
    if ! $keep; then rm -rf "$root"; fi
}
trap cleanup EXIT

# --- a clean Debian 12 root ------------------------------------------------------------------------------
step "Debian 12 root in $root"
command -v debootstrap >/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
}
unmount
rm -rf "$root"
mkdir -p "$root"
if [ -n "$tarball" ] && [ -f "$tarball" ]; then
    tar -C "$root" -xf "$tarball"
else
    # The mirror this machine's apt uses for bookworm.
    mirror=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' | awk '$2 == "bookworm" { print $1; exit }')
    mirror=${mirror:-http://deb.debian.org/debian/}
    echo "debootstrap --variant=minbase bookworm from $mirror"
    debootstrap --variant=minbase bookworm "$root" "$mirror" > "$root.debootstrap.log" 2>&1 ||
        { tail -20 "$root.debootstrap.log"; fail "debootstrap"; }
    rm -f "$root.debootstrap.log"
    if [ -n "$tarball" ]; then tar -C "$root" -cf "$tarball" .; fi
fi
mount -t proc proc "$root/proc"
mkdir -p "$root/dev/pts" && mount -t devpts devpts "$root/dev/pts"
# No services start in a chroot: deb-systemd-invoke and invoke-rc.d honour policy-rc.d.
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod 0755 "$root/usr/sbin/policy-rc.d"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
cp "$deb" "$upgrade_deb" "$root/tmp/"
deb_in=/tmp/$(basename "$deb")
upgrade_in=/tmp/$(basename "$upgrade_deb")

[ ! -e "$root/opt/swift" ] || fail "the root has /opt/swift"
in_root sh -c 'command -v swift' >/dev/null && fail "the root has a swift on PATH"
echo "no Swift toolchain in the root"

# --- the package's dependencies, then the "before" listing ------------------------------------------------
step "dependencies (Depends and Recommends of the .deb, and man-db) and the listing before"
in_root apt-get update -qq
depends=$(dpkg-deb -f "$deb" Depends)
recommends=$(dpkg-deb -f "$deb" Recommends)
# man-db: systemd-analyze verify checks the units' Documentation=man:... pages with man.
in_root apt-get satisfy -y -qq "$depends${recommends:+, $recommends}, man-db" > "$root.apt.log" 2>&1 ||
    { cat "$root.apt.log"; fail "installing the dependencies"; }
in_root apt-get clean

# Every path with type, mode and owner (users by name, so a leftover user shows), and a checksum of every
# regular file under /etc. Volatile state (apt lists and caches, logs, dpkg's own bookkeeping) is left out.
listing() {
    in_root find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp \
        -o -path /var/cache -o -path /var/log -o -path /var/lib/apt -o -path /var/lib/dpkg \) -prune \
        -o -printf '%p %y %m %u %g\n' | sort
    in_root find /etc -xdev -type f -exec md5sum {} + | sort -k2
}
listing > "$root.before"
accounts() {   # the account files without the edgeswipe user and group, and without it as a member of input
    for f in passwd group shadow gshadow; do
        sed -e '/^edgeswipe:/d' -e '/^edgeswipe-uinput:/d' \
            -e '/^input:/s/\(:\|,\)edgeswipe\(,\|$\)/\1/; /^input:/s/,$//' "$root/etc/$f"
    done
}
accounts > "$root.accounts"

# --- install ----------------------------------------------------------------------------------------------
# Every shipped configuration (the conffile and the examples) validates, and what it says about the control
# socket is true under edgeswipe.socket, which makes the socket and passes it in: a socket.path is the unit's
# ListenStream=, and a socket.group, if any, the unit's SocketGroup= (issue 22: the kiosk example named
# group kiosk, which could not open a socket of group edgeswipe). The files are read with the host's
# python3-yaml (scripts/deps.sh tools); the root has no Python.
shipped_socket() {   # FILE: "PATH GROUP" of its socket section ("-" for a key not set)
    python3 -c 'import sys, yaml
socket = yaml.safe_load(sys.stdin).get("socket") or {}
print(socket.get("path") or "-", socket.get("group") or "-")' < "$1"
}
check_shipped_configurations() {
    local unit=/lib/systemd/system/edgeswipe.socket listen group file path named n=0
    listen=$(sed -n 's/^ListenStream=//p' "$root$unit")
    group=$(sed -n 's/^SocketGroup=//p' "$root$unit")
    [ -n "$listen" ] && [ -n "$group" ] || fail "$unit: no ListenStream= or SocketGroup="
    for file in /etc/edgeswipe/edgeswipe.yaml "$root"/usr/share/doc/edgeswipe/examples/*.yaml*; do
        file=${file#"$root"}
        case $file in
            *.gz) zcat "$root$file" > "$root/tmp/shipped.yaml" ;;
            *) cp "$root$file" "$root/tmp/shipped.yaml" ;;
        esac
        n=$((n + 1))
        in_root edgeswipe check-config /tmp/shipped.yaml > "$root.out" 2>&1 || { cat "$root.out"; fail "$file does not validate"; }
        read -r path named < <(shipped_socket "$root/tmp/shipped.yaml") || fail "$file: cannot read its socket section"
        [ "$path" = - ] || [ "$path" = "$listen" ] || fail "$file: socket.path $path, but $unit has ListenStream=$listen"
        [ "$named" = - ] || [ "$named" = "$group" ] ||
            fail "$file: socket.group $named, but $unit makes the socket group $group (SocketGroup=): members of $named cannot open it"
    done
    rm -f "$root/tmp/shipped.yaml"
    [ "$n" -ge 3 ] || fail "only $n shipped configurations found"
    echo "$n shipped configurations validate and agree with $unit (ListenStream=$listen, SocketGroup=$group)"
}

check_installed() {
    local want=$1
    [ "$(in_root dpkg-query -W -f='${Status} ${Version}' edgeswipe)" = "install ok installed $want" ] ||
        fail "edgeswipe $want is not installed"
    in_root edgeswipe --help > "$root.out" || fail "edgeswipe --help exited $?"
    grep -q '^Usage: edgeswipe SUBCOMMAND' "$root.out" || fail "edgeswipe --help printed no usage"
    [ "$(in_root edgeswipe --version)" = "edgeswipe ${want%%+*}" ] || fail "edgeswipe --version"
    # The shipped sample through the whole pipeline. What each stroke should do is stated where the sample is
    # made (samples/make-demo-sample.py): 1 completes, 2 cancels, 3 completes, 4 reaches the root and is handed off
    # (issue 24: it begins and completes, and the configured action, if any, takes it), 5 is a tap.
    in_root edgeswipe replay /usr/share/edgeswipe/samples/demo-back-swipes.evemu \
        --stack home,inbox:header,message:header > "$root.out" || fail "edgeswipe replay of the shipped sample"
    grep -q 'transitionFinished interactivePop message -> inbox' "$root.out" || fail "replay: stroke 1 did not pop message"
    grep -q 'left-1 ended cancel' "$root.out" || fail "replay: stroke 2 did not cancel"
    grep -q 'transitionFinished interactivePop inbox -> home' "$root.out" || fail "replay: stroke 3 did not pop inbox"
    grep -q 'backDispatched #4 left-1 -> handoff: noHandler, stack root' "$root.out" || fail "replay: stroke 4 was not handed off at the root"
    [ "$(grep -c 'ended complete' "$root.out")" -eq 3 ] || fail "replay: not exactly three completed swipes (two pops, the hand-off)"
    in_root edgeswipe demo > /dev/null || fail "edgeswipe demo (finds the sample under /usr/share/edgeswipe)"
    in_root edgeswipe check-config /etc/edgeswipe/edgeswipe.yaml || fail "the shipped configuration does not validate"
    # Only Debian libraries: every library ldd resolves belongs to an installed Debian package.
    in_root ldd /usr/bin/edgeswipe > "$root.out"
    grep -q 'not found' "$root.out" && { cat "$root.out"; fail "ldd: a library is missing"; }
    for lib in $(awk '$2 == "=>" { print $3 }' "$root.out"); do
        in_root dpkg -S "$(in_root realpath "$lib")" > /dev/null 2>&1 || in_root dpkg -S "$lib" > /dev/null 2>&1 ||
            fail "ldd: $lib belongs to no Debian package"
    done
    # The service user, and what the helpers set up.
    in_root getent passwd edgeswipe | grep -q ':/usr/sbin/nologin$' || fail "no system user edgeswipe with nologin"
    in_root id -nG edgeswipe | tr ' ' '\n' | grep -qx input || fail "edgeswipe is not in group input"
    # /dev/uinput's group is not the control socket's (issue 22): a system group of its own that no account is
    # a member of (the service gets it through SupplementaryGroups=; the VM test shows the device's modes).
    uinput_group=$(in_root getent group edgeswipe-uinput) || fail "no group edgeswipe-uinput"
    [ "$(echo "$uinput_group" | cut -d: -f3)" -lt 1000 ] || fail "edgeswipe-uinput is not a system group: $uinput_group"
    [ -z "$(echo "$uinput_group" | cut -d: -f4)" ] || fail "group edgeswipe-uinput has members: $uinput_group"
    in_root id -nG edgeswipe | tr ' ' '\n' | grep -qx edgeswipe-uinput && fail "user edgeswipe is a member of edgeswipe-uinput"
    check_shipped_configurations
    [ -L "$root/etc/systemd/system/multi-user.target.wants/edgeswipe.service" ] || fail "edgeswipe.service not enabled"
    [ -L "$root/etc/systemd/system/sockets.target.wants/edgeswipe.socket" ] || fail "edgeswipe.socket not enabled"
    [ -e "$root/etc/systemd/system/sockets.target.wants/edgeswipe-http.socket" ] &&
        fail "edgeswipe-http.socket is enabled; it ships disabled"
    for f in /usr/lib/udev/rules.d/70-edgeswipe.rules /usr/lib/sysusers.d/edgeswipe.conf \
             /usr/lib/tmpfiles.d/edgeswipe.conf /usr/share/edgeswipe/web/index.html /usr/share/edgeswipe/web/edgeswipe.js \
             /usr/share/man/man5/edgeswipe.yaml.5.gz /usr/share/man/man1/edgeswipe.1.gz \
             /usr/share/doc/edgeswipe/examples/http-token.conf \
             /usr/share/gnome-shell/extensions/edgeswipe@edgeswipe.org/metadata.json \
             /usr/share/gnome-shell/extensions/edgeswipe@edgeswipe.org/extension.js; do
        [ -f "$root$f" ] || fail "missing $f"
    done
    grep -qx uinput "$root/usr/lib/modules-load.d/edgeswipe.conf" || fail "modules-load.d entry does not load uinput"
    for sub in $(in_root edgeswipe --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
        [ -f "$root/usr/share/man/man1/edgeswipe-$sub.1.gz" ] || fail "no man page for edgeswipe $sub"
    done
    in_root dpkg-query -W -f='${Conffiles}\n' edgeswipe | grep -q '^ /etc/edgeswipe/edgeswipe.yaml ' ||
        fail "/etc/edgeswipe/edgeswipe.yaml is not a conffile"
    # The units as installed, and with the example drop-in: systemd-analyze verify must print nothing.
    in_root systemd-analyze verify /lib/systemd/system/edgeswipe.service /lib/systemd/system/edgeswipe.socket \
        /lib/systemd/system/edgeswipe-http.socket > "$root.out" 2>&1 || true
    [ ! -s "$root.out" ] || { cat "$root.out"; fail "systemd-analyze verify of the units"; }
    mkdir -p "$root/etc/systemd/system/edgeswipe.service.d"
    cp "$root/usr/share/doc/edgeswipe/examples/http-token.conf" "$root/etc/systemd/system/edgeswipe.service.d/http.conf"
    in_root systemd-analyze verify edgeswipe.service > "$root.out" 2>&1 || true
    rm -r "$root/etc/systemd/system/edgeswipe.service.d"
    [ ! -s "$root.out" ] || { cat "$root.out"; fail "systemd-analyze verify with the example drop-in"; }
}

step "apt install ./$(basename "$deb")"
in_root apt-get install -y -qq "$deb_in" > "$root.apt.log" 2>&1 || { cat "$root.apt.log"; fail "apt install"; }
check_installed "$version"
echo "installed $version: --help, replay of the shipped sample, demo, ldd, user, units, man pages: ok"

# --- remove, then purge -----------------------------------------------------------------------------------
# First the HTTP bridge as README.md ("Installing on a kiosk") has the administrator set it up: the drop-in,
# the token, the socket enabled. A purge must leave none of it (the listings below): a drop-in left naming
# the purged token would keep the next install's service from starting (issue 22).
step "the README's HTTP bridge setup, then apt remove, then apt purge"
mkdir -p "$root/etc/systemd/system/edgeswipe.service.d"
cp "$root/usr/share/doc/edgeswipe/examples/http-token.conf" "$root/etc/systemd/system/edgeswipe.service.d/http.conf"
in_root sh -c 'umask 077; head -c 24 /dev/urandom | base64 | tr -d "/+=" > /etc/edgeswipe/http-token'
in_root systemctl enable edgeswipe-http.socket > "$root.out" 2>&1 || { cat "$root.out"; fail "systemctl enable edgeswipe-http.socket"; }
[ -L "$root/etc/systemd/system/sockets.target.wants/edgeswipe-http.socket" ] || fail "edgeswipe-http.socket not enabled"
in_root apt-get remove -y -qq edgeswipe > /dev/null
[ ! -e "$root/usr/bin/edgeswipe" ] || fail "remove left /usr/bin/edgeswipe"
[ -f "$root/etc/edgeswipe/edgeswipe.yaml" ] || fail "remove deleted the conffile (only purge may)"
[ "$(in_root dpkg-query -W -f='${db:Status-Abbrev}' edgeswipe)" = "rc " ] || fail "not in state rc after remove"
echo "token" > "$root/etc/edgeswipe/http-token"     # a local file the docs say purge deletes
in_root apt-get purge -y -qq edgeswipe > /dev/null
[ ! -e "$root/etc/edgeswipe" ] || fail "purge left /etc/edgeswipe"
for f in /etc/systemd/system/edgeswipe.service.d/http.conf /etc/systemd/system/sockets.target.wants/edgeswipe-http.socket; do
    [ ! -e "$root$f" ] && [ ! -L "$root$f" ] || fail "purge left $f (the README's HTTP setup; its token is gone)"
done
in_root dpkg-query -W -f='${db:Status-Abbrev}' edgeswipe 2>/dev/null | grep -q '^i' && fail "still installed after purge"

listing > "$root.after"
# What the docs name as left behind: the system user and group edgeswipe (README.md, "Installing on a kiosk").
diff "$root.before" "$root.after" > "$root.diff" || true
echo "listing before install vs after purge:"; sed 's/^/    /' "$root.diff"
unexpected=$(grep '^[<>]' "$root.diff" | grep -Ev ' /etc/(passwd|group|shadow|gshadow)-?$' || true)
[ -z "$unexpected" ] || fail "left behind or changed after purge: $unexpected"
# ... and in those files, only the user and group edgeswipe (and its membership of input) differ.
accounts | diff "$root.accounts" - || fail "the account files changed beyond the edgeswipe user and group"
in_root getent passwd edgeswipe > /dev/null || fail "the user edgeswipe vanished (the docs say it stays)"
in_root getent group edgeswipe > /dev/null || fail "the group edgeswipe vanished (the docs say it stays)"
in_root getent group edgeswipe-uinput > /dev/null || fail "the group edgeswipe-uinput vanished (the docs say it stays)"

# --- reinstall, then upgrade over an edited configuration ---------------------------------------------------
step "reinstall $version"
in_root apt-get install -y -qq "$deb_in" > "$root.apt.log" 2>&1 || { cat "$root.apt.log"; fail "reinstall"; }
check_installed "$version"
echo "reinstalled: ok"

step "upgrade to $upgrade_version over an edited /etc/edgeswipe/edgeswipe.yaml"
sed -i 's/^print_json: false$/print_json: true   # edited on this kiosk/' "$root/etc/edgeswipe/edgeswipe.yaml"
grep -q '^print_json: true   # edited on this kiosk$' "$root/etc/edgeswipe/edgeswipe.yaml" || fail "could not edit the configuration"
cp "$root/etc/edgeswipe/edgeswipe.yaml" "$root.edited"
# No --force-conf* option and no terminal: a conffile question would fail the upgrade.
in_root apt-get install -y -qq "$upgrade_in" > "$root.apt.log" 2>&1 || { cat "$root.apt.log"; fail "upgrade"; }
check_installed "$upgrade_version"
cmp "$root.edited" "$root/etc/edgeswipe/edgeswipe.yaml" || fail "the upgrade changed the edited configuration"
ls "$root"/etc/edgeswipe/*.dpkg-* 2>/dev/null && fail "the upgrade left .dpkg-* files beside the configuration"
echo "upgraded to $upgrade_version: the edited configuration is kept byte for byte"

# --- accounts the package must not adopt (issue 22) ----------------------------------------------------------
# systemd-sysusers takes an existing account of a name it declares as it is. For each account that is not a
# system one, made where the package's would be: the install fails with preinst's message naming it, and
# nothing changed (the listing, account files included, is the same before and after; dpkg has not
# installed it).
step "purge, remove the package's accounts, then install over accounts that are not system accounts"
in_root apt-get purge -y -qq edgeswipe > /dev/null
in_root userdel edgeswipe
in_root groupdel edgeswipe 2>/dev/null || true
in_root groupdel edgeswipe-uinput
refused_install() {   # MAKE_ACCOUNT EXPECTED_MESSAGE UNDO
    in_root sh -c "$1" || fail "could not run: $1"
    listing > "$root.before"
    in_root apt-get install -y -qq "$deb_in" > "$root.apt.log" 2>&1 && { cat "$root.apt.log"; fail "installed over: $1"; }
    grep -qF "edgeswipe: not installed: $2" "$root.apt.log" || { cat "$root.apt.log"; fail "no message '$2' for: $1"; }
    listing > "$root.after"
    diff "$root.before" "$root.after" || fail "a refused install changed files ($1)"
    status=$(in_root dpkg-query -W -f='${Status}' edgeswipe 2>/dev/null) || status="(no record) not-installed"
    case $status in *" not-installed") ;; *) fail "dpkg state after a refused install: $status ($1)" ;; esac
    echo "refused, nothing changed: $1"
    grep 'edgeswipe: ' "$root.apt.log" | sed 's/^/    /'
    in_root sh -c "$3" || fail "could not run: $3"
}
refused_install "useradd --create-home --shell /bin/bash edgeswipe" \
    "user edgeswipe exists and is not a system user (uid 1000, shell /bin/bash)" "userdel --remove edgeswipe"
refused_install "useradd --system --user-group --shell /bin/bash edgeswipe" \
    "user edgeswipe exists with a login shell (/bin/bash, uid" "userdel edgeswipe"
refused_install "groupadd edgeswipe" "group edgeswipe exists and is not a system group (gid" "groupdel edgeswipe"
refused_install "groupadd edgeswipe-uinput" "group edgeswipe-uinput exists and is not a system group (gid" \
    "groupdel edgeswipe-uinput"
step "and then, with those accounts gone, the install goes through"
in_root apt-get install -y -qq "$deb_in" > "$root.apt.log" 2>&1 || { cat "$root.apt.log"; fail "install after the refusals"; }
check_installed "$version"

rm -f "$root.accounts" "$root.before" "$root.after" "$root.diff" "$root.out" "$root.apt.log" "$root.edited"
step "passed"
