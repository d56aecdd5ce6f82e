//! The engine compiled to WebAssembly, run in Node (`tests/agree.mjs` over the page's loader,
//! `static/js/engine-wasm.js`), plays as the native engine: the same move for the same position,
//! level and seed (easy, medium, hard: the levels whose search ends at a depth), the same search
//! (best move, score, depth, nodes, line) at a fixed depth, and the same bench signature as
//! `bench.expected`. It also prints both engines' nodes per second (a measure, not a check).
//! With endgame tables (built here, up to 10 seeds), the module given their files' bytes as the
//! page's worker gives them plays `hard` as the native engine does with the same files opened
//! from their folder, on endgame positions.
//!
//! Needs the module built (`scripts/build-wasm.sh`, which scripts/test.sh runs first) and `node`;
//! `OWARE_WASM` names another module file.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;

use oware_core::{movetext, Game, Rules};
use oware_engine::{Level, Prober};

fn wasm_path() -> PathBuf {
    std::env::var_os("OWARE_WASM")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../oware-server/static/wasm/oware.wasm")
        })
}

/// Answers `requests` (one JSON text each) with the WebAssembly module in Node.
fn in_node(requests: &[String]) -> Vec<String> {
    let wasm = wasm_path();
    assert!(
        wasm.is_file(),
        "{} is missing: build it with scripts/build-wasm.sh",
        wasm.display()
    );
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/agree.mjs");
    let mut child = Command::new(std::env::var("NODE").unwrap_or_else(|_| "node".into()))
        .arg(&script)
        .arg(&wasm)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (the browser tests need it too)");
    let mut stdin = child.stdin.take().unwrap();
    let input = requests.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "node failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `n` positions of games played at random from the start (openings to bare endgames), each
/// as its moves' text; none over.
fn positions(n: usize) -> Vec<String> {
    let mut rng = 57;
    let mut out = Vec::new();
    while out.len() < n {
        let mut game = Game::new(Rules::default());
        let plies = splitmix(&mut rng) % 160;
        for _ in 0..plies {
            let legal = game.legal_moves();
            if game.is_over() || legal.is_empty() {
                break;
            }
            let m = legal[(splitmix(&mut rng) % legal.len() as u64) as usize];
            game.play(m).unwrap();
        }
        if !game.is_over() {
            out.push(movetext::write_list(&game.move_texts()));
        }
    }
    out
}

#[test]
fn the_webassembly_engine_plays_as_the_native_one() {
    let mut rng = 2026;
    let mut requests = Vec::new();
    for moves in positions(300) {
        for level in ["easy", "medium", "hard"] {
            let seed = splitmix(&mut rng);
            requests.push(format!(
                r#"{{"op":"reply","moves":"{moves}","level":"{level}","seed":{seed}}}"#
            ));
        }
    }
    // The unbounded level's search, cut at a depth so that it ends the same way.
    for moves in positions(40) {
        requests.push(format!(
            r#"{{"op":"analyse","moves":"{moves}","depth":12}}"#
        ));
    }
    requests.push(r#"{"op":"state","moves":"A b C d"}"#.into());
    requests.push(r#"{"op":"reply","moves":"A A","level":"hard"}"#.into());

    let native: Vec<String> = requests.iter().map(|r| oware_wasm::handle(r)).collect();
    let wasm = in_node(&requests);
    assert_eq!(wasm.len(), requests.len());
    let without_time = |a: &str| {
        let mut v: serde_json::Value = serde_json::from_str(a).unwrap();
        if let Some(o) = v.as_object_mut() {
            o.remove("time_ms");
        }
        v
    };
    let mut differ = 0;
    for ((r, n), w) in requests.iter().zip(&native).zip(&wasm) {
        if without_time(n) != without_time(w) {
            differ += 1;
            eprintln!("{r}\n  native {n}\n  wasm   {w}");
        }
    }
    assert_eq!(differ, 0, "{differ} of {} answers differ", requests.len());
    // Some answers are moves, some searches, some errors: the comparison saw each kind.
    assert!(native.iter().any(|a| a.contains("\"move\":\"")));
    assert!(native.iter().any(|a| a.contains("\"pv\":\"")));
    assert!(native.last().unwrap().contains("error"));
    // Over the module's request limit: the loader writes nothing (the module gave no room) and
    // both refuse it (the module counts only the bytes it was given room for).
    let long = format!(r#"{{"op":"state","moves":"{}"}}"#, "A ".repeat(40_000));
    assert!(oware_wasm::handle(&long).contains("request too long"));
    assert!(in_node(&[long])[0].contains("request too long"));
}

#[test]
fn the_webassembly_bench_has_the_native_signature() {
    let request = r#"{"op":"bench"}"#.to_string();
    let wasm: serde_json::Value =
        serde_json::from_str(&in_node(std::slice::from_ref(&request))[0]).unwrap();
    let native: serde_json::Value = serde_json::from_str(&oware_wasm::handle(&request)).unwrap();
    let expected: u64 = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench.expected"),
    )
    .unwrap()
    .trim()
    .parse()
    .unwrap();
    assert_eq!(wasm["nodes"], expected);
    assert_eq!(native["nodes"], expected);
    eprintln!(
        "bench depth {}: WebAssembly in Node {} nodes/s, native (this test's build) {} nodes/s",
        oware_engine::bench::DEFAULT_DEPTH,
        wasm["nps"],
        native["nps"]
    );
}

/// `n` positions of games played at random from the start until `6` to `16` seeds are left on
/// the board (each as its moves' text, with the game); none over.
fn endgames(n: usize) -> Vec<(String, Game)> {
    let mut rng = 1957;
    let mut out = Vec::new();
    while out.len() < n {
        let mut game = Game::new(Rules::default());
        let target = 6 + (splitmix(&mut rng) % 11) as u8;
        while !game.is_over() && game.position().seeds_on_board() > target {
            let legal = game.legal_moves();
            let m = legal[(splitmix(&mut rng) % legal.len() as u64) as usize];
            game.play(m).unwrap();
        }
        if !game.is_over() && !game.legal_moves().is_empty() {
            out.push((movetext::write_list(&game.move_texts()), game));
        }
    }
    out
}

#[test]
fn with_the_same_tables_the_webassembly_engine_plays_hard_as_the_native_one() {
    const MAX: u8 = 10;
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::default();
    oware_egdb::build(
        dir.path(),
        &rules,
        &oware_egdb::BuildOptions {
            max_seeds: MAX,
            threads: 1,
            memory: 1 << 30,
        },
        &mut |_| {},
    )
    .unwrap();
    let egdb = oware_egdb::Egdb::open(dir.path(), &rules).unwrap();
    assert_eq!(egdb.max_seeds(), Some(MAX));
    let prober = Arc::new(Prober::shared(Arc::new(egdb)));
    let mut requests = vec![serde_json::json!({
        "tables_dir": dir.path(),
        "rules": "abapa",
        "max": MAX,
    })
    .to_string()];
    let positions = endgames(80);
    let mut native = Vec::new();
    let mut without = 0;
    let mut rng = 77;
    for (moves, game) in &positions {
        let seed = splitmix(&mut rng);
        requests.push(format!(
            r#"{{"op":"reply","moves":"{moves}","level":"hard","seed":{seed}}}"#
        ));
        let side = game.position().turn();
        let letter =
            |m: Option<oware_core::Move>| m.map(|m| movetext::MoveText::new(side, m).to_string());
        let spec = Level::Hard.spec();
        let with_tables = letter(oware_engine::choose_move_with(
            game,
            spec,
            seed,
            1.0,
            Some(Arc::clone(&prober)),
        ));
        if with_tables != letter(oware_engine::choose_move_with(game, spec, seed, 1.0, None)) {
            without += 1;
        }
        native.push(with_tables);
    }
    let wasm = in_node(&requests);
    assert_eq!(wasm.len(), requests.len());
    let loaded: serde_json::Value = serde_json::from_str(&wasm[0]).unwrap();
    assert_eq!(loaded["max_seeds"], MAX, "{loaded}");
    assert_eq!(loaded["rules"], "abapa");
    let mut differ = 0;
    for (((moves, _), n), w) in positions.iter().zip(&native).zip(&wasm[1..]) {
        let w: serde_json::Value = serde_json::from_str(w).unwrap();
        if w["move"].as_str() != n.as_deref() {
            differ += 1;
            eprintln!("{moves}\n  native {n:?}\n  wasm   {w}");
        }
    }
    assert_eq!(differ, 0, "{differ} of {} moves differ", positions.len());
    // The tables changed some of the native moves: the agreement covers their use.
    eprintln!(
        "{without} of {} endgame moves differ from the moves without tables",
        positions.len()
    );
    assert!(without > 0);
}
