//! Recurring tournaments: one line of configuration each, e.g.
//! `saturday 18:00 arena 60 3+2 Weekly Arena` (every Saturday at 18:00 UTC, a 60-minute arena
//! at 3 minutes + 2 seconds) or `daily 20:00 swiss 5 15+5 Evening Swiss` (five rounds). The
//! next occurrence of each line is created ahead of time, once (its slot is a unique key).

use super::Kind;

/// The weekly arena the issue asks for, the default schedule.
pub const DEFAULT_SCHEDULE: &str = "saturday 18:00 arena 60 3+2 Weekly Arena";

const DAY_MS: u64 = 86_400_000;
const DAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// One recurring tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recurring {
    /// The day of the week (0 Monday … 6 Sunday), `None` every day.
    pub weekday: Option<u8>,
    /// The start, minutes after midnight UTC.
    pub minute_of_day: u32,
    /// Arena or Swiss.
    pub kind: Kind,
    /// An arena's minutes, or a Swiss's rounds.
    pub length: u64,
    /// Initial seconds of the clock.
    pub initial_s: u64,
    /// Increment seconds.
    pub increment_s: u64,
    /// The tournament's name.
    pub name: String,
}

/// A line of the schedule that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScheduleError(pub String);

impl Recurring {
    /// Reads a schedule: one tournament a line (`DAY HH:MM arena|swiss MINUTES|ROUNDS
    /// MIN+SEC NAME`, `DAY` a weekday or `daily`); blank lines and `#` comments are skipped.
    pub fn parse_all(text: &str) -> Result<Vec<Recurring>, ScheduleError> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            out.push(
                line.parse()
                    .map_err(|e: ScheduleError| ScheduleError(format!("line {}: {e}", i + 1)))?,
            );
        }
        Ok(out)
    }

    /// The first start at or after `now_ms` (epoch ms).
    pub fn next_start(&self, now_ms: u64) -> u64 {
        let today = now_ms / DAY_MS;
        for d in 0..8 {
            let day = today + d;
            // 1970-01-01 was a Thursday (3 with Monday 0).
            let weekday = ((day + 3) % 7) as u8;
            if self.weekday.is_some_and(|w| w != weekday) {
                continue;
            }
            let start = day * DAY_MS + u64::from(self.minute_of_day) * 60_000;
            if start >= now_ms {
                return start;
            }
        }
        now_ms
    }
}

impl std::str::FromStr for Recurring {
    type Err = ScheduleError;

    fn from_str(line: &str) -> Result<Recurring, ScheduleError> {
        let bad = |m: String| ScheduleError(m);
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 6 {
            return Err(bad(format!(
                "expected `DAY HH:MM arena|swiss MINUTES|ROUNDS MIN+SEC NAME`, not `{line}`"
            )));
        }
        let day = words[0].to_ascii_lowercase();
        let weekday = if day == "daily" {
            None
        } else {
            Some(
                DAYS.iter()
                    .position(|d| *d == day || d[..3] == day)
                    .ok_or_else(|| bad(format!("unknown day `{}`", words[0])))?
                    as u8,
            )
        };
        let (h, m) = words[1]
            .split_once(':')
            .and_then(|(h, m)| Some((h.parse::<u32>().ok()?, m.parse::<u32>().ok()?)))
            .filter(|(h, m)| *h < 24 && *m < 60)
            .ok_or_else(|| bad(format!("`{}` is not a time HH:MM (UTC)", words[1])))?;
        let kind = match words[2] {
            "arena" => Kind::Arena,
            "swiss" => Kind::Swiss,
            other => return Err(bad(format!("`{other}` is not arena or swiss"))),
        };
        let length: u64 = words[3].parse().ok().filter(|n| *n > 0).ok_or_else(|| {
            bad(format!(
                "`{}` is not a number of minutes or rounds",
                words[3]
            ))
        })?;
        let (min, inc) = words[4]
            .split_once('+')
            .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
            .filter(|(a, _)| *a > 0)
            .ok_or_else(|| bad(format!("`{}` is not a clock MIN+SEC", words[4])))?;
        Ok(Recurring {
            weekday,
            minute_of_day: h * 60 + m,
            kind,
            length,
            initial_s: min * 60,
            increment_s: inc,
            name: words[5..].join(" "),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weekly_arena_is_on_saturdays_at_six_pm_utc() {
        let r: Recurring = DEFAULT_SCHEDULE.parse().unwrap();
        assert_eq!(r.weekday, Some(5));
        assert_eq!((r.initial_s, r.increment_s, r.length), (180, 2, 60));
        assert_eq!(r.name, "Weekly Arena");
        // 2024-01-01 was a Monday; the next Saturday 18:00 is 2024-01-06 18:00 UTC.
        let monday = 1_704_067_200_000;
        assert_eq!(r.next_start(monday), 1_704_564_000_000);
        assert_eq!(r.next_start(1_704_564_000_000), 1_704_564_000_000);
        assert_eq!(
            r.next_start(1_704_564_000_001),
            1_704_564_000_000 + 7 * DAY_MS
        );
        let daily: Recurring = "daily 20:00 swiss 5 15+5 Evening Swiss".parse().unwrap();
        assert_eq!(daily.next_start(monday), monday + 20 * 3_600_000);
        assert!(Recurring::parse_all("# none\n\nfunday 10:00 arena 1 1+0 X").is_err());
    }
}
