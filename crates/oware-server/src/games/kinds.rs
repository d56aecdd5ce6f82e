//! The small types the services share about a game: who plays against the seat's holder, a move
//! as a request gives it, what creating a game and playing a move answer.

use oware_engine::Level;

use super::error::GameError;
use crate::view::{MoveDetailView, StateView};

/// Who plays against the seat-token holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The engine at this level.
    Computer(Level),
    /// A friend on the same device: the token holder plays both sides.
    Friend,
    /// A person on another device (see `round/`).
    Online,
}

impl Opponent {
    /// `friend` or the level's name.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(l) => l.name(),
            Opponent::Friend => "friend",
            Opponent::Online => "online",
        }
    }

    /// The opponent named `s` (a level, `friend` or `online`).
    pub(crate) fn parse(s: &str) -> Result<Opponent, GameError> {
        if s.trim().eq_ignore_ascii_case("friend") {
            return Ok(Opponent::Friend);
        }
        if s.trim().eq_ignore_ascii_case("online") {
            return Ok(Opponent::Online);
        }
        s.parse::<Level>().map(Opponent::Computer).map_err(|_| {
            GameError::invalid(
                "bad-opponent",
                format!("unknown opponent '{s}' (expected easy, medium, hard, expert or friend)"),
            )
        })
    }
}

/// A move as the request gave it: a letter or a pit number.
#[derive(Debug, Clone, Copy)]
pub enum MoveInput<'a> {
    /// A letter of the side to move (`A`–`F` for South, `a`–`f` for North).
    Text(&'a str),
    /// The side to move's pit, 0–5 from its left.
    Pit(i64),
}

/// What a move request answers.
pub struct MoveReply {
    /// What the move did, seed by seed.
    pub detail: MoveDetailView,
    /// The game after it.
    pub state: StateView,
}

/// A new game's id, seat token and state.
pub struct Created {
    /// The public id.
    pub id: String,
    /// The secret seat token.
    pub token: String,
    /// The state.
    pub state: StateView,
}
