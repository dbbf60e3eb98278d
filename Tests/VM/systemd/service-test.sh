#!/usr/bin/env bash
# The installed package under systemd as PID 1 (issue 15, "A VM boot with systemd as PID 1"). Runs inside
# the VM only (Tests/VM/vm-run --systemd, which boots the host root read-only under a tmpfs overlay, so
# installing the package changes nothing on the host); Tests/VM/systemd/run is the one command.
#
#   service-test.sh DEB [BUILD_TREE_BINARY...]
#
# Asserts, in order: install; socket activation (Type=notify); a uinput touchscreen tagged by the shipped
# rule; a client in group edgeswipe follows an interactive pop; a user outside it is refused; KEY_BACK
# reaches a reader while no user but the service can open /dev/uinput (group edgeswipe-uinput; issue 22);
# a broken reload keeps the old configuration; kill -9 restarts and the next swipe pops; the shipped kiosk
# example as the configuration, with a front end in the group it names; stop within the timeout; the HTTP
# bridge through edgeswipe-http.socket with PrivateNetwork=yes, its token delivered by LoadCredential= (the
# example drop-in; 200 with the token, 401 without); a passed HTTP socket bound to [::] refused, one on
# 127.0.0.1 served (issue 22); `rotation: accelerometer` reaches the system bus from the sandbox (issue 27); the
# sandbox score and verify; no sandbox denial in the journal. Then prints figures: start-to-READY of the installed service
# and of each BUILD_TREE_BINARY started the same way, and the service's RSS.
# Exits 1 at the first failed assertion, with the service's journal.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
# shellcheck source=../guest/input-helpers.sh
source "$repo/Tests/VM/guest/input-helpers.sh"
[ $# -ge 1 ] || { echo "usage: $0 DEB [BUILD_TREE_BINARY...]" >&2; exit 64; }
deb=$(realpath "$1"); shift
tree_binaries=("$@")
py=/usr/bin/python3
probe=("$py" "$here/probe.py")
sock=/run/edgeswipe/control.sock
unit=edgeswipe.service
work=$(mktemp -d)
t0=$(date +%s.%N)
now() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }
step() { echo; echo "--- $1 ($(now "$t0") s)"; }
ok() { echo "ok: $*"; }
fail() {
    echo "service-test: FAILED: $*"
    echo "--- journal of $unit:"; journalctl -u "$unit" --no-pager -n 60 -o short-monotonic
    exit 1
}
# A failure that does not stop the later steps (their figures are still wanted); the exit status is 1.
failures=0
fail_later() { echo "service-test: FAILED: $*"; failures=$((failures + 1)); }
main_pid() { systemctl show -P MainPID "$unit"; }
# What the service logs when refusing a passed HTTP socket that is not on loopback (docs/daemon.md, "Socket
# activation").
nonloopback_message="which is not a loopback address"
# wait_for SECONDS COMMAND...: poll until COMMAND succeeds.
wait_for() {
    local limit=$1 i; shift
    for ((i = 0; i < limit * 10; i++)); do "$@" && return 0; sleep 0.1; done
    return 1
}

[ "$(ps -p 1 -o comm=)" = systemd ] || fail "PID 1 is not systemd (run through Tests/VM/vm-run --systemd)"
[ "${EDGESWIPE_VM:-}" = 1 ] || fail "not in the VM rig"
# A PID 1 that takes the VM for a container leaves every mount private, and then no LoadCredential= reaches
# its service (Tests/VM/guest/stage2-systemd says why); a booted machine it must be.
container=$(systemd-detect-virt --container) || true
[ "$container" = none ] || fail "systemd takes this VM for a container ($container): see Tests/VM/guest/stage2-systemd"

# --- 1. install, socket activation -------------------------------------------------------------------------
step "install $(basename "$deb")"
# No man-db index rebuild (minutes under TCG); no prompts. The host root (a container's) carries a
# policy-rc.d that forbids starting services; the guest is a booted system, so it goes (from the overlay).
rm -f /var/lib/man-db/auto-update /usr/sbin/policy-rc.d
export DEBIAN_FRONTEND=noninteractive
if ! timeout 300 apt-get install -y -q "$deb" </dev/null; then
    fail "apt-get install"
fi
ok "installed $(dpkg-query -W -f='${Version}' edgeswipe)"
for u in edgeswipe.socket "$unit"; do
    [ "$(systemctl is-enabled "$u")" = enabled ] || fail "$u is not enabled by the package"
done
[ "$(systemctl is-enabled edgeswipe-http.socket)" = disabled ] || fail "edgeswipe-http.socket is not shipped disabled"
wait_for 30 systemctl -q is-active "$unit" || fail "$unit not active after the install"
ok "edgeswipe.socket and $unit enabled and active after the install; edgeswipe-http.socket disabled"

useradd --no-create-home --shell /usr/sbin/nologin -G edgeswipe kiosk || fail "useradd kiosk"
useradd --no-create-home --shell /usr/sbin/nologin outsider || fail "useradd outsider"

step "a uinput touchscreen, tagged by the shipped rule"
vm_create_device "$repo/samples/demo-back-swipes.evemu" || fail "evemu-device"
node=$VM_DEVICE_NODE
grep '^E:' "$repo/samples/demo-back-swipes.evemu" >"$work/swipes.events"
udevadm info --query=property "$node" | grep -qx 'EDGESWIPE_KIND=touchscreen' || fail "$node: no EDGESWIPE_KIND from 70-edgeswipe.rules"
udevadm info --query=property "$node" | grep -qE '^TAGS=(.*:)?edgeswipe:' || fail "$node: not tagged edgeswipe"
wait_for 30 vm_wait_open "$(main_pid)" "$node" 2>/dev/null || fail "the running service never opened $node (hotplug)"
ok "$node tagged edgeswipe (EDGESWIPE_KIND=touchscreen) and opened by the running service (hotplug)"

step "socket activation"
systemctl stop "$unit" || fail "systemctl stop"
[ "$(systemctl is-active "$unit")" = inactive ] || fail "$unit still active after stop"
systemctl -q is-active edgeswipe.socket || fail "edgeswipe.socket went down with the service"
[ -S "$sock" ] || fail "$sock is gone after stopping the service (RuntimeDirectoryPreserve=)"
[ "$(stat -c '%a %U %G' "$sock")" = "660 root edgeswipe" ] || fail "$sock is $(stat -c '%a %U %G' "$sock"), expected 660 root edgeswipe"
[ "$(main_pid)" = 0 ] || fail "MainPID is $(main_pid) while stopped"
# The client connects while no service runs: systemd starts it, Type=notify makes it active at READY=1.
runuser -u kiosk -- "${probe[@]}" follow-pop "$sock" 120 >"$work/pop1.out" 2>&1 &
client=$!
wait_for 60 grep -qx ready "$work/pop1.out" || { cat "$work/pop1.out"; fail "the kiosk client got no replies (activation)"; }
[ "$(systemctl is-active "$unit")" = active ] || fail "$unit is $(systemctl is-active "$unit") after a client connected"
pid=$(main_pid)
[ "$pid" -gt 0 ] || fail "MainPID 0 after activation"
journalctl -u "$unit" -o cat | grep -q 'control socket listening on .* (passed by systemd)' || fail "the service did not take the passed control socket"
ok "a connect to $sock started $unit: active, MainPID $pid, control socket passed by systemd"

# --- 3. the swipe, the group, KEY_BACK ----------------------------------------------------------------------
step "a client in group edgeswipe follows an interactive pop; KEY_BACK reaches a reader"
wait_for 30 vm_wait_open "$pid" "$node" 2>/dev/null || fail "the activated service never opened $node"
"${probe[@]}" key-back "edgeswipe virtual keyboard" 120 >"$work/key.out" 2>&1 &
reader=$!
wait_for 30 grep -qx ready "$work/key.out" || { cat "$work/key.out"; fail "no reader on the service's virtual keyboard"; }
evemu-play "$node" <"$work/swipes.events" || fail "evemu-play"
wait "$client" || { cat "$work/pop1.out"; fail "the kiosk client saw no interactive pop"; }
ok "kiosk (group edgeswipe): $(grep popped "$work/pop1.out")"
wait "$reader" || { cat "$work/key.out"; fail "KEY_BACK did not reach the reader"; }
ok "reader of \"edgeswipe virtual keyboard\": $(tail -1 "$work/key.out")"
runuser -u outsider -- "${probe[@]}" refused "$sock" >"$work/refused.out" 2>&1 || { cat "$work/refused.out"; fail "a user outside group edgeswipe got in"; }
ok "outsider (not in group edgeswipe): $(cat "$work/refused.out")"

step "/dev/uinput is the service's alone: the clients' group, any user, the service user outside the unit cannot open it"
# Issue 22: group edgeswipe (the control socket's, which a front end's user joins) once owned /dev/uinput
# too, so a front end could make a keyboard and type into any console. The service wrote KEY_BACK above.
# Failures here do not stop the later steps.
uinput_mode=$(stat -c '%a %U %G' /dev/uinput)
[ "$uinput_mode" = "660 root edgeswipe-uinput" ] || fail_later "/dev/uinput is $uinput_mode, expected 660 root edgeswipe-uinput"
if uinput_entry=$(getent group edgeswipe-uinput); then
    [ -z "$(echo "$uinput_entry" | cut -d: -f4)" ] || fail_later "group edgeswipe-uinput has members: $uinput_entry"
    uinput_gid=$(echo "$uinput_entry" | cut -d: -f3)
    sed -n 's/^Groups:[[:space:]]*//p' "/proc/$pid/status" | tr ' ' '\n' | grep -qx "$uinput_gid" ||
        fail_later "the service (PID $pid) does not hold group edgeswipe-uinput ($uinput_gid): $(grep '^Groups:' "/proc/$pid/status")"
else
    fail_later "no group edgeswipe-uinput"
fi
clients_group=$(systemctl show -P SocketGroup edgeswipe.socket)
id -nG kiosk | tr ' ' '\n' | grep -qx "$clients_group" || fail "kiosk is not in the clients' group $clients_group"
uinput_failures=$failures
for u in kiosk outsider edgeswipe; do
    runuser -u "$u" -- "${probe[@]}" uinput-denied /dev/uinput >"$work/uinput-$u.out" 2>&1 ||
        fail_later "user $u (groups $(id -nG "$u")) can open /dev/uinput"
    echo "    $u (groups $(id -nG "$u")): $(cat "$work/uinput-$u.out")"
done
((failures == uinput_failures)) &&
    ok "/dev/uinput $uinput_mode, a group with no members that the service (PID $pid) holds; kiosk, in the clients' group $clients_group, cannot open it"

# --- 4. reload, kill -9, stop -----------------------------------------------------------------------------
step "systemctl reload with a broken configuration"
cp /etc/edgeswipe/edgeswipe.yaml "$work/edgeswipe.yaml"
printf 'version: 1\nselect: [\n' >/etc/edgeswipe/edgeswipe.yaml
since=$(date '+%Y-%m-%d %H:%M:%S')
systemctl reload "$unit" || fail "systemctl reload"
wait_for 20 sh -c "journalctl -u $unit -o cat --since '$since' | grep -q 'configuration NOT reloaded, the previous one stays in force'" ||
    fail "no log line saying the broken configuration was refused"
journalctl -u "$unit" -o cat --since "$since" | grep -A3 'NOT reloaded' | sed 's/^/    /'
[ "$(main_pid)" = "$pid" ] && systemctl -q is-active "$unit" || fail "the service did not survive a broken reload"
cp "$work/edgeswipe.yaml" /etc/edgeswipe/edgeswipe.yaml
ok "still active as PID $pid with the old configuration"

step "kill -9 of the main PID"
kill -9 "$pid"
wait_for 30 sh -c "p=\$(systemctl show -P MainPID $unit); [ \"\$p\" != 0 ] && [ \"\$p\" != $pid ] && systemctl -q is-active $unit" ||
    fail "no restart after kill -9"
pid2=$(main_pid)
[ "$(systemctl show -P NRestarts "$unit")" -ge 1 ] || fail "NRestarts did not count the restart"
wait_for 30 vm_wait_open "$pid2" "$node" 2>/dev/null || fail "the restarted service did not reopen $node"
runuser -u kiosk -- "${probe[@]}" follow-pop "$sock" 120 >"$work/pop2.out" 2>&1 &
client=$!
wait_for 60 grep -qx ready "$work/pop2.out" || fail "no client after the restart"
evemu-play "$node" <"$work/swipes.events" || fail "evemu-play"
wait "$client" || { cat "$work/pop2.out"; fail "no pop after the restart"; }
ok "restarted as PID $pid2 (NRestarts=$(systemctl show -P NRestarts "$unit")), $node reopened, $(grep popped "$work/pop2.out")"

step "the shipped kiosk example as the configuration: a front end in the group it names follows a pop"
# Issue 22: the example named socket.group kiosk, while edgeswipe.socket makes the socket group edgeswipe. The
# group a front end's user joins is the example's socket.group when it names one, else the socket unit's.
# A failure here does not stop the later steps.
example=/usr/share/doc/edgeswipe/examples/edgeswipe.kiosk.yaml
if [ -f "$example.gz" ]; then zcat "$example.gz" >"$work/kiosk.yaml"; else cp "$example" "$work/kiosk.yaml"; fi
edgeswipe check-config "$work/kiosk.yaml" >"$work/kiosk-check.out" 2>&1 || { cat "$work/kiosk-check.out"; fail "check-config of the kiosk example"; }
front_group=$("$py" -c 'import sys, yaml; print((yaml.safe_load(open(sys.argv[1])).get("socket") or {}).get("group") or "")' "$work/kiosk.yaml") ||
    fail "reading socket.group from the kiosk example"
front_group=${front_group:-$(systemctl show -P SocketGroup edgeswipe.socket)}
getent group "$front_group" >/dev/null || groupadd "$front_group" || fail "groupadd $front_group"
useradd --no-create-home --shell /usr/sbin/nologin -G "$front_group" frontend || fail "useradd frontend"
cp "$work/kiosk.yaml" /etc/edgeswipe/edgeswipe.yaml
systemctl restart "$unit" || fail "restart with the kiosk example"
pid_kiosk=$(main_pid)
wait_for 30 vm_wait_open "$pid_kiosk" "$node" 2>/dev/null || fail "the service with the kiosk example never opened $node"
runuser -u frontend -- "${probe[@]}" follow-pop "$sock" 120 >"$work/pop-kiosk.out" 2>&1 &
client=$!
if wait_for 60 grep -qx ready "$work/pop-kiosk.out"; then
    evemu-play "$node" <"$work/swipes.events" || fail "evemu-play"
    if wait "$client"; then
        # Ownership is on in the example: the clone was made through /dev/uinput, by the service's group.
        # The clone has the source's name; it is the device with input property 0x1f (docs/kiosk.md).
        if grep -q '^B: PROP=[89abcdef][0-9a-f]\{7\}$' /proc/bus/input/devices; then
            ok "frontend (groups $(id -nG frontend); $front_group is the example's socket.group, or the socket unit's when it names none): $(grep popped "$work/pop-kiosk.out"); the owned touchscreen's clone made"
        else
            fail_later "no clone (a device with input property 0x1f) with the kiosk example (own: true)"
        fi
    else
        cat "$work/pop-kiosk.out"; fail_later "no pop for frontend with the kiosk example"
    fi
else
    kill "$client" 2>/dev/null; wait "$client" 2>/dev/null
    sed 's/^/    /' "$work/pop-kiosk.out" | tail -3
    fail_later "frontend (groups $(id -nG frontend); $front_group is the example's socket.group, or the socket unit's when it names none) got no replies with the kiosk example"
fi
cp "$work/edgeswipe.yaml" /etc/edgeswipe/edgeswipe.yaml
systemctl restart "$unit" || fail "restart with the shipped configuration"
wait_for 30 vm_wait_open "$(main_pid)" "$node" 2>/dev/null || fail "the service did not reopen $node"

step "rotation: accelerometer reaches the system bus from inside the sandbox (a reload turns it on and off)"
# Issue 27: the service follows iio-sensor-proxy on the system bus itself. The unit's sandbox (PrivateNetwork=yes,
# RestrictAddressFamilies=AF_UNIX AF_NETLINK, ProtectSystem=strict) must let it reach /run/dbus/system_bus_socket.
# iio-sensor-proxy is not installed here, so dbus-daemon itself answers the claim with ServiceUnknown, which only a
# connected client hears; "cannot connect" would be the sandbox keeping it out. A failure does not stop the later steps.
if systemctl -q is-active dbus.socket || systemctl -q is-active dbus.service; then
    pid_bus=$(main_pid)
    since=$(date '+%Y-%m-%d %H:%M:%S')
    sed -i 's/^defaults:$/defaults:\n  rotation: accelerometer/' /etc/edgeswipe/edgeswipe.yaml
    systemctl reload "$unit" || fail_later "systemctl reload with rotation: accelerometer"
    if wait_for 20 sh -c "journalctl -u $unit -o cat --since '$since' | grep -q 'is not on the system bus and cannot be started (org.freedesktop.DBus.Error.ServiceUnknown)'"; then
        cp "$work/edgeswipe.yaml" /etc/edgeswipe/edgeswipe.yaml
        systemctl reload "$unit" || fail_later "systemctl reload without rotation: accelerometer"
        wait_for 20 sh -c "journalctl -u $unit -o cat --since '$since' | grep -q 'rotation: accelerometer is no longer configured'" ||
            fail_later "a reload without rotation: accelerometer did not stop following iio-sensor-proxy"
        journalctl -u "$unit" -o cat --since "$since" | grep 'accelerometer' | sed 's/^/    /'
        [ "$(main_pid)" = "$pid_bus" ] || fail_later "the service restarted (PID $pid_bus -> $(main_pid))"
        ok "the service (PID $pid_bus, in its sandbox) reached the system bus, heard ServiceUnknown for iio-sensor-proxy, and let go on the next reload"
    else
        journalctl -u "$unit" -o cat --since "$since" | tail -5 | sed 's/^/    /'
        cp "$work/edgeswipe.yaml" /etc/edgeswipe/edgeswipe.yaml
        systemctl reload "$unit"
        fail_later "rotation: accelerometer: no answer from the system bus through the sandbox"
    fi
else
    fail_later "no system bus in the guest (dbus.socket inactive): rotation: accelerometer is not checked"
fi

step "systemctl stop"
timeout_s=$(systemctl show -P TimeoutStopUSec "$unit")
t=$(date +%s.%N)
systemctl stop "$unit" || fail "systemctl stop"
stop_s=$(now "$t")
[ "$(systemctl show -P Result "$unit")" = success ] || fail "stop Result=$(systemctl show -P Result "$unit")"
awk -v s="$stop_s" 'BEGIN { exit !(s < 5) }' || fail "stop took $stop_s s (TimeoutStopSec=$timeout_s)"
ok "stopped in $stop_s s (TimeoutStopSec=$timeout_s), Result=success"

# --- 5. the HTTP bridge through edgeswipe-http.socket, its token through LoadCredential= ----------------------
step "HTTP bridge: edgeswipe-http.socket, the example drop-in (token by LoadCredential=), PrivateNetwork=yes"
# The token file as README.md ("Installing on a kiosk") makes it: mode 0600, owned by the kiosk user, who
# reads it to open the page. The service user cannot read it; the service gets systemd's copy in its
# credentials directory, which the drop-in names on the command line.
token_file=/etc/edgeswipe/http-token
creds=/run/credentials/$unit
(umask 077; head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$token_file")
chown kiosk "$token_file"
runuser -u kiosk -- cat "$token_file" | cmp -s - "$token_file" || fail "the kiosk user cannot read $token_file"
runuser -u edgeswipe -- cat "$token_file" >/dev/null 2>"$work/direct.err" && fail "user edgeswipe can read $token_file itself"
ok "$token_file: $(stat -c '%U:%G %a' "$token_file"), read by kiosk; user edgeswipe reading it: $(cat "$work/direct.err")"
mkdir -p /etc/systemd/system/edgeswipe.service.d
cp /usr/share/doc/edgeswipe/examples/http-token.conf /etc/systemd/system/edgeswipe.service.d/http.conf
systemctl daemon-reload
systemctl enable --now edgeswipe-http.socket >/dev/null 2>&1 || fail "enable --now edgeswipe-http.socket"
systemctl start "$unit" || fail "start with the HTTP drop-in (LoadCredential=http-token:$token_file)"
pid3=$(main_pid)
[ "$(systemctl show -P PrivateNetwork "$unit")" = yes ] || fail "PrivateNetwork is not yes"
[ "$(readlink /proc/"$pid3"/ns/net)" != "$(readlink /proc/1/ns/net)" ] || fail "the service shares the host's network namespace"
# Delivered: the service's environment and command line name the credential, which is systemd's read-only
# ramfs (no ACLs there, so systemd gives the files to the service user) holding the token, inside the
# service's own mount namespace too.
env_dir=$(tr '\0' '\n' <"/proc/$pid3/environ" | sed -n 's/^CREDENTIALS_DIRECTORY=//p')
[ "$env_dir" = "$creds" ] || fail "the service's CREDENTIALS_DIRECTORY is '$env_dir', expected $creds"
tr '\0' ' ' <"/proc/$pid3/cmdline" | grep -q -- "--http-token $creds/http-token " ||
    fail "the service's command line does not name $creds/http-token: $(tr '\0' ' ' <"/proc/$pid3/cmdline")"
mount_seen=$(nsenter -t "$pid3" -m -- findmnt -rn -o FSTYPE,OPTIONS --mountpoint "$creds") ||
    fail "no mount at $creds in the service's mount namespace"
case $mount_seen in ramfs\ ro,*) ;; *) fail "$creds in the service's namespace: '$mount_seen', expected a read-only ramfs" ;; esac
files_seen=$(nsenter -t "$pid3" -m -- stat -c '%n %U %a' "$creds" "$creds/http-token") || fail "stat $creds in the service's namespace"
[ "$files_seen" = "$creds edgeswipe 500
$creds/http-token edgeswipe 400" ] || fail "the credential's owner and mode in the service's namespace: $files_seen"
nsenter -t "$pid3" -m -- runuser -u edgeswipe -- cat "$creds/http-token" | cmp -s - "$token_file" ||
    fail "user edgeswipe does not read the token from $creds/http-token in the service's namespace"
echo "    CREDENTIALS_DIRECTORY=$env_dir; $mount_seen"
echo "$files_seen" | sed 's/^/    /'
ok "the token delivered by LoadCredential=: $creds/http-token, owned by edgeswipe, the same bytes as $token_file"
if "${probe[@]}" http 8710 "$(cat "$token_file")" >"$work/http.out" 2>&1; then
    sed 's/^/    /' "$work/http.out"
    journalctl -u "$unit" -o cat | grep 'http: listening on' | tail -1 | sed 's/^/    /'
    ok "from the host's namespace, with the token: SSE stream and POST /commands 200, while the service is in its own network namespace"
else
    cat "$work/http.out"; fail "HTTP bridge with the token from the credential"
fi
"${probe[@]}" http-refused 8710 "not-$(cat "$token_file")" >"$work/refused-http.out" 2>&1 ||
    { cat "$work/refused-http.out"; fail "the HTTP bridge did not refuse a request without the token"; }
sed 's/^/    /' "$work/refused-http.out"
wait_for 10 sh -c "journalctl -u $unit -o cat | grep -q 'http: wrong token'" || fail "no log line for the wrong token"
ok "without the token, or with a wrong one: 401"

step "a passed HTTP socket not bound to loopback: ListenStream=8710 ([::]) refused, ListenStream=127.0.0.1:8710 served"
# Issue 22: the service served whatever address systemd's socket was bound to. A drop-in of the socket unit
# replaces its addresses (the empty ListenStream= resets the list) and the service starts onto it.
http_dropin=/etc/systemd/system/edgeswipe-http.socket.d/listen.conf
mkdir -p "${http_dropin%/*}"
http_socket_with() {   # ADDRESS: edgeswipe-http.socket listening on ADDRESS alone; the service stopped
    printf '[Socket]\nListenStream=\nListenStream=%s\n' "$1" >"$http_dropin"
    systemctl stop "$unit" edgeswipe-http.socket
    systemctl daemon-reload
    systemctl reset-failed "$unit" 2>/dev/null || true
    systemctl start edgeswipe-http.socket || fail "edgeswipe-http.socket with ListenStream=$1"
}
http_socket_with 8710
ss -Hltn 'sport = :8710' | awk '{ print $4 }' >"$work/listen.out"
grep -qx '\[::\]:8710\|\*:8710' "$work/listen.out" || { cat "$work/listen.out"; fail "ListenStream=8710 is not bound to the wildcard address"; }
since=$(date '+%Y-%m-%d %H:%M:%S')
if systemctl start "$unit"; then
    fail_later "the service started with an HTTP socket bound to $(cat "$work/listen.out")"
elif ! wait_for 20 sh -c "journalctl -u $unit -o cat --since '$since' | grep -qF '$nonloopback_message'"; then
    journalctl -u "$unit" -o cat --since "$since" | tail -20
    fail_later "no log line '$nonloopback_message' for the socket on $(cat "$work/listen.out")"
else
    journalctl -u "$unit" -o cat --since "$since" | grep -F "$nonloopback_message" | head -1 | sed 's/^/    /'
    journalctl -u "$unit" -o cat --since "$since" | grep -F "$nonloopback_message" | head -1 | grep -qF 'bound to [::]:8710' ||
        fail_later "the refusal does not name the address it found ([::]:8710)"
    ok "refused: the service does not start on an HTTP socket bound to $(cat "$work/listen.out")"
fi
systemctl stop "$unit"
# Allowed on purpose (--http-allow-non-loopback, a later drop-in over the example's ExecStart=): served, with
# a warning.
allow_dropin=/etc/systemd/system/$unit.d/zz-allow-non-loopback.conf
{ printf '[Service]\nExecStart=\n'; sed -n 's/^ExecStart=\(..*\)$/ExecStart=\1 --http-allow-non-loopback/p' /etc/systemd/system/$unit.d/http.conf; } >"$allow_dropin"
systemctl daemon-reload && systemctl reset-failed "$unit" 2>/dev/null
since=$(date '+%Y-%m-%d %H:%M:%S')
if ! systemctl start "$unit"; then
    journalctl -u "$unit" -o cat --since "$since" | tail -5
    fail_later "the service did not start on [::]:8710 with --http-allow-non-loopback"
elif ! journalctl -u "$unit" -o cat --since "$since" | grep -F 'bound to [::]:8710' | grep -F 'serving it' | head -1 | sed 's/^/    /' | grep .; then
    fail_later "no warning for the socket on [::]:8710 served with --http-allow-non-loopback"
elif ! "${probe[@]}" http 8710 "$(cat "$token_file")" ::1 >"$work/http-any.out" 2>&1; then
    cat "$work/http-any.out"; fail_later "HTTP bridge on [::]:8710 with --http-allow-non-loopback"
else
    ok "with --http-allow-non-loopback: served on [::]:8710, with a warning"
fi
rm "$allow_dropin"
http_socket_with 127.0.0.1:8710
systemctl start "$unit" || fail "the service did not start with ListenStream=127.0.0.1:8710"
"${probe[@]}" http 8710 "$(cat "$token_file")" >"$work/http-v4.out" 2>&1 || { cat "$work/http-v4.out"; fail "HTTP bridge on ListenStream=127.0.0.1:8710"; }
sed 's/^/    /' "$work/http-v4.out"
rm "$http_dropin" && rmdir "${http_dropin%/*}"
systemctl stop "$unit" edgeswipe-http.socket && systemctl daemon-reload && systemctl start edgeswipe-http.socket "$unit" ||
    fail "back to the shipped edgeswipe-http.socket"
ok "ListenStream=127.0.0.1:8710: served with the token"

# --- 6. sandbox ---------------------------------------------------------------------------------------------
step "systemd-analyze security and verify"
exposure=$(systemd-analyze security "$unit" --no-pager 2>&1 | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
[ -n "$exposure" ] || fail "no exposure level from systemd-analyze security"
echo "    exposure $exposure (with the HTTP drop-in)"
awk -v e="$exposure" 'BEGIN { exit !(e <= 1.0) }' || fail_later "exposure $exposure is above 1.0"
systemd-analyze verify "$unit" edgeswipe.socket edgeswipe-http.socket >"$work/verify.out" 2>&1
[ ! -s "$work/verify.out" ] || { cat "$work/verify.out"; fail "systemd-analyze verify printed something"; }
ok "exposure $exposure <= 1.0; systemd-analyze verify prints nothing"

# --- 2. the journal -------------------------------------------------------------------------------------------
step "no sandbox denial in the journal"
journalctl -u "$unit" -o cat >"$work/journal"
journalctl -k -o cat >"$work/kernel"
if grep -nE 'SIGSYS|status=31|Bad system call|EPERM|EACCES|Operation not permitted|Permission denied|[Dd]enied' "$work/journal"; then
    fail_later "a denial in the service's journal"
else
    ok "$(wc -l <"$work/journal") journal lines of $unit, none a denial"
fi
grep -nE 'audit.*(edgeswipe|SECCOMP)' "$work/kernel" && fail "the kernel logged a seccomp/audit event"

# --- 7. figures -----------------------------------------------------------------------------------------------
step "figures"
systemctl disable --now edgeswipe-http.socket >/dev/null 2>&1
rm -r /etc/systemd/system/edgeswipe.service.d && systemctl daemon-reload
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
measure_installed() {
    systemctl stop "$unit"
    local t; t=$(date +%s.%N)
    systemctl start "$unit" || fail "start"
    now "$t"; echo
}
# The starts run in a command substitution's subshell, where fail cannot end the test: each start's output is
# checked instead, every line a number of seconds.
all_seconds() { ! grep -qvE '^[0-9]+(\.[0-9]+)?$' <<<"$1"; }
starts=$(for _ in 1 2 3; do measure_installed; done)
all_seconds "$starts" || fail_later "the installed service did not reach READY in each of 3 starts: $(tr '\n' ' ' <<<"$starts")"
installed_s=$(median <<<"$starts")
rss_kib=$(awk '/^VmRSS/ { print $2 }' /proc/"$(main_pid)"/status)
echo "figure: installed service: start to READY ${installed_s} s (median of 3), VmRSS $((rss_kib / 1024)) MiB ($rss_kib KiB) with 1 touchscreen"
systemctl stop "$unit"
for bin in "${tree_binaries[@]}"; do
    [ -x "$bin" ] || { echo "figure: $bin: not built, skipped"; continue; }
    measure_tree() {
        local t; t=$(date +%s.%N)
        systemd-run --quiet --unit=edgeswipe-tree -p Type=notify -p NotifyAccess=main -p RuntimeDirectory=edgeswipe-tree \
            "$bin" run --config /etc/edgeswipe/edgeswipe.yaml --socket /run/edgeswipe-tree/control.sock || fail "systemd-run $bin"
        now "$t"; echo
        tree_rss=$(awk '/^VmRSS/ { print $2 }' /proc/"$(systemctl show -P MainPID edgeswipe-tree.service)"/status)
        echo "$tree_rss" >"$work/tree_rss"
        systemctl stop edgeswipe-tree.service
    }
    starts=$(for _ in 1 2 3; do measure_tree; done)
    all_seconds "$starts" || fail_later "$bin did not reach READY in each of 3 starts: $(tr '\n' ' ' <<<"$starts")"
    tree_s=$(median <<<"$starts")
    echo "figure: $bin (same config, systemd-run Type=notify, no sandbox): start to READY ${tree_s} s, VmRSS $(($(cat "$work/tree_rss") / 1024)) MiB; installed/build-tree = $(awk -v a="$installed_s" -v b="$tree_s" 'BEGIN { printf "%.2f", a / b }')"
done
vm_remove_device
echo
if ((failures)); then echo "service-test: FAIL ($failures) in $(now "$t0") s"; exit 1; fi
echo "service-test: PASS in $(now "$t0") s"
