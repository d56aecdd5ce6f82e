//! Game sessions: creating games, moves, undo and redo, the computer's turn, analyses, and the
//! cache of live games in front of the store. No HTTP here: every operation answers a value or
//! a [`GameError`], which the routes turn into an answer in one place (`error.rs`).
//!
//! A live game is an `Arc<tokio::sync::Mutex<Session>>` in the cache. A change is computed on a
//! copy, **written to the store (checked against the version it was computed from), and only
//! then** applied in memory, published and answered. A write that loses a race to another
//! writer is a [`GameError::Conflict`]; the cached copy is then dropped so that the next
//! request reloads the game from the store.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use oware_core::movetext::{self, MoveText};
use oware_core::{fen, ogn, BySide, Game, Move, PlayError, Position, Rules, Side};
use oware_engine::Level;
use tokio::sync::{broadcast, Mutex};

use crate::egdb_view::Tables;
use crate::engine::{AnalysisJob, EngineError, EngineJobs};
use crate::events::{Channel, Event};
use crate::lobby::Lobby;
use crate::online::{
    Claim, OfferAction, Online, OnlineConfig, OnlineError, OnlineErrorKind, Presence, Status,
    TimeControl,
};
use crate::review::Reviews;
use crate::store::{GameRow, GameUpdate, Notice, Store, StoreError};
use crate::view::{self, GameSnapshot, MoveDetailView, StateView};

/// Why a game operation was refused or failed. Each kind has a code for the page; `error.rs`
/// gives each kind its HTTP status and log level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The request is malformed (a missing field, a bad number).
    BadRequest(String),
    /// A well-formed request with a value the game cannot take: an illegal move, unknown
    /// settings. `code` names the reason (`empty-pit`, `bad-rules`, …).
    Invalid {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// There is no game with this id.
    NotFound,
    /// The operation needs the seat token and none was given.
    NoToken,
    /// The seat token given is not this game's.
    WrongToken,
    /// The game is not in a state that allows this now (not your turn, nothing to undo).
    Refused {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// The request's token holds no seat allowed to do this (a spectator, the other seat).
    Forbidden {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// Too many of something in a short time: games created from one address
    /// (`too-many-games`), offers made again soon after a refusal (`offer-too-soon`).
    TooMany {
        /// The limit's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
    /// The engine's queue for this work is full; nothing was changed.
    Busy {
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
    /// A limit on one client's engine work (e.g. reviews running at once); `code` names it.
    Limited {
        /// The limit's code, e.g. `too-many-reviews`.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// Someone else changed the game first (another tab, another server instance); nothing
    /// was changed.
    Conflict,
    /// The store failed.
    Storage(StoreError),
    /// Something of ours is wrong (a damaged stored game, no random numbers).
    Internal(String),
}

impl GameError {
    /// A short machine-readable code, e.g. `illegal-move`.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::BadRequest(_) => "bad-request",
            GameError::Invalid { code, .. }
            | GameError::Refused { code, .. }
            | GameError::Forbidden { code, .. }
            | GameError::Limited { code, .. }
            | GameError::TooMany { code, .. } => code,
            GameError::Busy { .. } => "engine-busy",
            GameError::NotFound => "unknown-game",
            GameError::NoToken => "no-token",
            GameError::WrongToken => "wrong-token",
            GameError::Conflict => "conflict",
            GameError::Storage(_) => "storage",
            GameError::Internal(_) => "internal",
        }
    }

    fn invalid(code: &'static str, message: impl Into<String>) -> GameError {
        GameError::Invalid {
            code,
            message: message.into(),
        }
    }

    fn refused(code: &'static str, message: impl Into<String>) -> GameError {
        GameError::Refused {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for GameError {
    /// The sentence the page shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::BadRequest(m) | GameError::Internal(m) => write!(f, "{m}"),
            GameError::TooMany { message, .. } | GameError::Busy { message, .. } => {
                write!(f, "{message}")
            }
            GameError::Invalid { message, .. }
            | GameError::Refused { message, .. }
            | GameError::Forbidden { message, .. }
            | GameError::Limited { message, .. } => write!(f, "{message}"),
            GameError::NotFound => write!(f, "there is no game with this id"),
            GameError::NoToken => {
                write!(f, "this needs the game's seat token (header X-Seat-Token)")
            }
            GameError::WrongToken => write!(f, "this seat token does not belong to this game"),
            GameError::Conflict => write!(
                f,
                "the game was changed elsewhere at the same moment; nothing was changed here: \
                 reload it and try again"
            ),
            // Details (the file, the database's words) go to the log, not to the page.
            GameError::Storage(_) => write!(
                f,
                "the game could not be read or saved just now (storage failed); try again"
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<OnlineError> for GameError {
    fn from(e: OnlineError) -> Self {
        let (code, message) = (e.code, e.message);
        match e.kind {
            OnlineErrorKind::Invalid => GameError::Invalid { code, message },
            OnlineErrorKind::Forbidden => GameError::Forbidden { code, message },
            OnlineErrorKind::Refused => GameError::Refused { code, message },
            OnlineErrorKind::TooSoon => GameError::TooMany {
                code,
                message,
                retry_after_s: e.retry_after_s,
            },
        }
    }
}

impl From<StoreError> for GameError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { .. } => GameError::Conflict,
            e => GameError::Storage(e),
        }
    }
}

/// Who plays against the seat-token holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The engine at this level.
    Computer(Level),
    /// A friend on the same device: the token holder plays both sides.
    Friend,
    /// A person on another device (see `online.rs`).
    Online,
}

impl Opponent {
    /// `friend` or the level's name.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(l) => l.name(),
            Opponent::Friend => "friend",
            Opponent::Online => "online",
        }
    }

    fn parse(s: &str) -> Result<Opponent, GameError> {
        if s.trim().eq_ignore_ascii_case("friend") {
            return Ok(Opponent::Friend);
        }
        if s.trim().eq_ignore_ascii_case("online") {
            return Ok(Opponent::Online);
        }
        s.parse::<Level>().map(Opponent::Computer).map_err(|_| {
            GameError::invalid(
                "bad-opponent",
                format!("unknown opponent '{s}' (expected easy, medium, hard, expert or friend)"),
            )
        })
    }
}

/// Settings of a new game (already parsed from the request).
#[derive(Debug, Clone)]
pub struct NewGame {
    /// The opponent.
    pub opponent: Opponent,
    /// The human's side against the computer; `None` = South, or the side to move after an
    /// imported record.
    pub human: Option<Side>,
    /// The rules; `None` = abapa, or the record's rules.
    pub rules: Option<Rules>,
    /// An OGN record to start from (its start position and moves).
    pub ogn: Option<String>,
    /// Player names (South, North), empty for the defaults.
    pub names: BySide<String>,
}

impl NewGame {
    /// Parses the text fields of a request.
    pub fn parse(
        opponent: &str,
        human: Option<&str>,
        rules: Option<&str>,
        ogn: Option<String>,
        names: BySide<String>,
    ) -> Result<NewGame, GameError> {
        let human = human
            .map(|h| {
                h.parse::<Side>()
                    .map_err(|e| GameError::invalid("bad-side", e.to_string()))
            })
            .transpose()?;
        let rules = rules
            .map(|r| {
                r.parse::<Rules>()
                    .map_err(|e| GameError::invalid("bad-rules", e.to_string()))
            })
            .transpose()?;
        Ok(NewGame {
            opponent: Opponent::parse(opponent)?,
            human,
            rules,
            ogn,
            names,
        })
    }
}

/// A move as the request gave it: a letter or a pit number.
#[derive(Debug, Clone, Copy)]
pub enum MoveInput<'a> {
    /// A letter of the side to move (`A`–`F` for South, `a`–`f` for North).
    Text(&'a str),
    /// The side to move's pit, 0–5 from its left.
    Pit(i64),
}

/// What a move request answers.
pub struct MoveReply {
    /// What the move did, seed by seed.
    pub detail: MoveDetailView,
    /// The game after it.
    pub state: StateView,
}

/// A new game's id, seat token and state.
pub struct Created {
    /// The public id.
    pub id: String,
    /// The secret seat token.
    pub token: String,
    /// The state.
    pub state: StateView,
}

/// One live game.
pub struct Session {
    id: String,
    token: String,
    opponent: Opponent,
    /// The token holder's side against the computer (South in friend games).
    human: Side,
    names: BySide<String>,
    game: Game,
    /// Moves taken back, the next one to replay last.
    redo: Vec<Move>,
    /// The stored version this copy is at.
    version: u64,
    /// What the page is told: the computer is working on its move.
    thinking: bool,
    /// A reply of this game is in the engine (perhaps a stale one, after an undo): at most one
    /// at a time, so a move/undo loop cannot fill the engine's queue.
    reply_running: bool,
    /// Why the computer's last reply failed; cleared by the next change.
    engine_error: Option<String>,
    analysis: Option<Arc<AtomicBool>>,
    analysis_seq: u64,
    channel: Channel,
    /// The online part (seats, clock, offers), `None` for a game on one device.
    online: Option<Online>,
    /// Who has an event stream open (online games).
    presence: Presence,
    /// Streams open on other instances (a shared store): their counts (South, North,
    /// spectators) by instance, and when each was last heard of.
    remote: HashMap<String, ([u32; 3], u64)>,
    /// The one timer that ends the game when the running side's flag falls: replaced (the old
    /// one cancelled) by every change, cancelled when the game ends, so a finished game is
    /// held by no timer.
    flag_timer: std::sync::Mutex<Option<tokio::task::AbortHandle>>,
    /// The spectators' streams open here (online games), by their handle.
    watchers: HashMap<String, Watcher>,
}

/// A spectator's event stream of an online game. It has a channel of its own, fed with the
/// game's events by a small task, so that what is meant for this spectator alone (the
/// analysis they asked for) reaches nobody else: not the players, not other spectators.
struct Watcher {
    /// The stream's own channel.
    events: broadcast::Sender<Event>,
    /// The task copying the game's events into `events`.
    forwarder: tokio::task::AbortHandle,
    /// The spectator's running analysis.
    analysis: Option<Arc<AtomicBool>>,
}

impl Watcher {
    fn stop_analysis(&mut self) {
        if let Some(stop) = self.analysis.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.forwarder.abort();
        self.stop_analysis();
    }
}

impl Session {
    fn from_row(row: &GameRow, game: Game, redo: Vec<Move>) -> Result<Session, GameError> {
        let opponent = Opponent::parse(&row.opponent).map_err(|_| {
            GameError::Internal(format!("stored game has opponent '{}'", row.opponent))
        })?;
        let human: Side = row
            .human
            .parse()
            .map_err(|_| GameError::Internal("stored game has a bad side".into()))?;
        let online: Option<Online> = if row.online.is_empty() {
            None
        } else {
            Some(serde_json::from_str(&row.online).map_err(|e| {
                tracing::error!(game = %row.id, "stored game has a damaged online part: {e}");
                GameError::Internal("the stored game has a damaged online part".into())
            })?)
        };
        let mut names = default_names(opponent, human);
        if !row.south_name.is_empty() {
            names.south = row.south_name.clone();
        }
        if !row.north_name.is_empty() {
            names.north = row.north_name.clone();
        }
        if let Some(o) = &online {
            names = online_names(o);
        }
        Ok(Session {
            id: row.id.clone(),
            token: row.token.clone(),
            opponent,
            human,
            names,
            game,
            redo,
            version: row.version,
            thinking: false,
            reply_running: false,
            engine_error: None,
            analysis: None,
            analysis_seq: 0,
            channel: Channel::new(row.version),
            online,
            presence: Presence::new(now_ms()),
            remote: HashMap::new(),
            flag_timer: std::sync::Mutex::new(None),
            watchers: HashMap::new(),
        })
    }

    fn against_computer(&self) -> bool {
        matches!(self.opponent, Opponent::Computer(_))
    }

    /// Whether the computer is to move.
    fn computer_to_move(&self) -> bool {
        self.against_computer() && !self.game.is_over() && self.game.position().turn() != self.human
    }

    /// Checks the seat token (in constant time).
    fn authorize(&self, token: Option<&str>) -> Result<(), GameError> {
        let token = token.ok_or(GameError::NoToken)?;
        if !constant_time_eq(token.as_bytes(), self.token.as_bytes()) {
            return Err(GameError::WrongToken);
        }
        Ok(())
    }

    fn illegal(&self, e: &PlayError) -> GameError {
        let (code, message) = view::explain_error(
            e,
            &self.names,
            self.against_computer().then_some(self.human),
        );
        GameError::invalid(code, message)
    }

    /// Refuses what online games do not have (undo, redo).
    fn not_online(&self) -> Result<(), GameError> {
        if self.online.is_some() {
            return Err(GameError::refused(
                "not-in-online-games",
                "online games have no undo or redo: ask your opponent for a takeback",
            ));
        }
        Ok(())
    }

    /// The move the request names, in the current position.
    fn parse_move(&self, input: MoveInput<'_>) -> Result<Move, GameError> {
        let pos = *self.game.position();
        Ok(match input {
            MoveInput::Text(t) => {
                let mt: MoveText = t.trim().parse().map_err(|e: movetext::ParseMoveError| {
                    GameError::invalid("bad-move", e.to_string())
                })?;
                mt.to_move(&pos, self.game.rules())
                    .map_err(|e| self.illegal(&e))?
            }
            MoveInput::Pit(p) => usize::try_from(p).ok().and_then(Move::new).ok_or_else(|| {
                GameError::invalid(
                    "bad-move",
                    format!("pit must be 0 to 5 (from the mover's left), not {p}"),
                )
            })?,
        })
    }

    fn not_your_turn() -> GameError {
        GameError::refused(
            "not-your-turn",
            "it is the computer's turn: wait for its move",
        )
    }

    fn row_moves(game: &Game) -> String {
        movetext::write_list(&game.move_texts()).replace(' ', "")
    }

    fn row_redo(game: &Game, redo: &[Move]) -> String {
        movetext::letters(game.position().turn(), redo.iter().rev().copied()).collect()
    }

    fn snapshot<'a>(&'a self, egdb: Option<&'a Tables>) -> GameSnapshot<'a> {
        GameSnapshot {
            id: &self.id,
            version: self.version,
            opponent: self.opponent.name(),
            human: self.against_computer().then_some(self.human),
            names: &self.names,
            game: &self.game,
            redo_len: self.redo.len(),
            thinking: self.thinking,
            computer_to_move: self.computer_to_move(),
            engine_error: self.engine_error.as_deref(),
            egdb,
        }
    }

    /// The OGN record (with the clock and the end of an online game).
    fn ogn(&self) -> String {
        match &self.online {
            None => view::ogn_text(&self.game, &self.names),
            Some(o) => view::ogn_text_with(&self.game, &self.names, &o.ogn_tags(), o.result_tag()),
        }
    }

    /// Who is connected now, on this instance and (as last heard) on the others: an instance
    /// not heard of for [`REMOTE_PRESENCE_TTL_MS`] (it died) counts no more from then on.
    fn presence_now(&self, now: u64) -> Presence {
        let mut p = self.presence.clone();
        for (counts, at) in self.remote.values() {
            let until = at + REMOTE_PRESENCE_TTL_MS;
            for (i, &n) in counts.iter().take(2).enumerate() {
                if n == 0 {
                    continue;
                }
                if now < until {
                    p.connected[i] += n;
                } else {
                    p.gone_since[i] = p.gone_since[i].max(until);
                }
            }
            if now < until {
                p.spectators += counts[2];
            }
        }
        p
    }

    /// The key that lets the holder of `side`'s seat open the event stream as that player
    /// (`?presence=KEY`, as an event stream cannot send the token in a header): derived from
    /// the seat's token with SHA-256, so every instance can check it and the key does not
    /// give the token away.
    fn presence_key_of(&self, side: Side) -> Option<String> {
        use sha2::Digest;
        let token = self.online.as_ref()?.seat(side).token.as_ref()?;
        let mut h = sha2::Sha256::new();
        h.update(b"oware presence key\0");
        h.update(self.id.as_bytes());
        h.update(b"\0");
        h.update(token.as_bytes());
        Some(
            h.finalize()[..12]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        )
    }

    /// The stream handle `given` by a spectator, if it is one of this game's open here.
    fn watcher_handle(&self, given: Option<&str>) -> Result<String, GameError> {
        let given = given.ok_or_else(Session::no_watcher)?;
        self.watchers
            .keys()
            .find(|h| constant_time_eq(h.as_bytes(), given.as_bytes()))
            .cloned()
            .ok_or_else(Session::no_watcher)
    }

    fn no_watcher() -> GameError {
        GameError::Forbidden {
            code: "no-watcher",
            message: "a spectator's analysis goes to their own event stream: open the game's \
                      events and send the handle its first event gives (X-Watcher header)"
                .into(),
        }
    }

    /// Tells the watchers how many spectators there are now: a few bytes, where a player's
    /// connection changes the state (and sends it whole).
    fn publish_spectators(&self) {
        let n = self.presence_now(now_ms()).spectators;
        let data = serde_json::json!({ "spectators": n, "version": self.version });
        self.channel.publish("spectators", data.to_string());
    }

    fn publish_thinking(&self) {
        let data = serde_json::json!({
            "thinking": self.thinking,
            "version": self.version,
            "error": self.engine_error,
        });
        self.channel.publish("thinking", data.to_string());
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    crate::secret::same_secret(a, b)
}

/// How long another instance's count of open streams holds without news (it re-announces
/// them every [`PRESENCE_HEARTBEAT`]).
const REMOTE_PRESENCE_TTL_MS: u64 = 30_000;

/// How often a server records in the store that it is alive (see [`Games::resume_online`]).
const ALIVE_EVERY: Duration = Duration::from_secs(5);

/// How often an instance re-announces the streams it holds (a shared store).
const PRESENCE_HEARTBEAT: Duration = Duration::from_secs(10);

/// The longest presence notification sent (PostgreSQL refuses payloads of 8,000 bytes).
const PRESENCE_MESSAGE_BYTES: usize = 7_000;

/// One game's entry in a presence notice: `ID S N SPEC`, the streams this instance holds for
/// South's seat, North's seat and spectators.
fn presence_entry(s: &Session) -> String {
    let p = &s.presence;
    format!(
        "{} {} {} {}",
        s.id, p.connected[0], p.connected[1], p.spectators
    )
}

/// Games kept in memory before idle ones are dropped from the cache.
const CACHE_GAMES: usize = 20_000;

type Live = Arc<Mutex<Session>>;

/// The games of this server: the cache of live sessions, the store behind it and the engine.
pub struct Games {
    store: Arc<dyn Store>,
    engine: EngineJobs,
    cache: std::sync::Mutex<HashMap<String, Live>>,
    /// The cache's size at which idle games are next looked for (at least [`CACHE_GAMES`]):
    /// raised after each sweep, so a cache full of busy games is not scanned on every insert.
    sweep_at: std::sync::atomic::AtomicUsize,
    egdb: Option<Arc<Tables>>,
    online: OnlineConfig,
    /// The open challenges posted to the lobby and their watchers (`lobby.rs`).
    lobby: Lobby,
    /// The online games each address created recently.
    creations: crate::limits::RateWindow,
    /// The game reviews running (`review.rs`).
    reviews: Reviews,
}

/// A job the engine refused because its queue is full, as the answer to the request.
fn busy(e: EngineError) -> GameError {
    GameError::Busy {
        retry_after_s: e.retry_after_s(),
        message: e.to_string(),
    }
}

/// Replays stored move letters.
fn replay(start: Position, rules: Rules, moves: &str) -> Result<Game, String> {
    let mut game = Game::from_position(start, rules);
    for m in movetext::parse_list(moves).map_err(|e| e.to_string())? {
        game.play_text(&m).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The game and the redo list a stored row holds (a damaged row is an internal error, logged).
fn game_of_row(row: &GameRow) -> Result<(Game, Vec<Move>), GameError> {
    let damaged = |what: &str, e: &dyn fmt::Display| {
        tracing::error!(game = %row.id, "stored game has a damaged {what}: {e}");
        GameError::Internal(format!("the stored game has a damaged {what}"))
    };
    let rules: Rules = row.rules.parse().map_err(|e| damaged("rule set", &e))?;
    let start = fen::parse(&row.start).map_err(|e| damaged("start position", &e))?;
    let game = replay(start, rules, &row.moves).map_err(|e| damaged("move list", &e))?;
    let mut redo_game = game.clone();
    let mut redo = Vec::new();
    let stored_redo = movetext::parse_list(&row.redo).unwrap_or_else(|e| {
        tracing::warn!(game = %row.id, "stored redo list unreadable, dropped: {e}");
        Vec::new()
    });
    for m in stored_redo {
        match redo_game.play_text(&m) {
            Ok(_) => redo.push(m.mv),
            Err(e) => {
                tracing::warn!(game = %row.id, "stored redo list cut at an illegal move: {e}");
                break;
            }
        }
    }
    redo.reverse();
    Ok((game, redo))
}

fn random_hex(bytes: usize) -> Result<String, GameError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| GameError::Internal(format!("random: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `id` looks like one of our ids (so junk never reaches the database).
fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn default_names(opponent: Opponent, human: Side) -> BySide<String> {
    match opponent {
        Opponent::Friend | Opponent::Online => {
            BySide::new("South".to_string(), "North".to_string())
        }
        Opponent::Computer(level) => {
            let mut l = level.name().to_string();
            l[..1].make_ascii_uppercase();
            let mut names = BySide::new(String::new(), String::new());
            names[human] = "You".to_string();
            names[human.other()] = format!("Computer ({l})");
            names
        }
    }
}

/// A player's name as the server keeps it: see [`crate::names::clean`].
fn clean_name(s: &str) -> String {
    crate::names::clean(s)
}

/// A reproducible seed per game and move: FNV-1a of the id, mixed with the ply.
fn reply_seed(id: &str, ply: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (h ^ ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Games {
    /// The games kept in `store`, with `engine` for the computer and analyses and the endgame
    /// tables `egdb` for the page's values.
    pub fn new(store: Arc<dyn Store>, engine: EngineJobs, egdb: Option<Tables>) -> Arc<Games> {
        Games::with_online(store, engine, egdb, OnlineConfig::default())
    }

    /// [`Games::new`] with the settings of online games.
    pub fn with_online(
        store: Arc<dyn Store>,
        engine: EngineJobs,
        egdb: Option<Tables>,
        online: OnlineConfig,
    ) -> Arc<Games> {
        Arc::new(Games {
            store,
            engine,
            cache: std::sync::Mutex::new(HashMap::new()),
            sweep_at: std::sync::atomic::AtomicUsize::new(CACHE_GAMES),
            egdb: egdb.map(Arc::new),
            lobby: Lobby::new(&online),
            creations: crate::limits::RateWindow::new(online.create_limit, online.create_window),
            online,
            reviews: Reviews::default(),
        })
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Live>> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts a live game in the cache (keeping one already there), first forgetting idle games
    /// when the cache is full: they are all in the store and come back on the next request.
    fn remember(&self, id: String, entry: Live) -> Live {
        let mut cache = self.cache();
        if cache.len() >= self.sweep_at.load(Ordering::Relaxed) && !cache.contains_key(&id) {
            cache.retain(|_, e| {
                // Busy: someone holds it (a request, a search, an event stream, a running
                // clock's timer).
                Arc::strong_count(e) > 1
                    || e.try_lock()
                        .map_or(true, |g| g.thinking || g.channel.watched())
            });
            // The next sweep once a tenth more games came in: inserting is amortised O(1)
            // even when most cached games are busy.
            let next = (cache.len() + CACHE_GAMES / 10).max(CACHE_GAMES);
            self.sweep_at.store(next, Ordering::Relaxed);
        }
        Arc::clone(cache.entry(id).or_insert(entry))
    }

    /// Drops a game's cached copy (it is stale); the next request reloads it from the store.
    fn forget(&self, id: &str) {
        self.cache().remove(id);
    }

    fn view(&self, s: &Session) -> StateView {
        self.view_for(s, None)
    }

    /// The state as the holder of `you`'s seat sees it (`None`: anyone, e.g. a broadcast).
    fn view_for(&self, s: &Session, you: Option<Side>) -> StateView {
        let mut v = view::state(&s.snapshot(self.egdb.as_deref()));
        if let Some(o) = &s.online {
            v.online = Some(o.view(
                &s.game,
                &s.presence_now(now_ms()),
                you,
                o.claim_delay(&self.online),
                now_ms(),
            ));
            v.can_undo = false;
            v.can_redo = false;
            v.ogn = s.ogn();
        }
        v
    }

    /// Tells the watchers about a change (the new state and, for a move, what it did).
    fn publish_update(
        &self,
        s: &Session,
        detail: Option<&MoveDetailView>,
        cause: &str,
        state: Option<&StateView>,
    ) {
        if s.channel.watched() {
            let built;
            let state = match state {
                Some(st) => st,
                None => {
                    built = self.view(s);
                    &built
                }
            };
            let data = serde_json::json!({ "cause": cause, "detail": detail, "state": state });
            s.channel.publish("update", data.to_string());
        }
        s.channel.set_version(s.version);
    }

    /// Creates a game on one device (against the computer or a friend).
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, GameError> {
        if req.opponent == Opponent::Online {
            return Err(GameError::Internal(
                "online games are created by create_online".into(),
            ));
        }
        let bad_ogn = |e: &dyn fmt::Display| GameError::invalid("bad-ogn", e.to_string());
        let game = match &req.ogn {
            Some(text) => {
                let record = ogn::parse(text).map_err(|e| bad_ogn(&e))?;
                let rules = match req.rules {
                    Some(r) => r,
                    None => record.rules().map_err(|e| bad_ogn(&e))?,
                };
                record.to_game_with(rules).map_err(|e| bad_ogn(&e))?
            }
            None => Game::new(req.rules.unwrap_or_default()),
        };
        let human = match (req.opponent, req.human) {
            (Opponent::Friend, _) => Side::South,
            (_, Some(h)) => h,
            (_, None) if req.ogn.is_some() => game.position().turn(),
            (_, None) => Side::South,
        };
        let mut names = default_names(req.opponent, human);
        for side in Side::ALL {
            let n = clean_name(&req.names[side]);
            if !n.is_empty() {
                names[side] = n;
            }
        }
        if let Opponent::Computer(level) = req.opponent {
            // The computer moves first: its reply needs a place in the engine's queue.
            if game.position().turn() != human && !game.is_over() {
                self.engine.reply_room(level).map_err(busy)?;
            }
        }
        // An imported record keeps its moves (so they can be replayed and undone).
        let row = GameRow {
            id: random_hex(16)?,
            token: random_hex(24)?,
            opponent: req.opponent.name().to_string(),
            human: human.char().to_string(),
            rules: game.rules().to_string(),
            start: fen::write(game.start()),
            moves: Session::row_moves(&game),
            redo: String::new(),
            version: 1,
            south_name: names.south.clone(),
            north_name: names.north.clone(),
            online: String::new(),
            online_status: String::new(),
        };
        self.store.insert(row.clone()).await?;
        // Normalise: a game from a record is the same whether fresh or reloaded.
        let game = replay(*game.start(), *game.rules(), &row.moves).map_err(GameError::Internal)?;
        let session = Session::from_row(&row, game, Vec::new())?;
        let state = self.view(&session);
        let computer = session.computer_to_move();
        let live = self.remember(row.id.clone(), Arc::new(Mutex::new(session)));
        tracing::debug!(game = %row.id, opponent = row.opponent, "game created");
        if computer {
            self.spawn_computer(live);
        }
        Ok(Created {
            id: row.id,
            token: row.token,
            state,
        })
    }

    /// The live game `id`, loaded from the store when needed (resuming the computer's turn).
    /// With a shared store (several instances) a cached copy is first checked against the
    /// stored version and refreshed when another instance changed the game.
    async fn live(self: &Arc<Self>, id: &str) -> Result<Live, GameError> {
        if !plausible_id(id) {
            return Err(GameError::NotFound);
        }
        let cached = self.cache().get(id).cloned();
        if let Some(live) = cached {
            if self.store.shared() {
                self.check_fresh(&live).await?;
            }
            return Ok(live);
        }
        let row = self
            .store
            .load(id.to_string())
            .await?
            .ok_or(GameError::NotFound)?;
        let (game, redo) = game_of_row(&row)?;
        let session = Session::from_row(&row, game, redo)?;
        let computer = session.computer_to_move();
        let live = self.remember(id.to_string(), Arc::new(Mutex::new(session)));
        if computer {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(live)
    }

    /// Refreshes cached game `live` if the store has a newer version of it.
    async fn check_fresh(self: &Arc<Self>, live: &Live) -> Result<(), GameError> {
        let (id, version) = {
            let s = live.lock().await;
            (s.id.clone(), s.version)
        };
        match self.store.version(id).await? {
            Some(v) if v > version => {
                let mut s = live.lock().await;
                self.reload_into(live, &mut s).await
            }
            _ => Ok(()),
        }
    }

    /// Reads game `s` again from the store and, if the stored copy is newer, takes it over in
    /// place (the channel, presence and analysis stay), tells this instance's watchers and
    /// picks up the work the new state needs (the clock's timer, the computer's reply).
    async fn reload_into(self: &Arc<Self>, live: &Live, s: &mut Session) -> Result<(), GameError> {
        let Some(row) = self.store.load(s.id.clone()).await? else {
            return Ok(());
        };
        if row.version <= s.version {
            return Ok(());
        }
        let (game, redo) = game_of_row(&row)?;
        let fresh = Session::from_row(&row, game, redo)?;
        // A move added by another instance: describe it as the page's animation wants.
        let before = s.game.clone();
        let detail = (fresh.game.moves().len() == before.moves().len() + 1
            && fresh.game.moves()[..before.moves().len()] == *before.moves())
        .then(|| {
            let m = *fresh.game.moves().last()?;
            let pos = *before.position();
            let explained = pos.explain(m, before.rules()).ok()?;
            Some(view::move_detail(
                fresh.game.moves().len(),
                &pos,
                m,
                &explained,
            ))
        })
        .flatten();
        tracing::debug!(game = %s.id, from = s.version, to = row.version, "refreshed from the store");
        s.game = fresh.game;
        s.redo = fresh.redo;
        s.online = fresh.online;
        s.names = fresh.names;
        s.version = fresh.version;
        s.thinking = false;
        s.engine_error = None;
        let cause = if detail.is_some() { "move" } else { "sync" };
        self.publish_update(s, detail.as_ref(), cause, None);
        self.sync_lobby(s);
        self.arm_clock(live, s);
        if s.computer_to_move() {
            self.spawn_computer(Arc::clone(live));
        }
        Ok(())
    }

    /// Follows other instances' changes (a shared store): cached games are refreshed (their
    /// watchers here get the update), new open challenges join this instance's lobby. Ends
    /// when the games are dropped.
    pub(crate) fn follow_notices(self: &Arc<Self>) {
        let Some(mut rx) = self.store.notices() else {
            return;
        };
        self.presence_heartbeat();
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let notice = match rx.recv().await {
                    Ok(n) => n,
                    Err(broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(
                            skipped = n,
                            "fell behind other instances' notices; resyncing"
                        );
                        Notice::Resync
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(games) = weak.upgrade() else { return };
                match notice {
                    // A change costs a read of the game's row: each is followed in a task of its
                    // own, so one game's read does not hold up the others' (the game's lock and
                    // its version keep one game's changes in order; an older one finds the newer
                    // already loaded and does nothing).
                    Notice::Changed { id, version } => {
                        tokio::spawn(async move { games.on_changed(&id, version).await });
                    }
                    Notice::Presence {
                        instance,
                        id,
                        counts,
                    } => games.on_presence(instance, &id, counts).await,
                    Notice::Review { id, data } => games.on_review_notice(&id, data).await,
                    Notice::Resync => games.resync().await,
                }
            }
        });
    }

    /// Tells the other instances (a shared store) how many streams of online game `s` this
    /// one holds.
    fn announce_presence(&self, s: &Session) {
        if !self.store.shared() || s.online.is_none() {
            return;
        }
        self.announce_presences(vec![presence_entry(s)]);
    }

    /// Sends presence `entries` ([`presence_entry`]) to the other instances, as few
    /// notifications as fit (PostgreSQL takes payloads under 8,000 bytes).
    fn announce_presences(&self, entries: Vec<String>) {
        let mut messages = Vec::new();
        let mut message = String::new();
        for entry in entries {
            if !message.is_empty() && message.len() + 1 + entry.len() > PRESENCE_MESSAGE_BYTES {
                messages.push(std::mem::take(&mut message));
            }
            message.push_str(if message.is_empty() { "presence " } else { ";" });
            message.push_str(&entry);
        }
        if !message.is_empty() {
            messages.push(message);
        }
        let store = Arc::clone(&self.store);
        tokio::spawn(async move {
            for message in messages {
                if let Err(e) = store.announce(message).await {
                    tracing::warn!("presence could not be announced: {e}");
                }
            }
        });
    }

    /// Every [`PRESENCE_HEARTBEAT`]: re-announces the streams this instance holds (in a few
    /// notifications for all games), lets the lobby forget creators whose instance went quiet,
    /// and checks the stored versions of the games watched here in one query, so that a change
    /// whose notice was lost (its instance died between the write and the notice) still
    /// reaches the watchers. Ends when the games are dropped.
    fn presence_heartbeat(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(PRESENCE_HEARTBEAT).await;
                let Some(games) = weak.upgrade() else { return };
                let cached: Vec<Live> = games.cache().values().cloned().collect();
                let mut entries = Vec::new();
                let mut watched = HashMap::new();
                for live in cached {
                    let s = live.lock().await;
                    if s.online.is_none() {
                        continue;
                    }
                    let p = &s.presence;
                    if p.connected.iter().sum::<u32>() + p.spectators > 0 {
                        entries.push(presence_entry(&s));
                        watched.insert(s.id.clone(), s.version);
                    }
                    games.sync_lobby(&s);
                }
                games.announce_presences(entries);
                if watched.is_empty() {
                    continue;
                }
                let ids = watched.keys().cloned().collect();
                match games.store.versions(ids).await {
                    Ok(stored) => {
                        for (id, version) in stored {
                            if watched.get(&id).is_some_and(|&held| version > held) {
                                let games = Arc::clone(&games);
                                tokio::spawn(async move { games.on_changed(&id, version).await });
                            }
                        }
                    }
                    Err(e) => tracing::warn!("the watched games' versions could not be read: {e}"),
                }
            }
        });
    }

    async fn on_presence(self: &Arc<Self>, instance: String, id: &str, counts: [u32; 3]) {
        let cached = self.cache().get(id).cloned();
        let Some(live) = cached else { return };
        let mut s = live.lock().await;
        let before = s.remote.get(&instance).map(|r| r.0);
        s.remote.insert(instance, (counts, now_ms()));
        let players = |c: Option<[u32; 3]>| c.map(|c| [c[0], c[1]]);
        if players(before) != players(Some(counts)) {
            self.publish_update(&s, None, "presence", None);
        } else if before != Some(counts) {
            s.publish_spectators();
        }
        self.sync_lobby(&s);
    }

    async fn on_changed(self: &Arc<Self>, id: &str, version: u64) {
        let cached = self.cache().get(id).cloned();
        let result = match cached {
            Some(live) => {
                let mut s = live.lock().await;
                if s.version >= version {
                    return;
                }
                self.reload_into(&live, &mut s).await
            }
            None => {
                // Not cached here: it matters only if it is (or may become) an open challenge
                // in the lobby. The row tells.
                match self.store.load(id.to_string()).await {
                    Ok(Some(row)) if row.online_status == Status::Open.name() => {
                        self.live(id).await.map(|_| ())
                    }
                    Ok(Some(_)) => {
                        self.unlist(id);
                        Ok(())
                    }
                    Ok(None) => Ok(()),
                    Err(e) => Err(e.into()),
                }
            }
        };
        if let Err(e) = result {
            tracing::warn!(game = %id, "another instance's change could not be followed: {e}");
        }
        let cached = self.cache().get(id).cloned();
        if let Some(live) = cached {
            let s = live.lock().await;
            self.sync_lobby(&s);
        }
    }

    /// Checks every cached game and the lobby against the store (after notices were lost).
    async fn resync(self: &Arc<Self>) {
        let cached: Vec<Live> = self.cache().values().cloned().collect();
        for live in cached {
            if let Err(e) = self.check_fresh(&live).await {
                tracing::warn!("a cached game could not be checked: {e}");
            }
        }
        match self.store.live_online().await {
            Ok(rows) => {
                for row in rows
                    .iter()
                    .filter(|r| r.online_status == Status::Open.name())
                {
                    if let Ok(live) = self.live(&row.id).await {
                        let s = live.lock().await;
                        self.sync_lobby(&s);
                    }
                }
            }
            Err(e) => tracing::warn!("the lobby could not be rebuilt: {e}"),
        }
    }

    /// Takes game `id` out of this instance's lobby (it is no longer open).
    fn unlist(&self, id: &str) {
        self.lobby.remove(id);
    }

    /// The state of game `id`. Retries the computer's reply if the last attempt failed.
    pub async fn state(self: &Arc<Self>, id: &str) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        if s.computer_to_move() && !s.thinking && s.engine_error.is_some() {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(self.view(&s))
    }

    /// Waits (up to `timeout`) until game `id` has a version above `since`; answers its state.
    pub async fn wait_state(
        self: &Arc<Self>,
        id: &str,
        since: u64,
        timeout: Duration,
    ) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let mut rx = live.lock().await.channel.watch_version();
        // A timeout is the normal end of a long poll: the state is answered unchanged.
        let _ = tokio::time::timeout(timeout, rx.wait_for(|v| *v > since)).await;
        let s = live.lock().await;
        Ok(self.view(&s))
    }

    /// The state of game `id` as a first `update` event, and a subscription to its events.
    pub async fn subscribe(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(Event, broadcast::Receiver<Event>), GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        let first =
            serde_json::json!({ "cause": "connect", "detail": null, "state": self.view(&s) });
        let first = Event {
            name: "update",
            data: first.to_string().into(),
        };
        Ok((first, s.channel.subscribe()))
    }

    /// Stores `game` and `redo` as the next version of `s`, then (only then) applies them in
    /// memory. A lost race drops the cached copy and answers [`GameError::Conflict`].
    async fn persist(&self, s: &mut Session, game: Game, redo: Vec<Move>) -> Result<(), GameError> {
        let online = s.online.clone();
        self.persist_all(s, game, redo, online).await
    }

    /// [`Games::persist`] with a new online part.
    async fn persist_all(
        &self,
        s: &mut Session,
        game: Game,
        redo: Vec<Move>,
        online: Option<Online>,
    ) -> Result<(), GameError> {
        self.persist_with(s, game, redo, online, None).await
    }

    /// [`Games::persist_all`], and when `new` is given that game inserted in the same
    /// transaction (a rematch).
    async fn persist_with(
        &self,
        s: &mut Session,
        game: Game,
        redo: Vec<Move>,
        online: Option<Online>,
        new: Option<GameRow>,
    ) -> Result<(), GameError> {
        let (online_text, online_status) = match &online {
            Some(o) => (
                serde_json::to_string(o).map_err(|e| GameError::Internal(e.to_string()))?,
                o.status.name().to_string(),
            ),
            None => (String::new(), String::new()),
        };
        let update = GameUpdate {
            id: s.id.clone(),
            from_version: s.version,
            moves: Session::row_moves(&game),
            redo: Session::row_redo(&game, &redo),
            online: online_text,
            online_status,
        };
        let written = match new {
            Some(row) => self.store.update_and_insert(update, row).await,
            None => self.store.update(update).await,
        };
        match written {
            Ok(()) => {
                s.game = game;
                s.redo = redo;
                s.online = online;
                s.version += 1;
                s.engine_error = None;
                Ok(())
            }
            Err(e @ StoreError::Conflict { .. }) if self.store.shared() => {
                // Another instance wrote first: its notice (or the next request's version
                // check) refreshes this copy in place, keeping its watchers.
                tracing::info!(game = %s.id, "{e}");
                Err(e.into())
            }
            Err(e @ StoreError::Conflict { .. }) => {
                tracing::info!(game = %s.id, "{e}; the cached copy is dropped");
                self.forget(&s.id);
                Err(e.into())
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Plays the token holder's move in game `id`.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        input: MoveInput<'_>,
    ) -> Result<MoveReply, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        if s.online.is_some() {
            return self.play_online(&live, &mut s, token, input).await;
        }
        s.authorize(token)?;
        let pos = *s.game.position();
        if s.game.is_over() {
            return Err(s.illegal(&PlayError::GameOver));
        }
        if s.computer_to_move() {
            return Err(Session::not_your_turn());
        }
        let m = s.parse_move(input)?;
        let explained = pos.explain(m, s.game.rules()).map_err(|e| s.illegal(&e))?;
        let mut game = s.game.clone();
        game.play(m).map_err(|e| s.illegal(&e))?;
        if let Opponent::Computer(level) = s.opponent {
            // The reply must have a place in the engine's queue, else the move is refused.
            if !game.is_over() {
                self.engine.reply_room(level).map_err(busy)?;
            }
        }
        let ply = game.moves().len();
        self.persist(&mut s, game, Vec::new()).await?;
        let detail = view::move_detail(ply, &pos, m, &explained);
        let state = self.view(&s);
        self.publish_update(&s, Some(&detail), "move", Some(&state));
        if s.computer_to_move() {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(MoveReply { detail, state })
    }

    /// Takes back the last move (against the computer: back to the token holder's last turn).
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        s.not_online()?;
        s.authorize(token)?;
        let mut game = s.game.clone();
        let mut redo = s.redo.clone();
        let computer = s.against_computer();
        while let Some(m) = game.undo() {
            redo.push(m);
            if !computer || game.position().turn() == s.human {
                break;
            }
        }
        if game.moves().len() == s.game.moves().len()
            || (computer && game.position().turn() != s.human)
        {
            return Err(GameError::refused(
                "nothing-to-undo",
                "there is no move of yours to take back",
            ));
        }
        self.persist(&mut s, game, redo).await?;
        s.thinking = false; // a reply being computed is now stale (version changed)
        let state = self.view(&s);
        self.publish_update(&s, None, "undo", Some(&state));
        Ok(state)
    }

    /// Replays the next undone move (against the computer: your move and its reply).
    pub async fn redo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        s.not_online()?;
        s.authorize(token)?;
        if s.redo.is_empty() {
            return Err(GameError::refused(
                "nothing-to-redo",
                "there is no move to redo",
            ));
        }
        if s.computer_to_move() {
            return Err(Session::not_your_turn());
        }
        let mut game = s.game.clone();
        let mut redo = s.redo.clone();
        let computer = s.against_computer();
        while let Some(m) = redo.pop() {
            if let Err(e) = game.play(m) {
                tracing::warn!(game = %s.id, "redo list cut at an illegal move: {e}");
                redo.clear();
                break;
            }
            if !computer || game.is_over() || game.position().turn() == s.human {
                break;
            }
        }
        self.persist(&mut s, game, redo).await?;
        let state = self.view(&s);
        self.publish_update(&s, None, "redo", Some(&state));
        if s.computer_to_move() {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(state)
    }

    /// The OGN record of game `id`.
    pub async fn ogn(self: &Arc<Self>, id: &str) -> Result<String, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        Ok(s.ogn())
    }

    /// Starts the computer's reply in the background.
    fn spawn_computer(self: &Arc<Self>, live: Live) {
        let games = Arc::clone(self);
        tokio::spawn(async move { games.computer_turn(live).await });
    }

    /// Computes, stores and publishes the computer's reply. A failure is logged and published
    /// (`thinking` off with an `error`, the same in the state), and the next request for the
    /// state tries again: the game is never left "thinking" with nobody working on it.
    /// A game has at most one reply in the engine: while a stale one (the game changed under
    /// it) still searches, the next is started when it ends.
    async fn computer_turn(self: Arc<Self>, live: Live) {
        let (chosen, mut s, id) = loop {
            let (game, level, seed, version, id) = {
                let mut s = live.lock().await;
                let Opponent::Computer(level) = s.opponent else {
                    return;
                };
                if !s.computer_to_move() {
                    return;
                }
                if s.reply_running {
                    // The running search's end starts this one.
                    if !s.thinking {
                        s.thinking = true;
                        s.publish_thinking();
                    }
                    return;
                }
                s.thinking = true;
                s.reply_running = true;
                s.engine_error = None;
                s.publish_thinking();
                let seed = reply_seed(&s.id, s.game.moves().len());
                (s.game.clone(), level, seed, s.version, s.id.clone())
            };
            if self.store.shared() && !self.claim_reply(&live, &id, version).await {
                // Another instance searches it (or the claim failed): nothing runs here.
                live.lock().await.reply_running = false;
                return;
            }
            let chosen = self.engine.reply(game, level, seed).await;
            let mut s = live.lock().await;
            s.reply_running = false;
            if s.version != version {
                tracing::debug!(game = %id, "the computer's reply is stale (the game changed), dropped");
                // The game may need a reply to its new position: the loop starts it.
                continue;
            }
            break (chosen, s, id);
        };
        s.thinking = false;
        let failed = |s: &mut Session, what: String| {
            tracing::warn!(game = %id, "the computer's reply failed: {what}");
            s.engine_error = Some(what);
            s.publish_thinking();
        };
        let m = match chosen {
            Ok(m) => m,
            Err(e) => return failed(&mut s, e.to_string()),
        };
        let pos = *s.game.position();
        let mut next = s.game.clone();
        let explained = match pos.explain(m, s.game.rules()) {
            Ok(d) => d,
            Err(e) => return failed(&mut s, format!("the engine chose an illegal move: {e}")),
        };
        if let Err(e) = next.play(m) {
            return failed(&mut s, format!("the engine chose an illegal move: {e}"));
        }
        let ply = next.moves().len();
        match self.persist(&mut s, next, Vec::new()).await {
            Ok(()) => {}
            Err(GameError::Conflict) => {
                // Someone else changed the game; its new owner of the cache takes it from here.
                s.engine_error = Some("the game changed elsewhere; reload it".into());
                s.publish_thinking();
                return;
            }
            Err(e) => {
                let what = match &e {
                    GameError::Storage(se) => format!("its move could not be saved: {se}"),
                    e => e.to_string(),
                };
                return failed(&mut s, what);
            }
        }
        let detail = view::move_detail(ply, &pos, m, &explained);
        self.publish_update(&s, Some(&detail), "computer", None);
    }

    /// With several instances: claims the computer's reply to game `id` at `version` in the
    /// database, so that one instance searches it. Another instance's claim: this one waits
    /// for its move (a notice) and takes the work over if the claim runs out first (its
    /// claimer died). Answers whether to search here.
    async fn claim_reply(self: &Arc<Self>, live: &Live, id: &str, version: u64) -> bool {
        let lease = self.online.work_lease;
        match self
            .store
            .claim(format!("reply {id} {version}"), lease)
            .await
        {
            Ok(true) => true,
            Ok(false) => {
                tracing::debug!(game = %id, "another instance computes the reply");
                let games = Arc::clone(self);
                let live = Arc::clone(live);
                tokio::spawn(async move {
                    tokio::time::sleep(lease + Duration::from_millis(100)).await;
                    let mut s = live.lock().await;
                    if s.version == version && s.thinking {
                        tracing::info!(game = %s.id, "the reply's claim ran out: taking it over");
                        s.thinking = false;
                        drop(s);
                        games.spawn_computer(live);
                    }
                });
                false
            }
            Err(e) => {
                let mut s = live.lock().await;
                if s.version == version {
                    s.thinking = false;
                    s.engine_error = Some(format!("its move could not be claimed: {e}"));
                    s.publish_thinking();
                }
                false
            }
        }
    }

    /// Starts an analysis of game `id` at `ply` (default: now), streaming `analysis` events; a
    /// new analysis of the same game stops the previous one. Answers the analysis number. Only
    /// the seat holder may ask (engine time is theirs to spend): `token` must be the game's.
    /// Online games: refused to their players while the game runs; spectators (no token) may.
    ///
    /// In an online game a spectator's analysis goes to that spectator's stream alone
    /// (`watcher`: the handle its first event gave); the players get none while the game
    /// runs, and once it is over theirs goes to the game's stream.
    pub async fn analyse(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        watcher: Option<&str>,
        ply: Option<usize>,
        movetime: Duration,
        purpose: &str,
    ) -> Result<u64, GameError> {
        let live = self.live(id).await?;
        // A place in the analyses' queue first: a full queue changes nothing.
        let ticket = self.engine.analysis_ticket().map_err(busy)?;
        let (game, seq, stop, events) = {
            let mut s = live.lock().await;
            let spectator = match &s.online {
                Some(o) => match o.side_of(token) {
                    Some(_) if o.is_live() => {
                        return Err(GameError::Forbidden {
                            code: "no-analysis-during-play",
                            message: "no analysis for the players while the game runs".into(),
                        })
                    }
                    Some(_) => None,
                    None => Some(s.watcher_handle(watcher)?),
                },
                None => {
                    s.authorize(token)?;
                    None
                }
            };
            let played = s.game.moves().len();
            let ply = ply.unwrap_or(played);
            if ply > played {
                return Err(GameError::invalid(
                    "bad-ply",
                    format!("the game has only {played} moves"),
                ));
            }
            let game = s.game.truncated(ply);
            if game.is_over() {
                return Err(s.illegal(&PlayError::GameOver));
            }
            let stop = Arc::new(AtomicBool::new(false));
            s.analysis_seq += 1;
            let seq = s.analysis_seq;
            let events = match spectator {
                Some(handle) => {
                    let w = s
                        .watchers
                        .get_mut(&handle)
                        .ok_or_else(Session::no_watcher)?;
                    w.stop_analysis();
                    w.analysis = Some(Arc::clone(&stop));
                    w.events.clone()
                }
                None => {
                    if let Some(old) = s.analysis.take() {
                        old.store(true, Ordering::Relaxed);
                    }
                    s.analysis = Some(Arc::clone(&stop));
                    s.channel.sender()
                }
            };
            (game, seq, stop, events)
        };
        let purpose = if purpose == "hint" {
            "hint"
        } else {
            "analysis"
        };
        let ply = game.moves().len();
        let side = game.position().turn();
        let report = move |info: &oware_engine::Info, best: Option<Option<Move>>| {
            let ev = view::analysis_event(seq, purpose, ply, side, info, best);
            match serde_json::to_string(&ev) {
                Ok(data) => {
                    // No receivers is fine: nobody is watching.
                    let _ = events.send(Event {
                        name: "analysis",
                        data: data.into(),
                    });
                }
                Err(e) => tracing::warn!("an analysis report could not be written: {e}"),
            }
        };
        self.engine.analyse(
            ticket,
            AnalysisJob {
                game,
                movetime,
                stop,
            },
            report,
        );
        Ok(seq)
    }

    /// Stops the running analysis of game `id`, if any: the seat holder's (`token`; a player
    /// of an online game), or in an online game a spectator's own (`watcher`, its stream's
    /// handle), never someone else's.
    pub async fn stop_analysis(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        watcher: Option<&str>,
    ) -> Result<(), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        match &s.online {
            Some(o) if o.side_of(token).is_some() => {}
            Some(_) => {
                let handle = s.watcher_handle(watcher)?;
                if let Some(w) = s.watchers.get_mut(&handle) {
                    w.stop_analysis();
                }
                return Ok(());
            }
            None => s.authorize(token)?,
        }
        if let Some(stop) = s.analysis.take() {
            stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// What `/api/health` says about the endgame tables (`null` without a folder).
    pub fn egdb_health(&self) -> serde_json::Value {
        self.egdb
            .as_ref()
            .map_or(serde_json::Value::Null, |t| t.health())
    }

    /// The number of stored games (answers only if the store does).
    pub async fn stored_games(&self) -> Result<u64, GameError> {
        Ok(self.store.count().await?)
    }

    /// The event sender of game `id` if this instance holds it in its cache.
    pub(crate) async fn cached_events(&self, id: &str) -> Option<broadcast::Sender<Event>> {
        let live = self.cache().get(id).cloned()?;
        let s = live.lock().await;
        Some(s.channel.sender())
    }

    /// Reviews this instance started searching since start.
    pub fn reviews_searched(&self) -> usize {
        self.reviews.started()
    }

    /// Replies the computer searched on this instance since start.
    pub fn replies_searched(&self) -> u64 {
        self.engine.replies_started()
    }

    /// Whether the store is shared with other server instances.
    pub fn store_shared(&self) -> bool {
        self.store.shared()
    }

    /// What the store is, for logs.
    pub fn store_name(&self) -> String {
        self.store.describe()
    }

    /// Game `id` as a review sees it: a copy of its moves and its event sender. With `ask`
    /// (starting a review, which spends engine time), the same access rules as an analysis: a
    /// game on one device needs its seat token; an online game is reviewed only once it is
    /// over, by anyone who may watch it. A game without moves has nothing to review.
    pub(crate) async fn review_target(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        ask: bool,
    ) -> Result<ReviewTarget, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        if ask {
            match &s.online {
                Some(o) if o.is_live() => {
                    return Err(GameError::refused(
                        "review-after-the-game",
                        "an online game is reviewed once it is over",
                    ))
                }
                Some(_) => {}
                None => s.authorize(token)?,
            }
            if s.game.moves().is_empty() {
                return Err(GameError::invalid(
                    "nothing-to-review",
                    "the game has no moves to review yet",
                ));
            }
        }
        Ok(ReviewTarget {
            game: s.game.clone(),
            moves: Session::row_moves(&s.game),
            events: s.channel.sender(),
        })
    }

    /// The store (for the reviews, which keep their results with the game).
    pub(crate) fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The engine's slots.
    pub(crate) fn engine(&self) -> &EngineJobs {
        &self.engine
    }

    /// The reviews running.
    pub(crate) fn reviews(&self) -> &Reviews {
        &self.reviews
    }

    /// Closes the store (pending writes finish; its lock is released).
    pub async fn close(&self) -> Result<(), GameError> {
        self.reviews.stop_all();
        // The stop's time: the next start charges no clock for what follows.
        if let Err(e) = self.store.mark_alive(now_ms()).await {
            tracing::warn!("the store could not record the stop's time: {e}");
        }
        Ok(self.store.close().await?)
    }
}

/// What a review gets of a game (see [`Games::review_target`]).
pub(crate) struct ReviewTarget {
    /// The game as it is now.
    pub(crate) game: Game,
    /// Its moves as the store writes them (what a stored review is compared with).
    pub(crate) moves: String,
    /// Its event channel.
    pub(crate) events: broadcast::Sender<Event>,
}

/// An online game to create (already parsed from the request).
#[derive(Debug, Clone)]
pub struct NewOnline {
    /// The rules; `None` = abapa.
    pub rules: Option<Rules>,
    /// The clock, `None` for none.
    pub clock: Option<TimeControl>,
    /// The creator's side, `None` = drawn at random.
    pub color: Option<Side>,
    /// The creator's name.
    pub name: String,
    /// Whether to list the challenge in the lobby.
    pub lobby: bool,
}

/// A seat taken: its token and the game's state as its holder sees it.
pub struct SeatReply {
    /// The game.
    pub id: String,
    /// The seat's secret token.
    pub token: String,
    /// The state.
    pub state: StateView,
}

/// An action on an offer, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    /// A draw.
    Draw,
    /// A takeback.
    Takeback,
}

/// Keeps a player's or spectator's presence while its event stream is open.
pub struct PresenceGuard {
    games: Arc<Games>,
    live: Live,
    side: Option<Side>,
    /// A spectator's stream handle.
    watcher: Option<String>,
}

impl Drop for PresenceGuard {
    fn drop(&mut self) {
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let games = Arc::clone(&self.games);
        let live = Arc::clone(&self.live);
        let side = self.side;
        let watcher = self.watcher.take();
        rt.spawn(async move {
            let mut s = live.lock().await;
            s.presence.close(side, now_ms());
            if let Some(handle) = watcher {
                // Its forwarder and analysis stop with it.
                s.watchers.remove(&handle);
            }
            if side.is_some() {
                games.publish_update(&s, None, "presence", None);
            } else {
                s.publish_spectators();
            }
            games.announce_presence(&s);
            if side.is_some() {
                games.recheck_lobby_later(&live);
            }
        });
    }
}

impl NewOnline {
    /// Parses the request's fields; `clock` is the JSON value (`null` = no clock).
    pub fn parse(
        rules: Option<&str>,
        clock: Option<&serde_json::Value>,
        color: Option<&str>,
        name: Option<&str>,
        lobby: bool,
        min_initial_s: u64,
    ) -> Result<NewOnline, GameError> {
        let rules = rules
            .map(|r| {
                r.parse::<Rules>()
                    .map_err(|e| GameError::invalid("bad-rules", e.to_string()))
            })
            .transpose()?;
        let clock = match clock {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::Object(m)) => {
                let num = |k: &str| -> Result<Option<f64>, GameError> {
                    match m.get(k) {
                        None | Some(serde_json::Value::Null) => Ok(None),
                        Some(v) => v.as_f64().map(Some).ok_or_else(|| {
                            GameError::invalid("bad-clock", format!("{k} must be a number"))
                        }),
                    }
                };
                Some(TimeControl::checked(
                    num("initial_s")?,
                    num("increment_s")?,
                    min_initial_s,
                )?)
            }
            Some(_) => {
                return Err(GameError::invalid(
                    "bad-clock",
                    "clock must be null or {\"initial_s\": N, \"increment_s\": M}",
                ))
            }
        };
        let color = match color.unwrap_or("random") {
            "random" => None,
            c => Some(c.parse::<Side>().map_err(|_| {
                GameError::invalid(
                    "bad-color",
                    format!("color must be random, S or N, not \"{c}\""),
                )
            })?),
        };
        Ok(NewOnline {
            rules,
            clock,
            color,
            name: clean_name(name.unwrap_or("")),
            lobby,
        })
    }
}

fn online_of(s: &Session) -> Result<&Online, GameError> {
    s.online.as_ref().ok_or_else(|| {
        GameError::refused(
            "not-online",
            "this game is played on one device, not online",
        )
    })
}

impl Games {
    /// The smallest initial time a clock may have, in seconds.
    pub fn min_initial_s(&self) -> u64 {
        self.online.min_initial_s
    }

    /// Counts a creation by `ip`; refuses beyond the limit in the window.
    fn count_creation(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        let Some(ip) = ip else { return Ok(()) };
        self.creations.take(ip).map_err(|o| GameError::TooMany {
            code: "too-many-games",
            message: format!(
                "you have created {} online games in the last {} minutes; wait {} s before \
                 creating another",
                o.held,
                self.creations.window().as_secs() / 60,
                o.wait_s
            ),
            retry_after_s: o.wait_s,
        })
    }

    /// Creates an open online game (a challenge) for a creator at address `ip`.
    pub async fn create_online(
        self: &Arc<Self>,
        req: NewOnline,
        ip: Option<std::net::IpAddr>,
    ) -> Result<Created, GameError> {
        let place = req.lobby.then(|| self.lobby.reserve(ip)).transpose();
        let place = place.map_err(|r| GameError::Limited {
            code: r.code,
            message: r.message,
        })?;
        self.count_creation(ip)?;
        let side = match req.color {
            Some(s) => s,
            None => {
                let mut b = [0u8; 1];
                getrandom::fill(&mut b).map_err(|e| GameError::Internal(format!("random: {e}")))?;
                if b[0] & 1 == 0 {
                    Side::South
                } else {
                    Side::North
                }
            }
        };
        let token = random_hex(24)?;
        let name = if req.name.is_empty() {
            "Anonymous".to_string()
        } else {
            req.name
        };
        let online = Online::new(side, name, token.clone(), req.clock, req.lobby, now_ms());
        let game = Game::new(req.rules.unwrap_or_default());
        let id = random_hex(16)?;
        self.insert_online(&id, &token, game, online).await?;
        let live = self.live(&id).await?;
        let s = live.lock().await;
        if let Some(place) = place {
            self.lobby.assign(place, &id);
        }
        self.sync_lobby(&s);
        if s.online.as_ref().is_some_and(|o| o.lobby) {
            self.recheck_lobby_later(&live);
        }
        tracing::debug!(game = %id, "online game created");
        Ok(Created {
            id,
            token,
            state: self.view_for(&s, Some(side)),
        })
    }

    async fn insert_online(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        game: Game,
        online: Online,
    ) -> Result<(), GameError> {
        self.store
            .insert(online_row(id, token, &game, &online)?)
            .await?;
        Ok(())
    }

    /// Keeps the lobby in step with game `s` and tells its watchers when it changed.
    fn sync_lobby(&self, s: &Session) {
        if let Some(o) = &s.online {
            self.lobby.sync(
                &s.id,
                o,
                s.game.rules(),
                &s.presence_now(now_ms()),
                now_ms(),
            );
        }
    }

    /// Looks at game `live`'s lobby entry again once the creator's grace has run out, so that a
    /// challenge whose creator left (or never opened the page) leaves the lobby.
    fn recheck_lobby_later(self: &Arc<Self>, live: &Live) {
        let (games, live) = (Arc::clone(self), Arc::clone(live));
        self.lobby
            .after_grace(async move { games.sync_lobby(&*live.lock().await) });
    }

    /// The lobby: open challenges, oldest first.
    pub fn lobby(&self) -> serde_json::Value {
        self.lobby.list_json()
    }

    /// The lobby now as a first event, and a subscription to its changes (`lobby.rs`).
    pub fn subscribe_lobby(&self) -> (Event, broadcast::Receiver<Event>) {
        self.lobby.subscribe()
    }

    /// After a stored online change: tell the watchers, keep the lobby, arm the flag's timer.
    fn online_changed(self: &Arc<Self>, live: &Live, s: &Session, cause: &str) {
        self.publish_update(s, None, cause, None);
        self.sync_lobby(s);
        self.arm_clock(live, s);
    }

    /// Starts the timer that ends the game when the running side's flag falls, cancelling the
    /// game's previous timer (a game has at most one; one that has ended or whose clock is
    /// stopped has none).
    fn arm_clock(self: &Arc<Self>, live: &Live, s: &Session) {
        let mut timer = s.flag_timer.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = timer.take() {
            old.abort();
        }
        let Some(deadline) = s
            .online
            .as_ref()
            .filter(|o| o.status == Status::Playing)
            .and_then(|o| o.clock.as_ref())
            .and_then(|c| c.deadline())
        else {
            return;
        };
        let version = s.version;
        let games = Arc::clone(self);
        let live = Arc::clone(live);
        let task = tokio::spawn(async move {
            let mut deadline = deadline;
            loop {
                let wait = deadline.saturating_sub(now_ms());
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let mut s = live.lock().await;
                if s.version != version {
                    return;
                }
                let Some(mut o) = s.online.clone() else {
                    return;
                };
                if !o.check_flag(now_ms()) {
                    match o.clock.as_ref().and_then(|c| c.deadline()) {
                        Some(d) => {
                            deadline = d;
                            continue;
                        }
                        None => return,
                    }
                }
                if games.store.shared() {
                    // Every instance holding the game has this timer: one writes the fall
                    // (claimed in the database; the version check would refuse a second
                    // write anyway). Another's claim: look again once it could have run out
                    // (its writer's notice ends this timer before then).
                    let lease = games.online.work_lease;
                    match games
                        .store
                        .claim(format!("flag {} {version}", s.id), lease)
                        .await
                    {
                        Ok(true) => {}
                        Ok(false) => {
                            deadline = now_ms() + lease.as_millis() as u64 + 100;
                            continue;
                        }
                        Err(e) => {
                            tracing::warn!(game = %s.id, "the fallen flag could not be claimed, retrying in 1 s: {e}");
                            deadline = now_ms() + 1000;
                            continue;
                        }
                    }
                }
                let game = s.game.clone();
                match games.persist_all(&mut s, game, Vec::new(), Some(o)).await {
                    Ok(()) => {
                        tracing::debug!(game = %s.id, "a flag fell");
                        games.online_changed(&live, &s, "time");
                        return;
                    }
                    Err(GameError::Conflict) => return,
                    Err(e) => {
                        tracing::warn!(game = %s.id, "the fallen flag could not be stored, retrying in 1 s: {e}");
                        deadline = now_ms() + 1000;
                    }
                }
            }
        });
        *timer = Some(task.abort_handle());
    }

    /// At start: resumes the clocks of the online games still going and rebuilds the lobby;
    /// answers how many clocks were resumed. A clock charges the time its side used up to the
    /// stop and not the downtime: every server records in the store that it is alive (every
    /// [`ALIVE_EVERY`] and when it stops), and a start that finds the last record older than
    /// that moves each running turn's start forward by the time since. With several instances
    /// on one database, a start while another instance serves (its record is recent) changes
    /// no clock: the service was never down.
    pub async fn resume_online(self: &Arc<Self>) -> Result<usize, GameError> {
        let now = now_ms();
        let last = self.store.last_alive().await?;
        let shared = self.store.shared();
        let down = match last {
            Some(at) if !shared || now.saturating_sub(at) > 2 * ALIVE_EVERY.as_millis() as u64 => {
                now.saturating_sub(at)
            }
            _ => 0,
        };
        // One instance moves the clocks: the others starting meanwhile find its record.
        let mover = down > 0
            && (!shared
                || self
                    .store
                    .claim("resume clocks".to_string(), self.online.work_lease)
                    .await
                    .unwrap_or(false));
        let result = self.resume_games(if mover { down } else { 0 }).await;
        self.store.mark_alive(now_ms()).await?;
        if mover && shared {
            let _ = self.store.release("resume clocks".to_string()).await;
        }
        self.alive_heartbeat();
        result
    }

    /// Every [`ALIVE_EVERY`], records in the store that this server is alive. Ends when the
    /// games are dropped.
    fn alive_heartbeat(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(ALIVE_EVERY).await;
                let Some(games) = weak.upgrade() else { return };
                if let Err(e) = games.store.mark_alive(now_ms()).await {
                    tracing::warn!("the store could not record that this server is alive: {e}");
                }
            }
        });
    }

    /// [`Games::resume_online`]'s work on each game: the running clocks' turns start `down` ms
    /// later.
    async fn resume_games(self: &Arc<Self>, down: u64) -> Result<usize, GameError> {
        let rows = self.store.live_online().await?;
        let mut resumed = 0;
        for row in rows {
            let live = match self.live(&row.id).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(game = %row.id, "an online game could not be resumed: {e}");
                    continue;
                }
            };
            let mut s = live.lock().await;
            let Some(mut o) = s.online.clone() else {
                continue;
            };
            let running = o.clock.as_mut().filter(|c| c.running.is_some());
            if let Some(c) = running.filter(|_| down > 0) {
                c.turn_started_ms = (c.turn_started_ms + down).min(now_ms());
                let game = s.game.clone();
                if let Err(e) = self.persist_all(&mut s, game, Vec::new(), Some(o)).await {
                    tracing::warn!(game = %row.id, "a clock could not be resumed: {e}");
                    continue;
                }
                resumed += 1;
            }
            self.arm_clock(&live, &s);
            self.sync_lobby(&s);
            if s.online.as_ref().is_some_and(|o| o.lobby) {
                self.recheck_lobby_later(&live);
            }
        }
        Ok(resumed)
    }

    /// Plays a move of an online game (the token's side, on its turn, before its flag falls).
    async fn play_online(
        self: &Arc<Self>,
        live: &Live,
        s: &mut Session,
        token: Option<&str>,
        input: MoveInput<'_>,
    ) -> Result<MoveReply, GameError> {
        let now = now_ms();
        let mut o = online_of(s)?.clone();
        let side = o.player(token)?;
        if o.check_flag(now) {
            let game = s.game.clone();
            self.persist_all(s, game, Vec::new(), Some(o)).await?;
            self.online_changed(live, s, "time");
            return Err(GameError::refused(
                "game-over",
                "your time ran out before this move: the game is over",
            ));
        }
        o.may_move(side, &s.game)?;
        let m = s.parse_move(input)?;
        let pos = *s.game.position();
        let explained = pos.explain(m, s.game.rules()).map_err(|e| s.illegal(&e))?;
        let mut game = s.game.clone();
        game.play(m).map_err(|e| s.illegal(&e))?;
        o.after_move(side, &game, now);
        let ply = game.moves().len();
        self.persist_all(s, game, Vec::new(), Some(o)).await?;
        let detail = view::move_detail(ply, &pos, m, &explained);
        self.publish_update(s, Some(&detail), "move", None);
        self.sync_lobby(s);
        self.arm_clock(live, s);
        Ok(MoveReply {
            detail,
            state: self.view_for(s, Some(side)),
        })
    }

    /// Runs `f` on a copy of game `id`'s online part for the token's side (after the flag is
    /// checked), stores the copy, tells the watchers and answers the state for that side.
    async fn online_action<R>(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        cause: &str,
        f: impl FnOnce(&mut Online, Side, &Session, u64) -> Result<R, OnlineError>,
    ) -> Result<(R, StateView), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        let now = now_ms();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if o.check_flag(now) {
            let game = s.game.clone();
            self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
            self.online_changed(&live, &s, "time");
            return Err(OnlineError::game_over().into());
        }
        let r = f(&mut o, side, &s, now)?;
        let game = s.game.clone();
        self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
        self.online_changed(&live, &s, cause);
        Ok((r, self.view_for(&s, Some(side))))
    }

    /// Takes the free seat of open game `id` (a token of another game is fine; the creator's
    /// own is refused). Of two racing joiners one gets the seat: the write is checked against
    /// the version read, so even two server instances cannot both fill it.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        name: &str,
    ) -> Result<SeatReply, GameError> {
        let mut tries = 0;
        loop {
            tries += 1;
            match self.join_once(id, token, name).await {
                // Another writer changed the game: read it again and decide on what it is now.
                Err(GameError::Conflict) if tries < 3 => continue,
                r => return r,
            }
        }
    }

    async fn join_once(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        name: &str,
    ) -> Result<SeatReply, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        let mut o = online_of(&s)?.clone();
        let new_token = random_hex(24)?;
        let name = match clean_name(name) {
            n if n.is_empty() => "Anonymous".to_string(),
            n => n,
        };
        let side = o.join(token, name, new_token.clone(), now_ms())?;
        let game = s.game.clone();
        self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
        s.names = online_names(online_of(&s)?);
        // Both sides are "gone" from now until their streams open.
        s.presence.gone_since[usize::from(side == Side::North)] = now_ms();
        self.online_changed(&live, &s, "join");
        Ok(SeatReply {
            id: id.to_string(),
            token: new_token,
            state: self.view_for(&s, Some(side)),
        })
    }

    /// The creator cancels their open challenge.
    pub async fn cancel(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        Ok(self
            .online_action(id, token, "cancel", |o, side, _, _| o.cancel(side))
            .await?
            .1)
    }

    /// The token's side resigns.
    pub async fn resign(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        Ok(self
            .online_action(id, token, "resign", |o, side, _, now| o.resign(side, now))
            .await?
            .1)
    }

    /// The token's side aborts the game (before both sides have moved).
    pub async fn abort(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        Ok(self
            .online_action(id, token, "abort", |o, side, s, now| {
                o.abort(side, &s.game, now)
            })
            .await?
            .1)
    }

    /// A step of a draw offer or a takeback.
    pub async fn offer(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        kind: OfferKind,
        action: &str,
    ) -> Result<StateView, GameError> {
        let action = OfferAction::parse(action)?;
        match kind {
            OfferKind::Draw => Ok(self
                .online_action(id, token, "draw", |o, side, _, now| {
                    o.draw(side, action, now)
                })
                .await?
                .1),
            OfferKind::Takeback => self.takeback(id, token, action).await,
        }
    }

    async fn takeback(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
    ) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        let now = now_ms();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if o.check_flag(now) {
            let game = s.game.clone();
            self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
            self.online_changed(&live, &s, "time");
            return Err(OnlineError::game_over().into());
        }
        let mut game = s.game.clone();
        if let Some(n) = o.takeback(side, action, &game, now)? {
            for _ in 0..n {
                game.undo();
            }
            o.after_takeback(&game, now);
        }
        self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
        self.online_changed(&live, &s, "takeback");
        Ok(self.view_for(&s, Some(side)))
    }

    /// The token's side claims the win or a draw against an opponent who left.
    pub async fn claim(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        result: &str,
    ) -> Result<StateView, GameError> {
        let claim = match result {
            "win" => Claim::Win,
            "draw" => Claim::Draw,
            other => {
                return Err(GameError::invalid(
                    "bad-claim",
                    format!("result must be win or draw, not \"{other}\""),
                ))
            }
        };
        let cfg = self.online.clone();
        Ok(self
            .online_action(id, token, "claim", |o, side, s, now| {
                let gone = s.presence_now(now).gone_ms(s.game.position().turn(), now);
                let delay = o.claim_delay(&cfg).as_millis() as u64;
                o.claim(side, claim, &s.game, gone, delay, now)
            })
            .await?
            .1)
    }

    /// A rematch step by a player at address `ip`. Accepted: the new game is created (colours
    /// swapped, same settings; it counts as a creation by `ip`, so rematch chains cannot get
    /// round the creation limit) and the accepter's seat in it is answered; the offerer takes
    /// theirs with [`Games::seat`]. An accept that lost a race to another (a second tab,
    /// another instance) answers the seat of the rematch the winner made.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        action: &str,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(Option<SeatReply>, StateView), GameError> {
        let action = OfferAction::parse(action)?;
        let mut tries = 0;
        loop {
            tries += 1;
            match self.rematch_once(id, token, action, ip).await {
                Err(GameError::Conflict) if tries < 3 => continue,
                r => return r,
            }
        }
    }

    async fn rematch_once(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(Option<SeatReply>, StateView), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        let now = now_ms();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if let (Some(next), OfferAction::Offer | OfferAction::Accept) = (&o.rematch_id, action) {
            // Already made (by this player's other request, or the opponent's): its seat.
            let next = next.clone();
            let state = self.view_for(&s, Some(side));
            drop(s);
            return Ok((Some(self.seat(&next, token).await?), state));
        }
        if !o.rematch(side, action, now)? {
            let game = s.game.clone();
            self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
            self.online_changed(&live, &s, "rematch");
            return Ok((None, self.view_for(&s, Some(side))));
        }
        self.count_creation(ip)?;
        let (south_next, north_next) = (random_hex(24)?, random_hex(24)?);
        let new = o.rematch_game(id, (south_next.clone(), north_next.clone()), now);
        let new_id = random_hex(16)?;
        let game = Game::from_position(*s.game.start(), *s.game.rules());
        let creator_token = new.seat(new.creator).token.clone().unwrap_or_default();
        // The old game's versioned write and the new game in one transaction: of two racing
        // accepts (two tabs, two instances) only the winner creates a game, and nobody sees
        // the link before the game.
        o.rematch_id = Some(new_id.clone());
        let row = online_row(&new_id, &creator_token, &game, &new)?;
        let old_game = s.game.clone();
        self.persist_with(&mut s, old_game, Vec::new(), Some(o), Some(row))
            .await?;
        self.online_changed(&live, &s, "rematch");
        let old_state = self.view_for(&s, Some(side));
        drop(s);
        let new_live = self.live(&new_id).await?;
        let ns = new_live.lock().await;
        let token = match side {
            Side::South => south_next,
            Side::North => north_next,
        };
        Ok((
            Some(SeatReply {
                id: new_id,
                token,
                state: self.view_for(&ns, Some(side.other())),
            }),
            old_state,
        ))
    }

    /// The seat in rematch `id` of the holder of `old_token`, a player of the previous game.
    pub async fn seat(
        self: &Arc<Self>,
        id: &str,
        old_token: Option<&str>,
    ) -> Result<SeatReply, GameError> {
        let live = self.live(id).await?;
        let previous = {
            let s = live.lock().await;
            online_of(&s)?.rematch_of.clone()
        };
        let Some(previous) = previous else {
            return Err(OnlineError::not_your_seat().into());
        };
        let old_side = {
            let old = self.live(&previous).await?;
            let s = old.lock().await;
            online_of(&s)?.player(old_token)?
        };
        let s = live.lock().await;
        let side = old_side.other();
        let token = online_of(&s)?
            .seat(side)
            .token
            .clone()
            .ok_or_else(OnlineError::not_your_seat)?;
        Ok(SeatReply {
            id: id.to_string(),
            token,
            state: self.view_for(&s, Some(side)),
        })
    }

    /// A presence key for the token's seat: the page opens the events with `?presence=KEY`.
    pub async fn presence_key(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<String, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        let side = online_of(&s)?.player(token)?;
        s.presence_key_of(side)
            .ok_or_else(|| GameError::Internal("a seat without a token".into()))
    }

    /// The state of game `id` as the holder of `token` sees it (`you` set for a player).
    pub async fn state_for(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        if token.is_none() {
            return self.state(id).await;
        }
        let live = self.live(id).await?;
        let s = live.lock().await;
        let you = s.online.as_ref().and_then(|o| o.side_of(token));
        Ok(self.view_for(&s, you))
    }

    /// Subscribes to game `id`'s events as a player (presence `key`) or a spectator: the
    /// stream counts as connected until the guard is dropped (the page left).
    pub async fn subscribe_present(
        self: &Arc<Self>,
        id: &str,
        key: Option<&str>,
    ) -> Result<(Event, broadcast::Receiver<Event>, Option<PresenceGuard>), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        if s.online.is_none() {
            drop(s);
            let (first, rx) = self.subscribe(id).await?;
            return Ok((first, rx, None));
        }
        let side = match key {
            None => None,
            Some(k) => Some(
                Side::ALL
                    .into_iter()
                    .find(|&side| {
                        s.presence_key_of(side)
                            .is_some_and(|want| constant_time_eq(k.as_bytes(), want.as_bytes()))
                    })
                    .ok_or_else(|| GameError::Forbidden {
                        code: "bad-presence-key",
                        message: "this presence key is not one of this game's (ask for a new one)"
                            .into(),
                    })?,
            ),
        };
        s.presence.open(side);
        let (rx, watcher) = match side {
            Some(_) => {
                self.publish_update(&s, None, "presence", None);
                (s.channel.subscribe(), None)
            }
            None => {
                // A spectator: a stream of its own (see [`Watcher`]), and only the count
                // changes for the others.
                s.publish_spectators();
                let handle = random_hex(12)?;
                let (own, rx) = broadcast::channel(64);
                let mut game_events = s.channel.subscribe();
                let to = own.clone();
                let forwarder = tokio::spawn(async move {
                    loop {
                        match game_events.recv().await {
                            Ok(ev) => {
                                if to.send(ev).is_err() {
                                    return;
                                }
                            }
                            Err(broadcast::error::RecvError::Lagged(_)) => continue,
                            Err(broadcast::error::RecvError::Closed) => return,
                        }
                    }
                })
                .abort_handle();
                s.watchers.insert(
                    handle.clone(),
                    Watcher {
                        events: own,
                        forwarder,
                        analysis: None,
                    },
                );
                (rx, Some(handle))
            }
        };
        self.announce_presence(&s);
        self.sync_lobby(&s);
        let first = serde_json::json!({
            "cause": "connect",
            "detail": null,
            "state": self.view(&s),
            "watcher": watcher,
        });
        let first = Event {
            name: "update",
            data: first.to_string().into(),
        };
        Ok((
            first,
            rx,
            Some(PresenceGuard {
                games: Arc::clone(self),
                live: Arc::clone(&live),
                side,
                watcher,
            }),
        ))
    }
}

/// The stored row of a new online game `id` (creator's token `token`).
fn online_row(id: &str, token: &str, game: &Game, online: &Online) -> Result<GameRow, GameError> {
    let names = online_names(online);
    Ok(GameRow {
        id: id.to_string(),
        token: token.to_string(),
        opponent: Opponent::Online.name().to_string(),
        human: online.creator.char().to_string(),
        rules: game.rules().to_string(),
        start: fen::write(game.start()),
        moves: String::new(),
        redo: String::new(),
        version: 1,
        south_name: names.south,
        north_name: names.north,
        online: serde_json::to_string(online).map_err(|e| GameError::Internal(e.to_string()))?,
        online_status: online.status.name().to_string(),
    })
}

/// The names shown for an online game's seats.
fn online_names(o: &Online) -> BySide<String> {
    let name = |side: Side, fallback: &str| {
        let n = &o.seat(side).name;
        if n.is_empty() {
            fallback.to_string()
        } else {
            n.clone()
        }
    };
    BySide::new(name(Side::South, "South"), name(Side::North, "North"))
}

#[cfg(test)]
mod name_tests {
    use super::clean_name;

    #[test]
    fn long_names_are_cut_at_a_word_boundary() {
        let n = clean_name("Kwame Nkrumah Asantehene of the Golden Stool Ashanti");
        assert_eq!(n, "Kwame Nkrumah Asantehene of the Golden");
        assert_eq!(clean_name(&"x".repeat(50)).chars().count(), 40);
        assert_eq!(clean_name("  Ama\u{7}  "), "Ama");
    }
}

#[cfg(test)]
mod timer_tests {
    use super::*;
    use crate::store::SqliteStore;

    /// The references to a cached game other than the cache's own and the caller's, once
    /// the cancelled timers have been dropped by the runtime.
    async fn holders(games: &Games, id: &str) -> usize {
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        let live = games.cache().get(id).cloned().expect("cached");
        Arc::strong_count(&live) - 2
    }

    #[tokio::test]
    async fn a_clocked_game_has_one_flag_timer_and_none_once_it_ended() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("games.sqlite")).unwrap();
        let games = Games::new(Arc::new(store), EngineJobs::new(1), None);
        let body = serde_json::json!({ "initial_s": 600, "increment_s": 5 });
        let new = NewOnline::parse(None, Some(&body), Some("S"), Some("Ama"), false, 30).unwrap();
        let created = games.create_online(new, None).await.unwrap();
        let (id, south) = (created.id, created.token);
        let north = games.join(&id, None, "Kofi").await.unwrap().token;
        // Moves, a declined draw offer: each change re-arms the clock.
        for (token, pit) in [(&south, "C"), (&north, "c"), (&south, "D"), (&north, "d")] {
            games
                .play(&id, Some(token), MoveInput::Text(pit))
                .await
                .unwrap();
        }
        games
            .offer(&id, Some(&south), OfferKind::Draw, "offer")
            .await
            .unwrap();
        games
            .offer(&id, Some(&north), OfferKind::Draw, "decline")
            .await
            .unwrap();
        assert_eq!(
            holders(&games, &id).await,
            1,
            "one timer while the clock runs"
        );
        games.resign(&id, Some(&south)).await.unwrap();
        assert_eq!(
            holders(&games, &id).await,
            0,
            "a finished game is held by no timer: the cache may drop it"
        );
        games.close().await.unwrap();
    }
}
