//! The account's event loop: follows `GET /api/stream/event`, answers challenges by the policy
//! ([`crate::policy`]), starts one game task per game (`gameStart`, also sent on connect for each
//! game in progress: a reconnection resumes them), reconnects with a capped backoff, and stops
//! cleanly when asked (the games are not resigned; their engines are stopped). However many
//! games the server starts, at most `max_games` of them get an engine (`game.rs`).

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::client::{clean, ApiError, Client};
use crate::config::{Config, MAX_GAMES_CAP};
use crate::engine::EngineCommand;
use crate::game::{self, backoff, pause, GameEnd, Shared};
use crate::policy::{self, Decision};
use crate::wire::{is_safe_id, AccountEvent, ChallengeStatus};

/// The most games followed at once, counting games the server started without a challenge the
/// bridge accepted (a game in progress from an earlier run, say).
const MAX_TASKS: usize = MAX_GAMES_CAP * 2;
/// The most challenges accepted and not yet started that are remembered.
const MAX_PENDING: usize = MAX_GAMES_CAP;
/// How long an accepted challenge counts as a game in hand before its game starts.
const PENDING_FOR: std::time::Duration = std::time::Duration::from_secs(60);

/// How the bridge ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    /// Asked to stop (Ctrl-C): nothing was resigned.
    Stopped,
    /// The server refused the token.
    Refused(String),
}

/// The bridge: a server, an account, an engine and its config.
#[derive(Debug, Clone)]
pub struct Bridge {
    /// The server.
    pub client: Client,
    /// The engine's command line.
    pub engine: EngineCommand,
    /// The settings.
    pub config: Arc<Config>,
}

/// The games and challenges in hand.
#[derive(Default)]
struct Hand {
    /// The games followed, by their task.
    games: HashMap<tokio::task::Id, String>,
    /// Challenges accepted whose game has not started yet: the challenger's name (without
    /// case) and when it was accepted.
    accepted: HashMap<String, (String, Instant)>,
}

impl Hand {
    /// A game started: the accepted challenge it comes from (same id, else the same
    /// challenger) is no longer pending.
    fn started(&mut self, game: &str, opponent: &str) {
        let opponent = opponent.to_lowercase();
        let key = if self.accepted.contains_key(game) {
            Some(game.to_string())
        } else {
            self.accepted
                .iter()
                .filter(|(_, (name, _))| *name == opponent)
                .min_by_key(|(_, (_, at))| *at)
                .map(|(k, _)| k.clone())
        };
        if let Some(k) = key {
            self.accepted.remove(&k);
        }
    }

    /// Accepted challenges whose game never came are forgotten after [`PENDING_FOR`].
    fn forget_stale(&mut self) {
        self.accepted
            .retain(|_, (_, at)| at.elapsed() < PENDING_FOR);
    }

    fn has_game(&self, id: &str) -> bool {
        self.games.values().any(|g| g == id)
    }

    /// A task ended (or panicked): its game is no longer in hand.
    fn ended(&mut self, r: Result<(tokio::task::Id, (String, GameEnd)), tokio::task::JoinError>) {
        match r {
            Ok((task, (id, end))) => {
                tracing::info!(game = %id, "game task ended: {end:?}");
                self.games.remove(&task);
            }
            Err(e) => {
                let id = self.games.remove(&e.id());
                tracing::error!(game = ?id, "game task failed: {e}");
            }
        }
    }
}

impl Bridge {
    /// Whether `challenge` is one to the bot (not its own): by the account's name when known,
    /// else by the site's list of the account's challenges (`GET /api/challenge`).
    async fn is_incoming(&self, challenge: &crate::wire::Challenge, me: &str) -> bool {
        if !me.is_empty() {
            return !challenge.challenger.name.eq_ignore_ascii_case(me);
        }
        match self
            .client
            .get::<oware_protocol::ChallengeList>("/api/challenge")
            .await
        {
            Ok(list) => list.incoming.iter().any(|c| c.id == challenge.id),
            Err(e) => {
                tracing::warn!(challenge = %challenge.id, "the challenge list: {e}");
                false
            }
        }
    }

    /// Runs until `stop` turns `true` (or its sender is dropped) or the token is refused.
    pub async fn run(&self, stop: watch::Receiver<bool>) -> Exit {
        let mut stop_wait = stop.clone();
        let me = loop {
            match self.client.account().await {
                Ok(a) => match a.name {
                    Some(name) if !name.trim().is_empty() => {
                        if !a.bot {
                            tracing::warn!(
                                "the account is not a bot account: the site may refuse its bot routes"
                            );
                        }
                        break name;
                    }
                    // A site that shows the account to its session only: the games' `you`
                    // tells the side, the challenge list which challenges are the bot's to
                    // answer.
                    _ => break String::new(),
                },
                Err(e) if e.status == Some(403) => break String::new(),
                Err(e) if e.is_auth() => return Exit::Refused(e.to_string()),
                Err(e) => {
                    tracing::warn!("cannot reach the server: {e}");
                    if !pause(&mut stop_wait, backoff(&self.config.connection, 3)).await {
                        return Exit::Stopped;
                    }
                }
            }
        };
        if me.is_empty() {
            tracing::info!(server = %self.client.base(), "connected (the site does not show the account's name to its token)");
        } else {
            tracing::info!(account = %clean(&me), server = %self.client.base(), "connected");
        }
        let shared = Shared {
            client: self.client.clone(),
            engine: self.engine.clone(),
            config: Arc::clone(&self.config),
            me,
            stop: stop.clone(),
            // Never more engines than `max_games`, whatever the server starts.
            engines: Arc::new(tokio::sync::Semaphore::new(
                self.config.challenge.max_games.clamp(1, MAX_GAMES_CAP),
            )),
        };
        let mut tasks: JoinSet<(String, GameEnd)> = JoinSet::new();
        let mut hand = Hand::default();
        let mut failures = 0u32;
        let exit = loop {
            if *stop_wait.borrow() {
                break Exit::Stopped;
            }
            let result = self
                .follow(
                    &shared,
                    &mut tasks,
                    &mut hand,
                    &mut stop_wait,
                    &mut failures,
                )
                .await;
            match result {
                Ok(Some(exit)) => break exit,
                Ok(None) => tracing::info!("the event stream ended: reconnecting"),
                Err(e) if e.is_auth() => break Exit::Refused(e.to_string()),
                Err(e) if e.status == Some(404) => {
                    break Exit::Refused(format!("{e} (the site has no bot API)"))
                }
                Err(e) => tracing::warn!("the event stream: {e}"),
            }
            let wait = backoff(&self.config.connection, failures);
            failures = failures.saturating_add(1);
            tracing::info!("reconnecting in {} ms", wait.as_millis());
            if !pause(&mut stop_wait, wait).await {
                break Exit::Stopped;
            }
        };
        if exit == Exit::Stopped {
            tracing::info!(
                "stopping: the games are left as they are (nothing resigned), the engines stopped"
            );
        }
        // The game tasks see `stop` too: they end, stopping their engines.
        while let Some(r) = tasks.join_next_with_id().await {
            hand.ended(r);
        }
        exit
    }

    /// Follows one opening of the event stream: `Ok(Some)` when the bridge is to end,
    /// `Ok(None)` when the stream ended.
    async fn follow(
        &self,
        shared: &Shared,
        tasks: &mut JoinSet<(String, GameEnd)>,
        hand: &mut Hand,
        stop: &mut watch::Receiver<bool>,
        failures: &mut u32,
    ) -> Result<Option<Exit>, ApiError> {
        let idle = self.config.connection.stream_timeout();
        let mut stream = self.client.stream("/api/stream/event", idle).await?;
        loop {
            let line = tokio::select! {
                line = stream.next_line() => line?,
                _ = stop.changed() => return Ok(Some(Exit::Stopped)),
                Some(r) = tasks.join_next_with_id() => {
                    hand.ended(r);
                    continue;
                }
            };
            let Some(line) = line else {
                return Ok(None);
            };
            *failures = 0;
            let event = match serde_json::from_str::<AccountEvent>(&line) {
                Ok(e) => e,
                Err(e) => {
                    tracing::warn!("an event is not understood: {}", clean(&e.to_string()));
                    continue;
                }
            };
            match event {
                AccountEvent::GameStart { game } => {
                    hand.started(&game.id, &game.opponent.name);
                    if !is_safe_id(&game.id) {
                        tracing::warn!("a game id that cannot be used: {:?}", clean(&game.id));
                    } else if game.status.is_finished() || hand.has_game(&game.id) {
                        // Sent again on reconnection: its task goes on.
                    } else if hand.games.len() >= MAX_TASKS {
                        tracing::warn!(game = %game.id, "too many games at once: not followed");
                    } else {
                        let shared = shared.clone();
                        let id = game.id.clone();
                        let task = tasks.spawn(async move {
                            let end = game::play(shared, id.clone()).await;
                            (id, end)
                        });
                        hand.games.insert(task.id(), game.id);
                    }
                }
                AccountEvent::GameFinish { game } => {
                    // The game's own stream ends its task.
                    tracing::info!(game = %clean(&game.id), "game finished");
                }
                AccountEvent::Challenge { challenge } => {
                    if challenge.status != ChallengeStatus::Created {
                        continue;
                    }
                    if !is_safe_id(&challenge.id) {
                        tracing::warn!(
                            "a challenge id that cannot be used: {:?}",
                            clean(&challenge.id)
                        );
                        continue;
                    }
                    // A challenge the bot sent itself is not its to answer.
                    if !self.is_incoming(&challenge, &shared.me).await {
                        continue;
                    }
                    hand.forget_stale();
                    let in_hand = hand.games.len() + hand.accepted.len();
                    let decision = policy::decide(&challenge, &self.config.challenge, in_hand);
                    tracing::info!(
                        challenge = %challenge.id,
                        from = %clean(&challenge.challenger.name),
                        rated = challenge.rated,
                        clock = ?challenge.clock,
                        "challenge: {decision:?}"
                    );
                    let result = match decision {
                        Decision::Accept => {
                            if hand.accepted.len() < MAX_PENDING {
                                hand.accepted.insert(
                                    challenge.id.clone(),
                                    (challenge.challenger.name.to_lowercase(), Instant::now()),
                                );
                            }
                            self.client
                                .post(&format!("/api/challenge/{}/accept", challenge.id), None)
                                .await
                        }
                        Decision::Decline(reason) => {
                            self.client
                                .post(
                                    &format!("/api/challenge/{}/decline", challenge.id),
                                    Some(serde_json::json!({ "reason": reason.name() })),
                                )
                                .await
                        }
                    };
                    if let Err(e) = result {
                        hand.accepted.remove(&challenge.id);
                        tracing::warn!(challenge = %challenge.id, "answering the challenge: {e}");
                    }
                }
                AccountEvent::ChallengeCanceled { challenge }
                | AccountEvent::ChallengeDeclined { challenge } => {
                    hand.accepted.remove(&challenge.id);
                }
            }
        }
    }
}
