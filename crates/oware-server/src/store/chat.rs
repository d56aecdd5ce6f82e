//! The chat's part of the store: the messages of online games' chats (`chat.rs`), kept with
//! their game in a table of their own. [`ChatStore`] is the interface; both backends implement
//! it (`sqlite/chat.rs`, `postgres/chat.rs`) on the same table.
//!
//! A message's `seq` counts the game's messages from 1; it is given by the insert itself
//! (one more than the game's largest), and the primary key (game, seq) keeps two writers
//! from taking the same number. SQLite's writes take turns; PostgreSQL's insert first takes a
//! per-game advisory lock for its transaction, so simultaneous writers (several instances)
//! number one after the other instead of failing on the key.
//!
//! A game keeps its newest [`CHAT_KEPT`] messages and at most [`CHAT_BYTES_KEPT`] bytes of
//! text and names: the insert deletes, in the same transaction, the older messages beyond
//! either bound. The oldest go rather than new ones being refused because a chat is read from
//! its newest lines (the page shows the last 500, the terminal client 200), and because a
//! full chat that refused new messages would let one flooder silence both players for the
//! rest of the game. The log answers the same bound (`CHAT_LOG_SQL`), so it is at most 500
//! messages and 64 KiB of text and names even for rows kept before the bound existed.

use super::StoreFuture;

/// The chat's table: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE chat_messages (
        game_id TEXT NOT NULL,
        seq     BIGINT NOT NULL,
        room    TEXT NOT NULL,
        name    TEXT NOT NULL,
        side    TEXT NOT NULL DEFAULT '',
        account BIGINT NOT NULL DEFAULT 0,
        body    TEXT NOT NULL,
        at      BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
";

/// The most messages a game keeps and [`ChatStore::chat_messages`] answers (the newest ones).
pub const CHAT_KEPT: u32 = 500;

/// The most bytes of text and names a game keeps and [`ChatStore::chat_messages`] answers
/// (the newest messages that fit; the newest one always fits, a message being at most
/// `chat::TEXT_BYTES_MAX` bytes and a name a few KB).
pub const CHAT_BYTES_KEPT: u32 = 64 * 1024;

/// The messages of game `$1`, newest first, with their number from the newest (`n`) and the
/// bytes of text and names up to each (`bytes`). Both backends read `$1`, `$2`, … (SQLite as
/// named parameters, numbered in the order they first appear) and have `octet_length`.
macro_rules! ranked_sql {
    () => {
        "SELECT game_id, seq, room, name, side, account, body, at,
                ROW_NUMBER() OVER newest AS n,
                SUM(octet_length(body) + octet_length(name)) OVER newest AS bytes
         FROM chat_messages WHERE game_id = $1
         WINDOW newest AS (ORDER BY seq DESC)"
    };
}

/// The newest messages of game `$1` within the bounds `$2` (messages) and `$3` (bytes), newest
/// first.
pub(super) const CHAT_LOG_SQL: &str = concat!(
    "SELECT game_id, seq, room, name, side, account, body, at FROM (",
    ranked_sql!(),
    ") AS ranked WHERE n <= $2 AND bytes <= $3 ORDER BY seq DESC"
);

/// Deletes the messages of game `$1` beyond the bounds `$2` (messages) and `$3` (bytes).
pub(super) const CHAT_PRUNE_SQL: &str = concat!(
    "DELETE FROM chat_messages WHERE game_id = $1 AND seq <= (
        SELECT COALESCE(MAX(seq), 0) FROM (",
    ranked_sql!(),
    ") AS ranked WHERE n > $2 OR bytes > $3)"
);

/// Stores message `?1`…`?7` (game, room, name, side, account, text, time) as its game's next,
/// numbered one more than the game's largest: its number comes back. Both backends run it
/// (`?N`; PostgreSQL's through `numbered`); PostgreSQL takes a per-game advisory lock
/// first (see the module's notes).
pub(super) const ADD_CHAT: &str = "INSERT INTO chat_messages
     (game_id, seq, room, name, side, account, body, at)
     SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, ?4, ?5, ?6, ?7
     FROM chat_messages WHERE game_id = ?1
     RETURNING seq";

/// One stored message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRow {
    /// The game.
    pub game_id: String,
    /// Its number in the game (set by [`ChatStore::add_chat`]).
    pub seq: u64,
    /// `players` or `spectators`.
    pub room: String,
    /// The writer's name.
    pub name: String,
    /// `S` or `N` for a player, empty for a spectator.
    pub side: String,
    /// Whether the writer was logged in.
    pub account: bool,
    /// The text.
    pub text: String,
    /// When (epoch ms).
    pub at_ms: u64,
}

/// The chat's table.
pub trait ChatStore: Send + Sync {
    /// Stores `row` (its `seq` ignored) as the game's next message and answers its number;
    /// deletes the game's older messages beyond `CHAT_KEPT` and `CHAT_BYTES_KEPT`.
    fn add_chat(&self, row: ChatRow) -> StoreFuture<'_, u64>;

    /// The newest messages of game `id` within `CHAT_KEPT` and `CHAT_BYTES_KEPT`, oldest
    /// first.
    fn chat_messages(&self, id: String) -> StoreFuture<'_, Vec<ChatRow>>;
}
