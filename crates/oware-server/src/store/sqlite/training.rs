//! [`TrainingStore`] on SQLite (`store/training.rs`): each round in one transaction (SQLite's
//! writes take turns, so the check and the write cannot interleave with another's).

use rusqlite::{params, OptionalExtension};

use super::client::Sql;
use super::SqliteStore;
use crate::rating::{RateRound, RatingRow, START};
use crate::store::int;
use crate::store::training::{sql, RoundRated, RoundRow, TrainingStore};
use crate::store::StoreFuture;

fn read_rating(r: &rusqlite::Row<'_>, from: usize) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        rating: r.get(from)?,
        deviation: r.get(from + 1)?,
        volatility: r.get(from + 2)?,
        games: u32::try_from(r.get::<_, i64>(from + 3)?.max(0)).unwrap_or(u32::MAX),
        last_ms: r.get::<_, i64>(from + 4)?.max(0) as u64,
    })
}

fn set(tx: &rusqlite::Transaction<'_>, sql: &str, id: &str, r: &RatingRow) -> Result<(), Sql> {
    tx.execute(
        sql,
        params![
            id,
            r.rating,
            r.deviation,
            r.volatility,
            i64::from(r.games),
            int(r.last_ms)
        ],
    )?;
    Ok(())
}

impl TrainingStore for SqliteStore {
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
        self.run(move |c| {
            let tx = c.transaction()?;
            let plays: i64 = tx.query_row(
                sql::ROUND,
                params![user, puzzle, int(at_ms), i64::from(solved)],
                |r| r.get(0),
            )?;
            tx.execute(
                sql::ADD_PLAYER,
                params![user, START.rating, START.deviation, START.volatility],
            )?;
            let before = tx.query_row(sql::PLAYER, params![user], |r| read_rating(r, 0))?;
            tx.execute(
                sql::ADD_STAT,
                params![puzzle, start.rating, start.deviation, start.volatility],
            )?;
            let stat = tx.query_row(sql::STAT, params![puzzle], |r| read_rating(r, 0))?;
            let (Some(rate), true) = (rate, plays <= 1) else {
                tx.commit()?;
                return Ok(RoundRated {
                    rated: false,
                    before,
                    after: before,
                    puzzle: stat,
                });
            };
            let (after, mut puzzle_after) = rate(before, stat, solved, at_ms);
            set(&tx, sql::SET_PLAYER, &user, &after)?;
            if before.games >= puzzle_from {
                set(&tx, sql::SET_STAT, &puzzle, &puzzle_after)?;
            } else {
                puzzle_after = stat;
            }
            let diff = (after.rating.round() - before.rating.round()) as i64;
            tx.execute(sql::ROUND_DIFF, params![user, puzzle, diff])?;
            tx.commit()?;
            Ok(RoundRated {
                rated: true,
                before,
                after,
                puzzle: puzzle_after,
            })
        })
    }

    fn puzzle_player(&self, user: String) -> StoreFuture<'_, Option<RatingRow>> {
        self.run(move |c| {
            Ok(
                c.query_row(sql::PLAYER, params![user], |r| read_rating(r, 0))
                    .optional()?,
            )
        })
    }

    fn puzzle_stats(&self) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::STATS)?;
            let rows = st.query_map([], |r| Ok((r.get(0)?, read_rating(r, 1)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn puzzles_played(&self, user: String) -> StoreFuture<'_, Vec<String>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::PLAYED)?;
            let rows = st.query_map(params![user], |r| r.get(0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn puzzle_history(
        &self,
        user: String,
        limit: u32,
        offset: u32,
    ) -> StoreFuture<'_, (Vec<RoundRow>, u64, u64)> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::HISTORY)?;
            let rows = st.query_map(params![user, i64::from(limit), i64::from(offset)], |r| {
                Ok(RoundRow {
                    puzzle_id: r.get(0)?,
                    at_ms: r.get::<_, i64>(1)?.max(0) as u64,
                    solved: r.get::<_, i64>(2)? != 0,
                    plays: r.get::<_, i64>(3)?.max(0) as u64,
                    diff: r.get(4)?,
                })
            })?;
            let rows = rows.collect::<Result<Vec<_>, _>>()?;
            let (solved, played): (i64, i64) =
                c.query_row(sql::TALLY, params![user], |r| Ok((r.get(0)?, r.get(1)?)))?;
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
        self.run(move |c| {
            let tx = c.transaction()?;
            let n = tx.execute(
                sql::VOTE,
                params![user, puzzle, i64::from(up), i64::from(played)],
            )?;
            let votes = votes(&tx, &puzzle)?;
            tx.commit()?;
            Ok((n > 0).then_some(votes))
        })
    }

    fn puzzle_votes(&self, puzzle: String) -> StoreFuture<'_, (u64, u64)> {
        self.run(move |c| votes(c, &puzzle))
    }
}

fn votes(c: &rusqlite::Connection, puzzle: &str) -> Result<(u64, u64), Sql> {
    let (up, all): (i64, i64) =
        c.query_row(sql::VOTES, params![puzzle], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let (up, all) = (up.max(0) as u64, all.max(0) as u64);
    Ok((up, all.saturating_sub(up)))
}
