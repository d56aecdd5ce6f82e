//! Replays the kept fuzz inputs of what the terminal client reads from a server
//! (`fuzz/corpus/tui_server_input/` and `fuzz/regressions/tui_server_input/`) through the fuzz
//! target's own checks.

use std::path::PathBuf;

mod tui_server_input {
    include!("../../../fuzz/checks/tui_server_input.rs");
}

include!("../../../fuzz/checks/replay.rs");

#[test]
fn tui_server_input_corpus_is_read_without_a_panic_or_a_raw_control_character() {
    replay("tui_server_input", tui_server_input::check);
}
