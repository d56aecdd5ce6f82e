//! Live games: the cache in front of the store, moves, undo/redo, the computer's replies and
//! analysis on the blocking pool, and the events each game broadcasts.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use oware_core::movetext::{self, MoveText};
use oware_core::{fen, ogn, BySide, Game, Move, PlayError, Position, Rules, Side};
use oware_engine::{Level, Limits};
use tokio::sync::{broadcast, watch, Mutex, Semaphore};

use crate::error::ApiError;
use crate::store::{GameRow, Store};
use crate::view::{self, AnalysisEvent, MoveDetailView, StateView};

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

    fn parse(s: &str) -> Result<Opponent, ApiError> {
        if s.trim().eq_ignore_ascii_case("friend") {
            return Ok(Opponent::Friend);
        }
        s.parse::<Level>().map(Opponent::Computer).map_err(|_| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad-opponent",
                format!("unknown opponent '{s}' (expected easy, medium, hard, expert or friend)"),
            )
        })
    }
}

/// An event sent to every page watching a game: a name and its JSON data.
#[derive(Debug, Clone)]
pub struct Event {
    /// `update`, `thinking` or `analysis`.
    pub name: &'static str,
    /// The JSON text.
    pub data: Arc<str>,
}

/// One live game.
pub struct Entry {
    pub(crate) id: String,
    pub(crate) token: String,
    pub(crate) opponent: Opponent,
    /// The token holder's side against the computer (South in friend games).
    pub(crate) human: Side,
    pub(crate) names: BySide<String>,
    pub(crate) game: Game,
    /// Moves taken back, the next one to replay last.
    pub(crate) redo: Vec<Move>,
    pub(crate) version: u64,
    pub(crate) thinking: bool,
    analysis: Option<Arc<AtomicBool>>,
    analysis_seq: u64,
    events: broadcast::Sender<Event>,
    version_tx: watch::Sender<u64>,
    egdb: Option<Arc<crate::egdb_view::Tables>>,
}

/// The endgame tables a game shows, if any.
pub(crate) fn egdb_tables(e: &Entry) -> Option<Arc<crate::egdb_view::Tables>> {
    e.egdb.clone()
}

impl Entry {
    /// Whether the computer is to move.
    pub(crate) fn computer_to_move(&self) -> bool {
        matches!(self.opponent, Opponent::Computer(_))
            && !self.game.is_over()
            && self.game.position().turn() != self.human
    }

    fn row_moves(&self) -> String {
        movetext::write_list(&self.game.move_texts()).replace(' ', "")
    }

    fn row_redo(&self) -> String {
        let mut side = self.game.position().turn();
        let mut out = String::new();
        for m in self.redo.iter().rev() {
            out.push(m.letter(side));
            side = side.other();
        }
        out
    }

    fn publish(&self, name: &'static str, data: String) {
        // No receivers is fine: nobody is watching.
        let _ = self.events.send(Event {
            name,
            data: data.into(),
        });
    }

    /// Tells the watchers about a change (`state` is the new state if the caller has it).
    fn publish_update(
        &self,
        detail: Option<&MoveDetailView>,
        cause: &str,
        state: Option<&StateView>,
    ) {
        if self.events.receiver_count() > 0 {
            let built;
            let state = match state {
                Some(s) => s,
                None => {
                    built = view::state(self);
                    &built
                }
            };
            let data = serde_json::json!({
                "cause": cause,
                "detail": detail,
                "state": state,
            });
            self.publish("update", data.to_string());
        }
        self.version_tx.send_replace(self.version);
    }

    fn publish_thinking(&self) {
        let data = serde_json::json!({ "thinking": self.thinking, "version": self.version });
        self.publish("thinking", data.to_string());
    }

    /// Subscribes to this game's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// A receiver of the game's version, to wait for changes.
    pub fn watch_version(&self) -> watch::Receiver<u64> {
        self.version_tx.subscribe()
    }

    /// Checks the seat token.
    pub fn authorize(&self, token: Option<&str>) -> Result<(), ApiError> {
        let Some(token) = token else {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "no-token",
                "this needs the game's seat token (header X-Seat-Token)",
            ));
        };
        if !constant_time_eq(token.as_bytes(), self.token.as_bytes()) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "wrong-token",
                "this seat token does not belong to this game",
            ));
        }
        Ok(())
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
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
    ) -> Result<NewGame, ApiError> {
        let unprocessable =
            |code, msg: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, msg);
        let human = match human {
            None => None,
            Some(h) => Some(
                h.parse::<Side>()
                    .map_err(|e| unprocessable("bad-side", e.to_string()))?,
            ),
        };
        let rules = match rules {
            None => None,
            Some(r) => Some(
                r.parse::<Rules>()
                    .map_err(|e| unprocessable("bad-rules", e.to_string()))?,
            ),
        };
        Ok(NewGame {
            opponent: Opponent::parse(opponent)?,
            human,
            rules,
            ogn,
            names,
        })
    }
}

/// What a move request answers.
pub struct MoveReply {
    /// What the move did, seed by seed.
    pub detail: MoveDetailView,
    /// The game after it.
    pub state: StateView,
}

/// Games kept in memory before idle ones are dropped from the cache.
const CACHE_GAMES: usize = 20_000;

/// A piece of work for the database thread.
type DbJob = Box<dyn FnOnce(&Store) + Send>;

/// The shared state of the server.
pub struct App {
    db: std::sync::mpsc::Sender<DbJob>,
    games: std::sync::Mutex<HashMap<String, Arc<Mutex<Entry>>>>,
    engine_slots: Arc<Semaphore>,
    /// Analyses and hints have their own slots, so that they never delay a computer's reply.
    analysis_slots: Arc<Semaphore>,
    pub(crate) egdb: Option<Arc<crate::egdb_view::Tables>>,
}

/// Replays stored move letters.
fn replay(start: Position, rules: Rules, moves: &str) -> Result<Game, String> {
    let mut game = Game::from_position(start, rules);
    for m in movetext::parse_list(moves).map_err(|e| e.to_string())? {
        game.play_text(&m).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| ApiError::internal(format!("random: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `id` looks like one of our ids (so junk never reaches the database).
fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Says why `m` cannot be played, in words for the page (the reason itself comes from the core).
pub(crate) fn explain_error(e: &PlayError, names: &BySide<String>) -> (&'static str, String) {
    match e {
        PlayError::GameOver => ("game-over", "The game is over.".to_string()),
        PlayError::EmptyPit { pit } => ("empty-pit", format!("Pit {pit} is empty.")),
        PlayError::MustFeed { opponent } => (
            "must-feed",
            format!(
                "{} has no seeds: you must play a pit that gives {} seeds.",
                names[*opponent], names[*opponent]
            ),
        ),
        PlayError::GrandSlam => (
            "grand-slam",
            "That would capture every seed of your opponent (a grand slam), which these rules \
             forbid while another move exists."
                .to_string(),
        ),
        PlayError::WrongSide { turn } => ("wrong-side", format!("It is {}'s turn.", names[*turn])),
        PlayError::WrongCapture { .. } => ("wrong-capture", format!("{e}.")),
    }
}

fn illegal(e: &PlayError, names: &BySide<String>) -> ApiError {
    let (code, message) = explain_error(e, names);
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
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

fn clean_name(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect::<String>()
        .trim()
        .to_string()
}

impl App {
    /// A server state over `store`, running at most `engine_threads` searches at once.
    pub fn new(
        store: Store,
        engine_threads: usize,
        egdb: Option<crate::egdb_view::Tables>,
    ) -> Arc<App> {
        // One thread owns the database: writes are short (WAL, no fsync per commit) and go one
        // at a time anyway, and the async workers never block on them.
        let (db, jobs) = std::sync::mpsc::channel::<DbJob>();
        let spawned = std::thread::Builder::new()
            .name("oware-db".into())
            .spawn(move || {
                for job in jobs {
                    job(&store);
                }
            });
        if let Err(e) = spawned {
            // Without a thread every storage call fails with a message (the channel is closed).
            eprintln!("oware-server: cannot start the database thread: {e}");
        }
        Arc::new(App {
            db,
            games: std::sync::Mutex::new(HashMap::new()),
            engine_slots: Arc::new(Semaphore::new(engine_threads.max(1))),
            analysis_slots: Arc::new(Semaphore::new(engine_threads.max(1))),
            egdb: egdb.map(Arc::new),
        })
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Mutex<Entry>>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts a live game in the cache (keeping one already there), first forgetting idle games
    /// when the cache is full: they are all in the store and come back on the next request.
    fn remember(&self, id: String, entry: Arc<Mutex<Entry>>) -> Arc<Mutex<Entry>> {
        let mut cache = self.cache();
        if cache.len() >= CACHE_GAMES && !cache.contains_key(&id) {
            cache.retain(|_, e| {
                // Busy: someone holds it (a request, a search, an event stream).
                Arc::strong_count(e) > 1
                    || e.try_lock()
                        .map_or(true, |g| g.thinking || g.events.receiver_count() > 0)
            });
        }
        Arc::clone(cache.entry(id).or_insert(entry))
    }

    /// Runs `f` on the database thread.
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, crate::store::StoreError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.db
            .send(Box::new(move |s: &Store| {
                let _ = tx.send(f(s));
            }))
            .map_err(|_| ApiError::internal("the database thread has stopped"))?;
        rx.await
            .map_err(|_| ApiError::internal("the database thread has stopped"))?
            .map_err(ApiError::from)
    }

    fn new_entry(&self, row: &GameRow, game: Game, redo: Vec<Move>) -> Result<Entry, ApiError> {
        let opponent = Opponent::parse(&row.opponent).map_err(|_| {
            ApiError::internal(format!("stored game has opponent '{}'", row.opponent))
        })?;
        let human: Side = row
            .human
            .parse()
            .map_err(|_| ApiError::internal("stored game has a bad side"))?;
        let mut names = default_names(opponent, human);
        if !row.south_name.is_empty() {
            names.south = row.south_name.clone();
        }
        if !row.north_name.is_empty() {
            names.north = row.north_name.clone();
        }
        let (events, _) = broadcast::channel(64);
        let (version_tx, _) = watch::channel(row.version);
        Ok(Entry {
            id: row.id.clone(),
            token: row.token.clone(),
            opponent,
            human,
            names,
            game,
            redo,
            version: row.version,
            thinking: false,
            analysis: None,
            analysis_seq: 0,
            events,
            version_tx,
            egdb: self.egdb.clone(),
        })
    }

    /// Creates a game; answers its id, seat token and state.
    pub async fn create(
        self: &Arc<Self>,
        req: NewGame,
    ) -> Result<(String, String, StateView), ApiError> {
        let unprocessable =
            |code, msg: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, msg);
        let mut game = match &req.ogn {
            Some(text) => {
                let record =
                    ogn::parse(text).map_err(|e| unprocessable("bad-ogn", e.to_string()))?;
                let rules = match req.rules {
                    Some(r) => r,
                    None => record
                        .rules()
                        .map_err(|e| unprocessable("bad-ogn", e.to_string()))?,
                };
                record
                    .to_game_with(rules)
                    .map_err(|e| unprocessable("bad-ogn", e.to_string()))?
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
        let moves_text = movetext::write_list(&game.move_texts()).replace(' ', "");
        let row = GameRow {
            id: random_hex(16)?,
            token: random_hex(24)?,
            opponent: req.opponent.name().to_string(),
            human: human.char().to_string(),
            rules: game.rules().to_string(),
            start: fen::write(game.start()),
            moves: moves_text,
            redo: String::new(),
            version: 1,
            south_name: names.south.clone(),
            north_name: names.north.clone(),
        };
        let r = row.clone();
        self.blocking(move |s| s.insert(&r)).await?;
        // Normalise: a game from a record is the same whether fresh or reloaded.
        game = replay(*game.start(), *game.rules(), &row.moves).map_err(ApiError::internal)?;
        let entry = self.new_entry(&row, game, Vec::new())?;
        let state = view::state(&entry);
        let computer = entry.computer_to_move();
        let entry = Arc::new(Mutex::new(entry));
        self.remember(row.id.clone(), Arc::clone(&entry));
        if computer {
            self.spawn_computer(entry);
        }
        Ok((row.id, row.token, state))
    }

    /// The live game `id`, loaded from the store when needed (resuming the computer's turn).
    pub async fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<Mutex<Entry>>, ApiError> {
        if !plausible_id(id) {
            return Err(ApiError::no_game());
        }
        if let Some(e) = self.cache().get(id) {
            return Ok(Arc::clone(e));
        }
        let key = id.to_string();
        let row = self
            .blocking(move |s| s.load(&key))
            .await?
            .ok_or_else(ApiError::no_game)?;
        let rules: Rules = row
            .rules
            .parse()
            .map_err(|e| ApiError::internal(format!("stored rules: {e}")))?;
        let start =
            fen::parse(&row.start).map_err(|e| ApiError::internal(format!("stored start: {e}")))?;
        let game = replay(start, rules, &row.moves).map_err(ApiError::internal)?;
        let mut redo_game = game.clone();
        let mut redo = Vec::new();
        for m in movetext::parse_list(&row.redo).unwrap_or_default() {
            match redo_game.play_text(&m) {
                Ok(_) => redo.push(m.mv),
                Err(_) => break,
            }
        }
        redo.reverse();
        let entry = self.new_entry(&row, game, redo)?;
        let computer = entry.computer_to_move();
        let entry = Arc::new(Mutex::new(entry));
        let entry = self.remember(id.to_string(), entry);
        if computer {
            self.spawn_computer(Arc::clone(&entry));
        }
        Ok(entry)
    }

    /// The state of game `id`.
    pub async fn state(self: &Arc<Self>, id: &str) -> Result<StateView, ApiError> {
        let entry = self.entry(id).await?;
        let e = entry.lock().await;
        Ok(view::state(&e))
    }

    /// Waits (up to `timeout`) until game `id` has a version above `since`; answers its state.
    pub async fn wait_state(
        self: &Arc<Self>,
        id: &str,
        since: u64,
        timeout: Duration,
    ) -> Result<StateView, ApiError> {
        let entry = self.entry(id).await?;
        let mut rx = entry.lock().await.watch_version();
        let _ = tokio::time::timeout(timeout, rx.wait_for(|v| *v > since)).await;
        let e = entry.lock().await;
        Ok(view::state(&e))
    }

    /// Stores the moves of `e` with a new version, then (only then) commits the change in memory.
    async fn persist(&self, e: &mut Entry, game: Game, redo: Vec<Move>) -> Result<(), ApiError> {
        let old_game = std::mem::replace(&mut e.game, game);
        let old_redo = std::mem::replace(&mut e.redo, redo);
        let (id, moves, redo_text, version) =
            (e.id.clone(), e.row_moves(), e.row_redo(), e.version + 1);
        let result = self
            .blocking(move |s| s.update_moves(&id, &moves, &redo_text, version))
            .await;
        match result {
            Ok(()) => {
                e.version = version;
                Ok(())
            }
            Err(err) => {
                e.game = old_game;
                e.redo = old_redo;
                Err(err)
            }
        }
    }

    /// Plays the token holder's move `text` (a letter, `A`–`F` / `a`–`f`) or `pit` (0–5 of the side
    /// to move) in game `id`.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        text: Option<&str>,
        pit: Option<i64>,
    ) -> Result<MoveReply, ApiError> {
        let entry = self.entry(id).await?;
        let mut e = entry.lock().await;
        e.authorize(token)?;
        let pos = *e.game.position();
        if e.game.is_over() {
            return Err(illegal(&PlayError::GameOver, &e.names));
        }
        if e.computer_to_move() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "not-your-turn",
                "it is the computer's turn: wait for its move",
            ));
        }
        let m = match (text, pit) {
            (Some(t), None) => {
                let mt: MoveText = t.trim().parse().map_err(|err: movetext::ParseMoveError| {
                    ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "bad-move",
                        err.to_string(),
                    )
                })?;
                mt.to_move(&pos, e.game.rules())
                    .map_err(|err| illegal(&err, &e.names))?
            }
            (None, Some(p)) => usize::try_from(p).ok().and_then(Move::new).ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad-move",
                    format!("pit must be 0 to 5 (from the mover's left), not {p}"),
                )
            })?,
            _ => {
                return Err(ApiError::bad_request(
                    "give either \"move\" (a letter like \"C\") or \"pit\" (0 to 5)",
                ))
            }
        };
        let detail = pos
            .explain(m, e.game.rules())
            .map_err(|err| illegal(&err, &e.names))?;
        let mut game = e.game.clone();
        game.play(m).map_err(|err| illegal(&err, &e.names))?;
        self.persist(&mut e, game, Vec::new()).await?;
        let detail = view::move_detail(&pos, m, &detail);
        let state = view::state(&e);
        e.publish_update(Some(&detail), "move", Some(&state));
        if e.computer_to_move() {
            self.spawn_computer(Arc::clone(&entry));
        }
        Ok(MoveReply { detail, state })
    }

    /// Takes back the last move (against the computer: back to the token holder's last turn).
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, ApiError> {
        let entry = self.entry(id).await?;
        let mut e = entry.lock().await;
        e.authorize(token)?;
        let mut game = e.game.clone();
        let mut redo = e.redo.clone();
        let computer = matches!(e.opponent, Opponent::Computer(_));
        while let Some(m) = game.undo() {
            redo.push(m);
            if !computer || game.position().turn() == e.human {
                break;
            }
        }
        if game.moves().len() == e.game.moves().len()
            || (computer && game.position().turn() != e.human)
        {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "nothing-to-undo",
                "there is no move of yours to take back",
            ));
        }
        self.persist(&mut e, game, redo).await?;
        e.thinking = false; // a reply being computed is now stale (version changed)
        let state = view::state(&e);
        e.publish_update(None, "undo", Some(&state));
        Ok(state)
    }

    /// Replays the next undone move (against the computer: your move and its reply).
    pub async fn redo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, ApiError> {
        let entry = self.entry(id).await?;
        let mut e = entry.lock().await;
        e.authorize(token)?;
        if e.redo.is_empty() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "nothing-to-redo",
                "there is no move to redo",
            ));
        }
        if e.computer_to_move() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "not-your-turn",
                "it is the computer's turn: wait for its move",
            ));
        }
        let mut game = e.game.clone();
        let mut redo = e.redo.clone();
        let computer = matches!(e.opponent, Opponent::Computer(_));
        while let Some(m) = redo.pop() {
            if game.play(m).is_err() {
                redo.clear();
                break;
            }
            if !computer || game.is_over() || game.position().turn() == e.human {
                break;
            }
        }
        self.persist(&mut e, game, redo).await?;
        let state = view::state(&e);
        e.publish_update(None, "redo", Some(&state));
        if e.computer_to_move() {
            self.spawn_computer(Arc::clone(&entry));
        }
        Ok(state)
    }

    /// The OGN record of game `id`.
    pub async fn ogn(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        let entry = self.entry(id).await?;
        let e = entry.lock().await;
        Ok(view::ogn_text(&e))
    }

    fn seed(id: &str, ply: usize) -> u64 {
        // FNV-1a of the id, mixed with the ply: reproducible per game and move.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in id.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        (h ^ ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// Starts the computer's reply in the background (one search slot, blocking pool).
    fn spawn_computer(self: &Arc<Self>, entry: Arc<Mutex<Entry>>) {
        let app = Arc::clone(self);
        tokio::spawn(async move { app.computer_turn(entry).await });
    }

    async fn computer_turn(self: Arc<Self>, entry: Arc<Mutex<Entry>>) {
        let (game, level, seed, version) = {
            let mut e = entry.lock().await;
            let Opponent::Computer(level) = e.opponent else {
                return;
            };
            if e.thinking || !e.computer_to_move() {
                return;
            }
            e.thinking = true;
            e.publish_thinking();
            let seed = App::seed(&e.id, e.game.moves().len());
            (e.game.clone(), level, seed, e.version)
        };
        let slots = Arc::clone(&self.engine_slots);
        let chosen = match slots.acquire_owned().await {
            Ok(permit) => tokio::task::spawn_blocking(move || {
                let _permit = permit;
                oware_engine::choose_move(&game, level, seed)
            })
            .await
            .ok()
            .flatten(),
            Err(_) => None,
        };
        let mut e = entry.lock().await;
        if e.version != version {
            // Undone or changed meanwhile: this reply is stale.
            return;
        }
        e.thinking = false;
        let Some(m) = chosen else {
            e.publish_thinking();
            return;
        };
        let pos = *e.game.position();
        let (Ok(detail), mut next) = (pos.explain(m, e.game.rules()), e.game.clone()) else {
            e.publish_thinking();
            return;
        };
        if next.play(m).is_err() || self.persist(&mut e, next, Vec::new()).await.is_err() {
            e.publish_thinking();
            return;
        }
        let detail = view::move_detail(&pos, m, &detail);
        e.publish_update(Some(&detail), "computer", None);
    }

    /// Starts an analysis of game `id` at `ply` (default: now), streaming `analysis` events; a
    /// new analysis of the same game stops the previous one. Answers the analysis number.
    pub async fn analyse(
        self: &Arc<Self>,
        id: &str,
        ply: Option<usize>,
        movetime: Duration,
        purpose: &str,
    ) -> Result<u64, ApiError> {
        let entry = self.entry(id).await?;
        let (game, seq, stop, events, names) = {
            let mut e = entry.lock().await;
            let ply = ply.unwrap_or(e.game.moves().len());
            if ply > e.game.moves().len() {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad-ply",
                    format!("the game has only {} moves", e.game.moves().len()),
                ));
            }
            let game = e.game.truncated(ply);
            if game.is_over() {
                return Err(illegal(&PlayError::GameOver, &e.names));
            }
            if let Some(old) = e.analysis.take() {
                old.store(true, Ordering::Relaxed);
            }
            let stop = Arc::new(AtomicBool::new(false));
            e.analysis = Some(Arc::clone(&stop));
            e.analysis_seq += 1;
            (
                game,
                e.analysis_seq,
                stop,
                e.events.clone(),
                e.names.clone(),
            )
        };
        let purpose = if purpose == "hint" {
            "hint"
        } else {
            "analysis"
        };
        let slots = Arc::clone(&self.analysis_slots);
        tokio::spawn(async move {
            let Ok(permit) = slots.acquire_owned().await else {
                return;
            };
            let _ = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let limits = Limits {
                    movetime: Some(movetime),
                    ..Limits::default()
                };
                let ply = game.moves().len();
                let side = game.position().turn();
                let send = |ev: &AnalysisEvent| {
                    let data = serde_json::to_string(ev).unwrap_or_default();
                    let _ = events.send(Event {
                        name: "analysis",
                        data: data.into(),
                    });
                };
                let mut on_info = |info: &oware_engine::Info| {
                    send(&view::analysis_event(
                        seq, purpose, ply, side, info, None, &names,
                    ));
                };
                // A watchdog ends searches that ignore the time limit.
                let watchdog_stop = Arc::clone(&stop);
                let deadline = std::time::Instant::now() + movetime + Duration::from_millis(500);
                std::thread::spawn(move || {
                    while std::time::Instant::now() < deadline {
                        if watchdog_stop.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    watchdog_stop.store(true, Ordering::Relaxed);
                });
                let result = oware_engine::search(&game, &limits, &stop, &mut on_info);
                stop.store(true, Ordering::Relaxed);
                send(&view::analysis_event(
                    seq,
                    purpose,
                    ply,
                    side,
                    &result.info,
                    Some(result.best),
                    &names,
                ));
            })
            .await;
        });
        Ok(seq)
    }

    /// Stops the running analysis of game `id`, if any.
    pub async fn stop_analysis(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        let entry = self.entry(id).await?;
        let mut e = entry.lock().await;
        if let Some(stop) = e.analysis.take() {
            stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// The number of stored games.
    pub async fn stored_games(&self) -> Result<u64, ApiError> {
        self.blocking(|s| s.count()).await
    }
}
