//! Replays the kept fuzz inputs of the server's request types (`fuzz/corpus/api_requests/` and
//! `fuzz/regressions/api_requests/`) through the fuzz target's own check.

use std::path::PathBuf;

mod api_requests {
    include!("../../../fuzz/checks/api_requests.rs");
}

include!("../../../fuzz/checks/replay.rs");

#[test]
fn api_requests_corpus_is_read_as_the_handlers_read_it() {
    replay("api_requests", api_requests::check);
}
