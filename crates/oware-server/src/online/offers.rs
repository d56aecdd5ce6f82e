//! Offers (draw, takeback, rematch) and their cool-downs: an offer declined or withdrawn
//! cannot be made again at once.

use oware_core::{Game, Side};
use serde::{Deserialize, Serialize};

use super::clock::Clock;
use super::error::{OnlineError, OnlineErrorKind};
use super::{Online, Seat, Status};

/// An answer to an offer and the kinds of offers: the protocol's vocabulary.
pub use oware_protocol::{OfferAction, OfferKind};

/// Reads an offer's `action` (`offer`, `accept`, `decline` or `withdraw`).
pub fn parse_action(s: &str) -> Result<OfferAction, OnlineError> {
    s.parse()
        .map_err(|e| OnlineError::invalid("bad-action", format!("{e}, not \"{s}\"")))
}

/// How long a side waits before making an offer again once it was declined or withdrawn: an
/// offer is a write and a message to both players, so it cannot be repeated in a loop.
pub const OFFER_COOLDOWN_MS: u64 = 30_000;

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
    /// Cycle proposals.
    #[serde(default)]
    pub cycle: [u64; 2],
}

impl OfferCooldowns {
    fn slot(&mut self, topic: OfferKind, side: Side) -> &mut u64 {
        let pair = match topic {
            OfferKind::Draw => &mut self.draw,
            OfferKind::Takeback => &mut self.takeback,
            OfferKind::Rematch => &mut self.rematch,
            OfferKind::Cycle => &mut self.cycle,
        };
        &mut pair[usize::from(side == Side::North)]
    }

    /// Refuses an offer of `topic` by `side` at `now` while its cool-down runs.
    fn check(&mut self, topic: OfferKind, side: Side, now: u64) -> Result<(), OnlineError> {
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
                topic.name()
            ),
            retry_after_s: wait_s,
        })
    }

    /// Starts `side`'s cool-down for `topic` at `now`.
    fn start(&mut self, topic: OfferKind, side: Side, now: u64) {
        *self.slot(topic, side) = now + OFFER_COOLDOWN_MS;
    }
}

/// The answer to a takeback accepted: how many moves to take back.
pub type Takeback = usize;

impl Online {
    /// A draw offer's step by `side`.
    pub fn draw(&mut self, side: Side, action: OfferAction, now: u64) -> Result<(), OnlineError> {
        self.playing()?;
        let offer = self.draw_offer;
        match self.offer_step(OfferKind::Draw, offer, side, action, now)? {
            Step::Set(v) => self.draw_offer = v,
            Step::Accepted => self.finish(super::EndReason::Agreement, None, now),
        }
        Ok(())
    }

    /// A cycle proposal's step by `side`: "end the game, the position cycles". Allowed only
    /// while both rows hold seeds. Accepted: `game` is ended by the agreement (each side takes
    /// the seeds on its own row, `Game::agree_cycle`) and so is the online game, with reason
    /// `agreed-cycle` and the winner by the final score. On an error nothing changes.
    pub fn cycle(
        &mut self,
        side: Side,
        action: OfferAction,
        game: &mut Game,
        now: u64,
    ) -> Result<(), OnlineError> {
        self.playing()?;
        if matches!(action, OfferAction::Offer | OfferAction::Accept) {
            // Checked on a copy, so that a refusal changes nothing.
            game.clone()
                .agree_cycle()
                .map_err(|e| OnlineError::refused("cannot-agree-cycle", e.to_string()))?;
        }
        let offer = self.cycle_offer;
        match self.offer_step(OfferKind::Cycle, offer, side, action, now)? {
            Step::Set(v) => self.cycle_offer = v,
            Step::Accepted => {
                let outcome = game
                    .agree_cycle()
                    .map_err(|e| OnlineError::refused("cannot-agree-cycle", e.to_string()))?;
                let winner = match outcome.scores.south.cmp(&outcome.scores.north) {
                    std::cmp::Ordering::Greater => Some(Side::South),
                    std::cmp::Ordering::Less => Some(Side::North),
                    std::cmp::Ordering::Equal => None,
                };
                self.finish(super::EndReason::AgreedCycle, winner, now);
            }
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
        match self.offer_step(OfferKind::Takeback, offer, side, action, now)? {
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
}

impl Online {
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
        match self.offer_step(OfferKind::Rematch, offer, side, action, now)? {
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
                user: self.north.user.clone(),
                rating: None,
                bot: self.north.bot,
            },
            north: Seat {
                name: self.south.name.clone(),
                token: Some(old_south_token),
                user: self.south.user.clone(),
                rating: None,
                bot: self.south.bot,
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
            rated: self.rated,
            range: self.range,
            cycle_offer: None,
            advice: self.advice,
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
        topic: OfferKind,
        current: Option<Side>,
        side: Side,
        action: OfferAction,
        now: u64,
    ) -> Result<Step, OnlineError> {
        if action == OfferAction::Offer && current.is_none() {
            self.cooldowns.check(topic, side, now)?;
        }
        let step = offer_step(current, side, action, topic.name())?;
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
