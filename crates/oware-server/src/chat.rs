//! The chat of online games: its rules, no HTTP and no storage; the service that applies them to
//! a game is [`Chats`] (`chat/service.rs`), `store/chat.rs` keeps the messages, `http/chat.rs` has
//! the routes.
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
//! - **Size.** A character carries at most [`MARKS_MAX`] combining marks and is at most
//!   [`CLUSTER_MAX`] code points (an emoji family with skin tones has 11): `a` with 124,999
//!   accents is refused (`too-many-marks`), not counted as one character. So a message is at
//!   most [`TEXT_BYTES_MAX`] bytes, and a longer text is refused on its length in bytes
//!   before anything else is looked at. Every check is one pass over the text.
//! - **Limits.** Each person (a player's seat or account, a spectator's account or address)
//!   writes at most [`RATE_COUNT`] messages in [`RATE_WINDOW_MS`] on the server's clock; one
//!   more is refused with the wait, before its text is checked. Counted per instance (a
//!   person's requests reach one instance in practice: the counts only slow a flood down).
//! - **Names.** A player writes under the seat's name; a spectator under the account's name when
//!   logged in, else the name given (cleaned as a player's is, `names.rs`), else "Spectator".
//!   A guest may not take a seated player's name, an account's name or one of the site's own
//!   words (`names::SITE_NAMES`), compared folded (`names::fold`); and the message says
//!   whether its writer was logged in (`account`), which the page and the terminal client show.

mod service;

pub(crate) use service::hidden_from_players;
pub use service::{ChatPoster, Chats};

use oware_protocol::ChatRoom;
use unicode_segmentation::UnicodeSegmentation;

use crate::window::{Refused, Window};

pub use crate::names::{CLUSTER_MAX, MARKS_MAX};

/// The longest message, in characters as a person counts them.
pub const TEXT_MAX: usize = 140;
/// The most bytes a message can take: [`TEXT_MAX`] characters of at most `names::CLUSTER_MAX` code
/// points of 4 bytes (8,960 bytes). A text over it is refused before any other check.
pub const TEXT_BYTES_MAX: usize = TEXT_MAX * crate::names::CLUSTER_BYTES;
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

/// Refuses a text longer than [`TEXT_BYTES_MAX`] bytes: the first check, which looks at the
/// length only.
pub fn check_size(text: &str) -> Result<(), ChatError> {
    if text.len() > TEXT_BYTES_MAX {
        return Err(invalid(
            "message-too-long",
            format!(
                "a message has at most {TEXT_MAX} characters ({TEXT_BYTES_MAX} bytes); this one \
                 has {} bytes",
                text.len()
            ),
        ));
    }
    Ok(())
}

/// The text of a message as it is kept: trimmed, then checked (see the module docs).
pub fn check_text(text: &str) -> Result<String, ChatError> {
    check_text_counted(text).0
}

/// [`check_text`], and the steps it took (bytes and characters looked at, over all its
/// passes): the fuzz target `chat_text` checks that they are at most a few times the bytes of
/// the text, and that no text over [`TEXT_BYTES_MAX`] bytes takes any.
#[doc(hidden)]
pub fn check_text_counted(text: &str) -> (Result<String, ChatError>, u64) {
    if let Err(e) = check_size(text) {
        return (Err(e), 0);
    }
    // The trim looks at the white space at both ends, at most every byte.
    let mut steps = text.len() as u64;
    let r = check_sized(text, &mut steps);
    (r, steps)
}

/// [`check_text`] once the size is known to be at most [`TEXT_BYTES_MAX`]: three passes, the
/// trim, the hidden characters, the clusters; `steps` counts the characters looked at.
fn check_sized(text: &str, steps: &mut u64) -> Result<String, ChatError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(invalid(
            "empty-message",
            "write something first: the message is empty",
        ));
    }
    let (hidden, looked) = crate::names::first_hidden_counted(text);
    *steps += looked;
    if let Some(c) = hidden {
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
    let mut n = 0;
    for g in text.graphemes(true) {
        n += 1;
        let mut points = 0;
        let mut marks = 0;
        for c in g.chars() {
            *steps += 1;
            points += 1;
            marks += usize::from(crate::names::is_mark(c));
        }
        if marks > MARKS_MAX {
            let base = g.chars().next().unwrap_or(' ');
            return Err(invalid(
                "too-many-marks",
                format!(
                    "a character carries at most {MARKS_MAX} accents or marks; the character \
                     {base:?} of this message has {marks} stacked on it"
                ),
            ));
        }
        if points > CLUSTER_MAX {
            return Err(invalid(
                "character-too-long",
                format!(
                    "a character (a letter with its marks, an emoji sequence) is at most \
                     {CLUSTER_MAX} code points; one of this message has {points}"
                ),
            ));
        }
    }
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
/// [`RATE_WINDOW_MS`]): a bounded window per person (`window.rs`: at most [`CHAT_WRITERS`]
/// people at once, O(1) a message), so that any number of writers costs bounded memory; when
/// every place holds someone who wrote within the window, a new writer waits too.
pub struct ChatLimits {
    recent: Window<String>,
}

/// People whose recent messages are counted at once.
pub const CHAT_WRITERS: usize = 20_000;

impl Default for ChatLimits {
    fn default() -> Self {
        ChatLimits::with_capacity(CHAT_WRITERS)
    }
}

impl std::fmt::Debug for ChatLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChatLimits").finish_non_exhaustive()
    }
}

impl ChatLimits {
    /// Limits counting at most `writers` people at once.
    pub fn with_capacity(writers: usize) -> ChatLimits {
        ChatLimits {
            recent: Window::new(RATE_COUNT, RATE_WINDOW_MS, writers),
        }
    }

    /// Counts a message by `person` at `now` (epoch ms), or refuses it (and counts nothing).
    pub fn take(&self, person: &str, now: u64) -> Result<(), ChatError> {
        self.recent.take(&person.to_string(), now).map_err(too_fast)
    }

    /// Refuses a message by `person` at `now` that [`ChatLimits::take`] would refuse, without
    /// counting anything: the cheap refusal asked before the text is checked.
    pub fn check(&self, person: &str, now: u64) -> Result<(), ChatError> {
        self.recent
            .check(&person.to_string(), now)
            .map_err(too_fast)
    }
}

/// The refusal of one message too many, or of a new writer while every place is taken.
fn too_fast(refused: Refused) -> ChatError {
    match refused {
        Refused::Limit(wait_s) => ChatError::TooFast {
            message: format!(
                "you are writing too fast: at most {RATE_COUNT} messages in {} s; wait {wait_s} s",
                RATE_WINDOW_MS / 1000
            ),
            retry_after_s: wait_s,
        },
        Refused::Full(wait_s) => ChatError::TooFast {
            message: format!("too many people are writing in the chats right now; wait {wait_s} s"),
            retry_after_s: wait_s,
        },
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
    fn a_character_with_thousands_of_accents_is_refused() {
        // One grapheme cluster of 250 KB was one "character" of the 140.
        let heavy = format!("a{}", "\u{0301}".repeat(124_999));
        let Err(ChatError::Invalid { code, message }) = check_text(&heavy) else {
            panic!("refused")
        };
        assert_eq!(code, "message-too-long");
        assert!(message.contains("bytes"), "{message}");
        // Within the size: the marks are counted.
        let stacked = format!("a{}", "\u{0301}".repeat(MARKS_MAX + 1));
        assert!(matches!(
            check_text(&stacked),
            Err(ChatError::Invalid {
                code: "too-many-marks",
                ..
            })
        ));
        assert!(check_text(&format!("a{}", "\u{0301}".repeat(MARKS_MAX))).is_ok());
        // A chain of joined emoji is one cluster: at most CLUSTER_MAX code points.
        let chain = format!("\u{1F600}{}", "\u{200D}\u{1F600}".repeat(20));
        assert!(matches!(
            check_text(&chain),
            Err(ChatError::Invalid {
                code: "character-too-long",
                ..
            })
        ));
        // What people write passes: Vietnamese, pointed Hebrew, a family with skin tones.
        for ok in [
            "Nguye\u{0302}\u{0303}n ơi",
            "\u{05E9}\u{05BC}\u{05C1}\u{05B8}\u{0591}\u{05A3}",
            "\u{1F468}\u{1F3FD}\u{200D}\u{1F469}\u{1F3FD}\u{200D}\u{1F467}\u{1F3FD}\u{200D}\u{1F466}\u{1F3FD}",
        ] {
            check_text(ok).unwrap();
        }
    }

    #[test]
    fn a_text_over_the_byte_limit_is_refused_before_it_is_read() {
        // 224 KB of emoji joined by zero-width joiners: one grapheme cluster, so it passed the
        // 140 limit, after seconds of work.
        let zwj = "\u{1F600}\u{200D}".repeat(32_000);
        let (r, steps) = check_text_counted(&zwj);
        assert!(matches!(
            r,
            Err(ChatError::Invalid {
                code: "message-too-long",
                ..
            })
        ));
        assert_eq!(steps, 0, "refused on its length alone");
        assert!(check_size(&"x".repeat(TEXT_BYTES_MAX)).is_ok());
        assert!(check_size(&"x".repeat(TEXT_BYTES_MAX + 1)).is_err());
        // Within the limit, the steps are a few per byte.
        let within = "\u{1F600}\u{200D}".repeat(TEXT_BYTES_MAX / 7);
        let (_, steps) = check_text_counted(&within);
        assert!(steps <= 3 * within.len() as u64);
        // The longest message that passes fits in the byte limit.
        let family = "\u{1F468}\u{1F3FD}\u{200D}\u{1F469}\u{1F3FD}\u{200D}\u{1F467}\u{1F3FD}\u{200D}\u{1F466}\u{1F3FD}";
        let longest = family.repeat(TEXT_MAX);
        assert!(longest.len() <= TEXT_BYTES_MAX);
        check_text(&longest).unwrap();
    }

    #[test]
    fn the_check_refuses_what_take_would_and_counts_nothing() {
        let l = ChatLimits::default();
        for i in 0..RATE_COUNT as u64 {
            l.check("a", 1_000 + i).unwrap();
            l.take("a", 1_000 + i).unwrap();
        }
        for _ in 0..3 {
            assert!(matches!(
                l.check("a", 2_000),
                Err(ChatError::TooFast {
                    retry_after_s: 9,
                    ..
                })
            ));
        }
        l.check("b", 2_000).unwrap();
        l.check("a", 11_000).unwrap();
        l.take("a", 11_000).unwrap();
    }

    #[test]
    fn the_writers_counted_are_bounded_and_a_new_one_waits_while_all_are_recent() {
        let l = ChatLimits::with_capacity(2);
        l.take("a", 1_000).unwrap();
        l.take("b", 1_500).unwrap();
        // Both places hold someone who wrote within the window: a third writer waits until
        // the quietest one's window ends (1 000 + 10 000 - 2 000 ms), without being counted.
        for _ in 0..2 {
            let Err(ChatError::TooFast {
                retry_after_s,
                message,
            }) = l.take("c", 2_000)
            else {
                panic!("a third writer was counted beside two recent ones");
            };
            assert_eq!(retry_after_s, 9);
            assert!(message.contains("too many people"), "{message}");
            assert!(l.check("c", 2_000).is_err());
        }
        // The writers already counted go on.
        l.take("a", 2_000).unwrap();
        // Once "b" (now the quietest) has been quiet for a window, "c" takes its place.
        l.take("c", 11_600).unwrap();
        l.take("c", 11_700).unwrap();
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
