//! The bots' part of the store: accounts' API tokens, the bot mark, and the challenges between
//! accounts. [`BotStore`] is the interface; both backends implement it (`sqlite/bots.rs`,
//! `postgres/bots.rs`) with the same tables and the same statements.
//!
//! **Tokens** are stored as the SHA-256 of their text, never the text: a token is 32 random
//! bytes, a high-entropy secret, for which OWASP's Password Storage Cheat Sheet accepts a fast
//! hash (there is no dictionary to try). A request's token is found by its hash (an index
//! lookup), so no stored secret is ever compared byte by byte.
//!
//! **Challenges** live in the database, so that any instance sharing it can list, accept or
//! decline one; answering one deletes its row (`DELETE … RETURNING`), so two instances racing to
//! accept the same challenge cannot both win. An unanswered one lapses at its `expires` (the
//! server's clock), and lapsed rows are deleted when the next challenge is made.
//!
//! The limits (tokens per account, open challenges per challenger and per target) are checked
//! in the inserting statement itself (`INSERT … SELECT … WHERE (SELECT COUNT(*) …) < limit`).

use super::StoreFuture;

/// The tables: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE api_tokens (
        id          TEXT PRIMARY KEY NOT NULL,
        hash        TEXT NOT NULL UNIQUE,
        user_id     TEXT NOT NULL,
        description TEXT NOT NULL,
        scopes      TEXT NOT NULL,
        created     BIGINT NOT NULL,
        last_used   BIGINT
    );
    CREATE INDEX api_tokens_user ON api_tokens (user_id);
    CREATE TABLE bots (
        user_id TEXT PRIMARY KEY NOT NULL,
        since   BIGINT NOT NULL
    );
    CREATE TABLE challenges (
        id         TEXT PRIMARY KEY NOT NULL,
        challenger TEXT NOT NULL,
        target     TEXT NOT NULL,
        rated      BIGINT NOT NULL,
        clock      TEXT NOT NULL,
        side       TEXT NOT NULL,
        created    BIGINT NOT NULL,
        expires    BIGINT NOT NULL
    );
    CREATE INDEX challenges_challenger ON challenges (challenger);
    CREATE INDEX challenges_target ON challenges (target);
";

/// The house bots (`house/`) and the pools' opt-out: a bot's level when the server itself
/// plays it (empty for the others), and whether a waiting ticket accepts a bot (1, the
/// default) or asked for people only (0).
pub(super) const HOUSE_SCHEMA: &str = "
    ALTER TABLE bots ADD COLUMN house TEXT NOT NULL DEFAULT '';
    ALTER TABLE pool_tickets ADD COLUMN bots BIGINT NOT NULL DEFAULT 1;
";

/// The statements both backends run (`?N`; PostgreSQL's through `numbered`). The casts let
/// PostgreSQL type the parameters of an `INSERT … SELECT`.
pub(super) mod sql {
    /// Stores token `?1`…`?6` (id, hash, account, description, scopes, created) if the account
    /// has fewer than `?7` tokens.
    pub const CREATE_TOKEN: &str =
        "INSERT INTO api_tokens (id, hash, user_id, description, scopes, created, last_used)
         SELECT CAST(?1 AS TEXT), CAST(?2 AS TEXT), CAST(?3 AS TEXT), CAST(?4 AS TEXT),
                CAST(?5 AS TEXT), CAST(?6 AS BIGINT), NULL
         WHERE (SELECT COUNT(*) FROM api_tokens WHERE user_id = CAST(?3 AS TEXT))
               < CAST(?7 AS BIGINT)";
    /// Account `?1`'s tokens, newest first.
    pub const TOKENS_OF: &str = "SELECT id, user_id, description, scopes, created, last_used
         FROM api_tokens WHERE user_id = ?1 ORDER BY created DESC, id";
    /// Deletes account `?1`'s token `?2`.
    pub const DELETE_TOKEN: &str = "DELETE FROM api_tokens WHERE user_id = ?1 AND id = ?2";
    /// Deletes every token of account `?1` (it closes).
    pub const DELETE_TOKENS_OF: &str = "DELETE FROM api_tokens WHERE user_id = ?1";
    /// The token whose hash is `?1`, with its open account's name.
    pub const TOKEN_BY_HASH: &str =
        "SELECT t.id, t.user_id, t.description, t.scopes, t.created, t.last_used, u.name
         FROM api_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.hash = ?1 AND u.closed = 0";
    /// Marks token `?1` used at `?2`, if its last use is older than `?3`.
    pub const TOUCH_TOKEN: &str = "UPDATE api_tokens SET last_used = ?2
         WHERE id = ?1 AND (last_used IS NULL OR last_used < ?3)";
    /// Marks account `?1` a bot since `?2`.
    pub const MAKE_BOT: &str =
        "INSERT INTO bots (user_id, since) VALUES (?1, ?2) ON CONFLICT (user_id) DO NOTHING";
    /// Marks account `?1` the house bot of level `?3` since `?2`.
    pub const MAKE_HOUSE_BOT: &str = "INSERT INTO bots (user_id, since, house) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id) DO UPDATE SET house = excluded.house";
    /// The open house bots: id, name, level.
    pub const HOUSE_BOTS: &str = "SELECT b.user_id, u.name, b.house FROM bots b
         JOIN users u ON u.id = b.user_id WHERE b.house <> '' AND u.closed = 0 ORDER BY u.name";
    /// Whether account `?1` is a bot (a row).
    pub const IS_BOT: &str = "SELECT 1 FROM bots WHERE user_id = ?1";
    /// Deletes the challenges lapsed by `?1`.
    pub const PURGE_CHALLENGES: &str = "DELETE FROM challenges WHERE expires <= ?1";
    /// Stores challenge `?1`…`?8` (id, challenger, target, rated, clock, side, created,
    /// expires) if the challenger has fewer than `?9` open and none to this target already
    /// (so that the target's `?10` places take as many challengers to fill), and the target
    /// fewer than `?10`.
    pub const ADD_CHALLENGE: &str =
        "INSERT INTO challenges (id, challenger, target, rated, clock, side, created, expires)
         SELECT CAST(?1 AS TEXT), CAST(?2 AS TEXT), CAST(?3 AS TEXT), CAST(?4 AS BIGINT),
                CAST(?5 AS TEXT), CAST(?6 AS TEXT), CAST(?7 AS BIGINT), CAST(?8 AS BIGINT)
         WHERE (SELECT COUNT(*) FROM challenges WHERE challenger = CAST(?2 AS TEXT))
               < CAST(?9 AS BIGINT)
           AND NOT EXISTS (SELECT 1 FROM challenges
                           WHERE challenger = CAST(?2 AS TEXT) AND target = CAST(?3 AS TEXT))
           AND (SELECT COUNT(*) FROM challenges WHERE target = CAST(?3 AS TEXT))
               < CAST(?10 AS BIGINT)";
    /// A challenge line with both names, from `c` joined with its two accounts.
    pub const CHALLENGE_SELECT: &str =
        "SELECT c.id, c.challenger, a.name, c.target, b.name, c.rated, c.clock, c.side,
                c.created, c.expires
         FROM challenges c JOIN users a ON a.id = c.challenger JOIN users b ON b.id = c.target";
    /// Deletes challenge `?1` to account `?2` if live at `?3`.
    pub const TAKE_AS_TARGET: &str =
        "DELETE FROM challenges WHERE id = ?1 AND target = ?2 AND expires > ?3";
    /// Deletes challenge `?1` of account `?2` if live at `?3`.
    pub const TAKE_AS_CHALLENGER: &str =
        "DELETE FROM challenges WHERE id = ?1 AND challenger = ?2 AND expires > ?3";
}

/// The statement listing account `?1`'s live challenges at `?2` (both ways), oldest first.
pub(super) fn challenges_of_sql() -> String {
    format!(
        "{} WHERE (c.challenger = ?1 OR c.target = ?1) AND c.expires > ?2
         ORDER BY c.created, c.id",
        sql::CHALLENGE_SELECT
    )
}

/// The statement reading challenge `?1` if live at `?2`.
pub(super) fn challenge_sql() -> String {
    format!(
        "{} WHERE c.id = ?1 AND c.expires > ?2",
        sql::CHALLENGE_SELECT
    )
}

/// One API token as stored (its hash is not read back).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRow {
    /// The token's id (public, for the list and revoking).
    pub id: String,
    /// Its account.
    pub user_id: String,
    /// What it is for.
    pub description: String,
    /// Its scopes' names, separated by spaces.
    pub scopes: String,
    /// When it was made (epoch ms).
    pub created_ms: u64,
    /// When it was last used (epoch ms).
    pub last_used_ms: Option<u64>,
}

/// A challenge as stored, with the accounts' names when read through `sql::CHALLENGE_SELECT`
/// (empty when taken with `DELETE … RETURNING`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRow {
    /// The challenge.
    pub id: String,
    /// The challenger's account.
    pub challenger: String,
    /// Its name.
    pub challenger_name: String,
    /// The target's account.
    pub target: String,
    /// Its name.
    pub target_name: String,
    /// Whether the game is to be rated.
    pub rated: bool,
    /// The clock, `INITIAL+INCREMENT` in seconds, empty for none.
    pub clock: String,
    /// The challenger's side: `south`, `north` or `random`.
    pub side: String,
    /// When it was made (epoch ms, the server's clock).
    pub created_ms: u64,
    /// When it lapses.
    pub expires_ms: u64,
}

/// The limits on open challenges (their defaults are the bots' service's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChallengeLimits {
    /// Open challenges an account may have made.
    pub per_challenger: u32,
    /// Open challenges an account may have received.
    pub per_target: u32,
}

/// Which party answers a challenge (and so which column must name them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    /// The challenged account (accept, decline).
    Target,
    /// The challenger (cancel).
    Challenger,
}

impl Party {
    /// The statement that takes a challenge as this party ([`BotStore::take_challenge`]).
    pub(super) fn take_sql(self) -> &'static str {
        match self {
            Party::Target => sql::TAKE_AS_TARGET,
            Party::Challenger => sql::TAKE_AS_CHALLENGER,
        }
    }
}

/// The bots' tables, in the same database as the accounts.
pub trait BotStore: Send + Sync {
    /// Stores `token` with its `hash` unless its account already has `max` tokens: `false`
    /// then, nothing stored.
    fn create_token(&self, token: TokenRow, hash: String, max: u32) -> StoreFuture<'_, bool>;

    /// Account `user`'s tokens, newest first.
    fn tokens(&self, user: String) -> StoreFuture<'_, Vec<TokenRow>>;

    /// Deletes account `user`'s token `id`: `false` if it has none of that id.
    fn delete_token(&self, user: String, id: String) -> StoreFuture<'_, bool>;

    /// Deletes every token of account `user`.
    fn delete_tokens(&self, user: String) -> StoreFuture<'_, ()>;

    /// The token with this hash and its open account's name.
    fn token_by_hash(&self, hash: String) -> StoreFuture<'_, Option<(TokenRow, String)>>;

    /// Records a use of token `id` at `now_ms` if the last one recorded is before `since_ms`
    /// (one write a minute, not one a request).
    fn touch_token(&self, id: String, now_ms: u64, since_ms: u64) -> StoreFuture<'_, ()>;

    /// Marks account `user` a bot (for good).
    fn make_bot(&self, user: String, now_ms: u64) -> StoreFuture<'_, ()>;

    /// Whether account `user` is a bot.
    fn is_bot(&self, user: String) -> StoreFuture<'_, bool>;

    /// Marks account `user` the house bot of `level` (a bot the server itself plays).
    fn make_house_bot(&self, user: String, level: String, now_ms: u64) -> StoreFuture<'_, ()>;

    /// The open house bots: `(id, name, level)`, by name.
    fn house_bots(&self) -> StoreFuture<'_, Vec<(String, String, String)>>;

    /// Deletes the challenges lapsed by the time `c` is made (its `created_ms`), then stores
    /// `c` unless its challenger has `limits.per_challenger` challenges or its target
    /// `limits.per_target` already: `false` then.
    fn add_challenge(&self, c: ChallengeRow, limits: ChallengeLimits) -> StoreFuture<'_, bool>;

    /// Challenge `id`, if live at `now_ms`.
    fn challenge(&self, id: String, now_ms: u64) -> StoreFuture<'_, Option<ChallengeRow>>;

    /// Account `user`'s live challenges at `now_ms`, made and received, oldest first.
    fn challenges_of(&self, user: String, now_ms: u64) -> StoreFuture<'_, Vec<ChallengeRow>>;

    /// Deletes challenge `id` if `user` is its `party` and it is live at `now_ms`: `false`
    /// when there was none to take.
    fn take_challenge(
        &self,
        id: String,
        party: Party,
        user: String,
        now_ms: u64,
    ) -> StoreFuture<'_, bool>;
}
