//! Fuzz target `chat_text`: see `../checks/chat_text.rs`. Besides the check's work budget (steps counted,
//! the real bound), an input whose fastest of three runs takes over 100 ms stops the fuzzer as a
//! crash (`../checks/timed.rs`).
#![no_main]

mod check {
    include!("../checks/chat_text.rs");
}

mod timed {
    include!("../checks/timed.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| timed::within_limit(data, check::check));
