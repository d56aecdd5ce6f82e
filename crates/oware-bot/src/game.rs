//! One task per game: reads the game's stream, starts the engine on `gameFull`, asks it for a
//! move on the bot's turn, answers draw offers, claims the win when the opponent has left, and
//! reopens the stream after a lost connection until the game ends or the bridge stops.
//!
//! A game is served by at most one engine process, and only with one of the bridge's
//! `max_games` places ([`Shared::engines`]): a game the server starts beyond them (a hostile or
//! confused server) is aborted, or resigned once both sides have moved, with a chat line that
//! says why; no engine is started for it.
//!
//! The engine is restarted after a failure to start, a crash, a timeout or an illegal move, at
//! most `engine.restarts` times a game; at the next failure the bridge gives the game up: it
//! writes `engine failed: …` in the players' chat and resigns (aborts before both sides have
//! moved), so that the opponent never waits out the bot's clock; then it follows the stream to
//! the game's end.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::client::{clean, clean_to, ApiError, Client};
use crate::config::Config;
use crate::engine::{Engine, EngineCommand, Score};
use crate::track::{self, Setup, Step};
use crate::wire::{GameEvent, GameState, OpponentGone};

/// What a game task needs, shared by all of them.
#[derive(Debug, Clone)]
pub struct Shared {
    /// The server.
    pub client: Client,
    /// The engine's command line.
    pub engine: EngineCommand,
    /// The settings.
    pub config: Arc<Config>,
    /// The bot's account name.
    pub me: String,
    /// `true` once the bridge is stopping.
    pub stop: watch::Receiver<bool>,
    /// The places for games with an engine: `max_games` of them. A game task holds one from
    /// its first playable state to its end; a game that finds none is given up.
    pub engines: Arc<Semaphore>,
}

/// How a game task ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEnd {
    /// The game is over (the server's status).
    Over(String),
    /// The bridge is stopping.
    Stopped,
    /// The game cannot be played by this bot (not a player, unreadable game, token refused).
    Unplayable(String),
    /// The bridge has no place for the game (`max_games` games have their engines): it was
    /// aborted or resigned.
    NoPlace(String),
}

/// The wait before reopening a stream after `failures` failures in a row: the config's first
/// wait doubled each time, at most its cap.
pub fn backoff(config: &crate::config::ConnectionConfig, failures: u32) -> Duration {
    let ms = config
        .backoff_initial_ms
        .saturating_mul(1u64 << failures.min(30))
        .min(config.backoff_max_ms);
    Duration::from_millis(ms)
}

/// Waits `d` unless the bridge stops first: `false` when it does.
pub async fn pause(stop: &mut watch::Receiver<bool>, d: Duration) -> bool {
    if *stop.borrow() {
        return false;
    }
    tokio::select! {
        _ = tokio::time::sleep(d) => true,
        _ = stop.changed() => false,
    }
}

/// The state of one game being played.
struct Play {
    shared: Shared,
    id: String,
    setup: Option<Setup>,
    engine: Option<Engine>,
    /// The game's place among the bridge's `max_games` (held to the task's end).
    place: Option<OwnedSemaphorePermit>,
    restarts_left: u32,
    /// The engine failed too often: the game was given up (resigned or aborted), and the task
    /// only follows the stream to its end.
    gave_up: bool,
    /// The last ply the bot moved at.
    moved_at: Option<usize>,
    /// The last ply a draw offer was answered at.
    draw_answered_at: Option<usize>,
    /// The last ply a takeback request was answered at.
    takeback_answered_at: Option<usize>,
    last_score: Option<Score>,
    claim_at: Option<Instant>,
    greeted: bool,
}

/// Plays game `id` to its end.
pub async fn play(shared: Shared, id: String) -> GameEnd {
    let restarts_left = shared.config.engine.restarts;
    let mut p = Play {
        shared,
        id,
        setup: None,
        engine: None,
        place: None,
        restarts_left,
        gave_up: false,
        moved_at: None,
        draw_answered_at: None,
        takeback_answered_at: None,
        last_score: None,
        claim_at: None,
        greeted: false,
    };
    let end = p.run().await;
    if let Some(e) = p.engine.take() {
        e.quit().await;
    }
    end
}

impl Play {
    async fn run(&mut self) -> GameEnd {
        let mut stop = self.shared.stop.clone();
        let mut failures = 0u32;
        loop {
            if *stop.borrow() {
                return GameEnd::Stopped;
            }
            match self.follow(&mut stop, &mut failures).await {
                Ok(Some(end)) => return end,
                Ok(None) => {
                    tracing::info!(game = %self.id, "the game's stream ended: reopening it")
                }
                Err(e) if e.is_auth() || e.status == Some(404) => {
                    return GameEnd::Unplayable(e.to_string())
                }
                Err(e) => tracing::warn!(game = %self.id, "the game's stream: {e}"),
            }
            let wait = backoff(&self.shared.config.connection, failures);
            failures = failures.saturating_add(1);
            if !pause(&mut stop, wait).await {
                return GameEnd::Stopped;
            }
        }
    }

    /// Follows one opening of the game's stream: `Ok(Some)` when the game task is done,
    /// `Ok(None)` when the stream ended first.
    async fn follow(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        failures: &mut u32,
    ) -> Result<Option<GameEnd>, ApiError> {
        let path = format!("/api/bot/game/stream/{}", self.id);
        let idle = self.shared.config.connection.stream_timeout();
        let mut stream = self.shared.client.stream(&path, idle).await?;
        loop {
            let claim_at = self.claim_at;
            let line = tokio::select! {
                line = stream.next_line() => line?,
                _ = stop.changed() => return Ok(Some(GameEnd::Stopped)),
                _ = sleep_until(claim_at) => {
                    self.claim_at = None;
                    self.claim().await;
                    continue;
                }
            };
            let Some(line) = line else {
                return Ok(None);
            };
            *failures = 0;
            let event = match serde_json::from_str::<GameEvent>(&line) {
                Ok(e) => e,
                Err(e) => {
                    tracing::warn!(game = %self.id, "a line of the game's stream is not understood: {}", clean(&e.to_string()));
                    continue;
                }
            };
            let state = match event {
                GameEvent::GameFull(full) => {
                    if self.setup.is_none() {
                        match Setup::new(&full, &self.shared.me) {
                            Ok(s) => {
                                tracing::info!(game = %self.id, side = %s.side, opponent = %s.opponent, "playing");
                                self.setup = Some(s);
                            }
                            Err(e) => return Ok(Some(GameEnd::Unplayable(e))),
                        }
                    }
                    full.state
                }
                GameEvent::GameState(s) => s,
                GameEvent::OpponentGone(OpponentGone {
                    gone,
                    claim_win_in_seconds,
                }) => {
                    self.claim_at = match (gone, claim_win_in_seconds) {
                        (true, Some(s)) if self.shared.config.game.claim_victory => {
                            Some(Instant::now() + Duration::from_secs(s.min(86_400)))
                        }
                        _ => None,
                    };
                    continue;
                }
                GameEvent::ChatLine(_) => continue,
            };
            if let Some(end) = self.on_state(&state, stop).await {
                return Ok(Some(end));
            }
        }
    }

    /// Acts on a state: `Some` when the game task is done.
    async fn on_state(
        &mut self,
        state: &GameState,
        stop: &mut watch::Receiver<bool>,
    ) -> Option<GameEnd> {
        let setup = self.setup.clone()?;
        if state.status.is_finished() {
            tracing::info!(game = %self.id, status = %state.status, end = ?state.end, winner = ?state.winner, "the game is over");
            self.chat(&self.shared.config.game.goodbye.clone()).await;
            return Some(GameEnd::Over(state.status.to_string()));
        }
        if self.gave_up {
            return None;
        }
        let plies = state.moves.split_whitespace().count();
        if self.place.is_none() {
            match Arc::clone(&self.shared.engines).try_acquire_owned() {
                Ok(place) => self.place = Some(place),
                Err(_) => {
                    let n = self.shared.config.challenge.max_games;
                    let games = if n == 1 { "game" } else { "games" };
                    let why = format!("the bot plays no more than {n} {games} at once");
                    tracing::warn!(game = %self.id, "{why}: giving the game up");
                    self.give_up(&why, plies, stop).await;
                    return Some(GameEnd::NoPlace(why));
                }
            }
        }
        if !self.greeted {
            self.greeted = true;
            self.chat(&self.shared.config.game.greeting.clone()).await;
        }
        if track::draw_offered(state, setup.side) && self.draw_answered_at != Some(plies) {
            self.draw_answered_at = Some(plies);
            let yes = track::accept_draw(&self.shared.config.draw, plies, self.last_score);
            let path = format!(
                "/api/bot/game/{}/draw/{}",
                self.id,
                if yes { "yes" } else { "no" }
            );
            if let Err(e) = self.shared.client.post(&path, None).await {
                tracing::warn!(game = %self.id, "answering the draw offer: {e}");
            }
        }
        // Takebacks are always declined: the engine's moves stand.
        if state.takeback_offer == Some(setup.side.other())
            && self.takeback_answered_at != Some(plies)
        {
            self.takeback_answered_at = Some(plies);
            let path = format!("/api/bot/game/{}/takeback/no", self.id);
            if let Err(e) = self.shared.client.post(&path, None).await {
                tracing::warn!(game = %self.id, "answering the takeback request: {e}");
            }
        }
        let step = match track::step(&setup, state, &self.shared.config.engine) {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(game = %self.id, "the server's state cannot be played: {e}");
                return None;
            }
        };
        let Step::Think { ply, position, go } = step else {
            return None;
        };
        if self.moved_at == Some(ply) {
            return None;
        }
        let budget = track::think_budget(&go, setup.side, &self.shared.config.engine);
        let game = setup.replay(&state.moves).ok()?.0;
        loop {
            let thought = tokio::select! {
                t = self.think(&setup, &position, &go, budget) => t,
                _ = stop.changed() => return Some(GameEnd::Stopped),
            };
            let letter = thought.and_then(|t| {
                self.last_score = t.score.or(self.last_score);
                let best = t.best.ok_or("the engine found no move (bestmove 0000)")?;
                track::check_move(&game, &best)
            });
            match letter {
                Ok(letter) => return self.post_move(letter, ply, stop).await,
                Err(e) => {
                    tracing::warn!(game = %self.id, "{e}");
                    if let Some(engine) = self.engine.take() {
                        engine.quit().await;
                    }
                    if self.restarts_left == 0 {
                        tracing::error!(game = %self.id, "the engine failed too often: giving the game up");
                        self.give_up(&format!("engine failed: {e}"), plies, stop)
                            .await;
                        return None;
                    }
                    self.restarts_left -= 1;
                }
            }
        }
    }

    /// Starts the engine if it is not running, then asks it for a move.
    async fn think(
        &mut self,
        setup: &Setup,
        position: &str,
        go: &crate::engine::Go,
        budget: Duration,
    ) -> Result<crate::engine::Thought, String> {
        if self.engine.is_none() {
            let config = &self.shared.config.engine;
            let mut e = Engine::start(&self.shared.engine, config)
                .await
                .map_err(|e| e.to_string())?;
            let wait = Duration::from_millis(config.start_timeout_ms);
            if let Err(err) = e.new_game(&setup.rules, wait).await {
                e.quit().await;
                return Err(err.to_string());
            }
            tracing::info!(game = %self.id, engine = %clean(e.name()), "engine started");
            self.engine = Some(e);
        }
        let Some(engine) = self.engine.as_mut() else {
            return Err("no engine".into());
        };
        engine
            .think(position, go, budget)
            .await
            .map_err(|e| e.to_string())
    }

    /// Gives the game up, saying `why` in the players' chat: aborts it before both sides have
    /// moved (`plies` < 2; resigns if the server refuses), else resigns. A request the server
    /// was too busy for is sent again as a move is.
    async fn give_up(&mut self, why: &str, plies: usize, stop: &mut watch::Receiver<bool>) {
        self.gave_up = true;
        let ending = if plies < 2 { "aborts" } else { "resigns" };
        // The chat takes 140 characters.
        let line = clean_to(&format!("{why}; the bot {ending} the game"), 139);
        self.chat(&line).await;
        if plies < 2 {
            let path = format!("/api/bot/game/{}/abort", self.id);
            match self.post_again_if_busy(&path, stop).await {
                Ok(()) => {
                    tracing::info!(game = %self.id, "aborted the game: {}", clean(why));
                    return;
                }
                Err(e) => tracing::warn!(game = %self.id, "aborting: {e}: resigning instead"),
            }
        }
        let path = format!("/api/bot/game/{}/resign", self.id);
        match self.post_again_if_busy(&path, stop).await {
            Ok(()) => tracing::info!(game = %self.id, "resigned the game: {}", clean(why)),
            Err(e) => tracing::warn!(game = %self.id, "resigning: {e}"),
        }
    }

    /// A `POST` without a body, sent again after the backoff when the server answers 429 or
    /// 503, at most [`MOVE_TRIES`] times while the bridge runs.
    async fn post_again_if_busy(
        &self,
        path: &str,
        stop: &mut watch::Receiver<bool>,
    ) -> Result<(), ApiError> {
        let mut attempt = 0;
        loop {
            match self.shared.client.post(path, None).await {
                Err(e) if is_transient(&e) && attempt + 1 < MOVE_TRIES => {
                    if !pause(stop, backoff(&self.shared.config.connection, attempt)).await {
                        return Err(e);
                    }
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    /// Posts the engine's move. A move the server answered "busy" (429, or 503: the database
    /// is down, say) is sent again after the backoff, the same move (the
    /// engine is not asked again), at most [`MOVE_TRIES`] times while the bridge runs: the
    /// game's stream may stay open and silent, since it is the bot's turn, so nothing else
    /// would make the bot move. A refusal (another 4xx) is only logged: the game's stream
    /// tells what the server holds. `Some` when the bridge stops meanwhile.
    async fn post_move(
        &mut self,
        letter: char,
        ply: usize,
        stop: &mut watch::Receiver<bool>,
    ) -> Option<GameEnd> {
        let path = format!("/api/bot/game/{}/move/{letter}", self.id);
        for attempt in 0..MOVE_TRIES {
            match self.shared.client.post(&path, None).await {
                Ok(()) => {
                    self.moved_at = Some(ply);
                    return None;
                }
                Err(e) if is_transient(&e) && attempt + 1 < MOVE_TRIES => {
                    tracing::warn!(game = %self.id, "the move {letter} was not taken ({e}): sending it again");
                    let wait = backoff(&self.shared.config.connection, attempt);
                    if !pause(stop, wait).await {
                        return Some(GameEnd::Stopped);
                    }
                }
                Err(e) => {
                    tracing::warn!(game = %self.id, "the move {letter} was refused: {e}");
                    return None;
                }
            }
        }
        None
    }

    async fn claim(&self) {
        let path = format!("/api/bot/game/{}/claim-victory", self.id);
        match self.shared.client.post(&path, None).await {
            Ok(()) => tracing::info!(game = %self.id, "claimed the win: the opponent left"),
            Err(e) => tracing::warn!(game = %self.id, "claiming the win: {e}"),
        }
    }

    async fn chat(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        let path = format!("/api/bot/game/{}/chat", self.id);
        // The writer's own room: the players'.
        let body = oware_protocol::ChatReq {
            room: None,
            text: text.to_string(),
            name: None,
        };
        let Ok(body) = serde_json::to_value(&body) else {
            return;
        };
        if let Err(e) = self.shared.client.post(&path, Some(body)).await {
            tracing::warn!(game = %self.id, "chat: {e}");
        }
    }
}

/// How many times a move is sent when the server does not take it for a passing reason.
const MOVE_TRIES: u32 = 5;

/// Whether the server says it did nothing and may take the move later: 429 (a limit) or 503
/// (its database down: the write failed). Not a request left unanswered (the move may have been
/// played, and sending it again could play it twice once the opponent has replied): then the
/// game's stream breaks too, and the game is resumed from its `gameFull` when it reconnects.
fn is_transient(e: &ApiError) -> bool {
    matches!(e.status, Some(429 | 503))
}

/// Sleeps until `at`, or forever when `None`.
async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_up_to_its_cap() {
        let c = crate::config::ConnectionConfig {
            backoff_initial_ms: 500,
            backoff_max_ms: 4000,
            stream_timeout_s: 30,
        };
        let waits: Vec<u64> = (0..6).map(|n| backoff(&c, n).as_millis() as u64).collect();
        assert_eq!(waits, vec![500, 1000, 2000, 4000, 4000, 4000]);
        assert_eq!(backoff(&c, u32::MAX), Duration::from_millis(4000));
    }

    #[tokio::test]
    async fn a_pause_ends_early_when_the_bridge_stops() {
        let (tx, mut rx) = watch::channel(false);
        tx.send(true).unwrap();
        assert!(!pause(&mut rx, Duration::from_secs(3600)).await);
    }
}
