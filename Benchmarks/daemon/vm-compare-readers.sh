#!/bin/bash
# Guest script: CPU per evdev event of several readers of one uinput touchscreen during the same replays, for
# A/B comparisons of service builds in one boot (vm-cpu-per-event.sh gives the issue's figure; this one compares).
# Run: Tests/VM/vm-run --timeout 1500 -- Benchmarks/daemon/vm-compare-readers.sh FRAMES ROUNDS [--stack LIST] NAME=COMMAND...
#      e.g. ... 19964 9 floor=/tmp/evdev-drain svcA=/tmp/edgeswipe-A svcB=/tmp/edgeswipe-B
# --stack sets the services' stack (default home,a:header: every swipe after the first reaches the root, which
# builds before back handlers refused at touch-down and later ones hand off, so their work differs); a stack
# deeper than the swipes keeps every swipe a pop (or refused while the last one settles) in every build.
# The first reader is the reference every ratio is taken to. A name starting with "svc" is an edgeswipe binary,
# run as the service (its own control socket); any other COMMAND gets the device node as its one argument.
# Each round opens the readers in the next rotation of the order (the reader opened first is woken first and
# that changes its cost), so a multiple of the reader count gives each reader each place once.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/Tests/VM/guest/input-helpers.sh"
frames=$1 rounds=$2; shift 2
stack=home,a:header
if [[ ${1:-} == --stack ]]; then stack=$2; shift 2; fi
work=$(mktemp -d)
grep -v '^E:' "$root/samples/demo-back-swipes.evemu" > "$work/desc.evemu"
python3 "$here/back-swipes.py" "$frames" 0.001 > "$work/events.evemu"
run_ns() { local n=0 t; for t in /proc/$1/task/*/schedstat; do n=$((n + $(cut -d' ' -f1 "$t"))); done; echo $n; }
vm_create_device "$work/desc.evemu" || exit 1
events=$(grep -c '^E:' "$work/events.evemu")
names=() cmds=()
for s in "$@"; do names+=("${s%%=*}"); cmds+=("${s#*=}"); done
n=${#names[@]}
for ((i = 0; i < n; i++)); do printf 'version: 1\nsocket:\n  path: %s/control%d.sock\n' "$work" $i > "$work/config$i.yaml"; done
for ((r = 0; r < rounds; r++)); do
    declare -A pid=() t0=()
    for ((k = 0; k < n; k++)); do
        i=$(((k + r) % n))
        if [[ ${names[$i]} == svc* ]]; then
            ${cmds[$i]} run --config "$work/config$i.yaml" --backend evdev --stack "$stack" "$VM_DEVICE_NODE" \
                > /dev/null 2> "$work/reader$i.log" & pid[$i]=$!
        else
            ${cmds[$i]} "$VM_DEVICE_NODE" > /dev/null 2> "$work/reader$i.log" & pid[$i]=$!
        fi
        vm_wait_open "${pid[$i]}" "$VM_DEVICE_NODE" || { cat "$work"/reader*.log; exit 1; }
    done
    sleep 0.5
    for ((i = 0; i < n; i++)); do t0[$i]=$(run_ns ${pid[$i]}); done
    evemu-play "$VM_DEVICE_NODE" < "$work/events.evemu"
    sleep 1
    line=""
    for ((i = 0; i < n; i++)); do line+=" $(($(run_ns ${pid[$i]}) - ${t0[$i]}))"; done
    echo "$line" >> "$work/rows"
    kill -TERM "${pid[@]}"; wait "${pid[@]}" 2> /dev/null
    unset pid t0
done
python3 - "$events" "$work/rows" "${names[@]}" <<'PY'
import sys
events, path, names = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
rows = [[int(x) for x in line.split()] for line in open(path)]
n = len(names)
for r, row in enumerate(rows, 1):
    print(f"round {r}: " + "  ".join(f"{names[i]} {row[i] / events / 1000:.2f} us/event {row[i] / row[0]:.3f}x" for i in range(n)))
def ratios(rs):
    return "  ".join(f"{names[i]} {sum(x[i] for x in rs) / sum(x[0] for x in rs):.3f}x" for i in range(n))
full = rows[:len(rows) - len(rows) % n]
for k in range(0, len(full), n):
    print(f"rotation {k // n + 1}: {ratios(full[k:k + n])}")
if full:
    print(f"all {len(full) // n} rotations: {ratios(full)}")
PY
