//! The chat's part of the store: the messages of online games' chats (`chat.rs`), kept with
//! their game in a table of their own. [`ChatStore`] is the interface; both backends implement
//! it (`sqlite_chat.rs`, `postgres/chat.rs`) on the same table.
//!
//! A message's `seq` counts the game's messages from 1; it is given by the insert itself
//! (one more than the game's largest), and the primary key (game, seq) keeps two writers
//! from taking the same number (the loser's insert fails and is tried again by the caller).

use super::StoreFuture;

/// The chat's table: one text for both backends.
const SCHEMA: &str = "
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

/// SQLite's migration for the chat.
pub(super) const SQLITE_SCHEMA: &str = SCHEMA;
/// PostgreSQL's migration for the chat.
pub(super) const POSTGRES_SCHEMA: &str = SCHEMA;

/// The columns of a message, in [`ChatRow`]'s order.
pub(super) const CHAT_COLUMNS: &str = "game_id, seq, room, name, side, account, body, at";

/// The most messages [`ChatStore::chat_messages`] answers (the newest ones).
pub const CHAT_KEPT: u32 = 500;

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
    /// Stores `row` (its `seq` ignored) as the game's next message and answers its number.
    fn add_chat(&self, row: ChatRow) -> StoreFuture<'_, u64>;

    /// The newest [`CHAT_KEPT`] messages of game `id`, oldest first.
    fn chat_messages(&self, id: String) -> StoreFuture<'_, Vec<ChatRow>>;
}
