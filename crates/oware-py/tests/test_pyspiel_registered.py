"""The game registered with OpenSpiel (``pyspiel.load_game("oware_rs")`` after ``import oware``),
run by OpenSpiel's own C++ and Python code where the open_spiel package installs: C++ bots and
``pyspiel.evaluate_bots``, the Python ``evaluate_bots`` with ``UniformRandomBot``,
``get_all_states``, OpenSpiel's C++ ``random_sim_test``, ``serialize_game_and_state``, and seeded
games replayed against pyspiel's C++ ``oware``."""

import random

import numpy as np
import pytest

import oware
from conftest import replay_side_by_side

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="open_spiel is not installed (pip install open_spiel, where a wheel exists for this "
    "platform): the registered game is not checked",
)
from open_spiel.python.algorithms import evaluate_bots, get_all_states  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

REPLAYED_GAMES = 1000


def ours(params=""):
    return pyspiel.load_game("oware_rs" + params)


def theirs():
    return pyspiel.load_game("oware")


def test_registered_on_import_as_a_real_pyspiel_game():
    assert "oware_rs" in pyspiel.registered_names()
    game = ours()
    assert isinstance(game, pyspiel.Game)
    state = game.new_initial_state()
    assert isinstance(state, pyspiel.State)
    t = game.get_type()
    assert t.short_name == "oware_rs"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.get_parameters() == {"rules": "playstrategy", "max_game_length": 1000}
    assert game.num_distinct_actions() == theirs().num_distinct_actions() == 6
    assert game.num_players() == 2
    assert game.max_game_length() == theirs().max_game_length()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert list(game.observation_tensor_shape()) == list(theirs().observation_tensor_shape())
    assert str(game) == "oware_rs(max_game_length=1000,rules=playstrategy)"


def test_parameters_choose_the_rules_and_bad_ones_are_refused():
    awari = ours("(rules=awari)")
    assert awari.spiel_game().rules == oware.Rules("awari")
    first = ours("(rules=abapa;repetition:first,max_game_length=30)")
    assert first.get_parameters()["rules"] == "abapa;repetition:first"
    same = pyspiel.load_game("oware_rs", {"rules": "abapa,repetition=first", "max_game_length": 30})
    assert same.spiel_game() == first.spiel_game()
    assert first.spiel_game().rules == oware.Rules("abapa,repetition=first")
    assert first.max_game_length() == 30
    state = first.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal() and state.move_number() < 30:
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.move_number() <= 30
    with pytest.raises(Exception, match="rules|preset|unknown"):
        ours("(rules=nonsense)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'seeds'"):
        ours("(seeds=3)")
    with pytest.raises(ValueError, match="unknown parameter"):
        oware.spiel_game.OwareRsGame({"seeds": 3})


def test_state_calls_answer_as_the_rust_rules_do():
    state = ours().new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert state.legal_actions(1) == []
    state.apply_action(5)
    assert state.current_player() == 1
    assert state.history() == [5]
    assert state.action_to_string(1, 0) == theirs().new_initial_state().child(5).action_to_string(
        1, 0
    )
    assert np.allclose(
        state.observation_tensor(0), state.spiel_state().observation_tensor(0)
    )
    assert state.observation_string(1) == state.spiel_state().observation_string(1)
    assert str(state) == str(theirs().new_initial_state().child(5))
    copy = state.clone()
    copy.apply_action(0)
    assert state.history() == [5] and copy.history() == [5, 0]
    assert isinstance(copy, pyspiel.State)
    assert str(copy) == str(theirs().new_initial_state().child(5).child(0))


def test_an_illegal_action_raises_and_changes_nothing():
    state = ours().new_initial_state("0-0-0-0-0-1-0-0-0-0-0-0-24-23-N")
    assert state.legal_actions() == []  # North cannot move: the game is over
    state = ours().new_initial_state()
    state.apply_action(5)
    with pytest.raises(Exception):
        state.apply_action(9)
    assert state.history() == [5]
    assert state.current_player() == 1


def test_cpp_evaluate_bots_with_cpp_random_and_mcts_bots_plays_to_the_end():
    game = ours()
    for seed in range(3):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        mcts = pyspiel.MCTSBot(game, evaluator, 2.0, 20, 10, False, seed, False)
        random_bot = pyspiel.make_uniform_random_bot(1 - seed % 2, seed)
        bots = [mcts, random_bot] if seed % 2 == 0 else [random_bot, mcts]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert len(returns) == 2 and returns[0] + returns[1] == 0
        assert returns[0] in (-1.0, 0.0, 1.0)


def test_python_evaluate_bots_with_uniform_random_bots_plays_to_the_end():
    game = ours()
    rng = np.random.RandomState(7)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(2)]
    for _ in range(5):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert returns[0] + returns[1] == 0 and returns[0] in (-1.0, 0.0, 1.0)


def test_get_all_states_agrees_with_openspiels_oware():
    """open_spiel 2.0.2 binds no C++ ``get_all_states``: its Python one walks the tree here, every
    state a pyspiel.State whose clones and children are made by OpenSpiel's C++ side."""
    for depth in range(5):
        mine = get_all_states.get_all_states(ours(), depth, True, False)
        want = get_all_states.get_all_states(theirs(), depth, True, False)
        assert set(mine) == set(want), depth
        assert all(isinstance(s, pyspiel.State) for s in mine.values())
    assert len(mine) == len(want) > 1000


def test_openspiels_cpp_random_simulation_test_passes():
    """OpenSpiel's own C++ tester of a game (``random_sim_test``): random games played through
    the C++ interface, with serialisation round trips (``serialize=True``)."""
    pyspiel.random_sim_test(ours(), num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(ours("(rules=awari)"), num_sims=2, serialize=True, verbose=False)


def test_serialize_game_and_state_round_trips():
    game = ours("(rules=awari)")
    rng = random.Random(11)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert game2.spiel_game().rules == oware.Rules("awari")
    assert isinstance(state2, pyspiel.State)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    action = state.legal_actions()[0]
    state.apply_action(action)
    state2.apply_action(action)
    assert str(state2) == str(state) and state2.returns() == state.returns()


def test_seeded_games_replay_as_in_openspiels_oware():
    def same_ply(mine, want, action, where):
        assert mine.observation_tensor(0) == want.observation_tensor(0), where
        assert mine.observation_string(0) == want.observation_string(0), where
        assert str(mine) == str(want), where

    replay_side_by_side(
        ours(),
        theirs(),
        REPLAYED_GAMES,
        58,
        lambda mine: mine.spiel_state().position(),
        same_ply,
    )
