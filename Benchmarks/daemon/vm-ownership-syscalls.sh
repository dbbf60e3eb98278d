#!/bin/bash
# Guest script (issue 22): system calls per frame of the subjects vm-ownership-cpu.sh compares, on the same
# workload (back-swipes.py frames, mid-screen by default: every frame forwarded). Each subject is started as
# there, strace attaches to it (every thread) once it holds the device, the frames are played, and strace's
# counts (-c) are divided by the frames played. Frames 1 ms apart as in the CPU rig by default; strace slows the
# subject, so several frames may come in one wake-up: the reads per frame show it. With TRACE_FRAMES > 0, a
# second pass per subject plays that many frames 20 ms apart (one frame a wake-up) and prints the calls of three
# mid-stroke frames in order.
# Run: Tests/VM/vm-run --timeout 900 -- Benchmarks/daemon/vm-ownership-syscalls.sh EDGESWIPE EVDEV_DRAIN \
#          EVDEV_FORWARD_DRAIN [FRAMES (default 2046)] [SECONDS_PER_FRAME (default 0.001)] [X_START (default 1000)] \
#          [MODES (default own,shared,fwd-frame,floor)] [TRACE_FRAMES (default 62)] [SECOND_EDGESWIPE]
# Modes: own, shared (EDGESWIPE run --own / run), own-b, shared-b (SECOND_EDGESWIPE), fwd-frame (the bare C
# forwarder, one write(2) per frame), fwd-event (one libevdev_uinput_write_event per event), floor (evdev-drain).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
source "$here/ownership-subjects.sh"
bin=$1 drain=$2 forwarder=$3 frames=${4:-2046} step=${5:-0.001} xstart=${6:-1000} modelist=${7:-own,shared,fwd-frame,floor}
trace_frames=${8:-62} bin_b=${9:-}
IFS=, read -r -a modes <<< "$modelist"
command -v strace > /dev/null || { echo "strace is missing (vm-run --package strace=/usr/bin/strace)" >&2; exit 2; }
work=$(mktemp -d)
cp "$root/udev/70-edgeswipe.rules" /etc/udev/rules.d/ && udevadm control --reload
printf 'version: 1\nsocket:\n  path: %s/control.sock\n' "$work" > "$work/config.yaml"
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
python3 "$here/back-swipes.py" "$frames" "$step" "$xstart" > "$work/events.evemu"
python3 "$here/back-swipes.py" "$trace_frames" 0.02 "$xstart" > "$work/trace.evemu"
played=$(grep -c ' 0000 0000 0000$' "$work/events.evemu")
vm_create_device "$work/desc.evemu" || exit 1
node=$VM_DEVICE_NODE

start_subject() {
    start_ownership_subject "$1" "$node" "$work/service.log" || exit 2
    vm_wait_open "$spid" "$node" || { cat "$work/service.log"; exit 1; }
    case $1 in
        own|own-b|fwd-*) wait_ownership_grab "$work/service.log" || exit 1 ;;
    esac
    sleep 0.5
}

# strace_play MODE EVENTS OUT [strace options]: plays EVENTS to the subject with strace attached.
strace_play() {
    local mode=$1 events=$2 out=$3; shift 3
    start_subject "$mode"
    strace -f -p "$spid" -o "$out" "$@" 2> /dev/null & local tpid=$!
    sleep 1
    evemu-play "$node" < "$events"
    sleep 1
    kill -INT $tpid; wait $tpid
    kill -TERM $spid; wait $spid
}

# counters PID: minor and major page faults, voluntary and involuntary context switches, over every thread.
counters() {
    local t minflt=0 majflt=0 vol=0 invol=0 f
    for t in /proc/$1/task/*; do
        read -r -a f < "$t/stat"
        minflt=$((minflt + f[9])) majflt=$((majflt + f[11]))
        vol=$((vol + $(awk '/^voluntary_ctxt_switches/ { print $2 }' "$t/status")))
        invol=$((invol + $(awk '/^nonvoluntary_ctxt_switches/ { print $2 }' "$t/status")))
    done
    echo "$minflt $majflt $vol $invol"
}

# First without strace: page faults and context switches per frame, as the CPU rig runs the subject.
for mode in "${modes[@]}"; do
    start_subject "$mode"
    read -r a0 b0 c0 d0 <<< "$(counters "$spid")"
    evemu-play "$node" < "$work/events.evemu"
    sleep 1
    read -r a1 b1 c1 d1 <<< "$(counters "$spid")"
    kill -TERM $spid; wait $spid
    awk -v m="$mode" -v n="$played" -v a=$((a1 - a0)) -v b=$((b1 - b0)) -v c=$((c1 - c0)) -v d=$((d1 - d0)) 'BEGIN {
        printf "== %s, no strace: per frame %.3f minor faults, %.3f major, %.3f voluntary and %.3f involuntary context switches (%d frames)\n", m, a / n, b / n, c / n, d / n, n }'
done

for mode in "${modes[@]}"; do
    strace_play "$mode" "$work/events.evemu" "$work/$mode.count" -c -U name,calls,errors
    echo "== $mode: system calls per frame over $played frames ($step s apart, x from $xstart)"
    awk -v n="$played" '$2 ~ /^[0-9]+$/ && $1 != "total" { printf "   %-22s %8d calls  %7.3f per frame%s\n", $1, $2, $2 / n, ($3 ? "  (" $3 " errors)" : "") }
        $1 == "total" { printf "   %-22s %8d calls  %7.3f per frame\n", "total", $2, $2 / n }' "$work/$mode.count"
    if ((trace_frames > 0)); then
        strace_play "$mode" "$work/trace.evemu" "$work/$mode.trace" -e 'trace=!restart_syscall' -X raw
        echo "-- $mode: the calls of frames 20-22 of $trace_frames (20 ms apart), in order"
        # The subject's calls from the read that returns frame 20 to the one that returns frame 23 (a device
        # read returns whole input_events, 24 bytes each; a timerfd's or signalfd's does not).
        awk '{ r = $NF } / read\(/ && r ~ /^[0-9]+$/ && r > 0 && r % 24 == 0 { n++ } n >= 20 && n < 23 { sub(/^[0-9]+ +/, ""); print "   " $0 }' "$work/$mode.trace" | cut -c1-150
    fi
done
