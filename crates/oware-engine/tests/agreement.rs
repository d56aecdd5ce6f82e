//! The computer's answer to a cycle agreement, on positions whose value the endgame tables
//! know (built small in-process): it accepts where the tables call the position a dead cycle
//! (the value is the split) and declines where it wins.

use std::path::PathBuf;
use std::sync::Arc;

use oware_core::{fen, BySide, Game, Position, Rules, Setup, Side};
use oware_egdb::{build, BuildOptions, Egdb};
use oware_engine::eval::xorshift;
use oware_engine::{
    answer_cycle_proposal, cycle_view, should_propose, CycleAnswer, Engine, Limits, PlayValue,
    Prober,
};

const MAX_SEEDS: u8 = 6;

/// Tables of `rules` up to [`MAX_SEEDS`] seeds, built once per test in a folder of its own.
fn tables(rules: Rules, name: &str) -> (PathBuf, Egdb, Arc<Prober>) {
    let dir = std::env::temp_dir().join(format!(
        "oware-engine-agreement-{name}-{}",
        std::process::id()
    ));
    let options = BuildOptions {
        max_seeds: MAX_SEEDS,
        threads: 1,
        memory: u64::MAX,
    };
    build(&dir, &rules, &options, &mut |_| {}).unwrap();
    let db = Egdb::open(&dir, &rules).unwrap();
    let prober = Arc::new(Prober::open(Some(&dir), &rules).unwrap().unwrap());
    (dir, db, prober)
}

fn engine_with(prober: &Arc<Prober>) -> Engine {
    let mut engine = Engine::new(1);
    engine.set_egdb(Some(Arc::clone(prober)));
    engine
}

/// `side`'s margin in seeds under the split (own rows), and its final margin under perfect play
/// by the tables (`lo..=hi`).
fn split_and_tables(db: &Egdb, pos: &Position, side: Side) -> (i32, i32, i32) {
    let own = |s: Side| i32::from(pos.store(s)) + i32::from(pos.row_seeds(s));
    let split = own(side) - own(side.other());
    let b = db.probe(pos).unwrap().unwrap();
    let (lo, hi) = if pos.turn() == side {
        (i32::from(b.lo), i32::from(b.hi))
    } else {
        (-i32::from(b.hi), -i32::from(b.lo))
    };
    let stores = i32::from(pos.store(side)) - i32::from(pos.store(side.other()));
    (split, stores + lo, stores + hi)
}

#[test]
fn accepts_a_dead_cycle_and_declines_a_win_by_the_tables() {
    let (dir, db, prober) = tables(Rules::AWARI, "awari");
    let limits = Limits::depth(8);
    // Two lone seeds chasing each other: nobody can capture; the tables' value is 0, the split
    // 24-24.
    let chase = Game::from_position(
        fen::parse("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S").unwrap(),
        Rules::AWARI,
    );
    for side in Side::ALL {
        assert_eq!(split_and_tables(&db, chase.position(), side), (0, 0, 0));
        let mut engine = engine_with(&prober);
        let view = cycle_view(&chase, side, &mut engine, &limits).unwrap();
        assert_eq!(view.play, PlayValue::Tables { lo: 0, hi: 0 });
        assert_eq!(view.answer(), CycleAnswer::Accept);
        assert_eq!(
            answer_cycle_proposal(&chase, side, &mut engine, &limits),
            CycleAnswer::Accept
        );
        assert!(should_propose(&chase, side, &mut engine, &limits));
    }
    // South's F sows into a and b (2 each) and takes 4: a win the split (21-27) would give away.
    let win = Game::from_position(
        fen::parse("0-0-0-0-0-2-1-1-0-0-2-0-19-23-S").unwrap(),
        Rules::AWARI,
    );
    let (split, lo, _) = split_and_tables(&db, win.position(), Side::South);
    assert_eq!(split, -6);
    assert!(lo > 0, "the tables say South wins: {lo}");
    let mut engine = engine_with(&prober);
    assert_eq!(
        answer_cycle_proposal(&win, Side::South, &mut engine, &limits),
        CycleAnswer::Decline
    );
    assert!(!should_propose(&win, Side::South, &mut engine, &limits));
    assert!(!should_propose(&win, Side::North, &mut engine, &limits));
    std::fs::remove_dir_all(dir).ok();
}

/// Positions of few seeds with both rows holding seeds, either side to move.
fn positions(seeds: u8, count: usize) -> Vec<Position> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || xorshift(&mut state);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pits = [0u8; 12];
        for _ in 0..seeds {
            pits[(next() % 12) as usize] += 1;
        }
        let south = (48 - seeds) / 2 - (next() % 3) as u8;
        let turn = if next() & 1 == 0 {
            Side::South
        } else {
            Side::North
        };
        let pos = Position::from_setup(&Setup {
            pits,
            stores: BySide::new(south, 48 - seeds - south),
            turn,
        })
        .unwrap();
        if Side::ALL.iter().all(|&s| pos.row_seeds(s) > 0) && pos.outcome(&Rules::ABAPA).is_none() {
            out.push(pos);
        }
    }
    out
}

/// On many positions under both table rule sets: where the tables say the side cannot get more
/// than the split it accepts; where they say it can force more (and the split does not already
/// win for it) it declines; it proposes exactly where the tables' value is the split.
#[test]
fn answers_follow_the_tables() {
    for (rules, name) in [(Rules::AWARI, "awari-scan"), (Rules::ABAPA, "abapa-scan")] {
        let (dir, db, prober) = tables(rules, name);
        let mut engine = engine_with(&prober);
        let limits = Limits::depth(6);
        let mut counts = [0usize; 3];
        for pos in positions(MAX_SEEDS, 150) {
            let game = Game::from_position(pos, rules);
            for side in Side::ALL {
                let (split, lo, hi) = split_and_tables(&db, &pos, side);
                let answer = answer_cycle_proposal(&game, side, &mut engine, &limits);
                if split <= 0 && lo > split {
                    assert_eq!(answer, CycleAnswer::Decline, "{pos:?} {side} {rules}");
                    counts[0] += 1;
                }
                if hi <= split {
                    assert_eq!(answer, CycleAnswer::Accept, "{pos:?} {side} {rules}");
                    counts[1] += 1;
                }
                if lo == split && hi == split {
                    assert!(should_propose(&game, side, &mut engine, &limits));
                    counts[2] += 1;
                } else if lo > split || hi < split {
                    assert!(!should_propose(&game, side, &mut engine, &limits));
                }
            }
        }
        assert!(counts.iter().all(|&c| c >= 5), "{name}: {counts:?}");
        std::fs::remove_dir_all(dir).ok();
    }
}
