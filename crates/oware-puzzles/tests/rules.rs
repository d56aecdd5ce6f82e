//! The margin rule, the prover, themes on hand-made positions, and the removal of duplicates
//! and mirror positions.

mod common;

use oware_core::{fen, Move, Position, Rules};
use oware_puzzles::{
    detect_themes, prove, Generator, Judge, Method, Options, Puzzle, Theme, Why, DECISIVE,
};

/// South captures 3 and reaches 25 with E or with F: two winning moves.
const TWO_WINS: &str = "0-0-0-0-2-3-2-0-2-0-0-0-22-17-S";
/// Only E captures (3, and wins): F sows a, b, c and ends on one seed.
const ONE_WIN: &str = "0-0-0-0-2-2-2-0-2-0-0-0-22-18-S";

fn pos(text: &str) -> Position {
    fen::parse(text).unwrap()
}

fn mv(letter: char) -> Move {
    Move::from_letter(letter).unwrap().1
}

/// A small search: the tests check the rule, not the depth.
const SEARCH: Method = Method::Search { depth: 6 };

/// Options for a quick generator.
fn quick() -> Options {
    Options {
        depth: 6,
        prefilter_depth: 4,
        selfplay_depth: 3,
        ..Options::default()
    }
}

/// A puzzle by hand: `line` from `position`, with the values the judge gives.
fn puzzle(position: &str, line: &str, proof: Method, judge: &mut Judge) -> Puzzle {
    let position = pos(position);
    let line: Vec<Move> = line.chars().map(mv).collect();
    let d = judge.judge(&position, &[], proof).unwrap();
    let v = d.of(line[0]).unwrap();
    Puzzle {
        id: Puzzle::id_of(&position),
        position,
        value: v.lo,
        second: d.second_best(line[0]),
        line,
        themes: vec![],
        rating: 1500,
        proof,
        source: "test".into(),
    }
}

#[test]
fn a_position_with_two_winning_moves_is_rejected() {
    // By search and by the tables: both moves are worth a win, so neither is the only one.
    let tables = common::tables();
    for (method, judge) in [
        (SEARCH, Judge::new(None)),
        (Method::Tables { seeds: 9 }, Judge::new(Some(tables))),
    ] {
        let mut judge = judge;
        let d = judge.judge(&pos(TWO_WINS), &[], method).unwrap();
        assert_eq!(d.values.len(), 2);
        assert!(d.values.iter().all(|v| v.lo == DECISIVE), "{d:?}");
        assert_eq!(d.unique(), None);
        for first in ["E", "F"] {
            let p = puzzle(TWO_WINS, first, method, &mut judge);
            assert!(
                matches!(prove(&p, &mut judge), Err(Why::NotUnique { ply: 0, .. })),
                "{method:?} {first}"
            );
        }
        // The generator does not keep it either.
        let mut gen = Generator::new(judge, quick());
        assert!(gen.consider(&pos(TWO_WINS), "test").is_none());
        assert_eq!((gen.stats.candidates, gen.stats.kept), (1, 0));
    }
}

#[test]
fn a_position_with_one_winning_move_is_proven_and_kept() {
    let mut judge = Judge::new(None);
    let p = puzzle(ONE_WIN, "E", SEARCH, &mut judge);
    assert_eq!(p.value, DECISIVE);
    assert!(p.second.unwrap() <= DECISIVE - oware_puzzles::MARGIN);
    assert_eq!(prove(&p, &mut judge), Ok(()));
    // The other move is refused as the solution, naming the right one.
    let wrong = Puzzle {
        line: vec![mv('F')],
        ..p.clone()
    };
    assert_eq!(
        prove(&wrong, &mut judge),
        Err(Why::OtherMove { ply: 0, found: 'E' })
    );
    // A recorded value the judge does not find is refused.
    let edited = Puzzle {
        value: p.value - 1,
        ..p.clone()
    };
    assert!(matches!(prove(&edited, &mut judge), Err(Why::Value { .. })));
    let mut gen = Generator::new(judge, quick());
    let kept = gen.consider(&pos(ONE_WIN), "test").cloned().unwrap();
    assert_eq!(kept.line, vec![mv('E')]);
    assert_eq!(kept.id, p.id);
}

#[test]
fn a_proof_by_tables_needs_tables_that_cover_the_position() {
    let mut with = Judge::new(Some(common::tables()));
    let p = puzzle(ONE_WIN, "E", Method::Tables { seeds: 8 }, &mut with);
    assert_eq!(prove(&p, &mut with), Ok(()));
    let mut without = Judge::new(None);
    assert!(matches!(prove(&p, &mut without), Err(Why::Tables(_))));
}

#[test]
fn mirror_positions_and_repeats_are_removed() {
    let p = pos(ONE_WIN);
    let mirror = p.flipped();
    assert_ne!(p, mirror);
    assert_eq!(mirror.turn(), oware_core::Side::North);
    assert_eq!(Puzzle::id_of(&p), Puzzle::id_of(&mirror));
    let mut gen = Generator::new(Judge::new(None), quick());
    assert!(gen.consider(&p, "a").is_some());
    assert!(gen.consider(&mirror, "b").is_none());
    assert!(gen.consider(&p, "c").is_none());
    assert_eq!(gen.stats.duplicates, 2);
    assert_eq!(gen.puzzles.len(), 1);
    // The mirror alone is a puzzle too, with the mirrored move.
    let mut other = Generator::new(Judge::new(None), quick());
    let m = other.consider(&mirror, "b").cloned().unwrap();
    assert_eq!(m.line_text(), "e");
}

#[test]
fn a_single_legal_move_is_no_puzzle() {
    // South must feed North: only F reaches North's row.
    let p = pos("1-0-0-0-0-2-0-0-0-0-0-0-22-23-S");
    assert_eq!(p.legal_moves(&Rules::ABAPA).len(), 1);
    let mut gen = Generator::new(Judge::new(None), quick());
    assert!(gen.consider(&p, "t").is_none());
    assert_eq!(gen.stats.only_move, 1);
}

fn themes(position: &str, line: &str, proof: Method, value: i32) -> Vec<Theme> {
    let line: Vec<Move> = line.chars().map(mv).collect();
    detect_themes(&pos(position), &line, proof, value, &Rules::ABAPA)
}

#[test]
fn a_capture_from_three_pits_is_a_capture_chain() {
    // F sows a, b, c: each 1 -> 2, three pits taken; d keeps North's row alive.
    let t = themes("0-0-0-0-5-3-1-1-1-3-0-0-20-14-S", "F", SEARCH, 600);
    assert!(t.contains(&Theme::CaptureChain), "{t:?}");
    assert!(!t.contains(&Theme::GrandSlam), "{t:?}");
}

#[test]
fn taking_every_seed_of_the_opponent_is_a_grand_slam() {
    // The same sowing with North's row only a, b, c: a grand slam, which captures nothing.
    let t = themes("0-0-0-0-5-3-1-1-1-0-0-0-20-17-S", "F", SEARCH, 0);
    assert!(t.contains(&Theme::GrandSlam), "{t:?}");
    assert!(!t.contains(&Theme::CaptureChain), "{t:?}");
    // Avoiding the grand slam with another move is the theme too.
    let t = themes("0-0-0-0-5-3-1-1-1-0-0-0-20-17-S", "E", SEARCH, 0);
    assert!(t.contains(&Theme::GrandSlam), "{t:?}");
}

#[test]
fn sowing_twelve_seeds_is_a_big_pit() {
    let t = themes("12-0-0-0-0-1-2-2-2-2-2-2-10-13-S", "A", SEARCH, 300);
    assert!(t.contains(&Theme::BigPit), "{t:?}");
    let t = themes("12-0-0-0-0-1-2-2-2-2-2-2-10-13-S", "F", SEARCH, 300);
    assert!(!t.contains(&Theme::BigPit), "{t:?}");
}

#[test]
fn an_empty_opponent_row_is_feeding_forced() {
    let t = themes("0-0-0-1-2-3-0-0-0-0-0-0-20-22-S", "F", SEARCH, 300);
    assert!(t.contains(&Theme::FeedingForced), "{t:?}");
}

#[test]
fn moving_away_from_a_threatened_pit_is_defend() {
    // North's f would sow into A (2 -> 3) and take it; A moves the seeds away.
    let t = themes("2-0-0-3-0-0-0-4-0-0-0-1-18-20-S", "A", SEARCH, 0);
    assert!(t.contains(&Theme::Defend), "{t:?}");
    // D leaves A where it is: no defence.
    let t = themes("2-0-0-3-0-0-0-4-0-0-0-1-18-20-S", "D", SEARCH, 0);
    assert!(!t.contains(&Theme::Defend), "{t:?}");
}

#[test]
fn a_win_proven_by_the_tables_is_endgame_exact() {
    let t = themes(ONE_WIN, "E", Method::Tables { seeds: 8 }, DECISIVE);
    assert!(t.contains(&Theme::EndgameExact), "{t:?}");
    let t = themes(ONE_WIN, "E", SEARCH, DECISIVE);
    assert!(!t.contains(&Theme::EndgameExact), "{t:?}");
}

#[test]
fn a_line_that_comes_back_to_a_position_is_a_cycle() {
    // One seed each, walking round: A to F and a to f, then F feeds a, f feeds A, and after
    // 12 plies the start is back (no sowing ends on a pit of 1 or 2 of the opponent).
    let start = "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S";
    let line = "AaBbCcDdEeFfA";
    let mut p = pos(start);
    for c in line.chars().take(12) {
        p = p.play(mv(c), &Rules::ABAPA).unwrap();
    }
    assert_eq!(p, pos(start));
    let t = themes(start, line, SEARCH, 0);
    assert!(t.contains(&Theme::Cycle), "{t:?}");
    let t = themes(start, &line[..11], SEARCH, 0);
    assert!(!t.contains(&Theme::Cycle), "{t:?}");
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let run = || {
        let mut gen = Generator::new(Judge::new(None), quick());
        gen.selfplay(2, 7, &mut |_| {});
        (gen.puzzles, gen.stats)
    };
    let (a, sa) = run();
    let (b, sb) = run();
    assert_eq!(a, b);
    assert_eq!(sa, sb);
    assert!(!a.is_empty());
    // Every puzzle found is proven.
    let mut judge = Judge::new(None);
    for p in &a {
        assert_eq!(prove(p, &mut judge), Ok(()), "{}", p.id);
    }
}
