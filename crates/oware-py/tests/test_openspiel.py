"""(b) Agreement with the open_spiel package's oware on seeded random games, where that package
is installed: the same current player, legal actions, terminal flag, returns, observation
tensor, observation string and board text at every ply."""

import random

import numpy as np
import pytest

import oware

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="open_spiel is not installed (pip install open_spiel, where a wheel exists for this "
    "platform): the agreement with OpenSpiel's oware is not checked",
)

GAMES = 300


def swept(obs, pits_and_stores):
    """OpenSpiel's terminal observation: each row swept to its owner, the board empty."""
    pits, (south, north) = pits_and_stores
    out = np.zeros(14, dtype=np.float32)
    out[12] = (south + sum(pits[:6])) / 48
    out[13] = (north + sum(pits[6:])) / 48
    return out


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
    theirs_game = pyspiel.load_game("oware")
    ours_game = oware.openspiel.load_game("oware")
    rng = random.Random(2024)
    plies = 0
    for g in range(GAMES):
        theirs = theirs_game.new_initial_state()
        ours = ours_game.new_initial_state()
        while True:
            where = f"game {g} ply {ours.move_number()}"
            assert ours.is_terminal() == theirs.is_terminal(), where
            assert ours.current_player() == theirs.current_player(), where
            assert ours.returns() == list(theirs.returns()), where
            assert ours.legal_actions() == list(theirs.legal_actions()), where
            tensor = np.asarray(theirs.observation_tensor(0), dtype=np.float32)
            if ours.is_terminal():
                pos = ours.position()
                mine = swept(ours.observation_tensor(), (pos.pits, pos.stores))
                assert np.array_equal(mine, tensor), where
                break
            assert np.array_equal(ours.observation_tensor(0), tensor), where
            assert np.array_equal(ours.observation_tensor(1), tensor), where
            assert ours.observation_string(0) == theirs.observation_string(0), where
            assert str(ours) == str(theirs), where
            action = rng.choice(theirs.legal_actions())
            assert ours.action_to_string(ours.current_player(), action) == theirs.action_to_string(
                theirs.current_player(), action
            ), where
            theirs.apply_action(action)
            ours.apply_action(action)
            plies += 1
        assert ours.history() == list(theirs.history())
    assert plies > 100 * GAMES / 2


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
