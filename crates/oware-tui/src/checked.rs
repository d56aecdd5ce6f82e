//! What the terminal client accepts from a server: a server is not trusted. Game ids and seat
//! tokens are checked by the only constructors of [`GameId`] and [`SeatToken`] (ASCII letters
//! and digits, bounded length), whether they come from a link the player typed or from a
//! server's answer, and a session cookie by [`SessionCookie`]'s (64 hexadecimal digits); every text a server sends is passed through [`clean`] once, when the
//! server's JSON is read ([`crate::wire`]) or when an error describing its bytes is worded, so
//! no escape sequence, control character or bidi override reaches the terminal; answers and
//! event lines are read up to the limits below and refused past them.

use std::fmt;

use serde::Deserialize;

/// The largest answer body read from a server (a game's state with hundreds of moves is a few
/// tens of kilobytes).
pub const MAX_ANSWER: usize = 1 << 20;
/// The longest line, and the largest event, read from a server's event stream.
pub const MAX_EVENT: usize = 1 << 20;
/// The longest text kept from a server's field (a name, a status, an error sentence), in
/// characters; longer ones are cut and end in `…`.
pub const MAX_TEXT: usize = 400;
/// The longest chat message kept from a server, in characters (the server allows 140
/// grapheme clusters; a cluster may be several characters).
pub const MAX_CHAT_TEXT: usize = 280;
/// The longest chat writer's name kept from a server, in characters.
pub const MAX_CHAT_NAME: usize = 40;
/// The longest game id.
pub const MAX_ID: usize = 64;
/// The longest seat token.
pub const MAX_TOKEN: usize = 128;
/// The length of a session cookie's value: 32 random bytes in hexadecimal.
pub const SESSION_LEN: usize = 64;

pub use oware_protocol::printable::{clean_to, is_shown};

/// A server's text made safe to show: line breaks and tabs become spaces, every other character
/// that is not [`is_shown`] is dropped, and the text is cut to [`MAX_TEXT`] characters.
pub fn clean(text: &str) -> String {
    clean_to(text, MAX_TEXT)
}

/// A value that is not 1 to `max` ASCII letters and digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadValue {
    /// The message that says what it must be.
    what: &'static str,
    max: usize,
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::lang::t(self.what, &[("max", self.max.into())]))
    }
}

impl std::error::Error for BadValue {}

fn letters_and_digits(s: &str, max: usize, what: &'static str) -> Result<(), BadValue> {
    if (1..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(BadValue { what, max })
    }
}

/// A game id: 1 to [`MAX_ID`] ASCII letters and digits, from a link or a server alike. The
/// only way to make one is [`GameId::new`] (serde goes through it), so an id can name a file or
/// a URL path segment as it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "String")]
pub struct GameId(String);

impl GameId {
    /// Checks `id`.
    pub fn new(id: &str) -> Result<GameId, BadValue> {
        letters_and_digits(id, MAX_ID, "term-bad-game-id")?;
        Ok(GameId(id.to_string()))
    }

    /// The id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for GameId {
    type Error = BadValue;
    fn try_from(id: String) -> Result<GameId, BadValue> {
        letters_and_digits(&id, MAX_ID, "term-bad-game-id")?;
        Ok(GameId(id))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for GameId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for GameId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// A seat token: 1 to [`MAX_TOKEN`] ASCII letters and digits (one line of a file, one HTTP
/// header value). The only way to make one is [`SeatToken::new`] (serde goes through it).
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct SeatToken(String);

impl SeatToken {
    /// Checks `token`.
    pub fn new(token: &str) -> Result<SeatToken, BadValue> {
        letters_and_digits(token, MAX_TOKEN, "term-bad-seat-token")?;
        Ok(SeatToken(token.to_string()))
    }

    /// The token.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for SeatToken {
    type Error = BadValue;
    fn try_from(token: String) -> Result<SeatToken, BadValue> {
        letters_and_digits(&token, MAX_TOKEN, "term-bad-seat-token")?;
        Ok(SeatToken(token))
    }
}

/// Not printed: a token is a secret.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

/// A value that is not a session cookie (exactly [`SESSION_LEN`] hexadecimal digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadSession;

impl fmt::Display for BadSession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::lang::t(
            "term-bad-session",
            &[("length", SESSION_LEN.into())],
        ))
    }
}

impl std::error::Error for BadSession {}

/// The value of a server's session cookie `oware_session` (`oware login URL`): exactly
/// [`SESSION_LEN`] hexadecimal digits, as `oware serve` makes them (32 random bytes). The only
/// way to make one is [`SessionCookie::new`], so a kept session is one line of a file and one
/// header value, whatever a server sent. Its `Debug` does not show it: it is a secret.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionCookie(String);

impl SessionCookie {
    /// Checks `value`.
    pub fn new(value: &str) -> Result<SessionCookie, BadSession> {
        if value.len() == SESSION_LEN && value.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(SessionCookie(value.to_string()))
        } else {
            Err(BadSession)
        }
    }

    /// The value.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Not printed: a session is a secret.
impl fmt::Debug for SessionCookie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionCookie(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_format_and_bidi_characters_are_stripped() {
        let hostile = "A\u{1b}[2J\u{1b}]0;title\u{7}m\u{9b}31m\u{7f}a\u{202E}txt.exe\u{2066}\u{200B}\u{FEFF}\u{0}!";
        assert_eq!(clean(hostile), "A[2J]0;titlem31matxt.exe!");
        assert_eq!(
            clean("two\nlines\r\tand\u{2028}more"),
            "two lines  and more"
        );
        assert_eq!(clean("Ama Kɔfi 🙂 Ɔware"), "Ama Kɔfi 🙂 Ɔware");
        for c in clean(hostile).chars() {
            assert!(is_shown(c), "{c:?}");
        }
    }

    #[test]
    fn long_texts_are_cut() {
        let long = "x".repeat(10 * MAX_TEXT);
        let cut = clean(&long);
        assert_eq!(cut.chars().count(), MAX_TEXT + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(clean(&"y".repeat(MAX_TEXT)), "y".repeat(MAX_TEXT));
    }

    #[test]
    fn chat_texts_are_cleaned_and_cut_shorter() {
        let text = format!("hi\u{1b}[2J\u{202E}\n{}", "z".repeat(2 * MAX_CHAT_TEXT));
        let cut = clean_to(&text, MAX_CHAT_TEXT);
        assert!(cut.starts_with("hi[2J z"), "{cut}");
        assert_eq!(cut.chars().count(), MAX_CHAT_TEXT + 1);
        assert_eq!(clean_to("Yaw\u{200B}\u{7}", MAX_CHAT_NAME), "Yaw");
    }

    #[test]
    fn ids_and_tokens_are_letters_and_digits_of_bounded_length() {
        assert_eq!(GameId::new("0a1B2c").unwrap().as_str(), "0a1B2c");
        assert!(SeatToken::new(&"f".repeat(MAX_TOKEN)).is_ok());
        for bad in [
            "",
            "../../x",
            "..",
            "a/b",
            "a\\b",
            "a b",
            "ab\n",
            "é",
            "a\u{0}",
            &"a".repeat(MAX_ID + 1),
        ] {
            let e = GameId::new(bad).unwrap_err();
            assert_eq!(
                e.to_string(),
                "a game id must be 1 to 64 ASCII letters and digits"
            );
        }
        for bad in ["", "abc\nexport X=1", "t o k", &"f".repeat(MAX_TOKEN + 1)] {
            assert!(SeatToken::new(bad).is_err(), "{bad:?}");
        }
        // serde goes through the same check.
        assert!(serde_json::from_str::<GameId>("\"../../x\"").is_err());
        assert!(serde_json::from_str::<SeatToken>("\"a\\nb\"").is_err());
        assert_eq!(
            serde_json::from_str::<GameId>("\"ff00\"").unwrap(),
            GameId::new("ff00").unwrap()
        );
        assert_eq!(
            format!("{:?}", SeatToken::new("secret").unwrap()),
            "SeatToken(…)"
        );
    }

    #[test]
    fn a_session_cookie_is_64_hex_digits_and_never_printed() {
        let good = "0123456789abcdefABCDEF".repeat(3)[..SESSION_LEN].to_string();
        let s = SessionCookie::new(&good).unwrap();
        assert_eq!(s.as_str(), good);
        assert_eq!(format!("{s:?}"), "SessionCookie(…)");
        let long = "a".repeat(SESSION_LEN + 1);
        let short = "a".repeat(SESSION_LEN - 1);
        let newline = format!("{}\nX", "a".repeat(SESSION_LEN - 2));
        let semicolon = format!("{};", "a".repeat(SESSION_LEN - 1));
        let not_hex = format!("{}g", "a".repeat(SESSION_LEN - 1));
        let spaced = format!(" {}", "a".repeat(SESSION_LEN - 1));
        for bad in ["", &long, &short, &newline, &semicolon, &not_hex, &spaced] {
            assert_eq!(
                SessionCookie::new(bad),
                Err(BadSession),
                "{bad:?} is not a session"
            );
        }
        assert_eq!(
            BadSession.to_string(),
            "a session cookie must be 64 hexadecimal digits"
        );
    }
}
