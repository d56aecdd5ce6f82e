//! Fuzz target `fen`: see `../checks/fen.rs`.
#![no_main]

mod check {
    include!("../checks/fen.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
