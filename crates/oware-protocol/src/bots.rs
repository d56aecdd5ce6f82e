//! Bots (`docs/bots.md`): an account's API tokens (`/api/account/tokens`), the challenges
//! between accounts (`/api/challenge…`), the account's event stream (`GET /api/stream/event`)
//! and a bot's game stream (`GET /api/bot/game/stream/{id}`).
//!
//! The two streams are NDJSON: one JSON object a line, each with a `type` (lichess's event
//! names: `gameStart`, `gameFull`, `chatLine`, …); the fields follow the rest of the protocol,
//! snake_case (`south_time_ms`, `claim_win_in_seconds`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::kinds::wire_enum;
use crate::{ChatRoom, EndReason, Side, Status, TimeControl};

/// Declares [`TokenScope`] with each scope's wire name written once: serde and strum read
/// the same literal (the case rule of [`wire_enum!`] is overridden by every variant's name).
macro_rules! scopes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)+) => {
        wire_enum! {
            /// What a token may do (`scopes` of `POST /api/account/tokens`).
            #[derive(PartialOrd, Ord)]
            pub enum TokenScope: "a token scope", "lowercase" {
                $(
                    $(#[$doc])*
                    #[serde(rename = $name)]
                    #[strum(serialize = $name)]
                    $variant,
                )+
            }
        }
    };
}

scopes! {
    /// Play as a bot: upgrade the account, its games' stream and actions (`/api/bot/…`).
    BotPlay = "bot:play",
    /// Read the account's challenges and event stream (`GET /api/challenge`,
    /// `GET /api/stream/event`).
    ChallengeRead = "challenge:read",
    /// Send, accept, decline and cancel challenges.
    ChallengeWrite = "challenge:write",
}

/// `POST /api/account/tokens`: a new token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTokenReq {
    /// What the token is for, for its owner's list (capped in bytes, see `docs/bots.md`).
    pub description: String,
    /// Its scopes' names (`bot:play`, `challenge:read`, `challenge:write`); read as text for
    /// the server's own refusal of an unknown one.
    pub scopes: Vec<String>,
}

/// One of an account's tokens as its list shows it (never the token itself).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TokenView {
    /// The token's id (for `DELETE /api/account/tokens/{id}`).
    pub id: String,
    /// What it is for.
    pub description: String,
    /// What it may do.
    pub scopes: Vec<TokenScope>,
    /// When it was made (epoch ms).
    pub created_ms: u64,
    /// When it was last used (epoch ms), `null` if never.
    pub last_used_ms: Option<u64>,
}

/// `GET /api/account/tokens`: the account's tokens, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TokenList {
    /// The tokens.
    pub tokens: Vec<TokenView>,
}

/// `POST /api/account/tokens` (201): the token's text, shown this once (the server keeps only
/// its hash), and its line of the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct CreatedToken {
    /// The token (`owt_…`): the `Authorization: Bearer …` of the bot's requests.
    pub token: String,
    /// Its line of the list.
    pub info: TokenView,
}

/// A player as the bots' views show one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct BotPlayer {
    /// The account's name.
    pub name: String,
    /// The rating in the game's category (rounded), `null` when there is none to show.
    #[serde(default)]
    pub rating: Option<i32>,
    /// Whether the rating is provisional.
    #[serde(default)]
    pub provisional: bool,
    /// Whether the account is a bot.
    #[serde(default)]
    pub bot: bool,
}

wire_enum! {
    /// The side a challenger asks for.
    #[derive(Default)]
    pub enum ChallengeSide: "a side", "lowercase" {
        /// South (moves first).
        South,
        /// North.
        North,
        /// Drawn by lot when the challenge is accepted.
        #[default]
        Random,
    }
}

/// `POST /api/challenge/{name}`: a challenge to an account (a bot or a person).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChallengeReq {
    /// A rated game (both players have accounts; standard rules and a clock).
    #[serde(default)]
    pub rated: bool,
    /// The clock, `null` for an untimed game.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// The challenger's side (default `random`).
    #[serde(default)]
    pub side: ChallengeSide,
}

wire_enum! {
    /// Where a challenge is.
    pub enum ChallengeStatus: "a challenge status", "lowercase" {
        /// Waiting for an answer.
        Created,
        /// Accepted: `game_id` is the game.
        Accepted,
        /// Declined by its target.
        Declined,
        /// Withdrawn by its challenger.
        Canceled,
        /// Unanswered in time.
        Expired,
    }
}

wire_enum! {
    /// Why a challenge was declined (`POST /api/challenge/{id}/decline` `{"reason": …}`).
    #[derive(Default)]
    pub enum DeclineReason: "a decline reason", "kebab-case" {
        /// No reason given.
        #[default]
        Generic,
        /// Not now.
        Later,
        /// The clock is too fast.
        TooFast,
        /// The clock is too slow.
        TooSlow,
        /// Not this clock.
        TimeControl,
        /// Only casual games.
        Rated,
        /// Only rated games.
        Casual,
        /// No games against bots.
        NoBot,
        /// Only games against bots.
        OnlyBot,
    }
}

/// `POST /api/challenge/{id}/decline` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclineReq {
    /// Why (default `generic`): a [`DeclineReason`] in kebab-case, or lichess's camelCase
    /// word (`tooSlow`). Read as text so that both are accepted; the server refuses others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reason: Option<String>,
}

/// A challenge between two accounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ChallengeView {
    /// The challenge.
    pub id: String,
    /// Where it is.
    pub status: ChallengeStatus,
    /// Who challenges.
    pub challenger: BotPlayer,
    /// Who is challenged.
    pub target: BotPlayer,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The clock, `null` for an untimed game.
    pub clock: Option<TimeControl>,
    /// The challenger's side as asked.
    pub side: ChallengeSide,
    /// When it was made (the server's epoch ms).
    pub created_ms: u64,
    /// When it lapses unanswered (the server's epoch ms).
    pub expires_ms: u64,
    /// The game, once accepted.
    #[serde(default)]
    pub game_id: Option<String>,
    /// Why it was declined.
    #[serde(default)]
    pub decline_reason: Option<DeclineReason>,
}

/// `GET /api/challenge`: the account's open challenges, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ChallengeList {
    /// The challenges to the account.
    pub incoming: Vec<ChallengeView>,
    /// The account's own.
    pub outgoing: Vec<ChallengeView>,
}

/// A game as the account's event stream shows it (`gameStart`, `gameFinish`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct EventGame {
    /// The game.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent.
    pub opponent: BotPlayer,
    /// Whether it is rated.
    pub rated: bool,
    /// The clock, `null` for an untimed game.
    pub clock: Option<TimeControl>,
    /// The rules' text form.
    pub rules: String,
    /// `playing`, `over` or `aborted`.
    pub status: Status,
    /// Whether the account is to move.
    pub your_turn: bool,
    /// Why it ended.
    #[serde(default)]
    pub end: Option<EndReason>,
    /// The winner, with `end`; `null` for a draw or no result.
    #[serde(default)]
    pub winner: Option<Side>,
}

/// A line of `GET /api/stream/event` (NDJSON; an empty line is a keep-alive).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A game of the account's began (also sent on connecting for each game in progress).
    GameStart {
        /// The game.
        game: EventGame,
    },
    /// A game of the account's ended.
    GameFinish {
        /// The game.
        game: EventGame,
    },
    /// A challenge to the account, or its own (also sent on connecting for each open one to
    /// the account).
    Challenge {
        /// The challenge.
        challenge: ChallengeView,
    },
    /// A challenge withdrawn by its challenger (or lapsed).
    ChallengeCanceled {
        /// The challenge.
        challenge: ChallengeView,
    },
    /// A challenge declined by its target.
    ChallengeDeclined {
        /// The challenge.
        challenge: ChallengeView,
    },
}

/// A game's changing part (`gameState`, and `state` of `gameFull`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct BotGameState {
    /// The game's version (one more for each change).
    pub version: u64,
    /// The moves so far, the site's letters separated by spaces (`"c f b"`).
    pub moves: String,
    /// The position now, in the site's position text.
    pub position: String,
    /// The side to move.
    pub to_move: Side,
    /// South's time left (ms of the server's clock as of this event), `null` without a clock.
    pub south_time_ms: Option<u64>,
    /// North's time left.
    pub north_time_ms: Option<u64>,
    /// `playing`, `over` or `aborted`.
    pub status: Status,
    /// Why it ended.
    #[serde(default)]
    pub end: Option<EndReason>,
    /// The winner, with `end`; `null` for a draw or no result.
    #[serde(default)]
    pub winner: Option<Side>,
    /// Who offers a draw.
    #[serde(default)]
    pub draw_offer: Option<Side>,
    /// Who asks for a takeback.
    #[serde(default)]
    pub takeback_offer: Option<Side>,
    /// Who proposes to end the game as an endless cycle.
    #[serde(default)]
    pub cycle_offer: Option<Side>,
}

/// `gameFull`: the first line of a bot's game stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct GameFull {
    /// The game.
    pub id: String,
    /// Whether it is rated.
    pub rated: bool,
    /// The clock, `null` for an untimed game.
    pub clock: Option<TimeControl>,
    /// The rules' text form.
    pub rules: String,
    /// South.
    pub south: BotPlayer,
    /// North.
    pub north: BotPlayer,
    /// The stream's account's side, `null` when it watches without a seat.
    #[serde(default)]
    pub you: Option<Side>,
    /// The position the game started from, in the site's position text.
    pub initial: String,
    /// When it was created (epoch ms).
    pub created_ms: u64,
    /// The state now.
    pub state: BotGameState,
}

/// `chatLine`: a chat message of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ChatLine {
    /// The room.
    pub room: ChatRoom,
    /// The writer's name.
    pub username: String,
    /// The text.
    pub text: String,
}

/// `opponentGone`: the opponent's connection dropped or came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OpponentGone {
    /// Whether the opponent is gone.
    pub gone: bool,
    /// Seconds until the bot may claim the win (`POST /api/bot/game/{id}/claim-victory`),
    /// `0` once it may; `null` when the opponent is back or there is nothing to claim.
    pub claim_win_in_seconds: Option<u64>,
}

/// A line of `GET /api/bot/game/stream/{id}` (NDJSON; an empty line is a keep-alive).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameEvent {
    /// The first line: the whole game.
    GameFull(GameFull),
    /// A change: a move, an offer, the end.
    GameState(BotGameState),
    /// A chat message.
    ChatLine(ChatLine),
    /// The opponent left or came back.
    OpponentGone(OpponentGone),
}

/// `POST /api/bot/account/upgrade`: the account, now a bot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct BotAccount {
    /// The account's name.
    pub name: String,
    /// Always `true` after the upgrade.
    pub bot: bool,
}

/// `GET /api/account` with `Authorization: Bearer`: the token's account, in lichess's shape too
/// (`id`, `username`, `title`), so that lichess's clients find their name and whether they are
/// a bot where they look for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TokenAccount {
    /// The account's name in lower case (names are unique without regard to case).
    pub id: String,
    /// The account's name.
    pub username: String,
    /// The account's name again (the page's `AccountAnswer` field).
    pub name: String,
    /// Whether the account is a bot.
    pub bot: bool,
    /// `"BOT"` for a bot, as lichess titles them; absent for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
}

/// A bot that plays now: a house bot (the server's own computer levels) or a bot account
/// with its event stream open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OnlineBot {
    /// The account's name.
    pub name: String,
    /// A house bot's level (`easy`, `medium`, `hard`, `expert`); `null` for another bot.
    pub house: Option<String>,
    /// Its blitz rating (rounded), `null` when it has none yet.
    pub rating: Option<i32>,
}

/// `GET /api/bot/online`: the bots that play now, house bots first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OnlineBots {
    /// The bots.
    pub bots: Vec<OnlineBot>,
    /// Whether the house bots take a lone player's seat in the pools.
    pub pools: bool,
    /// After how many seconds of waiting alone.
    pub after_s: u64,
}

/// The answer of a bot's action (`POST /api/bot/game/{id}/move/{move}`, `…/chat`, `…/resign`,
/// …): done. The game's stream tells what it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OkAnswer {
    /// Always `true`.
    pub ok: bool,
}

/// `GET /api/player`'s query: `?bots=true` for the bots' leaderboards instead of the people's.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadersQuery {
    /// The bots' boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bots: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_are_written_read_and_parsed_alike() {
        for &s in TokenScope::ALL {
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{s}\""));
            assert_eq!(serde_json::from_str::<TokenScope>(&json).unwrap(), s);
            assert_eq!(s.name().parse::<TokenScope>().unwrap(), s);
        }
        assert_eq!(TokenScope::BotPlay.name(), "bot:play");
        assert!("bot".parse::<TokenScope>().is_err());
    }

    #[test]
    fn decline_reasons_are_written_read_and_parsed_alike() {
        for &r in DeclineReason::ALL {
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{r}\""));
            assert_eq!(r.name().parse::<DeclineReason>().unwrap(), r);
        }
        assert_eq!(DeclineReason::TooFast.name(), "too-fast");
    }

    #[test]
    fn stream_lines_carry_lichess_type_names() {
        let line = GameEvent::OpponentGone(OpponentGone {
            gone: true,
            claim_win_in_seconds: Some(30),
        });
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"type":"opponentGone","gone":true,"claim_win_in_seconds":30}"#
        );
        let chat = GameEvent::ChatLine(ChatLine {
            room: ChatRoom::Players,
            username: "a".into(),
            text: "hi".into(),
        });
        let json = serde_json::to_string(&chat).unwrap();
        assert!(json.starts_with(r#"{"type":"chatLine","#), "{json}");
        assert_eq!(serde_json::from_str::<GameEvent>(&json).unwrap(), chat);
        let ev: AccountEvent = serde_json::from_str(
            r#"{"type":"challengeDeclined","challenge":{"id":"c","status":"declined",
            "challenger":{"name":"a"},"target":{"name":"b","bot":true},"rated":false,
            "clock":null,"side":"random","created_ms":1,"expires_ms":2,
            "decline_reason":"later"}}"#,
        )
        .unwrap();
        let AccountEvent::ChallengeDeclined { challenge } = ev else {
            panic!("a decline")
        };
        assert_eq!(challenge.decline_reason, Some(DeclineReason::Later));
        assert!(challenge.target.bot);
    }
}
