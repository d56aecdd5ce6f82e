"""What OpenSpiel's Python code asks of a game and a state beyond play, without open_spiel
installed: the game type, parameters, serialization, pickling (and a process pool over pickled
states), equality, children and histories; and Ctrl-C during long calls."""

import multiprocessing
import os
import pickle
import random
import signal
import subprocess
import sys
import time

import pytest

import oware
from oware.openspiel import GameType, load_game

from interrupted import running, when_interrupted


def played(game, actions):
    state = game.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def random_state(game, seed, plies):
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal() or state.move_number() >= game.max_game_length():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_game_type_without_pyspiel_has_openspiels_fields(monkeypatch):
    monkeypatch.delitem(sys.modules, "pyspiel", raising=False)
    t = load_game().get_type()
    assert isinstance(t, GameType)
    assert t.short_name == "oware" and t.long_name == "Oware"
    assert t.dynamics == GameType.Dynamics.SEQUENTIAL == 1
    assert t.chance_mode == GameType.ChanceMode.DETERMINISTIC == 0
    assert t.information == GameType.Information.PERFECT_INFORMATION == 1
    assert t.utility == GameType.Utility.ZERO_SUM == 0
    assert t.reward_model == GameType.RewardModel.TERMINAL == 1
    assert (t.min_num_players, t.max_num_players) == (2, 2)
    assert t.provides_observation_tensor and t.provides_observation_string
    assert not t.provides_information_state_tensor and not t.provides_information_state_string
    assert t.parameter_specification == {"num_houses_per_player": 6, "num_seeds_per_house": 4}
    assert load_game().new_initial_state().get_type() == t


def test_parameters_and_initial_states():
    game = load_game()
    assert game.get_parameters() == {"num_houses_per_player": 6, "num_seeds_per_house": 4}
    (state,) = game.new_initial_states()
    assert state == game.new_initial_state()
    assert game.max_chance_outcomes() == 0
    assert not state.is_mean_field_node()


def test_games_equal_by_rules_and_length_and_hash_alike():
    assert load_game() == load_game("oware")
    assert hash(load_game()) == hash(load_game())
    assert load_game() != load_game(rules="awari")
    assert load_game() != load_game(max_game_length=50)
    assert len({load_game(), load_game(), load_game(rules="awari")}) == 2
    assert played(load_game(), [5]).get_game() == load_game()


def test_states_equal_by_game_start_and_actions_and_have_no_hash():
    game = load_game()
    a = played(game, [5, 0, 3])
    assert a == a.clone() == played(game, [5, 0, 3])
    assert a != played(game, [5, 0])
    assert a != played(load_game(rules="awari"), [5, 0, 3])
    assert a != game.new_initial_state("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N")
    with pytest.raises(TypeError):
        hash(a)


def test_child_history_str_full_history_and_rewards():
    game = load_game()
    state = played(game, [5, 0])
    child = state.child(3)
    assert state.history() == [5, 0] and child.history() == [5, 0, 3]
    assert child.history_str() == "5, 0, 3"
    assert game.new_initial_state().history_str() == ""
    assert [(p.player, p.action) for p in child.full_history()] == [(0, 5), (1, 0), (0, 3)]
    assert child.full_history()[0] == state.full_history()[0]
    assert repr(child.full_history()[2]) == "PlayerAction(player=0, action=3)"
    end = random_state(game, 1, 1000)
    assert end.is_terminal()
    assert [end.player_reward(0), end.player_reward(1)] == end.rewards() == end.returns()
    assert state.player_reward(0) == 0.0
    with pytest.raises(oware.IllegalMoveError):
        state.child(9)
    assert state.history() == [5, 0]


def test_apply_action_with_legality_check():
    state = load_game().new_initial_state()
    state.apply_action_with_legality_check(5)
    with pytest.raises(oware.IllegalMoveError):
        state.apply_action_with_legality_check(7)
    assert state.history() == [5]


def test_legal_actions_of_a_player_not_to_move_are_empty():
    state = load_game().new_initial_state()
    assert state.legal_actions(0) == [0, 1, 2, 3, 4, 5]
    for player in [1, 2, 7, -1, -4]:
        assert state.legal_actions(player) == []
        assert state.legal_actions_mask(player) == [0] * 6


def test_serialize_round_trips_from_any_start():
    game = load_game()
    state = played(game, [5, 0, 1])
    assert state.serialize() == "5\n0\n1\n"
    assert game.deserialize_state(state.serialize()) == state
    assert game.deserialize_state("") == game.new_initial_state()
    other = game.new_initial_state("0-0-0-0-0-1-2-0-0-0-0-1-24-20-S")
    other.apply_action(5)
    text = other.serialize()
    assert text.startswith("0-0-0-0-0-1-2-0-0-0-0-1-24-20-S\n")
    assert game.deserialize_state(text) == other
    end = random_state(game, 4, 1000)
    assert game.deserialize_state(end.serialize()) == end


def test_deserialize_refuses_bad_text_and_changes_nothing():
    game = load_game()
    with pytest.raises(oware.ParseError):
        game.deserialize_state("5\nx\n")
    with pytest.raises(oware.ParseError):
        game.deserialize_state("1-2-3\n")
    with pytest.raises(oware.IllegalMoveError):
        game.deserialize_state("5\n9\n")
    with pytest.raises(oware.ParseError, match="longer"):
        game.deserialize_state("5\n" * 100_000)
    short = load_game(max_game_length=2)
    with pytest.raises(oware.IllegalMoveError, match="length limit"):
        short.deserialize_state("5\n0\n1\n")


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_games_and_states_pickle(protocol):
    for game in [load_game(), load_game(rules="awari", max_game_length=50),
                 oware.SpielGame(rules=oware.Rules("abapa", repetition="first"))]:
        back = pickle.loads(pickle.dumps(game, protocol))
        assert back == game and back.rules == game.rules
        assert back.max_game_length() == game.max_game_length()
        for state in [game.new_initial_state(), random_state(game, 2, 30),
                      random_state(game, 3, 1000)]:
            again = pickle.loads(pickle.dumps(state, protocol))
            assert again == state
            assert again.is_terminal() == state.is_terminal()
            assert again.returns() == state.returns()
            assert list(again.observation_tensor()) == list(state.observation_tensor())


def finish(state):
    """Plays the first legal action to the end (in a worker process)."""
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state.history(), state.returns(), state


def test_process_pool_maps_over_pickled_states():
    game = load_game()
    states = [random_state(game, seed, 20) for seed in range(6)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        got = pool.map(finish, states)
    want = [finish(s.clone()) for s in states]
    assert [(h, r) for h, r, _ in got] == [(h, r) for h, r, _ in want]
    assert [s for _, _, s in got] == [s for _, _, s in want]


def wait_for_threads(pid, timeout=60.0):
    """Waits until process `pid` runs a thread named oware-... (inside a long call)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/comm") as f:
                    if f.read().startswith("oware-"):
                        return
            except OSError:
                pass
        time.sleep(0.002)
    raise AssertionError("the call's threads never started")


@pytest.mark.parametrize(
    "call",
    [
        "oware.playouts(10**9, record=False)",
        "oware.playouts(10**6, threads=2)",
        "oware.playouts(10**6, depth=8)",
        "oware.analyse('4-4-4-4-4-4-4-4-4-4-4-4-0-0-S', depth=100, egdb=False)",
        "oware.play_match('medium', 'medium', games=10**5, time_scale=0.2, egdb=False)",
    ],
)
def test_sigint_stops_a_long_call_with_keyboard_interrupt(call):
    """Ctrl-C (SIGINT) during a call that would run for hours ends it with KeyboardInterrupt.
    The signal is sent once the call's threads (named oware-...) run; the timeouts are only a
    safety net: the call stops within a fraction of a second (measured by bench/interrupt.py)."""
    if not os.path.isdir("/proc/self/task"):
        pytest.skip("needs /proc to see the call's threads")
    with running(call) as child:
        wait_for_threads(child.pid)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    assert child.returncode == 3, (out, err)
    assert when_interrupted(out) is not None, (out, err)


def test_playouts_refuses_negative_counts_with_a_clear_error():
    for kwargs, name in [({}, "games"), ({"max_plies": -1}, "max_plies"),
                         ({"threads": -2}, "threads")]:
        games = -1 if name == "games" else 1
        with pytest.raises(oware.OwareError, match=f"{name} must be 0 or more"):
            oware.playouts(games, **kwargs)


def test_playouts_help_lists_the_returned_keys():
    doc = oware.playouts.__doc__
    for key in ["records", "boards", "players", "actions", "offsets", "lengths", "reasons",
                "returns", "scores", "final_boards"]:
        assert f"`{key}`" in doc, key


def test_outcome_repr_shows_the_scores_as_floats():
    pos = oware.Position("0-0-0-0-0-1-2-0-0-0-0-1-24-20-S")
    outcome = pos.play("F", rules="abapa").outcome()
    assert repr(outcome) == f"Outcome(reason='capture', scores={outcome.scores!r})"
    assert repr(outcome) == "Outcome(reason='capture', scores=(27.0, 20.0))"


def test_playouts_threads_do_not_change_the_games():
    """Whatever the thread count chosen (by size or given), and with the pool kept between
    calls, the same seed gives the same games."""
    auto_small = oware.playouts(500, seed=3)
    two = oware.playouts(500, seed=3, threads=2)
    one = oware.playouts(500, seed=3, threads=1)
    again = oware.playouts(500, seed=3, threads=2)
    for key in ["records", "lengths", "reasons", "scores"]:
        assert (auto_small[key] == one[key]).all()
        assert (two[key] == one[key]).all()
        assert (again[key] == one[key]).all()


def test_import_and_load_game_work_without_open_spiel():
    """Without pyspiel importable, ``import oware`` registers nothing and imports no open_spiel,
    and the look-alike game plays on."""
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "import oware\n"
        "assert 'oware.spiel_game' not in sys.modules\n"
        "game = oware.openspiel.load_game('oware')\n"
        "state = game.new_initial_state(); state.apply_action(5)\n"
        "print(state.history_str(), game.get_type().short_name)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "5 oware"
