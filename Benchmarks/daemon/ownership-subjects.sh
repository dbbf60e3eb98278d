# Sourced by the ownership guest scripts (vm-ownership-cpu.sh, vm-ownership-syscalls.sh): the subjects they
# compare, started the same way in both. The caller sets bin, bin_b, forwarder, drain and work (with config.yaml).

# start_ownership_subject MODE NODE LOG: starts MODE reading NODE in the background, its stderr to LOG; sets spid.
# Modes: own, shared (bin run --own / run), own-b, shared-b (bin_b), fwd-frame (the bare C forwarder, one write(2)
# per frame), fwd-event (one libevdev_uinput_write_event per event), floor (the bare libevdev reader).
start_ownership_subject() {
    local mode=$1 node=$2 log=$3
    : > "$log"
    case $mode in
        own) "$bin" run --config "$work/config.yaml" --backend evdev --own --stack home,a "$node" > /dev/null 2> "$log" & ;;
        shared) "$bin" run --config "$work/config.yaml" --backend evdev --stack home,a "$node" > /dev/null 2> "$log" & ;;
        own-b) "$bin_b" run --config "$work/config.yaml" --backend evdev --own --stack home,a "$node" > /dev/null 2> "$log" & ;;
        shared-b) "$bin_b" run --config "$work/config.yaml" --backend evdev --stack home,a "$node" > /dev/null 2> "$log" & ;;
        fwd-frame) "$forwarder" --per-frame "$node" > /dev/null 2> "$log" & ;;
        fwd-event) "$forwarder" --per-event "$node" > /dev/null 2> "$log" & ;;
        floor) "$drain" "$node" > /dev/null 2> "$log" & ;;
        *) echo "unknown mode '$mode'" >&2; return 2 ;;
    esac
    spid=$!
}

# wait_ownership_grab LOG: waits up to 10 s for an owning subject to say it grabbed its device; 1 (with LOG shown)
# if it never does.
wait_ownership_grab() {
    local i
    for ((i = 0; i < 200; i++)); do grep -q 'owned: grabbed' "$1" && return 0; sleep 0.05; done
    echo "not owned:"; cat "$1"; return 1
}
