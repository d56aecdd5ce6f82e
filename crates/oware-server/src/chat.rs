//! The chat of online games: its rules, no HTTP and no storage (`games/chat.rs` wires it to a
//! game, `store/chat.rs` keeps the messages, `http/chat.rs` has the routes).
//!
//! - **Rooms.** The players' room: the two players write in it, and everyone watching reads it
//!   (as at a real Oware board, the players talk in front of the onlookers). The spectators'
//!   room: spectators write in it and read it; the players read it only in a game opened to
//!   advice at its creation (a casual game: a rated game is never open to advice), and never
//!   otherwise, neither in the log nor on their event stream.
//! - **Messages** are plain text, 1 to [`TEXT_MAX`] characters (grapheme clusters, as a person
//!   counts them) once trimmed; control characters (a new line among them) and invisible
//!   format characters (bidirectional controls, zero-width spaces) are refused, not dropped, so
//!   a message is stored as it was written or not at all. Clients show it as text.
//! - **Limits.** Each person (a player's seat or account, a spectator's account or address)
//!   writes at most [`RATE_COUNT`] messages in [`RATE_WINDOW_MS`] on the server's clock; one
//!   more is refused with the wait. Counted per instance (a person's requests reach one
//!   instance in practice: the counts only slow a flood down).
//! - **Names.** A player writes under the seat's name; a spectator under the account's name when
//!   logged in, else the name given (cleaned as a player's is, `names.rs`), else "Spectator".

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use oware_protocol::ChatRoom;
use unicode_segmentation::UnicodeSegmentation;

/// The longest message, in characters as a person counts them.
pub const TEXT_MAX: usize = 140;
/// Messages one person may write within [`RATE_WINDOW_MS`].
pub const RATE_COUNT: usize = 5;
/// The window of [`RATE_COUNT`], in milliseconds.
pub const RATE_WINDOW_MS: u64 = 10_000;
/// A spectator's name when they give none.
pub const SPECTATOR_NAME: &str = "Spectator";

/// Why a message was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatError {
    /// Bad text or a bad room name (422).
    Invalid {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// The writer may not write there (403): a spectator in the players' room.
    Forbidden {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// Too many messages in a short time (429).
    TooFast {
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
}

fn invalid(code: &'static str, message: impl Into<String>) -> ChatError {
    ChatError::Invalid {
        code,
        message: message.into(),
    }
}

/// Who writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Writer {
    /// A player (the seat token's side).
    Player,
    /// Anyone else.
    Spectator,
}

/// The text of a message as it is kept: trimmed, then checked (see the module docs).
pub fn check_text(text: &str) -> Result<String, ChatError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(invalid(
            "empty-message",
            "write something first: the message is empty",
        ));
    }
    if let Some(c) = crate::names::first_hidden(text) {
        let what = if c == '\n' || c == '\r' {
            "a line break".to_string()
        } else {
            format!("the invisible character U+{:04X}", u32::from(c))
        };
        return Err(invalid(
            "bad-characters",
            format!("a message is one line of visible text: it may not hold {what}"),
        ));
    }
    let n = text.graphemes(true).count();
    if n > TEXT_MAX {
        return Err(invalid(
            "message-too-long",
            format!("a message has at most {TEXT_MAX} characters; this one has {n}"),
        ));
    }
    Ok(text.to_string())
}

/// The room a message goes to: the one asked for (`players` or `spectators`), by default the
/// writer's own. A spectator may not write in the players' room; a player writes only there.
pub fn room_for(writer: &Writer, asked: Option<&str>) -> Result<ChatRoom, ChatError> {
    let own = match writer {
        Writer::Player => ChatRoom::Players,
        Writer::Spectator => ChatRoom::Spectators,
    };
    let room = match asked.map(str::trim) {
        None | Some("") => own,
        Some(r) => r
            .parse::<ChatRoom>()
            .map_err(|e| invalid("bad-room", e.to_string()))?,
    };
    match (writer, room) {
        (Writer::Spectator, ChatRoom::Players) => Err(ChatError::Forbidden {
            code: "players-room",
            message: "only the two players write in the players' room: spectators write in the \
                      spectators' room"
                .into(),
        }),
        (Writer::Player, ChatRoom::Spectators) => Err(ChatError::Forbidden {
            code: "spectators-room",
            message: "players write in the players' room; the spectators' room is theirs".into(),
        }),
        _ => Ok(room),
    }
}

/// Whether a reader sees messages of `room`: a player (`player`) sees the spectators' room only
/// in a game open to advice; everyone sees the players' room.
pub fn visible(room: ChatRoom, player: bool, advice: bool) -> bool {
    match room {
        ChatRoom::Players => true,
        ChatRoom::Spectators => !player || advice,
    }
}

/// Each person's recent messages, to refuse the one too many ([`RATE_COUNT`] in
/// [`RATE_WINDOW_MS`]).
#[derive(Debug, Default)]
pub struct ChatLimits {
    recent: Mutex<HashMap<String, VecDeque<u64>>>,
}

/// People whose counts are kept before the old ones are swept.
const SWEEP_AT: usize = 10_000;

impl ChatLimits {
    /// Counts a message by `person` at `now` (epoch ms), or refuses it (and counts nothing).
    pub fn take(&self, person: &str, now: u64) -> Result<(), ChatError> {
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        if recent.len() >= SWEEP_AT {
            recent.retain(|_, times| times.back().is_some_and(|&t| now < t + RATE_WINDOW_MS));
        }
        let times = recent.entry(person.to_string()).or_default();
        while times.front().is_some_and(|&t| now >= t + RATE_WINDOW_MS) {
            times.pop_front();
        }
        if times.len() >= RATE_COUNT {
            let oldest = times.front().copied().unwrap_or(now);
            let wait_s = (oldest + RATE_WINDOW_MS - now).div_ceil(1000).max(1);
            return Err(ChatError::TooFast {
                message: format!(
                    "you are writing too fast: at most {RATE_COUNT} messages in {} s; wait {wait_s} s",
                    RATE_WINDOW_MS / 1000
                ),
                retry_after_s: wait_s,
            });
        }
        times.push_back(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_checked() {
        assert_eq!(check_text("  Good move!  ").unwrap(), "Good move!");
        assert!(matches!(
            check_text("   "),
            Err(ChatError::Invalid {
                code: "empty-message",
                ..
            })
        ));
        assert!(matches!(
            check_text("a\u{202E}b"),
            Err(ChatError::Invalid {
                code: "bad-characters",
                ..
            })
        ));
        assert!(matches!(
            check_text("two\nlines"),
            Err(ChatError::Invalid {
                code: "bad-characters",
                ..
            })
        ));
        assert!(check_text(&"x".repeat(140)).is_ok());
        assert!(
            check_text(&"👍🏽".repeat(140)).is_ok(),
            "emoji count as one each"
        );
        assert!(matches!(
            check_text(&"x".repeat(141)),
            Err(ChatError::Invalid {
                code: "message-too-long",
                ..
            })
        ));
        assert_eq!(
            check_text("<b>hi</b>").unwrap(),
            "<b>hi</b>",
            "kept as text"
        );
    }

    #[test]
    fn rooms_and_visibility() {
        assert_eq!(room_for(&Writer::Player, None).unwrap(), ChatRoom::Players);
        assert_eq!(
            room_for(&Writer::Spectator, None).unwrap(),
            ChatRoom::Spectators
        );
        assert!(matches!(
            room_for(&Writer::Spectator, Some("players")),
            Err(ChatError::Forbidden { .. })
        ));
        assert!(matches!(
            room_for(&Writer::Player, Some("lobby")),
            Err(ChatError::Invalid {
                code: "bad-room",
                ..
            })
        ));
        assert!(visible(ChatRoom::Players, false, false));
        assert!(visible(ChatRoom::Spectators, false, false));
        assert!(!visible(ChatRoom::Spectators, true, false));
        assert!(visible(ChatRoom::Spectators, true, true));
    }

    #[test]
    fn five_messages_in_ten_seconds() {
        let l = ChatLimits::default();
        for i in 0..5 {
            l.take("a", 1_000 + i).unwrap();
        }
        let Err(ChatError::TooFast { retry_after_s, .. }) = l.take("a", 2_000) else {
            panic!("the sixth is refused")
        };
        assert_eq!(retry_after_s, 9);
        l.take("b", 2_000).unwrap();
        l.take("a", 11_000).unwrap();
    }
}
