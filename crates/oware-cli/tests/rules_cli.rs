//! The rules commands (`replay`, `perft`, `show`) run as real processes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use oware_core::{fen, EndReason, Game, Rules};
use serde_json::Value;

fn oware(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start oware");
    let mut input = child.stdin.take().unwrap();
    let text = stdin.unwrap_or("").to_string();
    // Write from another thread: the child's output fills its pipe while we write.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn replay_prints_every_position() {
    let out = oware(&["replay", "FcAd"], None);
    assert!(out.status.success());
    let l = lines(&out);
    assert_eq!(l.len(), 5);
    assert_eq!(l[0]["move"], Value::Null);
    assert_eq!(l[0]["legal"], "ABCDEF");
    assert_eq!(l[4]["move"], "d");
    assert_eq!(l[4]["fen"], "1-7-6-6-5-1-5-5-0-0-6-6-0-0-S");
    assert_eq!(l[4]["board"].as_array().unwrap().len(), 12);
    assert_eq!(l[4]["to_move"], "S");
    assert_eq!(l[4]["over"], false);
    assert_eq!(l[4]["final"], Value::Null);
}

#[test]
fn replay_refuses_a_capture_suffix_the_move_does_not_make() {
    let out = oware(&["replay", "C+9"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ply 1") && err.contains("C+9") && err.contains("captures 0 seeds"),
        "{err}"
    );
    assert!(oware(&["replay", "C+0"], None).status.success());
}

#[test]
fn replay_reports_an_illegal_move_after_the_good_ones() {
    let out = oware(&["replay", "FcAc"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(lines(&out).len(), 4);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ply 4") && err.contains("pit c is empty"),
        "{err}"
    );

    // South must feed North: B (one seed) does not reach, F does.
    let out = oware(
        &["replay", "--fen", "0-1-0-0-0-3-0-0-0-0-0-0-20-24-S", "B"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("must feed North"), "{err}");

    let out = oware(&["replay", "--fen", "1-2-3", "A"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("15 fields"));
}

#[test]
fn replay_shows_the_end_and_even_split_halves() {
    // Find, by playing the first legal move, a small position that ends in a cycle with an odd
    // number of seeds left, then check that the command prints the halves.
    let rules = Rules::AWARI;
    let mut found = None;
    'search: for a in 1..4u8 {
        for b in 1..4u8 {
            let stores = 48 - a - b;
            let text = format!(
                "{a}-0-0-0-0-0-{b}-0-0-0-0-0-{}-{}-S",
                stores / 2,
                stores - stores / 2
            );
            let mut g = Game::from_position(fen::parse(&text).unwrap(), rules);
            while !g.is_over() {
                let m = g.legal_moves()[0];
                g.play(m).unwrap();
            }
            let o = g.outcome().unwrap();
            if o.reason == EndReason::Cycle && o.scores.south.halves() % 2 == 1 {
                let moves: String = g.move_texts().iter().map(|m| m.letter()).collect();
                found = Some((text, moves, o.scores.south.to_string()));
                break 'search;
            }
        }
    }
    let (start, moves, south) = found.expect("a cycle with an odd seed");
    let out = oware(
        &["replay", "--rules", "awari", "--fen", &start, &moves],
        None,
    );
    assert!(out.status.success());
    let last = lines(&out).pop().unwrap();
    assert_eq!(last["over"], true);
    assert_eq!(last["reason"], "cycle");
    assert_eq!(last["legal"], "");
    assert_eq!(last["to_move"], Value::Null);
    assert_eq!(last["final"][0].to_string(), south);
    assert!(south.ends_with(".5"));
}

#[test]
fn replay_stdin_matches_the_reference_games() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../oware-core/tests/data/random_games.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("reference games");
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .collect();
    assert_eq!(games.len(), 1000);
    let mut input = String::new();
    for g in &games {
        for step in g["steps"].as_array().unwrap() {
            let player = step[1].as_u64().unwrap();
            let base = if player == 0 { b'A' } else { b'a' };
            input.push((base + step[2].as_u64().unwrap() as u8) as char);
        }
        input.push('\n');
    }
    let out = oware(
        &["replay", "--stdin", "--rules", "playstrategy"],
        Some(&input),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut by_game = vec![Vec::new(); games.len()];
    for v in lines(&out) {
        by_game[v["game"].as_u64().unwrap() as usize].push(v);
    }
    for (g, lines) in games.iter().zip(&by_game) {
        let id = &g["id"];
        let steps = g["steps"].as_array().unwrap();
        assert_eq!(lines.len(), steps.len() + 1, "game {id}");
        for (line, step) in lines[1..].iter().zip(steps) {
            assert_eq!(line["over"], step[7], "game {id}");
            if step[7] == false {
                assert_eq!(line["board"], step[3], "game {id}");
                assert_eq!(line["stores"], step[4], "game {id}");
            } else {
                let want = match step[8][0].as_i64().unwrap() {
                    1 => "S",
                    -1 => "N",
                    _ => "draw",
                };
                assert_eq!(line["winner"], want, "game {id}");
            }
        }
    }
}

#[test]
fn replay_stdin_reports_bad_lines_and_goes_on() {
    let out = oware(&["replay", "--stdin"], Some("FcAd\nFF\n4-4;F\nA\n"));
    assert_eq!(out.status.code(), Some(1));
    let games: Vec<u64> = lines(&out)
        .iter()
        .map(|v| v["game"].as_u64().unwrap())
        .collect();
    assert!(games.contains(&0) && games.contains(&3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 1") && err.contains("game 2"), "{err}");
}

#[test]
fn perft_counts_and_flags() {
    let out = oware(&["perft", "6", "--threads", "2"], None);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let counts: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(' ').nth(1).unwrap())
        .collect();
    assert_eq!(counts, ["6", "36", "190", "1014", "5219", "27332"]);
    let out = oware(&["perft", "3", "--grand-slam", "sideways"], None);
    assert!(!out.status.success());
}

#[test]
fn show_draws_the_board() {
    let out = oware(&["show", "FcAd"], None);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A    B    C    D    E    F"));
    assert!(text.contains("1-7-6-6-5-1-5-5-0-0-6-6-0-0-S"));
    let out = oware(&["show", "FF"], None);
    assert!(!out.status.success());
}
