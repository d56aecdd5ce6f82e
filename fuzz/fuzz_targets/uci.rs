//! Fuzz target `uci`: see `../checks/uci.rs`.
#![no_main]

mod check {
    include!("../checks/uci.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
