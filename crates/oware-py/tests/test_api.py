"""The Python API: rules, positions, games, OGN, the OpenSpiel shape, bulk playouts, analysis,
matches and the endgame tables."""

import copy

import numpy as np
import pytest

import oware


def test_rules_presets_and_options():
    assert str(oware.Rules()) == "abapa"
    assert oware.Rules.playstrategy() == oware.Rules("abapa", repetition="first")
    awari = oware.Rules.awari()
    assert (awari.grand_slam, awari.repetition, awari.cycle_seeds) == ("illegal", "third", "even")
    assert oware.Rules.presets() == ["abapa", "playstrategy", "awari"]
    options = oware.Rules.options()
    assert set(options) == {"grand_slam", "repetition", "cycle_seeds"}
    for g in options["grand_slam"]:
        for r in options["repetition"]:
            for c in options["cycle_seeds"]:
                rules = oware.Rules(grand_slam=g, repetition=r, cycle_seeds=c)
                assert oware.Rules(str(rules)) == rules
    assert len({oware.Rules(p) for p in oware.Rules.presets()}) == 3


def test_position_text_round_trips_and_plays():
    p = oware.Position()
    assert str(p) == "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
    assert oware.Position(str(p)) == p
    assert p.legal_moves() == list("ABCDEF")
    assert p.legal_actions() == list(range(6))
    q = p.play("F")
    assert q == p.play(5) and q.turn == "N" and q.player == 1
    assert q.pits == [4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4]
    assert oware.Position.from_pits(q.pits, q.stores, q.turn) == q
    assert q.flipped().flipped() == q
    assert np.allclose(q.observation(), np.array(q.pits + [0, 0]) / 48)
    assert oware.observations([p, q]).shape == (2, 14)


def test_game_play_undo_outcome_and_ogn():
    g = oware.Game()
    g.play_line("FcAd")
    assert str(g.position) == "1-7-6-6-5-1-5-5-0-0-6-6-0-0-S"
    assert g.moves == ["F", "c", "A", "d"] and g.actions == [5, 2, 0, 3]
    assert len(g) == 4 and len(g.positions) == 5
    assert g.undo() == "d" and len(g) == 3
    g.play("d")
    text = g.to_ogn({"South": "Ama", "North": "Kofi"})
    again = oware.Game.from_ogn(text)
    assert again.moves == g.moves and again.position == g.position
    assert '[South "Ama"]' in text
    h = copy.deepcopy(g)
    h.play(0)
    assert len(g) == 4 and len(h) == 5
    assert g.truncated(2).moves == ["F", "c"]
    end = oware.Game(start="0-0-0-0-0-1-2-0-0-0-0-1-24-20-S")
    end.play("F+3")
    assert end.outcome.reason == "capture" and end.outcome.winner == "S"
    assert end.outcome.returns == [1.0, -1.0]


def test_cycles_end_games_by_the_rules_repetition():
    def play_out(rules):
        g = oware.Game(rules=rules, start="1-0-0-0-0-0-1-0-0-0-0-0-23-23-S")
        while not g.is_over:
            g.play(g.legal_actions()[0])
        return g

    first, third = play_out("playstrategy"), play_out("abapa")
    assert first.outcome.reason == third.outcome.reason == "cycle"
    assert len(third) > len(first)


def test_openspiel_state_basics():
    game = oware.openspiel.load_game("oware")
    s = game.new_initial_state()
    assert s.current_player() == 0 and s.legal_actions_mask() == [1] * 6
    c = s.clone()
    s.apply_action(4)
    assert c.history() == [] and s.history() == [4]
    assert s.legal_actions(0) == [] and s.legal_actions(1) == list(range(6))
    assert s.action_to_string(1, 2) == "c" and s.string_to_action("c") == 2
    obs = s.observation_tensor()
    assert obs.dtype == np.float32 and obs.shape == (14,)
    assert "[PLAYING]" in str(s)


def test_playouts_are_reproducible_and_replay():
    a = oware.playouts(200, seed=3, threads=2)
    b = oware.playouts(200, seed=3, threads=1)
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    c = oware.playouts(200, seed=4)
    assert not np.array_equal(a["actions"][:50], c["actions"][:50])
    assert a["offsets"][-1] == a["lengths"].sum() == len(a["actions"]) == len(a["boards"])
    for g in range(20):
        game = oware.Game()
        for ply in range(a["offsets"][g], a["offsets"][g + 1]):
            assert list(a["boards"][ply]) == game.position.pits + list(game.position.stores)
            game.play(int(a["actions"][ply]))
        assert game.outcome.reason == oware.REASON_NAMES[a["reasons"][g]]
        assert tuple(a["scores"][g]) == game.outcome.scores


def test_playout_records_and_a_reused_buffer():
    a = oware.playouts(300, seed=5, rules="playstrategy")
    rec = a["records"]
    assert rec.dtype == np.uint8 and rec.shape == (len(a["actions"]), 16)
    # boards, players and actions are the columns of the records (views, no copies).
    assert np.array_equal(rec[:, :14], a["boards"]) and np.shares_memory(rec, a["boards"])
    assert np.array_equal(rec[:, 14], a["players"]) and np.array_equal(rec[:, 15], a["actions"])
    # The same games written into the caller's buffer while they fit...
    buf = np.zeros((len(rec) + 100, 16), np.uint8)
    b = oware.playouts(300, seed=5, rules="playstrategy", out=buf)
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    assert np.shares_memory(b["boards"], buf) and np.array_equal(buf[: len(rec)], rec)
    # ... else into a new array (the buffer's first rows may have been written).
    small = np.zeros((len(rec) // 3, 16), np.uint8)
    c = oware.playouts(300, seed=5, rules="playstrategy", out=small, threads=2)
    for key in a:
        assert np.array_equal(a[key], c[key]), key
    assert not np.shares_memory(c["boards"], small)
    bare = oware.playouts(300, seed=5, rules="playstrategy", out=buf, record=False)
    assert len(bare["records"]) == 0 and np.array_equal(bare["returns"], a["returns"])


def test_search_guided_playouts():
    out = oware.playouts(4, seed=1, depth=2, epsilon=0.25, max_plies=40, threads=2)
    assert (out["lengths"] <= 40).all()
    again = oware.playouts(4, seed=1, depth=2, epsilon=0.25, max_plies=40, threads=1)
    assert np.array_equal(out["actions"], again["actions"])
    bare = oware.playouts(4, seed=1, depth=2, epsilon=0.25, max_plies=40, record=False)
    assert len(bare["boards"]) == 0 and np.array_equal(bare["reasons"], out["reasons"])


def test_analyse_finds_the_winning_capture():
    a = oware.analyse("0-0-0-0-5-1-2-0-0-0-0-1-24-15-S", depth=4, egdb=False)
    assert a["best"] == "F"
    assert a["moves"][0]["move"] == "F" and a["moves"][0]["score_text"] == "win in 1"
    assert {m["move"] for m in a["moves"]} == {"E", "F"}
    g = oware.Game()
    g.play("F")
    b = oware.analyse(g, depth=3, egdb=False)
    assert b["best"] in g.legal_moves() and len(b["moves"]) == 6


def test_match_between_levels():
    r = oware.play_match("medium", "easy", games=2, time_scale=0.05, seed=5, egdb=False)
    assert r["wins"] + r["draws"] + r["losses"] == 2
    assert [g["a_side"] for g in r["games"]] == ["S", "N"]
    assert all(g["ogn"].startswith('[Variant "Oware Abapa"]') for g in r["games"])


def arrangements(n, pits=12):
    """Every way to put n seeds in the pits."""
    if pits == 1:
        yield [n]
        return
    for k in range(n + 1):
        for rest in arrangements(n - k, pits - 1):
            yield [k] + rest


def test_egdb_build_and_probe_agree_with_one_step_of_the_rules(tmp_path):
    """Awari tables are exact: every value up to 3 seeds is the best over the legal moves of
    (seeds captured - the value after the move), or the row difference when the mover is stuck."""
    built = oware.egdb.build(3, dir=tmp_path, rules="awari", threads=1)
    assert [b["seeds"] for b in built] == [0, 1, 2, 3]
    db = oware.Egdb(dir=tmp_path, rules="awari")
    assert db.max_seeds == 3
    assert db.probe(oware.Position()) is None
    checked = 0
    for n in range(1, 4):
        for pits in arrangements(n):
            south = (48 - n) // 2
            pos = oware.Position.from_pits(pits, (south, 48 - n - south), "S")
            b = db.probe(pos)
            assert b is not None and b.exact and b.seeds == n
            moves = pos.legal_actions("awari")
            if not moves:
                want = sum(pits[:6]) - sum(pits[6:])
            else:
                want = -99
                for m in moves:
                    after = pos.play(m, "awari")
                    captured = after.stores[0] - pos.stores[0]
                    child = db.probe(after)
                    want = max(want, captured - child.lo)
            assert b.lo == want, (pits, b, want)
            checked += 1
    assert checked == sum(1 for n in range(1, 4) for _ in arrangements(n))
    pos = oware.Position.from_pits([0] * 5 + [1] + [0] * 5 + [1], (23, 23))
    assert oware.egdb.probe(pos, dir=tmp_path, rules="awari") == db.probe(pos)
