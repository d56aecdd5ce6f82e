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

/// The columns of a game row, in [`super::GameRow`]'s order (each backend's `read_row`).
pub(super) const GAME_COLUMNS: &str = "id, token, opponent, human, rules, start, moves, redo, \
                                       version, south_name, north_name, online, online_status, \
                                       south_user, north_user";

/// The condition of an online game still going (open or being played).
pub(super) const LIVE_ONLINE: &str = "online_status IN ('open', 'playing')";
