//! Replays the kept fuzz inputs of the server's request types (`fuzz/corpus/api_requests/` and
//! `fuzz/regressions/api_requests/`) and of the client address behind a proxy
//! (`fuzz/corpus/forwarded_for/`) through the fuzz targets' own checks.

use std::path::PathBuf;

mod api_requests {
    include!("../../../fuzz/checks/api_requests.rs");
}

mod forwarded_for {
    include!("../../../fuzz/checks/forwarded_for.rs");
}

include!("../../../fuzz/checks/replay.rs");

#[test]
fn api_requests_corpus_is_read_as_the_handlers_read_it() {
    replay("api_requests", api_requests::check);
}

#[test]
fn forwarded_for_corpus_names_a_client_the_walk_from_the_right_reaches() {
    replay("forwarded_for", forwarded_for::check);
}
