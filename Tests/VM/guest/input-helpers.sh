# shellcheck shell=bash
# Shell helpers for test scripts that run inside the vm-run guest (source with bash).
# They cover the two races of live input tests: a device node exists before udev has
# finished with it, and events written before a reader has opened the node are lost.

# vm_create_device DESC: sets VM_DEVICE_NODE (/dev/input/eventN) and VM_DEVICE_PID
# (evemu-device, which keeps the uinput device alive until killed). Call it directly,
# not in $(...), so the variables reach the caller.
vm_create_device() {
    local desc=$1 log i node
    log=$(mktemp)
    evemu-device "$desc" >"$log" 2>&1 &
    VM_DEVICE_PID=$!
    for ((i = 0; i < 200; i++)); do
        node=$(grep -o '/dev/input/event[0-9]*' "$log" | head -1)
        [[ -n $node ]] && break
        kill -0 "$VM_DEVICE_PID" 2>/dev/null || break
        sleep 0.05
    done
    if [[ -z $node ]]; then
        echo "vm_create_device: evemu-device $desc gave no node: $(cat "$log")" >&2
        rm -f "$log"; return 1
    fi
    rm -f "$log"
    udevadm settle --timeout=30
    VM_DEVICE_NODE=$node
}

# vm_wait_open PID NODE: wait until process PID holds NODE open (it will then queue
# every event written from now on).
vm_wait_open() {
    local pid=$1 node=$2 i fd
    for ((i = 0; i < 400; i++)); do
        for fd in "/proc/$pid/fd/"*; do
            [[ $(readlink "$fd" 2>/dev/null) == "$node" ]] && return 0
        done
        kill -0 "$pid" 2>/dev/null || { echo "vm_wait_open: reader $pid exited" >&2; return 1; }
        sleep 0.05
    done
    echo "vm_wait_open: $pid never opened $node" >&2
    return 1
}

# vm_wait_quiet FILE...: wait until the files stop growing (a reader has drained the
# device), at most about 10 s.
vm_wait_quiet() {
    local before after i
    for ((i = 0; i < 40; i++)); do
        before=$(cat "$@" 2>/dev/null | wc -c)
        sleep 0.25
        after=$(cat "$@" 2>/dev/null | wc -c)
        [[ $before == "$after" ]] && return 0
    done
    echo "vm_wait_quiet: $* still growing" >&2
    return 1
}

# vm_stop PID...: SIGINT (readers finish their files on it), then wait.
vm_stop() {
    local p
    for p in "$@"; do kill -INT "$p" 2>/dev/null || true; done
    for p in "$@"; do wait "$p" 2>/dev/null || true; done
}

# vm_remove_device [PID NODE]: unplug (default: the last vm_create_device). Killing
# evemu-device closes its uinput fd, which removes the device; waits for the node to go.
vm_remove_device() {
    local pid=${1:-$VM_DEVICE_PID} node=${2:-$VM_DEVICE_NODE} i
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    for ((i = 0; i < 200; i++)); do
        [[ -e $node ]] || return 0
        sleep 0.05
    done
    echo "vm_remove_device: $node still present" >&2
    return 1
}
