//! The web server's JSON as the terminal client reads it (`docs/web.md`): only the fields it
//! uses, and unknown fields ignored, so the server may add to its answers freely.
//!
//! The game itself is rebuilt with the rules core from the server's start position and move
//! letters ([`GameState::to_game`]): the terminal draws the board, the move list and the
//! highlights exactly as for a local game, while the server stays the authority on what was
//! played, the clocks, the offers and the end.
//!
//! A server is not trusted (`crate::checked`): every string field is read through
//! [`checked::clean`] (no control, format or bidi characters, bounded length), game ids are
//! [`GameId`]s and move letters ASCII letters, so a state that would put anything else on the
//! screen or on disk is refused as a whole when it is read.

use oware_core::movetext::MoveText;
use oware_core::{fen, Game, Rules, Side};
use serde::{Deserialize, Deserializer};

use crate::checked::{self, GameId};

/// A value per side, `{"S": …, "N": …}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Pair<T> {
    /// South's.
    #[serde(rename = "S")]
    pub south: T,
    /// North's.
    #[serde(rename = "N")]
    pub north: T,
}

impl<T> Pair<T> {
    /// The value of `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

/// A move of the move list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveEntry {
    /// Its letter (`A`–`F` South, `a`–`f` North; an ASCII letter, else the state is refused).
    #[serde(deserialize_with = "letter")]
    pub letter: char,
}

fn letter<'de, D: Deserializer<'de>>(d: D) -> Result<char, D::Error> {
    let c = char::deserialize(d)?;
    if c.is_ascii_alphabetic() {
        Ok(c)
    } else {
        Err(serde::de::Error::custom(
            "a move letter must be an ASCII letter",
        ))
    }
}

/// The players' names, each through [`checked::clean`].
fn names<'de, D: Deserializer<'de>>(d: D) -> Result<Pair<String>, D::Error> {
    let p = Pair::<String>::deserialize(d)?;
    Ok(Pair {
        south: checked::clean(&p.south),
        north: checked::clean(&p.north),
    })
}

/// A position of the history.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PositionEntry {
    /// The position text.
    #[serde(deserialize_with = "checked::text")]
    pub text: String,
}

/// A game's state (`GET /api/games/{id}`, the `update` events, the actions' answers).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GameState {
    /// The game id.
    pub id: GameId,
    /// Bumped on every change: a state with a lower version is stale.
    pub version: u64,
    /// The rules' text form.
    #[serde(deserialize_with = "checked::text")]
    pub rules: String,
    /// The players' names.
    #[serde(default, deserialize_with = "names")]
    pub names: Pair<String>,
    /// The moves played.
    #[serde(default)]
    pub moves: Vec<MoveEntry>,
    /// Every position from the start (the first is the start position).
    #[serde(default)]
    pub history: Vec<PositionEntry>,
    /// The online part; `None` for a game played on one device.
    #[serde(default)]
    pub online: Option<OnlineView>,
}

impl GameState {
    /// The game replayed by the rules core: the start position, then every move letter.
    pub fn to_game(&self) -> Result<Game, String> {
        let rules: Rules = self
            .rules
            .parse()
            .map_err(|e| format!("the server's rules '{}': {e}", self.rules))?;
        let start = match self.history.first() {
            Some(p) => fen::parse(&p.text)
                .map_err(|e| format!("the server's start position '{}': {e}", p.text))?,
            None => oware_core::Position::start(),
        };
        let mut game = Game::from_position(start, rules);
        for (i, m) in self.moves.iter().enumerate() {
            let text: MoveText = m
                .letter
                .to_string()
                .parse()
                .map_err(|e| format!("the server's move {}: {e}", i + 1))?;
            game.play_text(&text)
                .map_err(|e| format!("the server's move {} ({}): {e}", i + 1, m.letter))?;
        }
        Ok(game)
    }
}

/// One seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct SeatView {
    /// The player's name.
    #[serde(default, deserialize_with = "checked::text")]
    pub name: String,
    /// Whether a player holds it.
    #[serde(default)]
    pub taken: bool,
    /// Whether that player has the game open (an event stream).
    #[serde(default)]
    pub connected: bool,
}

/// The clock: the server's figures as of `as_of_ms`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ClockView {
    /// Each side's initial time.
    pub initial_ms: u64,
    /// Added after each move.
    pub increment_ms: u64,
    /// Each side's time left.
    pub remaining_ms: Pair<u64>,
    /// The side whose time runs.
    pub running: Option<Side>,
}

/// The `online` object of a state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct OnlineView {
    /// `open`, `playing`, `over`, `aborted` or `cancelled`.
    #[serde(deserialize_with = "checked::text")]
    pub status: String,
    /// The seats.
    #[serde(default)]
    pub seats: Pair<SeatView>,
    /// The side of the request's token holder (only in answers to that player's requests).
    #[serde(default)]
    pub you: Option<Side>,
    /// The clock, `None` for an untimed game.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// Who offers a draw.
    #[serde(default)]
    pub draw_offer: Option<Side>,
    /// Who asks for a takeback.
    #[serde(default)]
    pub takeback_offer: Option<Side>,
    /// Who offers a rematch.
    #[serde(default)]
    pub rematch_offer: Option<Side>,
    /// The rematch's game id, once agreed.
    #[serde(default)]
    pub rematch_id: Option<GameId>,
    /// Watchers without a seat.
    #[serde(default)]
    pub spectators: u32,
    /// Milliseconds until the side not to move may claim (the mover being away).
    #[serde(default)]
    pub claimable_ms: Option<u64>,
    /// Why it ended: `capture`, `draw`, `no-feed`, `cycle`, `time`, `resign`, `agreement`,
    /// `abandon` or `aborted`.
    #[serde(default, deserialize_with = "checked::opt_text")]
    pub end: Option<String>,
    /// The winner, with `end`; `None` for a draw or no result.
    #[serde(default)]
    pub winner: Option<Side>,
}

impl OnlineView {
    /// What the status line says about the game beside the moves (its status, its end, the
    /// offers standing): a change of these is announced.
    pub fn said(
        &self,
    ) -> (
        String,
        Option<String>,
        Option<Side>,
        Option<Side>,
        Option<Side>,
    ) {
        (
            self.status.clone(),
            self.end.clone(),
            self.draw_offer,
            self.takeback_offer,
            self.rematch_offer,
        )
    }

    /// Whether moves and offers are still possible.
    pub fn is_playing(&self) -> bool {
        self.status == "playing" && self.end.is_none()
    }

    /// Whether the game has ended (a result, an abort or a cancelled challenge).
    pub fn is_finished(&self) -> bool {
        matches!(self.status.as_str(), "over" | "aborted" | "cancelled") || self.end.is_some()
    }
}

/// An error answer: `{"error": "a sentence", "code": "empty-pit"}`.
#[derive(Debug, Clone, Deserialize)]
pub struct ErrorBody {
    /// The sentence to show.
    #[serde(deserialize_with = "checked::text")]
    pub error: String,
    /// The machine-readable code.
    #[serde(default, deserialize_with = "checked::opt_text")]
    pub code: Option<String>,
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
        assert_eq!(
            o.clock.as_ref().unwrap().remaining_ms.get(Side::North),
            &2000
        );
        assert!(o.is_playing());
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
            "online":{"status":"over\u009b","seats":{"S":{"name":"\u001b[31mAma","taken":true},"N":{}},
            "end":"resign\u2066"}}"#;
        let s: GameState = serde_json::from_str(json).unwrap();
        assert_eq!(s.rules, "abapa[2J");
        assert_eq!(s.names.south, "]0;pwnedAma");
        assert_eq!(s.names.north, "Kofi rm -rf ~");
        let o = s.online.unwrap();
        assert_eq!(o.status, "over");
        assert_eq!(o.seats.south.name, "[31mAma");
        assert_eq!(o.end.as_deref(), Some("resign"));
        let e = serde_json::from_str::<ErrorBody>(r#"{"error":"no\u001b[2J","code":"x\u0000"}"#)
            .unwrap();
        assert_eq!((e.error.as_str(), e.code.as_deref()), ("no[2J", Some("x")));
        for bad in [
            r#"{"id":"../../x","version":1,"rules":"abapa"}"#,
            r#"{"id":"ab","version":1,"rules":"abapa","online":{"status":"over","rematch_id":"a/b"}}"#,
            r#"{"id":"ab","version":1,"rules":"abapa","moves":[{"letter":"\u001b"}]}"#,
        ] {
            assert!(serde_json::from_str::<GameState>(bad).is_err(), "{bad}");
        }
    }
}
