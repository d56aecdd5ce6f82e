//! The live games: the cache of sessions in front of the store, reading a game (its state, its
//! view for a seat, its events), and the one step that changes a game. No HTTP, and no feature:
//! online play (`round/`), games on one device (`local/`), the chat, the lobby, the reviews and
//! the tournaments are services of their own that use [`Games`] as their repository.
//!
//! A live game is an `Arc<tokio::sync::Mutex<Session>>` in the cache. A change is computed on a
//! copy ([`Change`]) under the game's lock ([`Games::hold`]), **written to the store (checked
//! against the version it was computed from), and only then** applied in memory, published and
//! answered: one step, [`Games::commit`], for every service. A write that
//! loses a race to another writer is a [`GameError::Conflict`]; the cached copy is then dropped
//! so that the next request reloads the game from the store.
//!
//! The services that keep work for a game (the flag timer, the computer's reply, the lobby's
//! entry) follow the games as [`Follower`]s: the cache tells them when a game was loaded,
//! refreshed from the store, read, changed or watched, without knowing them.
//!
//! | file | job |
//! | --- | --- |
//! | `mod.rs` | [`Games`]: the cache, loading and refreshing, views, [`Games::commit`] |
//! | `error.rs` | [`GameError`] and its codes |
//! | `session.rs` | one live game ([`Session`]): authorisation, snapshots, presence counts, spectators |
//! | `kinds.rs` | the small types every service shares: [`Opponent`], [`MoveInput`], [`Created`], [`MoveReply`] |
//! | `rows.rs` | a game and its stored row: replaying the moves, the online part's columns |
//! | `end.rs` | what a write records when an online game ends (ratings, [`Finished`]) |
//! | `sync.rs` | several instances on one store: notices, presence heartbeat, resync |

mod end;
mod error;
mod kinds;
mod rows;
mod session;
mod sync;

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock, Weak};
use std::time::Duration;

use oware_core::{Game, Move, Side};
use tokio::sync::{broadcast, Mutex};

use crate::egdb_view::Tables;
use crate::events::to_json;
use crate::events::Event;
use crate::online::{Online, OnlineConfig};
use crate::store::{GameRow, GameUpdate, Store, StoreError};
use crate::time::Clock;
use crate::view::{self, MoveDetailView, StateView};
use oware_protocol::{EventKind, UpdateEvent};
use session::NOT_PUBLISHED;

pub use end::{category, Finished};
pub(crate) use end::{game_end, seat_rating};
pub use error::GameError;
pub use kinds::{Created, MoveInput, MoveReply, Opponent};
pub use oware_protocol::OfferKind;
pub(crate) use rows::{
    game_of_row, listing_column, local_row, online_row, plausible_id, random_hex, random_side,
    replay, Listing,
};
pub(crate) use session::{
    clean_name, constant_time_eq, default_names, online_names, online_of, Session, Watcher,
};
pub(crate) use sync::{announce_presence, follow_notices};

/// Games kept in memory before idle ones are dropped from the cache.
const CACHE_GAMES: usize = 20_000;

/// A live game: its session behind the lock that orders its changes.
pub(crate) type Live = Arc<Mutex<Session>>;

/// What happened to a cached game, as its [`Follower`]s are told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Touch {
    /// Loaded from the store into the cache.
    Loaded,
    /// Replaced by a newer stored copy (another instance's change); the watchers were told.
    Refreshed,
    /// Its state was read.
    Read,
    /// Changed here by [`Games::commit`]; the watchers were told.
    Changed,
    /// Its streams changed (here or on another instance), or the lobby is checked again.
    Watched,
}

/// A service keeping work for live games (timers, replies, lobby entries): the cache tells it
/// what happened to a game, under the game's lock.
pub(crate) trait Follower: Send + Sync {
    /// `s` (the game `live`) was touched as `touch` says.
    fn touched(&self, live: &Live, s: &Session, touch: Touch);

    /// Game `id`, not cached here, is no longer an open challenge (another instance's change).
    fn unlisted(&self, _id: &str) {}

    /// An online game ended on this instance (written).
    fn finished(&self, _end: &Finished) {}
}

/// A change of a game computed on a copy: what the versioned write stores, and how the
/// watchers are told of it ([`Games::commit`]).
pub(crate) struct Change {
    /// The game after the change.
    pub game: Game,
    /// The moves taken back, the next one to replay last.
    pub redo: Vec<Move>,
    /// The online part after the change (`None` for a game on one device).
    pub online: Option<Online>,
    /// A new game stored in the same transaction (a rematch).
    pub insert: Option<GameRow>,
    /// What a move did, for the watchers' animation.
    pub detail: Option<MoveDetailView>,
    /// The watchers get the whole state (and [`Games::commit`] answers it), not only the
    /// record since their last update.
    pub whole_state: bool,
    /// What changes in memory only, once the write is done and before the watchers are told.
    pub then: Option<InMemory>,
}

/// A change made in memory only, after a [`Change`] is written (see [`Change::then`]).
pub type InMemory = Box<dyn FnOnce(&mut Session) + Send>;

impl Change {
    /// A game on one device becoming `game`, with `redo`.
    pub fn local(game: Game, redo: Vec<Move>) -> Change {
        Change {
            game,
            redo,
            online: None,
            insert: None,
            detail: None,
            whole_state: false,
            then: None,
        }
    }

    /// An online game becoming `game` and `online`.
    pub fn online(game: Game, online: Online) -> Change {
        Change {
            online: Some(online),
            ..Change::local(game, Vec::new())
        }
    }

    /// The change is a move that did `detail`.
    pub fn with_detail(self, detail: MoveDetailView) -> Change {
        Change {
            detail: Some(detail),
            ..self
        }
    }

    /// The watchers get the whole state, which [`Games::commit`] answers.
    pub fn whole_state(self) -> Change {
        Change {
            whole_state: true,
            ..self
        }
    }

    /// `then` runs on the session once the change is written, before the watchers are told.
    pub fn then(self, then: impl FnOnce(&mut Session) + Send + 'static) -> Change {
        Change {
            then: Some(Box::new(then)),
            ..self
        }
    }
}

/// A live game held under its lock ([`Games::hold`]): the session to read and change.
pub(crate) type Held = tokio::sync::OwnedMutexGuard<Session>;

/// The games of this server: the cache of live sessions and the store behind it.
pub struct Games {
    store: Arc<dyn Store>,
    cache: std::sync::Mutex<HashMap<String, Live>>,
    /// The cache's size at which idle games are next looked for (at least [`CACHE_GAMES`]):
    /// raised after each sweep, so a cache full of busy games is not scanned on every insert.
    sweep_at: std::sync::atomic::AtomicUsize,
    egdb: Option<Arc<Tables>>,
    online: OnlineConfig,
    /// The time of game rules (`time.rs`).
    clock: Arc<dyn Clock>,
    /// The services following the games, set once by the wiring (`env.rs`).
    followers: OnceLock<Vec<Weak<dyn Follower>>>,
}

/// The accounts' lines of finished online game `o` (`id`), for its view.
async fn recorded_players(
    store: &Arc<dyn Store>,
    id: &str,
    o: Option<&Online>,
) -> Result<Vec<crate::store::accounts::PlayerGame>, GameError> {
    match o {
        Some(o)
            if o.status == crate::online::Status::Over
                && (o.south.user.is_some() || o.north.user.is_some()) =>
        {
            Ok(store.accounts().game_players(id.to_string()).await?)
        }
        _ => Ok(Vec::new()),
    }
}

impl Games {
    /// The games kept in `store`, with the endgame tables `egdb` for the page's values, the
    /// settings of online games and the clock of game time.
    pub(crate) fn new(
        store: Arc<dyn Store>,
        egdb: Option<Arc<Tables>>,
        online: OnlineConfig,
        clock: Arc<dyn Clock>,
    ) -> Arc<Games> {
        Arc::new(Games {
            store,
            cache: std::sync::Mutex::new(HashMap::new()),
            sweep_at: std::sync::atomic::AtomicUsize::new(CACHE_GAMES),
            egdb,
            online,
            clock,
            followers: OnceLock::new(),
        })
    }

    /// Sets the services that follow the games (once, by the wiring).
    pub(crate) fn follow(&self, followers: Vec<Weak<dyn Follower>>) {
        if self.followers.set(followers).is_err() {
            tracing::error!("the games' followers were set twice");
        }
    }

    /// Tells the followers what happened to game `s`.
    fn touch(&self, live: &Live, s: &Session, touch: Touch) {
        for f in self.followers.get().into_iter().flatten() {
            if let Some(f) = f.upgrade() {
                f.touched(live, s, touch);
            }
        }
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
    pub(crate) fn remember(&self, id: String, entry: Live) -> Live {
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

    /// The state as anyone sees it (e.g. a broadcast).
    pub(crate) fn view(&self, s: &Session) -> StateView {
        self.view_for(s, None)
    }

    /// The state as the holder of `you`'s seat sees it (`None`: anyone, e.g. a broadcast).
    pub(crate) fn view_for(&self, s: &Session, you: Option<Side>) -> StateView {
        self.view_since(s, you, None)
    }

    /// [`Games::view_for`] with only the record after ply `since` (`None`: the whole record;
    /// a ply past the game's: its current position alone), see `StateView::since`.
    pub(crate) fn view_since(
        &self,
        s: &Session,
        you: Option<Side>,
        since: Option<usize>,
    ) -> StateView {
        let mut v = view::state(&s.snapshot(self.egdb.as_deref(), since));
        if let Some(o) = &s.online {
            let now = self.now();
            let mut ov = o.view(
                &s.game,
                &s.presence_now(now),
                you,
                o.claim_delay(&self.online),
                now,
            );
            ov.seats.south.rating = seat_rating(o, Side::South, &s.players);
            ov.seats.north.rating = seat_rating(o, Side::North, &s.players);
            v.online = Some(ov);
            v.can_undo = false;
            v.can_redo = false;
        } else {
            v.cycle_offer = s.cycle_offer;
        }
        v
    }

    /// Tells the watchers about a change (the new state and, for a move, what it did). The
    /// state is written once for all of them and carries the record from the last published
    /// ply on (the move's position before and after, for a move), so that an update costs the
    /// same at any ply; `state`, when the caller built one, is sent as it is.
    pub(crate) fn publish_update(
        &self,
        s: &Session,
        detail: Option<&MoveDetailView>,
        cause: &str,
        state: Option<&StateView>,
    ) {
        let ply = s.game.moves().len();
        let last = s.published_ply.swap(ply, Ordering::Relaxed);
        if s.channel.watched() {
            let state = match state {
                Some(st) => st.clone(),
                None => {
                    let since = (last != NOT_PUBLISHED).then_some(last.min(ply));
                    self.view_since(s, None, since)
                }
            };
            let data = UpdateEvent {
                cause: cause.to_string(),
                detail: detail.cloned(),
                state,
                watcher: None,
            };
            s.channel.publish(EventKind::Update.name(), to_json(&data));
        }
        s.channel.set_version(s.version);
    }

    /// The live game `id`, loaded from the store when needed (its followers told: the computer's
    /// turn resumes). With a shared store (several instances) a cached copy is first checked
    /// against the stored version and refreshed when another instance changed the game.
    pub(crate) async fn live(&self, id: &str) -> Result<Live, GameError> {
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
        session.players = recorded_players(&self.store, id, session.online.as_ref()).await?;
        let live = self.remember(id.to_string(), Arc::new(Mutex::new(session)));
        self.touch(&live, &*live.lock().await, Touch::Loaded);
        Ok(live)
    }

    /// Refreshes cached game `live` if the store has a newer version of it.
    async fn check_fresh(&self, live: &Live) -> Result<(), GameError> {
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
    /// the followers (the clock's timer, the computer's reply, the lobby).
    async fn reload_into(&self, live: &Live, s: &mut Session) -> Result<(), GameError> {
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
        s.players = recorded_players(&self.store, &s.id, s.online.as_ref()).await?;
        s.thinking = false;
        s.engine_error = None;
        let cause = if detail.is_some() { "move" } else { "sync" };
        // Another instance may have changed any part of the record: the watchers get it whole.
        s.published_ply.store(NOT_PUBLISHED, Ordering::Relaxed);
        self.publish_update(s, detail.as_ref(), cause, None);
        self.touch(live, s, Touch::Refreshed);
        Ok(())
    }

    /// The state of game `id` (its followers told: a failed computer's reply is tried again).
    pub async fn state(&self, id: &str) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        self.touch(&live, &s, Touch::Read);
        Ok(self.view(&s))
    }

    /// Waits (up to `timeout`) until game `id` has a version above `since`; answers its state.
    pub async fn wait_state(
        &self,
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
        &self,
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
        let first = Event::new(EventKind::Update.name(), to_json(&first));
        Ok((first, s.channel.subscribe()))
    }

    /// Sends event `name` with `data` on game `id`'s streams if this instance holds the game
    /// (another instance's chat message or review progress).
    pub(crate) async fn relay(&self, id: &str, name: &'static str, data: String) {
        let Some(live) = self.cache().get(id).cloned() else {
            return;
        };
        let s = live.lock().await;
        let _ = s.channel.sender().send(Event::new(name, data));
    }

    /// The endgame tables, if the server has them (the analysis board's values).
    pub(crate) fn tables(&self) -> Option<&Tables> {
        self.egdb.as_deref()
    }

    /// What `/api/health` says about the endgame tables (`null` without a folder).
    pub fn egdb_health(&self) -> Option<oware_protocol::EgdbHealth> {
        self.egdb.as_ref().map(|t| t.health())
    }

    /// Game `id`, loaded when needed, and its session locked: the first part of every change
    /// (and of every read that must see one version throughout).
    pub(crate) async fn hold(&self, id: &str) -> Result<(Live, Held), GameError> {
        let live = self.live(id).await?;
        let s = Arc::clone(&live).lock_owned().await;
        Ok((live, s))
    }

    /// The one step that changes a game, under its lock (`s`, of `live`): `change` is written
    /// as the next version of `s` (checked against the version it was computed from), then
    /// (only then) applied in memory, and the watchers (`cause`, what a move did) and the
    /// followers (the flag's timer, the lobby, the computer's reply) are told. Answers the
    /// state sent to the watchers when the change asked for the whole state. A write that lost
    /// a race drops the cached copy and answers [`GameError::Conflict`]; nothing is told.
    pub(crate) async fn commit(
        &self,
        live: &Live,
        s: &mut Session,
        change: Change,
        cause: &str,
    ) -> Result<Option<StateView>, GameError> {
        let Change {
            game,
            redo,
            online,
            insert,
            detail,
            whole_state,
            then,
        } = change;
        let (online_text, online_status, [south_user, north_user]) =
            rows::online_columns(online.as_ref())?;
        let update = GameUpdate {
            id: s.id.clone(),
            from_version: s.version,
            moves: Session::row_moves(&game),
            redo: Session::row_redo(&game, &redo),
            online: online_text,
            online_status,
            south_user,
            north_user,
            listing: rows::listing_column(online.as_ref(), &game)?,
        };
        let ended = game_end(
            s.online.as_ref(),
            online.as_ref(),
            game.moves().len(),
            self.now(),
        );
        let finished = end::finished_between(&s.id, s.online.as_ref(), online.as_ref());
        let written = match (insert, ended) {
            (Some(row), _) => self.store.update_and_insert(update, row).await,
            (None, Some(ended)) => match self
                .store
                .accounts()
                .finish(update, ended, crate::rating::rate_end)
                .await
            {
                Ok(lines) => {
                    s.players = lines;
                    Ok(())
                }
                Err(e) => Err(e),
            },
            (None, None) => self.store.update(update).await,
        };
        match written {
            Ok(()) => {}
            Err(e @ StoreError::Conflict { .. }) if self.store.shared() => {
                // Another instance wrote first: its notice (or the next request's version
                // check) refreshes this copy in place, keeping its watchers.
                tracing::info!(game = %s.id, "{e}");
                return Err(e.into());
            }
            Err(e @ StoreError::Conflict { .. }) => {
                tracing::info!(game = %s.id, "{e}; the cached copy is dropped");
                self.cache().remove(&s.id);
                return Err(e.into());
            }
            Err(e) => return Err(e.into()),
        }
        if let Some(end) = &finished {
            for f in self.followers.get().into_iter().flatten() {
                if let Some(f) = f.upgrade() {
                    f.finished(end);
                }
            }
        }
        s.game = game;
        s.redo = redo;
        if let Some(o) = &online {
            s.names = online_names(o);
        }
        s.online = online;
        s.version += 1;
        s.engine_error = None;
        // A reply being computed is now stale (the version changed).
        s.thinking = false;
        // A proposal of the computer's is about the position it was made in.
        s.cycle_offer = None;
        if let Some(then) = then {
            then(s);
        }
        let state = whole_state.then(|| self.view(s));
        self.publish_update(s, detail.as_ref(), cause, state.as_ref());
        self.touch(live, s, Touch::Changed);
        Ok(state)
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
