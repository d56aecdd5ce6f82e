//! [`AccountStore`] on SQLite: the same database thread and file as the games.

use rusqlite::types::ToSql;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, Transaction};

use super::client::Sql;
use super::update_row;
use super::SqliteStore;
use crate::rating::{RateEnd, RatingRow, SeatRatings};
use crate::store::accounts::{
    history_sql, AccountStore, GameEnd, HistoryQuery, LeaderQuery, NewUserError, NewUserFuture,
    PlayerGame, SessionRow, UserRow,
};
use crate::store::accounts::{player_lines, sql};
use crate::store::int;
use crate::store::{GameUpdate, StoreFuture};

fn read_user(r: &rusqlite::Row<'_>) -> rusqlite::Result<UserRow> {
    Ok(UserRow {
        id: r.get(0)?,
        name: r.get(1)?,
        password: r.get(2)?,
        created_ms: r.get::<_, i64>(3)?.max(0) as u64,
        closed: r.get::<_, i64>(4)? != 0,
    })
}

fn read_player(r: &rusqlite::Row<'_>) -> rusqlite::Result<PlayerGame> {
    Ok(PlayerGame {
        game_id: r.get(0)?,
        user_id: r.get(1)?,
        side: r.get(2)?,
        category: r.get(3)?,
        rated: r.get::<_, i64>(4)? != 0,
        score: r.get(5)?,
        at_ms: r.get::<_, i64>(6)?.max(0) as u64,
        before: r.get(7)?,
        after: r.get(8)?,
    })
}

/// The rating in the five columns from `at` (rating, deviation, volatility, games, last).
pub(super) fn read_rating(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        rating: r.get(at)?,
        deviation: r.get(at + 1)?,
        volatility: r.get(at + 2)?,
        games: r.get::<_, i64>(at + 3)?.clamp(0, i64::from(u32::MAX)) as u32,
        last_ms: r.get::<_, i64>(at + 4)?.max(0) as u64,
    })
}

fn rating_of(c: &Connection, user: &str, category: &str) -> rusqlite::Result<Option<RatingRow>> {
    c.query_row(sql::RATING_OF, params![user, category], |r| {
        read_rating(r, 0)
    })
    .optional()
}

/// Runs `sql` (a write of a rating row) with `keys`, then `r`'s rating, deviation,
/// volatility, games and last time.
pub(super) fn write_rating(
    c: &Connection,
    sql: &str,
    keys: &[&dyn ToSql],
    r: &RatingRow,
) -> rusqlite::Result<()> {
    let (games, last) = (i64::from(r.games), int(r.last_ms));
    let cols: [&dyn ToSql; 5] = [&r.rating, &r.deviation, &r.volatility, &games, &last];
    c.execute(sql, params_from_iter(keys.iter().chain(&cols)))?;
    Ok(())
}

/// The players' lines of `end` and, for a rated game, both ratings moved: inside `tx`.
fn record_end(
    tx: &Transaction<'_>,
    game: &str,
    end: &GameEnd,
    rate: RateEnd,
) -> Result<Vec<PlayerGame>, Sql> {
    let mut ratings: SeatRatings = [(None, None); 2];
    if let (true, Some(s), Some(n)) = (
        end.rated,
        end.south_user.as_deref(),
        end.north_user.as_deref(),
    ) {
        let (before_s, before_n) = (
            rating_of(tx, s, &end.category)?,
            rating_of(tx, n, &end.category)?,
        );
        let ([after_s, after_n], seats) = rate(end.south_score, end.at_ms, before_s, before_n);
        write_rating(tx, sql::PUT_RATING, &[&s, &end.category], &after_s)?;
        write_rating(tx, sql::PUT_RATING, &[&n, &end.category], &after_n)?;
        ratings = seats;
    }
    let lines = player_lines(game, end, ratings);
    for line in &lines {
        tx.execute(
            sql::PUT_PLAYER,
            params![
                line.game_id,
                line.user_id,
                line.side,
                line.category,
                i64::from(line.rated),
                line.score,
                int(line.at_ms),
                line.before,
                line.after
            ],
        )?;
    }
    Ok(lines)
}

impl AccountStore for SqliteStore {
    fn create_user(&self, u: UserRow) -> NewUserFuture<'_> {
        let run = self.run(move |c| {
            let n = c.execute(
                sql::CREATE_USER,
                params![
                    u.id,
                    u.name,
                    u.name.to_lowercase(),
                    u.password,
                    int(u.created_ms)
                ],
            )?;
            Ok(n == 1)
        });
        Box::pin(async move {
            match run.await {
                Ok(true) => Ok(()),
                Ok(false) => Err(NewUserError::Taken),
                Err(e) => Err(NewUserError::Store(e)),
            }
        })
    }

    fn user_by_name(&self, name: String) -> StoreFuture<'_, Option<UserRow>> {
        self.run(move |c| {
            Ok(
                c.query_row(sql::USER_BY_NAME, params![name.to_lowercase()], read_user)
                    .optional()?,
            )
        })
    }

    fn user_by_id(&self, id: String) -> StoreFuture<'_, Option<UserRow>> {
        self.run(move |c| {
            Ok(c.query_row(sql::USER_BY_ID, params![id], read_user)
                .optional()?)
        })
    }

    fn users(&self, limit: u32) -> StoreFuture<'_, Vec<UserRow>> {
        self.run(move |c| {
            let mut st = c.prepare(sql::USERS)?;
            let rows = st.query_map(params![i64::from(limit)], read_user)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn set_password(&self, id: String, password: String) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let n = tx.execute(sql::SET_PASSWORD, params![id, password])?;
            tx.execute(sql::DELETE_SESSIONS_OF, params![id])?;
            tx.execute(sql::DELETE_RESETS_OF, params![id])?;
            tx.commit()?;
            Ok(n == 1)
        })
    }

    fn close_user(&self, id: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            tx.execute(sql::CLOSE_USER, params![id])?;
            tx.execute(sql::DELETE_SESSIONS_OF, params![id])?;
            tx.execute(sql::DELETE_RESETS_OF, params![id])?;
            tx.commit()?;
            Ok(())
        })
    }

    fn create_session(&self, hash: String, user: String, expires_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::CREATE_SESSION, params![hash, user, int(expires_ms)])?;
            Ok(())
        })
    }

    fn session(&self, hash: String, now_ms: u64) -> StoreFuture<'_, Option<SessionRow>> {
        self.run(move |c| {
            Ok(c.query_row(sql::SESSION, params![hash, int(now_ms)], |r| {
                Ok(SessionRow {
                    user: read_user(r)?,
                    expires_ms: r.get::<_, i64>(5)?.max(0) as u64,
                })
            })
            .optional()?)
        })
    }

    fn delete_session(&self, hash: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::DELETE_SESSION, params![hash])?;
            Ok(())
        })
    }

    fn delete_sessions(&self, user: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::DELETE_SESSIONS_OF, params![user])?;
            Ok(())
        })
    }

    fn create_reset(&self, hash: String, user: String, expires_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            tx.execute(sql::DELETE_RESETS_OF, params![user])?;
            tx.execute(sql::CREATE_RESET, params![hash, user, int(expires_ms)])?;
            tx.commit()?;
            Ok(())
        })
    }

    fn reset_user(&self, hash: String, now_ms: u64) -> StoreFuture<'_, Option<String>> {
        self.run(move |c| {
            Ok(
                c.query_row(sql::RESET_USER, params![hash, int(now_ms)], |r| r.get(0))
                    .optional()?,
            )
        })
    }

    fn use_reset(
        &self,
        hash: String,
        now_ms: u64,
        password: String,
    ) -> StoreFuture<'_, Option<String>> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let user: Option<String> = tx
                .query_row(sql::USE_RESET, params![hash, int(now_ms)], |r| r.get(0))
                .optional()?;
            let Some(user) = user else {
                return Ok(None);
            };
            let n = tx.execute(sql::SET_PASSWORD, params![user, password])?;
            if n != 1 {
                // A closed account: the transaction is dropped, nothing changes.
                return Ok(None);
            }
            tx.execute(sql::DELETE_SESSIONS_OF, params![user])?;
            tx.execute(sql::DELETE_RESETS_OF, params![user])?;
            tx.commit()?;
            Ok(Some(user))
        })
    }

    fn ratings(&self, user: String) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        self.run(move |c| {
            let mut st = c.prepare(sql::RATINGS)?;
            let rows = st.query_map(params![user], |r| Ok((r.get(0)?, read_rating(r, 1)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn finish(
        &self,
        update: GameUpdate,
        end: GameEnd,
        rate: RateEnd,
    ) -> StoreFuture<'_, Vec<PlayerGame>> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let game = update.id.clone();
            update_row(&tx, update)?;
            let lines = record_end(&tx, &game, &end, rate)?;
            tx.commit()?;
            Ok(lines)
        })
    }

    fn game_players(&self, id: String) -> StoreFuture<'_, Vec<PlayerGame>> {
        self.run(move |c| {
            let mut st = c.prepare(sql::GAME_PLAYERS)?;
            let rows = st.query_map(params![id], read_player)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn history(&self, q: HistoryQuery) -> StoreFuture<'_, Vec<PlayerGame>> {
        self.run(move |c| {
            let mut st = c.prepare(&history_sql(&q))?;
            let mut args: Vec<Box<dyn rusqlite::ToSql>> = vec![Box::new(q.user.clone())];
            if let Some(cat) = &q.category {
                args.push(Box::new(cat.clone()));
            }
            if let Some(score) = q.score {
                args.push(Box::new(score));
            }
            let rows = st.query_map(rusqlite::params_from_iter(args.iter()), read_player)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn rating_history(
        &self,
        user: String,
        category: String,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(u64, f64)>> {
        self.run(move |c| {
            let mut st = c.prepare(sql::RATING_HISTORY)?;
            let rows = st.query_map(params![user, category, i64::from(limit)], |r| {
                Ok((r.get::<_, i64>(0)?.max(0) as u64, r.get::<_, f64>(1)?))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn counts(&self, user: String) -> StoreFuture<'_, [u32; 3]> {
        self.run(move |c| {
            let (w, d, l): (i64, i64, i64) = c.query_row(sql::COUNTS, params![user], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?;
            let n = |v: i64| v.clamp(0, i64::from(u32::MAX)) as u32;
            Ok([n(w), n(d), n(l)])
        })
    }

    fn leaderboard(&self, q: LeaderQuery) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        self.run(move |c| {
            let mut st = c.prepare(sql::LEADERBOARD)?;
            let rows = st.query_map(
                params![
                    q.category,
                    q.max_deviation,
                    int(q.since_ms),
                    i64::from(q.limit),
                    i64::from(q.bots)
                ],
                |r| Ok((r.get(0)?, read_rating(r, 1)?)),
            )?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }
}
