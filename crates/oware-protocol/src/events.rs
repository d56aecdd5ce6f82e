//! The data of the server-sent events that are not a view of their own (see
//! [`EventKind`](crate::EventKind) for the names): a game's `update`, `thinking` and
//! `spectators`, and the lobby's `lobby`, `lobby-add` and `lobby-remove`. (`analysis` is an
//! [`AnalysisEvent`](crate::AnalysisEvent), `review` a [`ReviewEvent`](crate::ReviewEvent).)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{ChatRoom, LobbyEntry, MoveDetailView, Side, StateView};

/// `update`: a game's new state, why it changed and, after a move, what the move did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct UpdateEvent {
    /// What changed it: `connect` (the first event of a stream), `move`, `undo`, `resign`, ….
    #[serde(default)]
    pub cause: String,
    /// The move, seed by seed, when a move changed it.
    #[serde(default)]
    pub detail: Option<MoveDetailView>,
    /// The state.
    pub state: StateView,
    /// Only in the first event of an online game's stream: the stream's watcher handle
    /// (`null` for a player's stream). Left out elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub watcher: Option<Option<String>>,
}

/// `thinking`: the computer started or stopped thinking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ThinkingEvent {
    /// Whether it thinks.
    pub thinking: bool,
    /// The game's version.
    pub version: u64,
    /// Why its last reply failed, if it did.
    #[serde(default)]
    pub error: Option<String>,
}

/// `spectators`: how many watch without a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SpectatorsEvent {
    /// The number.
    pub spectators: u32,
    /// The game's version.
    pub version: u64,
}

/// `lobby`: the whole list, on connecting. `v` counts the lobby's changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LobbyList {
    /// The change count.
    pub v: u64,
    /// The challenges, oldest first.
    pub challenges: Vec<LobbyEntry>,
}

/// `lobby-add`: a challenge listed (`v` one more than the event before).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LobbyAdd {
    /// The change count.
    pub v: u64,
    /// The challenge.
    pub challenge: LobbyEntry,
}

/// `lobby-remove`: a challenge gone (taken, cancelled, its creator left).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LobbyRemove {
    /// The change count.
    pub v: u64,
    /// The game.
    pub id: String,
}

/// `chat`: a message of an online game's chat (also each entry of
/// `GET /api/games/{id}/chat`). Plain text: clients show it as text, never as HTML, and make
/// no links of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ChatMessage {
    /// The room.
    pub room: ChatRoom,
    /// The writer's name.
    pub name: String,
    /// The writer's side for a player, `null` for a spectator.
    #[serde(default)]
    pub side: Option<Side>,
    /// Whether the writer was logged in to an account of that name.
    #[serde(default)]
    pub account: bool,
    /// The text (1 to 140 characters).
    pub text: String,
    /// When it was written (the server's epoch ms).
    #[serde(default)]
    pub at_ms: u64,
    /// The message's number in the game (from 1): a client that saw it skips it.
    #[serde(default)]
    pub seq: u64,
}

/// `GET /api/games/{id}/chat`: the messages the asker may read, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ChatLog {
    /// The messages.
    pub messages: Vec<ChatMessage>,
}
