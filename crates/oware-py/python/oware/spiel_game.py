"""Oware registered with OpenSpiel: ``pyspiel.load_game("oware_rs")`` after ``import oware``.

The game and its states derive from ``pyspiel.Game`` and ``pyspiel.State``, as OpenSpiel's own
Python games do, so OpenSpiel's C++ side takes them: ``pyspiel.evaluate_bots``, C++ bots such as
``pyspiel.MCTSBot`` and ``pyspiel.make_uniform_random_bot``, ``pyspiel.Bot`` subclasses,
``pyspiel.serialize_game_and_state``, the C++ ``get_all_states``. Every rule is decided by the
Rust core: each state holds a :class:`oware.SpielState` (the OpenSpiel look-alike of
:mod:`oware.openspiel`) and hands every question to it.

Parameters (``pyspiel.load_game("oware_rs(rules=awari,max_game_length=300)")``):

- ``rules``: a preset (``playstrategy``, the default, which are OpenSpiel's ``oware`` rules;
  ``abapa``; ``awari``) or any rules text ``oware.Rules`` reads; in a game string, where
  OpenSpiel keeps ``,`` and ``=`` for its own parameters, write ``;`` and ``:`` for them
  (``"oware_rs(rules=abapa;repetition:first)"``; in a parameter dict the text as it is);
- ``max_game_length``: the number of actions after which no more are accepted (1000).

open_spiel 2.0.2 crashes when ``pyspiel.MCTSBot.step`` is called from Python on any Python game
(its own ``python_tic_tac_toe`` too); inside ``pyspiel.evaluate_bots`` the bot plays.

This module needs ``open_spiel``; ``import oware`` registers the game when ``pyspiel`` can be
imported and does without it otherwise (see :func:`register`).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

from ._oware import OBSERVATION_SIZE, SpielGame, SpielState

__all__ = ["GAME_NAME", "OwareRsGame", "OwareRsState", "register"]

GAME_NAME = "oware_rs"

_DEFAULT_PARAMS: Dict[str, Any] = {"rules": "playstrategy", "max_game_length": 1000}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Oware (the oware project's Rust rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULT_PARAMS),
)


class OwareRsGame(pyspiel.Game):
    """A ``pyspiel.Game`` whose rules are the oware project's Rust core."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        given = dict(_DEFAULT_PARAMS)
        given.update(params or {})
        unknown = sorted(set(given) - set(_DEFAULT_PARAMS))
        if unknown:
            raise ValueError(f"unknown parameter(s) {unknown} (known: {sorted(_DEFAULT_PARAMS)})")
        rules = str(given["rules"]).replace(";", ",").replace(":", "=")
        length = int(given["max_game_length"])
        # Raises oware.ParseError (a ValueError) for bad rules or a bad length.
        self._inner = SpielGame(rules=rules, max_game_length=length)
        info = pyspiel.GameInfo(
            num_distinct_actions=self._inner.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self._inner.max_game_length(),
        )
        super().__init__(_GAME_TYPE, info, given)

    def new_initial_state(self, position: Optional[str] = None) -> "OwareRsState":
        """The start of a game: the usual position, or ``position`` (position text)."""
        return OwareRsState(self, self._inner.new_initial_state(position))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None
    ) -> "OwareRsObserver":
        """The observer OpenSpiel's C++ side asks for observation tensors and strings."""
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        return OwareRsObserver()

    def spiel_game(self) -> SpielGame:
        """The look-alike game (:class:`oware.SpielGame`) this one is built on."""
        return self._inner


class OwareRsState(pyspiel.State):
    """A ``pyspiel.State`` backed by the Rust rules (an :class:`oware.SpielState`)."""

    def __init__(self, game: OwareRsGame, inner: Optional[SpielState] = None) -> None:
        super().__init__(game)
        # The only Python attribute: OpenSpiel's Clone deep-copies it and Serialize pickles it.
        self._s = inner if inner is not None else game.spiel_game().new_initial_state()

    def current_player(self) -> int:
        return self._s.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        return self._s.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        # Checked by the core: an illegal action raises oware.IllegalMoveError and changes
        # nothing (OpenSpiel's C++ base then records nothing either).
        self._s.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._s.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self._s.is_terminal()

    def returns(self) -> List[float]:
        return self._s.returns()

    def rewards(self) -> List[float]:
        return self._s.rewards()

    def __str__(self) -> str:
        return str(self._s)

    def spiel_state(self) -> SpielState:
        """The look-alike state (:class:`oware.SpielState`) behind this one."""
        return self._s


class OwareRsObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``): the look-alike's observation, the same for both players."""

    def __init__(self) -> None:
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OwareRsState, player: int) -> None:
        self.tensor[:] = state.spiel_state().observation_tensor(player)

    def string_from(self, state: OwareRsState, player: int) -> str:
        return state.spiel_state().observation_string(player)


def register() -> bool:
    """Registers ``oware_rs`` with pyspiel (once per process); True when it is registered."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, OwareRsGame)
    return GAME_NAME in pyspiel.registered_names()
