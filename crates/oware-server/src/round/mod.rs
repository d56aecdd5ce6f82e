//! Online play (lila's `round`): creating a challenge (and its lobby entry), joining, moves,
//! the ends (resign, abort, cancel), offers (draw, takeback, cycle), claims, rematches, seat
//! recovery, presence keys and each player's view of the state; the flag timers (`clock.rs`),
//! the event streams of players and spectators (`presence.rs`), games made with both seats
//! taken for pools and tournaments (`paired.rs`), ratings at the start (`players.rs`) and an
//! account's games (`account.rs`). The rules of online play are `online/`'s; the games are
//! `games/`'s, changed through [`Games::commit`].
//!
//! | file | job |
//! | --- | --- |
//! | `mod.rs` | [`Round`], creating an online game, the creation limit, the lobby's recheck |
//! | `actions.rs` | join, moves, ends, offers, claims, rematch, seats, presence keys, `state_for` |
//! | `clock.rs` | the flag timer of each clocked game, clocks resumed at start, the alive heartbeat |
//! | `presence.rs` | event streams of players and spectators ([`PresenceGuard`]) |
//! | `paired.rs` | games with both seats taken (pools, tournaments), the finished channel |
//! | `players.rs` | rated games' conditions and the ratings' snapshot |
//! | `account.rs` | an account's games still going, its seat on another device |

mod account;
mod actions;
mod clock;
mod paired;
mod players;
mod presence;

use std::sync::{Arc, Weak};

use oware_core::{Game, Rules, Side};
use tokio::sync::broadcast;

use crate::games::{
    clean_name, online_row, random_hex, Created, Finished, Follower, GameError, Games, Live,
    Session, Touch,
};
use crate::lobby::Lobby;
use crate::local::Local;
use crate::online::{ControlChecks, Online, OnlineConfig, OnlineError, TimeControl};
use crate::store::Store;
use crate::time::Clock;

pub use paired::{NewPaired, Paired, PairedPlayer};
pub use presence::PresenceGuard;

/// Online play: what it needs, given by the wiring (`env.rs`).
pub struct Round {
    /// Itself, for the tasks it starts (timers, lobby rechecks).
    me: Weak<Round>,
    games: Arc<Games>,
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    /// Games on one device: a move or a cycle proposal of such a game is theirs.
    local: Arc<Local>,
    /// The open challenges posted to the lobby and their watchers (`lobby.rs`).
    lobby: Arc<Lobby>,
    online: OnlineConfig,
    /// The budget: online games created per address, games going per account.
    budget: Arc<crate::budget::Budget>,
    /// Online games that ended on this instance (`paired.rs`).
    finished: broadcast::Sender<Finished>,
    /// Paired games started on this instance, by id (`paired.rs`).
    started: broadcast::Sender<String>,
}

impl Follower for Round {
    fn touched(&self, live: &Live, s: &Session, touch: Touch) {
        if matches!(touch, Touch::Refreshed | Touch::Changed) {
            self.arm_clock(live, s);
        }
    }

    fn finished(&self, end: &Finished) {
        let _ = self.finished.send(end.clone());
    }
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
    /// Whether the game is rated (the creator must be logged in).
    pub rated: bool,
    /// The creator's account, if logged in: the seat is theirs on any device.
    pub user: Option<crate::accounts::User>,
    /// The ratings a joiner must have, both ends included (needs a clock: a category).
    pub range: Option<[i32; 2]>,
    /// Whether the game is open to advice: the players read the spectators' chat room too
    /// (casual games only).
    pub advice: bool,
}

/// An online game ended by one player: the creator cancelling an open challenge, a player
/// resigning or aborting (before both sides have moved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The creator withdraws the open challenge.
    Cancel,
    /// The token's side resigns.
    Resign,
    /// The token's side aborts: no result.
    Abort,
}

impl Ending {
    fn name(self) -> &'static str {
        match self {
            Ending::Cancel => "cancel",
            Ending::Resign => "resign",
            Ending::Abort => "abort",
        }
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
            Some(serde_json::Value::Object(m)) if m.contains_key("days") => {
                if m.len() > 1 {
                    return Err(GameError::invalid(
                        "bad-clock",
                        "a correspondence clock takes \"days\" alone",
                    ));
                }
                let days = m["days"].as_f64().ok_or_else(|| {
                    GameError::invalid("bad-clock", "days must be a number of days per move")
                })?;
                Some(TimeControl::correspondence(days)?)
            }
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
            rated: false,
            user: None,
            range: None,
            advice: false,
        })
    }
}

/// A budget's refusal as the games' error (429 with `Retry-After`).
fn too_many(e: crate::limits::LimitError) -> GameError {
    GameError::TooMany {
        code: e.code,
        message: e.message,
        retry_after_s: e.retry_after_s,
    }
}

impl Round {
    /// Online play on `games`, with its lobby, and `local` for the routes both share.
    pub(crate) fn new(
        games: Arc<Games>,
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        local: Arc<Local>,
        lobby: Arc<Lobby>,
        online: OnlineConfig,
        budget: Arc<crate::budget::Budget>,
    ) -> Arc<Round> {
        Arc::new_cyclic(|me| Round {
            me: me.clone(),
            budget,
            games,
            store,
            clock,
            local,
            lobby,
            online,
            finished: broadcast::channel(1024).0,
            started: broadcast::channel(1024).0,
        })
    }

    /// Itself, shared (it lives in an `Arc`).
    fn me(&self) -> Arc<Round> {
        self.me
            .upgrade()
            .expect("a Round is used only while it is alive")
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Whether bots may join the pools meant for people ([`OnlineConfig::bots_in_pools`]).
    pub fn bots_in_pools(&self) -> bool {
        self.online.bots_in_pools
    }

    /// The smallest initial time a clock may have, in seconds.
    pub fn min_initial_s(&self) -> u64 {
        self.online.min_initial_s
    }

    /// Counts a creation by `ip` (a challenge, or a pool's ticket: each may become a game);
    /// refuses beyond the limit in the window.
    pub(crate) fn count_creation(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.creation(ip, true)
    }

    /// Whether [`Round::count_creation`] would count a creation by `ip` now, counting nothing.
    pub(crate) fn may_create(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.creation(ip, false)
    }

    fn creation(&self, ip: Option<std::net::IpAddr>, count: bool) -> Result<(), GameError> {
        let Some(ip) = ip else { return Ok(()) };
        self.budget.online_creation(ip, count).map_err(too_many)
    }

    /// Refuses one more online game for each of `users` (account ids) that has as many going
    /// as the budget allows ([`crate::ServerLimits::live_games_per_account`]): counted in the
    /// store by the seat columns' indexes, so every instance counts the same.
    pub(crate) async fn may_hold_another(&self, users: &[&str]) -> Result<(), GameError> {
        for u in users {
            let going = self.store.live_online_count(u.to_string()).await?;
            self.budget.live_games(going).map_err(too_many)?;
        }
        Ok(())
    }

    /// Creates an open online game (a challenge) for a creator at address `ip`.
    pub async fn create_online(
        &self,
        req: NewOnline,
        ip: Option<std::net::IpAddr>,
    ) -> Result<Created, GameError> {
        if req.advice && req.rated {
            return Err(OnlineError::refused(
                "no-advice-in-rated-games",
                "a rated game cannot be opened to advice: spectators may not advise its players",
            )
            .into());
        }
        let place = req.lobby.then(|| self.lobby.reserve(ip)).transpose();
        let place = place.map_err(|r| GameError::Limited {
            code: r.code,
            message: r.message,
        })?;
        if let Some(u) = &req.user {
            self.may_hold_another(&[u.id.as_str()]).await?;
        }
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
        let rules = req.rules.unwrap_or_default();
        if req.rated {
            if let Some(why) = players::rated_refusal(&rules, req.clock.as_ref(), req.user.as_ref())
            {
                return Err(OnlineError::refused("not-rated", why).into());
            }
        }
        let token = random_hex(24)?;
        let name = match (&req.user, req.name.is_empty()) {
            (Some(u), _) => u.name.clone(),
            (None, true) => "Anonymous".to_string(),
            (None, false) => req.name,
        };
        let mut online = Online::new(side, name, token.clone(), req.clock, req.lobby, self.now());
        online.rated = req.rated;
        if let Some([low, high]) = req.range {
            if crate::games::category(req.clock.as_ref()).is_none() {
                return Err(GameError::invalid(
                    "bad-range",
                    "a rating range needs a clock (ratings are per kind of clock)",
                ));
            }
            if !(0..=4000).contains(&low) || !(0..=4000).contains(&high) || low > high {
                return Err(GameError::invalid(
                    "bad-range",
                    format!(
                        "the range is two ratings from 0 to 4000, the lower first, not [{low}, {high}]"
                    ),
                ));
            }
            online.range = Some([low, high]);
        }
        online.advice = req.advice;
        if let Some(u) = &req.user {
            let rating = self.rating_snapshot(u, req.clock.as_ref()).await?;
            let bot = self.is_bot(Some(u)).await?;
            let seat = if side == Side::South {
                &mut online.south
            } else {
                &mut online.north
            };
            seat.user = Some(u.id.clone());
            seat.rating = rating;
            seat.bot = bot;
        }
        let game = Game::new(rules);
        let id = random_hex(16)?;
        self.insert_online(&id, &token, game, online).await?;
        let (live, s) = self.games.hold(&id).await?;
        if let Some(place) = place {
            self.lobby.assign(place, &id);
        }
        self.lobby.sync_game(&s);
        if s.online.as_ref().is_some_and(|o| o.lobby) {
            self.recheck_lobby_later(&live, &s);
        }
        tracing::debug!(game = %id, "online game created");
        Ok(Created {
            id,
            token,
            state: self.games.view_for(&s, Some(side)),
        })
    }

    pub(super) async fn insert_online(
        &self,
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

    /// Looks at game `live`'s lobby entry again once the creator's grace has run out, so that a
    /// challenge whose creator left (or never opened the page) leaves the lobby. The grace
    /// counts from the time the creator's seat has had no stream since (in `s`).
    pub(super) fn recheck_lobby_later(&self, live: &Live, s: &Session) {
        let Some(o) = &s.online else { return };
        let since = s.presence.gone_since[usize::from(o.creator == Side::North)];
        let (lobby, live) = (Arc::clone(&self.lobby), Arc::clone(live));
        self.lobby
            .after_grace(since, async move { lobby.sync_game(&*live.lock().await) });
    }
}
