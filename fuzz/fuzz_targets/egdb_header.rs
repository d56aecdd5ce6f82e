//! Fuzz target `egdb_header`: see `../checks/egdb_header.rs`.
#![no_main]

mod check {
    include!("../checks/egdb_header.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
