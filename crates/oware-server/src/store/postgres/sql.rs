//! The SQL of the PostgreSQL store kept together: the notification channel, the schema's
//! migrations, and a game's row layout (its statements are both backends', in
//! `store/games_sql.rs`).

use crate::store::games_sql::{
    GAMES_LISTING, GAMES_NAMES, GAMES_ONLINE, GAMES_SEAT_USERS, GAMES_TABLE, META_TABLE,
    POSTGRES_SEAT_USERS_FILL,
};
use crate::store::GameRow;

/// The notification channel.
pub(super) const CHANNEL: &str = "oware_games";

/// The parameters of `INSERT_GAME` (`store/games_sql.rs`) for row `g` (its version as `version`), written at `t`.
pub(super) fn insert_params<'a>(
    g: &'a GameRow,
    version: &'a i64,
    t: &'a i64,
) -> [&'a (dyn tokio_postgres::types::ToSql + Sync); 17] {
    [
        &g.id,
        &g.token,
        &g.opponent,
        &g.human,
        &g.rules,
        &g.start,
        &g.moves,
        &g.redo,
        version,
        t,
        &g.south_name,
        &g.north_name,
        &g.online,
        &g.online_status,
        &g.south_user,
        &g.north_user,
        &g.listing,
    ]
}

/// The advisory lock key that serialises migrations (any fixed number; "oware" in ASCII).
pub(super) const MIGRATION_LOCK: i64 = 0x6f_7761_7265;

/// The migrations, in order: migration `i` brings the schema from version `i` to `i + 1`. Each
/// is one or more texts run in turn in the migration's transaction.
pub(super) const MIGRATIONS: &[&[&str]] = &[
    // 1: games with the columns of SQLite's migrations 1 to 4, facts about the database (the
    // same texts: `store/games_sql.rs`), and claims on work that must happen once.
    &[
        GAMES_TABLE,
        GAMES_NAMES,
        GAMES_ONLINE,
        META_TABLE,
        "CREATE TABLE oware_claims (
            key      TEXT PRIMARY KEY,
            owner    TEXT NOT NULL,
            until_ms BIGINT NOT NULL
        );",
    ],
    // 2: game reviews (JSON written by `review.rs`), one per game, as SQLite's migration 5:
    // kept apart from the game's row so that storing one never touches the game's version.
    &["CREATE TABLE reviews (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        review  TEXT NOT NULL,
        updated BIGINT NOT NULL
    );"],
    // 3: accounts, sessions, reset links, ratings and game players, as SQLite's migration 6.
    &[super::super::accounts::SCHEMA],
    // 4: the quick-pairing pools' tickets, as SQLite's migration 7.
    &[super::super::pool::SCHEMA],
    // 5: tournaments, their players and their games, as SQLite's migration 8.
    &[super::super::tournaments::SCHEMA],
    // 6: online games' chat messages, as SQLite's migration 9.
    &[super::super::chat::SCHEMA],
    // 7: the accounts in each online game's seats, as indexed columns, filled for the games
    // already stored, as SQLite's migration 10.
    &[GAMES_SEAT_USERS, POSTGRES_SEAT_USERS_FILL],
    // 8: accounts' API tokens, the bot mark, challenges between accounts, as SQLite's
    // migration 11.
    &[super::super::bots::SCHEMA],
    // 9: the house bots' levels and the pools' opt-out of bots, as SQLite's migration 12.
    &[super::super::bots::HOUSE_SCHEMA],
    // 10: puzzle ratings of accounts and puzzles, rounds, votes, as SQLite's migration 13.
    &[super::super::training::SCHEMA],
    // 11: the stars of each account on the lessons' steps, as SQLite's migration 14.
    &[super::super::lessons::SCHEMA],
    // 12: the language each account chose, as SQLite's migration 15.
    &[super::super::prefs::SCHEMA],
    // 13: what an account's list of games shows of each online game, as SQLite's migration 16.
    &[GAMES_LISTING],
    // 14: game search, as SQLite's migration 17.
    &[super::super::search::SCHEMA],
    // 15: classes, their pupils and their work, as SQLite's migration 18.
    &[super::super::classes::SCHEMA],
    // 16: the lessons' missed tries and the pupils' time, as SQLite's migration 19.
    &[
        super::super::lessons::TRIES_SCHEMA,
        super::super::classes::TIME_SCHEMA,
    ],
];

/// A game row read in `GAME_COLUMNS`' order.
pub(super) fn read_row(r: &tokio_postgres::Row) -> GameRow {
    GameRow {
        id: r.get(0),
        token: r.get(1),
        opponent: r.get(2),
        human: r.get(3),
        rules: r.get(4),
        start: r.get(5),
        moves: r.get(6),
        redo: r.get(7),
        version: r.get::<_, i64>(8).max(0) as u64,
        south_name: r.get(9),
        north_name: r.get(10),
        online: r.get(11),
        online_status: r.get(12),
        south_user: r.get(13),
        north_user: r.get(14),
        listing: r.get(15),
    }
}
