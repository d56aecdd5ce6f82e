//! [`PoolStore`] on SQLite: the same database thread and file as the games (one process, so
//! each operation is one transaction on that thread).

use rusqlite::{params, Connection, OptionalExtension};

use super::SqliteStore;
use crate::store::int;
use crate::store::pool::{sql, PoolJoin, PoolRow, PoolStore, PAIRED_KEPT_MS};
use crate::store::StoreFuture;

fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<PoolRow> {
    Ok(PoolRow {
        ticket: r.get(0)?,
        pool: r.get(1)?,
        person: r.get(2)?,
        address: r.get(3)?,
        user_id: r.get(4)?,
        name: r.get(5)?,
        rating: r.get(6)?,
        joined_ms: r.get::<_, i64>(7)?.max(0) as u64,
        until_ms: r.get::<_, i64>(8)?.max(0) as u64,
        game_id: r.get(9)?,
        token: r.get(10)?,
        bots: r.get::<_, i64>(11)? != 0,
    })
}

fn ticket(c: &Connection, id: &str) -> rusqlite::Result<Option<PoolRow>> {
    c.query_row(sql::TICKET, params![id], read).optional()
}

impl PoolStore for SqliteStore {
    fn pool_join(&self, row: PoolRow, max: u32, per_address: u32) -> StoreFuture<'_, PoolJoin> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let now = int(row.joined_ms);
            tx.execute(sql::DROP_OLD_OF, params![row.person, now])?;
            let held = tx
                .query_row(sql::TICKET_OF, params![row.person], read)
                .optional()?;
            if let Some(held) = held {
                return Ok(PoolJoin::Holds { pool: held.pool });
            }
            let all: i64 = tx.query_row(sql::COUNT_LIVE, params![now], |r| r.get(0))?;
            if all >= i64::from(max) {
                return Ok(PoolJoin::Full);
            }
            if row.user_id.is_empty() {
                let here: i64 =
                    tx.query_row(sql::COUNT_LIVE_GUESTS_AT, params![now, row.address], |r| {
                        r.get(0)
                    })?;
                if here >= i64::from(per_address) {
                    return Ok(PoolJoin::AddressFull);
                }
            }
            tx.execute(
                sql::ADD_TICKET,
                params![
                    row.ticket,
                    row.pool,
                    row.person,
                    row.address,
                    row.user_id,
                    row.name,
                    row.rating,
                    int(row.joined_ms),
                    int(row.until_ms),
                    i64::from(row.bots)
                ],
            )?;
            tx.commit()?;
            Ok(PoolJoin::Joined)
        })
    }

    fn pool_ticket(&self, id: String) -> StoreFuture<'_, Option<PoolRow>> {
        self.run(move |c| Ok(ticket(c, &id)?))
    }

    fn pool_waiting(&self, now_ms: u64) -> StoreFuture<'_, Vec<PoolRow>> {
        self.run(move |c| {
            let now = int(now_ms);
            c.execute(sql::PRUNE, params![now, now - int(PAIRED_KEPT_MS)])?;
            let mut st = c.prepare(sql::WAITING)?;
            let rows = st.query_map([], read)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn pool_renew(&self, tickets: Vec<String>, until_ms: u64) -> StoreFuture<'_, Vec<PoolRow>> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let mut found = Vec::new();
            for id in &tickets {
                tx.execute(
                    "UPDATE pool_tickets SET until_ms = ?2 WHERE ticket = ?1 AND game_id = ''",
                    params![id, int(until_ms)],
                )?;
                if let Some(row) = ticket(&tx, id)? {
                    found.push(row);
                }
            }
            tx.commit()?;
            Ok(found)
        })
    }

    fn pool_pair(&self, tickets: Vec<(String, String)>, game: String) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let mut changed = 0;
            for (id, token) in &tickets {
                changed += tx.execute(sql::PAIR, params![id, game, token])?;
            }
            if changed == tickets.len() {
                tx.commit()?;
                Ok(true)
            } else {
                Ok(false)
            }
        })
    }

    fn pool_leave(&self, id: String) -> StoreFuture<'_, Option<PoolRow>> {
        self.run(move |c| {
            c.execute(sql::LEAVE, params![id])?;
            Ok(ticket(c, &id)?)
        })
    }
}
