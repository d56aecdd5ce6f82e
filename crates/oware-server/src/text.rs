//! The small words of the server's sentences: a count with its noun in the right number
//! ("1 minute", "3 minutes") and a time span in words, so that no message says "1 minutes".

use std::time::Duration;

/// `n` and its noun: `one` for exactly one, else `one` with an `s` (`count(1, "game")` is
/// "1 game", `count(0, "game")` "0 games").
pub(crate) fn count(n: u64, one: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// A window of time as a phrase after "the last": "minute", "10 minutes", "90 seconds" (whole
/// minutes in minutes, anything else in seconds, so that nothing is rounded away).
pub(crate) fn last_span(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        60 => "minute".to_string(),
        1 => "second".to_string(),
        _ if s >= 60 && s.is_multiple_of(60) => count(s / 60, "minute"),
        _ => count(s, "second"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(count(1, "move"), "1 move");
        assert_eq!(count(0, "move"), "0 moves");
        assert_eq!(count(2, "seed"), "2 seeds");
    }

    #[test]
    fn a_window_is_said_in_whole_minutes_or_in_seconds() {
        assert_eq!(last_span(Duration::from_secs(60)), "minute");
        assert_eq!(last_span(Duration::from_secs(600)), "10 minutes");
        assert_eq!(last_span(Duration::from_secs(90)), "90 seconds");
        assert_eq!(last_span(Duration::from_secs(1)), "second");
        assert_eq!(last_span(Duration::from_secs(30)), "30 seconds");
    }
}
