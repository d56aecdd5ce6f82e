"""How long Ctrl-C takes to stop long calls: a child process starts the call, this one sends
it SIGINT after a delay and the child notes when its KeyboardInterrupt arrives (both read the
same monotonic clock).

    python crates/oware-py/bench/interrupt.py [--trials 5]

Not a test: it prints the latency of each trial (the tests only check that the calls end).
"""

from __future__ import annotations

import argparse
import pathlib
import signal
import sys
import time

# The child process is the tests' own (tests/interrupted.py).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))
from interrupted import running, when_interrupted  # noqa: E402

CALLS = [
    "oware.playouts(10_000_000, record=False)",
    "oware.playouts(10_000_000, record=False, threads=1)",
    "oware.playouts(10_000_000)",
    "oware.playouts(1_000_000, depth=6)",
    "oware.analyse('4-4-4-4-4-4-4-4-4-4-4-4-0-0-S', depth=100, egdb=False)",
]


def trial(call: str, delay: float) -> float:
    """Seconds from SIGINT to the child's KeyboardInterrupt, `delay` s into the call."""
    with running(call) as child:
        time.sleep(delay)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
        came = when_interrupted(out)
        if child.returncode != 3 or came is None:
            raise RuntimeError(f"{call}: exit {child.returncode}: {out} {err}")
        return came - sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=5)
    args = parser.parse_args()
    for call in CALLS:
        latencies = [trial(call, 0.5 + 0.3 * i) for i in range(args.trials)]
        shown = ", ".join(f"{1000 * x:.0f}" for x in latencies)
        print(f"{call:75} max {1000 * max(latencies):4.0f} ms  ({shown})")


if __name__ == "__main__":
    main()
