//! Replays the fuzz corpus of the table header parser (`fuzz/corpus/TARGET/*`, and any
//! crash kept in `fuzz/regressions/TARGET/*`) through the same checks the fuzz targets run
//! (`fuzz/checks/TARGET.rs`): no panic, and the round trips hold. Stable Rust; see
//! `docs/hardening.md`.

use std::path::PathBuf;

mod egdb_header {
    include!("../../../fuzz/checks/egdb_header.rs");
}

include!("../../../fuzz/checks/replay.rs");

#[test]
fn egdb_header_corpus_parses_without_panic_and_round_trips() {
    replay("egdb_header", egdb_header::check);
}
