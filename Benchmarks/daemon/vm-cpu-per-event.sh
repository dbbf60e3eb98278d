#!/bin/bash
# Guest script (issue 7, item 2): the service's CPU time per evdev event next to a bare libevdev reader
# (evdev-drain.c, the floor) and a silent libinput reader (libinput-drain.c, a reference), all reading the
# same uinput touchscreen during the same replays, then the service's wake-ups over 10 s with the device
# attached and no touches.
# Run: Tests/VM/vm-run --timeout 900 -- Benchmarks/daemon/vm-cpu-per-event.sh RELEASE_EDGESWIPE EVDEV_DRAIN \
#          LIBINPUT_DRAIN [FRAMES] [ROUNDS (default 6: two rotations of the opening order, see below)]
# CPU is the kernel's exact run time of each process (/proc/PID/task/*/schedstat), per event replayed.
# Under TCG single rounds move by several percent; compare readers within a round or a rotation.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
bin=$1 drain=$2 lidrain=$3 frames=${4:-19964} rounds=${5:-6}
work=$(mktemp -d)
cp "$root/udev/70-edgeswipe.rules" /etc/udev/rules.d/ && udevadm control --reload
printf 'version: 1\nsocket:\n  path: %s/control.sock\n' "$work" > "$work/config.yaml"
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
# Back swipes over and over, one frame per millisecond (evemu-play keeps the timing): finger down 1 mm from the
# left edge, 60 frames moving in, lift (62 frames per swipe; FRAMES is rounded down to whole swipes).
python3 "$here/back-swipes.py" "$frames" 0.001 > "$work/events.evemu"
run_ns() { local n=0 t; for t in /proc/$1/task/*/schedstat; do n=$((n + $(cut -d' ' -f1 "$t"))); done; echo $n; }
ctx() { local n=0 t; for t in /proc/$1/task/*/status; do n=$((n + $(awk '/ctxt_switches/ {s += $2} END {print s}' "$t"))); done; echo $n; }
vm_create_device "$work/desc.evemu" || exit 1
events=$(grep -c '^E:' "$work/events.evemu")
# start READER: starts one reader on the device and waits until it holds the node open; sets $pid.
start() {
    case $1 in
        service) "$bin" run --config "$work/config.yaml" --backend evdev --stack home,a:header "$VM_DEVICE_NODE" \
                     > /dev/null 2> "$work/service.log" & pid=$! ;;
        floor) "$drain" "$VM_DEVICE_NODE" > /dev/null & pid=$! ;;
        libinput) "$lidrain" "$VM_DEVICE_NODE" > /dev/null 2> "$work/libinput.log" & pid=$! ;;
    esac
    vm_wait_open "$pid" "$VM_DEVICE_NODE" || { cat "$work/service.log" "$work/libinput.log" 2>/dev/null; exit 1; }
}
# The kernel wakes a device's readers in the order they opened it, and where a reader stands changes its cost
# by several percent: of two C readers (one in poll, one in epoll_wait) the one opened second cost 1.05-1.12x
# the first, and with the order swapped they cost the same. So each round opens the three readers in another
# order, a rotation of three rounds puts each reader in each place once, and the figure is the ratio of the
# rotation's totals. (Until 2026-11-30 the service was always opened first, which favoured it: the same build
# measured 1.35x that way and 1.40x rotated.)
orders=("service floor libinput" "floor libinput service" "libinput service floor")
results=()
for ((r = 0; r < rounds; r++)); do
    order=${orders[$((r % 3))]}
    declare -A pids=()
    for reader in $order; do start "$reader"; pids[$reader]=$pid; done
    sleep 0.5
    s0=$(run_ns ${pids[service]}) d0=$(run_ns ${pids[floor]}) l0=$(run_ns ${pids[libinput]})
    evemu-play "$VM_DEVICE_NODE" < "$work/events.evemu"
    sleep 1
    s1=$(run_ns ${pids[service]}) d1=$(run_ns ${pids[floor]}) l1=$(run_ns ${pids[libinput]})
    results+=("$((s1 - s0)) $((d1 - d0)) $((l1 - l0)) ${order// /,}")
    if ((r == rounds - 1)); then
        # The service's wake-ups over 10 s with the device attached and no touches.
        w0=$(ctx ${pids[service]}); sleep 10; w1=$(ctx ${pids[service]})
    fi
    kill -TERM "${pids[@]}"; wait "${pids[@]}"
    unset pids
done
python3 - "$events" "$((w1 - w0))" "${results[@]}" <<'PY'
import sys
events, wakeups = int(sys.argv[1]), int(sys.argv[2])
rows = [line.split() for line in sys.argv[3:]]
for r, (svc, drain, li, order) in enumerate(rows, 1):
    svc, drain, li = int(svc), int(drain), int(li)
    print(f"round {r} (opened in order {order.replace(',', ', ')}): {events} events; service {svc / events / 1000:.2f} us/event, "
          f"bare libevdev reader {drain / events / 1000:.2f}, silent libinput reader {li / events / 1000:.2f}; "
          f"service {svc / drain:.2f}x the floor (libinput {li / drain:.2f}x)")
def ratio(rs, i):
    return sum(int(x[i]) for x in rs) / sum(int(x[1]) for x in rs)
rotations = [rows[i:i + 3] for i in range(0, len(rows) - len(rows) % 3, 3)]
for k, rot in enumerate(rotations, 1):
    print(f"rotation {k} (rounds {3 * k - 2}-{3 * k}, each reader once in each place): service {ratio(rot, 0):.3f}x the floor, "
          f"silent libinput reader {ratio(rot, 2):.3f}x")
full = [x for rot in rotations for x in rot]
if full:
    print(f"all {len(rotations)} rotations: service {ratio(full, 0):.3f}x the floor, silent libinput reader {ratio(full, 2):.3f}x; "
          f"service wake-ups over 10 idle s with the device attached: {wakeups}")
PY
