#!/bin/bash
# Guest script: `edgeswipe run` reads a uinput touchscreen, plugged in after it started, through libinput while the demo
# sample is played into it with evemu-play, and follows the navigation stack of the demo.
# Checks: the navigation sequence equals the offline replay's (same list as Tests/CLITests), the guest's
# keyboard is never opened, and SIGTERM stops the service with status 0.
# Run: Tests/VM/vm-run -- Tests/VM/daemon/libinput-backend.sh [path/to/edgeswipe]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
bin=${1:-$root/.build/debug/edgeswipe}
work=$(mktemp -d)
fail() { echo "FAIL: $*"; exit 1; }

# The service finds devices by the udev tag its rule sets (the guest's /etc is a writable overlay).
cp "$root/udev/70-edgeswipe.rules" /etc/udev/rules.d/
udevadm control --reload
printf 'version: 1\nprint_json: true\nsocket:\n  path: %s/control.sock\n' "$work" > "$work/config.yaml"
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
grep '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/events.evemu"
keyboards=$(for n in /dev/input/event*; do udevadm info -q property -n "$n" | grep -q '^ID_INPUT_KEYBOARD=1' && echo "$n"; done)

# The service starts first; the touchscreen is plugged in afterwards (hotplug through the udev tag).
"$bin" run --config "$work/config.yaml" --stack home,inbox:header,message:header -v > "$work/out.jsonl" 2> "$work/err.txt" &
pid=$!
for _ in $(seq 100); do grep -q 'ready:' "$work/err.txt" && break; sleep 0.1; done
vm_create_device "$work/desc.evemu" || fail "no uinput device"
vm_wait_open "$pid" "$VM_DEVICE_NODE" || { cat "$work/err.txt"; fail "the service never opened $VM_DEVICE_NODE"; }
for k in $keyboards; do
    for fd in /proc/$pid/fd/*; do [[ $(readlink "$fd") == "$k" ]] && fail "keyboard $k is open"; done
done
evemu-play "$VM_DEVICE_NODE" < "$work/events.evemu"
vm_wait_quiet "$work/out.jsonl"
kill -TERM "$pid"
wait "$pid"; status=$?
[[ $status == 0 ]] || { cat "$work/err.txt"; fail "exit status $status after SIGTERM"; }
grep -q 'touchscreen through libinput' "$work/err.txt" || { cat "$work/err.txt"; fail "the touchscreen did not come through libinput"; }

# The navigation sequence, as Tests/CLITests/ReplayJSONTests.demoNavigation states it for the offline replay.
got=$(python3 - "$work/out.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") != "navigation": continue
    e = o["event"]
    if e in ("willAppear", "didAppear", "willDisappear", "didDisappear"): print(e, o["screen"])
    elif e in ("transitionBegan", "transitionFinished", "transitionCancelled") and o.get("kind") == "interactivePop":
        print(e, f'{o["from"]}->{o["to"]}')
    elif e == "popRefused": print(e, o["reason"])
    elif e == "backDispatched" and o["target"] == "handoff": print(e, o["target"], o["stack"])
PY
)
expected="willAppear message
didAppear message
transitionBegan message->inbox
willDisappear message
willAppear inbox
didDisappear message
didAppear inbox
transitionFinished message->inbox
transitionBegan inbox->home
willDisappear inbox
willAppear home
willDisappear home
didDisappear home
willAppear inbox
didAppear inbox
transitionCancelled inbox->home
transitionBegan inbox->home
willDisappear inbox
willAppear home
didDisappear inbox
didAppear home
transitionFinished inbox->home
backDispatched handoff root"
if [[ "$got" != "$expected" ]]; then
    diff <(echo "$expected") <(echo "$got")
    fail "navigation sequence differs from the offline replay"
fi
echo "ok: libinput backend: $(grep -c '"gesture"' "$work/out.jsonl") gesture lines, navigation as offline, keyboard(s) [$keyboards] never opened"
