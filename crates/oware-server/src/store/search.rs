//! Game search (issue 55): one row per account seat of each finished online game, with the
//! columns a search filters on, so that a search reads an index, never the games' moves.
//! [`SearchStore`] is the interface; both backends implement it (`sqlite/search.rs`,
//! `postgres/search.rs`) on the same table with the same statements, the search's statement
//! built once here ([`search_sql`]) from the filters asked.
//!
//! **Indexes.** Every search names its player (`user_id`); the rows of one player are read
//! newest first through `game_search_user (user_id, at)`, or `game_search_pair (user_id,
//! opponent_id, at)` when the opponent is named too ("games of X against Y"). The other filters
//! (result, rated, time control, ending, length, date, opening) are checked on those rows. The
//! opening is a number (see [`opening_code`]), so that "the games that began C d E" is a range
//! of integers, the same in both databases whatever their text collation.

use super::StoreFuture;

/// The table and its indexes: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE game_search (
        game_id       TEXT NOT NULL,
        side          TEXT NOT NULL,
        user_id       TEXT NOT NULL,
        opponent_id   TEXT,
        opponent_name TEXT NOT NULL,
        result        TEXT NOT NULL,
        rated         BIGINT NOT NULL,
        control       TEXT NOT NULL,
        ending        TEXT NOT NULL,
        plies         BIGINT NOT NULL,
        opening       BIGINT NOT NULL,
        at            BIGINT NOT NULL,
        PRIMARY KEY (game_id, side)
    );
    CREATE INDEX game_search_user ON game_search (user_id, at);
    CREATE INDEX game_search_pair ON game_search (user_id, opponent_id, at);
";

/// The columns of a row, in [`SearchRow`]'s order.
pub(super) const COLUMNS: &str = "game_id, side, user_id, opponent_id, opponent_name, result, \
                                  rated, control, ending, plies, opening, at";

/// Stores a row (`?1`…`?12` in [`SearchRow`]'s order) unless the game's seat has one.
pub(super) const RECORD: &str = "INSERT INTO game_search (game_id, side, user_id, opponent_id,
         opponent_name, result, rated, control, ending, plies, opening, at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
     ON CONFLICT (game_id, side) DO NOTHING";

/// The plies an opening code holds.
pub const OPENING_PLIES: usize = 8;

/// The number of a game's first `OPENING_PLIES` (8) moves: each move is its pit's place in the
/// mover's row (`A`/`a` 1 … `F`/`f` 6; the sides take turns, so the letter's case adds
/// nothing), a digit in base 7, the first move the most significant, 0 after the game's last
/// move. The games whose opening starts with `k` given moves are then the codes from
/// `opening_code(those)` to that plus `7^(8-k) - 1` ([`opening_range`]).
pub fn opening_code(letters: impl IntoIterator<Item = char>) -> i64 {
    let mut digits = letters
        .into_iter()
        .map(|c| (c.to_ascii_lowercase() as i64) - ('a' as i64) + 1);
    (0..OPENING_PLIES).fold(0, |code, _| code * 7 + digits.next().unwrap_or(0))
}

/// The codes of the games whose opening starts with `letters` (at most `OPENING_PLIES`, 8,
/// letters `A`–`F`, either case), both ends included.
pub fn opening_range(letters: &[char]) -> (i64, i64) {
    let low = opening_code(letters.iter().copied());
    let free = OPENING_PLIES.saturating_sub(letters.len()) as u32;
    (low, low + 7i64.pow(free) - 1)
}

/// One account seat of a finished online game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRow {
    /// The game.
    pub game_id: String,
    /// The seat: `S` or `N`.
    pub side: String,
    /// The account in the seat.
    pub user_id: String,
    /// The account in the other seat (`None`: a guest).
    pub opponent_id: Option<String>,
    /// The other seat's name.
    pub opponent_name: String,
    /// For this seat: `win`, `draw` or `loss`.
    pub result: String,
    /// Whether the game was rated.
    pub rated: bool,
    /// The time control's category (`blitz`, `rapid`, `correspondence`), or `none`.
    pub control: String,
    /// Why the game ended (`oware_protocol::EndReason`'s names: `capture`, `cycle`, `time`, …).
    pub ending: String,
    /// The moves played.
    pub plies: u64,
    /// The opening's code ([`opening_code`]).
    pub opening: i64,
    /// When the game ended (epoch ms).
    pub at_ms: u64,
}

/// What a search asks: the player's rows that pass every filter given, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchQuery {
    /// The player (an account id).
    pub user_id: String,
    /// Only against this account.
    pub opponent_id: Option<String>,
    /// Only `win`, `draw` or `loss` (for the player).
    pub result: Option<String>,
    /// Only rated or casual games.
    pub rated: Option<bool>,
    /// Only this time control's category (or `none`).
    pub control: Option<String>,
    /// Only this ending.
    pub ending: Option<String>,
    /// Only games ended at or after (epoch ms).
    pub from_ms: Option<u64>,
    /// Only games ended before (epoch ms).
    pub to_ms: Option<u64>,
    /// Only games of at least this many moves.
    pub min_plies: Option<u64>,
    /// Only games of at most this many moves.
    pub max_plies: Option<u64>,
    /// Only openings in this range of codes ([`opening_range`]).
    pub opening: Option<(i64, i64)>,
    /// Rows skipped (the page's start).
    pub offset: u64,
    /// Rows answered at most.
    pub limit: u64,
}

/// A parameter of the search's statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Arg {
    /// A text.
    Text(String),
    /// An integer.
    Int(i64),
}

/// The search's statement for `q` (numbered placeholders, PostgreSQL's through `numbered`)
/// and its parameters in order: only the filters asked are in it, so that each backend's
/// planner sees the index that fits.
pub(super) fn search_sql(q: &SearchQuery) -> (String, Vec<Arg>) {
    let mut args = vec![Arg::Text(q.user_id.clone())];
    let mut sql = format!("SELECT {COLUMNS} FROM game_search WHERE user_id = ?1");
    let mut add = |cond: &str, arg: Arg| {
        args.push(arg);
        sql.push_str(&format!(" AND {cond} ?{}", args.len()));
    };
    let int = |v: u64| Arg::Int(i64::try_from(v).unwrap_or(i64::MAX));
    if let Some(o) = &q.opponent_id {
        add("opponent_id =", Arg::Text(o.clone()));
    }
    if let Some(r) = &q.result {
        add("result =", Arg::Text(r.clone()));
    }
    if let Some(r) = q.rated {
        add("rated =", Arg::Int(i64::from(r)));
    }
    if let Some(c) = &q.control {
        add("control =", Arg::Text(c.clone()));
    }
    if let Some(e) = &q.ending {
        add("ending =", Arg::Text(e.clone()));
    }
    if let Some(v) = q.from_ms {
        add("at >=", int(v));
    }
    if let Some(v) = q.to_ms {
        add("at <", int(v));
    }
    if let Some(v) = q.min_plies {
        add("plies >=", int(v));
    }
    if let Some(v) = q.max_plies {
        add("plies <=", int(v));
    }
    if let Some((low, high)) = q.opening {
        add("opening >=", Arg::Int(low));
        add("opening <=", Arg::Int(high));
    }
    args.push(int(q.limit));
    args.push(int(q.offset));
    let n = args.len();
    sql.push_str(&format!(
        " ORDER BY at DESC, game_id DESC LIMIT ?{} OFFSET ?{n}",
        n - 1
    ));
    (sql, args)
}

/// The search's table.
pub trait SearchStore: Send + Sync {
    /// Stores `rows` (the account seats of one finished game); a seat already stored is kept.
    fn record(&self, rows: Vec<SearchRow>) -> StoreFuture<'_, ()>;

    /// The rows `q` asks for, newest first.
    fn search(&self, q: SearchQuery) -> StoreFuture<'_, Vec<SearchRow>>;

    /// The database's plan of `q`'s statement, as its `EXPLAIN` writes it (SQLite's `EXPLAIN
    /// QUERY PLAN`, PostgreSQL's `EXPLAIN` with sequential scans discouraged, as a table of
    /// many rows would have them): what the tests check the indexes against.
    fn explain(&self, q: SearchQuery) -> StoreFuture<'_, String>;
}
