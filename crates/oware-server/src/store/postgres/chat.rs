//! [`ChatStore`] on PostgreSQL (`store/chat.rs`).

use super::PostgresStore;
use crate::store::chat::{ChatRow, ChatStore, CHAT_COLUMNS, CHAT_KEPT};
use crate::store::int;
use crate::store::StoreFuture;

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
            let sql = format!(
                "INSERT INTO chat_messages ({CHAT_COLUMNS})
                 SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6, $7
                 FROM chat_messages WHERE game_id = $1
                 RETURNING seq"
            );
            let seq = self
                .rows(
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
                    |r| r.get::<_, i64>(0),
                )
                .await?
                .pop()
                .unwrap_or(0);
            Ok(seq.max(0) as u64)
        })
    }

    fn chat_messages(&self, id: String) -> StoreFuture<'_, Vec<ChatRow>> {
        Box::pin(async move {
            let sql = format!(
                "SELECT {CHAT_COLUMNS} FROM chat_messages WHERE game_id = $1
                 ORDER BY seq DESC LIMIT $2"
            );
            let mut rows = self
                .rows(&sql, &[&id, &i64::from(CHAT_KEPT)], read_chat)
                .await?;
            rows.reverse();
            Ok(rows)
        })
    }
}
