//! Online play (lila's `round`), split as lila's round is into parts of their own, each given
//! what it needs ([`base::Base`]): [`Round`] creates a challenge (and its lobby entry), joins,
//! plays the moves, ends games (resign, abort, cancel) and answers each player's view of the
//! state; [`Offers`] (lila's drawer and takebacker) handles draw offers, takebacks, cycle
//! proposals and claims; [`Rematches`] (lila's rematcher) the rematches and their seats;
//! [`Clocks`] the flag timers; [`Watchers`] the event streams of players and spectators;
//! [`AccountGames`] an account's games. The rules of online play are `online/`'s; the games are
//! `games/`'s, changed through [`Games::commit`].
//!
//! | file | job |
//! | --- | --- |
//! | `mod.rs` | [`Round`] and its parts, creating an online game |
//! | `base.rs` | what the parts share: an action once the flag is checked, a seat's answer, the creation limit, the lobby's recheck, the spectators' count |
//! | `actions.rs` | join, moves, ends, `state_for` |
//! | `offers.rs` | [`Offers`]: draw offers, takebacks, cycle proposals, claims |
//! | `rematch.rs` | [`Rematches`]: rematches and the seat in the next game |
//! | `clock.rs` | [`Clocks`]: the flag timer of each clocked game, clocks resumed at start, the alive heartbeat |
//! | `presence.rs` | [`Watchers`]: event streams of players and spectators ([`PresenceGuard`]), presence keys |
//! | `paired.rs` | games with both seats taken (pools, tournaments), the finished channel |
//! | `players.rs` | rated games' conditions and the ratings' snapshot |
//! | `account.rs` | [`AccountGames`]: an account's games still going, its seat on another device |

mod account;
mod actions;
mod base;
mod clock;
mod offers;
mod paired;
mod players;
mod presence;
mod rematch;

use std::sync::Arc;

use oware_core::{Game, Rules, Side};
use tokio::sync::broadcast;

use crate::games::{
    clean_name, random_hex, random_side, Created, Finished, Follower, GameError, Games, Live,
    Session, Touch,
};
use crate::lobby::Lobby;
use crate::local::Local;
use crate::online::{ControlChecks, Online, OnlineConfig, OnlineError, TimeControl};
use crate::store::Store;
use crate::time::Clock;
use base::Base;

pub use account::AccountGames;
pub use clock::Clocks;
pub use offers::Offers;
pub use paired::{NewPaired, Paired, PairedPlayer};
pub use presence::{PresenceGuard, Watchers};
pub use rematch::Rematches;

/// Online play: what it needs, given by the wiring (`env.rs`).
pub struct Round {
    /// What the parts share.
    base: Arc<Base>,
    /// Draw offers, takebacks, cycle proposals, claims.
    pub offers: Offers,
    /// Rematches and the seats in them.
    pub rematches: Rematches,
    /// The flag timers, the clocks resumed at start.
    pub clocks: Clocks,
    /// The event streams of players and spectators, presence keys.
    pub watchers: Watchers,
    /// An account's games going, its seat on another device.
    pub accounts: AccountGames,
    /// Online games that ended on this instance (`paired.rs`).
    finished: broadcast::Sender<Finished>,
    /// Paired games started on this instance, by id (`paired.rs`).
    started: broadcast::Sender<String>,
}

impl Follower for Round {
    fn touched(&self, live: &Live, s: &Session, touch: Touch) {
        if matches!(touch, Touch::Refreshed | Touch::Changed) {
            self.clocks.arm_clock(live, s);
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
        let base = Arc::new(Base {
            games,
            store,
            clock,
            local,
            lobby,
            online,
            budget,
        });
        let part = || Arc::clone(&base);
        Arc::new(Round {
            offers: Offers { base: part() },
            rematches: Rematches { base: part() },
            clocks: Clocks { base: part() },
            watchers: Watchers { base: part() },
            accounts: AccountGames { base: part() },
            base,
            finished: broadcast::channel(1024).0,
            started: broadcast::channel(1024).0,
        })
    }

    /// Whether bots may join the pools meant for people ([`OnlineConfig::bots_in_pools`]).
    pub fn bots_in_pools(&self) -> bool {
        self.base.online.bots_in_pools
    }

    /// The smallest initial time a clock may have, in seconds.
    pub fn min_initial_s(&self) -> u64 {
        self.base.online.min_initial_s
    }

    /// Counts a creation by `ip` (a challenge, or a pool's ticket: each may become a game);
    /// refuses beyond the limit in the window.
    pub(crate) fn count_creation(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.base.count_creation(ip)
    }

    /// Whether [`Round::count_creation`] would count a creation by `ip` now, counting nothing.
    pub(crate) fn may_create(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.base.may_create(ip)
    }

    /// Refuses one more online game for each of `users` (account ids) that has as many going
    /// as the budget allows.
    pub(crate) async fn may_hold_another(&self, users: &[&str]) -> Result<(), GameError> {
        self.base.may_hold_another(users).await
    }

    /// `user`'s rating snapshot for a game with `clock` (`None` without a category).
    pub(crate) async fn rating_snapshot(
        &self,
        user: &crate::accounts::User,
        clock: Option<&TimeControl>,
    ) -> Result<Option<oware_protocol::SeatRating>, GameError> {
        self.base.rating_snapshot(user, clock).await
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
        let place = req.lobby.then(|| self.base.lobby.reserve(ip)).transpose();
        let place = place.map_err(|r| GameError::Limited {
            code: r.code,
            message: r.message,
        })?;
        if let Some(u) = &req.user {
            self.base.may_hold_another(&[u.id.as_str()]).await?;
        }
        self.base.count_creation(ip)?;
        let side = match req.color {
            Some(s) => s,
            None => random_side()?,
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
        let mut online = Online::new(
            side,
            name,
            token.clone(),
            req.clock,
            req.lobby,
            self.base.now(),
        );
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
            let rating = self.base.rating_snapshot(u, req.clock.as_ref()).await?;
            let bot = self.base.is_bot(Some(u)).await?;
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
        self.base.insert_online(&id, &token, game, online).await?;
        let (live, s) = self.base.games.hold(&id).await?;
        if let Some(place) = place {
            self.base.lobby.assign(place, &id);
        }
        self.base.lobby.sync_game(&s);
        if s.online.as_ref().is_some_and(|o| o.lobby) {
            self.base.recheck_lobby_later(&live, &s);
        }
        tracing::debug!(game = %id, "online game created");
        Ok(Created {
            id,
            token,
            state: self.base.games.view_for(&s, Some(side)),
        })
    }
}
