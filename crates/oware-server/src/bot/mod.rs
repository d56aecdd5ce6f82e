//! Bots (lila's `bot`, `docs/bots.md`): engines that play on the site through an account's API
//! token. A bot plays ordinary online account games (`round/`); this service adds what is
//! theirs:
//!
//! | file | job |
//! | --- | --- |
//! | `mod.rs` | [`Bots`], the upgrade of an account to a bot, a bot's actions on its games (move, chat, resign, abort, claim, draw and takeback answers) through its seat, [`BotError`] |
//! | `challenge.rs` | challenges between accounts: made, listed, accepted (a paired game), declined, cancelled; kept in the store |
//! | `hub.rs` | each account's event stream (`gameStart`, `gameFinish`, the challenges' events), relayed between instances |
//! | `view.rs` | the bots' views of a game (`gameFull`, `gameState`, a stream's lines) from the state |
//!
//! No HTTP here: `http/bot.rs` reads the token and the request and calls these.

mod challenge;
mod hub;
mod view;

use std::sync::Arc;

use oware_core::Side;
use oware_protocol::{BotAccount, StateView};

use crate::accounts::User;
use crate::chat::{ChatPoster, Chats};
use crate::games::{GameError, Games, MoveInput, OfferKind};
use crate::round::{Ending, Round};
use crate::store::{Store, StoreError};
use crate::time::Clock;

pub use challenge::{ChallengeLimits, CHALLENGE_TTL_MS};
pub use hub::Hub;
pub use view::{event_game, GameLines};

/// The most bots [`Bots::streaming_bots`] lists.
pub const STREAMING_SHOWN: usize = 50;

/// Why a bot's request was refused.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The game's own refusal (illegal move, not your turn, no such game…).
    #[error("{0}")]
    Game(#[from] GameError),
    /// The database failed.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// An upgrade of an account that has played.
    #[error("only an account that has never played a game (nor waits in a pool) can become a bot")]
    HasPlayed,
    /// A bot's route for an account that is not a bot.
    #[error("this account is not a bot: upgrade it first (POST /api/bot/account/upgrade)")]
    NotABot,
    /// No such open account.
    #[error("no such player")]
    UnknownPlayer,
    /// A challenge to oneself.
    #[error("you cannot challenge yourself")]
    OwnChallenge,
    /// Too many open challenges.
    #[error("{0}")]
    TooManyChallenges(String),
    /// No such open challenge for this account.
    #[error("no such open challenge: it was answered, withdrawn or has lapsed")]
    NoSuchChallenge,
    /// A request that does not fit the rules (a bad clock, a rated game without a clock…).
    #[error("{1}")]
    Invalid(&'static str, String),
    /// A bot in the pools meant for people, which the operator has not allowed.
    #[error("the pools are for people: bots play by challenge (the operator may allow bots in the pools)")]
    NoBotsInPools,
    /// A bot joining an arena from the page.
    #[error("the arenas are for people: bots play by challenge")]
    NoBotsInArenas,
    /// Too many accounts have event streams open on this instance.
    #[error("too many event streams are open: try again shortly")]
    Crowded,
}

/// The opening of a bot's game stream ([`Bots::game_stream`]).
pub struct GameStream {
    /// What the stream has sent, to turn the game's events into lines.
    pub lines: GameLines,
    /// The `gameFull` line.
    pub full: String,
    /// The game's events.
    pub events: crate::events::Feed,
    /// Keeps the bot present in the game while the stream is open.
    pub guard: Option<crate::round::PresenceGuard>,
}

/// What the bots and the house bots play through, given by the wiring (`env.rs`).
#[derive(Clone)]
pub(crate) struct Play {
    /// Where the accounts, challenges and games are kept.
    pub(crate) store: Arc<dyn Store>,
    /// The server's time.
    pub(crate) clock: Arc<dyn Clock>,
    /// The live games.
    pub(crate) games: Arc<Games>,
    /// Online play: moves, offers, the ends.
    pub(crate) round: Arc<Round>,
}

/// The bots' service: what it needs, given by the wiring (`env.rs`).
pub struct Bots {
    play: Play,
    chat: Arc<Chats>,
    hub: Arc<Hub>,
    limits: ChallengeLimits,
}

impl Bots {
    /// The bots on `play`'s games, writing through `chat`; their accounts' events relayed
    /// through its store between instances.
    pub(crate) fn new(play: Play, chat: Arc<Chats>) -> Arc<Bots> {
        let hub = Hub::new(Arc::clone(&play.store));
        Arc::new(Bots {
            play,
            chat,
            hub,
            limits: ChallengeLimits::default(),
        })
    }

    /// Starts following the games that end (`gameFinish`) and the other instances' account
    /// events, until `shutdown`.
    pub(crate) fn start(self: &Arc<Self>, shutdown: tokio::sync::watch::Receiver<bool>) {
        self.hub.follow_notices(shutdown.clone());
        let me = Arc::clone(self);
        let mut finished = self.play.round.finished();
        let mut started = self.play.round.started();
        let mut shutdown = shutdown;
        tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                tokio::select! {
                    _ = async { let _ = shutdown.wait_for(|down| *down).await; } => return,
                    end = finished.recv() => match end {
                        Ok(end) => me.game_finished(&end.id).await,
                        Err(RecvError::Lagged(_)) => {}
                        Err(RecvError::Closed) => return,
                    },
                    id = started.recv() => match id {
                        Ok(id) => me.game_started(&id).await,
                        Err(RecvError::Lagged(_)) => {}
                        Err(RecvError::Closed) => return,
                    },
                }
            }
        });
    }

    /// The account events' hub (the event stream subscribes to it).
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    fn now(&self) -> u64 {
        self.play.clock.now_ms()
    }

    /// Whether account `user` is a bot.
    pub async fn is_bot(&self, user: &User) -> Result<bool, BotError> {
        Ok(self.play.store.bots().is_bot(user.id.clone()).await?)
    }

    /// The bot accounts with an event stream open on this instance (at most
    /// [`STREAMING_SHOWN`]), by name.
    pub async fn streaming_bots(&self) -> Vec<User> {
        let mut out = Vec::new();
        for id in self.hub.listening_bots(STREAMING_SHOWN) {
            if !matches!(self.play.store.bots().is_bot(id.clone()).await, Ok(true)) {
                continue;
            }
            if let Ok(Some(u)) = self.play.store.accounts().user_by_id(id).await {
                if !u.closed {
                    out.push(User {
                        id: u.id,
                        name: u.name,
                    });
                }
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    }

    /// Refuses `user` unless it is a bot.
    pub async fn must_be_bot(&self, user: &User) -> Result<(), BotError> {
        if self.is_bot(user).await? {
            Ok(())
        } else {
            Err(BotError::NotABot)
        }
    }

    /// Refuses a bot in the arenas meant for people (the house bots join them on their own
    /// when the operator allows it, not through this check).
    pub async fn may_join_arena(&self, user: &User) -> Result<(), BotError> {
        if self.is_bot(user).await? {
            return Err(BotError::NoBotsInArenas);
        }
        Ok(())
    }

    /// Refuses a bot's ticket in the pools meant for people, unless the operator allows it.
    pub async fn may_join_pool(&self, user: Option<&User>) -> Result<(), BotError> {
        match user {
            Some(u) if !self.play.round.bots_in_pools() && self.is_bot(u).await? => {
                Err(BotError::NoBotsInPools)
            }
            _ => Ok(()),
        }
    }

    /// Makes `user` a bot, for good, if it has played no game (finished or going).
    pub async fn upgrade(&self, user: &User) -> Result<BotAccount, BotError> {
        let answer = BotAccount {
            name: user.name.clone(),
            bot: true,
        };
        if self.is_bot(user).await? {
            return Ok(answer);
        }
        let [w, d, l] = self.play.store.accounts().counts(user.id.clone()).await?;
        let going = self.play.store.live_online_count(user.id.clone()).await?;
        // A ticket waiting in a pool would pair a bot with a person (the pools are for
        // people): no upgrade while one waits.
        let waiting = self.play.store.pool().pool_waiting(self.now()).await?;
        let in_pool = waiting.iter().any(|t| t.user_id == user.id);
        if w + d + l > 0 || going > 0 || in_pool {
            return Err(BotError::HasPlayed);
        }
        self.play
            .store
            .bots()
            .make_bot(user.id.clone(), self.now())
            .await?;
        tracing::info!(user = %user.name, "account upgraded to a bot");
        Ok(answer)
    }

    /// `user`'s seat token in game `id` (refused if it holds no seat there).
    async fn seat_token(&self, id: &str, user: &User) -> Result<(String, StateView), BotError> {
        let seat = self.play.round.accounts.seat(id, user).await?;
        Ok((seat.token, seat.state))
    }

    /// Plays `letter` (the site's move letter) for `user` in game `id`.
    pub async fn play(&self, id: &str, user: &User, letter: &str) -> Result<(), BotError> {
        let (token, _) = self.seat_token(id, user).await?;
        self.play
            .round
            // The answer's state is not used: its smallest form (the position alone).
            .play(
                id,
                Some(&token),
                MoveInput::Text(letter),
                Some(usize::MAX),
                None,
            )
            .await?;
        Ok(())
    }

    /// Resigns or aborts game `id` for `user`.
    pub async fn end(&self, id: &str, user: &User, how: Ending) -> Result<(), BotError> {
        let (token, _) = self.seat_token(id, user).await?;
        self.play.round.end(id, Some(&token), how).await?;
        Ok(())
    }

    /// Claims the win of game `id` for `user`, its opponent having left.
    pub async fn claim_victory(&self, id: &str, user: &User) -> Result<(), BotError> {
        let (token, _) = self.seat_token(id, user).await?;
        self.play
            .round
            .offers
            .claim(id, Some(&token), "win")
            .await?;
        Ok(())
    }

    /// `yes`: offers a draw (or a takeback), or accepts the opponent's; `no`: declines the
    /// opponent's, or withdraws one's own.
    pub async fn answer_offer(
        &self,
        id: &str,
        user: &User,
        kind: OfferKind,
        yes: bool,
    ) -> Result<(), BotError> {
        let (token, state) = self.seat_token(id, user).await?;
        let online = state.online.as_ref();
        let me = online.and_then(|o| o.you);
        let standing = online.and_then(|o| o.offer(kind));
        let action = match (yes, standing) {
            (true, Some(s)) if Some(s) != me => "accept",
            (true, _) => "offer",
            (false, Some(s)) if Some(s) != me => "decline",
            (false, Some(_)) => "withdraw",
            (false, None) => {
                return Err(BotError::Invalid(
                    "no-offer",
                    format!("there is no {} offer to decline", kind.name()),
                ))
            }
        };
        if kind == OfferKind::Rematch {
            // A rematch's answer has a step of its own (an accept makes the new game).
            self.play
                .round
                .rematches
                .rematch(id, Some(&token), action, None)
                .await?;
        } else {
            self.play
                .round
                .offers
                .offer(id, Some(&token), kind, action)
                .await?;
        }
        Ok(())
    }

    /// Writes `text` in game `id`'s `room` (`player`/`players`, `spectator`/`spectators`) as
    /// `user`, under the chat's own limits.
    pub async fn chat(
        &self,
        id: &str,
        user: &User,
        room: Option<&str>,
        text: &str,
        client: Option<std::net::IpAddr>,
    ) -> Result<(), BotError> {
        let (token, _) = self.seat_token(id, user).await?;
        let room = match room {
            Some("player") => Some("players"),
            Some("spectator") => Some("spectators"),
            other => other,
        };
        let poster = ChatPoster {
            token: Some(token),
            user: Some(user.clone()),
            name: None,
            client,
        };
        self.chat.post_chat(id, poster, room, text).await?;
        Ok(())
    }

    /// The opening of `user`'s stream of game `id`: its view lines (`gameFull` first) and the
    /// game's events with the guard that keeps the bot present while the stream is open.
    pub async fn game_stream(&self, id: &str, user: &User) -> Result<GameStream, BotError> {
        let (token, state) = self.seat_token(id, user).await?;
        let side = state
            .online
            .and_then(|o| o.you)
            .ok_or_else(|| GameError::Internal("a seat without a side".into()))?;
        let key = self.play.round.watchers.key(id, Some(&token)).await?;
        let (first, rx, guard) = self
            .play
            .round
            .watchers
            .subscribe_present(id, Some(&key), Some(&user.id))
            .await?;
        let created_ms = {
            let (_, s) = self.play.games.hold(id).await?;
            s.online.as_ref().map_or(0, |o| o.created_ms)
        };
        let (lines, full) = GameLines::open(&first, side, created_ms)
            .ok_or_else(|| GameError::Internal("the game's first event is not a state".into()))?;
        Ok(GameStream {
            lines,
            full,
            events: rx,
            guard,
        })
    }

    /// Tells the accounts seated in game `id` that it started (`gameStart`): a challenge
    /// accepted, a pool's pairing, a tournament's.
    async fn game_started(&self, id: &str) {
        self.tell_seats(id, |game| oware_protocol::AccountEvent::GameStart { game })
            .await;
    }

    /// Tells the accounts seated in game `id` that it ended (`gameFinish`).
    async fn game_finished(&self, id: &str) {
        self.tell_seats(id, |game| oware_protocol::AccountEvent::GameFinish { game })
            .await;
    }

    /// Sends each account seated in game `id` the event `make` builds from its view of it.
    async fn tell_seats(
        &self,
        id: &str,
        make: impl Fn(oware_protocol::EventGame) -> oware_protocol::AccountEvent,
    ) {
        let Ok(state) = self.play.games.state(id).await else {
            return;
        };
        let Ok(live) = self.play.games.live(id).await else {
            return;
        };
        let users: Vec<(Side, Option<String>)> = {
            let s = live.lock().await;
            let Some(o) = s.online.as_ref() else { return };
            Side::ALL
                .into_iter()
                .map(|side| (side, o.seat(side).user.clone()))
                .collect()
        };
        for (side, user) in users {
            let (Some(user), Some(game)) = (user, event_game(&state, side)) else {
                continue;
            };
            self.hub.send(&user, &make(game)).await;
        }
    }
}
