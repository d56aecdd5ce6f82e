//! Online play between people: seats and their tokens, the server's clocks, offers (draw,
//! takeback, rematch), the end reasons and the lobby's entries. Plain data and rules of the
//! meeting (who may do what when), no HTTP and no storage: `games/round.rs` calls these on a
//! copy, stores the copy (a versioned write) and only then keeps it. `clock.rs` holds the
//! clock, `offers.rs` the offers and their cool-downs, `view.rs` what the state shows,
//! `presence.rs` who watches, `error.rs` [`OnlineError`].
//!
//! Times are milliseconds since the Unix epoch, passed in by the caller (`now`), so that the
//! logic is testable without a clock.

mod clock;
mod error;
mod offers;
mod presence;
#[cfg(test)]
mod tests;
mod view;

use std::time::Duration;

use oware_core::{Game, Side};
use serde::{Deserialize, Serialize};

pub use clock::{Clock, ControlChecks, TimeControl};
pub use error::{OnlineError, OnlineErrorKind};
pub use offers::{parse_action, OfferAction, OfferCooldowns, OfferKind};
pub use presence::Presence;
pub use view::{lobby_entry, LobbyEntry, OnlineView};

/// The settings the server accepts for online games.
#[derive(Debug, Clone)]
pub struct OnlineConfig {
    /// How long the player to move must have been disconnected before the opponent may claim
    /// (default 60 s).
    pub claim_delay: Duration,
    /// The same at fast clocks (initial time ≤ 3 minutes; default 20 s).
    pub fast_claim_delay: Duration,
    /// The smallest initial time in seconds a clock may have (default 30; tests use 1).
    pub min_initial_s: u64,
    /// How many online games one address may create within `create_window` (default 20).
    pub create_limit: usize,
    /// The window of `create_limit` (default 10 minutes).
    pub create_window: Duration,
    /// How long a lobby challenge stays listed after its creator's page closed its event stream
    /// (or, for a new challenge, before it opens one): a reload keeps it, a creator who left
    /// takes it off the lobby (default 30 s).
    pub lobby_grace: Duration,
    /// The most challenges the lobby lists; one more is refused (default 200, `lobby.rs`).
    pub lobby_max: usize,
    /// The most challenges one address has listed in the lobby at once (default 3).
    pub lobby_per_client: usize,
    /// With several instances on one database: how long an instance's claim on work that must
    /// happen once (the computer's reply) holds before another instance may take it over, in
    /// case the claimer died (default 15 s; a reply takes at most a few seconds).
    pub work_lease: Duration,
    /// With several instances on one database: how long a review's claim holds unrenewed
    /// (default 30 s, `REVIEW_LEASE`); the instance running the review renews it every
    /// third of that.
    pub review_lease: Duration,
    /// Whether bot accounts may join the quick-pairing pools, which are meant for people
    /// (default no: 403 `no-bots-in-pools`; `oware serve --bots-in-pools`).
    pub bots_in_pools: bool,
}

/// How long a review's claim holds with several instances without being renewed, by default
/// (`OnlineConfig::review_lease`, `oware serve --review-lease`). The instance running the
/// review renews it every third of the lease, so only a claimer that died lets it run out, and
/// then another instance may run the review when it is asked again. Another instance's last
/// progress of a review counts as "running" without news (it sends one at every position
/// reviewed, a few seconds apart at most) as long as a claim holds unrenewed.
pub const REVIEW_LEASE: Duration = Duration::from_secs(30);

impl Default for OnlineConfig {
    fn default() -> Self {
        OnlineConfig {
            claim_delay: Duration::from_secs(60),
            fast_claim_delay: Duration::from_secs(20),
            min_initial_s: 30,
            create_limit: 20,
            create_window: Duration::from_secs(600),
            lobby_grace: Duration::from_secs(30),
            lobby_max: 200,
            lobby_per_client: 3,
            work_lease: Duration::from_secs(15),
            review_lease: REVIEW_LEASE,
            bots_in_pools: false,
        }
    }
}

/// The largest initial time in seconds (3 hours).
pub const MAX_INITIAL_S: u64 = 10_800;

/// How long each side of a game with a clock (not a correspondence one) has for its first
/// move, from the start of the game or from the opponent's first move: a game in which a side
/// has not moved by then is aborted, with no result. The clock itself runs only once both
/// have moved, so without this a game nobody plays (a pool pairing left alone, a seat taken
/// and forgotten) would stay "playing" for ever.
pub const FIRST_MOVE_MS: u64 = 30_000;
/// The largest increment in seconds.
pub const MAX_INCREMENT_S: u64 = 180;

/// Why an online game ended: the protocol's `oware_protocol::EndReason`.
pub use oware_protocol::EndReason;
/// Where an online game is: the protocol's `oware_protocol::Status` (also the store's
/// column, by its `name()`).
pub use oware_protocol::Status;

/// One seat.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Seat {
    /// The player's name.
    pub name: String,
    /// The seat's secret token, `None` while free.
    pub token: Option<String>,
    /// The account holding the seat (its id), `None` for a guest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// The account's rating in the game's category when it took the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<oware_protocol::SeatRating>,
    /// Whether that account is a bot (`bot/`), as when it took the seat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// What a player may claim when the opponent has left: the protocol's vocabulary.
pub use oware_protocol::ClaimResult as Claim;

/// The online part of a game: stored with it (as JSON) and changed by the functions below.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Online {
    /// Where the game is.
    pub status: Status,
    /// Whether the challenge is listed in the lobby.
    pub lobby: bool,
    /// The creator's side.
    pub creator: Side,
    /// South's seat.
    pub south: Seat,
    /// North's seat.
    pub north: Seat,
    /// The clock, `None` for a game without one.
    pub clock: Option<Clock>,
    /// The side offering a draw.
    pub draw_offer: Option<Side>,
    /// The side asking for a takeback.
    pub takeback_offer: Option<Side>,
    /// The side offering a rematch.
    pub rematch_offer: Option<Side>,
    /// The rematch, once accepted.
    pub rematch_id: Option<String>,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// Why the game ended: `capture`, `draw`, `no-feed`, `cycle` (the rules), `time`, `resign`,
    /// `agreement`, `abandon` or `aborted`.
    pub end: Option<EndReason>,
    /// The winner, `None` for a draw or no result.
    pub winner: Option<Side>,
    /// When the game was created (epoch ms).
    pub created_ms: u64,
    /// When both seats were taken (epoch ms): an absence counts from then at the earliest.
    #[serde(default)]
    pub started_ms: Option<u64>,
    /// When each side may make each kind of offer again after one was declined or withdrawn.
    #[serde(default)]
    pub cooldowns: OfferCooldowns,
    /// The ratings a joiner must have (a challenge limited to a range), both ends included.
    #[serde(default)]
    pub range: Option<[i32; 2]>,
    /// Whether the result moves the players' ratings (both seats accounts, standard rules).
    #[serde(default)]
    pub rated: bool,
    /// The side proposing to end the game as an endless cycle (`offers.rs`); lapses with the
    /// next move.
    #[serde(default)]
    pub cycle_offer: Option<Side>,
    /// Whether the game is open to advice: the players read the spectators' chat room too
    /// (chosen at creation, casual games only; `chat.rs`).
    #[serde(default)]
    pub advice: bool,
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    crate::secret::same_secret(a, b)
}

impl Online {
    /// A new open challenge by `creator` (seat `side`, holding `token`).
    pub fn new(
        side: Side,
        name: String,
        token: String,
        clock: Option<TimeControl>,
        lobby: bool,
        now: u64,
    ) -> Online {
        let mut o = Online {
            status: Status::Open,
            lobby,
            creator: side,
            south: Seat::default(),
            north: Seat::default(),
            clock: clock.map(Clock::new),
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch_id: None,
            rematch_of: None,
            end: None,
            winner: None,
            created_ms: now,
            started_ms: None,
            cooldowns: OfferCooldowns::default(),
            rated: false,
            range: None,
            cycle_offer: None,
            advice: false,
        };
        *o.seat_mut(side) = Seat {
            name,
            token: Some(token),
            ..Seat::default()
        };
        o
    }

    /// The seat of `side`.
    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    fn seat_mut(&mut self, side: Side) -> &mut Seat {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// The side whose token this is (compared in constant time), if any.
    pub fn side_of(&self, token: Option<&str>) -> Option<Side> {
        let token = token?;
        Side::ALL.into_iter().find(|&side| {
            self.seat(side)
                .token
                .as_deref()
                .is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes()))
        })
    }

    /// Whether account `user` holds a seat of this game while it is live: such a viewer is a
    /// player wherever they look from (a spectator's stream, a second tab without the seat's
    /// token), and gets no engine analysis and no spectators' room a player would not get.
    pub fn seated_account(&self, user: Option<&str>) -> bool {
        let Some(user) = user else { return false };
        self.is_live()
            && Side::ALL
                .into_iter()
                .any(|side| self.seat(side).user.as_deref() == Some(user))
    }

    /// The player's side, or `not-your-seat`.
    pub fn player(&self, token: Option<&str>) -> Result<Side, OnlineError> {
        self.side_of(token).ok_or_else(OnlineError::not_your_seat)
    }

    /// Whether the game is still going (open or playing).
    pub fn is_live(&self) -> bool {
        matches!(self.status, Status::Open | Status::Playing)
    }

    /// The free seat's side, for a joiner holding `token` (a token of another game is fine).
    pub fn join(
        &mut self,
        token: Option<&str>,
        name: String,
        new_token: String,
        now: u64,
    ) -> Result<Side, OnlineError> {
        if self.side_of(token).is_some() {
            return Err(OnlineError::refused(
                "own-challenge",
                "this is your own challenge: send the invite link to your opponent",
            ));
        }
        match self.status {
            Status::Open => {}
            Status::Playing => {
                return Err(OnlineError::refused(
                    "seat-taken",
                    "someone else took the seat first: you can watch the game",
                ))
            }
            _ => {
                return Err(OnlineError::refused(
                    "not-open",
                    "this challenge is no longer open",
                ))
            }
        }
        let side = self.creator.other();
        *self.seat_mut(side) = Seat {
            name,
            token: Some(new_token),
            ..Seat::default()
        };
        self.status = Status::Playing;
        self.started_ms = Some(now);
        Ok(side)
    }

    /// The creator withdraws the open challenge.
    pub fn cancel(&mut self, side: Side) -> Result<(), OnlineError> {
        if self.status != Status::Open || side != self.creator {
            return Err(OnlineError::refused(
                "not-open",
                "only an open challenge can be cancelled, by its creator",
            ));
        }
        self.status = Status::Cancelled;
        Ok(())
    }

    fn finish(&mut self, end: EndReason, winner: Option<Side>, now: u64) {
        if let Some(c) = &mut self.clock {
            if let Some(side) = c.running {
                let left = c.left_at(side, now);
                *c.left_mut(side) = left;
            }
            c.running = None;
        }
        self.status = Status::Over;
        self.end = Some(end);
        self.winner = winner;
        self.draw_offer = None;
        self.takeback_offer = None;
        self.cycle_offer = None;
    }

    /// When the side to move must have made its first move ([`FIRST_MOVE_MS`]): only in a
    /// game being played with a clock that is not running yet (fewer than two moves) and is
    /// not a correspondence clock.
    pub fn first_move_deadline(&self) -> Option<u64> {
        if self.status != Status::Playing {
            return None;
        }
        let c = self
            .clock
            .as_ref()
            .filter(|c| c.running.is_none() && !c.per_move())?;
        let since = self
            .started_ms
            .unwrap_or(self.created_ms)
            .max(c.turn_started_ms);
        Some(since.saturating_add(FIRST_MOVE_MS))
    }

    /// When the game ends by time if nobody moves: the running side's flag, or the first
    /// move's deadline ([`Online::first_move_deadline`]).
    pub fn time_deadline(&self) -> Option<u64> {
        if self.status != Status::Playing {
            return None;
        }
        self.clock
            .as_ref()
            .and_then(|c| c.deadline())
            .or_else(|| self.first_move_deadline())
    }

    /// Whether time has ended the game at `now`: the running side's flag has fallen (the
    /// other side wins), or a side has not made its first move in time (aborted, no
    /// result). `true` is answered when it has; the caller stores the change.
    pub fn check_flag(&mut self, now: u64) -> bool {
        if self.status != Status::Playing {
            return false;
        }
        if let Some(deadline) = self.first_move_deadline() {
            if now < deadline {
                return false;
            }
            self.finish(EndReason::Aborted, None, now);
            self.status = Status::Aborted;
            return true;
        }
        let Some(c) = &self.clock else { return false };
        let Some(side) = c.running else { return false };
        if c.left_at(side, now) > 0 {
            return false;
        }
        self.finish(EndReason::Time, Some(side.other()), now);
        if let Some(c) = &mut self.clock {
            *c.left_mut(side) = 0;
        }
        true
    }

    /// Checks that `side` may move now in `game` (flags already checked).
    pub fn may_move(&self, side: Side, game: &Game) -> Result<(), OnlineError> {
        match self.status {
            Status::Playing => {}
            Status::Open => {
                return Err(OnlineError::refused(
                    "not-started",
                    "wait for an opponent to take the other seat",
                ))
            }
            _ => return Err(OnlineError::game_over()),
        }
        if game.position().turn() != side {
            return Err(OnlineError::refused(
                "not-your-turn",
                "it is your opponent's turn",
            ));
        }
        Ok(())
    }

    /// After `mover`'s move was played (`game` is the game after it): charges the clock, adds
    /// the increment, starts the clock once both sides have moved, lapses the mover's offers
    /// and ends the game if the rules ended it.
    pub fn after_move(&mut self, mover: Side, game: &Game, now: u64) {
        let plies = game.moves().len();
        if let Some(c) = &mut self.clock {
            if c.running == Some(mover) {
                let left = c.left_at(mover, now);
                *c.left_mut(mover) = left + c.increment_of(mover);
            }
            if c.per_move() {
                // Correspondence: each move gives the mover its days again.
                *c.left_mut(mover) = c.initial_ms;
            }
            // Before both have moved the clock does not run, but the first move's deadline
            // counts from the last move (`first_move_deadline`).
            c.turn_started_ms = now;
            if plies >= 2 {
                c.running = Some(game.position().turn());
            }
        }
        if self.draw_offer == Some(mover) {
            self.draw_offer = None;
        }
        self.takeback_offer = None;
        // A cycle proposal is about the position it was made in.
        self.cycle_offer = None;
        if let Some(o) = game.outcome() {
            let (s, n) = (o.scores.south, o.scores.north);
            let winner = match s.cmp(&n) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            };
            self.finish(o.reason.into(), winner, now);
        }
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side, now: u64) -> Result<(), OnlineError> {
        self.playing()?;
        self.finish(EndReason::Resign, Some(side.other()), now);
        Ok(())
    }

    fn playing(&self) -> Result<(), OnlineError> {
        match self.status {
            Status::Playing => Ok(()),
            Status::Open => Err(OnlineError::refused(
                "not-started",
                "the game has not started: there is no opponent yet",
            )),
            _ => Err(OnlineError::game_over()),
        }
    }

    /// `side` aborts: only before both sides have moved.
    pub fn abort(&mut self, side: Side, game: &Game, now: u64) -> Result<(), OnlineError> {
        let _ = side;
        self.playing()?;
        if game.moves().len() >= 2 {
            return Err(OnlineError::refused(
                "cannot-abort",
                "both sides have moved: the game can no longer be aborted (resign or offer a draw)",
            ));
        }
        self.finish(EndReason::Aborted, None, now);
        self.status = Status::Aborted;
        Ok(())
    }

    /// `side` claims against an opponent to move who has been gone `gone_ms` (`None`:
    /// connected), the claim being allowed after `delay_ms`.
    pub fn claim(
        &mut self,
        side: Side,
        claim: Claim,
        game: &Game,
        gone_ms: Option<u64>,
        delay_ms: u64,
        now: u64,
    ) -> Result<(), OnlineError> {
        self.playing()?;
        let cannot = |why: &str| OnlineError::refused("cannot-claim", why.to_string());
        if game.position().turn() == side {
            return Err(cannot("it is your turn: only the player waiting may claim"));
        }
        // Away counts from the start of the game at the earliest: a challenge's creator who
        // left before anyone joined has not kept an opponent waiting.
        let since_start = now.saturating_sub(self.started_ms.unwrap_or(self.created_ms));
        match gone_ms.map(|ms| ms.min(since_start)) {
            None => return Err(cannot("your opponent is connected")),
            Some(ms) if ms < delay_ms => {
                return Err(cannot(&format!(
                    "your opponent has been away only {} s; you may claim after {} s",
                    ms / 1000,
                    delay_ms / 1000
                )))
            }
            Some(_) => {}
        }
        if game.moves().len() < 2 {
            // Before both sides have moved nothing is at stake: the game is aborted, no result.
            self.finish(EndReason::Aborted, None, now);
            self.status = Status::Aborted;
            return Ok(());
        }
        let winner = match claim {
            Claim::Win => Some(side),
            Claim::Draw => None,
        };
        self.finish(EndReason::Abandon, winner, now);
        Ok(())
    }

    /// The claim delay for this game's clock.
    pub fn claim_delay(&self, config: &OnlineConfig) -> Duration {
        match &self.clock {
            // Correspondence: players come and go between moves; only the flag ends it.
            Some(c) if c.per_move() => Duration::from_millis(c.initial_ms),
            Some(c) if c.initial_ms <= 180_000 => config.fast_claim_delay,
            _ => config.claim_delay,
        }
    }

    /// The OGN tags of the online game: `TimeControl`, `Termination`, and the result of an end
    /// the rules did not make (`1-0` style by seeds is kept for rule ends).
    pub fn ogn_tags(&self) -> Vec<(&'static str, String)> {
        let mut tags = vec![(
            "TimeControl",
            self.clock
                .as_ref()
                .map_or("-".to_string(), |c| c.control().tag()),
        )];
        if let Some(end) = self.end {
            tags.push(("Termination", end.name().to_string()));
        }
        tags
    }

    /// The `Result` of an end the rules did not make: `1-0` (South won), `0-1`, `1/2-1/2`, or
    /// `*` (aborted); `None` when the rules ended the game (its score is the result).
    pub fn result_tag(&self) -> Option<&'static str> {
        match self.end {
            None => None,
            Some(end) if end.by_the_rules() => None,
            Some(EndReason::Aborted) => Some("*"),
            Some(_) => Some(match self.winner {
                Some(Side::South) => "1-0",
                Some(Side::North) => "0-1",
                None => "1/2-1/2",
            }),
        }
    }
}
