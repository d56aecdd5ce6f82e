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
    /// The players agreed that the game had become an endless cycle and ended it while both
    /// rows held seeds ([`crate::Game::agree_cycle`]). Each player takes the seeds on their own
    /// row, whatever the rules' cycle allocation.
    AgreedCycle,
}

impl EndReason {
    /// Every reason, in the order of their codes (e.g. the Python package's `REASON_NAMES`).
    pub const ALL: [EndReason; 5] = [
        EndReason::Capture,
        EndReason::Draw,
        EndReason::NoFeed,
        EndReason::Cycle,
        EndReason::AgreedCycle,
    ];

    /// `"capture"`, `"draw"`, `"no-feed"`, `"cycle"` or `"agreed-cycle"`.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Capture => "capture",
            EndReason::Draw => "draw",
            EndReason::NoFeed => "no-feed",
            EndReason::Cycle => "cycle",
            EndReason::AgreedCycle => "agreed-cycle",
        }
    }
}

/// Error from parsing an [`EndReason`] name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseEndReasonError(String);

impl fmt::Display for ParseEndReasonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown end reason '{}' (expected capture, draw, no-feed, cycle or agreed-cycle)",
            self.0
        )
    }
}

impl std::error::Error for ParseEndReasonError {}

impl std::str::FromStr for EndReason {
    type Err = ParseEndReasonError;
    /// A name as [`EndReason::name`] writes it (case-insensitive).
    fn from_str(s: &str) -> Result<EndReason, ParseEndReasonError> {
        EndReason::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseEndReasonError(s.to_string()))
    }
}

/// Why a cycle cannot be ended by agreement ([`crate::Game::agree_cycle`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgreementError {
    /// The game is already over.
    GameOver,
    /// A player has no seeds on their row: the game goes on until it ends by the rules.
    EmptyRow {
        /// The player whose row is empty.
        side: Side,
    },
}

impl fmt::Display for AgreementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgreementError::GameOver => f.write_str("the game is over"),
            AgreementError::EmptyRow { side } => write!(
                f,
                "a cycle can be ended by agreement only while both rows hold seeds: {side}'s row is empty"
            ),
        }
    }
}

impl std::error::Error for AgreementError {}

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
