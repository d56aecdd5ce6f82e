//! Fuzz target `api_requests`: see `../checks/api_requests.rs`.
#![no_main]

mod check {
    include!("../checks/api_requests.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
