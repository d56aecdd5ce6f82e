// The time bound of the fuzz targets that also count their work in steps (`chat_text`,
// `names`): an input whose fastest of three runs takes more than the bound stops the fuzzer as
// a crash. The least of three, so that a busy machine does not fail an input; the bound is
// generous because the fuzzer's build (AddressSanitizer, coverage counters, debug assertions)
// runs the code 10 to 20 times slower than the server's (a first bound of 10 ms failed inputs of
// 78 bytes on a loaded machine). `stat::slowest_unit_time_sec` in a run's summary gives the
// slowest input.

use std::time::{Duration, Instant};

/// The bound on the fastest of three runs of one input.
pub const LIMIT: Duration = Duration::from_millis(100);

/// Runs `check` on `data` until one run is within [`LIMIT`], at most three times; panics with
/// the input's size and the fastest time when none was.
pub fn within_limit(data: &[u8], check: impl Fn(&[u8])) {
    let mut fastest = Duration::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        check(data);
        fastest = fastest.min(start.elapsed());
        if fastest <= LIMIT {
            return;
        }
    }
    panic!("{} bytes took {fastest:?} (at most {LIMIT:?})", data.len());
}
