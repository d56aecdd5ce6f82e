//! The quick-pairing pools' part of the store: one row per waiting player (a ticket), in a
//! table of its own, so that every instance sharing the database sees the same pools.
//! [`PoolStore`] is the interface; both backends implement it (`sqlite/pool.rs`,
//! `postgres/pool.rs`) on the same table.
//!
//! A ticket is **waiting** (no game yet) or **paired** (`game_id` and the seat `token` set).
//! [`PoolStore::pool_pair`] pairs two tickets only if both are still waiting, in one
//! statement, so a player who left meanwhile is never paired, and a ticket is paired once.
//! A waiting ticket lives until `until_ms` (renewed while its player's page holds its event
//! stream); an expired one is dropped by the next [`PoolStore::pool_waiting`].

use super::StoreFuture;

/// The pools' table: one text for both backends. `person` is unique: an account holds one
/// ticket at a time (`user ID`); a guest's ticket is a person of its own (`guest TICKET`)
/// and guests are limited by address instead.
pub(super) const SCHEMA: &str = "
    CREATE TABLE pool_tickets (
        ticket   TEXT PRIMARY KEY NOT NULL,
        pool     TEXT NOT NULL,
        person   TEXT NOT NULL UNIQUE,
        address  TEXT NOT NULL,
        user_id  TEXT NOT NULL DEFAULT '',
        name     TEXT NOT NULL,
        rating   BIGINT NOT NULL DEFAULT 0,
        joined   BIGINT NOT NULL,
        until_ms BIGINT NOT NULL,
        game_id  TEXT NOT NULL DEFAULT '',
        token    TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX pool_tickets_address ON pool_tickets (address);
";

/// The columns of a ticket, in [`PoolRow`]'s order.
pub(super) const POOL_COLUMNS: &str =
    "ticket, pool, person, address, user_id, name, rating, joined, until_ms, game_id, token, bots";

/// The statements both backends run (`?N` placeholders; PostgreSQL's through
/// `numbered`). What differs stays with each backend: PostgreSQL renews and reads a
/// list of tickets with one `= ANY($1)` statement each, SQLite one ticket at a time in a
/// transaction (it has no arrays).
pub(super) mod sql {
    /// Drops person `?1`'s paired tickets and those expired at `?2`.
    pub const DROP_OLD_OF: &str =
        "DELETE FROM pool_tickets WHERE person = ?1 AND (game_id <> '' OR until_ms < ?2)";
    /// The ticket person `?1` holds.
    pub const TICKET_OF: &str = "SELECT ticket, pool, person, address, user_id, name, rating, \
        joined, until_ms, game_id, token, bots FROM pool_tickets WHERE person = ?1";
    /// Ticket `?1`.
    pub const TICKET: &str = "SELECT ticket, pool, person, address, user_id, name, rating, \
        joined, until_ms, game_id, token, bots FROM pool_tickets WHERE ticket = ?1";
    /// The live waiting tickets at `?1`.
    pub const COUNT_LIVE: &str =
        "SELECT COUNT(*) FROM pool_tickets WHERE game_id = '' AND until_ms >= ?1";
    /// The live waiting guest tickets at `?1` of address `?2`.
    pub const COUNT_LIVE_GUESTS_AT: &str = "SELECT COUNT(*) FROM pool_tickets
         WHERE game_id = '' AND until_ms >= ?1 AND address = ?2 AND user_id = ''";
    /// A waiting ticket (`?1`…`?9` in [`PoolRow`]'s order, no game yet, `?10` whether it
    /// accepts a bot), unless its person holds one.
    pub const ADD_TICKET: &str = "INSERT INTO pool_tickets
         (ticket, pool, person, address, user_id, name, rating, joined, until_ms, game_id, token,
          bots)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, '', '', ?10) ON CONFLICT (person) DO NOTHING";
    /// Drops the waiting tickets expired at `?1` and the paired ones that joined before `?2`.
    pub const PRUNE: &str = "DELETE FROM pool_tickets WHERE (game_id = '' AND until_ms < ?1)
         OR (game_id <> '' AND joined < ?2)";
    /// The waiting tickets, oldest first.
    pub const WAITING: &str = "SELECT ticket, pool, person, address, user_id, name, rating, \
        joined, until_ms, game_id, token, bots FROM pool_tickets WHERE game_id = '' \
        ORDER BY joined, ticket";
    /// Pairs waiting ticket `?1` into game `?2` with seat token `?3`.
    pub const PAIR: &str = "UPDATE pool_tickets SET game_id = ?2, token = ?3
         WHERE ticket = ?1 AND game_id = ''";
    /// Takes waiting ticket `?1` out.
    pub const LEAVE: &str = "DELETE FROM pool_tickets WHERE ticket = ?1 AND game_id = ''";
}

/// Paired tickets are kept this long after their pairing (epoch ms of their `joined`), so
/// that their player can read the game, then dropped.
pub(super) const PAIRED_KEPT_MS: u64 = 3_600_000;

/// One waiting (or paired) player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolRow {
    /// The ticket's id (random, secret to its player: it leads to the seat token).
    pub ticket: String,
    /// The pool: `3+2`, `5+3`, `10+5` or `15+10`.
    pub pool: String,
    /// `user ID` for an account, `guest TICKET` for a guest.
    pub person: String,
    /// The client address (a guest's limit is counted by it).
    pub address: String,
    /// The account's id, empty for a guest.
    pub user_id: String,
    /// The name shown.
    pub name: String,
    /// The account's rating in the pool's category when it joined (0 for a guest).
    pub rating: i64,
    /// When it joined (epoch ms of the server's clock).
    pub joined_ms: u64,
    /// When a waiting ticket expires unless renewed.
    pub until_ms: u64,
    /// The game, once paired (empty while waiting).
    pub game_id: String,
    /// The seat token in that game, once paired.
    pub token: String,
    /// Whether a house bot may take the other seat when no person comes (the player's
    /// choice, `true` by default).
    pub bots: bool,
}

/// What [`PoolStore::pool_join`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PoolJoin {
    /// The ticket is in the pool.
    Joined,
    /// The person already holds a live waiting ticket in this pool: nothing was added.
    Holds {
        /// The pool of the ticket held.
        pool: String,
    },
    /// The pools hold their most waiting tickets.
    Full,
    /// The address holds its most guest tickets.
    AddressFull,
}

/// The pools' table.
pub trait PoolStore: Send + Sync {
    /// Adds ticket `row` at its `joined_ms`, after dropping its person's tickets expired or
    /// paired by then; refuses when the person holds a live waiting ticket, when `max` live
    /// waiting tickets are in the pools, or (for a guest) when its address holds `per_address`
    /// of them.
    fn pool_join(&self, row: PoolRow, max: u32, per_address: u32) -> StoreFuture<'_, PoolJoin>;

    /// The ticket, waiting or paired (`None`: unknown, left or expired and dropped).
    fn pool_ticket(&self, ticket: String) -> StoreFuture<'_, Option<PoolRow>>;

    /// The live waiting tickets of every pool, oldest first; drops the expired ones, and
    /// paired ones older than `PAIRED_KEPT_MS`.
    fn pool_waiting(&self, now_ms: u64) -> StoreFuture<'_, Vec<PoolRow>>;

    /// Extends the waiting ones of `tickets` to `until_ms` and answers all of them that
    /// exist (waiting or paired): the holder of their streams learns of pairings this way.
    fn pool_renew(&self, tickets: Vec<String>, until_ms: u64) -> StoreFuture<'_, Vec<PoolRow>>;

    /// Pairs `tickets` (each with its seat token: two people, or one person and a house bot
    /// that holds no ticket) into `game`, only if all are still waiting: `true` if it did (in
    /// one transaction), `false` if nothing changed.
    fn pool_pair(&self, tickets: Vec<(String, String)>, game: String) -> StoreFuture<'_, bool>;

    /// Takes a waiting ticket out of the pool (`None`); a paired ticket stays and is
    /// answered (its player has a game).
    fn pool_leave(&self, ticket: String) -> StoreFuture<'_, Option<PoolRow>>;
}
