//! [`TrainingStore`] on PostgreSQL (`store/training.rs`): a round in one transaction that
//! locks its round row (the insert), then the player's row, then the puzzle's (`FOR UPDATE`,
//! always in that order), so that two instances never rate the same first round twice.

use tokio_postgres::types::ToSql;

use super::PostgresStore;
use crate::rating::{RateRound, RatingRow, START};
use crate::store::training::{sql, RoundRated, RoundRow, TrainingStore};
use crate::store::{int, numbered, StoreError, StoreFuture};

fn read_rating(r: &tokio_postgres::Row, from: usize) -> RatingRow {
    RatingRow {
        rating: r.get(from),
        deviation: r.get(from + 1),
        volatility: r.get(from + 2),
        games: u32::try_from(r.get::<_, i64>(from + 3).max(0)).unwrap_or(u32::MAX),
        last_ms: r.get::<_, i64>(from + 4).max(0) as u64,
    }
}

impl PostgresStore {
    async fn one(
        &self,
        tx: &deadpool_postgres::Transaction<'_>,
        sql: &str,
        args: &[&(dyn ToSql + Sync)],
    ) -> Result<tokio_postgres::Row, StoreError> {
        tx.query_one(&numbered(sql), args)
            .await
            .map_err(|e| self.failed(e))
    }

    async fn run_tx(
        &self,
        tx: &deadpool_postgres::Transaction<'_>,
        sql: &str,
        args: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        tx.execute(&numbered(sql), args)
            .await
            .map_err(|e| self.failed(e))
    }

    async fn set_rating(
        &self,
        tx: &deadpool_postgres::Transaction<'_>,
        sql: &str,
        id: &str,
        r: &RatingRow,
    ) -> Result<u64, StoreError> {
        let games = i64::from(r.games);
        let last = int(r.last_ms);
        self.run_tx(
            tx,
            sql,
            &[&id, &r.rating, &r.deviation, &r.volatility, &games, &last],
        )
        .await
    }
}

impl TrainingStore for PostgresStore {
    fn puzzle_round(
        &self,
        user: String,
        puzzle: String,
        start: RatingRow,
        solved: bool,
        at_ms: u64,
        rate: Option<RateRound>,
        puzzle_from: u32,
    ) -> StoreFuture<'_, RoundRated> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let at = int(at_ms);
            let won = i64::from(solved);
            let plays: i64 = self
                .one(&tx, sql::ROUND, &[&user, &puzzle, &at, &won])
                .await?
                .get(0);
            self.run_tx(
                &tx,
                sql::ADD_PLAYER,
                &[&user, &START.rating, &START.deviation, &START.volatility],
            )
            .await?;
            let player_sql = format!("{} FOR UPDATE", sql::PLAYER);
            let before = read_rating(&self.one(&tx, &player_sql, &[&user]).await?, 0);
            self.run_tx(
                &tx,
                sql::ADD_STAT,
                &[&puzzle, &start.rating, &start.deviation, &start.volatility],
            )
            .await?;
            let stat_sql = format!("{} FOR UPDATE", sql::STAT);
            let stat = read_rating(&self.one(&tx, &stat_sql, &[&puzzle]).await?, 0);
            let (Some(rate), true) = (rate, plays <= 1) else {
                tx.commit().await.map_err(|e| self.failed(e))?;
                return Ok(RoundRated {
                    rated: false,
                    before,
                    after: before,
                    puzzle: stat,
                });
            };
            let (after, mut puzzle_after) = rate(before, stat, solved, at_ms);
            self.set_rating(&tx, sql::SET_PLAYER, &user, &after).await?;
            if before.games >= puzzle_from {
                self.set_rating(&tx, sql::SET_STAT, &puzzle, &puzzle_after)
                    .await?;
            } else {
                puzzle_after = stat;
            }
            let diff = (after.rating.round() - before.rating.round()) as i64;
            self.run_tx(&tx, sql::ROUND_DIFF, &[&user, &puzzle, &diff])
                .await?;
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(RoundRated {
                rated: true,
                before,
                after,
                puzzle: puzzle_after,
            })
        })
    }

    fn puzzle_player(&self, user: String) -> StoreFuture<'_, Option<RatingRow>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(sql::PLAYER), &[&user], |r| read_rating(r, 0))
                .await?;
            Ok(rows.into_iter().next())
        })
    }

    fn puzzle_stats(&self) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        Box::pin(async move {
            self.rows(sql::STATS, &[], |r| (r.get(0), read_rating(r, 1)))
                .await
        })
    }

    fn puzzles_played(&self, user: String) -> StoreFuture<'_, Vec<String>> {
        Box::pin(async move {
            self.rows(&numbered(sql::PLAYED), &[&user], |r| r.get(0))
                .await
        })
    }

    fn puzzle_history(
        &self,
        user: String,
        limit: u32,
        offset: u32,
    ) -> StoreFuture<'_, (Vec<RoundRow>, u64, u64)> {
        Box::pin(async move {
            let (limit, offset) = (i64::from(limit), i64::from(offset));
            let rows = self
                .rows(&numbered(sql::HISTORY), &[&user, &limit, &offset], |r| {
                    RoundRow {
                        puzzle_id: r.get(0),
                        at_ms: r.get::<_, i64>(1).max(0) as u64,
                        solved: r.get::<_, i64>(2) != 0,
                        plays: r.get::<_, i64>(3).max(0) as u64,
                        diff: r.get(4),
                    }
                })
                .await?;
            let tally = self
                .rows(&numbered(sql::TALLY), &[&user], |r| {
                    (r.get::<_, i64>(0), r.get::<_, i64>(1))
                })
                .await?;
            let (solved, played) = tally.first().copied().unwrap_or((0, 0));
            Ok((rows, solved.max(0) as u64, played.max(0) as u64))
        })
    }

    fn puzzle_vote(
        &self,
        user: String,
        puzzle: String,
        up: bool,
        played: bool,
    ) -> StoreFuture<'_, Option<(u64, u64)>> {
        Box::pin(async move {
            let up = i64::from(up);
            let played = i64::from(played);
            let n = self
                .exec(&numbered(sql::VOTE), &[&user, &puzzle, &up, &played])
                .await?;
            if n == 0 {
                return Ok(None);
            }
            Ok(Some(self.puzzle_votes(puzzle).await?))
        })
    }

    fn puzzle_votes(&self, puzzle: String) -> StoreFuture<'_, (u64, u64)> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(sql::VOTES), &[&puzzle], |r| {
                    (r.get::<_, i64>(0), r.get::<_, i64>(1))
                })
                .await?;
            let (up, all) = rows.first().copied().unwrap_or((0, 0));
            let (up, all) = (up.max(0) as u64, all.max(0) as u64);
            Ok((up, all.saturating_sub(up)))
        })
    }
}
