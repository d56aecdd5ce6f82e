//! Replays the fuzz corpus of the UCI command reader (`fuzz/corpus/TARGET/*`, and any
//! crash kept in `fuzz/regressions/TARGET/*`) through the same checks the fuzz targets run
//! (`fuzz/checks/TARGET.rs`): no panic, and the round trips hold. Stable Rust; see
//! `docs/hardening.md`.

use std::path::PathBuf;

mod uci {
    include!("../../../fuzz/checks/uci.rs");
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
fn uci_corpus_reads_without_panic_and_short_errors() {
    replay("uci", uci::check);
}
