//! Fuzz target `tui_server_input`: see `../checks/tui_server_input.rs`.
#![no_main]

mod check {
    include!("../checks/tui_server_input.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
