//! The rating itself: Glicko-2 updates, inactivity, provisional ratings.

use std::fmt;

use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Glicko-2's scale factor between the displayed scale and the Glicko-2 scale
/// (Glickman, step 2): μ = (r − 1500) / 173.7178.
const SCALE: f64 = 173.7178;

/// The system constant τ, which limits how fast the volatility changes. Glickman suggests
/// 0.3 to 1.2; 0.5 is the value of his worked example and a common choice.
pub const TAU: f64 = 0.5;

/// The highest deviation: a new player's, and the cap of growth by inactivity.
pub const MAX_DEVIATION: f64 = 350.0;

/// A rating is provisional (shown with `?`) while its deviation is above this. 110 is the
/// threshold lichess-style sites use: about the deviation after a dozen games.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Seconds in a day.
pub const DAY_SECS: i64 = 86_400;

/// The length of a rating period for inactivity: one day. Each day without a game grows
/// the deviation as one Glicko-2 period without games does (σ² added to φ²); part of a
/// day counts in proportion.
pub const RATING_PERIOD_SECS: i64 = DAY_SECS;

/// A rating counts on the leaderboards only if its player played within this window
/// (30 days), besides not being provisional: see [`established`].
pub const ESTABLISHED_WINDOW_SECS: i64 = 30 * DAY_SECS;

/// A Glicko-2 rating on the displayed scale: plain data, as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is (350 at the start).
    pub deviation: f64,
    /// The volatility σ: how erratic the player's results are (0.06 at the start).
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating: 1500, deviation 350, volatility 0.06.
    pub const START: Rating = Rating {
        rating: 1500.0,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };

    /// Whether the rating is provisional: its deviation is above [`PROVISIONAL_DEVIATION`].
    /// Pass a rating brought up to date with [`Rating::at`] to judge it now.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating rounded to a whole number, as shown.
    pub fn rounded(&self) -> i32 {
        self.rating.round() as i32
    }

    /// The rating after `periods` rating periods without games: the deviation grows to
    /// √(φ² + periods·σ²) on the Glicko-2 scale (the paper's step 6 for a player who did
    /// not compete, repeated), capped at [`MAX_DEVIATION`]. Rating and volatility stay.
    /// Zero, negative or not-a-number periods change nothing.
    pub fn after_inactivity(self, periods: f64) -> Rating {
        if periods.is_nan() || periods <= 0.0 {
            return self;
        }
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating {
            deviation: grown.min(MAX_DEVIATION).max(self.deviation),
            ..self
        }
    }

    /// The rating as of `now` for a player who last played at `last_played` (seconds since
    /// the epoch; `None` for never): [`Rating::after_inactivity`] with the time between
    /// counted in [`RATING_PERIOD_SECS`]. A `last_played` after `now` counts as no time.
    pub fn at(self, last_played: Option<i64>, now: i64) -> Rating {
        match last_played {
            Some(t) if now > t => {
                self.after_inactivity((now - t) as f64 / RATING_PERIOD_SECS as f64)
            }
            _ => self,
        }
    }

    fn to_glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko2(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation.min(MAX_DEVIATION),
            volatility: r.volatility,
        }
    }
}

impl Default for Rating {
    /// [`Rating::START`].
    fn default() -> Rating {
        Rating::START
    }
}

impl fmt::Display for Rating {
    /// The rounded rating, with `?` when provisional: `1500?`, `1623`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rounded())?;
        if self.provisional() {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// A game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Score {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The result for the other player.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    /// The score as Glicko counts it: 1, ½ or 0.
    pub fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// One player's rating change in a game.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Change {
    /// The rating before the game (as passed in, inactivity already applied).
    pub before: Rating,
    /// The rating after the game.
    pub after: Rating,
    /// The shown change: the rounded rating after minus the rounded rating before, so that
    /// the two shown ratings and the change always agree (1492 → 1500 is `+8`).
    pub diff: i32,
}

impl Change {
    fn new(before: Rating, after: Rating) -> Change {
        Change {
            before,
            after,
            diff: after.rounded() - before.rounded(),
        }
    }

    /// The change as shown: `+8`, `-12`, `0`.
    pub fn diff_text(&self) -> String {
        if self.diff > 0 {
            format!("+{}", self.diff)
        } else {
            self.diff.to_string()
        }
    }
}

/// Both players' rating changes in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameChange {
    /// The first player's (the one whose score was given).
    pub first: Change,
    /// The second player's.
    pub second: Change,
}

/// Rates one game as its own rating period: both new ratings from both ratings before the
/// game, `score` being the first player's result. Bring each rating up to the game's time
/// with [`Rating::at`] first, so that inactivity counts.
pub fn rate_game(first: Rating, second: Rating, score: Score) -> GameChange {
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (a, b) = glicko2(
        &first.to_glicko2(),
        &second.to_glicko2(),
        &score.outcome(),
        &config,
    );
    GameChange {
        first: Change::new(first, Rating::from_glicko2(a)),
        second: Change::new(second, Rating::from_glicko2(b)),
    }
}

/// Rates a whole Glicko-2 rating period for one player, as Glickman's paper does: `games`
/// are the period's opponents (their ratings at the start of the period) and the player's
/// result against each, `tau` the system constant. With no games the deviation grows by
/// one period. The server rates game by game ([`rate_game`]); this is the paper's form,
/// for checks and for tools that rate in batches.
pub fn rate_period(player: Rating, games: &[(Rating, Score)], tau: f64) -> Rating {
    if games.is_empty() {
        return player.after_inactivity(1.0);
    }
    let config = Glicko2Config {
        tau,
        ..Glicko2Config::new()
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(r, s)| (r.to_glicko2(), s.outcome()))
        .collect();
    Rating::from_glicko2(glicko2_rating_period(
        &player.to_glicko2(),
        &results,
        &config,
    ))
}

/// Whether a rating belongs on the leaderboards at `now`: its player played at
/// `last_played` (seconds since the epoch), within [`ESTABLISHED_WINDOW_SECS`] of `now`,
/// and the rating brought up to `now` ([`Rating::at`]) is not provisional. Never played
/// is never established.
pub fn established(rating: &Rating, last_played: Option<i64>, now: i64) -> bool {
    match last_played {
        Some(t) => now - t <= ESTABLISHED_WINDOW_SECS && !rating.at(Some(t), now).provisional(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko.net, 2013), section "Example":
    /// a player rated 1500, RD 200, σ 0.06 beats a 1400/30, loses to a 1550/100 and to a
    /// 1700/300 with τ = 0.5, and ends at r' = 1464.06, RD' = 151.52, σ' = 0.05999.
    ///
    /// The paper prints its Glicko-2-scale results rounded to four places (μ' = −0.2069,
    /// φ' = 0.8722, σ' = 0.05999) and converts the rounded μ' back: 173.7178 × −0.2069 + 1500
    /// = 1464.06. The exact computation gives μ' = −0.20694 and so r' = 1464.05; both are
    /// checked here, each at the precision the paper printed.
    #[test]
    fn glickman_paper_example() {
        let player = r(1500.0, 200.0);
        let games = [
            (r(1400.0, 30.0), Score::Win),
            (r(1550.0, 100.0), Score::Loss),
            (r(1700.0, 300.0), Score::Loss),
        ];
        let new = rate_period(player, &games, 0.5);

        // The paper's Glicko-2-scale values, to its four printed places.
        let mu = (new.rating - 1500.0) / SCALE;
        let phi = new.deviation / SCALE;
        assert_eq!(format!("{mu:.4}"), "-0.2069");
        assert_eq!(format!("{phi:.4}"), "0.8722");
        // The paper's displayed values: converted from its rounded μ', and the RD and σ'.
        assert_eq!(
            format!("{:.2}", (-0.2069f64).mul_add(SCALE, 1500.0)),
            "1464.06"
        );
        assert_eq!(format!("{:.2}", new.deviation), "151.52");
        assert!(
            (new.volatility - 0.05999).abs() < 0.00001,
            "{}",
            new.volatility
        );
        // The exact rating, within a hundredth of the printed one.
        assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
        assert_eq!(format!("{:.2}", new.rating), "1464.05");
    }

    #[test]
    fn start_is_1500_350_006_and_provisional() {
        assert_eq!(Rating::default(), r(1500.0, 350.0));
        assert!(Rating::START.provisional());
        assert_eq!(Rating::START.to_string(), "1500?");
        assert_eq!(r(1623.4, 60.0).to_string(), "1623");
        assert!(!r(1500.0, 110.0).provisional());
        assert!(r(1500.0, 110.01).provisional());
    }

    #[test]
    fn deviation_grows_with_inactivity_and_is_capped() {
        let now = 10_000 * DAY_SECS;
        let fresh = r(1700.0, 60.0);
        assert_eq!(fresh.at(Some(now), now), fresh);
        assert_eq!(fresh.at(None, now), fresh);
        assert_eq!(fresh.at(Some(now + 10), now), fresh);
        let day = fresh.at(Some(now - DAY_SECS), now);
        // One period: √(φ² + σ²) on the Glicko-2 scale.
        let expected = ((60.0 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((day.deviation - expected).abs() < 1e-9);
        assert_eq!(day.rating, 1700.0);
        let month = fresh.at(Some(now - 30 * DAY_SECS), now);
        assert!(month.deviation > day.deviation);
        // Ten days one by one equal ten days at once.
        let mut stepwise = fresh;
        for _ in 0..10 {
            stepwise = stepwise.after_inactivity(1.0);
        }
        let at_once = fresh.at(Some(now - 10 * DAY_SECS), now);
        assert!((stepwise.deviation - at_once.deviation).abs() < 1e-9);
        // Years away: capped at 350.
        let years = fresh.at(Some(now - 2000 * DAY_SECS), now);
        assert_eq!(years.deviation, MAX_DEVIATION);
        assert_eq!(Rating::START.after_inactivity(5.0), Rating::START);
    }

    #[test]
    fn one_game_rates_both_players_from_their_pre_game_ratings() {
        let a = r(1500.0, 350.0);
        let b = r(1500.0, 350.0);
        let g = rate_game(a, b, Score::Win);
        // skillratings' documented single game between two new players: 1662 and 1338.
        assert_eq!(g.first.after.rounded(), 1662);
        assert_eq!(g.second.after.rounded(), 1338);
        assert_eq!(g.first.diff, 162);
        assert_eq!(g.second.diff, -162);
        assert_eq!(g.first.diff_text(), "+162");
        assert_eq!(g.second.diff_text(), "-162");
        assert_eq!(g.first.before, a);
        // Symmetric: the same game seen from the other seat.
        let h = rate_game(b, a, Score::Loss);
        assert_eq!(h.first.after, g.second.after);
        assert_eq!(h.second.after, g.first.after);
    }

    #[test]
    fn established_players_win_little_against_new_ones_and_draws_move_towards_each_other() {
        let strong = r(1800.0, 60.0);
        let weak = r(1400.0, 60.0);
        let g = rate_game(strong, weak, Score::Win);
        assert!(g.first.diff >= 0 && g.first.diff <= 3, "{}", g.first.diff);
        assert!(g.second.diff <= 0);
        let d = rate_game(strong, weak, Score::Draw);
        assert!(d.first.diff < 0 && d.second.diff > 0);
        assert!(d.first.after.deviation < strong.deviation + 1.0);
        let upset = rate_game(weak, strong, Score::Win);
        assert!(upset.first.diff > 8, "{}", upset.first.diff);
        assert_eq!(Change::new(weak, weak).diff_text(), "0");
    }

    #[test]
    fn deviation_shrinks_with_games_until_not_provisional() {
        let mut me = Rating::START;
        let opponent = r(1500.0, 80.0);
        let mut games = 0;
        while me.provisional() {
            let score = if games % 2 == 0 {
                Score::Win
            } else {
                Score::Loss
            };
            me = rate_game(me, opponent, score).first.after;
            games += 1;
            assert!(games < 40);
        }
        assert!((5..30).contains(&games), "{games}");
    }

    #[test]
    fn established_needs_a_recent_game_and_a_firm_rating() {
        let now = 2_000 * DAY_SECS;
        let firm = r(1600.0, 70.0);
        assert!(established(&firm, Some(now - DAY_SECS), now));
        assert!(established(&firm, Some(now - ESTABLISHED_WINDOW_SECS), now));
        assert!(!established(
            &firm,
            Some(now - ESTABLISHED_WINDOW_SECS - 1),
            now
        ));
        assert!(!established(&firm, None, now));
        assert!(!established(&Rating::START, Some(now), now));
        // Firm when stored, provisional by now: 100 grows past 110 within the month.
        let borderline = r(1600.0, 100.0);
        assert!(established(&borderline, Some(now - DAY_SECS), now));
        assert!(!established(&borderline, Some(now - 25 * DAY_SECS), now));
    }

    #[test]
    fn score_reverses_and_counts() {
        assert_eq!(Score::Win.reversed(), Score::Loss);
        assert_eq!(Score::Draw.reversed(), Score::Draw);
        assert_eq!(Score::Loss.value() + Score::Win.value(), 1.0);
        assert_eq!(Score::Draw.value(), 0.5);
    }

    #[test]
    fn period_without_games_grows_the_deviation_once() {
        let p = r(1500.0, 200.0);
        assert_eq!(rate_period(p, &[], 0.5), p.after_inactivity(1.0));
    }
}
