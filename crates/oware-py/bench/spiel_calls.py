"""The cost of one ply through OpenSpiel's state interface: ``legal_actions()`` then
``apply_action(a)`` from a Python loop, on the same seeded random games, for

- pyspiel's C++ ``oware`` (``pyspiel.load_game("oware")``),
- the look-alike objects (``oware.openspiel.load_game("oware")``),
- the game registered with OpenSpiel (``pyspiel.load_game("oware_rs")``),
- and the registered game driven from C++ (``pyspiel.evaluate_bots`` with two
  ``pyspiel.make_uniform_random_bot``s, which ask ``legal_actions`` and ``apply_action`` from
  C++ each ply; the bots' own work is included).

    python crates/oware-py/bench/spiel_calls.py [--games 300] [--runs 3]

Prints microseconds per ply (the best of the runs) and the ratio to pyspiel's oware.
Needs open_spiel. Not a test.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import oware


def python_loop(game, games: int, seed: int) -> tuple[float, int]:
    """Seconds and plies for `games` random games, a Python loop over the state calls."""
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            plies += 1
    return time.perf_counter() - start, plies


def cpp_loop(game, games: int, seed: int) -> tuple[float, int]:
    """Seconds and plies for `games` random games played by C++ bots through evaluate_bots."""
    plies = 0
    elapsed = 0.0
    for g in range(games):
        bots = [pyspiel.make_uniform_random_bot(p, seed + g) for p in range(2)]
        state = game.new_initial_state()
        start = time.perf_counter()
        pyspiel.evaluate_bots(state, bots, seed + g)
        elapsed += time.perf_counter() - start
        # evaluate_bots plays on a clone: replay the same seeds to count the plies.
        plies += _plies_of(game, seed + g)
    return elapsed, plies


def _plies_of(game, seed: int) -> int:
    bots = [pyspiel.make_uniform_random_bot(p, seed) for p in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return len(state.history())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rows = [
        ("pyspiel oware (C++), Python loop", pyspiel.load_game("oware"), python_loop),
        ("oware.openspiel look-alike, Python loop", oware.openspiel.load_game(), python_loop),
        ("pyspiel.load_game('oware_rs'), Python loop", pyspiel.load_game("oware_rs"), python_loop),
        ("pyspiel oware (C++), C++ evaluate_bots", pyspiel.load_game("oware"), cpp_loop),
        ("pyspiel.load_game('oware_rs'), C++ evaluate_bots", pyspiel.load_game("oware_rs"),
         cpp_loop),
    ]
    results = []
    for name, game, loop in rows:
        best = min(
            (lambda t: t[0] / t[1])(loop(game, args.games, 1000 * run)) for run in range(args.runs)
        )
        results.append((name, best))
    print("| | µs per ply | vs pyspiel's oware |")
    print("| --- | ---: | ---: |")
    for name, per_ply in results:
        base = results[0][1] if "Python loop" in name else results[3][1]
        print(f"| {name} | {per_ply * 1e6:.2f} | {per_ply / base:.1f}× |")


if __name__ == "__main__":
    main()
