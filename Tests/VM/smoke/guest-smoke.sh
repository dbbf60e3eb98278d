#!/bin/bash
# Runs inside the VM (Tests/VM/smoke-test starts it). Only Debian tools: for each case a
# uinput device is made from an evemu description, a recording is played into it with
# evemu-play, and two readers record it (libinput record and evemu-record). Then one
# libinput recording is played back with `libinput replay` and recorded again. The host
# side (check-recordings.py) compares what came back with what went in.
set -u
[[ ${SMOKE_TRACE:-} ]] && { PS4='+ $(cut -d" " -f1 /proc/uptime) '; set -x; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../guest/input-helpers.sh"
fx=$here/../fixtures
out=$VMRUN_RESULTS/smoke
mkdir -p "$out"
failed=0
now() { cut -d' ' -f1 /proc/uptime; }

# run_case NAME DESC EVENTS
run_case() {
    local name=$1 desc=$2 events=$3 node t0 rec_li rec_ev
    t0=$(now)
    vm_create_device "$desc" || { failed=1; return; }
    node=$VM_DEVICE_NODE
    stdbuf -oL evemu-record "$node" >"$out/$name.evemu" 2>"$out/$name.evemu.err" &
    rec_ev=$!
    libinput record "$node" -o "$out/$name.yml" 2>"$out/$name.yml.err" &
    rec_li=$!
    vm_wait_open $rec_ev "$node" && vm_wait_open $rec_li "$node" || failed=1
    evemu-play "$node" <"$events" || { echo "evemu-play failed for $name"; failed=1; }
    vm_wait_quiet "$out/$name.evemu" "$out/$name.yml"
    vm_stop $rec_ev $rec_li
    vm_remove_device || failed=1
    echo "case $name: device $node, $(grep -c '^E:' "$events") events played," \
        "$(grep -c '^E:' "$out/$name.evemu") recorded by evemu-record," \
        "$(grep -cE '^ +- \[' "$out/$name.yml") by libinput record, $(awk -v a="$(now)" -v b="$t0" 'BEGIN { printf "%.2f", a - b }') s"
}

pixel=$fx/aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu
wacom=$fx/whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger
clickpad=$fx/p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad

run_case pixel "$pixel" "$pixel"
[[ ${SMOKE_ONLY_PIXEL:-} ]] || run_case wacom "$wacom.desc" "$wacom.single-top-swipe.events"
[[ ${SMOKE_ONLY_PIXEL:-} ]] || run_case clickpad "$clickpad.desc" "$clickpad.two-finger-scroll-down.events"
# Our own events that the kernel must filter (duplicates, empty frames, slot re-sends).
[[ ${SMOKE_ONLY_PIXEL:-} ]] || run_case filtering "$pixel" "$fx/kernel-filtering.events"

# libinput replay of the pixel recording. libinput 1.22's replay creates its own uinput
# device, then waits for Enter on stdin: answer through a FIFO once a reader is ready.
t0=$(now)
fifo=$(mktemp -u); mkfifo "$fifo"
PYTHONUNBUFFERED=1 libinput replay "$out/pixel.yml" <"$fifo" >"$out/replay.log" 2>&1 &
replay=$!
exec 3>"$fifo"
node=""
for ((i = 0; i < 400; i++)); do
    node=$(grep -o '/dev/input/event[0-9]*' "$out/replay.log" | head -1)
    [[ -n $node ]] && grep -q 'Hit enter' "$out/replay.log" && break
    sleep 0.05
done
if [[ -z $node ]]; then
    echo "libinput replay made no device: $(cat "$out/replay.log")"; failed=1
else
    udevadm settle --timeout=30
    libinput record "$node" -o "$out/pixel-replayed.yml" 2>"$out/pixel-replayed.yml.err" &
    rec=$!
    vm_wait_open $rec "$node" || failed=1
    echo >&3
    # It prompts again once it has replayed everything.
    for ((i = 0; i < 600; i++)); do
        # (prompts carry no newline: count matches, not lines)
        [[ $(grep -o 'Hit enter' "$out/replay.log" | wc -l) -ge 2 ]] && break
        sleep 0.05
    done
    vm_wait_quiet "$out/pixel-replayed.yml"
    vm_stop $rec
    echo "libinput replay: device $node, $(grep -cE '^ +- \[' "$out/pixel-replayed.yml") events recorded," \
        "$(awk -v a="$(now)" -v b="$t0" 'BEGIN { printf "%.2f", a - b }') s"
fi
# It would now wait for the next Enter. Asynchronous commands of a script ignore SIGINT,
# so end it with SIGTERM.
exec 3>&-
kill -TERM $replay 2>/dev/null
for ((i = 0; i < 100; i++)); do kill -0 $replay 2>/dev/null || break; sleep 0.05; done
kill -KILL $replay 2>/dev/null
wait $replay 2>/dev/null
rm -f "$fifo"
exit $failed
