//! [`PoolStore`] on PostgreSQL: the same pool of connections as the games. Joining and
//! pairing are transactions; a pairing updates both tickets `WHERE game_id = ''` and commits
//! only if both changed, so a ticket that left, or was paired by another instance meanwhile
//! (the row lock makes the second writer wait, then see the pairing), is never paired twice.

use tokio_postgres::Row;

use super::PostgresStore;
use crate::store::pool::{sql, PoolJoin, PoolRow, PoolStore, PAIRED_KEPT_MS, POOL_COLUMNS};
use crate::store::{int, numbered};
use crate::store::{StoreError, StoreFuture};

fn read(r: &Row) -> PoolRow {
    PoolRow {
        ticket: r.get(0),
        pool: r.get(1),
        person: r.get(2),
        address: r.get(3),
        user_id: r.get(4),
        name: r.get(5),
        rating: r.get(6),
        joined_ms: r.get::<_, i64>(7).max(0) as u64,
        until_ms: r.get::<_, i64>(8).max(0) as u64,
        game_id: r.get(9),
        token: r.get(10),
        bots: r.get::<_, i64>(11) != 0,
    }
}

impl PostgresStore {
    async fn pool_row(&self, id: &str) -> Result<Option<PoolRow>, StoreError> {
        let c = self.client().await?;
        let row = c
            .query_opt(&numbered(sql::TICKET), &[&id])
            .await
            .map_err(|e| self.failed(e))?;
        Ok(row.as_ref().map(read))
    }
}

impl PoolStore for PostgresStore {
    fn pool_join(&self, row: PoolRow, max: u32, per_address: u32) -> StoreFuture<'_, PoolJoin> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let now = int(row.joined_ms);
            tx.execute(&numbered(sql::DROP_OLD_OF), &[&row.person, &now])
                .await
                .map_err(|e| self.failed(e))?;
            let all: i64 = tx
                .query_one(&numbered(sql::COUNT_LIVE), &[&now])
                .await
                .map_err(|e| self.failed(e))?
                .get(0);
            if all >= i64::from(max) {
                return Ok(PoolJoin::Full);
            }
            if row.user_id.is_empty() {
                let here: i64 = tx
                    .query_one(&numbered(sql::COUNT_LIVE_GUESTS_AT), &[&now, &row.address])
                    .await
                    .map_err(|e| self.failed(e))?
                    .get(0);
                if here >= i64::from(per_address) {
                    return Ok(PoolJoin::AddressFull);
                }
            }
            let added = tx
                .execute(
                    &numbered(sql::ADD_TICKET),
                    &[
                        &row.ticket,
                        &row.pool,
                        &row.person,
                        &row.address,
                        &row.user_id,
                        &row.name,
                        &row.rating,
                        &int(row.joined_ms),
                        &int(row.until_ms),
                        &i64::from(row.bots),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?;
            if added == 0 {
                let held = tx
                    .query_opt(&numbered(sql::TICKET_OF), &[&row.person])
                    .await
                    .map_err(|e| self.failed(e))?;
                return Ok(match held {
                    Some(r) => PoolJoin::Holds {
                        pool: read(&r).pool,
                    },
                    // Left between the two statements: the person holds nothing now.
                    None => PoolJoin::Full,
                });
            }
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(PoolJoin::Joined)
        })
    }

    fn pool_ticket(&self, id: String) -> StoreFuture<'_, Option<PoolRow>> {
        Box::pin(async move { self.pool_row(&id).await })
    }

    fn pool_waiting(&self, now_ms: u64) -> StoreFuture<'_, Vec<PoolRow>> {
        Box::pin(async move {
            let c = self.client().await?;
            let now = int(now_ms);
            c.execute(&numbered(sql::PRUNE), &[&now, &(now - int(PAIRED_KEPT_MS))])
                .await
                .map_err(|e| self.failed(e))?;
            let rows = c
                .query(sql::WAITING, &[])
                .await
                .map_err(|e| self.failed(e))?;
            Ok(rows.iter().map(read).collect())
        })
    }

    fn pool_renew(&self, tickets: Vec<String>, until_ms: u64) -> StoreFuture<'_, Vec<PoolRow>> {
        Box::pin(async move {
            let c = self.client().await?;
            c.execute(
                "UPDATE pool_tickets SET until_ms = $2 WHERE ticket = ANY($1) AND game_id = ''",
                &[&tickets, &int(until_ms)],
            )
            .await
            .map_err(|e| self.failed(e))?;
            let rows = c
                .query(
                    &format!("SELECT {POOL_COLUMNS} FROM pool_tickets WHERE ticket = ANY($1)"),
                    &[&tickets],
                )
                .await
                .map_err(|e| self.failed(e))?;
            Ok(rows.iter().map(read).collect())
        })
    }

    fn pool_pair(&self, tickets: Vec<(String, String)>, game: String) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let mut changed = 0;
            for (id, token) in &tickets {
                changed += tx
                    .execute(&numbered(sql::PAIR), &[id, &game, token])
                    .await
                    .map_err(|e| self.failed(e))?;
            }
            if changed == tickets.len() as u64 {
                tx.commit().await.map_err(|e| self.failed(e))?;
                Ok(true)
            } else {
                Ok(false)
            }
        })
    }

    fn pool_leave(&self, id: String) -> StoreFuture<'_, Option<PoolRow>> {
        Box::pin(async move {
            {
                let c = self.client().await?;
                c.execute(&numbered(sql::LEAVE), &[&id])
                    .await
                    .map_err(|e| self.failed(e))?;
            }
            self.pool_row(&id).await
        })
    }
}
