//! What keys and the network's reports do to an online game's chat (its state is
//! [`crate::chat`]'s): `m` opens the pane, where keys type a message, Enter sends it, Backspace
//! erases and Esc closes; the server's answer, its refusal (in its words: too long, too fast, …)
//! and the messages arriving on the event stream. The server decides who writes and reads
//! which room: a player writes in the players' room, a spectator in the spectators'.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{App, Effect, Mode, Tone};
use crate::chat::MAX_TYPED;
use crate::lang::{t, tr};
use crate::net::Request;
use crate::wire::{ChatEntry, ChatRoom};

impl App {
    /// Whether the chat pane is open (keys then type the message).
    pub fn chat_open(&self) -> bool {
        self.online().is_some_and(|o| o.chat.open)
    }

    /// `m`: opens the chat pane.
    pub(crate) fn open_chat(&mut self) -> Vec<Effect> {
        if let Mode::Online(o) = &mut self.mode {
            o.chat.open = true;
            o.chat.unread = 0;
            self.status = (
                Tone::Info,
                tr(if o.seat.is_some() {
                    "term-chat-open-players"
                } else {
                    "term-chat-open-spectators"
                }),
            );
        }
        Vec::new()
    }

    /// A key while the chat pane is open.
    pub(crate) fn on_key_chat(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Mode::Online(o) = &mut self.mode else {
            return Vec::new();
        };
        let chat = &mut o.chat;
        match key.code {
            KeyCode::Esc => {
                chat.open = false;
                self.status = (Tone::Info, self.turn_text());
            }
            KeyCode::Backspace => {
                chat.draft.pop();
            }
            KeyCode::Enter => {
                let text = chat.draft.trim().to_string();
                if text.is_empty() {
                    self.status = (Tone::Error, tr("term-chat-empty"));
                } else if chat.sending {
                    self.status = (Tone::Error, tr("term-chat-busy"));
                } else {
                    chat.sending = true;
                    self.status = (Tone::Info, tr("term-chat-sending"));
                    return vec![Effect::Net(Request::Chat(text))];
                }
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                let full = !chat.type_char(c) && chat.draft.chars().count() >= MAX_TYPED;
                if full {
                    self.status = (
                        Tone::Error,
                        t("term-chat-too-long", &[("max", MAX_TYPED.into())]),
                    );
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Messages from the server: one arriving on the event stream (`log` false) or the log read
    /// when the stream opens. Said on the status line while the pane is closed.
    pub(crate) fn chat_arrived(&mut self, messages: Vec<ChatEntry>, log: bool) -> Vec<Effect> {
        let Mode::Online(o) = &mut self.mode else {
            return Vec::new();
        };
        let mut news = Vec::new();
        for m in messages {
            let own = m.side.is_some() && m.side == o.seat;
            if o.chat.add(m.clone()) && !own {
                news.push(m);
            }
        }
        if o.chat.open {
            return Vec::new();
        }
        match (news.as_slice(), log) {
            ([], _) => {}
            ([m], false) => {
                self.status = (
                    Tone::Info,
                    t(
                        "term-chat-arrived",
                        &[("name", who(m).into()), ("text", m.text.as_str().into())],
                    ),
                );
            }
            (ms, _) => {
                self.status = (
                    Tone::Info,
                    t("term-chat-arrived-many", &[("count", ms.len().into())]),
                );
            }
        }
        Vec::new()
    }

    /// The server took the message: it is shown and the draft emptied.
    pub(crate) fn chat_sent(&mut self, m: ChatEntry) -> Vec<Effect> {
        if let Mode::Online(o) = &mut self.mode {
            o.chat.sending = false;
            o.chat.draft.clear();
            o.chat.add(m);
            self.status = (Tone::Info, tr("term-chat-sent"));
        }
        Vec::new()
    }

    /// The server refused the message (its sentence: too long, too fast, …): the draft is
    /// kept to be changed.
    pub(crate) fn chat_refused(&mut self, message: String) -> Vec<Effect> {
        if let Mode::Online(o) = &mut self.mode {
            o.chat.sending = false;
            self.status = (
                Tone::Error,
                t("term-chat-refused", &[("error", message.into())]),
            );
        }
        Vec::new()
    }
}

/// A message's writer as the chat shows it: the name, `✓` after an account's (a guest's name
/// never has it), and `(spectator)` or `(guest spectator)` for the spectators' room.
pub fn who(m: &ChatEntry) -> String {
    let mark = if m.account { " \u{2713}" } else { "" };
    match (m.room, m.account) {
        (ChatRoom::Players, _) => format!("{}{mark}", m.name),
        (ChatRoom::Spectators, true) => t(
            "term-chat-spectator",
            &[("name", format!("{}{mark}", m.name).into())],
        ),
        (ChatRoom::Spectators, false) => t(
            "term-chat-guest-spectator",
            &[("name", m.name.as_str().into())],
        ),
    }
}
