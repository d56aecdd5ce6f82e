//! Time categories: which rating a game counts for.

use std::fmt;
use std::str::FromStr;

/// A clock whose estimated game length is below this many seconds (8 minutes) is blitz;
/// from it on, rapid. See [`TimeControl::category`].
pub const BLITZ_LIMIT_SECS: u64 = 8 * 60;

/// The number of moves a player is assumed to make when estimating a game's length: the
/// increment counts this many times ([`TimeControl::estimated_secs`]).
pub const ESTIMATED_MOVES: u64 = 40;

/// A rating category: each player has one rating per category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Category {
    /// Fast clocks: 3+2, 5+3.
    Blitz,
    /// Slower clocks: 10+5, 15+10.
    Rapid,
    /// Days per move.
    Correspondence,
}

impl Category {
    /// Every category, fastest first.
    pub const ALL: [Category; 3] = [Category::Blitz, Category::Rapid, Category::Correspondence];

    /// The category's name: `blitz`, `rapid`, `correspondence`.
    pub fn name(self) -> &'static str {
        match self {
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
            Category::Correspondence => "correspondence",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A category name that is not one: see [`Category::name`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCategoryError;

impl fmt::Display for ParseCategoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown rating category (expected blitz, rapid or correspondence)")
    }
}

impl std::error::Error for ParseCategoryError {}

impl FromStr for Category {
    type Err = ParseCategoryError;

    /// Parses a name exactly as [`Category::name`] writes it.
    fn from_str(s: &str) -> Result<Category, ParseCategoryError> {
        Category::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or(ParseCategoryError)
    }
}

/// A game's time control, as far as rating cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum TimeControl {
    /// No clock: such games are not rated.
    Untimed,
    /// A clock: initial time and increment per move, in seconds (3+2 is 180 and 2).
    Clock {
        /// The initial time of each player, in seconds.
        initial_secs: u32,
        /// The time added after each move, in seconds.
        increment_secs: u32,
    },
    /// Correspondence: this many days for each move.
    Correspondence {
        /// Days for each move.
        days_per_move: u32,
    },
}

impl TimeControl {
    /// A clock's estimated length for one player, in seconds: the initial time plus
    /// [`ESTIMATED_MOVES`] increments (3+2 → 260, 10+5 → 800). `None` without a clock.
    pub fn estimated_secs(self) -> Option<u64> {
        match self {
            TimeControl::Clock {
                initial_secs,
                increment_secs,
            } => Some(u64::from(initial_secs) + ESTIMATED_MOVES * u64::from(increment_secs)),
            TimeControl::Untimed | TimeControl::Correspondence { .. } => None,
        }
    }

    /// The rating category: a clock estimated ([`TimeControl::estimated_secs`]) below
    /// [`BLITZ_LIMIT_SECS`] (8 minutes) is blitz (3+2, 5+3, and anything faster: there is no
    /// bullet category), any longer clock rapid (10+5, 15+10, and anything slower); days
    /// per move are correspondence; an untimed game has no category and is not rated.
    pub fn category(self) -> Option<Category> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::Correspondence { .. } => Some(Category::Correspondence),
            TimeControl::Clock { .. } => match self.estimated_secs() {
                Some(secs) if secs < BLITZ_LIMIT_SECS => Some(Category::Blitz),
                _ => Some(Category::Rapid),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(initial_secs: u32, increment_secs: u32) -> TimeControl {
        TimeControl::Clock {
            initial_secs,
            increment_secs,
        }
    }

    #[test]
    fn the_servers_clocks_fall_in_the_issues_categories() {
        assert_eq!(clock(180, 2).category(), Some(Category::Blitz));
        assert_eq!(clock(300, 3).category(), Some(Category::Blitz));
        assert_eq!(clock(600, 5).category(), Some(Category::Rapid));
        assert_eq!(clock(900, 10).category(), Some(Category::Rapid));
        for days_per_move in [1, 2, 3, 5, 7, 14] {
            let tc = TimeControl::Correspondence { days_per_move };
            assert_eq!(tc.category(), Some(Category::Correspondence));
        }
        assert_eq!(TimeControl::Untimed.category(), None);
    }

    #[test]
    fn blitz_ends_at_an_estimated_eight_minutes() {
        assert_eq!(clock(180, 2).estimated_secs(), Some(260));
        assert_eq!(clock(479, 0).category(), Some(Category::Blitz));
        assert_eq!(clock(480, 0).category(), Some(Category::Rapid));
        assert_eq!(clock(0, 11).category(), Some(Category::Blitz)); // 440 s
        assert_eq!(clock(0, 12).category(), Some(Category::Rapid)); // 480 s
        assert_eq!(clock(60, 0).category(), Some(Category::Blitz));
        assert_eq!(clock(u32::MAX, u32::MAX).category(), Some(Category::Rapid));
        assert_eq!(TimeControl::Untimed.estimated_secs(), None);
    }

    #[test]
    fn names_parse_and_print() {
        for c in Category::ALL {
            assert_eq!(c.to_string().parse::<Category>(), Ok(c));
        }
        assert_eq!(Category::Correspondence.to_string(), "correspondence");
        assert_eq!("Blitz".parse::<Category>(), Err(ParseCategoryError));
        assert_eq!("bullet".parse::<Category>(), Err(ParseCategoryError));
        assert!(ParseCategoryError
            .to_string()
            .starts_with("unknown rating category"));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_uses_the_names() {
        assert_eq!(
            serde_json::to_string(&Category::Rapid).unwrap(),
            "\"rapid\""
        );
        assert_eq!(
            serde_json::from_str::<Category>("\"blitz\"").unwrap(),
            Category::Blitz
        );
        let tc: TimeControl =
            serde_json::from_str(r#"{"clock":{"initial_secs":180,"increment_secs":2}}"#).unwrap();
        assert_eq!(tc, clock(180, 2));
    }
}
