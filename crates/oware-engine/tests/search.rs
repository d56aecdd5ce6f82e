//! The search on positions with a known answer.

use std::sync::atomic::AtomicBool;

use oware_core::{fen, Game, Move, Position, Rules};
use oware_engine::eval::xorshift;
use oware_engine::{score_to_text, search, Engine, Limits, SearchResult, MATE, PROVEN};

fn run(text: &str, rules: Rules, depth: u32) -> SearchResult {
    let game = Game::from_position(fen::parse(text).unwrap(), rules);
    search(
        &game,
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

fn letter(r: &SearchResult, pos: &str) -> char {
    let p = fen::parse(pos).unwrap();
    r.best.unwrap().letter(p.turn())
}

#[test]
fn takes_the_winning_capture() {
    // South has 23; E (3 seeds) sows F, a, b: a = 2, b = 3 -> captures 5 and wins at once.
    let pos = "0-0-0-0-3-1-1-2-4-4-4-4-23-2-S";
    let r = run(pos, Rules::default(), 6);
    assert_eq!(letter(&r, pos), 'E');
    assert_eq!(r.info.score, MATE - 1);
    assert_eq!(score_to_text(r.info.score), "win in 1");
}

#[test]
fn grand_slam_captures_nothing_under_abapa() {
    // E (3 seeds) sows F, a, b: a = 2 and b = 3 are all North has, a grand slam. Had it taken
    // those 5 seeds, South would have 24 and North, without a seed, could not move: South would
    // win at once. Under abapa it captures nothing, so the search must not see a win in 1;
    // under awari E is illegal and South plays A.
    let pos = "1-0-0-0-3-0-1-2-0-0-0-0-19-22-S";
    let rules = Rules::default();
    let after_e = fen::parse(pos)
        .unwrap()
        .play(Move::new(4).unwrap(), &rules)
        .unwrap();
    assert_eq!(fen::write(&after_e), "1-0-0-0-0-1-2-3-0-0-0-0-19-22-N");
    let abapa = run(pos, rules, 8);
    assert_ne!(
        abapa.info.score,
        MATE - 1,
        "{}",
        score_to_text(abapa.info.score)
    );
    assert!(
        abapa.info.score < PROVEN,
        "{}",
        score_to_text(abapa.info.score)
    );
    let awari = run(pos, Rules::AWARI, 8);
    assert_eq!(letter(&awari, pos), 'A');
}

#[test]
fn must_feed() {
    // North is empty: only moves that reach North are legal; F (1 seed) does, A (1) does not.
    let pos = "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S";
    let r = run(pos, Rules::default(), 10);
    assert_eq!(letter(&r, pos), 'F');
}

#[test]
fn game_over_has_no_move() {
    let game = Game::from_position(
        fen::parse("0-0-0-0-0-0-1-1-0-0-0-0-25-21-S").unwrap(),
        Rules::default(),
    );
    let r = search(
        &game,
        &Limits::depth(5),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(r.best.is_none());
}

/// Exhaustive minimax to `depth` plies with cycles ended at the first repeat, returning +1/0/-1
/// for the side to move, or `None` when the result is not decided within `depth`.
fn brute(pos: &Position, rules: &Rules, path: &mut Vec<Position>, depth: u32) -> Option<i32> {
    let sign = |o: oware_core::Outcome| {
        let me = pos.turn();
        (i32::from(o.scores[me].halves()) - i32::from(o.scores[me.other()].halves())).signum()
    };
    if path.iter().rev().skip(1).step_by(2).any(|p| p == pos) {
        return Some(sign(pos.cycle_outcome(rules)));
    }
    if let Some(o) = pos.outcome(rules) {
        return Some(sign(o));
    }
    if depth == 0 {
        return None;
    }
    let mut best = Some(-1);
    path.push(*pos);
    for &m in pos.legal_moves(rules).iter() {
        let child = pos.play(m, rules).unwrap();
        match brute(&child, rules, path, depth - 1) {
            Some(v) if -v == 1 => {
                best = Some(1);
                break;
            }
            Some(v) => best = best.map(|b| b.max(-v)),
            None => best = None,
        }
    }
    path.pop();
    // An undecided child leaves the value open unless a win was found.
    best
}

#[test]
fn agrees_with_brute_force_on_small_endgames() {
    let rules = Rules::PLAYSTRATEGY;
    let mut checked = 0;
    let mut state = 7u64;
    for _ in 0..1500 {
        // A random position with 5 seeds on the board and stores 21-22.
        let mut pits = [0u8; 12];
        for _ in 0..5 {
            pits[(xorshift(&mut state) % 12) as usize] += 1;
        }
        let south_to_move = state & 64 == 0;
        let mut setup = oware_core::Setup::start();
        setup.pits = pits;
        setup.stores = oware_core::BySide::new(21, 22);
        setup.turn = if south_to_move {
            oware_core::Side::South
        } else {
            oware_core::Side::North
        };
        let pos = Position::from_setup(&setup).unwrap();
        if pos.outcome(&rules).is_some() {
            continue;
        }
        let Some(v) = brute(&pos, &rules, &mut Vec::new(), 9) else {
            continue;
        };
        let game = Game::from_position(pos, rules);
        let mut engine = Engine::new(4);
        let r = engine.search(
            &game,
            &Limits::depth(14),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let s = r.info.score;
        match v {
            1 => assert!(s >= PROVEN, "{pos:?}: brute force wins, engine says {s}"),
            -1 => assert!(s <= -PROVEN, "{pos:?}: brute force loses, engine says {s}"),
            _ => assert!(s.abs() < PROVEN || s == 0, "{pos:?}: draw, engine says {s}"),
        }
        if v == 1 {
            // The chosen move keeps the win.
            let child = pos.play(r.best.unwrap(), &rules).unwrap();
            let mut path = vec![pos];
            assert_eq!(brute(&child, &rules, &mut path, 8), Some(-1), "{pos:?}");
        }
        checked += 1;
    }
    eprintln!("checked {checked}");
    assert!(checked > 50, "only {checked} positions decided");
}

#[test]
fn prefers_the_faster_win() {
    // No capture now; A and B both win, B sooner (in 12 or 13 plies by the depth searched, A in
    // 15). A comes first in pit order, so a search that scored every win alike would keep A.
    let pos = "1-1-0-0-0-1-0-0-0-0-1-0-22-22-S";
    let rules = Rules::default();
    // South's score after move `i`, as the root sees it (one ply more).
    let after = |i: usize| {
        let child = fen::parse(pos)
            .unwrap()
            .play(Move::new(i).unwrap(), &rules)
            .unwrap();
        -run(&fen::write(&child), rules, 15).info.score - 1
    };
    let (a, b) = (after(0), after(1));
    assert!(
        score_to_text(a).starts_with("win in"),
        "A: {}",
        score_to_text(a)
    );
    assert!(b > a, "A: {}, B: {}", score_to_text(a), score_to_text(b));
    let r = run(pos, rules, 16);
    assert_eq!(r.best, Move::new(1));
    assert!(r.info.score > a, "{}", score_to_text(r.info.score));
}
