//! Search limits and time management.

use std::time::Duration;

use oware_core::{BySide, Side};

/// A game clock: time left and increment of each side, and moves to the next time control.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on each side's clock.
    pub time: BySide<Duration>,
    /// Increment per move of each side.
    pub inc: BySide<Duration>,
    /// Moves to the next time control, if any.
    pub movestogo: Option<u32>,
}

/// Limits of one search. All `None` (and `infinite` false) means "until stopped".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes (all threads together).
    pub nodes: Option<u64>,
    /// Maximum wall-clock time.
    pub movetime: Option<Duration>,
    /// A game clock; the engine budgets its own time from it.
    pub clock: Option<Clock>,
    /// Search until stopped, even after a proven result.
    pub infinite: bool,
}

impl Limits {
    /// A depth limit.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A time limit.
    pub fn movetime(t: Duration) -> Limits {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }
}

/// When to stop: `soft` = do not start another iteration after it, `hard` = abort the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// The time plan for `side` to move under `limits`.
pub(crate) fn plan(limits: &Limits, side: Side) -> TimePlan {
    let mut soft = None;
    let mut hard = None;
    if let Some(t) = limits.movetime {
        // Leave a little for the reply to be sent.
        let margin = (t / 50).min(Duration::from_millis(10));
        hard = Some(t.saturating_sub(margin));
        soft = hard;
    }
    if let Some(c) = limits.clock {
        let left = c.time[side];
        let inc = c.inc[side];
        let overhead = Duration::from_millis(20).min(left / 10);
        let left = left.saturating_sub(overhead);
        let mtg = c.movestogo.unwrap_or(20).clamp(1, 20);
        let base = left / mtg + inc * 3 / 4;
        let base = base.min(left / 2);
        let h = (base * 3).min(left / 3).max(base);
        let s = base / 2;
        soft = Some(soft.map_or(s, |x: Duration| x.min(s)));
        hard = Some(hard.map_or(h, |x: Duration| x.min(h)));
    }
    TimePlan { soft, hard }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_fraction_of_the_time_left() {
        let c = Clock {
            time: BySide::new(Duration::from_secs(60), Duration::from_secs(1)),
            inc: BySide::default(),
            movestogo: None,
        };
        let l = Limits {
            clock: Some(c),
            ..Limits::default()
        };
        let p = plan(&l, Side::South);
        assert!(p.hard.unwrap() < Duration::from_secs(20));
        assert!(p.soft.unwrap() <= p.hard.unwrap());
        let q = plan(&l, Side::North);
        assert!(q.hard.unwrap() < Duration::from_millis(400));
    }
}
