// Shared by the stable tests that replay the fuzz corpus (`crates/*/tests/fuzz_corpus.rs`):
// they `include!` this file beside the target's own checks. Needs `std::path::PathBuf` in scope.

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
