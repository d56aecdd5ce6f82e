//! The engine compiled to WebAssembly, run in Node (`tests/agree.mjs` over the page's loader,
//! `static/js/engine-wasm.js`), plays as the native engine: the same move for the same position,
//! level and seed (easy, medium, hard: the levels whose search ends at a depth), the same search
//! (best move, score, depth, nodes, line) at a fixed depth, and the same bench signature as
//! `bench.expected`. It also prints both engines' nodes per second (a measure, not a check).
//!
//! Needs the module built (`scripts/build-wasm.sh`, which scripts/test.sh runs first) and `node`;
//! `OWARE_WASM` names another module file.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use oware_core::{movetext, Game, Rules};

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
