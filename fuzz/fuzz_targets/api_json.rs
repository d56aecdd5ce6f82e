//! Fuzz target `api_json`: see `../checks/api_json.rs`.
#![no_main]

mod check {
    include!("../checks/api_json.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
