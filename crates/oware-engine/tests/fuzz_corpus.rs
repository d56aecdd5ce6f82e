//! Replays the fuzz corpus of the UCI command reader (`fuzz/corpus/TARGET/*`, and any
//! crash kept in `fuzz/regressions/TARGET/*`) through the same checks the fuzz targets run
//! (`fuzz/checks/TARGET.rs`): no panic, and the round trips hold. Stable Rust; see
//! `docs/hardening.md`.

use std::path::PathBuf;

mod uci {
    include!("../../../fuzz/checks/uci.rs");
}

include!("../../../fuzz/checks/replay.rs");

#[test]
fn uci_corpus_reads_without_panic_and_short_errors() {
    replay("uci", uci::check);
}
