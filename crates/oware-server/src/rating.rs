//! Ratings as the server keeps them: a [`RatingRow`] per account and category, moved by
//! `oware-rating`'s Glicko-2 when a rated game ends, and a puzzle round's change. The change is
//! computed here and only here: the store is handed [`rate_end`] (or [`rate_round`]) as a
//! [`RateEnd`] (a [`RateRound`]) and calls it between reading the rows and writing them, in
//! the transaction that checks the game's version (`store/accounts.rs`), so a rating is still
//! applied exactly once.
//!
//! One rating period is one game (each game is rated as it ends, from both players' ratings
//! before it); inactivity widens the deviation by the days since the player's last rated game
//! in the category (`oware_rating::Rating::at`), so a player back after months moves fast.

use oware_rating::Rating;
use serde::{Deserialize, Serialize};

/// One rating of one player in one category, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    /// The rating.
    pub rating: f64,
    /// Its deviation (as of the last game: see [`RatingRow::now`]).
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played in this category.
    pub games: u32,
    /// When the last rated game in this category ended (epoch ms).
    pub last_ms: u64,
}

/// A new player's rating (1500, deviation 350, volatility 0.06), before any game.
pub const START: RatingRow = RatingRow {
    rating: Rating::START.rating,
    deviation: Rating::START.deviation,
    volatility: Rating::START.volatility,
    games: 0,
    last_ms: 0,
};

impl RatingRow {
    fn glicko(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating as of `now_ms`: its deviation widened by the time since the last game.
    pub fn now(&self, now_ms: u64) -> Rating {
        let last = (self.games > 0).then_some((self.last_ms / 1000) as i64);
        self.glicko().at(last, (now_ms / 1000) as i64)
    }

    /// Whether the rating as of `now_ms` is provisional (shown with `?`).
    pub fn provisional(&self, now_ms: u64) -> bool {
        self.now(now_ms).provisional()
    }
}

/// Both players' new rows after a rated game ending at `at_ms`, South scoring `south_score`
/// (1, 0.5 or 0); `None` is a player without a rating in the category yet.
pub fn rate_game(
    south: Option<RatingRow>,
    north: Option<RatingRow>,
    south_score: f64,
    at_ms: u64,
) -> (RatingRow, RatingRow) {
    let (south, north) = (south.unwrap_or(START), north.unwrap_or(START));
    let score = if south_score >= 1.0 {
        oware_rating::Score::Win
    } else if south_score <= 0.0 {
        oware_rating::Score::Loss
    } else {
        oware_rating::Score::Draw
    };
    let change = oware_rating::rate_game(south.now(at_ms), north.now(at_ms), score);
    let row = |old: RatingRow, new: Rating| RatingRow {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        games: old.games.saturating_add(1),
        last_ms: at_ms,
    };
    (
        row(south, change.first.after),
        row(north, change.second.after),
    )
}

/// Each seat's rating before and after a game (South, North), as its player line holds them:
/// both `None` for a game that is not rated.
pub type SeatRatings = [(Option<f64>, Option<f64>); 2];

/// How the store moves the ratings of a rated game's end (see [`rate_end`]): from South's
/// score, the end's time and both stored rows, the rows to store and each seat's ratings.
pub type RateEnd =
    fn(f64, u64, Option<RatingRow>, Option<RatingRow>) -> ([RatingRow; 2], SeatRatings);

/// How the store moves a puzzle round's ratings (see [`rate_round`]).
pub type RateRound = fn(RatingRow, RatingRow, bool, u64) -> (RatingRow, RatingRow);

/// What a rated game ending at `at_ms` with South scoring `south_score` does to its players'
/// ratings in its category, from their stored rows (`None`: not rated there yet): the rows to
/// store (South, North), and each seat's rating before (a new player's starting one) and
/// after, for the players' lines.
pub fn rate_end(
    south_score: f64,
    at_ms: u64,
    south: Option<RatingRow>,
    north: Option<RatingRow>,
) -> ([RatingRow; 2], SeatRatings) {
    let (after_s, after_n) = rate_game(south, north, south_score, at_ms);
    let seat = |before: Option<RatingRow>, after: RatingRow| {
        (
            Some(before.map_or(START.rating, |r| r.rating)),
            Some(after.rating),
        )
    };
    (
        [after_s, after_n],
        [seat(south, after_s), seat(north, after_n)],
    )
}

/// A puzzle's rating before its first rated round: its starting rating (`oware-puzzles`), a
/// deviation of [`PUZZLE_DEVIATION`], volatility 0.06.
pub fn puzzle_start(rating: u32) -> RatingRow {
    RatingRow {
        rating: f64::from(rating),
        deviation: PUZZLE_DEVIATION,
        ..START
    }
}

/// A new puzzle's deviation: less than a new player's (a starting rating is an estimate, not
/// nothing), so that the first players do not move it far.
pub const PUZZLE_DEVIATION: f64 = 200.0;

/// A puzzle round as a game between the player and the puzzle (as lichess rates puzzles):
/// both new rows, the player scoring 1 when `solved`, else 0.
pub fn rate_round(
    player: RatingRow,
    puzzle: RatingRow,
    solved: bool,
    at_ms: u64,
) -> (RatingRow, RatingRow) {
    rate_game(
        Some(player),
        Some(puzzle),
        if solved { 1.0 } else { 0.0 },
        at_ms,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_game_between_new_players_moves_both_the_same_way_from_1500() {
        let (s, n) = rate_game(None, None, 1.0, 1_000);
        assert!(s.rating > 1500.0 && n.rating < 1500.0, "{s:?} {n:?}");
        assert!((s.rating - 1500.0 - (1500.0 - n.rating)).abs() < 1e-6);
        assert_eq!((s.games, n.games, s.last_ms), (1, 1, 1_000));
        assert!(s.deviation < 350.0 && s.provisional(1_000));
    }

    #[test]
    fn a_draw_between_equal_players_leaves_the_ratings_where_they_were() {
        let (s, n) = rate_game(None, None, 0.5, 5);
        assert!((s.rating - 1500.0).abs() < 1e-6 && (n.rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn time_without_games_widens_the_deviation() {
        let row = RatingRow {
            rating: 1600.0,
            deviation: 60.0,
            volatility: 0.06,
            games: 40,
            last_ms: 0,
        };
        let later = row.now(200 * 86_400_000);
        assert!(later.deviation > 60.0 && later.rating == 1600.0);
        assert!(!row.provisional(0));
    }
}
