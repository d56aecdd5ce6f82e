//! The games' tables, one text for both backends: SQLite applies each part as a migration of
//! its own (`sqlite/schema.rs`, migrations 1 to 4), PostgreSQL applies them together as its
//! first migration (`postgres/sql.rs`), so a new database of either kind has the same tables.
//! SQLite reads `BIGINT` as an integer column, and PostgreSQL `!=` as `<>`.

/// The games as first made (SQLite's migration 1).
pub(super) const GAMES_TABLE: &str = "CREATE TABLE games (
        id       TEXT PRIMARY KEY NOT NULL,
        token    TEXT NOT NULL,
        opponent TEXT NOT NULL,
        human    TEXT NOT NULL,
        rules    TEXT NOT NULL,
        start    TEXT NOT NULL,
        moves    TEXT NOT NULL DEFAULT '',
        redo     TEXT NOT NULL DEFAULT '',
        version  BIGINT NOT NULL DEFAULT 0,
        created  BIGINT NOT NULL,
        updated  BIGINT NOT NULL
    );";

/// Player names, shown on the board and written to OGN exports (SQLite's migration 2).
pub(super) const GAMES_NAMES: &str =
    "ALTER TABLE games ADD COLUMN south_name TEXT NOT NULL DEFAULT '';
     ALTER TABLE games ADD COLUMN north_name TEXT NOT NULL DEFAULT '';";

/// Facts about the database itself: the last start, written at every start (SQLite's
/// migration 3).
pub(super) const META_TABLE: &str = "CREATE TABLE meta (
        key   TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL
    );";

/// Online games: their seats, clock and offers (JSON written by `online/`), and their status
/// as a column for the start-up query of the games still going (SQLite's migration 4).
pub(super) const GAMES_ONLINE: &str =
    "ALTER TABLE games ADD COLUMN online TEXT NOT NULL DEFAULT '';
     ALTER TABLE games ADD COLUMN online_status TEXT NOT NULL DEFAULT '';
     CREATE INDEX games_online_status ON games (online_status) WHERE online_status != '';";

/// The accounts in an online game's seats, as columns (written with the online part; `NULL`
/// for a guest or no one) so that an account's games still going are found by index (the
/// indexes are partial: `user = ?` implies `IS NOT NULL`) rather than by reading every live game
/// (SQLite's migration 10, PostgreSQL's 7). Each backend then fills them for the games stored
/// before, from the online part's JSON: [`SQLITE_SEAT_USERS_FILL`], [`POSTGRES_SEAT_USERS_FILL`].
pub(super) const GAMES_SEAT_USERS: &str = "ALTER TABLE games ADD COLUMN south_user TEXT;
     ALTER TABLE games ADD COLUMN north_user TEXT;
     CREATE INDEX games_south_user ON games (south_user) WHERE south_user IS NOT NULL;
     CREATE INDEX games_north_user ON games (north_user) WHERE north_user IS NOT NULL;";

/// SQLite's filling of the seat columns from the online part (`online/`'s `Seat::user`).
pub(super) const SQLITE_SEAT_USERS_FILL: &str =
    "UPDATE games SET south_user = json_extract(online, '$.south.user'),
                      north_user = json_extract(online, '$.north.user')
     WHERE online != '' AND json_valid(online);";

/// PostgreSQL's filling of the seat columns from the online part (`online/`'s `Seat::user`).
pub(super) const POSTGRES_SEAT_USERS_FILL: &str =
    "UPDATE games SET south_user = online::jsonb -> 'south' ->> 'user',
                      north_user = online::jsonb -> 'north' ->> 'user'
     WHERE online <> '';";

/// What an account's list of games shows of an online game (`games/rows.rs`'s `Listing`), as
/// a column written with each change of the game, so that the list reads neither the online
/// part nor the moves (SQLite's migration 16, PostgreSQL's 13). Rows written before it have an
/// empty listing until their next change; the list reads those whole.
pub(super) const GAMES_LISTING: &str =
    "ALTER TABLE games ADD COLUMN listing TEXT NOT NULL DEFAULT '';";

/// The columns of a game row, in [`super::GameRow`]'s order (each backend's `read_row`).
pub(super) const GAME_COLUMNS: &str = "id, token, opponent, human, rules, start, moves, redo, \
                                       version, south_name, north_name, online, online_status, \
                                       south_user, north_user, listing";

/// A page of account `?1`'s online games still going, oldest first, from the columns an
/// account's list shows (`?2` the page's length, `?3` the games skipped): id, status, the
/// seats' accounts, the listing.
pub(super) const LIST_ONLINE_OF: &str =
    "SELECT id, online_status, south_user, north_user, listing FROM games
     WHERE (south_user = ?1 OR north_user = ?1) AND online_status IN ('open', 'playing')
     ORDER BY created, id LIMIT ?2 OFFSET ?3";

/// The condition of an online game still going (open or being played).
pub(super) const LIVE_ONLINE: &str = "online_status IN ('open', 'playing')";

/// Inserts a game row: `?1`…`?9` and `?11`…`?17` its fields in [`super::GameRow`]'s order, `?10`
/// the time (both `created` and `updated`).
pub(super) const INSERT_GAME: &str =
    "INSERT INTO games (id, token, opponent, human, rules, start, moves, redo, version, created,
                        updated, south_name, north_name, online, online_status, south_user,
                        north_user, listing)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)";

/// Writes a game's moves and online part if its version is still `?2`: `?1` the id, `?3`…`?9`
/// moves, redo, the time, the online part, its status, the seats' accounts; `?10` the listing.
pub(super) const UPDATE_GAME: &str =
    "UPDATE games SET moves = ?3, redo = ?4, version = ?2 + 1, updated = ?5, online = ?6,
                      online_status = ?7, south_user = ?8, north_user = ?9, listing = ?10
     WHERE id = ?1 AND version = ?2";

/// A row if game `?1` exists (why an update wrote nothing).
pub(super) const GAME_EXISTS: &str = "SELECT 1 FROM games WHERE id = ?1";

/// Game `?1`'s row.
pub(super) const LOAD_GAME: &str = "SELECT id, token, opponent, human, rules, start, moves, redo, \
    version, south_name, north_name, online, online_status, south_user, north_user, listing \
    FROM games WHERE id = ?1";

/// Stores review `?2` of game `?1` at `?3`, replacing the one before, only if the game exists
/// (one statement: a row comes back if it was written).
pub(super) const SAVE_REVIEW: &str = "INSERT INTO reviews (game_id, review, updated)
     SELECT id, ?2, ?3 FROM games WHERE id = ?1
     ON CONFLICT (game_id) DO UPDATE SET review = excluded.review, updated = excluded.updated
     RETURNING game_id";

/// The review of game `?1`.
pub(super) const LOAD_REVIEW: &str = "SELECT review FROM reviews WHERE game_id = ?1";

/// The number of games.
pub(super) const COUNT_GAMES: &str = "SELECT COUNT(*) FROM games";

/// Records the start time `?1` (text) in `meta`.
pub(super) const MARK_START: &str = "INSERT INTO meta (key, value) VALUES ('last_start', ?1)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value";

/// Records that a server was alive at `?1` (epoch ms, as text), a later time only. Both
/// backends read `CAST(… AS BIGINT)` (SQLite as an integer).
pub(super) const MARK_ALIVE: &str = "INSERT INTO meta (key, value) VALUES ('alive_ms', ?1)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value
     WHERE CAST(meta.value AS BIGINT) < CAST(excluded.value AS BIGINT)";

/// The last time [`MARK_ALIVE`] recorded.
pub(super) const LAST_ALIVE: &str = "SELECT value FROM meta WHERE key = 'alive_ms'";
