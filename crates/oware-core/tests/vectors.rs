//! Checks the rules against the reference vectors in `tests/data/` (games and rule
//! scenarios recorded from an independent implementation; see its README for the format).
//!
//! The reference ends games at the first repeat and sweeps each row to its owner at the end of
//! every game, so terminal steps are compared on `ev.pre_sweep` (the position as it stands) and
//! the final scores on the sweep.

use std::path::PathBuf;

use oware_core::{EndReason, Game, Move, Rules, Side};
use serde_json::Value;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn records(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(vectors_dir().join(file)).expect("read vectors");
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json line"))
        .filter(|v| v["type"] != "meta")
        .collect()
}

fn u8s(v: &Value) -> Vec<u8> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u8)
        .collect()
}

/// Replays `moves`, checking every step; returns the number of plies checked.
fn check_steps(id: &str, moves: &[Value], steps: &[Value]) -> usize {
    let mut game = Game::new(Rules::PLAYSTRATEGY);
    for (i, step) in steps.iter().enumerate() {
        let ctx = format!("{id} ply {}", i + 1);
        let player = step[1].as_u64().unwrap() as usize;
        let mv = Move::new(moves[i].as_u64().unwrap() as usize).unwrap();
        assert_eq!(
            game.position().turn().index(),
            player,
            "{ctx}: side to move"
        );
        game.play(mv)
            .unwrap_or_else(|e| panic!("{ctx}: reference move refused: {e}"));
        let pos = game.position();
        let ev = &step[9];
        let terminal = step[7].as_bool().unwrap();
        assert_eq!(game.is_over(), terminal, "{ctx}: terminal");
        let (board, scores) = if terminal {
            (
                u8s(&ev["pre_sweep"]["board"]),
                u8s(&ev["pre_sweep"]["scores"]),
            )
        } else {
            (u8s(&step[3]), u8s(&step[4]))
        };
        assert_eq!(pos.pits().to_vec(), board, "{ctx}: board");
        assert_eq!(
            vec![pos.store(Side::South), pos.store(Side::North)],
            scores,
            "{ctx}: stores"
        );
        let legal: Vec<u8> = game.legal_moves().iter().map(|m| m.index() as u8).collect();
        assert_eq!(legal, u8s(&step[6]), "{ctx}: legal moves");
        if terminal {
            let o = game.outcome().unwrap();
            let swept = u8s(&step[4]);
            // The reference sweeps rows to their owners at every end: equal to ours except after
            // a capture of 25 or more, where abapa sweeps nothing (the winner is the same).
            let ours = [o.scores.south.halves(), o.scores.north.halves()];
            let want_reason = match ev["end"].as_str().unwrap() {
                "capture" => {
                    if scores[0] == 24 && scores[1] == 24 {
                        EndReason::Draw
                    } else {
                        EndReason::Capture
                    }
                }
                "repetition" => EndReason::Cycle,
                "no_feed" => EndReason::NoFeed,
                other => panic!("{ctx}: unknown end {other}"),
            };
            assert_eq!(o.reason, want_reason, "{ctx}: end reason");
            if o.reason == EndReason::Capture {
                assert_eq!(ours, [scores[0] * 2, scores[1] * 2], "{ctx}: final scores");
            } else {
                assert_eq!(ours, [swept[0] * 2, swept[1] * 2], "{ctx}: final scores");
            }
            let returns = step[8].as_array().unwrap()[0].as_i64().unwrap();
            let winner = match o.winner() {
                Some(Side::South) => 1,
                Some(Side::North) => -1,
                None => 0,
            };
            assert_eq!(winner, returns, "{ctx}: winner");
        }
    }
    steps.len()
}

#[test]
fn reference_random_games_agree_at_every_ply() {
    let games = records("random_games.jsonl");
    assert_eq!(games.len(), 1000);
    let plies: usize = games
        .iter()
        .map(|g| {
            check_steps(
                &format!("game {}", g["id"]),
                g["moves"].as_array().unwrap(),
                g["steps"].as_array().unwrap(),
            )
        })
        .sum();
    assert!(plies > 10_000);
}

#[test]
fn reference_scenarios_agree_at_every_ply() {
    let scenarios = records("scenarios.jsonl");
    assert_eq!(scenarios.len(), 410);
    let mut categories = std::collections::BTreeSet::new();
    for s in &scenarios {
        let id = format!("scenario {} ({})", s["id"], s["category"]);
        check_steps(
            &id,
            s["moves"].as_array().unwrap(),
            s["steps"].as_array().unwrap(),
        );
        categories.insert(s["category"].as_str().unwrap().to_string());
        if s["category"] == "max_game_length_1000" {
            // The reference stops at ply 1000 by its own limit; abapa goes on.
            assert!(s["steps"].as_array().unwrap().len() == 1000);
        }
    }
    assert_eq!(categories.len(), 18);
}
