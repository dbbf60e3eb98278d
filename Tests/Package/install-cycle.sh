#!/usr/bin/env bash
# The package's install cycle in a clean Debian 12 root without the Swift toolchain (issue 15):
# install with apt, run the binary and the shipped sample, remove, purge, compare file listings, reinstall,
# and upgrade over an edited /etc/edgeswipe/edgeswipe.yaml. Exits non-zero at the first failed assertion.
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
        sed -e '/^edgeswipe:/d' -e '/^input:/s/\(:\|,\)edgeswipe\(,\|$\)/\1/; /^input:/s/,$//' "$root/etc/$f"
    done
}
accounts > "$root.accounts"

# --- install ----------------------------------------------------------------------------------------------
check_installed() {
    local want=$1
    [ "$(in_root dpkg-query -W -f='${Status} ${Version}' edgeswipe)" = "install ok installed $want" ] ||
        fail "edgeswipe $want is not installed"
    in_root edgeswipe --help > "$root.out" || fail "edgeswipe --help exited $?"
    grep -q '^Usage: edgeswipe SUBCOMMAND' "$root.out" || fail "edgeswipe --help printed no usage"
    [ "$(in_root edgeswipe --version)" = "edgeswipe ${want%%+*}" ] || fail "edgeswipe --version"
    # The shipped sample through the whole pipeline. What each stroke should do is stated where the sample is
    # made (samples/make-demo-sample.py): 1 completes, 2 cancels, 3 completes, 4 is refused at the root, 5 is a tap.
    in_root edgeswipe replay /usr/share/edgeswipe/samples/demo-back-swipes.evemu \
        --stack home,inbox:header,message:header > "$root.out" || fail "edgeswipe replay of the shipped sample"
    grep -q 'transitionFinished interactivePop message -> inbox' "$root.out" || fail "replay: stroke 1 did not pop message"
    grep -q 'left-1 ended cancel' "$root.out" || fail "replay: stroke 2 did not cancel"
    grep -q 'transitionFinished interactivePop inbox -> home' "$root.out" || fail "replay: stroke 3 did not pop inbox"
    grep -q 'popRefused: root' "$root.out" || fail "replay: stroke 4 was not refused at the root"
    [ "$(grep -c 'ended complete' "$root.out")" -eq 2 ] || fail "replay: not exactly two completed swipes"
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
    [ -L "$root/etc/systemd/system/multi-user.target.wants/edgeswipe.service" ] || fail "edgeswipe.service not enabled"
    [ -L "$root/etc/systemd/system/sockets.target.wants/edgeswipe.socket" ] || fail "edgeswipe.socket not enabled"
    [ -e "$root/etc/systemd/system/sockets.target.wants/edgeswipe-http.socket" ] &&
        fail "edgeswipe-http.socket is enabled; it ships disabled"
    for f in /usr/lib/udev/rules.d/70-edgeswipe.rules /usr/lib/sysusers.d/edgeswipe.conf \
             /usr/lib/tmpfiles.d/edgeswipe.conf /usr/share/edgeswipe/web/index.html \
             /usr/share/man/man5/edgeswipe.yaml.5.gz /usr/share/man/man1/edgeswipe.1.gz \
             /usr/share/doc/edgeswipe/examples/http-token.conf; do
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
step "apt remove, then apt purge"
in_root apt-get remove -y -qq edgeswipe > /dev/null
[ ! -e "$root/usr/bin/edgeswipe" ] || fail "remove left /usr/bin/edgeswipe"
[ -f "$root/etc/edgeswipe/edgeswipe.yaml" ] || fail "remove deleted the conffile (only purge may)"
[ "$(in_root dpkg-query -W -f='${db:Status-Abbrev}' edgeswipe)" = "rc " ] || fail "not in state rc after remove"
echo "token" > "$root/etc/edgeswipe/http-token"     # a local file the docs say purge deletes
in_root apt-get purge -y -qq edgeswipe > /dev/null
[ ! -e "$root/etc/edgeswipe" ] || fail "purge left /etc/edgeswipe"
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

rm -f "$root.accounts" "$root.before" "$root.after" "$root.diff" "$root.out" "$root.apt.log" "$root.edited"
step "passed"
