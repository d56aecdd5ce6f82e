//! What the bridge reads from the server's bot API, read leniently (unknown fields ignored,
//! most fields defaulted) and trusted for nothing: ids are checked before they go into a path,
//! moves are checked against the rules before the engine sees them.

use serde::Deserialize;

/// A time control in seconds (the protocol's `TimeControl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Clock {
    /// Seconds each.
    pub initial_s: u64,
    /// Seconds added per move.
    pub increment_s: u64,
}

impl Clock {
    /// A correspondence clock: whole days and no increment.
    pub fn is_correspondence(self) -> bool {
        const DAY: u64 = 86_400;
        self.initial_s >= DAY && self.initial_s.is_multiple_of(DAY) && self.increment_s == 0
    }
}

/// An account as the events name it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Player {
    /// The account's name (empty for a guest).
    pub name: String,
    /// Whether it is a bot account.
    pub bot: bool,
    /// Its rating, if shown.
    pub rating: Option<i32>,
}

/// A game named by an account event.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct GameRef {
    /// The game's id.
    pub id: String,
}

/// A challenge to the bot.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Challenge {
    /// Its id (accept and decline name it).
    pub id: String,
    /// Who challenges.
    pub challenger: Player,
    /// Whom (the bot, for the challenges it is to answer).
    #[serde(alias = "destUser")]
    pub dest: Player,
    /// Rated or casual.
    pub rated: bool,
    /// The clock, `None` for none.
    pub clock: Option<Clock>,
}

/// One line of `GET /api/stream/event`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A game of the bot started, or is in progress when the stream opens.
    GameStart {
        /// The game.
        game: GameRef,
    },
    /// A game of the bot ended.
    GameFinish {
        /// The game.
        game: GameRef,
    },
    /// A challenge to answer.
    Challenge {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge withdrawn by its author.
    ChallengeCanceled {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge declined.
    ChallengeDeclined {
        /// The challenge.
        challenge: Challenge,
    },
    /// An event this bridge does not know: ignored.
    #[serde(other)]
    Unknown,
}

/// A game's state, as `gameState` lines and the `state` of `gameFull` give it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct GameState {
    /// The moves from the initial position, site letters separated by spaces.
    pub moves: String,
    /// South's time left, ms.
    pub wtime: u64,
    /// North's time left, ms.
    pub btime: u64,
    /// South's increment, ms.
    pub winc: u64,
    /// North's increment, ms.
    pub binc: u64,
    /// `started`, or how the game ended (`mate`, `resign`, `outoftime`, `draw`, `aborted`, …).
    pub status: String,
    /// The winner's side (`S` or `N`) when there is one.
    pub winner: Option<String>,
    /// South offers a draw.
    pub wdraw: bool,
    /// North offers a draw.
    pub bdraw: bool,
}

impl GameState {
    /// Whether the game is still being played.
    pub fn is_playing(&self) -> bool {
        matches!(self.status.as_str(), "" | "created" | "started" | "playing")
    }
}

/// The first line of a game's stream.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct GameFull {
    /// The game's id.
    pub id: String,
    /// Rated or casual.
    pub rated: bool,
    /// The clock, `None` for none.
    pub clock: Option<Clock>,
    /// South's player.
    pub south: Player,
    /// North's player.
    pub north: Player,
    /// The initial position's text (`startpos` or empty for the start position).
    #[serde(alias = "initialFen")]
    pub initial: String,
    /// The rules' text form (empty: abapa).
    pub rules: String,
    /// The state now.
    pub state: GameState,
}

/// One line of `GET /api/bot/game/stream/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameEvent {
    /// The game whole, first.
    GameFull(Box<GameFull>),
    /// The state after a change.
    GameState(GameState),
    /// A chat message (the bridge ignores chat).
    ChatLine {},
    /// The opponent left or came back.
    OpponentGone {
        /// Whether the opponent is gone.
        #[serde(default)]
        gone: bool,
        /// Seconds until the win may be claimed, if known.
        #[serde(default, rename = "claimWinInSeconds")]
        claim_win_in_seconds: Option<u64>,
    },
    /// An event this bridge does not know: ignored.
    #[serde(other)]
    Unknown,
}

/// `GET /api/account`: who the token is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Account {
    /// The account's name.
    #[serde(alias = "username")]
    pub name: String,
    /// Whether it is a bot account.
    pub bot: bool,
}

/// Whether `id` may go into a path of the API: 1 to 64 ASCII letters, digits, `-` or `_`.
pub fn is_safe_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_read_leniently() {
        let e: AccountEvent =
            serde_json::from_str(r#"{"type":"gameStart","game":{"id":"ab12","extra":1}}"#).unwrap();
        assert_eq!(
            e,
            AccountEvent::GameStart {
                game: GameRef { id: "ab12".into() }
            }
        );
        let e: AccountEvent = serde_json::from_str(r#"{"type":"somethingNew","x":[1]}"#).unwrap();
        assert_eq!(e, AccountEvent::Unknown);
        let e: AccountEvent = serde_json::from_str(
            r#"{"type":"challenge","challenge":{"id":"c1","challenger":{"name":"kofi"},"rated":true,"clock":{"initial_s":180,"increment_s":2}}}"#,
        )
        .unwrap();
        let AccountEvent::Challenge { challenge } = e else {
            panic!("a challenge")
        };
        assert_eq!(challenge.challenger.name, "kofi");
        assert_eq!(
            challenge.clock,
            Some(Clock {
                initial_s: 180,
                increment_s: 2
            })
        );
        let g: GameEvent = serde_json::from_str(
            r#"{"type":"gameState","moves":"Fc Ad","wtime":1000,"btime":2000,"status":"started"}"#,
        )
        .unwrap();
        let GameEvent::GameState(s) = g else {
            panic!("a state")
        };
        assert!(s.is_playing());
        assert_eq!(s.moves, "Fc Ad");
        for bad in ["", "{}", "[1]", "{\"type\":3}", "{\"type\":\"gameStart\"}"] {
            assert!(serde_json::from_str::<AccountEvent>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ids_that_could_change_a_path_are_refused() {
        assert!(is_safe_id("0123abcdEF-_"));
        for bad in ["", "../x", "a/b", "a b", "a?b", "é", &"a".repeat(65)] {
            assert!(!is_safe_id(bad), "{bad}");
        }
    }
}
