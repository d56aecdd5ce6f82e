//! The SQLite store's schema and start-up: its migrations (versions in `PRAGMA user_version`)
//! and `prepare`, which sets the connection up (WAL), checks that the file can be written and
//! brings the schema up to date.

use std::path::Path;

use rusqlite::{params, Connection};

use super::client::Sql;
use crate::store::games_sql::{
    GAMES_LISTING, GAMES_NAMES, GAMES_ONLINE, GAMES_SEAT_USERS, GAMES_TABLE, MARK_START,
    META_TABLE, SQLITE_SEAT_USERS_FILL,
};
use crate::store::{now, StoreError};

/// The migrations, in order: migration `i` brings the schema from version `i` to `i + 1`. Each
/// is one or more texts run in turn in the migration's transaction.
const MIGRATIONS: &[&[&str]] = &[
    // 1 to 4: games, their player names, facts about the database itself, online games
    // (`store/games_sql.rs`).
    &[GAMES_TABLE],
    &[GAMES_NAMES],
    &[META_TABLE],
    &[GAMES_ONLINE],
    // 5: game reviews (JSON written by `review.rs`), one per game, kept apart from the game's
    // row so that storing one never touches the game's version.
    &["CREATE TABLE reviews (
        game_id TEXT PRIMARY KEY NOT NULL,
        review  TEXT NOT NULL,
        updated INTEGER NOT NULL
    );"],
    // 6: accounts, their sessions and reset links (hashes only), ratings per category and
    // each finished game's account players (`store/accounts.rs`).
    &[crate::store::accounts::SCHEMA],
    // 7: the quick-pairing pools' tickets (`store/pool.rs`).
    &[crate::store::pool::SCHEMA],
    // 8: tournaments, their players and their games (`store/tournaments.rs`).
    &[crate::store::tournaments::SCHEMA],
    // 9: online games' chat messages (`store/chat.rs`).
    &[crate::store::chat::SCHEMA],
    // 10: the accounts in each online game's seats, as indexed columns, filled for the games
    // already stored (`store/games_sql.rs`).
    &[GAMES_SEAT_USERS, SQLITE_SEAT_USERS_FILL],
    // 11: accounts' API tokens (hashes only), the bot mark, challenges between accounts
    // (`store/bots.rs`).
    &[crate::store::bots::SCHEMA],
    // 12: the house bots' levels and the pools' opt-out of bots (`store/bots.rs`).
    &[crate::store::bots::HOUSE_SCHEMA],
    // 13: puzzle ratings of accounts and puzzles, rounds, votes (`store/training.rs`).
    &[crate::store::training::SCHEMA],
    // 14: the stars of each account on the lessons' steps (`store/lessons.rs`).
    &[crate::store::lessons::SCHEMA],
    // 15: the language each account chose (`store/prefs.rs`).
    &[crate::store::prefs::SCHEMA],
    // 16: what an account's list of games shows of each online game (`store/games_sql.rs`).
    &[GAMES_LISTING],
    // 17: game search, one row per account seat of a finished online game (`store/search.rs`).
    &[crate::store::search::SCHEMA],
    // 18: classes, their pupils and their work (`store/classes.rs`).
    &[crate::store::classes::SCHEMA],
    // 19: the lessons' missed tries (the server's stars) and the pupils' time on their work
    // (`store/lessons.rs`, `store/classes.rs`).
    &[
        crate::store::lessons::TRIES_SCHEMA,
        crate::store::classes::TIME_SCHEMA,
    ],
];

/// Settings, the writability check and the migrations.
pub(super) fn prepare(conn: &mut Connection, path: &Path) -> Result<(), Sql> {
    let read_only = |reason: String| {
        Sql::Store(StoreError::ReadOnly {
            path: path.display().to_string(),
            reason,
        })
    };
    if conn.is_readonly(rusqlite::MAIN_DB)? {
        return Err(read_only("SQLite opened it read-only".into()));
    }
    conn.pragma_update(None, "journal_mode", "WAL")
        .map_err(|e| read_only(e.to_string()))?;
    // WAL + NORMAL: a commit survives a crash of the server; only a power cut may lose the
    // last moments. Each accepted move is committed before it is acknowledged.
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(Sql::Store(StoreError::Failed {
            resource: format!("SQLite file {}", path.display()),
            message: format!(
                "the database has schema version {version}, newer than this server's {known}"
            ),
        }));
    }
    for (i, texts) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        migrate(conn, texts, i as i64 + 1).map_err(|e| writable_or(e, &read_only))?;
    }
    // A real write now, so that a file that cannot be written fails here with a clear message
    // rather than at the first move with a 503.
    conn.execute(MARK_START, params![now().to_string()])
        .map_err(|e| writable_or(e, &read_only))?;
    Ok(())
}

/// Applies one migration and records the schema version it reaches, in one transaction.
fn migrate(conn: &mut Connection, texts: &[&str], version: i64) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for sql in texts {
        tx.execute_batch(sql)?;
    }
    tx.pragma_update(None, "user_version", version)?;
    tx.commit()
}

/// A write refused for lack of permission is "read-only"; any other failure is itself.
fn writable_or(e: rusqlite::Error, read_only: &dyn Fn(String) -> Sql) -> Sql {
    match e.sqlite_error_code() {
        Some(
            rusqlite::ErrorCode::ReadOnly
            | rusqlite::ErrorCode::CannotOpen
            | rusqlite::ErrorCode::PermissionDenied,
        ) => read_only(e.to_string()),
        _ => Sql::Sqlite(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::Online;
    use crate::store::games_sql::LIVE_ONLINE;
    use oware_core::Side;

    /// A database made before migration 10 gets its live games' seat accounts as columns,
    /// read from the online part as the server writes it.
    #[test]
    fn the_seat_columns_are_filled_for_games_stored_before_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite");
        let mut conn = Connection::open(&path).unwrap();
        for (i, texts) in MIGRATIONS.iter().enumerate().take(9) {
            migrate(&mut conn, texts, i as i64 + 1).unwrap();
        }
        let mut online = Online::new(Side::South, "Kofi".into(), "t".into(), None, true, 0);
        online.south.user = Some("kofi-id".into());
        online.north.user = Some("ama-id".into());
        let insert = "INSERT INTO games (id, token, opponent, human, rules, start, created,
                                          updated, online, online_status)
                      VALUES (?1, 't', 'online', 'S', 'abapa', '', 0, 0, ?2, ?3)";
        let json = serde_json::to_string(&online).unwrap();
        conn.execute(insert, params!["both", json, "playing"])
            .unwrap();
        online.north.user = None;
        let json = serde_json::to_string(&online).unwrap();
        conn.execute(insert, params!["guest", json, "open"])
            .unwrap();
        conn.execute(insert, params!["local", "", ""]).unwrap();

        assert!(prepare(&mut conn, &path).is_ok(), "the migrations run");
        let seats = |id: &str| -> (Option<String>, Option<String>) {
            conn.query_row(
                "SELECT south_user, north_user FROM games WHERE id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap()
        };
        assert_eq!(
            seats("both"),
            (Some("kofi-id".into()), Some("ama-id".into()))
        );
        assert_eq!(seats("guest"), (Some("kofi-id".into()), None));
        assert_eq!(seats("local"), (None, None));
        // The account's games are found through the seat indexes, not by reading every game.
        let plan: Vec<String> = conn
            .prepare(&format!(
                "EXPLAIN QUERY PLAN SELECT id FROM games
                 WHERE (south_user = ?1 OR north_user = ?1) AND {LIVE_ONLINE}"
            ))
            .unwrap()
            .query_map(params!["kofi-id"], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let plan = plan.join("\n");
        assert!(
            plan.contains("games_south_user") && plan.contains("games_north_user"),
            "{plan}"
        );
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
    }
}
