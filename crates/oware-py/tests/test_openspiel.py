"""(b) Agreement with the open_spiel package's oware on seeded random games, where that package
is installed: the same current player, legal actions, terminal flag, returns, observation
tensor, observation string and board text at every ply."""

import numpy as np
import pytest

import oware
from conftest import replay_side_by_side

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="open_spiel is not installed (pip install open_spiel, where a wheel exists for this "
    "platform): the agreement with OpenSpiel's oware is not checked",
)

GAMES = 300


def test_game_shape_matches():
    theirs = pyspiel.load_game("oware")
    ours = oware.openspiel.load_game("oware")
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 6
    assert ours.num_players() == theirs.num_players()
    assert ours.observation_tensor_shape() == list(theirs.observation_tensor_shape())
    assert ours.max_game_length() == theirs.max_game_length()
    assert ours.min_utility() == theirs.min_utility()
    assert ours.max_utility() == theirs.max_utility()


def test_random_games_agree_with_openspiel():
    def same_ply(ours, theirs, action, where):
        tensor = np.asarray(theirs.observation_tensor(0), dtype=np.float32)
        assert np.array_equal(ours.observation_tensor(0), tensor), where
        assert np.array_equal(ours.observation_tensor(1), tensor), where
        assert ours.observation_string(0) == theirs.observation_string(0), where
        assert str(ours) == str(theirs), where
        assert ours.action_to_string(ours.current_player(), action) == theirs.action_to_string(
            theirs.current_player(), action
        ), where

    replay_side_by_side(
        oware.openspiel.load_game("oware"),
        pyspiel.load_game("oware"),
        GAMES,
        2024,
        lambda ours: ours.position(),
        same_ply,
    )


def test_bulk_playouts_agree_with_openspiel():
    """Games played in bulk in Rust replay in OpenSpiel to the same end."""
    out = oware.playouts(100, seed=7, rules="playstrategy")
    game = pyspiel.load_game("oware")
    for g in range(100):
        lo, hi = out["offsets"][g], out["offsets"][g + 1]
        state = game.new_initial_state()
        for ply in range(lo, hi):
            board = out["boards"][ply]
            assert np.allclose(np.asarray(state.observation_tensor(0)), board / 48)
            assert state.current_player() == out["players"][ply]
            state.apply_action(int(out["actions"][ply]))
        assert state.is_terminal()
        assert state.returns()[0] == out["returns"][g]
