"""An OpenSpiel-shaped entry point: ``load_game("oware")`` as ``pyspiel.load_game("oware")``.

The states have OpenSpiel's methods (``legal_actions``, ``apply_action``, ``is_terminal``,
``returns``, ``current_player``, ``clone``, ``observation_tensor``, ...), its action numbers
(the mover's pit 0-5 from the mover's left), players (0 = South, who moves first) and
observation layout (pits 0-11 then the stores, divided by 48). The rules default to
``playstrategy``, which are OpenSpiel's ``oware`` rules.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Union

from ._oware import Rules, SpielGame, SpielState

__all__ = ["load_game", "SpielGame", "SpielState"]

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
