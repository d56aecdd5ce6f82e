//! Online play between people: seats and their tokens, the server's clocks, offers (draw,
//! takeback, rematch), the end reasons and the lobby's entries. Plain data and rules of the
//! meeting (who may do what when), no HTTP and no storage: `session.rs` calls these on a copy,
//! stores the copy (a versioned write) and only then keeps it.
//!
//! Times are milliseconds since the Unix epoch, passed in by the caller (`now`), so that the
//! logic is testable without a clock.

use std::fmt;
use std::time::Duration;

use oware_core::{Game, Rules, Side};
use serde::{Deserialize, Serialize};

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
}

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
        }
    }
}

/// The largest initial time in seconds (3 hours).
pub const MAX_INITIAL_S: u64 = 10_800;
/// The largest increment in seconds.
pub const MAX_INCREMENT_S: u64 = 180;

/// How an online request went wrong; `session.rs` turns it into a [`crate::GameError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineError {
    /// Whose fault and which answer.
    pub kind: OnlineErrorKind,
    /// A short machine-readable code, e.g. `seat-taken`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// For [`OnlineErrorKind::TooSoon`]: the seconds to wait.
    pub retry_after_s: u64,
}

/// The kinds of [`OnlineError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineErrorKind {
    /// A value the game cannot take (absurd clock settings, an unknown action).
    Invalid,
    /// The request's token holds no seat allowed to do this (a spectator).
    Forbidden,
    /// Not now: the game's state does not allow it.
    Refused,
    /// Not yet: the same request was made too recently (an offer again soon after it was
    /// declined or withdrawn); [`OnlineError::retry_after_s`] says when it may be made.
    TooSoon,
}

impl OnlineError {
    fn new(kind: OnlineErrorKind, code: &'static str, message: impl Into<String>) -> Self {
        OnlineError {
            kind,
            code,
            message: message.into(),
            retry_after_s: 0,
        }
    }

    fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(OnlineErrorKind::Invalid, code, message)
    }

    fn refused(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(OnlineErrorKind::Refused, code, message)
    }

    /// The request carries no token of a player of this game.
    pub fn not_your_seat() -> Self {
        Self::new(
            OnlineErrorKind::Forbidden,
            "not-your-seat",
            "only the game's players can do this (your seat token is not one of this game's)",
        )
    }

    /// The game is over (or aborted, or cancelled).
    pub fn game_over() -> Self {
        Self::refused("game-over", "the game is over")
    }
}

impl fmt::Display for OnlineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OnlineError {}

/// Where an online game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Waiting for an opponent.
    Open,
    /// Both seats taken, not finished.
    Playing,
    /// Finished with a result.
    Over,
    /// Aborted before both sides had moved: no result.
    Aborted,
    /// The creator withdrew the challenge.
    Cancelled,
}

impl Status {
    /// `open`, `playing`, `over`, `aborted` or `cancelled` (also the store's column).
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Over => "over",
            Status::Aborted => "aborted",
            Status::Cancelled => "cancelled",
        }
    }
}

/// A time control as asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// The initial time of each side, in seconds.
    pub initial_s: u64,
    /// Seconds added after each move of the clocked part.
    pub increment_s: u64,
}

impl TimeControl {
    /// Checks the bounds: `min_initial_s` ≤ initial ≤ 10800, increment ≤ 180 (whole seconds;
    /// negative, fractional or missing numbers are refused by the caller's parser or here).
    pub fn checked(
        initial_s: Option<f64>,
        increment_s: Option<f64>,
        min_initial_s: u64,
    ) -> Result<TimeControl, OnlineError> {
        let whole = |v: Option<f64>, what: &str| -> Result<u64, OnlineError> {
            match v {
                Some(x) if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= 1e9 => {
                    Ok(x as u64)
                }
                Some(x) => Err(OnlineError::invalid(
                    "bad-clock",
                    format!("{what} must be a whole number of seconds, not {x}"),
                )),
                None => Err(OnlineError::invalid(
                    "bad-clock",
                    format!("the clock needs {what}"),
                )),
            }
        };
        let initial_s = whole(initial_s, "initial_s")?;
        let increment_s = whole(increment_s.or(Some(0.0)), "increment_s")?;
        if !(min_initial_s..=MAX_INITIAL_S).contains(&initial_s) {
            return Err(OnlineError::invalid(
                "bad-clock",
                format!(
                    "the initial time must be {min_initial_s} to {MAX_INITIAL_S} seconds, not {initial_s}"
                ),
            ));
        }
        if increment_s > MAX_INCREMENT_S {
            return Err(OnlineError::invalid(
                "bad-clock",
                format!("the increment must be 0 to {MAX_INCREMENT_S} seconds, not {increment_s}"),
            ));
        }
        Ok(TimeControl {
            initial_s,
            increment_s,
        })
    }

    /// `300+3`, the OGN `TimeControl` tag.
    pub fn tag(self) -> String {
        format!("{}+{}", self.initial_s, self.increment_s)
    }
}

/// One seat.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Seat {
    /// The player's name.
    pub name: String,
    /// The seat's secret token, `None` while free.
    pub token: Option<String>,
}

/// The server's clock of a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Clock {
    /// Each side's initial time.
    pub initial_ms: u64,
    /// Added after each clocked move.
    pub increment_ms: u64,
    /// South's time left at the start of the current turn (or now, when not South's turn).
    pub south_ms: u64,
    /// North's time left likewise.
    pub north_ms: u64,
    /// The side whose time runs, `None` before both sides have moved and after the end.
    pub running: Option<Side>,
    /// When the running side's turn began (epoch ms).
    pub turn_started_ms: u64,
}

impl Clock {
    fn new(tc: TimeControl) -> Clock {
        Clock {
            initial_ms: tc.initial_s * 1000,
            increment_ms: tc.increment_s * 1000,
            south_ms: tc.initial_s * 1000,
            north_ms: tc.initial_s * 1000,
            running: None,
            turn_started_ms: 0,
        }
    }

    fn left_mut(&mut self, side: Side) -> &mut u64 {
        match side {
            Side::South => &mut self.south_ms,
            Side::North => &mut self.north_ms,
        }
    }

    /// `side`'s time left at the start of its turn (or now when it is not running).
    pub fn left(&self, side: Side) -> u64 {
        match side {
            Side::South => self.south_ms,
            Side::North => self.north_ms,
        }
    }

    /// `side`'s time left at `now`.
    pub fn left_at(&self, side: Side, now: u64) -> u64 {
        let left = self.left(side);
        if self.running == Some(side) {
            left.saturating_sub(now.saturating_sub(self.turn_started_ms))
        } else {
            left
        }
    }

    /// When the running side's flag falls (epoch ms).
    pub fn deadline(&self) -> Option<u64> {
        self.running
            .map(|side| self.turn_started_ms.saturating_add(self.left(side)))
    }

    /// The time control as asked for.
    pub fn control(&self) -> TimeControl {
        TimeControl {
            initial_s: self.initial_ms / 1000,
            increment_s: self.increment_ms / 1000,
        }
    }
}

/// An answer to an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferAction {
    /// Make the offer.
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
    /// Withdraw one's own offer.
    Withdraw,
}

impl OfferAction {
    /// Parses `offer`, `accept`, `decline` or `withdraw`.
    pub fn parse(s: &str) -> Result<OfferAction, OnlineError> {
        match s {
            "offer" => Ok(OfferAction::Offer),
            "accept" => Ok(OfferAction::Accept),
            "decline" => Ok(OfferAction::Decline),
            "withdraw" => Ok(OfferAction::Withdraw),
            _ => Err(OnlineError::invalid(
                "bad-action",
                format!("action must be offer, accept, decline or withdraw, not \"{s}\""),
            )),
        }
    }
}

/// What a player may claim when the opponent has left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The win.
    Win,
    /// A draw.
    Draw,
}

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
    pub end: Option<String>,
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
}

/// How long a side waits before making an offer again once it was declined or withdrawn: an
/// offer is a write and a message to both players, so it cannot be repeated in a loop.
pub const OFFER_COOLDOWN_MS: u64 = 30_000;

/// The kinds of offers, for [`OfferCooldowns`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferTopic {
    /// A draw.
    Draw,
    /// A takeback.
    Takeback,
    /// A rematch.
    Rematch,
}

impl OfferTopic {
    fn word(self) -> &'static str {
        match self {
            OfferTopic::Draw => "draw",
            OfferTopic::Takeback => "takeback",
            OfferTopic::Rematch => "rematch",
        }
    }
}

/// Until when (epoch ms) each side may not make each kind of offer, indexed South, North.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferCooldowns {
    /// Draw offers.
    #[serde(default)]
    pub draw: [u64; 2],
    /// Takeback requests.
    #[serde(default)]
    pub takeback: [u64; 2],
    /// Rematch offers.
    #[serde(default)]
    pub rematch: [u64; 2],
}

impl OfferCooldowns {
    fn slot(&mut self, topic: OfferTopic, side: Side) -> &mut u64 {
        let pair = match topic {
            OfferTopic::Draw => &mut self.draw,
            OfferTopic::Takeback => &mut self.takeback,
            OfferTopic::Rematch => &mut self.rematch,
        };
        &mut pair[usize::from(side == Side::North)]
    }

    /// Refuses an offer of `topic` by `side` at `now` while its cool-down runs.
    fn check(&mut self, topic: OfferTopic, side: Side, now: u64) -> Result<(), OnlineError> {
        let until = *self.slot(topic, side);
        if now >= until {
            return Ok(());
        }
        let wait_s = (until - now).div_ceil(1000);
        Err(OnlineError {
            kind: OnlineErrorKind::TooSoon,
            code: "offer-too-soon",
            message: format!(
                "your last {} offer was declined or withdrawn: you may offer again in {wait_s} s",
                topic.word()
            ),
            retry_after_s: wait_s,
        })
    }

    /// Starts `side`'s cool-down for `topic` at `now`.
    fn start(&mut self, topic: OfferTopic, side: Side, now: u64) {
        *self.slot(topic, side) = now + OFFER_COOLDOWN_MS;
    }
}

/// The answer to a takeback accepted: how many moves to take back.
pub type Takeback = usize;

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
        };
        *o.seat_mut(side) = Seat {
            name,
            token: Some(token),
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

    fn finish(&mut self, end: &str, winner: Option<Side>, now: u64) {
        if let Some(c) = &mut self.clock {
            if let Some(side) = c.running {
                let left = c.left_at(side, now);
                *c.left_mut(side) = left;
            }
            c.running = None;
        }
        self.status = Status::Over;
        self.end = Some(end.to_string());
        self.winner = winner;
        self.draw_offer = None;
        self.takeback_offer = None;
    }

    /// Whether the running side's flag has fallen at `now`; if so the game is over by time
    /// (the other side wins) and `true` is answered (the caller stores the change).
    pub fn check_flag(&mut self, now: u64) -> bool {
        if self.status != Status::Playing {
            return false;
        }
        let Some(c) = &self.clock else { return false };
        let Some(side) = c.running else { return false };
        if c.left_at(side, now) > 0 {
            return false;
        }
        self.finish("time", Some(side.other()), now);
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
                *c.left_mut(mover) = left + c.increment_ms;
            }
            if plies >= 2 {
                c.running = Some(game.position().turn());
                c.turn_started_ms = now;
            }
        }
        if self.draw_offer == Some(mover) {
            self.draw_offer = None;
        }
        self.takeback_offer = None;
        if let Some(o) = game.outcome() {
            let (s, n) = (o.scores.south, o.scores.north);
            let winner = match s.cmp(&n) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            };
            self.finish(o.reason.name(), winner, now);
        }
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side, now: u64) -> Result<(), OnlineError> {
        self.playing()?;
        self.finish("resign", Some(side.other()), now);
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
        self.finish("aborted", None, now);
        self.status = Status::Aborted;
        Ok(())
    }

    /// A draw offer's step by `side`.
    pub fn draw(&mut self, side: Side, action: OfferAction, now: u64) -> Result<(), OnlineError> {
        self.playing()?;
        let offer = self.draw_offer;
        match self.offer_step(OfferTopic::Draw, offer, side, action, now)? {
            Step::Set(v) => self.draw_offer = v,
            Step::Accepted => self.finish("agreement", None, now),
        }
        Ok(())
    }

    /// A takeback's step by `side`. Accepted: answers how many moves to take back (the
    /// asker's last move and the reply after it, if any); the caller undoes them and calls
    /// [`Online::after_takeback`].
    pub fn takeback(
        &mut self,
        side: Side,
        action: OfferAction,
        game: &Game,
        now: u64,
    ) -> Result<Option<Takeback>, OnlineError> {
        self.playing()?;
        if action == OfferAction::Offer && game.moves().is_empty() {
            return Err(OnlineError::refused(
                "nothing-to-take-back",
                "there is no move to take back",
            ));
        }
        if action == OfferAction::Offer {
            let plies = game.moves().len();
            let asker_moved = (0..plies).any(|i| game.positions()[i].turn() == side);
            if !asker_moved {
                return Err(OnlineError::refused(
                    "nothing-to-take-back",
                    "you have not moved yet: there is no move of yours to take back",
                ));
            }
        }
        let offer = self.takeback_offer;
        match self.offer_step(OfferTopic::Takeback, offer, side, action, now)? {
            Step::Set(v) => {
                self.takeback_offer = v;
                Ok(None)
            }
            Step::Accepted => {
                let asker = side.other();
                self.takeback_offer = None;
                let positions = game.positions();
                let plies = game.moves().len();
                // Back to the asker's last turn.
                let n = (1..=plies)
                    .find(|&k| positions[plies - k].turn() == asker)
                    .unwrap_or(plies);
                Ok(Some(n))
            }
        }
    }

    /// After a takeback: the draw offer lapses and the clock runs for the side now to move,
    /// its time as it was (the taken-back time is not given back), from `now`.
    pub fn after_takeback(&mut self, game: &Game, now: u64) {
        self.draw_offer = None;
        if let Some(c) = &mut self.clock {
            if let Some(side) = c.running {
                let left = c.left_at(side, now);
                *c.left_mut(side) = left;
            }
            c.running = (game.moves().len() >= 2).then(|| game.position().turn());
            c.turn_started_ms = now;
        }
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
            self.finish("aborted", None, now);
            self.status = Status::Aborted;
            return Ok(());
        }
        let winner = match claim {
            Claim::Win => Some(side),
            Claim::Draw => None,
        };
        self.finish("abandon", winner, now);
        Ok(())
    }

    /// A rematch's step by `side` after the end. `Ok(true)`: accepted (the caller creates the
    /// new game and sets [`Online::rematch_id`]).
    pub fn rematch(
        &mut self,
        side: Side,
        action: OfferAction,
        now: u64,
    ) -> Result<bool, OnlineError> {
        if !matches!(self.status, Status::Over | Status::Aborted) {
            return Err(OnlineError::refused(
                "not-over",
                "a rematch can be offered once the game is over",
            ));
        }
        if self.rematch_id.is_some() {
            return Err(OnlineError::refused(
                "rematch-made",
                "the rematch has already been arranged",
            ));
        }
        let offer = self.rematch_offer;
        match self.offer_step(OfferTopic::Rematch, offer, side, action, now)? {
            Step::Set(v) => {
                self.rematch_offer = v;
                Ok(false)
            }
            Step::Accepted => {
                self.rematch_offer = None;
                Ok(true)
            }
        }
    }

    /// The rematch: colours swapped, the same clock, both seats taken, playing.
    pub fn rematch_game(&self, old_id: &str, tokens: (String, String), now: u64) -> Online {
        // tokens: the new tokens of (old South, old North).
        let (old_south_token, old_north_token) = tokens;
        Online {
            status: Status::Playing,
            lobby: false,
            creator: self.creator.other(),
            south: Seat {
                name: self.north.name.clone(),
                token: Some(old_north_token),
            },
            north: Seat {
                name: self.south.name.clone(),
                token: Some(old_south_token),
            },
            clock: self.clock.as_ref().map(|c| Clock::new(c.control())),
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch_id: None,
            rematch_of: Some(old_id.to_string()),
            end: None,
            winner: None,
            created_ms: now,
            started_ms: Some(now),
            cooldowns: OfferCooldowns::default(),
        }
    }

    /// The claim delay for this game's clock.
    pub fn claim_delay(&self, config: &OnlineConfig) -> Duration {
        match &self.clock {
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
        if let Some(end) = &self.end {
            tags.push(("Termination", end.clone()));
        }
        tags
    }

    /// The `Result` of an end the rules did not make: `1-0` (South won), `0-1`, `1/2-1/2`, or
    /// `*` (aborted); `None` when the rules ended the game (its score is the result).
    pub fn result_tag(&self) -> Option<&'static str> {
        match self.end.as_deref() {
            None | Some("capture" | "draw" | "no-feed" | "cycle") => None,
            Some("aborted") => Some("*"),
            Some(_) => Some(match self.winner {
                Some(Side::South) => "1-0",
                Some(Side::North) => "0-1",
                None => "1/2-1/2",
            }),
        }
    }
}

enum Step {
    Set(Option<Side>),
    Accepted,
}

impl Online {
    /// One step of an offer of `topic` (currently `current`) by `side`, with its cool-down: a
    /// side whose offer was declined, or who withdrew it, waits [`OFFER_COOLDOWN_MS`] before
    /// offering the same again.
    fn offer_step(
        &mut self,
        topic: OfferTopic,
        current: Option<Side>,
        side: Side,
        action: OfferAction,
        now: u64,
    ) -> Result<Step, OnlineError> {
        if action == OfferAction::Offer && current.is_none() {
            self.cooldowns.check(topic, side, now)?;
        }
        let step = offer_step(current, side, action, topic.word())?;
        match (action, current) {
            (OfferAction::Decline, Some(offerer)) | (OfferAction::Withdraw, Some(offerer)) => {
                self.cooldowns.start(topic, offerer, now);
            }
            _ => {}
        }
        Ok(step)
    }
}

fn offer_step(
    current: Option<Side>,
    side: Side,
    action: OfferAction,
    what: &str,
) -> Result<Step, OnlineError> {
    let no_offer = || {
        OnlineError::refused(
            "no-offer",
            format!("there is no {what} offer from your opponent to answer (it may have been withdrawn or lapsed)"),
        )
    };
    match action {
        OfferAction::Offer => match current {
            Some(s) if s == side => Err(OnlineError::refused(
                "already-offered",
                format!("you have already offered a {what}"),
            )),
            // Offering while the opponent offers is accepting.
            Some(_) => Ok(Step::Accepted),
            None => Ok(Step::Set(Some(side))),
        },
        OfferAction::Accept => match current {
            Some(s) if s != side => Ok(Step::Accepted),
            _ => Err(no_offer()),
        },
        OfferAction::Decline => match current {
            Some(s) if s != side => Ok(Step::Set(None)),
            _ => Err(no_offer()),
        },
        OfferAction::Withdraw => match current {
            Some(s) if s == side => Ok(Step::Set(None)),
            _ => Err(OnlineError::refused(
                "no-offer",
                format!("you have no {what} offer to withdraw"),
            )),
        },
    }
}

/// The lobby's entry of an open challenge (no token).
#[derive(Debug, Clone, Serialize)]
pub struct LobbyEntry {
    /// The game.
    pub id: String,
    /// The creator's name.
    pub name: String,
    /// The creator's side.
    pub color: Side,
    /// The clock, `null` for none.
    pub clock: Option<ClockSetting>,
    /// The rules' text form.
    pub rules: String,
    /// When it was created (epoch ms).
    pub created_ms: u64,
}

/// A clock setting as the lobby shows it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ClockSetting {
    /// Seconds each.
    pub initial_s: u64,
    /// Seconds added per move.
    pub increment_s: u64,
}

impl LobbyEntry {
    /// The entry of game `id`.
    pub fn of(id: &str, o: &Online, rules: &Rules) -> LobbyEntry {
        LobbyEntry {
            id: id.to_string(),
            name: o.seat(o.creator).name.clone(),
            color: o.creator,
            clock: o.clock.as_ref().map(|c| {
                let t = c.control();
                ClockSetting {
                    initial_s: t.initial_s,
                    increment_s: t.increment_s,
                }
            }),
            rules: rules.to_string(),
            created_ms: o.created_ms,
        }
    }
}

/// One side's seat as the state shows it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    /// The name.
    pub name: String,
    /// Whether a player holds it.
    pub taken: bool,
    /// Whether that player has an event stream open.
    pub connected: bool,
}

/// The clock as the state shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// Each side's initial time.
    pub initial_ms: u64,
    /// The increment.
    pub increment_ms: u64,
    /// Each side's time left at `as_of_ms`.
    pub remaining_ms: SidePair<u64>,
    /// The side whose time runs.
    pub running: Option<Side>,
    /// When `remaining_ms` was read (epoch ms).
    pub as_of_ms: u64,
}

/// A value per side, `{"S": …, "N": …}`.
#[derive(Debug, Clone, Serialize)]
pub struct SidePair<T> {
    /// South's.
    #[serde(rename = "S")]
    pub south: T,
    /// North's.
    #[serde(rename = "N")]
    pub north: T,
}

/// The `online` part of a game's state. Never holds a token.
#[derive(Debug, Clone, Serialize)]
pub struct OnlineView {
    /// `open`, `playing`, `over`, `aborted` or `cancelled`.
    pub status: &'static str,
    /// The seats.
    pub seats: SidePair<SeatView>,
    /// The side of the request's token holder; `null` in broadcasts.
    pub you: Option<Side>,
    /// The clock.
    pub clock: Option<ClockView>,
    /// Who offers a draw.
    pub draw_offer: Option<Side>,
    /// Who asks for a takeback.
    pub takeback_offer: Option<Side>,
    /// Who offers a rematch.
    pub rematch_offer: Option<Side>,
    /// The rematch's id.
    pub rematch_id: Option<String>,
    /// Watchers without a seat.
    pub spectators: u32,
    /// Milliseconds until the side not to move may claim (the mover being disconnected).
    pub claimable_ms: Option<u64>,
    /// Why it ended.
    pub end: Option<String>,
    /// The winner (with `end`), `null` for a draw or no result.
    pub winner: Option<Side>,
    /// Whether it is listed in the lobby.
    pub lobby: bool,
}

/// Who is watching a game (kept in memory, not stored).
#[derive(Debug, Clone, Default)]
pub struct Presence {
    /// Open streams per side (South, North).
    pub connected: [u32; 2],
    /// Since when each side has had no stream (epoch ms).
    pub gone_since: [u64; 2],
    /// Streams without a seat.
    pub spectators: u32,
}

fn idx(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

impl Presence {
    /// Nobody connected since `now`.
    pub fn new(now: u64) -> Presence {
        Presence {
            connected: [0, 0],
            gone_since: [now, now],
            spectators: 0,
        }
    }

    /// How long `side` has been gone at `now`, `None` when connected.
    pub fn gone_ms(&self, side: Side, now: u64) -> Option<u64> {
        let i = idx(side);
        (self.connected[i] == 0).then(|| now.saturating_sub(self.gone_since[i]))
    }

    /// A stream of `side` (or a spectator's) opened.
    pub fn open(&mut self, side: Option<Side>) {
        match side {
            Some(s) => self.connected[idx(s)] += 1,
            None => self.spectators += 1,
        }
    }

    /// A stream of `side` (or a spectator's) closed at `now`.
    pub fn close(&mut self, side: Option<Side>, now: u64) {
        match side {
            Some(s) => {
                let i = idx(s);
                self.connected[i] = self.connected[i].saturating_sub(1);
                if self.connected[i] == 0 {
                    self.gone_since[i] = now;
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
    }
}

impl Online {
    /// The state's `online` object at `now`, for the holder of `you`'s seat (or nobody).
    pub fn view(
        &self,
        game: &Game,
        presence: &Presence,
        you: Option<Side>,
        claim_delay: Duration,
        now: u64,
    ) -> OnlineView {
        let seat = |side: Side| SeatView {
            name: self.seat(side).name.clone(),
            taken: self.seat(side).token.is_some(),
            connected: presence.connected[idx(side)] > 0,
        };
        let clock = self.clock.as_ref().map(|c| ClockView {
            initial_ms: c.initial_ms,
            increment_ms: c.increment_ms,
            remaining_ms: SidePair {
                south: c.left_at(Side::South, now),
                north: c.left_at(Side::North, now),
            },
            running: c.running,
            as_of_ms: now,
        });
        let claimable_ms = (self.status == Status::Playing)
            .then(|| presence.gone_ms(game.position().turn(), now))
            .flatten()
            .map(|gone| (claim_delay.as_millis() as u64).saturating_sub(gone));
        OnlineView {
            status: self.status.name(),
            seats: SidePair {
                south: seat(Side::South),
                north: seat(Side::North),
            },
            you,
            clock,
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch_offer: self.rematch_offer,
            rematch_id: self.rematch_id.clone(),
            spectators: presence.spectators,
            claimable_ms,
            end: self.end.clone(),
            winner: self.winner,
            lobby: self.lobby,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::Move;

    fn playing(clock: Option<TimeControl>) -> Online {
        let mut o = Online::new(Side::South, "A".into(), "ta".into(), clock, true, 0);
        o.join(None, "B".into(), "tb".into(), 0).unwrap();
        o
    }

    fn play(o: &mut Online, g: &mut Game, pit: usize, now: u64) {
        let mover = g.position().turn();
        g.play(Move::new(pit).unwrap()).unwrap();
        o.after_move(mover, g, now);
    }

    #[test]
    fn the_clock_starts_after_both_moved_and_charges_with_increment() {
        let tc = TimeControl {
            initial_s: 60,
            increment_s: 2,
        };
        let mut o = playing(Some(tc));
        let mut g = Game::new(Rules::default());
        play(&mut o, &mut g, 0, 1_000);
        assert_eq!(o.clock.as_ref().unwrap().running, None);
        play(&mut o, &mut g, 0, 5_000);
        let c = o.clock.as_ref().unwrap();
        assert_eq!(
            (c.running, c.south_ms, c.north_ms),
            (Some(Side::South), 60_000, 60_000)
        );
        play(&mut o, &mut g, 1, 15_000);
        let c = o.clock.as_ref().unwrap();
        assert_eq!((c.running, c.south_ms), (Some(Side::North), 52_000));
        assert!(!o.check_flag(15_000 + 59_999));
        assert!(o.check_flag(15_000 + 60_000));
        assert_eq!(
            (o.end.as_deref(), o.winner),
            (Some("time"), Some(Side::South))
        );
    }

    #[test]
    fn a_draw_offer_lapses_when_the_offerer_moves_and_cannot_be_accepted_after() {
        let mut o = playing(None);
        let mut g = Game::new(Rules::default());
        o.draw(Side::South, OfferAction::Offer, 0).unwrap();
        play(&mut o, &mut g, 0, 0);
        assert_eq!(o.draw_offer, None);
        let e = o.draw(Side::North, OfferAction::Accept, 0).unwrap_err();
        assert_eq!(e.code, "no-offer");
        let e = o.draw(Side::South, OfferAction::Accept, 0).unwrap_err();
        assert_eq!(e.code, "no-offer");
    }

    #[test]
    fn a_claim_before_both_moved_aborts_and_absence_counts_from_the_join() {
        // The creator left an hour before anyone joined; the joiner claims at once.
        let mut o = Online::new(Side::South, "A".into(), "ta".into(), None, true, 0);
        o.join(None, "B".into(), "tb".into(), 3_600_000).unwrap();
        let g = Game::new(Rules::default());
        let gone_since_creation = Some(3_600_000);
        let e = o
            .claim(
                Side::North,
                Claim::Win,
                &g,
                gone_since_creation,
                60_000,
                3_600_000,
            )
            .unwrap_err();
        assert_eq!(e.code, "cannot-claim", "{e}");
        assert_eq!(o.status, Status::Playing);
        // A minute after the join: allowed, but nobody has moved: aborted, no result.
        o.claim(
            Side::North,
            Claim::Win,
            &g,
            Some(3_660_000),
            60_000,
            3_660_000,
        )
        .unwrap();
        assert_eq!(o.status, Status::Aborted);
        assert_eq!((o.end.as_deref(), o.winner), (Some("aborted"), None));
        assert_eq!(o.result_tag(), Some("*"));
    }

    #[test]
    fn a_claim_after_both_moved_wins_by_abandon() {
        let mut o = playing(None);
        let mut g = Game::new(Rules::default());
        play(&mut o, &mut g, 0, 1_000);
        play(&mut o, &mut g, 0, 2_000);
        // South to move and away since 2 s; North claims after the 60 s delay.
        let e = o
            .claim(Side::North, Claim::Win, &g, Some(30_000), 60_000, 32_000)
            .unwrap_err();
        assert_eq!(e.code, "cannot-claim");
        o.claim(Side::North, Claim::Win, &g, Some(60_000), 60_000, 62_000)
            .unwrap();
        assert_eq!(
            (o.status, o.end.as_deref(), o.winner),
            (Status::Over, Some("abandon"), Some(Side::North))
        );
    }

    #[test]
    fn an_offer_declined_or_withdrawn_cannot_be_made_again_during_the_cool_down() {
        let mut o = playing(None);
        let mut g = Game::new(Rules::default());
        play(&mut o, &mut g, 0, 0);
        play(&mut o, &mut g, 0, 0);
        o.draw(Side::South, OfferAction::Offer, 1_000).unwrap();
        o.draw(Side::North, OfferAction::Decline, 2_000).unwrap();
        let e = o.draw(Side::South, OfferAction::Offer, 3_000).unwrap_err();
        assert_eq!(
            (e.kind, e.code),
            (OnlineErrorKind::TooSoon, "offer-too-soon")
        );
        assert_eq!(e.retry_after_s, 29, "{e}");
        assert_eq!(o.draw_offer, None, "the refused offer changed nothing");
        // The other side was not refused anything, and another kind of offer is free.
        o.draw(Side::North, OfferAction::Offer, 3_000).unwrap();
        o.draw(Side::North, OfferAction::Withdraw, 3_500).unwrap();
        assert_eq!(
            o.draw(Side::North, OfferAction::Offer, 4_000)
                .unwrap_err()
                .code,
            "offer-too-soon"
        );
        assert!(o
            .takeback(Side::South, OfferAction::Offer, &g, 4_000)
            .is_ok());
        // Once the cool-down has run: allowed again.
        o.draw(Side::South, OfferAction::Offer, 2_000 + OFFER_COOLDOWN_MS)
            .unwrap();
        assert_eq!(o.draw_offer, Some(Side::South));
        // Stored with the game: a reload keeps it.
        let back: Online = serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
        assert_eq!(back.cooldowns, o.cooldowns);
    }

    #[test]
    fn a_rematch_offer_declined_cools_down_too() {
        let mut o = playing(None);
        o.resign(Side::South, 0).unwrap();
        assert!(!o.rematch(Side::South, OfferAction::Offer, 0).unwrap());
        assert!(!o.rematch(Side::North, OfferAction::Decline, 10).unwrap());
        let e = o.rematch(Side::South, OfferAction::Offer, 20).unwrap_err();
        assert_eq!(e.code, "offer-too-soon");
        assert!(!o
            .rematch(Side::South, OfferAction::Offer, 10 + OFFER_COOLDOWN_MS)
            .unwrap());
    }

    #[test]
    fn absurd_clocks_are_refused() {
        for (i, inc) in [
            (0.0, 0.0),
            (10_801.0, 0.0),
            (300.0, 181.0),
            (-5.0, 0.0),
            (1.5, 0.0),
            (f64::NAN, 0.0),
        ] {
            let e = TimeControl::checked(Some(i), Some(inc), 30).unwrap_err();
            assert_eq!(e.code, "bad-clock", "{i}+{inc}");
        }
        assert!(TimeControl::checked(Some(300.0), Some(3.0), 30).is_ok());
    }
}
