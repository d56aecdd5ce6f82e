"""Oware from Python: the rules core, the engine and the endgame tables of the oware project.

Every rule is decided by the Rust core; bulk work (playouts, analysis, matches, table builds)
runs in Rust with the interpreter released. See docs/python.md in the repository.

>>> import oware
>>> g = oware.Game()
>>> g.play("F")
Position('4-4-4-4-4-0-5-5-5-5-4-4-0-0-N')
>>> g.legal_moves()
['a', 'b', 'c', 'd', 'e', 'f']
"""

from ._oware import (
    OBSERVATION_SIZE,
    REASON_NAMES,
    Bounds,
    EgdbError,
    Egdb,
    Game,
    IllegalMoveError,
    Outcome,
    OwareError,
    ParseError,
    PlayerAction,
    Position,
    Rules,
    SpielGame,
    SpielState,
    __version__,
    analyse,
    observations,
    play_match,
    playouts,
)
from . import egdb, openspiel

__all__ = [
    "OBSERVATION_SIZE",
    "REASON_NAMES",
    "Bounds",
    "Egdb",
    "EgdbError",
    "Game",
    "IllegalMoveError",
    "Outcome",
    "OwareError",
    "ParseError",
    "PlayerAction",
    "Position",
    "Rules",
    "SpielGame",
    "SpielState",
    "__version__",
    "analyse",
    "egdb",
    "observations",
    "openspiel",
    "play_match",
    "playouts",
]
