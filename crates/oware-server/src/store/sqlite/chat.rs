//! [`ChatStore`] on SQLite (`store/chat.rs`).

use rusqlite::params;

use super::SqliteStore;
use crate::store::chat::{
    ChatRow, ChatStore, ADD_CHAT, CHAT_BYTES_KEPT, CHAT_KEPT, CHAT_LOG_SQL, CHAT_PRUNE_SQL,
};
use crate::store::int;
use crate::store::StoreFuture;

fn read_chat(r: &rusqlite::Row<'_>) -> rusqlite::Result<ChatRow> {
    Ok(ChatRow {
        game_id: r.get(0)?,
        seq: r.get::<_, i64>(1)?.max(0) as u64,
        room: r.get(2)?,
        name: r.get(3)?,
        side: r.get(4)?,
        account: r.get::<_, i64>(5)? != 0,
        text: r.get(6)?,
        at_ms: r.get::<_, i64>(7)?.max(0) as u64,
    })
}

impl ChatStore for SqliteStore {
    fn add_chat(&self, m: ChatRow) -> StoreFuture<'_, u64> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let seq: i64 = tx.query_row(
                ADD_CHAT,
                params![
                    m.game_id,
                    m.room,
                    m.name,
                    m.side,
                    i64::from(m.account),
                    m.text,
                    int(m.at_ms)
                ],
                |r| r.get(0),
            )?;
            tx.execute(
                CHAT_PRUNE_SQL,
                params![m.game_id, i64::from(CHAT_KEPT), i64::from(CHAT_BYTES_KEPT)],
            )?;
            tx.commit()?;
            Ok(seq.max(0) as u64)
        })
    }

    fn chat_messages(&self, id: String) -> StoreFuture<'_, Vec<ChatRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(CHAT_LOG_SQL)?;
            let rows = st.query_map(
                params![id, i64::from(CHAT_KEPT), i64::from(CHAT_BYTES_KEPT)],
                read_chat,
            )?;
            let mut rows = rows.collect::<Result<Vec<_>, _>>()?;
            rows.reverse();
            Ok(rows)
        })
    }
}
