//! Fuzz target `movetext`: see `../checks/movetext.rs`.
#![no_main]

mod check {
    include!("../checks/movetext.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
