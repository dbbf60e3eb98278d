#!/bin/bash
# Guest script: a valgrind lackey memory trace of each reader named (the service, or a bare reader whose path
# contains "drain") during a slow swipe replay (one frame per 100 ms, so every frame is its own wake-up), for
# Benchmarks/daemon/pages-per-wakeup.py to count what one wake-up touches.
# Run: Tests/VM/vm-run --timeout 700 --mem 3072 -- Benchmarks/daemon/vm-pages-per-wakeup.sh READER...
#      then, on the host: Benchmarks/daemon/pages-per-wakeup.py RESULTS/trace1.gz RESULTS/maps1 READER1
#      (RESULTS: the directory vm-run names at the end; traceK/mapsK belong to the K-th reader)
# Needs valgrind (apt-get install valgrind); about 4 minutes per reader under TCG.
# A reader written own:BIN is the service with ownership (`run --own`: it writes every forwarded frame to its
# clone), and fwd:BIN is the bare C forwarder (evdev-forward-drain.c --per-frame, one write per frame);
# X_START=1000 in the environment plays mid-screen drags instead (back-swipes.py's X_START: with --own, every
# frame is forwarded), STACK sets the service's stack (default home,a:header).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
out=${VMRUN_RESULTS:?run this in the guest through Tests/VM/vm-run}
work=$(mktemp -d)
cp "$root/udev/70-edgeswipe.rules" /etc/udev/rules.d/ && udevadm control --reload   # clones marked, as live
printf 'version: 1\nsocket:\n  path: %s/control.sock\n' "$work" > "$work/config.yaml"
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
# Two back swipes (124 frames) from the left edge, as in vm-cpu-per-event.sh but 100 ms apart.
python3 "$here/back-swipes.py" 124 0.1 "${X_START:-11}" > "$work/events.evemu"
vm_create_device "$work/desc.evemu" || exit 1
k=0
for bin in "$@"; do
    k=$((k + 1))
    own=() fwd=()
    [[ $bin == own:* ]] && { own=(--own); bin=${bin#own:}; }
    [[ $bin == fwd:* ]] && { fwd=(--per-frame); bin=${bin#fwd:}; }
    if [[ $bin == *drain* ]]; then
        valgrind --tool=lackey --trace-mem=yes --log-file="$work/trace" "$bin" "${fwd[@]}" "$VM_DEVICE_NODE" > /dev/null & p=$!
    else
        valgrind --tool=lackey --trace-mem=yes --log-file="$work/trace" "$bin" run --config "$work/config.yaml" \
            --backend evdev "${own[@]}" --stack "${STACK:-home,a:header}" "$VM_DEVICE_NODE" > /dev/null 2> "$work/service.log" & p=$!
    fi
    vm_wait_open "$p" "$VM_DEVICE_NODE" || { tail -n 5 "$work/service.log" "$work/trace"; exit 1; }
    if [[ $bin != *drain* ]]; then
        for _ in $(seq 600); do grep -q 'ready:' "$work/service.log" && break; sleep 0.2; done
    fi
    sleep 5
    cp "/proc/$p/maps" "$out/maps$k"
    start=$(stat -c %s "$work/trace")   # the start-up is not part of any wake-up
    evemu-play "$VM_DEVICE_NODE" < "$work/events.evemu"
    sleep 3
    kill -TERM $p; wait $p
    tail -c +$((start + 1)) "$work/trace" | gzip -1 > "$out/trace$k.gz"
    rm "$work/trace"
done
chmod -R a+rX "$out"
