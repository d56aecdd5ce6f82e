//! Fuzz target `ogn`: see `../checks/ogn.rs`.
#![no_main]

mod check {
    include!("../checks/ogn.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
