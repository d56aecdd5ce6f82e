//! An online game of `oware serve` in the terminal (`oware play --online URL`): the state the
//! screen needs (seat, clocks, presence, offers, connection) and what it reads from it. What
//! keys and the server's reports do to it is the app's (`app/online.rs`), under
//! [`Mode::Online`](crate::app::Mode::Online).

use std::time::{Duration, Instant};

use oware_core::{BySide, Side};

use crate::chat::Chat;
use crate::checked::GameId;
use crate::lang::{self, t, tr};
use crate::net::OfferKind;
use crate::wire::{EndReason, OnlineView, Status};

/// The event stream's state, as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    /// Opening the stream.
    Connecting,
    /// Connected: the opponent's moves arrive as they are played.
    Up,
    /// The stream broke; the next attempt is due.
    Lost {
        /// Why.
        error: String,
        /// When the next attempt is, after the break.
        retry: Duration,
    },
}

/// What a resignation key is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
    /// Nothing.
    None,
    /// `y` resigns (or `a` aborts while that is possible); any other key keeps playing.
    Resign,
}

/// The online part of the state.
#[derive(Debug, Clone)]
pub struct Online {
    /// The invite link (also where a spectator watches).
    pub link: String,
    /// The game id.
    pub id: GameId,
    /// The player's side, `None` when watching.
    pub seat: Option<Side>,
    /// The server's `online` object of the latest state.
    pub view: OnlineView,
    /// The players' names.
    pub names: BySide<String>,
    /// The latest state's version (older states are ignored).
    pub version: u64,
    /// When the latest state arrived (the clocks count down from it).
    pub received: Instant,
    /// The time shown: the loop moves it on; tests set it.
    pub now: Instant,
    /// The event stream.
    pub connection: Connection,
    /// A request is on its way (a second move is not sent meanwhile).
    pub busy: bool,
    /// A key waiting for confirmation.
    pub confirm: Confirm,
    /// Taking the seat in the rematch is under way.
    pub following: bool,
    /// The game's chat.
    pub chat: Chat,
}

/// `4:05`, `0:09.3` below ten seconds, `1:02:00` from an hour (as on the web page).
pub fn format_clock(ms: u64) -> String {
    if ms < 10_000 {
        return format!("0:0{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let s = ms.div_ceil(1000);
    let (h, m, s) = (s / 3600, (s % 3600) / 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

impl Online {
    /// The name of `side`'s player (the side itself when the seat has no name).
    pub fn name(&self, side: Side) -> String {
        let n = &self.names[side];
        if n.is_empty() {
            side.to_string()
        } else {
            n.clone()
        }
    }

    fn elapsed_ms(&self) -> u64 {
        self.now
            .saturating_duration_since(self.received)
            .as_millis() as u64
    }

    /// `side`'s time left now (counted down locally from the server's figure), `None` without
    /// a clock.
    pub fn remaining_ms(&self, side: Side) -> Option<u64> {
        let c = self.view.clock.as_ref()?;
        let ms = c.remaining_ms[side];
        if c.running == Some(side) && !self.view.is_finished() {
            Some(ms.saturating_sub(self.elapsed_ms()))
        } else {
            Some(ms)
        }
    }

    /// Whether `side`'s clock runs now.
    pub fn clock_running(&self, side: Side) -> bool {
        self.view
            .clock
            .as_ref()
            .is_some_and(|c| c.running == Some(side))
            && !self.view.is_finished()
    }

    /// Whether the player may claim now: the opponent, to move, has been away long enough.
    pub fn can_claim(&self) -> bool {
        self.seat.is_some()
            && self.view.is_playing()
            && self
                .view
                .claimable_ms
                .is_some_and(|ms| self.elapsed_ms() >= ms)
    }

    /// The opponent's standing offer: the first of takeback, cycle, draw and rematch.
    pub fn offer_to_answer(&self) -> Option<OfferKind> {
        let seat = self.seat?;
        let theirs = |o: Option<Side>| o.is_some_and(|s| s != seat);
        if theirs(self.view.takeback_offer) {
            Some(OfferKind::Takeback)
        } else if theirs(self.view.cycle_offer) {
            Some(OfferKind::Cycle)
        } else if theirs(self.view.draw_offer) {
            Some(OfferKind::Draw)
        } else if theirs(self.view.rematch_offer) {
            Some(OfferKind::Rematch)
        } else {
            None
        }
    }

    /// The offers standing, one sentence each, with the keys that answer them.
    pub fn offer_lines(&self) -> Vec<String> {
        self.offers().into_iter().map(|(line, _)| line).collect()
    }

    /// The opponent's standing offer as a sentence with the keys that answer it.
    pub fn offer_to_answer_line(&self) -> Option<String> {
        self.offers()
            .into_iter()
            .find_map(|(line, answer)| answer.then_some(line))
    }

    /// The offers standing, one sentence each, and whether the person answers it (y/n).
    fn offers(&self) -> Vec<(String, bool)> {
        let offers = [
            (
                self.view.takeback_offer,
                "term-offer-takeback",
                "term-offer-takeback-own",
            ),
            (
                self.view.cycle_offer,
                "term-offer-cycle",
                "term-offer-cycle-own",
            ),
            (
                self.view.draw_offer,
                "term-offer-draw",
                "term-offer-draw-own",
            ),
            (
                self.view.rematch_offer,
                "term-offer-rematch",
                "term-offer-rematch-own",
            ),
        ];
        let mut lines = Vec::new();
        for (by, theirs, own) in offers {
            match by {
                None => {}
                Some(by) if Some(by) == self.seat => lines.push((tr(own), false)),
                Some(by) => {
                    let offer = t(theirs, &[("name", self.name(by).into())]);
                    if self.seat.is_some() {
                        lines.push((t("term-offer-answer", &[("offer", offer.into())]), true))
                    } else {
                        lines.push((offer, false))
                    }
                }
            }
        }
        lines
    }

    /// How the game ended, in two short lines, for the ends the server decides (time,
    /// resignation, agreement, abandon, abort); `None` while it goes on or when the rules core
    /// ended it (its own words are used then).
    pub(crate) fn server_end(&self) -> Option<(String, String)> {
        let v = &self.view;
        let Some(end) = v.end else {
            return match v.status {
                Status::Aborted => Some((tr("term-end-aborted"), tr("term-end-no-result"))),
                Status::Cancelled => Some((tr("term-end-cancelled"), tr("term-end-never-started"))),
                _ => None,
            };
        };
        if end.by_the_rules() {
            return None;
        }
        let result = match v.winner {
            Some(w) => t(
                "term-end-wins",
                &[
                    ("name", self.name(w).into()),
                    ("side", lang::side(w).into()),
                ],
            ),
            None if end == EndReason::Aborted => tr("term-end-aborted"),
            None => tr("term-end-draw"),
        };
        let loser = v.winner.map(Side::other);
        let why = match (end, loser) {
            (EndReason::Time, Some(l)) => t("term-end-time", &[("side", lang::side(l).into())]),
            (EndReason::Resign, Some(l)) => t("term-end-resign", &[("side", lang::side(l).into())]),
            (EndReason::Agreement, _) => tr("term-end-agreement"),
            (EndReason::Abandon, Some(l)) => t(
                "term-end-abandon-win",
                &[
                    ("side", lang::side(l).into()),
                    ("other", lang::side(l.other()).into()),
                ],
            ),
            (EndReason::Abandon, None) => tr("term-end-abandon-draw"),
            (EndReason::Aborted, _) => tr("term-end-no-result"),
            (other, _) => other.name().replace('-', " "),
        };
        Some((result, why))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_on_the_page() {
        assert_eq!(format_clock(300_000), "5:00");
        assert_eq!(format_clock(245_001), "4:06");
        assert_eq!(format_clock(10_000), "0:10");
        assert_eq!(format_clock(9_349), "0:09.3");
        assert_eq!(format_clock(0), "0:00.0");
        assert_eq!(format_clock(3_720_000), "1:02:00");
    }
}
