//! [`BotStore`] on SQLite (`store/bots.rs`).

use rusqlite::{params, OptionalExtension};

use super::SqliteStore;
use crate::store::bots::{
    challenge_sql, challenges_of_sql, sql, BotStore, ChallengeLimits, ChallengeRow, Party, TokenRow,
};
use crate::store::{int, StoreFuture};

fn ms(v: i64) -> u64 {
    v.max(0) as u64
}

fn read_token(r: &rusqlite::Row<'_>) -> rusqlite::Result<TokenRow> {
    Ok(TokenRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        description: r.get(2)?,
        scopes: r.get(3)?,
        created_ms: ms(r.get(4)?),
        last_used_ms: r.get::<_, Option<i64>>(5)?.map(ms),
    })
}

/// A challenge with names (`CHALLENGE_SELECT`'s columns).
fn read_challenge(r: &rusqlite::Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        challenger: r.get(1)?,
        challenger_name: r.get(2)?,
        target: r.get(3)?,
        target_name: r.get(4)?,
        rated: r.get::<_, i64>(5)? != 0,
        clock: r.get(6)?,
        side: r.get(7)?,
        created_ms: ms(r.get(8)?),
        expires_ms: ms(r.get(9)?),
    })
}

/// A challenge without names (`RETURNING`'s columns).
impl BotStore for SqliteStore {
    fn create_token(&self, t: TokenRow, hash: String, max: u32) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let n = c.execute(
                sql::CREATE_TOKEN,
                params![
                    t.id,
                    hash,
                    t.user_id,
                    t.description,
                    t.scopes,
                    int(t.created_ms),
                    i64::from(max)
                ],
            )?;
            Ok(n == 1)
        })
    }

    fn tokens(&self, user: String) -> StoreFuture<'_, Vec<TokenRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::TOKENS_OF)?;
            let rows = st.query_map(params![user], read_token)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn delete_token(&self, user: String, id: String) -> StoreFuture<'_, bool> {
        self.run(move |c| Ok(c.execute(sql::DELETE_TOKEN, params![user, id])? == 1))
    }

    fn delete_tokens(&self, user: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::DELETE_TOKENS_OF, params![user])?;
            Ok(())
        })
    }

    fn token_by_hash(&self, hash: String) -> StoreFuture<'_, Option<(TokenRow, String)>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::TOKEN_BY_HASH)?;
            Ok(st
                .query_row(params![hash], |r| Ok((read_token(r)?, r.get(6)?)))
                .optional()?)
        })
    }

    fn touch_token(&self, id: String, now_ms: u64, since_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::TOUCH_TOKEN, params![id, int(now_ms), int(since_ms)])?;
            Ok(())
        })
    }

    fn make_bot(&self, user: String, now_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::MAKE_BOT, params![user, int(now_ms)])?;
            Ok(())
        })
    }

    fn is_bot(&self, user: String) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::IS_BOT)?;
            Ok(st.exists(params![user])?)
        })
    }

    fn make_house_bot(&self, user: String, level: String, now_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(sql::MAKE_HOUSE_BOT, params![user, int(now_ms), level])?;
            Ok(())
        })
    }

    fn house_bots(&self) -> StoreFuture<'_, Vec<(String, String, String)>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::HOUSE_BOTS)?;
            let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn add_challenge(&self, ch: ChallengeRow, limits: ChallengeLimits) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let tx = c.transaction()?;
            tx.execute(sql::PURGE_CHALLENGES, params![int(ch.created_ms)])?;
            let n = tx.execute(
                sql::ADD_CHALLENGE,
                params![
                    ch.id,
                    ch.challenger,
                    ch.target,
                    i64::from(ch.rated),
                    ch.clock,
                    ch.side,
                    int(ch.created_ms),
                    int(ch.expires_ms),
                    i64::from(limits.per_challenger),
                    i64::from(limits.per_target)
                ],
            )?;
            tx.commit()?;
            Ok(n == 1)
        })
    }

    fn challenge(&self, id: String, now_ms: u64) -> StoreFuture<'_, Option<ChallengeRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(&challenge_sql())?;
            Ok(st
                .query_row(params![id, int(now_ms)], read_challenge)
                .optional()?)
        })
    }

    fn challenges_of(&self, user: String, now_ms: u64) -> StoreFuture<'_, Vec<ChallengeRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(&challenges_of_sql())?;
            let rows = st.query_map(params![user, int(now_ms)], read_challenge)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn take_challenge(
        &self,
        id: String,
        party: Party,
        user: String,
        now_ms: u64,
    ) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let n = c.execute(party.take_sql(), params![id, user, int(now_ms)])?;
            Ok(n > 0)
        })
    }
}
