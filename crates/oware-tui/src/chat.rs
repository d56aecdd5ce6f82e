//! An online game's chat as the terminal keeps it: the messages read (both rooms the server
//! lets this person read, in the order of their numbers, at most [`MAX_KEPT`]), whether the
//! chat pane is open, the message being typed and how many arrived unseen. What keys and the
//! network's reports do to it is the app's (`app/chat.rs`); the messages arrive already checked
//! and cleaned ([`ChatEntry`], `crate::checked`).

use std::collections::VecDeque;

use crate::wire::ChatEntry;

/// The most messages kept in memory: older ones are dropped as new ones arrive.
pub const MAX_KEPT: usize = 200;
/// The longest message typed, in characters: the server's limit (1 to 140).
pub const MAX_TYPED: usize = 140;

/// The chat of an online game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chat {
    /// The messages, oldest first, at most [`MAX_KEPT`].
    pub messages: VecDeque<ChatEntry>,
    /// Whether the chat pane is open (keys then type the message).
    pub open: bool,
    /// The message being typed.
    pub draft: String,
    /// A message is on its way to the server.
    pub sending: bool,
    /// Messages that arrived while the pane was closed.
    pub unread: usize,
}

impl Chat {
    /// Adds a message, unless one with its number is already kept: in the order of the
    /// numbers (a message without one goes last). Returns whether it was new.
    pub fn add(&mut self, m: ChatEntry) -> bool {
        let at = if m.seq == 0 {
            self.messages.len()
        } else {
            if self.messages.iter().any(|k| k.seq == m.seq) {
                return false;
            }
            self.messages
                .iter()
                .rposition(|k| k.seq != 0 && k.seq < m.seq)
                .map_or(0, |i| i + 1)
                .max(
                    // Never before an unnumbered message already shown at the end.
                    self.messages
                        .iter()
                        .rposition(|k| k.seq == 0)
                        .map_or(0, |i| i + 1),
                )
        };
        self.messages.insert(at, m);
        while self.messages.len() > MAX_KEPT {
            self.messages.pop_front();
        }
        if !self.open {
            self.unread += 1;
        }
        true
    }

    /// Adds the messages of a log (`GET /api/games/{id}/chat`), skipping those already kept;
    /// returns how many were new.
    pub fn add_log(&mut self, log: Vec<ChatEntry>) -> usize {
        log.into_iter().filter(|m| self.add(m.clone())).count()
    }

    /// Types `c`, unless the draft is at the server's limit or `c` may not be shown. Returns
    /// whether it was taken.
    pub fn type_char(&mut self, c: char) -> bool {
        if self.draft.chars().count() >= MAX_TYPED || !crate::checked::is_shown(c) {
            return false;
        }
        self.draft.push(c);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::ChatRoom;

    fn msg(seq: u64, text: &str) -> ChatEntry {
        ChatEntry {
            room: ChatRoom::Players,
            name: "Ama".into(),
            side: None,
            account: false,
            text: text.into(),
            seq,
        }
    }

    fn texts(c: &Chat) -> Vec<&str> {
        c.messages.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn messages_are_kept_once_in_order_and_counted_unread() {
        let mut c = Chat::default();
        assert!(c.add(msg(2, "b")));
        assert!(!c.add(msg(2, "b")), "seen");
        assert!(c.add(msg(1, "a")), "an older one goes before");
        assert_eq!(c.add_log(vec![msg(1, "a"), msg(2, "b"), msg(3, "c")]), 1);
        assert_eq!(texts(&c), ["a", "b", "c"]);
        assert_eq!(c.unread, 3);
        c.open = true;
        c.add(msg(0, "unnumbered"));
        c.add(msg(4, "d"));
        assert_eq!(texts(&c), ["a", "b", "c", "unnumbered", "d"]);
        assert_eq!(c.unread, 3, "not counted while open");
    }

    #[test]
    fn at_most_max_kept_messages_are_kept() {
        let mut c = Chat::default();
        for i in 1..=(MAX_KEPT as u64 + 50) {
            c.add(msg(i, &i.to_string()));
        }
        assert_eq!(c.messages.len(), MAX_KEPT);
        assert_eq!(c.messages.front().unwrap().seq, 51);
        assert_eq!(c.messages.back().unwrap().seq, MAX_KEPT as u64 + 50);
    }

    #[test]
    fn typing_stops_at_the_servers_limit_and_takes_no_control_character() {
        let mut c = Chat::default();
        assert!(!c.type_char('\u{1b}'));
        assert!(!c.type_char('\u{202E}'));
        for _ in 0..MAX_TYPED {
            assert!(c.type_char('é'));
        }
        assert!(!c.type_char('x'));
        assert_eq!(c.draft.chars().count(), MAX_TYPED);
    }
}
