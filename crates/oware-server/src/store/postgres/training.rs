//! [`TrainingStore`] on PostgreSQL (`store/training.rs`): a round in one transaction that
//! locks its round row (the insert), then the player's row, then the puzzle's (`FOR UPDATE`,
//! always in that order), so that two instances never rate the same first round twice.

use tokio_postgres::types::ToSql;

use super::accounts::read_rating;
use super::PostgresStore;
use crate::rating::{RatingRow, START};
use crate::store::training::sql::{self, PLAYERS, PUZZLES};
use crate::store::training::{
    PuzzleVote, RoundPage, RoundPlayed, RoundRated, RoundRow, TrainingStore,
};
use crate::store::{int, numbered, StoreError, StoreFuture};

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

    /// Runs `sql` (a write of a rating row) in `tx` with `keys`, then `r`'s rating,
    /// deviation, volatility, games and last time.
    pub(super) async fn write_rating(
        &self,
        tx: &deadpool_postgres::Transaction<'_>,
        sql: &str,
        keys: &[&(dyn ToSql + Sync)],
        r: &RatingRow,
    ) -> Result<u64, StoreError> {
        let games = i64::from(r.games);
        let last = int(r.last_ms);
        let cols: [&(dyn ToSql + Sync); 5] =
            [&r.rating, &r.deviation, &r.volatility, &games, &last];
        let args: Vec<&(dyn ToSql + Sync)> = keys.iter().chain(&cols).copied().collect();
        self.run_tx(tx, sql, &args).await
    }
}

impl TrainingStore for PostgresStore {
    fn puzzle_round(&self, round: RoundPlayed) -> StoreFuture<'_, RoundRated> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let RoundPlayed {
                user,
                puzzle,
                start,
                ..
            } = &round;
            let at = int(round.at_ms);
            let won = i64::from(round.solved);
            let plays: i64 = self
                .one(&tx, sql::ROUND, &[user, puzzle, &at, &won])
                .await?
                .get(0);
            self.run_tx(
                &tx,
                &PLAYERS.add(),
                &[user, &START.rating, &START.deviation, &START.volatility],
            )
            .await?;
            let player_sql = format!("{} FOR UPDATE", PLAYERS.read());
            let before = read_rating(&self.one(&tx, &player_sql, &[user]).await?, 0);
            self.run_tx(
                &tx,
                &PUZZLES.add(),
                &[puzzle, &start.rating, &start.deviation, &start.volatility],
            )
            .await?;
            let stat_sql = format!("{} FOR UPDATE", PUZZLES.read());
            let stat = read_rating(&self.one(&tx, &stat_sql, &[puzzle]).await?, 0);
            let moved = round.moved(plays, before, stat);
            if let Some(m) = &moved {
                self.write_rating(&tx, &PLAYERS.set(), &[user], &m.after)
                    .await?;
                if let Some(p) = &m.puzzle {
                    self.write_rating(&tx, &PUZZLES.set(), &[puzzle], p).await?;
                }
                self.run_tx(&tx, sql::ROUND_DIFF, &[user, puzzle, &m.diff])
                    .await?;
            }
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(RoundRated::new(before, stat, moved.as_ref()))
        })
    }

    fn puzzle_player(&self, user: String) -> StoreFuture<'_, Option<RatingRow>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(&PLAYERS.read()), &[&user], |r| read_rating(r, 0))
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

    fn puzzle_history(&self, user: String, limit: u32, offset: u32) -> StoreFuture<'_, RoundPage> {
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
            Ok(RoundPage::new(rows, solved, played))
        })
    }

    fn puzzle_vote(&self, v: PuzzleVote) -> StoreFuture<'_, Option<(u64, u64)>> {
        Box::pin(async move {
            let up = i64::from(v.up);
            let played = i64::from(v.played);
            let n = self
                .exec(&numbered(sql::VOTE), &[&v.user, &v.puzzle, &up, &played])
                .await?;
            if n == 0 {
                return Ok(None);
            }
            Ok(Some(self.puzzle_votes(v.puzzle).await?))
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
