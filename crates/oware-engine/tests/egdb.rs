//! The search with endgame databases: built small in-process, then probed during search.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use oware_core::{BySide, Game, Position, Rules, Setup, Side};
use oware_egdb::{build, BuildOptions, Egdb};
use oware_engine::eval::xorshift;
use oware_engine::{Engine, Limits, Prober, PROVEN};

fn random_position(state: &mut u64, seeds: u8) -> Position {
    let mut pits = [0u8; 12];
    for _ in 0..seeds {
        pits[(xorshift(state) % 12) as usize] += 1;
    }
    let south = (48 - seeds) / 2;
    Position::from_setup(&Setup {
        pits,
        stores: BySide::new(south, 48 - seeds - south),
        turn: if *state & 1 == 0 {
            Side::South
        } else {
            Side::North
        },
    })
    .unwrap()
}

#[test]
fn search_agrees_with_the_databases_and_keeps_their_promise() {
    let dir = std::env::temp_dir().join(format!("oware-engine-egdb-{}", std::process::id()));
    let rules = Rules::PLAYSTRATEGY;
    let options = BuildOptions {
        max_seeds: 8,
        threads: 1,
        memory: u64::MAX,
    };
    build(&dir, &rules, &options, &mut |_| {}).unwrap();
    let db = Egdb::open(&dir, &rules).unwrap();
    let prober = Arc::new(Prober::open(Some(&dir), &rules).unwrap().unwrap());
    assert_eq!(prober.max_seeds(), 8);
    let mut state = 99u64;
    let mut checked = 0;
    for _ in 0..200 {
        let pos = random_position(&mut state, 8);
        let game = Game::from_position(pos, rules);
        if game.is_over() {
            continue;
        }
        let b = db.probe(&pos).unwrap().unwrap();
        let me = pos.turn();
        let stores = i32::from(pos.store(me)) - i32::from(pos.store(me.other()));
        let (lo, hi) = (stores + i32::from(b.lo), stores + i32::from(b.hi));
        let mut engine = Engine::new(4);
        engine.set_egdb(Some(Arc::clone(&prober)));
        let r = engine.search(
            &game,
            &Limits::depth(6),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        if lo > 0 {
            assert!(
                r.info.score >= PROVEN,
                "{pos:?}: won by the tables, search says {}",
                r.info.score
            );
        }
        if hi < 0 {
            assert!(
                r.info.score <= -PROVEN,
                "{pos:?}: lost by the tables, search says {}",
                r.info.score
            );
        }
        if lo > 0 {
            // Play it out: the engine with the tables must win as promised.
            let mut g = game.clone();
            let mut a = Engine::new(4);
            a.set_egdb(Some(Arc::clone(&prober)));
            while !g.is_over() && g.moves().len() < 300 {
                let m = a
                    .search(&g, &Limits::depth(6), &AtomicBool::new(false), &mut |_| {})
                    .best
                    .unwrap();
                g.play(m).unwrap();
            }
            let o = g.outcome().expect("the game ends");
            assert_eq!(o.winner(), Some(me), "{pos:?}: promised a win, got {o:?}");
        }
        checked += 1;
    }
    assert!(checked > 100);
    std::fs::remove_dir_all(&dir).ok();
}
