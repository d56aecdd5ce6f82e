//! Players as others see them: a profile (ratings per category, wins, draws and losses, the
//! rating history, the games), and the leaderboards. Read-only views over the accounts'
//! tables; no HTTP.

use std::sync::Arc;

use oware_rating::{Category, ESTABLISHED_WINDOW_SECS, PROVISIONAL_DEVIATION};

use crate::accounts::{AccountError, Accounts};
use crate::store::accounts::{HistoryQuery, LeaderQuery, PlayerGame};

/// Games on one page of a profile's history.
pub const PAGE_SIZE: u32 = 20;
/// Players on a leaderboard.
pub const BOARD_SIZE: u32 = 100;
/// The most points of a rating history (`GET /api/user/{name}/rating-history`): the newest
/// games' (an account can play any number of games; a chart shows no more).
pub const RATING_HISTORY_MAX: u32 = 1000;

pub use oware_protocol::{HistoryEntry, Leader, PlayerResult, Profile, RatingView};

fn result_of(score: f64) -> PlayerResult {
    if score >= 1.0 {
        PlayerResult::Win
    } else if score <= 0.0 {
        PlayerResult::Loss
    } else {
        PlayerResult::Draw
    }
}

/// One game of a profile's history, from the store's line.
fn history_entry(l: PlayerGame) -> HistoryEntry {
    HistoryEntry {
        result: result_of(l.score),
        diff: l
            .before
            .zip(l.after)
            .map(|(b, a)| a.round() as i32 - b.round() as i32),
        rating: l.after.map(|a| a.round() as i32),
        category: (!l.category.is_empty()).then_some(l.category),
        id: l.game_id,
        side: l.side,
        rated: l.rated,
        ended_ms: l.at_ms,
    }
}

/// Which games of a history to list.
#[derive(Debug, Clone, Default)]
pub struct HistoryFilter {
    /// Page, from 1.
    pub page: u32,
    /// Only this category.
    pub category: Option<Category>,
    /// Only `win`, `draw` or `loss`.
    pub result: Option<String>,
}

/// The profile, history and leaderboard queries.
pub struct Players {
    accounts: Arc<Accounts>,
}

impl Players {
    /// Views over `accounts`' tables.
    pub fn new(accounts: Arc<Accounts>) -> Players {
        Players { accounts }
    }

    async fn user_id(
        &self,
        name: &str,
    ) -> Result<(String, crate::store::accounts::UserRow), AccountError> {
        let u = self
            .accounts
            .find(name)
            .await?
            .ok_or(AccountError::Unknown)?;
        Ok((u.id.clone(), u))
    }

    /// Player `name`'s profile.
    pub async fn profile(&self, name: &str) -> Result<Profile, AccountError> {
        let (id, u) = self.user_id(name).await?;
        let store = self.accounts.store().accounts();
        let now = self.accounts.clock().now_ms();
        let ratings = store
            .ratings(id.clone())
            .await?
            .into_iter()
            .map(|(category, r)| {
                let at = r.now(now);
                RatingView {
                    category,
                    rating: at.rounded(),
                    deviation: at.deviation.round() as i32,
                    provisional: at.provisional(),
                    games: r.games,
                }
            })
            .collect();
        let bot = self.accounts.store().bots().is_bot(id.clone()).await?;
        let [wins, draws, losses] = store.counts(id).await?;
        Ok(Profile {
            name: u.name,
            closed: u.closed,
            bot,
            created_ms: u.created_ms,
            ratings,
            wins,
            draws,
            losses,
            tournaments: None,
            lessons: None,
        })
    }

    /// Player `name`'s rating after each of its newest [`RATING_HISTORY_MAX`] rated games of
    /// `category`, oldest first: `[epoch ms, rating]`.
    pub async fn rating_history(
        &self,
        name: &str,
        category: Category,
    ) -> Result<Vec<(u64, i32)>, AccountError> {
        let (id, _) = self.user_id(name).await?;
        let points = self
            .accounts
            .store()
            .accounts()
            .rating_history(id, category.name().to_string(), RATING_HISTORY_MAX)
            .await?;
        Ok(points
            .into_iter()
            .map(|(t, r)| (t, r.round() as i32))
            .collect())
    }

    /// One page of player `name`'s finished games, newest first.
    pub async fn history(
        &self,
        name: &str,
        filter: &HistoryFilter,
    ) -> Result<Vec<HistoryEntry>, AccountError> {
        let (id, _) = self.user_id(name).await?;
        let score = filter.result.as_deref().map(|r| match r {
            "win" => 1.0,
            "loss" => 0.0,
            _ => 0.5,
        });
        self.games(
            id,
            filter.category,
            score,
            filter.page.max(1).saturating_sub(1) * PAGE_SIZE,
            PAGE_SIZE,
        )
        .await
    }

    /// Every finished game of player `name`, newest first, `limit` at a time from `offset`.
    pub async fn games_of(
        &self,
        name: &str,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<HistoryEntry>, AccountError> {
        let (id, _) = self.user_id(name).await?;
        self.games(id, None, None, offset, limit).await
    }

    async fn games(
        &self,
        user: String,
        category: Option<Category>,
        score: Option<f64>,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<HistoryEntry>, AccountError> {
        let lines = self
            .accounts
            .store()
            .accounts()
            .history(HistoryQuery {
                user,
                category: category.map(|c| c.name().to_string()),
                score,
                offset,
                limit,
            })
            .await?;
        Ok(lines.into_iter().map(history_entry).collect())
    }

    /// The leaderboard of `category`: the best established ratings of players active within
    /// the last 30 days: people's, or with `bots` the bots'.
    pub async fn leaderboard(
        &self,
        category: Category,
        bots: bool,
    ) -> Result<Vec<Leader>, AccountError> {
        let now = self.accounts.clock().now_ms();
        let since = now.saturating_sub(ESTABLISHED_WINDOW_SECS as u64 * 1000);
        let rows = self
            .accounts
            .store()
            .accounts()
            .leaderboard(LeaderQuery {
                category: category.name().to_string(),
                max_deviation: PROVISIONAL_DEVIATION,
                since_ms: since,
                limit: BOARD_SIZE * 2,
                bots,
            })
            .await?;
        // The stored deviation is as of the last game: judge it as of now.
        Ok(rows
            .into_iter()
            .filter(|(_, r)| !r.provisional(now))
            .take(BOARD_SIZE as usize)
            .enumerate()
            .map(|(i, (name, r))| Leader {
                rank: i as u32 + 1,
                name,
                rating: r.rating.round() as i32,
                games: r.games,
                bot: bots,
            })
            .collect())
    }
}
