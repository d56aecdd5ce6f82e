//! [`AccountStore`] on PostgreSQL: the same pool as the games. A rated game's two rating rows
//! are locked (`FOR UPDATE`, in the order of their account ids, so two games ending at once
//! cannot deadlock) between reading them and writing the new ratings.

use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

use super::PostgresStore;
use crate::rating::{RateEnd, RatingRow, SeatRatings};
use crate::store::accounts::{
    history_sql, AccountStore, GameEnd, HistoryQuery, LeaderQuery, NewUserError, NewUserFuture,
    PlayerGame, SessionRow, UserRow,
};
use crate::store::accounts::{player_lines, sql};
use crate::store::{int, numbered};
use crate::store::{GameUpdate, StoreError, StoreFuture};

fn read_user(r: &Row) -> UserRow {
    UserRow {
        id: r.get(0),
        name: r.get(1),
        password: r.get(2),
        created_ms: r.get::<_, i64>(3).max(0) as u64,
        closed: r.get::<_, i64>(4) != 0,
    }
}

fn read_player(r: &Row) -> PlayerGame {
    PlayerGame {
        game_id: r.get(0),
        user_id: r.get(1),
        side: r.get(2),
        category: r.get(3),
        rated: r.get::<_, i64>(4) != 0,
        score: r.get(5),
        at_ms: r.get::<_, i64>(6).max(0) as u64,
        before: r.get(7),
        after: r.get(8),
    }
}

/// The rating in the five columns from `at` (rating, deviation, volatility, games, last).
pub(super) fn read_rating(r: &Row, at: usize) -> RatingRow {
    RatingRow {
        rating: r.get(at),
        deviation: r.get(at + 1),
        volatility: r.get(at + 2),
        games: r.get::<_, i64>(at + 3).clamp(0, i64::from(u32::MAX)) as u32,
        last_ms: r.get::<_, i64>(at + 4).max(0) as u64,
    }
}

impl PostgresStore {
    async fn finish_tx(
        &self,
        u: GameUpdate,
        end: GameEnd,
        rate: RateEnd,
    ) -> Result<Vec<PlayerGame>, StoreError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await.map_err(|e| self.failed(e))?;
        if self.write_update(&tx, &u).await? != 1 {
            drop(tx);
            return Err(self.refusal(&c, u).await);
        }
        let mut ratings: SeatRatings = [(None, None); 2];
        if let (true, Some(s), Some(nu)) = (end.rated, &end.south_user, &end.north_user) {
            // Rows to lock: made first when missing, then locked in id order. `FOR UPDATE`
            // locks only rows that exist: without the placeholder, two games of a new player
            // ending at once would both read "no rating" and the second write would undo the
            // first. A placeholder (games 0) reads as no rating yet; this transaction
            // overwrites it.
            let mut ids = [s.as_str(), nu.as_str()];
            ids.sort_unstable();
            let mut before = std::collections::HashMap::new();
            for id in ids {
                let start = crate::rating::START;
                tx.execute(
                    "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, last)
                     VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT (user_id, category) DO NOTHING",
                    &[&id, &end.category, &start.rating, &start.deviation, &start.volatility],
                )
                .await
                .map_err(|e| self.failed(e))?;
                let row = tx
                    .query_opt(
                        &format!("{} FOR UPDATE", numbered(sql::RATING_OF)),
                        &[&id, &end.category],
                    )
                    .await
                    .map_err(|e| self.failed(e))?;
                let row = row.map(|r| read_rating(&r, 0)).filter(|r| r.games > 0);
                before.insert(id.to_string(), row);
            }
            let (after, seats) = rate(
                end.south_score,
                end.at_ms,
                before[s.as_str()],
                before[nu.as_str()],
            );
            for (id, r) in [s, nu].into_iter().zip(after) {
                self.write_rating(&tx, sql::PUT_RATING, &[id, &end.category], &r)
                    .await?;
            }
            ratings = seats;
        }
        let lines = player_lines(&u.id, &end, ratings);
        for line in &lines {
            let (rated, at) = (i64::from(line.rated), int(line.at_ms));
            tx.execute(
                &numbered(sql::PUT_PLAYER),
                &[
                    &line.game_id,
                    &line.user_id,
                    &line.side,
                    &line.category,
                    &rated,
                    &line.score,
                    &at,
                    &line.before,
                    &line.after,
                ],
            )
            .await
            .map_err(|e| self.failed(e))?;
        }
        tx.commit().await.map_err(|e| self.failed(e))?;
        let payload = format!("{} {} {}", self.instance, u.id, u.from_version + 1);
        if let Err(e) = self.notify(&c, &payload).await {
            tracing::warn!(game = %u.id, "the end could not be announced: {e}");
        }
        Ok(lines)
    }
}

impl AccountStore for PostgresStore {
    fn create_user(&self, u: UserRow) -> NewUserFuture<'_> {
        Box::pin(async move {
            let n = self
                .exec(
                    &numbered(sql::CREATE_USER),
                    &[
                        &u.id,
                        &u.name,
                        &u.name.to_lowercase(),
                        &u.password,
                        &int(u.created_ms),
                    ],
                )
                .await?;
            if n == 1 {
                Ok(())
            } else {
                Err(NewUserError::Taken)
            }
        })
    }

    fn user_by_name(&self, name: String) -> StoreFuture<'_, Option<UserRow>> {
        Box::pin(async move {
            Ok(self
                .rows(
                    &numbered(sql::USER_BY_NAME),
                    &[&name.to_lowercase()],
                    read_user,
                )
                .await?
                .pop())
        })
    }

    fn user_by_id(&self, id: String) -> StoreFuture<'_, Option<UserRow>> {
        Box::pin(async move {
            Ok(self
                .rows(&numbered(sql::USER_BY_ID), &[&id], read_user)
                .await?
                .pop())
        })
    }

    fn users(&self, limit: u32) -> StoreFuture<'_, Vec<UserRow>> {
        Box::pin(async move {
            self.rows(&numbered(sql::USERS), &[&i64::from(limit)], read_user)
                .await
        })
    }

    fn set_password(&self, id: String, password: String) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            // One statement: the password, the sessions and the reset links change together.
            let n = self
                .rows(
                    "WITH u AS (UPDATE users SET password = $2 WHERE id = $1 AND closed = 0
                                RETURNING id),
                          s AS (DELETE FROM sessions WHERE user_id = $1),
                          r AS (DELETE FROM resets WHERE user_id = $1)
                     SELECT count(*) FROM u",
                    &[&id, &password],
                    |r| r.get::<_, i64>(0),
                )
                .await?
                .pop()
                .unwrap_or(0);
            Ok(n == 1)
        })
    }

    fn close_user(&self, id: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            for statement in [
                sql::CLOSE_USER,
                sql::DELETE_SESSIONS_OF,
                sql::DELETE_RESETS_OF,
            ] {
                self.exec(&numbered(statement), &[&id]).await?;
            }
            Ok(())
        })
    }

    fn create_session(&self, hash: String, user: String, expires_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(sql::CREATE_SESSION),
                &[&hash, &user, &int(expires_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn session(&self, hash: String, now_ms: u64) -> StoreFuture<'_, Option<SessionRow>> {
        Box::pin(async move {
            Ok(self
                .rows(&numbered(sql::SESSION), &[&hash, &int(now_ms)], |r| {
                    SessionRow {
                        user: read_user(r),
                        expires_ms: r.get::<_, i64>(5).max(0) as u64,
                    }
                })
                .await?
                .pop())
        })
    }

    fn delete_session(&self, hash: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(&numbered(sql::DELETE_SESSION), &[&hash]).await?;
            Ok(())
        })
    }

    fn delete_sessions(&self, user: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(&numbered(sql::DELETE_SESSIONS_OF), &[&user])
                .await?;
            Ok(())
        })
    }

    fn create_reset(&self, hash: String, user: String, expires_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            // One statement: the older links go as the new one is written.
            self.exec(
                "WITH old AS (DELETE FROM resets WHERE user_id = $2)
                 INSERT INTO resets (hash, user_id, expires) VALUES ($1, $2, $3)",
                &[&hash, &user, &int(expires_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn reset_user(&self, hash: String, now_ms: u64) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            Ok(self
                .rows(&numbered(sql::RESET_USER), &[&hash, &int(now_ms)], |r| {
                    r.get::<_, String>(0)
                })
                .await?
                .pop())
        })
    }

    fn use_reset(
        &self,
        hash: String,
        now_ms: u64,
        password: String,
    ) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            // One transaction: the link is used up only if the password is set.
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let user: Option<String> = tx
                .query_opt(&numbered(sql::USE_RESET), &[&hash, &int(now_ms)])
                .await
                .map_err(|e| self.failed(e))?
                .map(|r| r.get(0));
            let Some(user) = user else {
                return Ok(None);
            };
            let n = tx
                .execute(&numbered(sql::SET_PASSWORD), &[&user, &password])
                .await
                .map_err(|e| self.failed(e))?;
            if n != 1 {
                return Ok(None);
            }
            for statement in [sql::DELETE_SESSIONS_OF, sql::DELETE_RESETS_OF] {
                tx.execute(&numbered(statement), &[&user])
                    .await
                    .map_err(|e| self.failed(e))?;
            }
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(Some(user))
        })
    }

    fn ratings(&self, user: String) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        Box::pin(async move {
            self.rows(&numbered(sql::RATINGS), &[&user], |r| {
                (r.get(0), read_rating(r, 1))
            })
            .await
        })
    }

    fn finish(
        &self,
        update: GameUpdate,
        end: GameEnd,
        rate: RateEnd,
    ) -> StoreFuture<'_, Vec<PlayerGame>> {
        Box::pin(self.finish_tx(update, end, rate))
    }

    fn game_players(&self, id: String) -> StoreFuture<'_, Vec<PlayerGame>> {
        Box::pin(async move {
            self.rows(&numbered(sql::GAME_PLAYERS), &[&id], read_player)
                .await
        })
    }

    fn history(&self, q: HistoryQuery) -> StoreFuture<'_, Vec<PlayerGame>> {
        Box::pin(async move {
            let sql = numbered(&history_sql(&q));
            let mut args: Vec<&(dyn ToSql + Sync)> = vec![&q.user];
            if let Some(cat) = &q.category {
                args.push(cat);
            }
            if let Some(score) = &q.score {
                args.push(score);
            }
            self.rows(&sql, &args, read_player).await
        })
    }

    fn rating_history(
        &self,
        user: String,
        category: String,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(u64, f64)>> {
        Box::pin(async move {
            let limit = i64::from(limit);
            self.rows(
                &numbered(sql::RATING_HISTORY),
                &[&user, &category, &limit],
                |r| (r.get::<_, i64>(0).max(0) as u64, r.get::<_, f64>(1)),
            )
            .await
        })
    }

    fn counts(&self, user: String) -> StoreFuture<'_, [u32; 3]> {
        Box::pin(async move {
            let row = self
                .rows(&numbered(sql::COUNTS), &[&user], |r| {
                    let n = |i: usize| r.get::<_, i64>(i).clamp(0, i64::from(u32::MAX)) as u32;
                    [n(0), n(1), n(2)]
                })
                .await?;
            Ok(row.first().copied().unwrap_or_default())
        })
    }

    fn leaderboard(&self, q: LeaderQuery) -> StoreFuture<'_, Vec<(String, RatingRow)>> {
        Box::pin(async move {
            self.rows(
                &numbered(sql::LEADERBOARD),
                &[
                    &q.category,
                    &q.max_deviation,
                    &int(q.since_ms),
                    &i64::from(q.limit),
                    &i64::from(q.bots),
                ],
                |r| (r.get(0), read_rating(r, 1)),
            )
            .await
        })
    }
}
