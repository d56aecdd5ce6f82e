//! [`BotStore`] on PostgreSQL (`store/bots.rs`).

use super::PostgresStore;
use crate::store::bots::{
    challenge_sql, challenges_of_sql, sql, BotStore, ChallengeLimits, ChallengeRow, Party, TokenRow,
};
use crate::store::{int, numbered, StoreFuture};

fn ms(v: i64) -> u64 {
    v.max(0) as u64
}

fn read_token(r: &tokio_postgres::Row) -> TokenRow {
    TokenRow {
        id: r.get(0),
        user_id: r.get(1),
        description: r.get(2),
        scopes: r.get(3),
        created_ms: ms(r.get(4)),
        last_used_ms: r.get::<_, Option<i64>>(5).map(ms),
    }
}

/// A challenge with names (`CHALLENGE_SELECT`'s columns).
fn read_challenge(r: &tokio_postgres::Row) -> ChallengeRow {
    ChallengeRow {
        id: r.get(0),
        challenger: r.get(1),
        challenger_name: r.get(2),
        target: r.get(3),
        target_name: r.get(4),
        rated: r.get::<_, i64>(5) != 0,
        clock: r.get(6),
        side: r.get(7),
        created_ms: ms(r.get(8)),
        expires_ms: ms(r.get(9)),
    }
}

/// A challenge without names (`RETURNING`'s columns).
impl BotStore for PostgresStore {
    fn create_token(&self, t: TokenRow, hash: String, max: u32) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            // One token made at a time per account (until this transaction ends): the count
            // and the insert are one step, so racing requests cannot pass the limit.
            tx.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended('tokens ' || $1, 0))",
                &[&t.user_id],
            )
            .await
            .map_err(|e| self.failed(e))?;
            let n = tx
                .execute(
                    &numbered(sql::CREATE_TOKEN),
                    &[
                        &t.id,
                        &hash,
                        &t.user_id,
                        &t.description,
                        &t.scopes,
                        &int(t.created_ms),
                        &i64::from(max),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?;
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(n == 1)
        })
    }

    fn tokens(&self, user: String) -> StoreFuture<'_, Vec<TokenRow>> {
        Box::pin(async move {
            self.rows(&numbered(sql::TOKENS_OF), &[&user], read_token)
                .await
        })
    }

    fn delete_token(&self, user: String, id: String) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            Ok(self
                .exec(&numbered(sql::DELETE_TOKEN), &[&user, &id])
                .await?
                == 1)
        })
    }

    fn delete_tokens(&self, user: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(&numbered(sql::DELETE_TOKENS_OF), &[&user])
                .await?;
            Ok(())
        })
    }

    fn token_by_hash(&self, hash: String) -> StoreFuture<'_, Option<(TokenRow, String)>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(sql::TOKEN_BY_HASH), &[&hash], |r| {
                    (read_token(r), r.get::<_, String>(6))
                })
                .await?;
            Ok(rows.into_iter().next())
        })
    }

    fn touch_token(&self, id: String, now_ms: u64, since_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(sql::TOUCH_TOKEN),
                &[&id, &int(now_ms), &int(since_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn make_bot(&self, user: String, now_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(&numbered(sql::MAKE_BOT), &[&user, &int(now_ms)])
                .await?;
            Ok(())
        })
    }

    fn is_bot(&self, user: String) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let rows = self.rows(&numbered(sql::IS_BOT), &[&user], |_| ()).await?;
            Ok(!rows.is_empty())
        })
    }

    fn make_house_bot(&self, user: String, level: String, now_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(sql::MAKE_HOUSE_BOT),
                &[&user, &int(now_ms), &level],
            )
            .await?;
            Ok(())
        })
    }

    fn house_bots(&self) -> StoreFuture<'_, Vec<(String, String, String)>> {
        Box::pin(async move {
            self.rows(&numbered(sql::HOUSE_BOTS), &[], |r| {
                (r.get(0), r.get(1), r.get(2))
            })
            .await
        })
    }

    fn add_challenge(&self, ch: ChallengeRow, limits: ChallengeLimits) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            tx.execute(&numbered(sql::PURGE_CHALLENGES), &[&int(ch.created_ms)])
                .await
                .map_err(|e| self.failed(e))?;
            // One challenge made at a time per challenger and per target (until this
            // transaction ends), so that neither the challenger's limit nor the target's can be
            // passed by racing requests (READ COMMITTED: each insert's count would not see the
            // other's row). Both locks, always in the same order (no deadlock).
            let mut parties = [ch.challenger.as_str(), ch.target.as_str()];
            parties.sort_unstable();
            for party in parties {
                tx.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended('challenge ' || $1, 0))",
                    &[&party],
                )
                .await
                .map_err(|e| self.failed(e))?;
            }
            let n = tx
                .execute(
                    &numbered(sql::ADD_CHALLENGE),
                    &[
                        &ch.id,
                        &ch.challenger,
                        &ch.target,
                        &i64::from(ch.rated),
                        &ch.clock,
                        &ch.side,
                        &int(ch.created_ms),
                        &int(ch.expires_ms),
                        &i64::from(limits.per_challenger),
                        &i64::from(limits.per_target),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?;
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(n == 1)
        })
    }

    fn challenge(&self, id: String, now_ms: u64) -> StoreFuture<'_, Option<ChallengeRow>> {
        Box::pin(async move {
            let rows = self
                .rows(
                    &numbered(&challenge_sql()),
                    &[&id, &int(now_ms)],
                    read_challenge,
                )
                .await?;
            Ok(rows.into_iter().next())
        })
    }

    fn challenges_of(&self, user: String, now_ms: u64) -> StoreFuture<'_, Vec<ChallengeRow>> {
        Box::pin(async move {
            self.rows(
                &numbered(&challenges_of_sql()),
                &[&user, &int(now_ms)],
                read_challenge,
            )
            .await
        })
    }

    fn take_challenge(
        &self,
        id: String,
        party: Party,
        user: String,
        now_ms: u64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let n = self
                .exec(&numbered(party.take_sql()), &[&id, &user, &int(now_ms)])
                .await?;
            Ok(n > 0)
        })
    }
}
