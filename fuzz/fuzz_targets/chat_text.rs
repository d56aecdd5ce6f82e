//! Fuzz target `chat_text`: see `../checks/chat_text.rs`. Besides the check's work budget (steps
//! counted, the real bound), an input that takes more than 100 ms (the least of three runs, so
//! that a busy machine does not fail it) stops the fuzzer as a crash. 100 ms, not 10: the
//! fuzzer's build (AddressSanitizer, coverage counters, debug assertions) runs this code 10 to
//! 20 times slower than the server's, and a first run at 10 ms failed inputs of 78 bytes on a
//! loaded machine; `stat::slowest_unit_time_sec` in the run's summary gives the slowest.
#![no_main]

use std::time::{Duration, Instant};

mod check {
    include!("../checks/chat_text.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut fastest = Duration::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        check::check(data);
        fastest = fastest.min(start.elapsed());
        if fastest <= Duration::from_millis(100) {
            return;
        }
    }
    panic!("{} bytes took {fastest:?} (at most 100 ms)", data.len());
});
