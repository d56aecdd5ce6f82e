//! The web server's JSON as the terminal client reads it: the `oware_protocol` types, read
//! leniently (unknown fields ignored, most fields optional), then checked here.
//!
//! The game itself is rebuilt with the rules core from the server's start position and move
//! letters ([`GameState::to_game`]): the terminal draws the board, the move list and the
//! highlights exactly as for a local game, while the server stays the authority on what was
//! played, the clocks, the offers and the end.
//!
//! A server is not trusted (`crate::checked`): a state is read as the protocol's
//! [`StateView`](oware_protocol::StateView) and then turned into a [`GameState`] only through
//! [`GameState::try_from`], which passes every text the screen or a file may show through
//! [`checked::clean`] (no control, format or bidi characters, bounded length), makes the game
//! id a [`GameId`], checks the rematch's id the same way and the move letters are ASCII
//! letters, so a state that would put anything else on the screen or on disk is refused as a
//! whole when it is read. Statuses and end reasons are the protocol's enums: a value outside
//! them refuses the state too.

use oware_core::movetext::MoveText;
use oware_core::{fen, BySide, Game, Rules, Side};
pub use oware_protocol::{
    ChatRoom, ClockView, EndReason, OnlineView, SeatRating, SeatView, Status,
};
use serde::Deserialize;

use crate::checked::{self, GameId};
use crate::lang::{t, tr};

/// A move of the move list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveEntry {
    /// Its letter (`A`–`F` South, `a`–`f` North; an ASCII letter, else the state is refused).
    pub letter: char,
}

/// A position of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionEntry {
    /// The position text (cleaned).
    pub text: String,
}

/// A game's state (`GET /api/games/{id}`, the `update` events, the actions' answers), checked:
/// read as the protocol's `StateView`, kept only through [`GameState::try_from`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "oware_protocol::StateView")]
pub struct GameState {
    /// The game id.
    pub id: GameId,
    /// Bumped on every change: a state with a lower version is stale.
    pub version: u64,
    /// The rules' text form (cleaned).
    pub rules: String,
    /// The players' names (cleaned).
    pub names: BySide<String>,
    /// The moves played.
    pub moves: Vec<MoveEntry>,
    /// Every position from the start (the first is the start position).
    pub history: Vec<PositionEntry>,
    /// The online part (its texts cleaned, its rematch id checked); `None` for a game played
    /// on one device.
    pub online: Option<OnlineView>,
}

impl TryFrom<oware_protocol::StateView> for GameState {
    type Error = String;

    /// The client's checks of a server's state: see the module's docs.
    fn try_from(s: oware_protocol::StateView) -> Result<GameState, String> {
        let id = GameId::try_from(s.id).map_err(|e| e.to_string())?;
        let moves = s
            .moves
            .into_iter()
            .map(|m| {
                if m.letter.is_ascii_alphabetic() {
                    Ok(MoveEntry { letter: m.letter })
                } else {
                    Err(tr("term-bad-move-letter"))
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        let online = match s.online {
            Some(mut o) => {
                if let Some(next) = &o.rematch_id {
                    GameId::new(next).map_err(|e| e.to_string())?;
                }
                for seat in [&mut o.seats.south, &mut o.seats.north] {
                    seat.name = checked::clean(&seat.name);
                }
                Some(o)
            }
            None => None,
        };
        Ok(GameState {
            id,
            version: s.version,
            rules: checked::clean(&s.rules),
            names: BySide::new(
                checked::clean(&s.names.south),
                checked::clean(&s.names.north),
            ),
            moves,
            history: s
                .history
                .iter()
                .map(|p| PositionEntry {
                    text: checked::clean(&p.text),
                })
                .collect(),
            online,
        })
    }
}

impl GameState {
    /// The game replayed by the rules core: the start position, then every move letter; an
    /// online game the players ended as a cycle (`end: agreed-cycle`) ends so here too, each
    /// side taking its own row (a server claiming it where the core cannot is refused).
    pub fn to_game(&self) -> Result<Game, String> {
        let rules: Rules = self
            .rules
            .parse()
            .map_err(|e: <Rules as std::str::FromStr>::Err| {
                t(
                    "term-server-rules",
                    &[
                        ("rules", self.rules.as_str().into()),
                        ("error", e.to_string().into()),
                    ],
                )
            })?;
        let start = match self.history.first() {
            Some(p) => fen::parse(&p.text).map_err(|e| {
                t(
                    "term-server-start",
                    &[
                        ("position", p.text.as_str().into()),
                        ("error", e.to_string().into()),
                    ],
                )
            })?,
            None => oware_core::Position::start(),
        };
        let mut game = Game::from_position(start, rules);
        for (i, m) in self.moves.iter().enumerate() {
            let text: MoveText = m.letter.to_string().parse().map_err(
                |e: <MoveText as std::str::FromStr>::Err| {
                    t(
                        "term-server-move-text",
                        &[("number", (i + 1).into()), ("error", e.to_string().into())],
                    )
                },
            )?;
            game.play_text(&text).map_err(|e| {
                t(
                    "term-server-move",
                    &[
                        ("number", (i + 1).into()),
                        ("pit", m.letter.to_string().into()),
                        ("error", e.to_string().into()),
                    ],
                )
            })?;
        }
        let agreed = self.online.as_ref().and_then(|o| o.end) == Some(EndReason::AgreedCycle);
        if agreed && !game.is_agreed_cycle() {
            game.agree_cycle()
                .map_err(|e| t("term-server-cycle", &[("error", e.to_string().into())]))?;
        }
        Ok(game)
    }

    /// The agreed rematch's game, checked when the state was read.
    pub fn rematch(&self) -> Option<GameId> {
        let o = self.online.as_ref()?;
        GameId::new(o.rematch_id.as_deref()?).ok()
    }
}

/// A rating as the board and the lobby show it: `1500`, `1500?` while provisional, and the
/// game's change once a rated game is over: `1500? +8`, `1512 -12`.
pub fn rating_text(r: &SeatRating) -> String {
    let mut t = r.rating.to_string();
    if r.provisional {
        t.push('?');
    }
    if let Some(d) = r.diff {
        t.push_str(&format!(" {d:+}"));
    }
    t
}

/// What the status line says about the game beside the moves (its status, its end, the
/// offers standing): a change of these is announced.
pub type Said = (
    Status,
    Option<EndReason>,
    Option<Side>,
    Option<Side>,
    Option<Side>,
    Option<Side>,
);

/// What the status line says of `o` ([`Said`]).
pub fn said(o: &OnlineView) -> Said {
    (
        o.status,
        o.end,
        o.draw_offer,
        o.takeback_offer,
        o.rematch_offer,
        o.cycle_offer,
    )
}

/// A chat message of an online game (a `chat` event, an entry of `GET /api/games/{id}/chat`,
/// the answer to a message sent), checked: read as the protocol's
/// [`ChatMessage`](oware_protocol::ChatMessage), the name and the text passed through
/// [`checked::clean_to`] (no control, format or bidi characters; at most
/// [`checked::MAX_CHAT_NAME`] and [`checked::MAX_CHAT_TEXT`] characters). A message whose text
/// is empty once cleaned is refused; the room is the protocol's enum (anything else refuses it).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "oware_protocol::ChatMessage")]
pub struct ChatEntry {
    /// The room.
    pub room: ChatRoom,
    /// The writer's name (cleaned; "Spectator" when empty).
    pub name: String,
    /// The writer's side for a player, `None` for a spectator.
    pub side: Option<Side>,
    /// Whether the writer was logged in to the account of that name (a guest was not: a
    /// guest's name is never an account's, and the chat marks which is which).
    pub account: bool,
    /// The text (cleaned).
    pub text: String,
    /// The message's number in the game (0 when the server gave none).
    pub seq: u64,
}

impl TryFrom<oware_protocol::ChatMessage> for ChatEntry {
    type Error = String;

    fn try_from(m: oware_protocol::ChatMessage) -> Result<ChatEntry, String> {
        let text = checked::clean_to(m.text.trim(), checked::MAX_CHAT_TEXT);
        if text.trim().is_empty() {
            return Err(tr("term-chat-no-text"));
        }
        let name = checked::clean_to(m.name.trim(), checked::MAX_CHAT_NAME);
        Ok(ChatEntry {
            room: m.room,
            name: if name.trim().is_empty() {
                tr("term-chat-anonymous")
            } else {
                name
            },
            side: m.side,
            account: m.account,
            text,
            seq: m.seq,
        })
    }
}

/// Reads a `chat` event's data (a message); the error is a sentence for the status line.
pub fn parse_chat(data: &str) -> Result<ChatEntry, String> {
    serde_json::from_str::<ChatEntry>(data).map_err(|e| {
        t(
            "term-chat-message-refused",
            &[("error", checked::clean(&e.to_string()).into())],
        )
    })
}

/// An error answer (`{"error": "a sentence", "code": "empty-pit"}`), read as the protocol's
/// `ErrorBody` and cleaned.
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "oware_protocol::ErrorBody")]
pub struct ErrorBody {
    /// The sentence to show.
    pub error: String,
    /// The machine-readable code.
    pub code: Option<String>,
}

impl From<oware_protocol::ErrorBody> for ErrorBody {
    fn from(e: oware_protocol::ErrorBody) -> ErrorBody {
        ErrorBody {
            error: checked::clean(&e.error),
            code: e.code.map(|c| checked::clean(&c)),
        }
    }
}

/// A request body of the protocol as the JSON [`crate::net::Api`] sends (the protocol's
/// request types always serialise: no maps with other than text keys).
pub fn body<T: serde::Serialize>(req: &T) -> serde_json::Value {
    serde_json::to_value(req).unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_replays_into_the_same_game() {
        let json = r#"{"id":"ab","version":3,"rules":"abapa","names":{"S":"Ama","N":"Kofi"},
            "moves":[{"letter":"C","ply":1},{"letter":"f"}],
            "history":[{"text":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}],
            "online":{"status":"playing","seats":{"S":{"name":"Ama","taken":true,"connected":true},
            "N":{"name":"Kofi","taken":true,"connected":false}},"you":"N",
            "clock":{"initial_ms":300000,"increment_ms":3000,"remaining_ms":{"S":1000,"N":2000},
            "running":"S","as_of_ms":5},"draw_offer":"S","spectators":2,"extra":1}}"#;
        let s: GameState = serde_json::from_str(json).unwrap();
        let g = s.to_game().unwrap();
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.position().turn(), Side::South);
        let o = s.online.unwrap();
        assert_eq!(o.you, Some(Side::North));
        assert_eq!(o.draw_offer, Some(Side::South));
        assert_eq!(o.clock.as_ref().unwrap().remaining_ms[Side::North], 2000);
        assert!(o.is_playing());
    }

    #[test]
    fn ratings_read_as_on_the_page() {
        let r = |rating, provisional, diff| SeatRating {
            rating,
            provisional,
            diff,
        };
        assert_eq!(rating_text(&r(1500, true, None)), "1500?");
        assert_eq!(rating_text(&r(1500, true, Some(8))), "1500? +8");
        assert_eq!(rating_text(&r(1712, false, Some(-12))), "1712 -12");
        assert_eq!(rating_text(&r(1712, false, Some(0))), "1712 +0");
        let json = r#"{"id":"ab","version":1,"rules":"abapa","online":{"status":"over","rated":true,
            "seats":{"S":{"name":"Ama","taken":true,"account":true,
            "rating":{"rating":1500,"provisional":true,"diff":8}},"N":{"name":"Kofi","taken":true}}}}"#;
        let o = serde_json::from_str::<GameState>(json)
            .unwrap()
            .online
            .unwrap();
        assert!(o.rated);
        assert_eq!(o.seats.south.rating, Some(r(1500, true, Some(8))));
        assert_eq!(o.seats.north.rating, None);
    }

    #[test]
    fn a_chat_event_is_read_and_its_texts_cleaned() {
        let m = parse_chat(
            r#"{"room":"spectators","name":"Yaw\u001b[31m\u202e","side":null,"account":false,
            "text":"  play e\u0007\u001b]0;x\u0007 now\n!  ","at_ms":5,"seq":7,"more":1}"#,
        )
        .unwrap();
        assert_eq!(m.room, ChatRoom::Spectators);
        assert_eq!(m.name, "Yaw[31m");
        assert_eq!(m.text, "play e]0;x now !");
        assert_eq!((m.side, m.seq), (None, 7));
        let m = parse_chat(r#"{"room":"players","name":"","side":"S","text":"hi"}"#).unwrap();
        assert_eq!((m.name.as_str(), m.side), ("Spectator", Some(Side::South)));
        let long = format!(
            r#"{{"room":"players","name":"{}","text":"{}"}}"#,
            "n".repeat(500),
            "t".repeat(5000)
        );
        let m = parse_chat(&long).unwrap();
        assert_eq!(m.name.chars().count(), checked::MAX_CHAT_NAME + 1);
        assert_eq!(m.text.chars().count(), checked::MAX_CHAT_TEXT + 1);
        for bad in [
            r#"{"room":"players","name":"A","text":"\u001b\u0007"}"#,
            r#"{"room":"lobby","name":"A","text":"hi"}"#,
            r#"{"room":"players","name":"A"}"#,
            "not json",
        ] {
            let e = parse_chat(bad).unwrap_err();
            assert!(e.starts_with("Refused the server's chat message: "), "{e}");
        }
    }

    #[test]
    fn an_illegal_move_from_the_server_is_an_error_not_a_panic() {
        let json = r#"{"id":"ab","version":1,"rules":"abapa","moves":[{"letter":"C"},{"letter":"C"}],
            "history":[{"text":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}]}"#;
        let s: GameState = serde_json::from_str(json).unwrap();
        let e = s.to_game().unwrap_err();
        assert!(e.contains("move 2 (C)"), "{e}");
    }

    #[test]
    fn the_servers_texts_are_cleaned_and_bad_ids_or_letters_refused() {
        let json = r#"{"id":"ab","version":1,"rules":"abapa\u001b[2J",
            "names":{"S":"\u001b]0;pwned\u0007Ama\u202e","N":"Kofi\nrm -rf ~"},
            "online":{"status":"over","seats":{"S":{"name":"\u001b[31mAma","taken":true},"N":{}},
            "end":"resign"}}"#;
        let s: GameState = serde_json::from_str(json).unwrap();
        assert_eq!(s.rules, "abapa[2J");
        assert_eq!(s.names.south, "]0;pwnedAma");
        assert_eq!(s.names.north, "Kofi rm -rf ~");
        let o = s.online.unwrap();
        assert_eq!(o.status, Status::Over);
        assert_eq!(o.seats.south.name, "[31mAma");
        assert_eq!(o.end, Some(EndReason::Resign));
        let e = serde_json::from_str::<ErrorBody>(r#"{"error":"no\u001b[2J","code":"x\u0000"}"#)
            .unwrap();
        assert_eq!((e.error.as_str(), e.code.as_deref()), ("no[2J", Some("x")));
        for bad in [
            r#"{"id":"../../x","version":1,"rules":"abapa"}"#,
            r#"{"id":"ab","version":1,"rules":"abapa","online":{"status":"over","rematch_id":"a/b"}}"#,
            r#"{"id":"ab","version":1,"rules":"abapa","moves":[{"letter":"\u001b"}]}"#,
            // Statuses and end reasons are the protocol's: anything else is refused.
            r#"{"id":"ab","version":1,"rules":"abapa","online":{"status":"over\u009b"}}"#,
            r#"{"id":"ab","version":1,"rules":"abapa","online":{"status":"over","end":"resign\u2066"}}"#,
        ] {
            assert!(serde_json::from_str::<GameState>(bad).is_err(), "{bad}");
        }
    }
}
