"""Shared helpers: the reference vectors of the rules core (crates/oware-core/tests/data), and
seeded games played side by side in our game and OpenSpiel's."""

import json
import pathlib
import random

import numpy as np
import pytest

DATA = pathlib.Path(__file__).resolve().parents[2] / "oware-core" / "tests" / "data"


def records(name):
    """The records of a reference .jsonl file (its meta line left out)."""
    path = DATA / name
    if not path.exists():
        pytest.fail(f"reference data missing: {path} (run the tests from a clone of the repository)")
    with path.open() as f:
        rows = [json.loads(line) for line in f]
    return [r for r in rows if r.get("type") != "meta"]


def swept(pos):
    """OpenSpiel's terminal observation of `pos`: each row swept to its owner, the board empty."""
    out = np.zeros(14, dtype=np.float32)
    out[12] = (pos.stores[0] + sum(pos.pits[:6])) / 48
    out[13] = (pos.stores[1] + sum(pos.pits[6:])) / 48
    return out


def replay_side_by_side(mine_game, want_game, games, seed, position, same_ply):
    """Plays `games` random games in `mine_game` and `want_game` at once, each move drawn with
    `random.Random(seed)` from `want`'s legal actions. At every ply: the same terminal flag,
    current player, returns and legal actions; before each move `same_ply(mine, want, action,
    where)` checks the rest; at the end `want`'s observation is the swept board of
    `position(mine)` and the histories agree. The games last 50 plies on average, at least."""
    rng = random.Random(seed)
    plies = 0
    for g in range(games):
        mine = mine_game.new_initial_state()
        want = want_game.new_initial_state()
        while True:
            where = f"game {g} ply {mine.move_number()}"
            assert mine.is_terminal() == want.is_terminal(), where
            assert mine.current_player() == want.current_player(), where
            assert mine.returns() == list(want.returns()), where
            assert mine.legal_actions() == list(want.legal_actions()), where
            if mine.is_terminal():
                tensor = np.asarray(want.observation_tensor(0), np.float32)
                assert np.array_equal(swept(position(mine)), tensor), where
                break
            action = rng.choice(want.legal_actions())
            same_ply(mine, want, action, where)
            mine.apply_action(action)
            want.apply_action(action)
            plies += 1
        assert mine.history() == list(want.history())
    assert plies > 100 * games / 2
