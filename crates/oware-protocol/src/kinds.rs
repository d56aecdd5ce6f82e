//! The fixed vocabularies of the protocol: each an enum written as the same lowercase string
//! the page and the terminal client have always read (`"no-feed"`, `"lobby-add"`).

use std::fmt;

/// A name that is not one of an enum's values (see each enum's `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being read (`an online status`, …).
    pub what: &'static str,
    /// The names allowed, for the message.
    pub allowed: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be {}", self.what, self.allowed)
    }
}

impl std::error::Error for UnknownName {}

/// Declares `name()`, `ALL` and `FromStr` of a wire enum. The names themselves are written
/// nowhere: serde's `rename_all` and strum's `serialize_all` (the same case rule, on each enum)
/// derive them from the variants, and the test `every_name_is_written_read_and_parsed_alike`
/// checks that the two agree for every value.
macro_rules! names {
    ($ty:ident, $what:literal) => {
        impl $ty {
            /// Every value, in the order of the reference.
            pub const ALL: &'static [$ty] = <$ty as strum::VariantArray>::VARIANTS;

            /// The value's name on the wire.
            pub fn name(self) -> &'static str {
                self.into()
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::kinds::UnknownName;
            fn from_str(s: &str) -> Result<$ty, $crate::kinds::UnknownName> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == s)
                    .ok_or_else(|| $crate::kinds::UnknownName {
                        what: $what,
                        allowed: $crate::kinds::allowed($ty::ALL.iter().map(|v| v.name())),
                    })
            }
        }
    };
}

/// Declares a wire enum: its derives, its names (serde's `rename_all` and strum's
/// `serialize_all`, the same case rule from one token) and [`names!`]'s items, so that each enum
/// writes only its documentation, its extra attributes and its variants.
macro_rules! wire_enum {
    ($(#[$meta:meta])* pub enum $ty:ident: $what:literal, $case:tt { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
            ::ts_rs::TS,
            ::schemars::JsonSchema,
            ::strum::IntoStaticStr,
            ::strum::Display,
            ::strum::VariantArray,
        )]
        #[serde(rename_all = $case)]
        #[strum(serialize_all = $case)]
        pub enum $ty {
            $($body)*
        }

        $crate::kinds::names!($ty, $what);
    };
}

pub(crate) use {names, wire_enum};

/// `a, b or c`.
pub(crate) fn allowed<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    let n = names.len();
    let mut out = String::new();
    for (i, name) in names.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == n { " or " } else { ", " });
        }
        out.push_str(name);
    }
    out
}

wire_enum! {
    /// Where an online game is (`online.status`; also the store's column).
    pub enum Status: "an online status", "lowercase" {
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
}

impl Status {
    /// Whether the game is finished (over, aborted or cancelled).
    pub const fn is_finished(self) -> bool {
        matches!(self, Status::Over | Status::Aborted | Status::Cancelled)
    }
}

wire_enum! {
    /// Why a game ended: by the rules (`capture`, `draw`, `no-feed`, `cycle`, `agreed-cycle`: an
    /// outcome's `reason`, as the rules core names them) or, online, by the players or the clock (`time`, `resign`, `agreement`,
    /// `abandon`, `aborted`: `online.end` holds any of the nine).
    pub enum EndReason: "an end reason", "kebab-case" {
        /// A player captured 25 seeds or more.
        Capture,
        /// Both captured 24.
        Draw,
        /// The player to move could not feed the other.
        NoFeed,
        /// A position recurred.
        Cycle,
        /// The players agreed that the game had become an endless cycle.
        AgreedCycle,
        /// A flag fell.
        Time,
        /// A player resigned.
        Resign,
        /// A draw offer was accepted.
        Agreement,
        /// A player claimed the game against an opponent who left.
        Abandon,
        /// Aborted before both sides had moved.
        Aborted,
    }
}

impl EndReason {
    /// Whether the rules ended the game (the score is the result), not the players or the clock.
    pub const fn by_the_rules(self) -> bool {
        matches!(
            self,
            EndReason::Capture
                | EndReason::Draw
                | EndReason::NoFeed
                | EndReason::Cycle
                | EndReason::AgreedCycle
        )
    }
}

impl From<oware_core::EndReason> for EndReason {
    fn from(r: oware_core::EndReason) -> EndReason {
        match r {
            oware_core::EndReason::Capture => EndReason::Capture,
            oware_core::EndReason::Draw => EndReason::Draw,
            oware_core::EndReason::NoFeed => EndReason::NoFeed,
            oware_core::EndReason::Cycle => EndReason::Cycle,
            oware_core::EndReason::AgreedCycle => EndReason::AgreedCycle,
        }
    }
}

wire_enum! {
    /// The name of a server-sent event (`event:` line): a game's stream or the lobby's.
    pub enum EventKind: "an event name", "kebab-case" {
        /// A game's new state ([`crate::UpdateEvent`]).
        Update,
        /// The computer started or stopped thinking ([`crate::ThinkingEvent`]).
        Thinking,
        /// An analysis step ([`crate::AnalysisEvent`]).
        Analysis,
        /// A review's progress ([`crate::ReviewEvent`]).
        Review,
        /// The number of spectators ([`crate::SpectatorsEvent`]).
        Spectators,
        /// The lobby's whole list ([`crate::LobbyList`]).
        Lobby,
        /// A challenge listed ([`crate::LobbyAdd`]).
        LobbyAdd,
        /// A challenge gone ([`crate::LobbyRemove`]).
        LobbyRemove,
        /// A chat message of an online game ([`crate::ChatMessage`]).
        Chat,
    }
}

wire_enum! {
    /// What an offer is for; also the last segment of its route (`POST /api/games/{id}/draw`).
    pub enum OfferKind: "an offer", "lowercase" {
        /// A draw.
        Draw,
        /// Taking back the asker's last move.
        Takeback,
        /// A new game with the colours swapped.
        Rematch,
        /// Ending the game as an endless cycle: each side takes the seeds on its own row
        /// (`agreed-cycle`).
        Cycle,
    }
}

wire_enum! {
    /// A game's chat room (`room` of a chat message).
    pub enum ChatRoom: "room", "lowercase" {
        /// The players' room: the two players write, everyone watching reads.
        Players,
        /// The spectators' room: spectators write and read; the players read it only in a game
        /// opened to advice.
        Spectators,
    }
}

wire_enum! {
    /// A step of an offer (`{"action": …}` of the offers' routes).
    pub enum OfferAction: "action", "lowercase" {
        /// Make the offer.
        Offer,
        /// Accept the opponent's.
        Accept,
        /// Decline the opponent's.
        Decline,
        /// Withdraw one's own.
        Withdraw,
    }
}

wire_enum! {
    /// What a claim against an opponent who left asks for (`{"result": …}`).
    pub enum ClaimResult: "result", "lowercase" {
        /// The win.
        Win,
        /// A draw.
        Draw,
    }
}

wire_enum! {
    /// Where a game's review is.
    #[derive(Default)]
    pub enum ReviewStatus: "a review status", "lowercase" {
        /// No review.
        #[default]
        None,
        /// Running.
        Running,
        /// Done and stored.
        Done,
        /// Failed.
        Failed,
    }
}

wire_enum! {
    /// Why an analysis runs: a hint (the best move) or the analysis pane.
    #[derive(Default)]
    pub enum Purpose: "purpose", "lowercase" {
        /// A hint.
        Hint,
        /// The analysis.
        #[default]
        Analysis,
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::{ChallengeSide, ChallengeStatus, DeclineReason};

    fn round_trip<T>(all: &[T])
    where
        T: Copy + fmt::Debug + PartialEq + Serialize + FromStr + fmt::Display,
        T: for<'de> Deserialize<'de>,
        <T as FromStr>::Err: fmt::Debug,
    {
        for &v in all {
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(json, format!("\"{v}\""), "serde and Display agree");
            assert_eq!(serde_json::from_str::<T>(&json).unwrap(), v);
            assert_eq!(v.to_string().parse::<T>().unwrap(), v);
        }
    }

    #[test]
    fn every_name_is_written_read_and_parsed_alike() {
        round_trip(Status::ALL);
        round_trip(EndReason::ALL);
        round_trip(EventKind::ALL);
        round_trip(OfferKind::ALL);
        round_trip(ChatRoom::ALL);
        round_trip(OfferAction::ALL);
        round_trip(ClaimResult::ALL);
        round_trip(ReviewStatus::ALL);
        round_trip(Purpose::ALL);
        round_trip(ChallengeSide::ALL);
        round_trip(ChallengeStatus::ALL);
        round_trip(DeclineReason::ALL);
        round_trip(crate::ErrorCode::ALL);
        round_trip(crate::Starts::ALL);
        round_trip(crate::Color::ALL);
        round_trip(crate::EngineSeat::ALL);
        round_trip(crate::PuzzleMode::ALL);
        round_trip(crate::TokenScope::ALL);
        round_trip(crate::PlayerResult::ALL);
        assert_eq!(EndReason::NoFeed.name(), "no-feed");
        assert_eq!(EventKind::LobbyRemove.name(), "lobby-remove");
        assert_eq!(
            "sideways".parse::<OfferAction>().unwrap_err().to_string(),
            "action must be offer, accept, decline or withdraw"
        );
        assert_eq!(crate::TokenScope::ChallengeRead.name(), "challenge:read");
        assert_eq!(
            "admin"
                .parse::<crate::TokenScope>()
                .unwrap_err()
                .to_string(),
            "a token scope must be bot:play, challenge:read or challenge:write"
        );
    }

    #[test]
    fn the_rules_ends_are_the_cores() {
        for r in oware_core::EndReason::ALL {
            let ours = EndReason::from(r);
            assert_eq!(ours.name(), r.name());
            assert!(ours.by_the_rules());
        }
        assert!(!EndReason::Resign.by_the_rules());
    }
}
