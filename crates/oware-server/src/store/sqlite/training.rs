//! [`TrainingStore`] on SQLite (`store/training.rs`): each round in one transaction (SQLite's
//! writes take turns, so the check and the write cannot interleave with another's).

use rusqlite::{params, OptionalExtension};

use super::accounts::{read_rating, write_rating};
use super::client::Sql;
use super::SqliteStore;
use crate::rating::{RatingRow, START};
use crate::store::int;
use crate::store::training::sql::{self, PLAYERS, PUZZLES};
use crate::store::training::{
    PuzzleVote, RoundPage, RoundPlayed, RoundRated, RoundRow, TrainingStore,
};
use crate::store::StoreFuture;

impl TrainingStore for SqliteStore {
    fn puzzle_round(&self, round: RoundPlayed) -> StoreFuture<'_, RoundRated> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let RoundPlayed {
                user,
                puzzle,
                start,
                ..
            } = &round;
            let plays: i64 = tx.query_row(
                sql::ROUND,
                params![user, puzzle, int(round.at_ms), i64::from(round.solved)],
                |r| r.get(0),
            )?;
            tx.execute(
                &PLAYERS.add(),
                params![user, START.rating, START.deviation, START.volatility],
            )?;
            let before = tx.query_row(&PLAYERS.read(), params![user], |r| read_rating(r, 0))?;
            tx.execute(
                &PUZZLES.add(),
                params![puzzle, start.rating, start.deviation, start.volatility],
            )?;
            let stat = tx.query_row(&PUZZLES.read(), params![puzzle], |r| read_rating(r, 0))?;
            let moved = round.moved(plays, before, stat);
            if let Some(m) = &moved {
                write_rating(&tx, &PLAYERS.set(), &[user], &m.after)?;
                if let Some(p) = &m.puzzle {
                    write_rating(&tx, &PUZZLES.set(), &[puzzle], p)?;
                }
                tx.execute(sql::ROUND_DIFF, params![user, puzzle, m.diff])?;
            }
            tx.commit()?;
            Ok(RoundRated::new(before, stat, moved.as_ref()))
        })
    }

    fn puzzle_player(&self, user: String) -> StoreFuture<'_, Option<RatingRow>> {
        self.run(move |c| {
            Ok(
                c.query_row(&PLAYERS.read(), params![user], |r| read_rating(r, 0))
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

    fn puzzle_history(&self, user: String, limit: u32, offset: u32) -> StoreFuture<'_, RoundPage> {
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
            Ok(RoundPage::new(rows, solved, played))
        })
    }

    fn puzzle_vote(&self, v: PuzzleVote) -> StoreFuture<'_, Option<(u64, u64)>> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let n = tx.execute(
                sql::VOTE,
                params![v.user, v.puzzle, i64::from(v.up), i64::from(v.played)],
            )?;
            let votes = votes(&tx, &v.puzzle)?;
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
