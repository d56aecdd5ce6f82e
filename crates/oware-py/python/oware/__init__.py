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


def _register_with_openspiel() -> bool:
    """Registers ``oware_rs`` with OpenSpiel when ``open_spiel`` is installed (see
    :mod:`oware.spiel_game`); without it, nothing happens and nothing is imported."""
    from importlib.util import find_spec

    if find_spec("pyspiel") is None:
        return False
    try:
        from . import spiel_game
    except ImportError:  # an open_spiel that does not load: oware works without it
        return False

    return spiel_game.register()


_register_with_openspiel()

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
