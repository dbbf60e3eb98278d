#!/bin/bash
# Guest script (issue 7, item 2): the service's CPU time per evdev event next to a bare libevdev reader
# (evdev-drain.c) draining the same uinput touchscreen during one long replay, then the service's wake-ups
# over 10 s with the device attached and no touches.
# Run: Tests/VM/vm-run --timeout 900 -- Benchmarks/daemon/vm-cpu-per-event.sh RELEASE_EDGESWIPE EVDEV_DRAIN [FRAMES]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
bin=$1 drain=$2 frames=${3:-20000}
work=$(mktemp -d)
cp "$root/udev/70-edgeswipe.rules" /etc/udev/rules.d/ && udevadm control --reload
printf 'version: 1\nsocket:\n  path: %s/control.sock\n' "$work" > "$work/config.yaml"
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
# Back swipes over and over, one frame per millisecond (evemu-play keeps the timing): finger down 1 mm from the
# left edge, 60 frames moving in, lift.
python3 - "$frames" > "$work/events.evemu" <<'PY'
import sys
frames = int(sys.argv[1]); t = 0.0; tid = 0; out = []
for f in range(frames):
    i = f % 62
    if i == 0:
        tid += 1
        out += [f"E: {t:.6f} 0003 0039 {tid:04d}", f"E: {t:.6f} 0003 0035 0011", f"E: {t:.6f} 0003 0036 1100", f"E: {t:.6f} 0001 014a 0001"]
    elif i < 61:
        out += [f"E: {t:.6f} 0003 0035 {11 + 20 * i:04d}", f"E: {t:.6f} 0003 0036 {1100 + (i % 3):04d}"]
    else:
        out += [f"E: {t:.6f} 0003 0039 -001", f"E: {t:.6f} 0001 014a 0000"]
    out.append(f"E: {t:.6f} 0000 0000 0000")
    t += 0.001
print("\n".join(out))
PY
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }   # utime + stime, clock ticks
ctx() { local n=0 t; for t in /proc/$1/task/*/status; do n=$((n + $(awk '/ctxt_switches/ {s += $2} END {print s}' "$t"))); done; echo $n; }
"$bin" run --config "$work/config.yaml" --backend evdev --stack home,a:header > /dev/null 2> "$work/service.log" &
svc=$!
for _ in $(seq 100); do grep -q 'ready:' "$work/service.log" && break; sleep 0.1; done
vm_create_device "$work/desc.evemu" || exit 1
for _ in $(seq 200); do grep -q "$VM_DEVICE_NODE" "$work/service.log" && break; sleep 0.05; done
"$drain" "$VM_DEVICE_NODE" > "$work/drain.count" &
dr=$!
vm_wait_open "$dr" "$VM_DEVICE_NODE" && vm_wait_open "$svc" "$VM_DEVICE_NODE" || { cat "$work/service.log"; exit 1; }
s0=$(cpu $svc) d0=$(cpu $dr)
evemu-play "$VM_DEVICE_NODE" < "$work/events.evemu"
sleep 1
s1=$(cpu $svc) d1=$(cpu $dr)
w0=$(ctx $svc); sleep 10; w1=$(ctx $svc)
kill -TERM $dr; wait $dr
kill -TERM $svc; wait $svc
events=$(cat "$work/drain.count")
hz=$(getconf CLK_TCK)
python3 - <<PY
events = $events; hz = $hz
svc = ($s1 - $s0) / hz; drain = ($d1 - $d0) / hz
print(f"events {events}; service CPU {svc:.2f} s = {svc / events * 1e6:.2f} us/event; "
      f"bare libevdev reader {drain:.2f} s = {drain / events * 1e6:.2f} us/event; ratio {svc / drain if drain else float('nan'):.2f}; "
      f"service wake-ups over 10 idle s with the device attached: {$w1 - $w0}")
PY
