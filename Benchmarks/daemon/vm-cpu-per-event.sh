#!/bin/bash
# Guest script (issue 7, item 2): the service's CPU time per evdev event next to a bare libevdev reader
# (evdev-drain.c, the floor) and a silent libinput reader (libinput-drain.c, a reference), all reading the
# same uinput touchscreen during the same replays, then the service's wake-ups over 10 s with the device
# attached and no touches.
# Run: Tests/VM/vm-run --timeout 900 -- Benchmarks/daemon/vm-cpu-per-event.sh RELEASE_EDGESWIPE EVDEV_DRAIN \
#          LIBINPUT_DRAIN [FRAMES] [ROUNDS]
# CPU is the kernel's exact run time of each process (/proc/PID/task/*/schedstat), per event the floor read.
# Under TCG the figures move by about 10% from run to run, and the order in which readers are woken matters:
# compare readers within one round, and read the median over rounds.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
bin=$1 drain=$2 lidrain=$3 frames=${4:-19964} rounds=${5:-3}
work=$(mktemp -d)
cp "$root/udev/70-edgeswipe.rules" /etc/udev/rules.d/ && udevadm control --reload
printf 'version: 1\nsocket:\n  path: %s/control.sock\n' "$work" > "$work/config.yaml"
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
# Back swipes over and over, one frame per millisecond (evemu-play keeps the timing): finger down 1 mm from the
# left edge, 60 frames moving in, lift (62 frames per swipe; FRAMES is rounded down to whole swipes).
python3 - "$frames" > "$work/events.evemu" <<'PY'
import sys
frames = int(sys.argv[1]) // 62 * 62; t = 0.0; tid = 0; out = []
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
run_ns() { local n=0 t; for t in /proc/$1/task/*/schedstat; do n=$((n + $(cut -d' ' -f1 "$t"))); done; echo $n; }
ctx() { local n=0 t; for t in /proc/$1/task/*/status; do n=$((n + $(awk '/ctxt_switches/ {s += $2} END {print s}' "$t"))); done; echo $n; }
"$bin" run --config "$work/config.yaml" --backend evdev --stack home,a:header > /dev/null 2> "$work/service.log" &
svc=$!
for _ in $(seq 100); do grep -q 'ready:' "$work/service.log" && break; sleep 0.1; done
vm_create_device "$work/desc.evemu" || exit 1
for _ in $(seq 200); do grep -q "$VM_DEVICE_NODE" "$work/service.log" && break; sleep 0.05; done
"$drain" "$VM_DEVICE_NODE" > "$work/drain.count" &
dr=$!
"$lidrain" "$VM_DEVICE_NODE" > /dev/null 2> "$work/libinput.log" &
li=$!
for p in $dr $li $svc; do vm_wait_open "$p" "$VM_DEVICE_NODE" || { cat "$work/service.log" "$work/libinput.log"; exit 1; }; done
sleep 0.5
events=$(grep -c '^E:' "$work/events.evemu")
results=()
for ((r = 1; r <= rounds; r++)); do
    s0=$(run_ns $svc) d0=$(run_ns $dr) l0=$(run_ns $li)
    evemu-play "$VM_DEVICE_NODE" < "$work/events.evemu"
    sleep 1
    s1=$(run_ns $svc) d1=$(run_ns $dr) l1=$(run_ns $li)
    results+=("$((s1 - s0)) $((d1 - d0)) $((l1 - l0))")
done
w0=$(ctx $svc); sleep 10; w1=$(ctx $svc)
kill -TERM $dr $li; wait $dr $li
kill -TERM $svc; wait $svc
python3 - "$events" "$((w1 - w0))" "${results[@]}" <<'PY'
import statistics, sys
events, wakeups = int(sys.argv[1]), int(sys.argv[2])
ratios, li_ratios = [], []
for r, line in enumerate(sys.argv[3:], 1):
    svc, drain, li = (int(x) for x in line.split())
    ratios.append(svc / drain); li_ratios.append(li / drain)
    print(f"round {r}: {events} events; service {svc / events / 1000:.2f} us/event, bare libevdev reader "
          f"{drain / events / 1000:.2f} us/event, silent libinput reader {li / events / 1000:.2f} us/event; "
          f"service {svc / drain:.2f}x the floor (libinput {li / drain:.2f}x)")
print(f"median over {len(ratios)} rounds: service {statistics.median(ratios):.2f}x the floor, silent libinput reader "
      f"{statistics.median(li_ratios):.2f}x; service wake-ups over 10 idle s with the device attached: {wakeups}")
PY
