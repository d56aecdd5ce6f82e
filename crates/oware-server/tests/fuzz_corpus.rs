//! Replays the kept fuzz inputs of the server's request types (`fuzz/corpus/api_requests/` and
//! `fuzz/regressions/api_requests/`), of the client address behind a proxy
//! (`fuzz/corpus/forwarded_for/`), of chat texts (`fuzz/corpus/chat_text/`) and of names
//! (`fuzz/corpus/names/`) through the fuzz targets' own checks (the last two with their work
//! budgets, counted in steps).

use std::path::PathBuf;

mod api_requests {
    include!("../../../fuzz/checks/api_requests.rs");
}

mod forwarded_for {
    include!("../../../fuzz/checks/forwarded_for.rs");
}

mod chat_text {
    include!("../../../fuzz/checks/chat_text.rs");
}

mod names {
    include!("../../../fuzz/checks/names.rs");
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

#[test]
fn chat_text_corpus_is_checked_within_its_work_budget() {
    replay("chat_text", chat_text::check);
}

#[test]
fn names_corpus_is_cleaned_within_its_work_budget() {
    replay("names", names::check);
}
