"""Random playouts per second: oware (one action at a time from Python, one game a call, and in
bulk in Rust)
side by side with OpenSpiel's ``oware`` (pyspiel) in the same run, when it is installed.

    python crates/oware-py/bench/playouts.py [--seconds 3] [--bulk-games 200000] [--threads 0]
    python crates/oware-py/bench/playouts.py --scan     # 1 thread against 2 by the games a call

Not a test: it prints a table. The rules are the same for both (playstrategy = OpenSpiel's).
Each row has its rate by the clock and by the CPU time of the whole process (every thread's,
the kernel's page faults included): on a machine shared with other work the clock's ratio
depends on the share of the cores each row got, the CPU time's much less.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

import oware


def one_at_a_time(game, seconds: float, seed: int) -> tuple[float, float, float]:
    """Games and plies per second, and games per CPU second, of a Python loop over
    apply_action with random.choice."""
    rng = random.Random(seed)
    games = plies = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed, games / (time.process_time() - cpu)


def one_per_call(seconds: float, record: bool) -> tuple[float, float, float]:
    """Games and plies per second, and games per CPU second, of one ``oware.playouts(1, ...)``
    call per game (a game at a time, each played in Rust)."""
    games = plies = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        out = oware.playouts(1, seed=games, rules="playstrategy", threads=1, record=record)
        plies += int(out["lengths"][0])
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed, games / (time.process_time() - cpu)


def bulk(games: int, threads: int, record: bool, buffer=None) -> tuple[float, float, float]:
    cpu = time.process_time()
    start = time.perf_counter()
    out = oware.playouts(
        games, seed=1, rules="playstrategy", threads=threads, record=record, out=buffer
    )
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return games / elapsed, int(out["lengths"].sum()) / elapsed, games / cpu


def best_of(runs: int, games: int, threads: int, record: bool) -> tuple[float, float, float]:
    """The fastest of `runs` calls in a row (the thread pool and the window memory kept from
    one call to the next, as in a loop that generates data)."""
    return max((bulk(games, threads, record) for _ in range(runs)), key=lambda r: r[0])


def scan() -> None:
    """Games per second of one call, 1 thread against 2, by the games a call: where a second
    thread starts to pay (oware's AUTO_THREADS_MIN_GAMES). The calls alternate (1, 2, 1, 2,
    ...) so that a change in the machine's load falls on both; each rate is the best call's.
    Games per CPU second as well: on a loaded machine the clock's ratio says little, while
    equal games per CPU second mean the second thread costs nothing extra (so on idle cores
    it doubles the clock's rate)."""
    print(
        f"{'games':>10} {'record':>6} {'1 thread':>10} {'2 threads':>10} {'2 / 1':>6}"
        f" {'1 thr/CPU-s':>12} {'2 thr/CPU-s':>12} {'2 / 1':>6}"
    )
    for record in (True, False):
        for games in (2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 1_000_000):
            runs = max(3, min(20, 400_000 // games))
            one = two = one_cpu = two_cpu = 0.0
            for _ in range(runs):
                r1, r2 = bulk(games, 1, record), bulk(games, 2, record)
                one, one_cpu = max(one, r1[0]), max(one_cpu, r1[2])
                two, two_cpu = max(two, r2[0]), max(two_cpu, r2[2])
            print(
                f"{games:>10,} {str(record):>6} {one:>10,.0f} {two:>10,.0f} {two / one:>6.2f}"
                f" {one_cpu:>12,.0f} {two_cpu:>12,.0f} {two_cpu / one_cpu:>6.2f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per one-at-a-time run")
    parser.add_argument("--bulk-games", type=int, default=200_000)
    parser.add_argument("--threads", type=int, default=0, help="bulk threads, 0 = one per core")
    parser.add_argument("--scan", action="store_true", help="only 1 against 2 threads by size")
    args = parser.parse_args()
    if args.scan:
        scan()
        return

    rows = []
    try:
        import pyspiel  # type: ignore

        spiel = one_at_a_time(pyspiel.load_game("oware"), args.seconds, 1)
        rows.append(("pyspiel oware, one at a time", *spiel))
    except ImportError:
        spiel = None
        print("open_spiel is not installed: no pyspiel row (pip install open_spiel)")

    ours = one_at_a_time(oware.openspiel.load_game("oware"), args.seconds, 1)
    rows.append(("oware, one at a time (Python loop)", *ours))
    rows.append(("oware.playouts(1), a game a call", *one_per_call(args.seconds, True)))
    rows.append(("oware.playouts(1), a game a call, no record", *one_per_call(args.seconds, False)))
    rows.append(("oware.playouts, bulk, 1 thread", *bulk(args.bulk_games, 1, True)))
    threads = args.threads or os.cpu_count() or 1
    # One call of 20,000 and of 1,000,000 games with records, on 1 thread and on 2: the best
    # of a few calls in a row (pool and window memory kept between calls).
    for games, runs in ((20_000, 10), (1_000_000, 2)):
        for n in (1, 2):
            rows.append(
                (f"oware.playouts({games:,}), {n} thread{'s' if n > 1 else ''}",
                 *best_of(runs, games, n, True))
            )
    if threads > 1:
        rows.append(
            (f"oware.playouts, bulk, {threads} threads", *bulk(args.bulk_games, threads, True))
        )
    rows.append(
        (f"oware.playouts, bulk, {threads} thr., no record", *bulk(args.bulk_games, threads, False))
    )
    # Records into a buffer of the caller's, written once before (as a training loop reusing
    # it would have): no fresh memory for the kernel to fault in and clear.
    import numpy as np

    buffer = np.ones((int(args.bulk_games * 110), 16), np.uint8)
    rows.append(
        (
            f"oware.playouts, bulk, {threads} thr., out=buffer",
            *bulk(args.bulk_games, threads, True, buffer),
        )
    )

    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(
        f"{'':44} {'games/s':>12} {'plies/s':>14} {'vs pyspiel':>10}"
        f" {'games/CPU-s':>12} {'vs pyspiel':>10}"
    )
    for name, g, p, c in rows:
        ratio = f"{g / spiel[0]:9.1f}x" if spiel else "        -"
        cpu_ratio = f"{c / spiel[2]:9.1f}x" if spiel else "        -"
        print(f"{name:44} {g:12,.0f} {p:14,.0f} {ratio} {c:12,.0f} {cpu_ratio}")


if __name__ == "__main__":
    main()
