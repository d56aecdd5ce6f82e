//! The chat service ([`Chats`]; the rules are `chat.rs`'s): who writes in an online game's
//! chat, under which name and in which room; the message kept in the store, sent as a `chat`
//! event on the game's stream and, with a shared store, announced to the other instances, which
//! send it on theirs (their games pass the notice on to the streams they hold, `games/sync.rs`).

use std::sync::Arc;

use oware_core::Side;
use oware_protocol::{ChatLog, ChatMessage, ChatRoom, EventKind};

use super::{self as chat, ChatError, ChatLimits, Writer};
use crate::events::to_json;
use crate::events::Event;
use crate::games::{online_of, GameError, Games};
use crate::store::chat::ChatRow;
use crate::store::Store;
use crate::time::Clock;

/// Online games' chats: what they need, given by the wiring (`env.rs`).
pub struct Chats {
    games: Arc<Games>,
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    /// Each person's recent chat messages.
    limits: ChatLimits,
}

impl From<ChatError> for GameError {
    fn from(e: ChatError) -> GameError {
        match e {
            ChatError::Invalid { code, message } => GameError::Invalid { code, message },
            ChatError::Forbidden { code, message } => GameError::Forbidden { code, message },
            ChatError::TooFast {
                message,
                retry_after_s,
            } => GameError::TooMany {
                code: "chat-too-fast",
                message,
                retry_after_s,
            },
        }
    }
}

/// Who posts a chat message, as the request tells.
#[derive(Debug, Clone, Default)]
pub struct ChatPoster {
    /// The seat token, if any (a player's).
    pub token: Option<String>,
    /// The logged-in account, if any.
    pub user: Option<crate::accounts::User>,
    /// The name a spectator gives.
    pub name: Option<String>,
    /// The client's address (a guest spectator's messages are counted by it).
    pub client: Option<std::net::IpAddr>,
}

fn message_of(row: &ChatRow) -> Option<ChatMessage> {
    Some(ChatMessage {
        room: row.room.parse().ok()?,
        name: row.name.clone(),
        side: row.side.parse::<Side>().ok(),
        account: row.account,
        text: row.text.clone(),
        at_ms: row.at_ms,
        seq: row.seq,
    })
}

impl Chats {
    /// The chats of `games`, kept in `store`.
    pub(crate) fn new(games: Arc<Games>, store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> Chats {
        Chats {
            games,
            store,
            clock,
            limits: ChatLimits::default(),
        }
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Posts `text` to online game `id`'s chat (in `room`, by default the writer's own): checks
    /// it, counts it against the writer's limit, keeps it and sends it to the readers.
    ///
    /// Cheap refusals first: the text's size in bytes (before anything is read), the game (404),
    /// the room, the writer's rate limit (asked without counting); then the text itself, the
    /// guest's name, and only then is the message counted and stored.
    pub async fn post_chat(
        &self,
        id: &str,
        poster: ChatPoster,
        room: Option<&str>,
        text: &str,
    ) -> Result<ChatMessage, GameError> {
        chat::check_size(text)?;
        let live = self.games.live(id).await?;
        let (room, player, seat_names, person) = {
            let s = live.lock().await;
            let o = online_of(&s)?;
            let side = o.side_of(poster.token.as_deref());
            let writer = if side.is_some() {
                Writer::Player
            } else {
                Writer::Spectator
            };
            let room = chat::room_for(&writer, room)?;
            let seat_names = [
                o.seat(Side::South).name.clone(),
                o.seat(Side::North).name.clone(),
            ];
            match side {
                Some(side) => {
                    let seat = o.seat(side);
                    let person = match &seat.user {
                        Some(u) => format!("user {u}"),
                        None => format!("seat {id} {side}"),
                    };
                    let player = (seat.name.clone(), side, seat.user.is_some());
                    (room, Some(player), seat_names, person)
                }
                None => {
                    let person = match (&poster.user, &poster.client) {
                        (Some(u), _) => format!("user {}", u.id),
                        (None, client) => {
                            let key = client.map_or_else(|| "anonymous".into(), |a| a.to_string());
                            format!("address {key}")
                        }
                    };
                    (room, None, seat_names, person)
                }
            }
        };
        self.limits.check(&person, self.now())?;
        let text = chat::check_text(text)?;
        let (name, side, account) = match player {
            Some((name, side, account)) => (name, Some(side), account),
            None => match &poster.user {
                Some(u) => (u.name.clone(), None, true),
                None => (
                    self.guest_chat_name(poster.name.as_deref(), &seat_names)
                        .await?,
                    None,
                    false,
                ),
            },
        };
        self.limits.take(&person, self.now())?;
        let store = self.store.chat();
        let mut row = ChatRow {
            game_id: id.to_string(),
            seq: 0,
            room: room.name().to_string(),
            name,
            side: side.map(|s| s.char().to_string()).unwrap_or_default(),
            account,
            text,
            at_ms: self.now(),
        };
        // Two instances numbering a message of the same game at once: the loser tries again.
        let mut tries = 0;
        row.seq = loop {
            tries += 1;
            match store.add_chat(row.clone()).await {
                Ok(seq) => break seq,
                Err(e) if tries < 3 => {
                    tracing::info!(game = %id, "a chat message is numbered again: {e}");
                }
                Err(e) => return Err(e.into()),
            }
        };
        let message = message_of(&row).ok_or_else(|| GameError::Internal("a bad room".into()))?;
        let data = to_json(&message);
        live.lock()
            .await
            .channel
            .publish(EventKind::Chat.name(), data.clone());
        if self.store.shared() {
            if let Err(e) = self.store.announce(format!("chat {id} {data}")).await {
                tracing::warn!(game = %id, "a chat message could not be announced: {e}");
            }
        }
        Ok(message)
    }

    /// The name a guest spectator writes under: the one given, cleaned, else "Spectator"; never
    /// a seated player's name, an account's or one of the site's own words (a guest could pass
    /// for them), compared folded (`names::fold`).
    async fn guest_chat_name(
        &self,
        given: Option<&str>,
        seat_names: &[String; 2],
    ) -> Result<String, GameError> {
        let name = crate::names::clean(given.unwrap_or(""));
        if name.is_empty() || crate::names::fold(&name) == crate::names::fold(chat::SPECTATOR_NAME)
        {
            return Ok(chat::SPECTATOR_NAME.to_string());
        }
        if crate::accounts::reserved_name(&name) {
            return Err(GameError::Invalid {
                code: "reserved-name",
                message: format!(
                    "\"{name}\" is one of the site's own words: choose another name to write under"
                ),
            });
        }
        if seat_names.iter().any(|s| crate::names::same(s, &name)) {
            return Err(GameError::Invalid {
                code: "name-taken",
                message: format!(
                    "\"{name}\" is a player's name in this game: spectators write under another name"
                ),
            });
        }
        if crate::accounts::check_name(&name).is_ok()
            && self
                .store
                .accounts()
                .user_by_name(name.clone())
                .await?
                .is_some()
        {
            return Err(GameError::Invalid {
                code: "name-taken",
                message: format!(
                    "\"{name}\" is an account's name: log in to write under it, or choose another name"
                ),
            });
        }
        Ok(name)
    }

    /// The chat of online game `id` as the holder of `token`, or the logged-in account
    /// `viewer`, may read it (a player, by seat or by account, sees the spectators' room only in
    /// a game open to advice), oldest first.
    pub async fn chat_log(
        &self,
        id: &str,
        token: Option<&str>,
        viewer: Option<&str>,
    ) -> Result<ChatLog, GameError> {
        let live = self.games.live(id).await?;
        let (player, advice) = {
            let s = live.lock().await;
            let o = online_of(&s)?;
            (
                o.side_of(token).is_some() || o.seated_account(viewer),
                o.advice,
            )
        };
        let store = self.store.chat();
        let rows = store.chat_messages(id.to_string()).await?;
        let messages = rows
            .iter()
            .filter_map(message_of)
            .filter(|m| chat::visible(m.room, player, advice))
            .collect();
        Ok(ChatLog { messages })
    }
}

/// Whether a player's stream of a game not open to advice must skip `ev`: a message of the
/// spectators' room.
pub(crate) fn hidden_from_players(ev: &Event) -> bool {
    #[derive(serde::Deserialize)]
    struct Room {
        room: ChatRoom,
    }
    ev.name == EventKind::Chat.name()
        && serde_json::from_str::<Room>(&ev.data).is_ok_and(|r| r.room == ChatRoom::Spectators)
}
