//! Reviews of positions whose answer is known: a chain capture given away, the endgame
//! databases' exact values (small tables built in a temporary directory), a missed win, the
//! annotated OGN's round trip, and the same result with one thread or two.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use oware_core::{fen, movetext, ogn, BySide, Game, Position, Rules, Setup, Side};
use oware_egdb::{build, BuildOptions, Egdb};
use oware_review::{
    annotate, review, Class, NoteKind, Options, Review, ReviewJson, Tables, Value, BLUNDER,
    COMMENT_MARK, MISTAKE,
};

fn game_from(start: &str, moves: &str) -> Game {
    let mut g = Game::from_position(fen::parse(start).unwrap(), Rules::default());
    for m in movetext::parse_list(moves).unwrap() {
        g.play_text(&m).unwrap();
    }
    g
}

fn run(game: &Game, options: &Options) -> Review {
    review(game, options, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

fn depth(d: u32) -> Options {
    Options {
        depth: Some(d),
        ..Options::default()
    }
}

/// South's A and B hold 2 seeds each and North's d (4 seeds) ends on B (C keeps 5: no grand
/// slam). A or B would move them; F leaves both, and North's d captures B and A: 6 seeds. The
/// review calls F a blunder that cost at least those 6 seeds (and not a decided game's 12: the
/// capture leaves South's row weak, so the engine's line loses a little more), names the
/// capture, and finds a defence as the best move.
#[test]
fn leaving_two_pits_to_a_chain_capture_is_a_blunder_of_its_seeds() {
    let g = game_from("2-2-5-0-0-1-3-3-3-4-1-0-12-12-S", "Fd");
    let r = run(&g, &depth(8));
    let f = &r.moves[0];
    assert_eq!(f.class, Class::Blunder);
    assert!(
        matches!(f.best.letter(Side::South), 'A' | 'B'),
        "{:?}",
        f.best
    );
    assert!(
        (550..=1000).contains(&f.lost),
        "F cost {} centi-seeds, expected 6 seeds or a little more\n{}\n{:?}",
        f.lost,
        oware_review::table(&r),
        f.moves
    );
    let allowed = f
        .notes
        .iter()
        .find(|n| n.kind == NoteKind::Allowed)
        .expect("an 'allowed' note");
    assert_eq!(
        allowed.text,
        "F left B with 2 seeds and A with 2: North captured 6 with d next move."
    );
    // North's d was its best move: no loss there.
    assert_eq!(r.moves[1].class, Class::Best);
    assert_eq!(r.summary.south.counts[Class::Blunder as usize], 1);
    assert!(r.summary.south.accuracy < 1.0);
}

/// The position after the moves: a quiet start, the same values from one thread or two.
#[test]
fn one_thread_or_two_give_the_same_review() {
    let g = game_from("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "FcAdBe");
    let one = run(
        &g,
        &Options {
            threads: 1,
            ..depth(7)
        },
    );
    let two = run(
        &g,
        &Options {
            threads: 2,
            ..depth(7)
        },
    );
    assert_eq!(one, two);
    assert_eq!(one.graph().len(), 7);
}

/// The adaptive depth: a move whose loss at the review's depth lies within the margin of the
/// mistake or the blunder line is searched again two plies deeper (at most three times), until
/// it is clear of the lines; every other move keeps the values of a plain review at that depth.
#[test]
fn moves_near_a_class_line_are_searched_deeper_and_only_those() {
    let g = game_from(
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "AbDbFfBdAeBfBcDaAfEcAeAfDbAdAcCf",
    );
    let plain = run(
        &g,
        &Options {
            refine: 0,
            ..depth(6)
        },
    );
    let adaptive = depth(6);
    assert_eq!(adaptive.refine, 3);
    let margin = adaptive.refine_margin;
    let refined = run(&g, &adaptive);
    let near = |lost: i32| {
        [MISTAKE, BLUNDER]
            .iter()
            .any(|&l| (lost - l).abs() < margin)
    };
    // The played or the best move has a value a deeper search could change.
    let open = |m: &oware_review::MoveReview| {
        m.moves
            .iter()
            .filter(|v| v.mv == m.played || v.mv == m.moves[0].mv)
            .any(|v| !v.from_tables && !v.value.is_proven())
    };
    let mut deeper = 0;
    for (p, r) in plain.moves.iter().zip(&refined.moves) {
        assert_eq!(p.depth, Some(6));
        if near(p.lost) && open(p) {
            deeper += 1;
            let d = r.depth.expect("a review by depth");
            assert!([8, 10, 12].contains(&d), "ply {}: depth {d}", r.ply);
            if d < 12 {
                assert!(
                    !near(r.lost) || !open(r),
                    "ply {}: still near a line ({}) at depth {d}",
                    r.ply,
                    r.lost
                );
            }
        } else {
            assert_eq!(p, r, "ply {}: clear of the lines, searched once", p.ply);
        }
    }
    assert!(deeper > 0, "no move of the game was near a line at depth 6");
    assert!(refined.settings.contains("depth 6 (to 12 near a line)"));
}

/// Tables for abapa up to `n` seeds, built in `dir`.
fn tables(dir: &Path, n: u8) -> (Egdb, Arc<Tables>) {
    let rules = Rules::default();
    let opts = BuildOptions {
        max_seeds: n,
        threads: 1,
        memory: 0,
    };
    build(dir, &rules, &opts, &mut |_| {}).unwrap();
    (
        Egdb::open(dir, &rules).unwrap(),
        Arc::new(Tables::open(Some(dir), &rules).unwrap().unwrap()),
    )
}

/// South-to-move positions of `n` seeds with stores as even as they can be, in index order.
fn positions(n: u8) -> impl Iterator<Item = Position> {
    (0..oware_egdb::index::positions(n)).filter_map(move |r| {
        let pits = oware_egdb::index::unrank(n, r)?;
        let rest = 48 - n;
        Position::from_setup(&Setup {
            pits,
            stores: BySide::new(rest / 2, rest - rest / 2),
            turn: Side::South,
        })
        .ok()
    })
}

/// The final margin (South's view, seeds) the tables give South-to-move `pos`, when exact.
fn exact_margin(egdb: &Egdb, pos: &Position) -> Option<i32> {
    let b = egdb.probe(pos).unwrap()?;
    let lead = i32::from(pos.store(Side::South)) - i32::from(pos.store(Side::North));
    b.is_exact().then(|| lead + i32::from(b.lo))
}

/// Where the tables solve a position, its best move gets an exact value whose result is the
/// position's own (from its own entry), and a table-solved move is marked as such.
#[test]
fn the_best_move_of_a_solved_position_gets_its_exact_value() {
    let dir = tempfile::tempdir().unwrap();
    let (egdb, tables) = tables(dir.path(), 6);
    let rules = Rules::default();
    let mut checked = 0;
    for pos in positions(6).step_by(53) {
        let legal = pos.legal_moves(&rules);
        if legal.len() < 2 {
            continue;
        }
        let Some(margin) = exact_margin(&egdb, &pos) else {
            continue;
        };
        let mut g = Game::from_position(pos, rules);
        g.play(legal[0]).unwrap();
        let r = run(
            &g,
            &Options {
                tables: Some(tables.clone()),
                ..depth(4)
            },
        );
        let m = &r.moves[0];
        let Value::Exact(h) = m.best_value else {
            panic!("{pos}: best value {} is not exact", m.best_value);
        };
        assert_eq!(h.signum(), margin.signum(), "{pos}: {h} halves vs {margin}");
        let best = m.value_of(m.best).unwrap();
        assert!(best.from_tables || best.line.len() == 1, "{pos}");
        assert!(r.tables);
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12);
}

/// A position the tables prove won where a legal move throws the win away (its child is an
/// exact draw or loss): the review reports that move as a missed win and a blunder.
#[test]
fn a_win_thrown_away_is_a_missed_win() {
    let dir = tempfile::tempdir().unwrap();
    let (egdb, tables) = tables(dir.path(), 6);
    let rules = Rules::default();
    let found = positions(6).find_map(|pos| {
        if exact_margin(&egdb, &pos)? <= 0 {
            return None;
        }
        pos.legal_moves(&rules)
            .iter()
            .copied()
            .find(|&m| {
                let mut g = Game::from_position(pos, rules);
                g.play(m).unwrap();
                let child = *g.position();
                // The child's exact margin from North's view, turned to South's.
                let b = egdb.probe(&child).unwrap();
                !g.is_over()
                    && b.is_some_and(|b| {
                        let lead = i32::from(child.store(Side::North))
                            - i32::from(child.store(Side::South));
                        b.is_exact() && -(lead + i32::from(b.lo)) <= 0
                    })
            })
            .map(|m| (pos, m))
    });
    let (pos, bad) = found.expect("a won position with a move that lets the win go");
    let mut g = Game::from_position(pos, rules);
    g.play(bad).unwrap();
    let r = run(
        &g,
        &Options {
            tables: Some(tables),
            ..depth(4)
        },
    );
    let m = &r.moves[0];
    assert!(m.missed_win, "{pos}: {m:?}");
    assert_eq!(m.class, Class::Blunder);
    assert!(m.best_value.is_proven_win());
    let note = m
        .notes
        .iter()
        .find(|n| n.kind == NoteKind::MissedWin)
        .expect("a missed-win note");
    assert!(
        note.text.starts_with("South had a proven win"),
        "{}",
        note.text
    );
    assert_eq!(r.summary.south.missed_wins, 1);
}

/// The annotated record keeps its tags, moves and earlier comments, reads back as itself, and
/// a second review replaces the first one's comments instead of adding to them.
#[test]
fn the_annotated_record_round_trips_and_replaces_an_earlier_review() {
    let text = "[Variant \"Oware Abapa\"]\n[South \"Ama\"]\n\n{a game} 1. F c {quiet} 2. A d *\n";
    let record = ogn::parse(text).unwrap();
    let game = record.to_game().unwrap();
    let r = run(&game, &depth(6));
    let annotated = annotate(&record, &r);
    let written = annotated.to_string();
    let back = ogn::parse(&written).unwrap();
    assert_eq!(back, annotated);
    assert_eq!(back.to_game().unwrap(), game);
    assert_eq!(back.tag("South"), Some("Ama"));
    assert!(back.tag("Annotator").unwrap().contains("depth 6"));
    let c1 = back.moves[1].comment.as_deref().unwrap();
    assert!(c1.starts_with(&format!("quiet {COMMENT_MARK}")), "{c1}");
    assert!(back
        .comment
        .as_deref()
        .unwrap()
        .starts_with("a game review: South accuracy"));
    let again = annotate(&back, &r);
    assert_eq!(again, annotated);
}

/// The JSON view has what the page draws: the graph, symbols and notes.
#[test]
fn the_json_view_has_graph_classes_and_notes() {
    let g = game_from("2-2-5-0-0-1-3-3-3-4-1-0-12-12-S", "Fd");
    let r = run(&g, &depth(6));
    let json = serde_json::to_value(ReviewJson::from(&r)).unwrap();
    assert_eq!(json["graph"].as_array().unwrap().len(), 3);
    assert_eq!(json["moves"][0]["symbol"], "??");
    assert_eq!(json["moves"][0]["played"], "F");
    assert_eq!(json["moves"][0]["side"], "S");
    assert!(json["moves"][0]["notes"][0]["text"].is_string());
    // Each note has its code and facts too, for a page that words it in its own language.
    for note in json["moves"][0]["notes"].as_array().unwrap() {
        assert!(note["code"].is_string(), "{note}");
        assert!(note["args"].is_object(), "{note}");
    }
    assert_eq!(json["summary"]["south"]["blunder"], 1);
}
