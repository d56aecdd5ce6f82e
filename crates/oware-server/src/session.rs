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
use crate::engine::{AnalysisJob, EngineJobs};
use crate::events::{Channel, Event};
use crate::store::{GameRow, GameUpdate, Store, StoreError};
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
            GameError::Invalid { code, .. } | GameError::Refused { code, .. } => code,
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
            GameError::Invalid { message, .. } | GameError::Refused { message, .. } => {
                write!(f, "{message}")
            }
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
}

impl Opponent {
    /// `friend` or the level's name.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(l) => l.name(),
            Opponent::Friend => "friend",
        }
    }

    fn parse(s: &str) -> Result<Opponent, GameError> {
        if s.trim().eq_ignore_ascii_case("friend") {
            return Ok(Opponent::Friend);
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
    thinking: bool,
    /// Why the computer's last reply failed; cleared by the next change.
    engine_error: Option<String>,
    analysis: Option<Arc<AtomicBool>>,
    analysis_seq: u64,
    channel: Channel,
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
        let mut names = default_names(opponent, human);
        if !row.south_name.is_empty() {
            names.south = row.south_name.clone();
        }
        if !row.north_name.is_empty() {
            names.north = row.north_name.clone();
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
            engine_error: None,
            analysis: None,
            analysis_seq: 0,
            channel: Channel::new(row.version),
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
        let mut side = game.position().turn();
        let mut out = String::new();
        for m in redo.iter().rev() {
            out.push(m.letter(side));
            side = side.other();
        }
        out
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

    fn publish_thinking(&self) {
        let data = serde_json::json!({
            "thinking": self.thinking,
            "version": self.version,
            "error": self.engine_error,
        });
        self.channel.publish("thinking", data.to_string());
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Games kept in memory before idle ones are dropped from the cache.
const CACHE_GAMES: usize = 20_000;

type Live = Arc<Mutex<Session>>;

/// The games of this server: the cache of live sessions, the store behind it and the engine.
pub struct Games {
    store: Arc<dyn Store>,
    engine: EngineJobs,
    cache: std::sync::Mutex<HashMap<String, Live>>,
    egdb: Option<Arc<Tables>>,
}

/// Replays stored move letters.
fn replay(start: Position, rules: Rules, moves: &str) -> Result<Game, String> {
    let mut game = Game::from_position(start, rules);
    for m in movetext::parse_list(moves).map_err(|e| e.to_string())? {
        game.play_text(&m).map_err(|e| e.to_string())?;
    }
    Ok(game)
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
        Opponent::Friend => BySide::new("South".to_string(), "North".to_string()),
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

/// The longest name kept, in characters.
const NAME_MAX: usize = 40;

/// A player's name without control characters and at most [`NAME_MAX`] characters, cut at the
/// last space that fits (a single word longer than that is cut at the limit).
fn clean_name(s: &str) -> String {
    let clean: String = s.chars().filter(|c| !c.is_control()).collect();
    let clean = clean.trim();
    if clean.chars().count() <= NAME_MAX {
        return clean.to_string();
    }
    let head: String = clean.chars().take(NAME_MAX + 1).collect();
    let cut = match head.rfind(char::is_whitespace) {
        Some(i) if i > 0 => head[..i].to_string(),
        _ => head.chars().take(NAME_MAX).collect(),
    };
    cut.trim_end().to_string()
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
        Arc::new(Games {
            store,
            engine,
            cache: std::sync::Mutex::new(HashMap::new()),
            egdb: egdb.map(Arc::new),
        })
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Live>> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts a live game in the cache (keeping one already there), first forgetting idle games
    /// when the cache is full: they are all in the store and come back on the next request.
    fn remember(&self, id: String, entry: Live) -> Live {
        let mut cache = self.cache();
        if cache.len() >= CACHE_GAMES && !cache.contains_key(&id) {
            cache.retain(|_, e| {
                // Busy: someone holds it (a request, a search, an event stream).
                Arc::strong_count(e) > 1
                    || e.try_lock()
                        .map_or(true, |g| g.thinking || g.channel.watched())
            });
        }
        Arc::clone(cache.entry(id).or_insert(entry))
    }

    /// Drops a game's cached copy (it is stale); the next request reloads it from the store.
    fn forget(&self, id: &str) {
        self.cache().remove(id);
    }

    fn view(&self, s: &Session) -> StateView {
        view::state(&s.snapshot(self.egdb.as_deref()))
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

    /// Creates a game.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, GameError> {
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
    async fn live(self: &Arc<Self>, id: &str) -> Result<Live, GameError> {
        if !plausible_id(id) {
            return Err(GameError::NotFound);
        }
        if let Some(e) = self.cache().get(id) {
            return Ok(Arc::clone(e));
        }
        let row = self
            .store
            .load(id.to_string())
            .await?
            .ok_or(GameError::NotFound)?;
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
        let session = Session::from_row(&row, game, redo)?;
        let computer = session.computer_to_move();
        let live = self.remember(id.to_string(), Arc::new(Mutex::new(session)));
        if computer {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(live)
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
        let update = GameUpdate {
            id: s.id.clone(),
            from_version: s.version,
            moves: Session::row_moves(&game),
            redo: Session::row_redo(&game, &redo),
        };
        match self.store.update(update).await {
            Ok(()) => {
                s.game = game;
                s.redo = redo;
                s.version += 1;
                s.engine_error = None;
                Ok(())
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
        s.authorize(token)?;
        let pos = *s.game.position();
        if s.game.is_over() {
            return Err(s.illegal(&PlayError::GameOver));
        }
        if s.computer_to_move() {
            return Err(Session::not_your_turn());
        }
        let m = match input {
            MoveInput::Text(t) => {
                let mt: MoveText = t.trim().parse().map_err(|e: movetext::ParseMoveError| {
                    GameError::invalid("bad-move", e.to_string())
                })?;
                mt.to_move(&pos, s.game.rules())
                    .map_err(|e| s.illegal(&e))?
            }
            MoveInput::Pit(p) => usize::try_from(p).ok().and_then(Move::new).ok_or_else(|| {
                GameError::invalid(
                    "bad-move",
                    format!("pit must be 0 to 5 (from the mover's left), not {p}"),
                )
            })?,
        };
        let explained = pos.explain(m, s.game.rules()).map_err(|e| s.illegal(&e))?;
        let mut game = s.game.clone();
        game.play(m).map_err(|e| s.illegal(&e))?;
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
        Ok(view::ogn_text(&s.game, &s.names))
    }

    /// Starts the computer's reply in the background.
    fn spawn_computer(self: &Arc<Self>, live: Live) {
        let games = Arc::clone(self);
        tokio::spawn(async move { games.computer_turn(live).await });
    }

    /// Computes, stores and publishes the computer's reply. A failure is logged and published
    /// (`thinking` off with an `error`, the same in the state), and the next request for the
    /// state tries again: the game is never left "thinking" with nobody working on it.
    async fn computer_turn(self: Arc<Self>, live: Live) {
        let (game, level, seed, version, id) = {
            let mut s = live.lock().await;
            let Opponent::Computer(level) = s.opponent else {
                return;
            };
            if s.thinking || !s.computer_to_move() {
                return;
            }
            s.thinking = true;
            s.engine_error = None;
            s.publish_thinking();
            let seed = reply_seed(&s.id, s.game.moves().len());
            (s.game.clone(), level, seed, s.version, s.id.clone())
        };
        let chosen = self.engine.reply(game, level, seed).await;
        let mut s = live.lock().await;
        if s.version != version {
            tracing::debug!(game = %id, "the computer's reply is stale (the game changed), dropped");
            return;
        }
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

    /// Starts an analysis of game `id` at `ply` (default: now), streaming `analysis` events; a
    /// new analysis of the same game stops the previous one. Answers the analysis number. Only
    /// the seat holder may ask (engine time is theirs to spend): `token` must be the game's.
    pub async fn analyse(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        ply: Option<usize>,
        movetime: Duration,
        purpose: &str,
    ) -> Result<u64, GameError> {
        let live = self.live(id).await?;
        let (game, seq, stop, events) = {
            let mut s = live.lock().await;
            s.authorize(token)?;
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
            if let Some(old) = s.analysis.take() {
                old.store(true, Ordering::Relaxed);
            }
            let stop = Arc::new(AtomicBool::new(false));
            s.analysis = Some(Arc::clone(&stop));
            s.analysis_seq += 1;
            (game, s.analysis_seq, stop, s.channel.sender())
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
            AnalysisJob {
                game,
                movetime,
                stop,
            },
            report,
        );
        Ok(seq)
    }

    /// Stops the running analysis of game `id`, if any; only the seat holder (`token`) may.
    pub async fn stop_analysis(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<(), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        s.authorize(token)?;
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

    /// What the store is, for logs.
    pub fn store_name(&self) -> String {
        self.store.describe()
    }

    /// Closes the store (pending writes finish; its lock is released).
    pub async fn close(&self) -> Result<(), GameError> {
        Ok(self.store.close().await?)
    }
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
