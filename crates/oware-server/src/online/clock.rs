//! Time controls and the server's clock of a game: time left, the running side, the deadline.

use oware_core::Side;
use serde::{Deserialize, Serialize};

use super::error::OnlineError;
use super::{MAX_INCREMENT_S, MAX_INITIAL_S};

/// A day in seconds.
pub const DAY_S: u64 = TimeControl::DAY_S;
/// The days per move a correspondence game may have.
pub const CORRESPONDENCE_DAYS: [u64; 6] = [1, 2, 3, 5, 7, 14];

/// The one time control of the protocol, `{initial_s, increment_s}` (a correspondence clock
/// is whole days and no increment).
pub use oware_protocol::TimeControl;

/// The server's checks of a time control as asked for: the bounds of a live clock, the days of
/// a correspondence one. (An extension of the protocol's [`TimeControl`], which knows no
/// server limits.)
pub trait ControlChecks: Sized {
    /// A correspondence clock: `days` (1, 2, 3, 5, 7 or 14) for each move. It is a clock
    /// whose initial time is whole days and no increment (the clocks of live games stop at
    /// 3 hours, so the two never meet); each move gives the mover its days again.
    fn correspondence(days: f64) -> Result<Self, OnlineError>;

    /// Checks the bounds: `min_initial_s` ≤ initial ≤ 10800, increment ≤ 180 (whole seconds;
    /// negative, fractional or missing numbers are refused by the caller's parser or here).
    fn checked(
        initial_s: Option<f64>,
        increment_s: Option<f64>,
        min_initial_s: u64,
    ) -> Result<Self, OnlineError>;
}

impl ControlChecks for TimeControl {
    fn correspondence(days: f64) -> Result<TimeControl, OnlineError> {
        match CORRESPONDENCE_DAYS.iter().find(|&&d| d as f64 == days) {
            Some(&d) => Ok(TimeControl {
                initial_s: d * DAY_S,
                increment_s: 0,
            }),
            None => Err(OnlineError::invalid(
                "bad-clock",
                format!("days per move must be 1, 2, 3, 5, 7 or 14, not {days}"),
            )),
        }
    }

    fn checked(
        initial_s: Option<f64>,
        increment_s: Option<f64>,
        min_initial_s: u64,
    ) -> Result<TimeControl, OnlineError> {
        let whole = |v: Option<f64>, what: &str| -> Result<u64, OnlineError> {
            match v {
                Some(x) if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= 1e9 => {
                    Ok(x as u64)
                }
                Some(x) => Err(OnlineError::invalid(
                    "bad-clock",
                    format!("{what} must be a whole number of seconds, not {x}"),
                )),
                None => Err(OnlineError::invalid(
                    "bad-clock",
                    format!("the clock needs {what}"),
                )),
            }
        };
        let initial_s = whole(initial_s, "initial_s")?;
        let increment_s = whole(increment_s.or(Some(0.0)), "increment_s")?;
        if !(min_initial_s..=MAX_INITIAL_S).contains(&initial_s) {
            return Err(OnlineError::invalid(
                "bad-clock",
                format!(
                    "the initial time must be {min_initial_s} to {MAX_INITIAL_S} seconds, not {initial_s}"
                ),
            ));
        }
        if increment_s > MAX_INCREMENT_S {
            return Err(OnlineError::invalid(
                "bad-clock",
                format!("the increment must be 0 to {MAX_INCREMENT_S} seconds, not {increment_s}"),
            ));
        }
        Ok(TimeControl {
            initial_s,
            increment_s,
        })
    }
}

/// The server's clock of a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Clock {
    /// Each side's initial time.
    pub initial_ms: u64,
    /// Added after each clocked move.
    pub increment_ms: u64,
    /// South's time left at the start of the current turn (or now, when not South's turn).
    pub south_ms: u64,
    /// North's time left likewise.
    pub north_ms: u64,
    /// The side whose time runs, `None` before both sides have moved and after the end.
    pub running: Option<Side>,
    /// When the running side's turn began (epoch ms).
    pub turn_started_ms: u64,
    /// The sides that berserked (arena tournaments): half their initial time, no increment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub berserk: Vec<Side>,
}

impl Clock {
    pub(super) fn new(tc: TimeControl) -> Clock {
        Clock {
            initial_ms: tc.initial_s * 1000,
            increment_ms: tc.increment_s * 1000,
            south_ms: tc.initial_s * 1000,
            north_ms: tc.initial_s * 1000,
            running: None,
            turn_started_ms: 0,
            berserk: Vec::new(),
        }
    }

    /// Berserk (arena tournaments): `side` keeps half its initial time and gets no increment
    /// from now on. Only before `side`'s first move (the caller checks); once per side.
    pub fn berserk(&mut self, side: Side) {
        if !self.berserk.contains(&side) {
            self.berserk.push(side);
            *self.left_mut(side) = self.initial_ms / 2;
        }
    }

    /// The increment `side` gets after each clocked move (none after a berserk).
    pub fn increment_of(&self, side: Side) -> u64 {
        if self.berserk.contains(&side) {
            0
        } else {
            self.increment_ms
        }
    }

    pub(super) fn left_mut(&mut self, side: Side) -> &mut u64 {
        match side {
            Side::South => &mut self.south_ms,
            Side::North => &mut self.north_ms,
        }
    }

    /// `side`'s time left at the start of its turn (or now when it is not running).
    pub fn left(&self, side: Side) -> u64 {
        match side {
            Side::South => self.south_ms,
            Side::North => self.north_ms,
        }
    }

    /// `side`'s time left at `now`.
    pub fn left_at(&self, side: Side, now: u64) -> u64 {
        let left = self.left(side);
        if self.running == Some(side) {
            left.saturating_sub(now.saturating_sub(self.turn_started_ms))
        } else {
            left
        }
    }

    /// When the running side's flag falls (epoch ms).
    pub fn deadline(&self) -> Option<u64> {
        self.running
            .map(|side| self.turn_started_ms.saturating_add(self.left(side)))
    }

    /// Whether this is a correspondence clock (days per move, see
    /// `TimeControl::correspondence`).
    pub fn per_move(&self) -> bool {
        self.control().days_per_move().is_some()
    }

    /// The time control as asked for.
    pub fn control(&self) -> TimeControl {
        TimeControl {
            initial_s: self.initial_ms / 1000,
            increment_s: self.increment_ms / 1000,
        }
    }
}
