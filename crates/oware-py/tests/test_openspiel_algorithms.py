"""OpenSpiel's own Python algorithms, unchanged, on ``oware.openspiel.load_game("oware")``, where
the open_spiel package installs: MCTS, alpha-beta, the RL environment, evaluate_bots,
get_all_states and sample_some_states, each checked against the same algorithm on pyspiel's
``oware`` where its result is deterministic."""

import random

import numpy as np
import pytest

import oware

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="open_spiel is not installed (pip install open_spiel, where a wheel exists for this "
    "platform): OpenSpiel's algorithms are not run on the game",
)
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    evaluate_bots,
    get_all_states,
    mcts,
    minimax,
    sample_some_states,
)
from open_spiel.python.bots import uniform_random  # noqa: E402


def ours():
    return oware.openspiel.load_game("oware")


def theirs():
    return pyspiel.load_game("oware")


def test_get_type_is_openspiels_when_pyspiel_is_loaded():
    got = ours().get_type()
    want = theirs().get_type()
    assert isinstance(got, pyspiel.GameType)
    for field in [
        "short_name",
        "long_name",
        "dynamics",
        "chance_mode",
        "information",
        "utility",
        "reward_model",
        "max_num_players",
        "min_num_players",
        "provides_information_state_string",
        "provides_information_state_tensor",
        "provides_observation_string",
        "provides_observation_tensor",
        "provides_factored_observation_string",
        "default_loadable",
        "is_concrete",
    ]:
        assert getattr(got, field) == getattr(want, field), field
    assert dict(got.parameter_specification) == dict(want.parameter_specification)
    assert ours().get_parameters() == theirs().get_parameters()


def mcts_game(game, seed, simulations=10):
    """A game of two MCTS bots with random-rollout evaluators, from `seed`: the actions and
    the returns."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng) for _ in range(2)
    ]
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        actions.append(action)
        state.apply_action(action)
    return actions, list(state.returns())


def test_mcts_plays_the_game_pyspiel_plays():
    mine = mcts_game(ours(), 11)
    want = mcts_game(theirs(), 11)
    assert len(mine[0]) > 20
    assert mine == want


def value(state):
    """Stores, South's minus North's, in seeds (the same for both games before the end)."""
    obs = np.asarray(state.observation_tensor(0), dtype=np.float32)
    return int(round(float(obs[12] - obs[13]) * 48))


def test_alpha_beta_agrees_with_pyspiel_on_20_positions():
    rng = random.Random(5)
    mine_game, their_game = ours(), theirs()
    done = 0
    while done < 20:
        mine, theirs_state = mine_game.new_initial_state(), their_game.new_initial_state()
        for _ in range(rng.randrange(0, 80)):
            if mine.is_terminal():
                break
            action = rng.choice(mine.legal_actions())
            mine.apply_action(action)
            theirs_state.apply_action(action)
        if mine.is_terminal():
            continue
        got = minimax.alpha_beta_search(mine_game, mine, value, maximum_depth=4)
        want = minimax.alpha_beta_search(their_game, theirs_state, value, maximum_depth=4)
        assert got == want, mine.history()
        done += 1


def test_alpha_beta_agrees_with_pyspiel_near_the_end():
    """Positions a few plies from the end of seeded random games: the searches meet the ends
    (returns) as well as the value function."""
    rng = random.Random(8)
    mine_game, their_game = ours(), theirs()
    for _ in range(10):
        state = mine_game.new_initial_state()
        history = []
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            history.append(action)
            state.apply_action(action)
        start = history[: max(0, len(history) - 3)]
        mine, theirs_state = mine_game.new_initial_state(), their_game.new_initial_state()
        for action in start:
            mine.apply_action(action)
            theirs_state.apply_action(action)
        got = minimax.alpha_beta_search(mine_game, mine, value, maximum_depth=5)
        want = minimax.alpha_beta_search(their_game, theirs_state, value, maximum_depth=5)
        assert got == want, start


def test_rl_environment_plays_an_episode():
    env = rl_environment.Environment(ours())
    assert env.is_turn_based
    assert env.observation_spec()["info_state"] == (14,)
    assert env.action_spec()["num_actions"] == 6
    rng = random.Random(3)
    step = env.reset()
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        step = env.step([rng.choice(legal)])
        steps += 1
    assert steps > 10
    assert sorted(step.rewards) in ([-1.0, 1.0], [0.0, 0.0])
    # The same episode in pyspiel's game gives the same rewards.
    theirs_env = rl_environment.Environment(theirs())
    rng = random.Random(3)
    step = theirs_env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = theirs_env.step([rng.choice(step.observations["legal_actions"][player])])
    assert env.get_state.history() == theirs_env.get_state.history()


class RandomBot(uniform_random.UniformRandomBot):
    """OpenSpiel's uniform random bot with an `inform_action` of its own, as a bot written in
    Python has: the one UniformRandomBot and MCTSBot inherit from `pyspiel.Bot` is C++ and
    takes pyspiel's states only (a limit of those bots, not of the game)."""

    def inform_action(self, state, player_id, action):
        pass


def test_evaluate_bots_plays_python_bots_as_on_pyspiel():
    for seed in range(3):
        mine_returns = evaluate_bots.evaluate_bots(
            ours().new_initial_state(),
            [RandomBot(p, np.random.RandomState(seed + p)) for p in range(2)],
            np.random.RandomState(0),
        )
        their_returns = evaluate_bots.evaluate_bots(
            theirs().new_initial_state(),
            [RandomBot(p, np.random.RandomState(seed + p)) for p in range(2)],
            np.random.RandomState(0),
        )
        assert list(mine_returns) == list(their_returns)


def test_get_all_states_of_a_truncated_game_matches_pyspiel():
    mine = get_all_states.get_all_states(ours(), depth_limit=3)
    want = get_all_states.get_all_states(theirs(), depth_limit=3)
    assert len(mine) > 100
    assert sorted(mine) == sorted(want)
    for key, state in mine.items():
        assert state.history_str() == key == want[key].history_str()
        assert state.legal_actions() == list(want[key].legal_actions())


def test_sample_some_states_runs():
    states = sample_some_states.sample_some_states(ours(), max_states=30)
    assert len(states) == 30
    assert all(isinstance(s, oware.SpielState) for s in states)


def test_history_str_and_full_history_match_pyspiel():
    mine, want = ours().new_initial_state(), theirs().new_initial_state()
    for action in [5, 0, 3, 1]:
        mine.apply_action(action)
        want.apply_action(action)
    assert mine.history_str() == want.history_str()
    assert mine.serialize() == want.serialize()
    assert [(a.player, a.action) for a in mine.full_history()] == [
        (a.player, a.action) for a in want.full_history()
    ]
    assert ours().deserialize_state(want.serialize()).history() == list(want.history())
    for player in [0, 1, 2, 5, -4]:
        assert mine.legal_actions(player) == list(want.legal_actions(player)), player
        assert mine.legal_actions_mask(player) == list(want.legal_actions_mask(player)), player
