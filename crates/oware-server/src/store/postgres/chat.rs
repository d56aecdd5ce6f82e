//! [`ChatStore`] on PostgreSQL (`store/chat.rs`).

use super::PostgresStore;
use crate::store::chat::{
    ChatRow, ChatStore, ADD_CHAT, CHAT_BYTES_KEPT, CHAT_KEPT, CHAT_LOG_SQL, CHAT_PRUNE_SQL,
};
use crate::store::StoreFuture;
use crate::store::{int, numbered};

fn read_chat(r: &tokio_postgres::Row) -> ChatRow {
    ChatRow {
        game_id: r.get(0),
        seq: r.get::<_, i64>(1).max(0) as u64,
        room: r.get(2),
        name: r.get(3),
        side: r.get(4),
        account: r.get::<_, i64>(5) != 0,
        text: r.get(6),
        at_ms: r.get::<_, i64>(7).max(0) as u64,
    }
}

impl ChatStore for PostgresStore {
    fn add_chat(&self, m: ChatRow) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let sql = numbered(ADD_CHAT);
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            // One writer of a game's chat at a time (until this transaction ends): each
            // numbers after the one before, where a race on MAX(seq) would make the loser
            // fail on the primary key.
            tx.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended('chat ' || $1, 0))",
                &[&m.game_id],
            )
            .await
            .map_err(|e| self.failed(e))?;
            let seq = tx
                .query(
                    &sql,
                    &[
                        &m.game_id,
                        &m.room,
                        &m.name,
                        &m.side,
                        &i64::from(m.account),
                        &m.text,
                        &int(m.at_ms),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?
                .first()
                .map_or(0, |r| r.get::<_, i64>(0));
            tx.execute(
                CHAT_PRUNE_SQL,
                &[
                    &m.game_id,
                    &i64::from(CHAT_KEPT),
                    &i64::from(CHAT_BYTES_KEPT),
                ],
            )
            .await
            .map_err(|e| self.failed(e))?;
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(seq.max(0) as u64)
        })
    }

    fn chat_messages(&self, id: String) -> StoreFuture<'_, Vec<ChatRow>> {
        Box::pin(async move {
            let mut rows = self
                .rows(
                    CHAT_LOG_SQL,
                    &[&id, &i64::from(CHAT_KEPT), &i64::from(CHAT_BYTES_KEPT)],
                    read_chat,
                )
                .await?;
            rows.reverse();
            Ok(rows)
        })
    }
}
