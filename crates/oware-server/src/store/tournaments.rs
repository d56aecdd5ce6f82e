//! The tournaments' part of the store: tournaments, their players and their games.
//! [`TournamentStore`] is the interface; both backends implement it
//! (`sqlite/tournaments.rs`, `postgres/tournaments.rs`) with the same tables.
//!
//! **Versions.** A tournament row carries a version bumped by every change of the tournament,
//! its players or its games, so that each instance can tell its event streams that the
//! standings changed. The row itself (status, round, a Swiss's state) is written only by
//! [`TournamentStore::update`], checked against the version read; the pairing wave that
//! writes it runs on one instance at a time (`Store::claim`).
//!
//! **Once.** A game's result is written only while it has none (`WHERE result = ''`): two
//! instances that see the same end record it once. A scheduled tournament's `schedule_key` is
//! unique: two instances creating the same slot make one tournament.

use super::StoreFuture;

/// The tournaments' tables: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE tournaments (
        id           TEXT PRIMARY KEY NOT NULL,
        kind         TEXT NOT NULL,
        name         TEXT NOT NULL,
        creator      TEXT NOT NULL,
        schedule_key TEXT NOT NULL,
        status       TEXT NOT NULL,
        starts       BIGINT NOT NULL,
        minutes      BIGINT NOT NULL,
        rounds       BIGINT NOT NULL,
        initial_s    BIGINT NOT NULL,
        increment_s  BIGINT NOT NULL,
        max_players  BIGINT NOT NULL,
        state        TEXT NOT NULL,
        version      BIGINT NOT NULL,
        created      BIGINT NOT NULL,
        ended        BIGINT NOT NULL
    );
    CREATE INDEX tournaments_status ON tournaments (status, starts);
    CREATE UNIQUE INDEX tournaments_schedule ON tournaments (schedule_key)
        WHERE schedule_key <> '';
    CREATE TABLE tournament_players (
        tournament_id TEXT NOT NULL,
        user_id       TEXT NOT NULL,
        name          TEXT NOT NULL,
        rating        BIGINT NOT NULL,
        state         TEXT NOT NULL,
        joined        BIGINT NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE INDEX tournament_players_user ON tournament_players (user_id);
    CREATE TABLE tournament_games (
        game_id       TEXT PRIMARY KEY NOT NULL,
        tournament_id TEXT NOT NULL,
        round         BIGINT NOT NULL,
        south         TEXT NOT NULL,
        north         TEXT NOT NULL,
        south_berserk BIGINT NOT NULL,
        north_berserk BIGINT NOT NULL,
        result        TEXT NOT NULL,
        south_moves   BIGINT NOT NULL,
        north_moves   BIGINT NOT NULL,
        started       BIGINT NOT NULL,
        ended         BIGINT NOT NULL
    );
    CREATE INDEX tournament_games_tournament ON tournament_games (tournament_id, started);
";

/// The columns of a tournament row, in [`TournamentRow`]'s order.
pub(super) const TOURNAMENT_COLUMNS: &str = "id, kind, name, creator, schedule_key, status, \
    starts, minutes, rounds, initial_s, increment_s, max_players, state, version, created, ended";
/// The due tournaments (`TournamentStore::due_tournaments`): `?1` now, `?2`/`?3` the page's
/// last start and id, `?4` the page's size. The same text serves both backends
/// (`?N` for SQLite, rewritten to `$N` for PostgreSQL by `numbered`).
pub(super) const DUE_TOURNAMENTS: &str = "SELECT id, kind, name, creator, schedule_key, status, \
    starts, minutes, rounds, initial_s, increment_s, max_players, state, version, created, ended \
    FROM tournaments WHERE (status = 'started' OR (status = 'created' AND starts <= ?1)) \
    AND (starts > ?2 OR (starts = ?2 AND id > ?3)) ORDER BY starts, id LIMIT ?4";

/// A new player's row, only while the tournament has room (`TournamentStore::put_entry`):
/// `?1`…`?6` the row, `?7` the most players (0: no limit).
pub(super) const PUT_ENTRY: &str = "INSERT INTO tournament_players \
    (tournament_id, user_id, name, rating, state, joined) \
    SELECT ?1, ?2, ?3, CAST(?4 AS BIGINT), ?5, CAST(?6 AS BIGINT) WHERE CAST(?7 AS BIGINT) = 0 \
    OR EXISTS (SELECT 1 FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2) \
    OR (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?1) < CAST(?7 AS BIGINT) \
    ON CONFLICT (tournament_id, user_id) DO UPDATE SET state = excluded.state";

/// The statements both backends run (`?N` placeholders; PostgreSQL's through
/// `numbered`), beside [`DUE_TOURNAMENTS`] and [`PUT_ENTRY`]. What differs stays with
/// each backend: PostgreSQL reads a list of versions with one `= ANY($1)` statement, and a join
/// bumps the tournament's version first (its row lock makes simultaneous joins take turns),
/// where SQLite's writes take turns anyway.
pub(super) mod sql {
    /// A new tournament (`?1`…`?16` in [`TournamentRow`]'s order), unless its schedule slot
    /// is taken.
    pub const CREATE: &str = "INSERT INTO tournaments (id, kind, name, creator, schedule_key, \
        status, starts, minutes, rounds, initial_s, increment_s, max_players, state, version, \
        created, ended) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, \
        ?15, ?16) ON CONFLICT DO NOTHING";
    /// Tournament `?1`.
    pub const TOURNAMENT: &str = "SELECT id, kind, name, creator, schedule_key, status, starts, \
        minutes, rounds, initial_s, increment_s, max_players, state, version, created, ended \
        FROM tournaments WHERE id = ?1";
    /// The tournaments of status `?1`, the site's first, by start; at most `?2`.
    pub const LIST: &str = "SELECT id, kind, name, creator, schedule_key, status, starts, \
        minutes, rounds, initial_s, increment_s, max_players, state, version, created, ended \
        FROM tournaments WHERE status = ?1 ORDER BY creator <> '', starts ASC, id LIMIT ?2";
    /// [`LIST`] with the newest start first (the finished ones).
    pub const LIST_NEWEST: &str = "SELECT id, kind, name, creator, schedule_key, status, \
        starts, minutes, rounds, initial_s, increment_s, max_players, state, version, created, \
        ended FROM tournaments WHERE status = ?1 ORDER BY creator <> '', starts DESC, id LIMIT ?2";
    /// The tournaments account `?1` made that are not finished.
    pub const OPEN_CREATED_BY: &str =
        "SELECT COUNT(*) FROM tournaments WHERE creator = ?1 AND status <> 'finished'";
    /// Writes tournament `?1`'s status `?3`, state `?4` and end `?5` if still at version `?2`.
    pub const UPDATE: &str = "UPDATE tournaments SET status = ?3, state = ?4, ended = ?5,
         version = ?2 + 1 WHERE id = ?1 AND version = ?2";
    /// Bumps tournament `?1`'s version.
    pub const BUMP: &str = "UPDATE tournaments SET version = version + 1 WHERE id = ?1";
    /// Removes account `?2` from tournament `?1`.
    pub const REMOVE_ENTRY: &str =
        "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2";
    /// The players of tournament `?1`, in the order they joined.
    pub const ENTRIES: &str = "SELECT tournament_id, user_id, name, rating, state, joined \
        FROM tournament_players WHERE tournament_id = ?1 ORDER BY joined, user_id";
    /// A tournament game (`?1`…`?12` in [`PairingRow`]'s order).
    pub const ADD_PAIRING: &str = "INSERT INTO tournament_games (game_id, tournament_id, round, \
        south, north, south_berserk, north_berserk, result, south_moves, north_moves, started, \
        ended) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";
    /// The games of tournament `?1`, in the order paired.
    pub const PAIRINGS: &str = "SELECT game_id, tournament_id, round, south, north, \
        south_berserk, north_berserk, result, south_moves, north_moves, started, ended \
        FROM tournament_games WHERE tournament_id = ?1 ORDER BY started, game_id";
    /// Tournament game `?1`.
    pub const PAIRING: &str = "SELECT game_id, tournament_id, round, south, north, \
        south_berserk, north_berserk, result, south_moves, north_moves, started, ended \
        FROM tournament_games WHERE game_id = ?1";
    /// The tournament of game `?1`.
    pub const TOURNAMENT_OF_GAME: &str =
        "SELECT tournament_id FROM tournament_games WHERE game_id = ?1";
    /// Game `?1`'s result `?2`, moves `?3`/`?4` and end `?5`, if it has no result yet.
    pub const SET_RESULT: &str = "UPDATE tournament_games SET result = ?2, south_moves = ?3,
         north_moves = ?4, ended = ?5 WHERE game_id = ?1 AND result = ''";
    /// South of game `?1` berserks.
    pub const BERSERK_SOUTH: &str =
        "UPDATE tournament_games SET south_berserk = 1 WHERE game_id = ?1";
    /// North of game `?1` berserks.
    pub const BERSERK_NORTH: &str =
        "UPDATE tournament_games SET north_berserk = 1 WHERE game_id = ?1";
}

/// The statement of [`TournamentStore::tournaments`] for `status`: the finished ones newest
/// first.
pub(super) fn list_sql(status: &str) -> &'static str {
    if status == "finished" {
        sql::LIST_NEWEST
    } else {
        sql::LIST
    }
}

/// The columns of a player row, in [`EntryRow`]'s order.
pub(super) const ENTRY_COLUMNS: &str = "tournament_id, user_id, name, rating, state, joined";
/// One tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    /// The public id (random hex).
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The account that made it; empty for a scheduled one.
    pub creator: String,
    /// The schedule's slot (`NAME@START_MS`), unique; empty for a player's tournament.
    pub schedule_key: String,
    /// `created`, `started` or `finished`.
    pub status: String,
    /// When it starts (epoch ms).
    pub starts_ms: u64,
    /// An arena's length in minutes (0 for a Swiss).
    pub minutes: u64,
    /// A Swiss's rounds (0 for an arena).
    pub rounds: u64,
    /// The clock: initial seconds.
    pub initial_s: u64,
    /// The clock: increment in seconds.
    pub increment_s: u64,
    /// The most players it takes (0: no limit).
    pub max_players: u64,
    /// A Swiss's pairing state (JSON of `oware_tournament::Swiss`); empty for an arena.
    pub state: String,
    /// Bumped by every change of the tournament, its players or its games.
    pub version: u64,
    /// When it was made (epoch ms).
    pub created_ms: u64,
    /// When it finished (epoch ms), 0 before.
    pub ended_ms: u64,
}

/// One player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryRow {
    /// The tournament.
    pub tournament_id: String,
    /// The account.
    pub user_id: String,
    /// The account's name when it joined.
    pub name: String,
    /// The rating when it joined (the pairing's tie-break).
    pub rating: i64,
    /// `active`, `paused` (an arena's pause) or `withdrawn` (a Swiss's).
    pub state: String,
    /// When it joined (epoch ms).
    pub joined_ms: u64,
}

/// One game of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRow {
    /// The game.
    pub game_id: String,
    /// The tournament.
    pub tournament_id: String,
    /// A Swiss's round (0 in an arena).
    pub round: u64,
    /// South's account.
    pub south: String,
    /// North's account.
    pub north: String,
    /// South berserked.
    pub south_berserk: bool,
    /// North berserked.
    pub north_berserk: bool,
    /// Empty while playing; `S` or `N` (the winner), `D` a draw, `X` no result (aborted).
    pub result: String,
    /// South's moves in the game.
    pub south_moves: u64,
    /// North's moves.
    pub north_moves: u64,
    /// When it was paired (epoch ms).
    pub started_ms: u64,
    /// When it ended (epoch ms), 0 while playing.
    pub ended_ms: u64,
}

/// A game's end for [`TournamentStore::set_result`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingResult {
    /// The game.
    pub game_id: String,
    /// `S`, `N`, `D` or `X` (see [`PairingRow::result`]).
    pub result: String,
    /// South's moves.
    pub south_moves: u64,
    /// North's moves.
    pub north_moves: u64,
    /// When it ended (epoch ms).
    pub ended_ms: u64,
}

/// The tournaments' tables, in the same database as the games.
pub trait TournamentStore: Send + Sync {
    /// Stores a new tournament; `false` (nothing written) when its `schedule_key` is taken.
    fn create_tournament(&self, t: TournamentRow) -> StoreFuture<'_, bool>;

    /// The tournament `id`.
    fn tournament(&self, id: String) -> StoreFuture<'_, Option<TournamentRow>>;

    /// The tournaments with status `status`: the site's (scheduled) ones first, so that
    /// players' tournaments never push them off a list, then by start (`finished` ones newest
    /// first); at most `limit`.
    fn tournaments(&self, status: String, limit: u32) -> StoreFuture<'_, Vec<TournamentRow>>;

    /// The tournaments a pairing wave is due for at `now`: every started one and every
    /// created one whose start has come, by start then id, at most `limit` after the
    /// `(starts_ms, id)` of `after` (keyset paging: a caller reads them all, page by page).
    fn due_tournaments(
        &self,
        now: u64,
        after: Option<(u64, String)>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<TournamentRow>>;

    /// The number of tournaments account `creator` made that are not finished.
    fn open_created_by(&self, creator: String) -> StoreFuture<'_, u64>;

    /// Writes `t` (status, state, ended) if the stored row is still at `t.version`, setting
    /// the version to `t.version + 1`; `false` (nothing written) otherwise.
    fn update_tournament(&self, t: TournamentRow) -> StoreFuture<'_, bool>;

    /// The stored versions of tournaments `ids`.
    fn tournament_versions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>>;

    /// Adds `e` or sets its state if it is there, and bumps the tournament's version; `false`
    /// (nothing written) when `e` is new and the tournament already has `max_players` (0: no
    /// limit). The count and the insert are one step: simultaneous joins cannot overfill it.
    fn put_entry(&self, e: EntryRow, max_players: u64) -> StoreFuture<'_, bool>;

    /// Removes account `user` from tournament `id` (before the start); bumps the version.
    fn remove_entry(&self, id: String, user: String) -> StoreFuture<'_, ()>;

    /// The players of tournament `id`, in the order they joined.
    fn entries(&self, id: String) -> StoreFuture<'_, Vec<EntryRow>>;

    /// The tournaments account `user` played in: `(tournament, its entry)`, newest first.
    fn tournaments_of(
        &self,
        user: String,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(TournamentRow, EntryRow)>>;

    /// Adds games (one transaction) and bumps their tournament's version.
    fn add_pairings(&self, id: String, games: Vec<PairingRow>) -> StoreFuture<'_, ()>;

    /// The games of tournament `id`, in the order paired.
    fn pairings(&self, id: String) -> StoreFuture<'_, Vec<PairingRow>>;

    /// The tournament game `game_id`.
    fn pairing(&self, game_id: String) -> StoreFuture<'_, Option<PairingRow>>;

    /// Records a game's end if it has none yet (`true`), bumping its tournament's version;
    /// `false` when it had one (another instance was first) or is unknown.
    fn set_result(&self, r: PairingResult) -> StoreFuture<'_, bool>;

    /// Marks `side` (`S` or `N`) of tournament game `game_id` as berserk.
    fn set_berserk(&self, game_id: String, side: String) -> StoreFuture<'_, ()>;
}

/// The statement of [`TournamentStore::tournaments_of`]: `?1` the account, `?2` the most rows;
/// each row the tournament's columns, then the entry's.
pub(super) fn tournaments_of_sql() -> String {
    format!(
        "SELECT {}, {} FROM tournament_players p JOIN tournaments t
         ON t.id = p.tournament_id WHERE p.user_id = ?1
         ORDER BY t.starts DESC LIMIT ?2",
        prefixed(TOURNAMENT_COLUMNS, "t"),
        prefixed(ENTRY_COLUMNS, "p")
    )
}

/// `columns` (a comma-separated list) each qualified by `table` (`t.id, t.name`), for joins.
fn prefixed(columns: &str, table: &str) -> String {
    columns
        .split(", ")
        .map(|c| format!("{table}.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}
