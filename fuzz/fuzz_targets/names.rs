//! Fuzz target `names`: see `../checks/names.rs`. Besides the check's work budget (steps
//! counted), an input that takes more than 10 ms (the least of three runs, so that a busy
//! machine does not fail it) stops the fuzzer as a crash.
#![no_main]

use std::time::{Duration, Instant};

mod check {
    include!("../checks/names.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut fastest = Duration::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        check::check(data);
        fastest = fastest.min(start.elapsed());
        if fastest <= Duration::from_millis(10) {
            return;
        }
    }
    panic!("{} bytes took {fastest:?} (at most 10 ms)", data.len());
});
