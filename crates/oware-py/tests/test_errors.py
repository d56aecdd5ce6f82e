"""(c) Bad input raises a Python exception carrying the core's message; nothing crashes and a
failed call changes nothing."""

import numpy as np
import pytest

import oware

BAD_TEXT = ["", "x", "4-4-4", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", "4-4-4-4-4-4-4-4-4-4-4-5-0-0-S",
            "99-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "\x00", "é" * 100]


def test_exceptions_are_value_errors():
    for cls in (oware.ParseError, oware.IllegalMoveError, oware.EgdbError):
        assert issubclass(cls, oware.OwareError)
    assert issubclass(oware.OwareError, ValueError)


@pytest.mark.parametrize("text", BAD_TEXT)
def test_bad_position_text_raises(text):
    with pytest.raises(oware.ParseError):
        oware.Position(text)


def test_messages_are_the_cores():
    with pytest.raises(oware.ParseError, match="expected 48"):
        oware.Position("4-4-4-4-4-4-4-4-4-4-4-5-0-0-S")
    with pytest.raises(oware.ParseError, match="unknown rules preset 'nope'"):
        oware.Rules("nope")
    with pytest.raises(oware.ParseError, match="unknown grand slam rule"):
        oware.Rules(grand_slam="sometimes")
    g = oware.Game()
    with pytest.raises(oware.IllegalMoveError, match="it is South's turn"):
        g.play("a")
    with pytest.raises(oware.IllegalMoveError, match="pit A is empty"):
        oware.Position("0-4-4-4-4-4-4-4-4-4-4-8-0-0-S").play("A")
    with pytest.raises(oware.IllegalMoveError, match="must feed North"):
        oware.Position("0-0-0-0-1-1-0-0-0-0-0-0-24-22-S").play("E")
    with pytest.raises(oware.ParseError, match="ply|line"):
        oware.Game.from_ogn("[Variant \"Oware Abapa\"\n")
    with pytest.raises(oware.IllegalMoveError, match="ply 2: illegal move A"):
        oware.Game.from_ogn("1. A A")


@pytest.mark.parametrize("move", ["G", "+", "A+99", "", "Ab", -1, 6, 10**30, None, 2.5, [1]])
def test_bad_moves_raise_and_change_nothing(move):
    g = oware.Game()
    g.play("F")
    before = (g.moves, g.position)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        g.play(move)
    assert (g.moves, g.position) == before


def test_bad_actions_raise_in_the_openspiel_api():
    s = oware.openspiel.load_game("oware").new_initial_state()
    for action in (-1, 6, 10**30, "a", None):
        with pytest.raises((ValueError, TypeError, OverflowError)):
            s.apply_action(action)
    assert s.history() == []
    s.apply_action(0)
    with pytest.raises(oware.IllegalMoveError):
        s.apply_action(0 + 100)
    with pytest.raises(oware.OwareError):
        s.undo_action(0, 3)
    s.undo_action(0, 0)
    assert s.is_initial_state()
    # As OpenSpiel: no legal actions for a player not to move, whatever the number.
    assert s.legal_actions(7) == []
    with pytest.raises(oware.OwareError):
        s.observation_tensor(7)


def test_a_finished_game_refuses_moves():
    g = oware.Game(start="0-0-0-0-0-0-0-0-0-0-0-0-25-23-S")
    assert g.is_over and g.outcome.reason == "capture"
    with pytest.raises(oware.IllegalMoveError, match="the game is over"):
        g.play(0)
    s = oware.openspiel.load_game("oware").new_initial_state("0-0-0-0-0-0-0-0-0-0-0-0-25-23-S")
    assert s.is_terminal() and s.current_player() == -4
    with pytest.raises(oware.IllegalMoveError):
        s.apply_action(0)


def test_bad_arguments_of_bulk_functions_raise():
    with pytest.raises(oware.OwareError):
        oware.playouts(1, depth=0)
    with pytest.raises(oware.OwareError):
        oware.playouts(1, epsilon=2.0)
    with pytest.raises(oware.OwareError):
        oware.playouts(1, depth=2, hash_mb=0)
    with pytest.raises(oware.ParseError):
        oware.playouts(1, start="nonsense")
    with pytest.raises((OverflowError, ValueError)):
        oware.playouts(-1)
    for out in (
        np.zeros((10, 14), np.uint8),
        np.zeros((10, 32), np.uint8)[:, ::2],
        np.zeros((10, 16), np.int32),
        np.zeros(160, np.uint8),
        [[0] * 16],
    ):
        with pytest.raises(oware.OwareError):
            oware.playouts(2, out=out)
    frozen = np.zeros((100, 16), np.uint8)
    frozen.flags.writeable = False
    with pytest.raises(oware.OwareError):
        oware.playouts(2, out=frozen)
    with pytest.raises(oware.OwareError):
        oware.analyse(oware.Position(), depth=1000)
    with pytest.raises(oware.OwareError):
        oware.analyse(oware.Position(), movetime=-1)
    with pytest.raises(oware.ParseError):
        oware.play_match("easy", "grandmaster")
    with pytest.raises(oware.OwareError):
        oware.play_match("easy", "easy", time_scale=0)
    with pytest.raises(oware.ParseError):
        oware.Position.from_pits([4] * 11)
    with pytest.raises(oware.ParseError):
        oware.Position.from_pits([4] * 12, stores=(-1, 0))
    with pytest.raises(oware.ParseError):
        oware.Position.from_pits([4] * 12, turn="W")
    with pytest.raises(TypeError):
        oware.Game(rules=42)
    with pytest.raises(ValueError):
        oware.openspiel.load_game("chess")
    with pytest.raises(ValueError):
        oware.openspiel.load_game("oware(num_seeds_per_house=3)")


def test_egdb_errors_are_errors(tmp_path):
    with pytest.raises(oware.EgdbError, match="to-opponent"):
        oware.Egdb(dir=tmp_path, rules="abapa,grand-slam=to-opponent")
    with pytest.raises(oware.EgdbError):
        oware.egdb.build(60, dir=tmp_path)
    db = oware.Egdb(dir=tmp_path / "none")
    assert db.max_seeds is None
    assert db.probe("0-0-0-0-0-1-0-0-0-0-0-1-24-22-S") is None
