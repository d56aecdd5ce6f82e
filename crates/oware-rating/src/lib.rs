//! Glicko-2 ratings for Oware games, as the server keeps them: one [`Rating`] per time
//! [`Category`] (blitz, rapid, correspondence), each game rated as it ends.
//!
//! ```
//! use oware_rating::{rate_game, Category, Rating, Score, TimeControl, DAY_SECS};
//!
//! let tc = TimeControl::Clock { initial_secs: 180, increment_secs: 2 };
//! assert_eq!(tc.category(), Some(Category::Blitz));
//!
//! // Two players' stored ratings and when each last played (seconds since the epoch).
//! let now = 1_800_000_000;
//! let kofi = Rating { rating: 1620.0, deviation: 80.0, volatility: 0.06 };
//! let ama = Rating::START;
//! // Inactivity first (the deviation grows), then the game: Kofi (first) won.
//! let kofi = kofi.at(Some(now - 3 * DAY_SECS), now);
//! let ama = ama.at(None, now);
//! let game = rate_game(kofi, ama, Score::Win);
//! assert_eq!(game.first.diff_text(), "+10");
//! assert!(game.second.diff < 0);
//! assert_eq!(ama.to_string(), "1500?"); // provisional: shown with `?`
//! ```
//!
//! How it rates:
//!
//! - **Glicko-2** as in Glickman's "Example of the Glicko-2 system", computed by the
//!   [`skillratings`] crate, which reproduces the paper's worked example exactly (see
//!   [`rate_period`]), with the system constant τ = [`TAU`].
//! - **One game, one rating period.** The server rates each game as it ends: both players'
//!   new ratings are computed from their ratings before the game ([`rate_game`]), so the
//!   order in which two results are written does not matter for that game.
//! - **Inactivity.** Between games the deviation grows as the paper's step 6 does for a
//!   period without games, once per [`RATING_PERIOD_SECS`] (one day), fractional days
//!   counting in proportion, and never above [`MAX_DEVIATION`] (350) ([`Rating::at`]).
//! - **Provisional** while the deviation is above [`PROVISIONAL_DEVIATION`] (110): such a
//!   rating is shown with `?` ([`Rating::provisional`]).
//! - **Leaderboards** list [`established`] ratings: not provisional now and played within
//!   [`ESTABLISHED_WINDOW_SECS`] (30 days).

mod category;
mod rating;

pub use category::{Category, ParseCategoryError, TimeControl, BLITZ_LIMIT_SECS, ESTIMATED_MOVES};
pub use rating::{
    established, rate_game, rate_period, Change, GameChange, Rating, Score, DAY_SECS,
    ESTABLISHED_WINDOW_SECS, MAX_DEVIATION, PROVISIONAL_DEVIATION, RATING_PERIOD_SECS, TAU,
};
