//! Request bodies of online play and of creating a game. Their fixed vocabularies are enums
//! ([`Starts`], [`Color`], [`EngineSeat`], and the crate's [`OfferAction`](crate::OfferAction),
//! [`ClaimResult`](crate::ClaimResult), [`ChatRoom`](crate::ChatRoom),
//! [`Purpose`](crate::Purpose)): another word is refused as a bad field (422 `bad-field`, the
//! message naming the field and the words allowed). The rest the server checks itself (see
//! `docs/web.md`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/games/{id}/join` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinReq {
    /// The joiner's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
}

/// The offers' body (`POST /api/games/{id}/draw`, `…/takeback`, `…/rematch`). Another word
/// than the four is refused as a bad field (422 `bad-field`, naming `action`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferReq {
    /// `offer`, `accept`, `decline` or `withdraw`.
    pub action: crate::OfferAction,
}

impl OfferReq {
    /// The body of `action`.
    pub fn new(action: crate::OfferAction) -> OfferReq {
        OfferReq { action }
    }
}

/// `POST /api/games/{id}/claim`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimReq {
    /// `win` or `draw`.
    pub result: crate::ClaimResult,
}

impl ClaimReq {
    /// The body of `result`.
    pub fn new(result: crate::ClaimResult) -> ClaimReq {
        ClaimReq { result }
    }
}

/// `POST /api/games/{id}/chat`: a message. A player (with the seat token) writes in the
/// players' room; anyone else in the spectators' room, under their account's name or `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatReq {
    /// `players` or `spectators` (default: the writer's own room); a bot may write lichess's
    /// `player` and `spectator`. Read as text so that both vocabularies are accepted; the
    /// server parses it and refuses any other word with `bad-room`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub room: Option<String>,
    /// The text: 1 to 140 characters once trimmed, no control characters.
    pub text: String,
    /// A spectator's name (ignored for players and accounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
}

/// `POST /api/games`: a game on one device (against the computer or a friend) or, with
/// `opponent: "online"`, an online challenge. Every field is optional; the server checks
/// which apply (`docs/web.md`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateReq {
    /// `easy` (default), `medium`, `hard`, `expert`, `friend` or `online` (read as text: the
    /// server accepts any case and a level's other spellings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub opponent: Option<String>,
    /// The human's side, `S` or `N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub human: Option<crate::Side>,
    /// Who starts: `you` or `computer` (another way to say `human`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts: Option<Starts>,
    /// The rules' text form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rules: Option<String>,
    /// An OGN record to continue from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ogn: Option<String>,
    /// Player names, by side (`{"S": …, "N": …}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(
        optional,
        as = "Option<std::collections::HashMap<oware_core::Side, String>>"
    )]
    pub names: Option<std::collections::HashMap<String, String>>,
    /// Online: the clock, `null` or none for an untimed game, `{"initial_s", "increment_s"}`
    /// for a live clock, `{"days"}` for correspondence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub clock: Option<ClockReq>,
    /// Online: the creator's side, `random`, `S` or `N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color: Option<Color>,
    /// Online: the creator's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    /// Online: list the challenge in the lobby.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lobby: Option<bool>,
    /// Online: a rated game (the creator logged in, standard rules, a clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rated: Option<bool>,
    /// Online: only opponents rated within `[low, high]` may join.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub range: Option<[i32; 2]>,
    /// Online: open the game to advice (the players read the spectators' chat room); casual
    /// games only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub advice: Option<bool>,
    /// Against the computer: who searches its moves, `server` (default) or `page` (the page's
    /// own engine, compiled to WebAssembly, plays them with the seat token as moves of the
    /// computer's side; the server checks each as any move and never searches).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub engine: Option<EngineSeat>,
}

crate::kinds::wire_enum! {
    /// Who starts a game against the computer (`starts` of [`CreateReq`]).
    pub enum Starts: "starts", "lowercase" {
        /// The human (South).
        You,
        /// The computer (the human plays North).
        Computer,
    }
}

crate::kinds::wire_enum! {
    /// The side an online game's creator asks for (`color` of [`CreateReq`]).
    #[derive(Default)]
    pub enum Color: "color", "UPPERCASE" {
        /// Drawn by lot.
        #[default]
        #[serde(rename = "random")]
        #[strum(serialize = "random")]
        Random,
        /// South.
        S,
        /// North.
        N,
    }
}

impl Color {
    /// The side asked for, `None` for a draw by lot.
    pub fn side(self) -> Option<crate::Side> {
        match self {
            Color::Random => None,
            Color::S => Some(crate::Side::South),
            Color::N => Some(crate::Side::North),
        }
    }
}

crate::kinds::wire_enum! {
    /// Who searches the computer's moves (`engine` of [`CreateReq`]).
    #[derive(Default)]
    pub enum EngineSeat: "engine", "lowercase" {
        /// The server (the default).
        #[default]
        Server,
        /// The page's own engine (WebAssembly), which plays the computer's moves with the seat
        /// token.
        Page,
    }
}

/// A creation request's `clock` as a client writes it: a live clock
/// (`initial_s`, `increment_s`) or a correspondence one (`days` per move).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockReq {
    /// Seconds each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub initial_s: Option<f64>,
    /// Seconds added per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub increment_s: Option<f64>,
    /// Days per move (correspondence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub days: Option<f64>,
}

impl ClockReq {
    /// A live clock's request.
    pub fn live(clock: crate::TimeControl) -> ClockReq {
        ClockReq {
            initial_s: Some(clock.initial_s as f64),
            increment_s: Some(clock.increment_s as f64),
            days: None,
        }
    }

    /// As JSON (`{"initial_s": …, "increment_s": …}` or `{"days": …}`).
    pub fn to_value(self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// `POST /api/games/{id}/moves`: exactly one of a move letter and a pit number.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveReq {
    /// A move letter of the side to move, e.g. `"C"`.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub text: Option<String>,
    /// The side to move's pit, 0–5 from its left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pit: Option<i64>,
    /// The ply of the last whole state the client holds: the answer's state then carries only
    /// what follows it (see `StateView::since`). Absent: the whole state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub since: Option<usize>,
}

/// `POST /api/games/{id}/analysis`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisReq {
    /// The ply to analyse (default: the current position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ply: Option<usize>,
    /// Thinking time in milliseconds (default 2000, at most 20000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub movetime_ms: Option<u64>,
    /// `hint` or `analysis` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub purpose: Option<crate::Purpose>,
}

/// `POST /api/games/{id}/review` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewReq {
    /// The review's depth in plies (default 16, from 2 to 18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub depth: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClaimResult, OfferAction};

    /// The vocabularies travel as the words they always were, and another word is refused with
    /// the words allowed.
    #[test]
    fn the_vocabularies_read_their_words_and_refuse_others() {
        let offer: OfferReq = serde_json::from_str(r#"{"action":"withdraw"}"#).unwrap();
        assert_eq!(offer.action, OfferAction::Withdraw);
        let claim = serde_json::to_string(&ClaimReq::new(ClaimResult::Draw)).unwrap();
        assert_eq!(claim, r#"{"result":"draw"}"#);
        let create: CreateReq = serde_json::from_str(
            r#"{"starts":"computer","human":null,"color":"random","engine":"page",
                "clock":{"initial_s":300,"increment_s":2}}"#,
        )
        .unwrap();
        assert_eq!(create.starts, Some(Starts::Computer));
        assert_eq!(create.color, Some(Color::Random));
        assert_eq!(create.engine, Some(EngineSeat::Page));
        assert_eq!(create.clock.and_then(|c| c.increment_s), Some(2.0));
        let create: CreateReq = serde_json::from_str(r#"{"color":"N","human":"S"}"#).unwrap();
        assert_eq!(create.color.and_then(Color::side), Some(crate::Side::North));
        assert_eq!(create.human, Some(crate::Side::South));
        let offer = |b: &str| serde_json::from_str::<OfferReq>(b).map(|_| ());
        let create = |b: &str| serde_json::from_str::<CreateReq>(b).map(|_| ());
        for (e, word) in [
            (offer(r#"{"action":"sideways"}"#), "`offer`"),
            (create(r#"{"color":"blue"}"#), "`random`"),
            (create(r#"{"clock":{"minutes":3}}"#), "`initial_s`"),
        ] {
            let e = e.unwrap_err().to_string();
            assert!(e.contains(word), "{e}");
        }
    }
}
