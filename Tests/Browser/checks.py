"""What the browser checks share: their arguments, the ok/FAIL lines, a free loopback port."""
import os
import socket
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def arguments(prefix):
    """PATH/TO/edgeswipe [OUT_DIR] from the command line; OUT_DIR made (a fresh temporary one by default)."""
    out_dir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix=prefix)
    os.makedirs(out_dir, exist_ok=True)
    return sys.argv[1], out_dir


def expect(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
