//! Tournaments (issue 31): arenas and Swiss tournaments played with online games, no HTTP.
//! The rules (points, pairings, standings) are `oware_tournament`'s; this module stores a
//! tournament, starts its games ([`Games::create_paired`], rated) and feeds their results in.
//!
//! | file | job |
//! | --- | --- |
//! | `create.rs` | a player's new tournament: its checks and the site's own names |
//! | `mod.rs` | [`Tournaments`]: join, pause or withdraw, berserk, the list, the event streams; the timer of the pairing waves and the listener of game ends |
//! | `wave.rs` | one pairing wave of one tournament: start, arena pairings, Swiss rounds, the end |
//! | `feed.rs` | the tournaments' event streams on this instance (`standings` when a version moves) |
//! | `view.rs` | the JSON of the list and of one tournament (standings, games, podium) |
//! | `schedule.rs` | recurring tournaments from a configuration |
//!
//! **Where the state is.** Everything is in the store (`store/tournaments.rs`): the tournament
//! (its status, a Swiss's pairing state), its players and its games with their results. Any
//! instance answers any request from the store. The pairing wave of a tournament runs on one
//! instance at a time (`Store::claim` of `tournament:ID`), every [`TournamentConfig::wave`] on
//! the games' clock; a game's end is recorded by the instance where it ended (and checked
//! again by the waves, so an end missed during a restart is found).

mod berserk;
mod create;
mod feed;
mod schedule;
mod view;
mod wave;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use oware_core::Side;
use serde::Serialize;
use tokio::sync::broadcast;

use crate::accounts::User;
use crate::events::Event;
use crate::games::{GameError, Games};
use crate::round::Round;
use crate::store::tournaments::{EntryRow, PairingResult, TournamentRow, TournamentStore};
use crate::store::{Store, StoreError};
use crate::time::Clock;
use feed::Feed;

pub use create::NewTournament;
pub use schedule::{Recurring, ScheduleError, DEFAULT_SCHEDULE};
pub use view::TournamentView;

/// Arena or Swiss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Players come and go; whoever is free is paired at once, for a fixed time.
    Arena,
    /// A fixed number of rounds; each round is paired when the last game of the one before ends.
    Swiss,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Arena => "arena",
            Kind::Swiss => "swiss",
        }
    }

    fn parse(text: &str) -> Option<Kind> {
        match text {
            "arena" => Some(Kind::Arena),
            "swiss" => Some(Kind::Swiss),
            _ => None,
        }
    }
}

/// The tournaments' settings.
#[derive(Debug, Clone)]
pub struct TournamentConfig {
    /// The recurring tournaments (default: [`DEFAULT_SCHEDULE`], the Saturday arena).
    pub schedule: Vec<Recurring>,
    /// The time between pairing waves, on the games' clock (default 2 s).
    pub wave: Duration,
    /// Tournaments a player may have made that are not finished (default 2).
    pub per_player: u64,
    /// The most players of a player's tournament (default 100).
    pub max_players: u64,
    /// The most players of one of the site's recurring tournaments (default 1,000): a join
    /// past it is refused 409 `tournament-full`, so that a tournament's view, standings and
    /// pairing waves read a bounded number of entries.
    pub scheduled_players: u64,
    /// The lines of one page of a tournament's standings (default 100; `?page=N`).
    pub standings_page: usize,
    /// The longest arena a player may make, in minutes (default 180).
    pub max_minutes: u64,
    /// The most rounds of a player's Swiss (default 11).
    pub max_rounds: u64,
    /// How far ahead a player's tournament may start (default 7 days).
    pub max_ahead: Duration,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        TournamentConfig {
            schedule: Recurring::parse_all(DEFAULT_SCHEDULE).unwrap_or_default(),
            wave: Duration::from_secs(2),
            per_player: 2,
            max_players: 100,
            scheduled_players: 1_000,
            standings_page: 100,
            max_minutes: 180,
            max_rounds: 11,
            max_ahead: Duration::from_secs(7 * 86_400),
        }
    }
}

/// Why a tournament operation failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TournamentError {
    /// No such tournament.
    #[error("no such tournament")]
    NotFound,
    /// A bad request: a field out of bounds (422).
    #[error("{message}")]
    Invalid {
        /// Machine-readable.
        code: &'static str,
        /// For people.
        message: String,
    },
    /// Not now: full, finished, not a player, too many tournaments… (409).
    #[error("{message}")]
    Refused {
        /// Machine-readable.
        code: &'static str,
        /// For people.
        message: String,
    },
    /// The store failed (503).
    #[error(transparent)]
    Storage(#[from] StoreError),
    /// A game could not be made or changed.
    #[error(transparent)]
    Game(#[from] GameError),
}

impl TournamentError {
    fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        TournamentError::Invalid {
            code,
            message: message.into(),
        }
    }

    fn refused(code: &'static str, message: impl Into<String>) -> Self {
        TournamentError::Refused {
            code,
            message: message.into(),
        }
    }
}

/// The last pairing wave of a tournament on this instance: how long it took.
pub use oware_protocol::WaveTime;

/// The tournaments of a server: requests, the pairing waves and the event streams.
pub struct Tournaments {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    /// Online play: the tournament's games are made there (paired) and end there.
    round: Arc<Round>,
    clock: Arc<dyn Clock>,
    config: TournamentConfig,
    min_initial_s: u64,
    /// The watchers' event streams.
    feed: Feed,
    /// The last wave's time per tournament (this instance).
    waves: std::sync::Mutex<HashMap<String, WaveTime>>,
}

/// The due tournaments read at a time by a tick (`TournamentStore::due_tournaments`).
const DUE_PAGE: u32 = 200;

impl Tournaments {
    /// The tournaments kept in `store`, on `clock`, their games made by `round` in `games`.
    pub(crate) fn new(
        games: Arc<Games>,
        round: Arc<Round>,
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        config: TournamentConfig,
    ) -> Arc<Self> {
        Arc::new(Tournaments {
            feed: Feed::new(Arc::clone(&store)),
            min_initial_s: round.min_initial_s(),
            store,
            clock,
            games,
            round,
            config,
            waves: std::sync::Mutex::new(HashMap::new()),
        })
    }

    /// The tournaments' tables.
    pub(crate) fn tables(&self) -> &dyn TournamentStore {
        self.store.tournaments()
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Starts the timer of the pairing waves (and of the schedule) and the listener of game
    /// ends; both stop when the returned handle's sender is dropped or `shutdown` says so.
    pub fn start(self: &Arc<Self>, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        let me = Arc::clone(self);
        let mut ends = self.round.finished();
        let mut down = shutdown.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    end = ends.recv() => match end {
                        Ok(end) => {
                            if let Err(e) = me.game_ended(&end.id).await {
                                tracing::warn!(game = %end.id, "tournament game's end not recorded (the next wave checks again): {e}");
                            }
                        }
                        Err(broadcast::error::RecvError::Lagged(n)) => {
                            tracing::warn!(missed = n, "tournament game ends missed (the waves check them)");
                        }
                        Err(broadcast::error::RecvError::Closed) => break,
                    },
                    _ = async { let _ = down.wait_for(|d| *d).await; } => break,
                }
            }
        });
        let me = Arc::clone(self);
        tokio::spawn(async move {
            let mut tick: u64 = 0;
            loop {
                let next = me.now() + me.config.wave.as_millis() as u64;
                me.tick(tick).await;
                tick += 1;
                tokio::select! {
                    _ = me.clock.sleep_until(next) => {}
                    _ = async { let _ = shutdown.wait_for(|d| *d).await; } => break,
                }
            }
        });
    }

    /// One turn of the timer: the schedule, a wave for every tournament due, the events.
    async fn tick(self: &Arc<Self>, tick: u64) {
        let tables = self.tables();
        if tick.is_multiple_of(15) {
            if let Err(e) = self.schedule().await {
                tracing::warn!("tournament schedule: {e}");
            }
        }
        let due = match self.due(tables, self.now()).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("tournaments not read: {e}");
                Vec::new()
            }
        };
        for t in due {
            let id = t.id.clone();
            match self
                .store
                .claim(format!("tournament:{id}"), Duration::from_secs(20))
                .await
            {
                Ok(true) => {}
                // Another instance runs this tournament's wave now.
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(tournament = %id, "wave not claimed: {e}");
                    continue;
                }
            }
            let started = std::time::Instant::now();
            match self.wave(t, tick.is_multiple_of(5)).await {
                Ok(paired) => {
                    let micros = started.elapsed().as_micros() as u64;
                    if paired > 0 {
                        tracing::info!(tournament = %id, paired, micros, "pairing wave");
                    }
                    self.waves
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(id.clone(), WaveTime { paired, micros });
                }
                Err(e) => tracing::warn!(tournament = %id, "pairing wave failed: {e}"),
            }
            // Done: the next wave may run on any instance (never two at once).
            if let Err(e) = self.store.release(format!("tournament:{id}")).await {
                tracing::warn!(tournament = %id, "wave claim not released (it lapses): {e}");
            }
        }
        self.feed.tell_watchers().await;
    }

    /// Every tournament a wave is due for at `now`, read page by page: however many players'
    /// tournaments run, each one (and the site's) gets its wave.
    pub(crate) async fn due(
        &self,
        tables: &dyn TournamentStore,
        now: u64,
    ) -> Result<Vec<TournamentRow>, TournamentError> {
        let mut due = Vec::new();
        let mut after = None;
        loop {
            let rows = tables.due_tournaments(now, after.take(), DUE_PAGE).await?;
            let more = rows.len() == DUE_PAGE as usize;
            after = rows.last().map(|t| (t.starts_ms, t.id.clone()));
            due.extend(rows);
            if !more {
                return Ok(due);
            }
        }
    }

    /// Creates the next occurrence of each recurring tournament (once: its slot is unique).
    async fn schedule(&self) -> Result<(), TournamentError> {
        let tables = self.tables();
        let now = self.now();
        for r in &self.config.schedule {
            let starts_ms = r.next_start(now);
            let (minutes, rounds) = match r.kind {
                Kind::Arena => (r.length, 0),
                Kind::Swiss => (0, r.length),
            };
            let row = TournamentRow {
                id: random_id()?,
                kind: r.kind.name().to_string(),
                name: r.name.clone(),
                creator: String::new(),
                schedule_key: format!("{}@{starts_ms}", r.name),
                status: "created".into(),
                starts_ms,
                minutes,
                rounds,
                initial_s: r.initial_s,
                increment_s: r.increment_s,
                max_players: self.config.scheduled_players,
                state: String::new(),
                version: 0,
                created_ms: now,
                ended_ms: 0,
            };
            if tables.create_tournament(row).await? {
                tracing::info!(name = %r.name, starts_ms, "scheduled tournament created");
            }
        }
        Ok(())
    }

    /// Records the end of game `id` if it is a tournament's (once), and tells its watchers.
    async fn game_ended(self: &Arc<Self>, id: &str) -> Result<(), TournamentError> {
        let tables = self.tables();
        let Some(p) = tables.pairing(id.to_string()).await? else {
            return Ok(());
        };
        if p.result.is_empty() && self.record_end(&p.game_id).await? {
            self.feed.tell(&p.tournament_id).await;
        }
        Ok(())
    }

    /// Writes game `game`'s result if it is over; `true` if this call wrote it.
    async fn record_end(self: &Arc<Self>, game: &str) -> Result<bool, TournamentError> {
        let Some(st) = self.standing(game).await? else {
            return Ok(false);
        };
        use crate::online::Status;
        let result = match (st.status, st.winner) {
            (Status::Aborted, _) => "X",
            (Status::Over, Some(Side::South)) => "S",
            (Status::Over, Some(Side::North)) => "N",
            (Status::Over, None) => "D",
            _ => return Ok(false),
        };
        Ok(self
            .tables()
            .set_result(PairingResult {
                game_id: game.to_string(),
                result: result.to_string(),
                south_moves: u64::from(st.south_moves),
                north_moves: u64::from(st.north_moves),
                ended_ms: self.now(),
            })
            .await?)
    }

    /// The tournament `id` as stored.
    async fn row(&self, id: &str) -> Result<TournamentRow, TournamentError> {
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(TournamentError::NotFound);
        }
        self.tables()
            .tournament(id.to_string())
            .await?
            .ok_or(TournamentError::NotFound)
    }

    /// The tournaments' tables and tournament `id` as stored.
    async fn tables_and_row(
        &self,
        id: &str,
    ) -> Result<(&dyn TournamentStore, TournamentRow), TournamentError> {
        Ok((self.tables(), self.row(id).await?))
    }

    /// After `user`'s change of tournament `id`: its streams told, `user`'s view of it.
    async fn changed(
        self: &Arc<Self>,
        id: &str,
        user: &User,
    ) -> Result<TournamentView, TournamentError> {
        self.feed.tell(id).await;
        self.view(id, Some(user)).await
    }

    /// `user` joins tournament `id`, or comes back after a pause.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        user: &User,
    ) -> Result<TournamentView, TournamentError> {
        let (tables, t) = self.tables_and_row(id).await?;
        not_over(&t)?;
        let entries = tables.entries(id.to_string()).await?;
        let places = places(&self.config, &t);
        let mine = entries.iter().find(|e| e.user_id == user.id);
        match mine {
            Some(e) if e.state == "active" => return self.view(id, Some(user)).await,
            Some(e) if e.state == "withdrawn" => {
                return Err(TournamentError::refused(
                    "withdrawn",
                    "you withdrew from this Swiss: you cannot come back",
                ))
            }
            Some(_) => {}
            None => {
                if entries.len() as u64 >= places {
                    return Err(full(places));
                }
                if t.kind == "swiss" && t.status == "started" {
                    let swiss = wave::swiss_of(&t)?;
                    if swiss.rounds().len() as u32 >= swiss.total_rounds() {
                        return Err(TournamentError::refused(
                            "tournament-finished",
                            "the last round is being played: too late to join",
                        ));
                    }
                }
            }
        }
        let rating = self.rating_of(user, &t).await?;
        let entry = EntryRow {
            tournament_id: id.to_string(),
            user_id: user.id.clone(),
            name: user.name.clone(),
            rating,
            state: "active".into(),
            joined_ms: mine.map_or(self.now(), |e| e.joined_ms),
        };
        // The count above is advice for a clear message; the store's write decides (two
        // joins at once for the last place: one gets it).
        if !tables.put_entry(entry, places).await? {
            return Err(full(places));
        }
        self.changed(id, user).await
    }

    /// The account's rating in the tournament's category (1500 for a new player).
    async fn rating_of(&self, user: &User, t: &TournamentRow) -> Result<i64, TournamentError> {
        let category = oware_rating::TimeControl::Clock {
            initial_secs: u32::try_from(t.initial_s).unwrap_or(u32::MAX),
            increment_secs: u32::try_from(t.increment_s).unwrap_or(u32::MAX),
        }
        .category();
        let ratings = self.store.accounts().ratings(user.id.clone()).await?;
        Ok(category
            .and_then(|c| ratings.iter().find(|(name, _)| name == c.name()))
            .map_or(crate::rating::START.rating, |(_, r)| r.rating)
            .round() as i64)
    }

    /// `user` leaves tournament `id`: before the start they are no longer a player; an
    /// arena's player pauses (no new games; joining again comes back, points kept); a
    /// Swiss's player withdraws for good (not paired again, results kept). A game in play
    /// goes on.
    pub async fn withdraw(
        self: &Arc<Self>,
        id: &str,
        user: &User,
    ) -> Result<TournamentView, TournamentError> {
        let (tables, t) = self.tables_and_row(id).await?;
        let entries = tables.entries(id.to_string()).await?;
        let Some(e) = entries.into_iter().find(|e| e.user_id == user.id) else {
            return Err(TournamentError::refused(
                "not-a-player",
                "you are not a player of this tournament",
            ));
        };
        not_over(&t)?;
        if t.status == "created" {
            tables.remove_entry(id.to_string(), user.id.clone()).await?;
        } else {
            let state = if t.kind == "arena" {
                "paused"
            } else {
                "withdrawn"
            };
            let entry = EntryRow {
                state: state.into(),
                ..e
            };
            // A player already in: never refused for room.
            tables.put_entry(entry, 0).await?;
        }
        self.changed(id, user).await
    }

    /// `user` berserks in their game of arena `id`: half their clock, no increment, one more
    /// point for a win with enough moves. Only before their first move.
    pub async fn berserk(
        self: &Arc<Self>,
        id: &str,
        user: &User,
    ) -> Result<TournamentView, TournamentError> {
        let (tables, t) = self.tables_and_row(id).await?;
        if t.kind != "arena" {
            return Err(TournamentError::refused(
                "no-berserk",
                "berserk is for arenas only",
            ));
        }
        let pairings = tables.pairings(id.to_string()).await?;
        let Some((game, side)) = pairings.iter().rev().find_map(|p| {
            if !p.result.is_empty() {
                None
            } else if p.south == user.id {
                Some((p.game_id.clone(), Side::South))
            } else if p.north == user.id {
                Some((p.game_id.clone(), Side::North))
            } else {
                None
            }
        }) else {
            return Err(TournamentError::refused(
                "no-game",
                "you have no game in play in this tournament",
            ));
        };
        self.berserk_game(&game, side).await?;
        let side = if side == Side::South { "S" } else { "N" };
        tables.set_berserk(game, side.to_string()).await?;
        self.changed(id, user).await
    }

    /// The event stream of tournament `id`: `standings` with the tournament's version, now
    /// and whenever it changes (a join, a pairing, a result, the start, the end).
    pub async fn subscribe(
        &self,
        id: &str,
    ) -> Result<(Event, broadcast::Receiver<Event>), TournamentError> {
        let t = self.row(id).await?;
        Ok(self.feed.subscribe(id, t.version))
    }

    fn wave_time(&self, id: &str) -> Option<WaveTime> {
        self.waves
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .copied()
    }
}

fn random_id() -> Result<String, TournamentError> {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf)
        .map_err(|e| TournamentError::Game(GameError::Internal(format!("random: {e}"))))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// Refuses a change of tournament `t` once it is over.
fn not_over(t: &TournamentRow) -> Result<(), TournamentError> {
    if t.status == "finished" {
        return Err(TournamentError::refused(
            "tournament-finished",
            "this tournament is over",
        ));
    }
    Ok(())
}

/// The refusal of a join when all `max_players` places are taken.
fn full(max_players: u64) -> TournamentError {
    TournamentError::refused(
        "tournament-full",
        format!(
            "this tournament is full: it takes at most {}",
            crate::text::count(max_players, "player")
        ),
    )
}

/// The most players tournament `t` takes: its own number, or for a recurring tournament
/// written without one (0, before the cap) [`TournamentConfig::scheduled_players`].
fn places(config: &TournamentConfig, t: &TournamentRow) -> u64 {
    if t.max_players > 0 {
        t.max_players
    } else {
        config.scheduled_players.max(2)
    }
}
