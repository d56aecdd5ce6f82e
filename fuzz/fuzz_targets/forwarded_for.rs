//! Fuzz target `forwarded_for`: see `../checks/forwarded_for.rs`.
#![no_main]

mod check {
    include!("../checks/forwarded_for.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
