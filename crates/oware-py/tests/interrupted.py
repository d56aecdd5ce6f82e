"""A long call of the package in a child Python, to be stopped with Ctrl-C (SIGINT): the tests
check that it stops (test_spiel_compat.py), bench/interrupt.py measures how fast."""

import contextlib
import subprocess
import sys

# On KeyboardInterrupt the child prints "interrupted" and its monotonic clock, and exits 3.
CHILD = """
import sys, time, oware
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@contextlib.contextmanager
def running(call):
    """A child Python about to run `call` (a line of Python, `oware` imported): yields the
    child once it said it is ready; kills it on the way out if it still runs."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        yield child
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def when_interrupted(out):
    """The child's clock when its KeyboardInterrupt came, read from its output (`None` if the
    output is anything but the one line it prints then)."""
    words = out.split()
    if len(words) != 2 or words[0] != "interrupted":
        return None
    try:
        return float(words[1])
    except ValueError:
        return None
