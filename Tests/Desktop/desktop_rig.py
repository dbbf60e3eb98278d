"""What the desktop checks (gnome-shell-check.py, kwin-check.py, phoc-check.py) share: the check lines, waiting, and
the outer run: a private system bus (what the compositors ask of one; the host has none) and a session bus of
their own (dbus-run-session), under which the check runs itself again as its inner part."""
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# Debian's Python, which has python3-gi (Gio for the calls, GTK 4 and libadwaita for the test app).
PYTHON = "/usr/bin/python3"
failures = []


def check(cond, what, got=None):
    print(("ok   " if cond else "FAIL ") + what + ("" if got is None else f" (got {got})"), flush=True)
    if not cond:
        failures.append(what)


def wait_for(cond, timeout, step=0.05):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if cond():
            return True
        time.sleep(step)
    return cond()


def run_outer(name, script, binary, out, tools, deps):
    """Checks `tools` are there (else names `scripts/deps.sh DEPS`), makes OUT afresh, starts the private system
    bus and runs `script` again under dbus-run-session with EDGESWIPE_DESKTOP_CHECK_INNER=1; exits with its status."""
    for tool in tools:
        if shutil.which(tool) is None:
            sys.exit(f"{name}: {tool} is missing (scripts/deps.sh {deps} installs it)")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    conf, socket_path = os.path.join(out, "system.conf"), os.path.join(out, "system_bus")
    with open(conf, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path={socket_path}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_type="method_call"/><allow send_type="signal"/>
<allow send_destination="*"/><allow receive_sender="*"/></policy></busconfig>
""")
    system_bus = subprocess.Popen(["dbus-daemon", f"--config-file={conf}", "--nofork", "--nosyslog"],
                                  stderr=open(os.path.join(out, "system-bus.log"), "w"))
    env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=f"unix:path={socket_path}", EDGESWIPE_DESKTOP_CHECK_INNER="1")
    try:
        status = subprocess.call(["dbus-run-session", "--", PYTHON, script, binary, out], env=env)
    finally:
        system_bus.terminate()
        system_bus.wait()
    sys.exit(status)


def is_inner():
    return os.environ.get("EDGESWIPE_DESKTOP_CHECK_INNER") == "1"


def finish(name, t0, out):
    print(f"{name}: {time.time() - t0:.1f} s", flush=True)
    if failures:
        print(f"{name}: {len(failures)} check(s) failed; logs in {out}")
        sys.exit(1)
    print(f"{name}: all checks passed; logs in {out}")


def write_handoff_config(out):
    """The shipped default's hand-off (KEY_BACK at the root, toolkit routing on), so a focus reply names a route."""
    path = os.path.join(out, "edgeswipe.yaml")
    with open(path, "w") as f:
        f.write("defaults:\n  edges: [left]\n  actions:\n    - on: complete\n      edge: left\n      key: KEY_BACK\n"
                "  toolkit_routing: true\n")
    return path


def start_service(binary, out, sock):
    """`edgeswipe run` replaying the bundled sample after 4 s, with the hand-off configuration."""
    return subprocess.Popen([binary, "run", "-c", write_handoff_config(out), "--socket", sock, "--replay",
                             os.path.join(ROOT, "samples", "demo-back-swipes.evemu"), "--replay-delay", "4", "-v"],
                            stdout=subprocess.DEVNULL, stderr=open(os.path.join(out, "service.log"), "w"))


def main(name, script, tools, deps, inner):
    """A check's command line: EDGESWIPE OUT_DIR; the outer run (run_outer) or, under it, `inner(binary, out)`."""
    if len(sys.argv) != 3:
        sys.exit(sys.modules["__main__"].__doc__)
    binary, out_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if is_inner():
        inner(binary, out_dir)
    else:
        run_outer(name, script, binary, out_dir, tools, deps)
