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

include!("../../../fuzz/checks/replay.rs");

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
