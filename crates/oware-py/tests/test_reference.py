"""(a) The reference games and rule scenarios replayed through the Python API agree with the
recorded reference position by position (see crates/oware-core/tests/data/README.md: recorded
from OpenSpiel's oware, which plays the playstrategy preset and sweeps each row to its owner at
every end, so terminal plies are compared on ev.pre_sweep)."""

import pytest

import oware
from conftest import records

STEP = ["ply", "player", "move", "board", "scores", "to_move", "legal", "terminal", "returns", "ev"]
REASONS = {"repetition": "cycle", "no_feed": "no-feed"}


def check(record):
    game = oware.Game(rules="playstrategy")
    state = oware.openspiel.load_game("oware").new_initial_state()
    for i, raw in enumerate(record["steps"]):
        step = dict(zip(STEP, raw))
        where = f"{record['id']} ply {i + 1}"
        assert game.position.player == step["player"], where
        assert state.current_player() == step["player"], where
        game.play(step["move"])
        state.apply_action(step["move"])
        pos = game.position
        terminal = step["terminal"]
        assert game.is_over == terminal == state.is_terminal(), where
        want = step["ev"]["pre_sweep"] if terminal else step
        assert pos.pits == want["board"], where
        assert list(pos.stores) == want["scores"], where
        assert game.legal_actions() == step["legal"] == state.legal_actions(), where
        assert state.position() == pos, where
        if terminal:
            outcome = game.outcome
            end = step["ev"]["end"]
            reason = REASONS.get(end, "draw" if want["scores"] == [24, 24] else "capture")
            assert outcome.reason == reason, where
            assert outcome.returns == [float(r) for r in step["returns"]], where
            assert state.returns() == outcome.returns, where
            if reason != "capture":
                assert outcome.scores == tuple(float(s) for s in step["scores"]), where
    return len(record["steps"])


def test_reference_random_games_agree_at_every_ply():
    games = records("random_games.jsonl")
    assert len(games) == 1000
    assert sum(check(g) for g in games) > 10_000


def test_reference_scenarios_agree_at_every_ply():
    scenarios = records("scenarios.jsonl")
    assert len(scenarios) == 410
    for s in scenarios:
        check(s)
    assert len({s["category"] for s in scenarios}) == 18


def test_a_wrong_reference_move_would_be_caught():
    """The replay can fail: a board that differs from the record is noticed."""
    game = records("random_games.jsonl")[0]
    broken = dict(game)
    steps = [list(s) for s in game["steps"]]
    steps[0][3] = list(steps[0][3])
    steps[0][3][0] += 1
    broken["steps"] = steps
    with pytest.raises(AssertionError):
        check(broken)
