use std::fmt;

use crate::{BySide, Side};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player has captured 25 seeds or more (or a grand slam under `to-opponent` ended it).
    Capture,
    /// Both players have captured 24 seeds.
    Draw,
    /// The player to move cannot move: they cannot feed an empty opponent (or have no seeds).
    /// Each player takes the seeds on their own row.
    NoFeed,
    /// A position recurred; the seeds left are allocated by the cycle rule.
    Cycle,
}

impl EndReason {
    /// `"capture"`, `"draw"`, `"no-feed"` or `"cycle"`.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Capture => "capture",
            EndReason::Draw => "draw",
            EndReason::NoFeed => "no-feed",
            EndReason::Cycle => "cycle",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A final score, counted in half seeds so that an evenly split odd seed is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Score(u8);

impl Score {
    /// A score of `seeds` whole seeds.
    pub const fn seeds(seeds: u8) -> Score {
        Score(seeds * 2)
    }

    /// A score of `halves` half seeds.
    pub const fn from_halves(halves: u8) -> Score {
        Score(halves)
    }

    /// The score in half seeds.
    pub const fn halves(self) -> u8 {
        self.0
    }

    /// The score as a number of seeds, e.g. `23.5`.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Score {
    /// `24` for whole seeds, `23.5` with a half.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// How a game ended: the reason and each player's final score after the end-of-game allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why the game ended.
    pub reason: EndReason,
    /// Final scores: captured seeds plus the seeds allocated at the end.
    pub scores: BySide<Score>,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        use std::cmp::Ordering::*;
        match self.scores.south.cmp(&self.scores.north) {
            Greater => Some(Side::South),
            Less => Some(Side::North),
            Equal => None,
        }
    }
}
