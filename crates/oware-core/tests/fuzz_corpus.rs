//! Replays the fuzz corpus of the formats this crate reads (`fuzz/corpus/TARGET/*`, and any
//! crash kept in `fuzz/regressions/TARGET/*`) through the same checks the fuzz targets run
//! (`fuzz/checks/TARGET.rs`): no panic, and the round trips hold. Stable Rust; see
//! `docs/hardening.md`.

use std::path::PathBuf;

mod fen {
    include!("../../../fuzz/checks/fen.rs");
}
mod movetext {
    include!("../../../fuzz/checks/movetext.rs");
}
mod ogn {
    include!("../../../fuzz/checks/ogn.rs");
}
mod api_json {
    include!("../../../fuzz/checks/api_json.rs");
}

/// Every kept input of `target`; at least one, so a lost corpus fails the test.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut found = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        for e in entries {
            let path = e.expect("a readable directory").path();
            let bytes = std::fs::read(&path).expect("a readable file");
            found.push((path, bytes));
        }
    }
    assert!(
        !found.is_empty(),
        "no corpus for {target} under {}",
        root.display()
    );
    found
}

fn replay(target: &str, check: fn(&[u8])) {
    for (path, bytes) in inputs(target) {
        let run = std::panic::catch_unwind(|| check(&bytes));
        assert!(run.is_ok(), "{target}: {} fails its check", path.display());
    }
}

#[test]
fn fen_corpus_parses_without_panic_and_round_trips() {
    replay("fen", fen::check);
}

#[test]
fn movetext_corpus_parses_without_panic_and_round_trips() {
    replay("movetext", movetext::check);
}

#[test]
fn ogn_corpus_parses_without_panic_and_round_trips() {
    replay("ogn", ogn::check);
}

#[test]
fn api_json_corpus_reaches_the_core_without_panic() {
    replay("api_json", api_json::check);
}
