//! Games: creating them, moves, undo and redo, the computer's turn, analyses, online play, and
//! the cache of live games in front of the store. No HTTP here: every operation answers a value
//! or a [`GameError`], which `http/error.rs` turns into an answer in one place.
//!
//! A live game is an `Arc<tokio::sync::Mutex<Session>>` in the cache. A change is computed on a
//! copy, **written to the store (checked against the version it was computed from), and only
//! then** applied in memory, published and answered. A write that loses a race to another
//! writer is a [`GameError::Conflict`]; the cached copy is then dropped so that the next
//! request reloads the game from the store.
//!
//! This file holds [`Games`] (store, engine, cache, lobby) and reading a game; the `impl Games`
//! blocks of each job live in their own files:
//!
//! | file | job |
//! | --- | --- |
//! | `error.rs` | [`GameError`] and its codes |
//! | `session.rs` | one live game ([`Session`]): authorisation, snapshots, presence counts, spectators |
//! | `local.rs` | games on one device: create, play, undo, redo, OGN; the versioned write |
//! | `computer.rs` | the computer's reply (one per game, claimed across instances) |
//! | `analysis.rs` | analyses and hints, a player's or a spectator's |
//! | `round.rs` | online play: create (and the lobby), join, moves, resign, abort, offers, claims, rematch, seat recovery |
//! | `clock.rs` | the flag timer of each clocked game, clocks resumed at start |
//! | `presence.rs` | event streams of players and spectators ([`PresenceGuard`]), presence keys |
//! | `sync.rs` | several instances on one store: notices, presence heartbeat, resync, the alive heartbeat |
//! | `for_review.rs` | what a review gets of a game (a `ReviewTarget`), other instances' review events passed to the streams |

mod account_games;
mod analysis;
mod berserk;
mod chat;
mod clock;
mod computer;
mod cycle;
mod error;
mod for_review;
mod local;
mod paired;
mod players;
mod presence;
mod round;
mod session;
mod sync;

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use oware_core::movetext::{self};
use oware_core::{fen, Game, Move, Position, Rules, Side};
use tokio::sync::{broadcast, Mutex};

use crate::egdb_view::Tables;
use crate::engine::{EngineError, EngineJobs};
use crate::events::to_json;
use crate::events::Event;
use crate::lobby::Lobby;
use crate::online::OnlineConfig;
use crate::store::{GameRow, Store};
use crate::time::{Clock, SystemClock};
use crate::view::{self, MoveDetailView, StateView};
use oware_protocol::{EventKind, UpdateEvent};
use session::Session;

pub use chat::ChatPoster;
pub use error::GameError;
pub use local::{Created, MoveInput, MoveReply, NewGame, Opponent};
pub use oware_protocol::OfferKind;
pub use paired::{Finished, NewPaired, Paired, PairedPlayer};
pub use presence::PresenceGuard;
pub use round::{Ending, NewOnline};

/// Games kept in memory before idle ones are dropped from the cache.
const CACHE_GAMES: usize = 20_000;

type Live = Arc<Mutex<Session>>;

/// The games of this server: the cache of live sessions, the store behind it and the engine.
pub struct Games {
    store: Arc<dyn Store>,
    engine: Arc<EngineJobs>,
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
    /// The time of game rules and their timers (`time.rs`).
    clock: Arc<dyn Clock>,
    /// Online games that ended on this instance (`paired.rs`).
    finished: broadcast::Sender<paired::Finished>,
    /// Each person's recent chat messages (`chat.rs`).
    chat_limits: crate::chat::ChatLimits,
}

/// A job the engine refused because its queue is full, as the answer to the request.
fn busy(e: EngineError) -> GameError {
    GameError::Busy {
        retry_after_s: e.retry_after_s(),
        message: e.to_string(),
    }
}

/// Replays stored move letters (and the end by agreement after them: `row_moves`).
fn replay(start: Position, rules: Rules, moves: &str) -> Result<Game, String> {
    let mut game = Game::from_position(start, rules);
    let (moves, agreed) = match moves.strip_suffix(session::AGREED_CYCLE_MARK) {
        Some(m) => (m, true),
        None => (moves, false),
    };
    for m in movetext::parse_list(moves).map_err(|e| e.to_string())? {
        game.play_text(&m).map_err(|e| e.to_string())?;
    }
    if agreed {
        game.agree_cycle().map_err(|e| e.to_string())?;
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
        Games::with_clock(store, engine, egdb, online, Arc::new(SystemClock))
    }

    /// [`Games::with_online`] on `clock` (a test's [`ManualClock`](crate::ManualClock)).
    pub fn with_clock(
        store: Arc<dyn Store>,
        engine: EngineJobs,
        egdb: Option<Tables>,
        online: OnlineConfig,
        clock: Arc<dyn Clock>,
    ) -> Arc<Games> {
        Arc::new(Games {
            store,
            engine: Arc::new(engine),
            cache: std::sync::Mutex::new(HashMap::new()),
            sweep_at: std::sync::atomic::AtomicUsize::new(CACHE_GAMES),
            egdb: egdb.map(Arc::new),
            lobby: Lobby::new(&online, Arc::clone(&clock)),
            creations: crate::limits::RateWindow::on(
                online.create_limit,
                online.create_window,
                Arc::clone(&clock),
            ),
            online,
            clock,
            finished: broadcast::channel(1024).0,
            chat_limits: crate::chat::ChatLimits::default(),
        })
    }

    /// Now on the games' clock (epoch ms).
    pub(crate) fn now(&self) -> u64 {
        self.clock.now_ms()
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
            let now = self.now();
            let mut ov = o.view(
                &s.game,
                &s.presence_now(now),
                you,
                o.claim_delay(&self.online),
                now,
            );
            ov.seats.south.rating = players::seat_rating(o, Side::South, &s.players);
            ov.seats.north.rating = players::seat_rating(o, Side::North, &s.players);
            v.online = Some(ov);
            v.can_undo = false;
            v.can_redo = false;
            v.ogn = s.ogn();
        } else {
            v.cycle_offer = s.cycle_offer;
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
            let data = UpdateEvent {
                cause: cause.to_string(),
                detail: detail.cloned(),
                state: state.clone(),
                watcher: None,
            };
            s.channel.publish(EventKind::Update.name(), to_json(&data));
        }
        s.channel.set_version(s.version);
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
        let mut session = Session::from_row(&row, game, redo, self.now())?;
        session.players = self.recorded_players(id, session.online.as_ref()).await?;
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
        let fresh = Session::from_row(&row, game, redo, self.now())?;
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
        s.players = self.recorded_players(&s.id, s.online.as_ref()).await?;
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
        let first = UpdateEvent {
            cause: "connect".into(),
            detail: None,
            state: self.view(&s),
            watcher: None,
        };
        let first = Event {
            name: EventKind::Update.name(),
            data: to_json(&first).into(),
        };
        Ok((first, s.channel.subscribe()))
    }

    /// What `/api/health` says about the endgame tables (`null` without a folder).
    pub fn egdb_health(&self) -> Option<oware_protocol::EgdbHealth> {
        self.egdb.as_ref().map(|t| t.health())
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

    /// The store (for the services wired beside the games, e.g. the reviews).
    pub(crate) fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The clock of game time (shared with the accounts).
    pub(crate) fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    /// The engine's lanes (shared with the services wired beside the games).
    pub(crate) fn engine(&self) -> &Arc<EngineJobs> {
        &self.engine
    }

    /// Closes the store (pending writes finish; its lock is released).
    pub async fn close(&self) -> Result<(), GameError> {
        // The stop's time: the next start charges no clock for what follows.
        if let Err(e) = self.store.mark_alive(self.now()).await {
            tracing::warn!("the store could not record the stop's time: {e}");
        }
        Ok(self.store.close().await?)
    }
}
