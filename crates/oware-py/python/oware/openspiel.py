"""An OpenSpiel-shaped entry point: ``load_game("oware")`` as ``pyspiel.load_game("oware")``.

The states have OpenSpiel's methods (``legal_actions``, ``apply_action``, ``is_terminal``,
``returns``, ``current_player``, ``clone``, ``observation_tensor``, ...), its action numbers
(the mover's pit 0-5 from the mover's left), players (0 = South, who moves first) and
observation layout (pits 0-11 then the stores, divided by 48). The rules default to
``playstrategy``, which are OpenSpiel's ``oware`` rules.

Games and states also answer what OpenSpiel's Python algorithms ask (``get_type``,
``get_parameters``, ``child``, ``history_str``, ``serialize``/``deserialize_state``, ...), so
``MCTSBot``, ``alpha_beta_search``, ``rl_environment`` and ``get_all_states`` run on them
unchanged; both pickle. See docs/python.md for what differs from pyspiel.
"""

from __future__ import annotations

import enum
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Union

from ._oware import PlayerAction, Rules, SpielGame, SpielState

__all__ = ["GameType", "PlayerAction", "SpielGame", "SpielState", "game_type", "load_game"]

_OPENSPIEL_DEFAULTS = {"num_houses_per_player": 6, "num_seeds_per_house": 4}


def load_game(
    name: str = "oware",
    params: Optional[Mapping[str, Any]] = None,
    *,
    rules: Union[Rules, str, None] = None,
    max_game_length: int = 1000,
) -> SpielGame:
    """The game ``name`` ("oware", optionally "oware(...)" as OpenSpiel writes parameters).

    OpenSpiel's parameters are accepted at their only supported values (6 houses, 4 seeds).
    """
    base, _, rest = name.partition("(")
    if base.strip() != "oware":
        raise ValueError(f"unknown game {name!r}: only 'oware' is provided")
    given = dict(params or {})
    for part in rest.rstrip(")").split(","):
        if "=" in part:
            key, value = part.split("=", 1)
            given[key.strip()] = int(value)
    for key, value in given.items():
        if key not in _OPENSPIEL_DEFAULTS:
            raise ValueError(f"unknown parameter {key!r} (known: {sorted(_OPENSPIEL_DEFAULTS)})")
        if int(value) != _OPENSPIEL_DEFAULTS[key]:
            raise ValueError(f"{key}={value} is not supported: only {_OPENSPIEL_DEFAULTS[key]}")
    return SpielGame(rules=rules, max_game_length=max_game_length)


@dataclass(frozen=True)
class GameType:
    """OpenSpiel's description of a game (``pyspiel.GameType``'s fields), for oware.

    The enums have OpenSpiel's member names and numbers (``GameType.Dynamics.SEQUENTIAL`` is 1).
    """

    # OpenSpiel's enums, their members numbered from 0 as pyspiel's: how players move, whether
    # and how chance plays, what players see, how the players' returns relate, when rewards come.
    Dynamics = enum.IntEnum("Dynamics", "SIMULTANEOUS SEQUENTIAL MEAN_FIELD", start=0)
    ChanceMode = enum.IntEnum(
        "ChanceMode", "DETERMINISTIC EXPLICIT_STOCHASTIC SAMPLED_STOCHASTIC", start=0
    )
    Information = enum.IntEnum(
        "Information", "ONE_SHOT PERFECT_INFORMATION IMPERFECT_INFORMATION", start=0
    )
    Utility = enum.IntEnum("Utility", "ZERO_SUM CONSTANT_SUM GENERAL_SUM IDENTICAL", start=0)
    RewardModel = enum.IntEnum("RewardModel", "REWARDS TERMINAL", start=0)

    short_name: str = "oware"
    long_name: str = "Oware"
    dynamics: "GameType.Dynamics" = Dynamics.SEQUENTIAL
    chance_mode: "GameType.ChanceMode" = ChanceMode.DETERMINISTIC
    information: "GameType.Information" = Information.PERFECT_INFORMATION
    utility: "GameType.Utility" = Utility.ZERO_SUM
    reward_model: "GameType.RewardModel" = RewardModel.TERMINAL
    max_num_players: int = 2
    min_num_players: int = 2
    provides_information_state_string: bool = False
    provides_information_state_tensor: bool = False
    provides_observation_string: bool = True
    provides_observation_tensor: bool = True
    parameter_specification: Dict[str, int] = field(
        default_factory=lambda: dict(_OPENSPIEL_DEFAULTS)
    )
    default_loadable: bool = True
    provides_factored_observation_string: bool = False
    is_concrete: bool = True


# Named as nested classes would be (``GameType.Dynamics``), so that their members pickle.
for _kind in (
    GameType.Dynamics,
    GameType.ChanceMode,
    GameType.Information,
    GameType.Utility,
    GameType.RewardModel,
):
    _kind.__qualname__ = f"GameType.{_kind.__name__}"

_PYSPIEL_TYPE: Any = None


def game_type() -> Any:
    """Oware's ``GameType``: a ``pyspiel.GameType`` when ``pyspiel`` is loaded in the process
    (so that OpenSpiel's code, which compares the fields with ``pyspiel.GameType``'s enums,
    finds them equal: pybind11's enums equal only themselves), else :class:`GameType`.

    With pyspiel it is the type of pyspiel's own ``oware`` (the same fields and values as
    ours), or one built with them where that game is missing."""
    global _PYSPIEL_TYPE
    pyspiel = sys.modules.get("pyspiel")
    if pyspiel is None:
        return GameType()
    if _PYSPIEL_TYPE is None:
        _PYSPIEL_TYPE = _pyspiel_type(pyspiel)
    return _PYSPIEL_TYPE


def _pyspiel_type(pyspiel: Any) -> Any:
    try:
        return pyspiel.load_game("oware").get_type()
    except Exception:  # a pyspiel without oware: the same fields, built here
        pass
    ours = GameType()
    kind = pyspiel.GameType
    return kind(
        ours.short_name,
        ours.long_name,
        kind.Dynamics.SEQUENTIAL,
        kind.ChanceMode.DETERMINISTIC,
        kind.Information.PERFECT_INFORMATION,
        kind.Utility.ZERO_SUM,
        kind.RewardModel.TERMINAL,
        ours.max_num_players,
        ours.min_num_players,
        ours.provides_information_state_string,
        ours.provides_information_state_tensor,
        ours.provides_observation_string,
        ours.provides_observation_tensor,
        dict(ours.parameter_specification),
    )
