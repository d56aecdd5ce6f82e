//! Rated puzzles on the site (issue 40): the shipped set of `oware-puzzles` (read once at
//! start), the next puzzle drawn near a player's puzzle rating, the puzzle of the day, rounds
//! checked move by move against the line, Glicko-2 ratings for players and puzzles alike (as
//! lichess: a round is a game between the player and the puzzle, `rating::rate_round`), votes
//! and the history.
//!
//! **The answer stays here** (issue 59): a puzzle is sent without its line; each move the
//! player sends is answered with the opponent's reply, and the line only once the round is
//! over. Serving a puzzle opens a round (`rounds.rs`); a round is rated only if it was served
//! to that player, once, at a human pace, within the account's rated rounds a minute. An
//! account's results move a puzzle's rating only from its [`PUZZLE_WEIGHT_FROM`]th rated round
//! on (a new account's weigh nothing on the puzzles). Accounts' ratings, rounds and votes are kept by the store (`store/training.rs`); a
//! guest's rating is kept by the browser, which sends it with each round: the server answers
//! the rating after the round and changes nothing, the puzzle's rating included.
//!
//! The puzzles' ratings are read from the store once (the first request that needs them) and
//! kept here, updated by this instance's rated rounds; another instance sharing a PostgreSQL
//! database sees them at its next start (a rating used only to choose puzzles, the stored one
//! being the one rounds move).

mod rounds;
mod view;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oware_protocol::{
    DailyPuzzle, NextQuery, PuzzleHistory, PuzzleMode, PuzzleRating, PuzzleRound, PuzzleThemes,
    PuzzleView, RoundAnswer, RoundReq, VoteAnswer,
};
use oware_protocol::{OfflineResult, OfflineRoundsAnswer, OfflineRoundsReq};
use oware_puzzles::views::{self as pv, RoundError};
use oware_puzzles::{pick, Puzzle, Theme};

use crate::accounts::User;
use crate::rating::{puzzle_start, rate_round, RatingRow, START};
use crate::store::training::{PuzzleVote, RoundPage, RoundPlayed};
use crate::store::{Store, StoreError};
use crate::time::Clock;

/// Rounds on a page of the history.
pub const HISTORY_PAGE: u32 = 20;

/// The last page of the history asked for (an account holds one row per puzzle: 2,901 rows
/// are 146 pages).
pub const HISTORY_PAGES_MAX: u32 = 1000;

/// An account's results move puzzles' ratings once it has this many rated rounds (its first
/// ones, when its own rating is still unsure, and a new account's, weigh nothing).
pub const PUZZLE_WEIGHT_FROM: u32 = 10;

/// The most rounds played without the network in one request (`POST /api/puzzle/offline`);
/// the account's budget counts them a day (`budget::OFFLINE_ROUNDS_PER_DAY`).
pub const OFFLINE_ROUNDS_PER_REQUEST: usize = 50;

/// Milliseconds in a day.
const DAY_MS: u64 = 86_400_000;

/// Why a puzzle request failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TrainingError {
    /// No puzzle has this id.
    #[error("there is no puzzle \"{0}\"")]
    NoSuchPuzzle(String),
    /// No puzzle is left to give (a theme without puzzles).
    #[error("no puzzle of this theme is left to play")]
    NoneLeft,
    /// Not a theme's name.
    #[error("theme \"{0}\" is not one of {1}")]
    BadTheme(String, String),
    /// The moves text cannot be read, or does not follow the line where it must.
    #[error("{0}")]
    BadMoves(String),
    /// A move is not legal in its position (nothing is recorded).
    #[error("{0}")]
    Illegal(String),
    /// A bad mode, rating or page.
    #[error("{0}")]
    BadField(String),
    /// A vote on a puzzle never played.
    #[error("play the puzzle before voting on it")]
    NotPlayed,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<RoundError> for TrainingError {
    fn from(e: RoundError) -> Self {
        match e {
            RoundError::BadMoves(m) => TrainingError::BadMoves(m),
            RoundError::Illegal(m) => TrainingError::Illegal(m),
        }
    }
}

/// The puzzles and their players.
pub struct Training {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    puzzles: Vec<Puzzle>,
    index: HashMap<String, usize>,
    /// The puzzles' ratings, by index; `None` until read from the store.
    ratings: Mutex<Option<Vec<RatingRow>>>,
    /// The rounds served.
    rounds: rounds::Rounds,
}

impl Training {
    /// The shipped set on `store`, days and ratings' times by `clock`.
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>, pace: Duration) -> Arc<Training> {
        let puzzles = oware_puzzles::shipped().unwrap_or_else(|e| {
            tracing::error!("the shipped puzzles do not read: {e}");
            Vec::new()
        });
        let index = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        Arc::new(Training {
            store,
            clock,
            puzzles,
            index,
            ratings: Mutex::new(None),
            rounds: rounds::Rounds::new(u64::try_from(pace.as_millis()).unwrap_or(u64::MAX)),
        })
    }

    fn find(&self, id: &str) -> Result<usize, TrainingError> {
        self.index.get(id).copied().ok_or_else(|| {
            let shown: String = id.chars().take(40).collect();
            TrainingError::NoSuchPuzzle(shown)
        })
    }

    /// The puzzles' ratings now (read from the store the first time).
    async fn ratings(&self) -> Result<Vec<RatingRow>, TrainingError> {
        if let Some(r) = self
            .ratings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
        {
            return Ok(r.clone());
        }
        let mut rows: Vec<RatingRow> = self
            .puzzles
            .iter()
            .map(|p| puzzle_start(p.rating))
            .collect();
        for (id, row) in self.store.training().puzzle_stats().await? {
            if let Some(&i) = self.index.get(&id) {
                rows[i] = row;
            }
        }
        *self.ratings.lock().unwrap_or_else(|e| e.into_inner()) = Some(rows.clone());
        Ok(rows)
    }

    fn set_rating(&self, i: usize, row: RatingRow) {
        if let Some(r) = self
            .ratings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            r[i] = row;
        }
    }

    /// Puzzle `i` served to `user` (a guest: `None`): a round opens.
    async fn view(&self, i: usize, user: Option<&User>) -> Result<PuzzleView, TrainingError> {
        let p = &self.puzzles[i];
        let row = self.ratings().await?[i];
        let (up, down) = self.store.training().puzzle_votes(p.id.clone()).await?;
        let round = self
            .rounds
            .serve(user.map(|u| u.id.as_str()), i, self.clock.now_ms());
        Ok(pv::puzzle_view(
            p,
            row.rating.round() as i32,
            u64::from(row.games),
            round,
            (up, down),
        ))
    }

    /// Puzzle `id`, served to `user`.
    pub async fn puzzle(&self, user: Option<&User>, id: &str) -> Result<PuzzleView, TrainingError> {
        let i = self.find(id)?;
        self.view(i, user).await
    }

    /// The shipped puzzles (the worksheets draw from them).
    pub fn shipped(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// Whether puzzle `id` of the shipped set has theme `theme` (a class's progress).
    pub fn has_theme(&self, id: &str, theme: Theme) -> bool {
        self.index
            .get(id)
            .is_some_and(|&i| self.puzzles[i].themes.contains(&theme))
    }

    /// The themes that have puzzles, with their counts.
    pub fn themes(&self) -> PuzzleThemes {
        pv::themes(&self.puzzles)
    }

    /// The puzzle of today (UTC, by the server's clock), served to `user`.
    pub async fn daily(&self, user: Option<&User>) -> Result<DailyPuzzle, TrainingError> {
        if self.puzzles.is_empty() {
            return Err(TrainingError::NoneLeft);
        }
        let day = (self.clock.now_ms() / DAY_MS) as i64;
        let i = oware_puzzles::daily_index(day, self.puzzles.len());
        Ok(DailyPuzzle {
            date: crate::utc_date(day),
            puzzle: self.view(i, user).await?,
        })
    }

    /// The next puzzle for `user` (a guest: `None`, rated by `q.rating`).
    pub async fn next(
        &self,
        user: Option<&User>,
        q: &NextQuery,
    ) -> Result<PuzzleView, TrainingError> {
        let theme = match q.theme.as_deref().filter(|t| !t.is_empty()) {
            None => None,
            Some(t) => Some(t.parse::<Theme>().map_err(|_| {
                let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                TrainingError::BadTheme(t.chars().take(40).collect(), names.join(", "))
            })?),
        };
        let mut played = HashSet::new();
        let target = match (q.streak, user) {
            (Some(n), _) => pick::STREAK_START + pick::STREAK_STEP * f64::from(n.min(100)),
            (None, Some(u)) => {
                played = self
                    .store
                    .training()
                    .puzzles_played(u.id.clone())
                    .await?
                    .into_iter()
                    .filter_map(|id| self.index.get(&id).copied())
                    .collect();
                self.store
                    .training()
                    .puzzle_player(u.id.clone())
                    .await?
                    .map_or(START.rating, |r| r.rating)
            }
            (None, None) => match q.rating {
                None => START.rating,
                Some(r) => check_rating(r)?,
            },
        };
        let after = q.after.as_deref().and_then(|a| self.index.get(a).copied());
        let ratings: Vec<f64> = self.ratings().await?.iter().map(|r| r.rating).collect();
        let roll = roll();
        let fresh = |i: usize| played.contains(&i) || Some(i) == after;
        let again = |i: usize| Some(i) == after;
        let i = pick::draw(&self.puzzles, &ratings, theme, target, &fresh, roll)
            .or_else(|| pick::draw(&self.puzzles, &ratings, theme, target, &again, roll))
            .ok_or(TrainingError::NoneLeft)?;
        self.view(i, user).await
    }

    /// Checks `req.moves` against puzzle `id`'s line; once the round is over (solved, or a
    /// wrong move) rates it if it was served to this player and played at a human pace:
    /// `user`'s first round on the puzzle (stored, rated or not), or a guest's from the rating
    /// sent (nothing stored); streak rounds move nothing.
    pub async fn round(
        &self,
        user: Option<&User>,
        id: &str,
        req: &RoundReq,
    ) -> Result<RoundAnswer, TrainingError> {
        let i = self.find(id)?;
        let p = &self.puzzles[i];
        let streak = req.mode.unwrap_or_default() == PuzzleMode::Streak;
        let guest = match (&req.guest, user) {
            (Some(g), None) => Some(guest_row(g)?),
            (None, None) => Some(START),
            (_, Some(_)) => None,
        };
        if req.round.as_ref().is_some_and(|r| r.len() > 64) {
            return Err(TrainingError::BadField(
                "round: at most 64 characters".into(),
            ));
        }
        let step = pv::follow(p, &req.moves)?;
        let mut answer = step.answer(p);
        if !step.over() {
            return Ok(answer);
        }
        let solved = step.result == "solved";
        if streak {
            if let Some(u) = user {
                self.rounds.close(&u.id, i);
            }
            answer.unrated = Some("streak".into());
            return Ok(answer);
        }
        let now = self.clock.now_ms();
        let who = match user {
            Some(u) => rounds::Player::Account(&u.id),
            None => rounds::Player::Guest(req.round.as_deref()),
        };
        let verdict = self.rounds.finish(who, i, step.moves, now);
        let (before, after) = match (user, guest) {
            (Some(u), _) => {
                let start = self.ratings().await?[i];
                let r = self
                    .store
                    .training()
                    .puzzle_round(RoundPlayed {
                        user: u.id.clone(),
                        puzzle: p.id.clone(),
                        start,
                        solved,
                        at_ms: now,
                        rate: verdict
                            .is_ok()
                            .then_some(crate::rating::rate_round as crate::rating::RateRound),
                        puzzle_from: PUZZLE_WEIGHT_FROM,
                    })
                    .await?;
                if r.rated {
                    self.set_rating(i, r.puzzle);
                }
                answer.rated = r.rated;
                if !r.rated {
                    let why = verdict.err().unwrap_or(rounds::Unrated::PlayedBefore);
                    answer.unrated = Some(why.code().into());
                }
                (r.before, r.after)
            }
            (None, Some(g)) => match verdict {
                Ok(()) => {
                    let puzzle = self.ratings().await?[i];
                    answer.rated = true;
                    (g, rate_round(g, puzzle, solved, now).0)
                }
                Err(why) => {
                    answer.unrated = Some(why.code().into());
                    (g, g)
                }
            },
            (None, None) => return Ok(answer),
        };
        answer.rating = Some(view::rating_view(&after));
        if answer.rated {
            answer.diff = Some((after.rating.round() - before.rating.round()) as i32);
        }
        Ok(answer)
    }

    /// Rounds played without the network (`req`), checked as a round is: a shipped puzzle,
    /// moves along its line to its end or to the first wrong move; any bad round refuses the
    /// whole request. The rounds to [`Training::record_offline`], with whether each was solved.
    pub fn check_offline(
        &self,
        req: &OfflineRoundsReq,
    ) -> Result<Vec<(usize, bool)>, TrainingError> {
        if req.rounds.is_empty() || req.rounds.len() > OFFLINE_ROUNDS_PER_REQUEST {
            return Err(TrainingError::BadField(format!(
                "rounds: from 1 to {OFFLINE_ROUNDS_PER_REQUEST} a request, not {}",
                req.rounds.len()
            )));
        }
        let mut checked = Vec::with_capacity(req.rounds.len());
        for (k, r) in req.rounds.iter().enumerate() {
            let i = self.find(&r.id)?;
            let at = |m: String| format!("round {}: {m}", k + 1);
            let step = pv::follow(&self.puzzles[i], &r.moves).map_err(|e| match e {
                RoundError::BadMoves(m) => TrainingError::BadMoves(at(m)),
                RoundError::Illegal(m) => TrainingError::Illegal(at(m)),
            })?;
            if !step.over() {
                return Err(TrainingError::BadMoves(at(
                    "the round is not finished: send a round once solved or failed".into(),
                )));
            }
            checked.push((i, step.result == "solved"));
        }
        Ok(checked)
    }

    /// Records `user`'s rounds played without the network (from [`Training::check_offline`])
    /// unrated: each is a round of the account's history (its first on a puzzle, or one more
    /// play), moving no rating; a later online round of the same puzzle is a repeat.
    pub async fn record_offline(
        &self,
        user: &User,
        checked: &[(usize, bool)],
    ) -> Result<OfflineRoundsAnswer, TrainingError> {
        let ratings = self.ratings().await?;
        let now = self.clock.now_ms();
        let mut results = Vec::with_capacity(checked.len());
        for &(i, solved) in checked {
            let id = self.puzzles[i].id.clone();
            self.store
                .training()
                .puzzle_round(RoundPlayed {
                    user: user.id.clone(),
                    puzzle: id.clone(),
                    start: ratings[i],
                    solved,
                    at_ms: now,
                    rate: None,
                    puzzle_from: PUZZLE_WEIGHT_FROM,
                })
                .await?;
            let result = if solved { "solved" } else { "failed" };
            results.push(OfflineResult {
                id,
                result: result.into(),
            });
        }
        Ok(OfflineRoundsAnswer { results })
    }

    /// `user`'s vote on puzzle `id` (one per account and puzzle, a second replacing the first).
    pub async fn vote(&self, user: &User, id: &str, up: bool) -> Result<VoteAnswer, TrainingError> {
        let i = self.find(id)?;
        let streak_played = self.rounds.finished(&user.id, i);
        let (up, down) = self
            .store
            .training()
            .puzzle_vote(PuzzleVote {
                user: user.id.clone(),
                puzzle: self.puzzles[i].id.clone(),
                up,
                played: streak_played,
            })
            .await?
            .ok_or(TrainingError::NotPlayed)?;
        Ok(VoteAnswer { up, down })
    }

    /// Page `page` (from 1) of account `user_id`'s (named `name`) puzzles, newest first.
    pub async fn history(
        &self,
        user_id: &str,
        name: &str,
        page: u32,
    ) -> Result<PuzzleHistory, TrainingError> {
        if page == 0 || page > HISTORY_PAGES_MAX {
            return Err(TrainingError::BadField(format!(
                "page must be from 1 to {HISTORY_PAGES_MAX}"
            )));
        }
        let t = self.store.training();
        let RoundPage {
            mut rows,
            solved,
            played,
        } = t
            .puzzle_history(user_id.into(), HISTORY_PAGE + 1, (page - 1) * HISTORY_PAGE)
            .await?;
        let more = rows.len() > HISTORY_PAGE as usize;
        rows.truncate(HISTORY_PAGE as usize);
        let rating = t.puzzle_player(user_id.into()).await?;
        Ok(PuzzleHistory {
            name: name.into(),
            rating: rating.as_ref().map(view::rating_view),
            solved,
            failed: played.saturating_sub(solved),
            rounds: rows
                .into_iter()
                .map(|r| PuzzleRound {
                    id: r.puzzle_id,
                    at_ms: r.at_ms,
                    solved: r.solved,
                    plays: r.plays,
                    diff: i32::try_from(r.diff).unwrap_or(0),
                })
                .collect(),
            page,
            more,
        })
    }
}

/// A guest's rating as sent, checked (finite, in range); nothing else is trusted from it.
fn guest_row(g: &PuzzleRating) -> Result<RatingRow, TrainingError> {
    let rating = check_rating(g.rating)?;
    let ok = |v: f64, lo: f64, hi: f64| v.is_finite() && (lo..=hi).contains(&v);
    if !ok(g.deviation, 30.0, START.deviation) || !ok(g.volatility, 0.01, 0.2) {
        return Err(TrainingError::BadField(
            "guest: deviation must be from 30 to 350 and volatility from 0.01 to 0.2".into(),
        ));
    }
    Ok(RatingRow {
        rating,
        deviation: g.deviation,
        volatility: g.volatility,
        ..START
    })
}

fn check_rating(r: f64) -> Result<f64, TrainingError> {
    if r.is_finite() && (0.0..=4000.0).contains(&r) {
        Ok(r)
    } else {
        Err(TrainingError::BadField(
            "rating must be a number from 0 to 4000".into(),
        ))
    }
}

/// A random number to choose among the nearest puzzles (0 if the system has none to give).
fn roll() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_or(0, |()| u64::from_le_bytes(b))
}
