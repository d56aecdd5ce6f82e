//! One live game ([`Session`]): its state in memory, who may act on it, what it publishes;
//! and the small helpers that read a session (seat names, the online part).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use oware_core::movetext::{self, MoveText};
use oware_core::{BySide, Game, Move, PlayError, Side};
use oware_protocol::EventKind;
use tokio::sync::broadcast;

use super::error::GameError;
use super::kinds::{MoveInput, Opponent};
use crate::egdb_view::Tables;
use crate::events::{Channel, Event};
use crate::online::{Online, Presence};
use crate::store::GameRow;
use crate::view::{self, GameSnapshot};

/// How long another instance's count of open streams holds without news (it re-announces
/// them every `PRESENCE_HEARTBEAT`, `sync.rs`).
pub(crate) const REMOTE_PRESENCE_TTL_MS: u64 = 30_000;

/// The stored moves' last character when the game was ended as a cycle by agreement (no move
/// letter or separator is `=`).
pub(crate) const AGREED_CYCLE_MARK: char = '=';

/// One live game.
pub struct Session {
    pub(crate) id: String,
    pub(crate) token: String,
    pub(crate) opponent: Opponent,
    /// The token holder's side against the computer (South in friend games).
    pub(crate) human: Side,
    pub(crate) names: BySide<String>,
    pub(crate) game: Game,
    /// Moves taken back, the next one to replay last.
    pub(crate) redo: Vec<Move>,
    /// The stored version this copy is at.
    pub(crate) version: u64,
    /// What the page is told: the computer is working on its move.
    pub(crate) thinking: bool,
    /// A reply of this game is in the engine (perhaps a stale one, after an undo): at most one
    /// at a time, so a move/undo loop cannot fill the engine's queue.
    pub(crate) reply_running: bool,
    /// Against the computer: the page plays the computer's moves with its own engine (asked at
    /// creation, `"engine": "page"`); the server accepts them from the seat token and never
    /// searches. Kept in memory only: a game read again from the store (after a restart, or
    /// on another instance) has the server's engine play again, as for any other page.
    pub(crate) page_plays: bool,
    /// The mover's place in the budget's engine replies ([`crate::budget::EngineHold`]): held
    /// from the move until the computer's reply to it ends.
    pub(crate) engine_hold: Option<crate::budget::EngineHold>,
    /// Why the computer's last reply failed; cleared by the next change.
    pub(crate) engine_error: Option<String>,
    pub(crate) analysis: Option<Arc<AtomicBool>>,
    pub(crate) analysis_seq: u64,
    pub(crate) channel: Channel,
    /// The online part (seats, clock, offers), `None` for a game on one device.
    pub(crate) online: Option<Online>,
    /// Who has an event stream open (online games).
    pub(crate) presence: Presence,
    /// Streams open on other instances (a shared store): their counts (South, North,
    /// spectators) by instance, and when each was last heard of.
    pub(crate) remote: HashMap<String, ([u32; 3], u64)>,
    /// The one timer that ends the game when the running side's flag falls: replaced (the old
    /// one cancelled) by every change, cancelled when the game ends, so a finished game is
    /// held by no timer.
    pub(crate) flag_timer: std::sync::Mutex<Option<tokio::task::AbortHandle>>,
    /// The spectators' streams open here (online games), by their handle.
    pub(crate) watchers: HashMap<String, Watcher>,
    /// When the spectators' count was last sent (ms of the server's clock), and whether a
    /// later sending is due: arrivals and departures are coalesced, a count sent at most once
    /// a second (`round/presence.rs`).
    pub(crate) spectators_sent_ms: u64,
    pub(crate) spectators_due: bool,
    /// The accounts' lines of a finished online game (ratings before and after).
    pub(crate) players: Vec<crate::store::accounts::PlayerGame>,
    /// Against the computer: the computer's standing proposal to end the game as a cycle
    /// (its side), made instead of a move; any change of the game withdraws it (`cycle.rs`).
    pub(crate) cycle_offer: Option<Side>,
    /// Against the computer: the seeds on the board when the person last declined its
    /// proposal (it proposes again only after a capture).
    pub(crate) cycle_declined: Option<u8>,
    /// Against the computer: the version at which it last declined the person's proposal (asked
    /// once per position).
    pub(crate) cycle_refused_at: Option<u64>,
    /// The ply of the last state published on the channel ([`NOT_PUBLISHED`] before the
    /// first, or when the next update must carry the whole record): an `update` carries the
    /// record from the lower of this and the new ply on, which is what every watcher holds.
    pub(crate) published_ply: AtomicUsize,
}

/// [`Session::published_ply`] when no state was published yet: the next update carries the
/// whole record.
pub(crate) const NOT_PUBLISHED: usize = usize::MAX;

/// A spectator's event stream of an online game. It has a channel of its own besides the
/// game's, which the stream reads together (`events::Feed`), so that what is meant for this
/// spectator alone (the analysis they asked for) reaches nobody else: not the players, not
/// other spectators.
pub(crate) struct Watcher {
    /// The stream's own channel.
    pub(crate) events: broadcast::Sender<Event>,
    /// The spectator's running analysis.
    pub(crate) analysis: Option<Arc<AtomicBool>>,
    /// Opened by an account holding a seat of the live game: a player in a spectator's
    /// place, who gets no analysis and no spectators' room (`Online::seated_account`).
    pub(crate) seated: bool,
}

impl Watcher {
    pub(crate) fn stop_analysis(&mut self) {
        if let Some(stop) = self.analysis.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.stop_analysis();
    }
}

impl Session {
    /// The live game of stored `row` (`game` and `redo` read from it), loaded at `now`.
    pub(crate) fn from_row(
        row: &GameRow,
        game: Game,
        redo: Vec<Move>,
        now: u64,
    ) -> Result<Session, GameError> {
        let opponent = Opponent::parse(&row.opponent).map_err(|_| {
            GameError::Internal(format!("stored game has opponent '{}'", row.opponent))
        })?;
        let human: Side = row
            .human
            .parse()
            .map_err(|_| GameError::Internal("stored game has a bad side".into()))?;
        let online: Option<Online> = if row.online.is_empty() {
            None
        } else {
            Some(serde_json::from_str(&row.online).map_err(|e| {
                tracing::error!(game = %row.id, "stored game has a damaged online part: {e}");
                GameError::Internal("the stored game has a damaged online part".into())
            })?)
        };
        let mut names = default_names(opponent, human);
        if !row.south_name.is_empty() {
            names.south = row.south_name.clone();
        }
        if !row.north_name.is_empty() {
            names.north = row.north_name.clone();
        }
        if let Some(o) = &online {
            names = online_names(o);
        }
        Ok(Session {
            id: row.id.clone(),
            token: row.token.clone(),
            opponent,
            human,
            names,
            game,
            redo,
            version: row.version,
            thinking: false,
            reply_running: false,
            page_plays: false,
            engine_hold: None,
            engine_error: None,
            analysis: None,
            analysis_seq: 0,
            channel: Channel::new(row.version),
            online,
            presence: Presence::new(now),
            remote: HashMap::new(),
            flag_timer: std::sync::Mutex::new(None),
            watchers: HashMap::new(),
            spectators_sent_ms: 0,
            spectators_due: false,
            players: Vec::new(),
            cycle_offer: None,
            cycle_declined: None,
            cycle_refused_at: None,
            published_ply: AtomicUsize::new(NOT_PUBLISHED),
        })
    }

    pub(crate) fn against_computer(&self) -> bool {
        matches!(self.opponent, Opponent::Computer(_))
    }

    /// Whether the computer is to move.
    pub(crate) fn computer_to_move(&self) -> bool {
        self.against_computer() && !self.game.is_over() && self.game.position().turn() != self.human
    }

    /// Checks the seat token (in constant time).
    pub(crate) fn authorize(&self, token: Option<&str>) -> Result<(), GameError> {
        let token = token.ok_or(GameError::NoToken)?;
        if !constant_time_eq(token.as_bytes(), self.token.as_bytes()) {
            return Err(GameError::WrongToken);
        }
        Ok(())
    }

    pub(crate) fn illegal(&self, e: &PlayError) -> GameError {
        let (code, message) = view::explain_error(
            e,
            &self.names,
            self.against_computer().then_some(self.human),
        );
        GameError::invalid(code, message)
    }

    /// Refuses what online games do not have (undo, redo).
    pub(crate) fn not_online(&self) -> Result<(), GameError> {
        if self.online.is_some() {
            return Err(GameError::refused(
                "not-in-online-games",
                "online games have no undo or redo: ask your opponent for a takeback",
            ));
        }
        Ok(())
    }

    /// The move the request names, in the current position.
    pub(crate) fn parse_move(&self, input: MoveInput<'_>) -> Result<Move, GameError> {
        let pos = *self.game.position();
        Ok(match input {
            MoveInput::Text(t) => {
                let mt: MoveText = t.trim().parse().map_err(|e: movetext::ParseMoveError| {
                    GameError::invalid("bad-move", e.to_string())
                })?;
                mt.to_move(&pos, self.game.rules())
                    .map_err(|e| self.illegal(&e))?
            }
            MoveInput::Pit(p) => usize::try_from(p).ok().and_then(Move::new).ok_or_else(|| {
                GameError::invalid(
                    "bad-move",
                    format!("pit must be 0 to 5 (from the mover's left), not {p}"),
                )
            })?,
        })
    }

    pub(crate) fn not_your_turn() -> GameError {
        GameError::refused(
            "not-your-turn",
            "it is the computer's turn: wait for its move",
        )
    }

    /// The stored form of the moves: their letters, and [`AGREED_CYCLE_MARK`] after them when
    /// the players ended the game as a cycle by agreement.
    pub(crate) fn row_moves(game: &Game) -> String {
        let mut moves = movetext::write_list(&game.move_texts()).replace(' ', "");
        if game.is_agreed_cycle() {
            moves.push(AGREED_CYCLE_MARK);
        }
        moves
    }

    pub(crate) fn row_redo(game: &Game, redo: &[Move]) -> String {
        movetext::letters(game.position().turn(), redo.iter().rev().copied()).collect()
    }

    /// What a view of the game is drawn from: the whole record, or (`since`) only what
    /// follows ply `since` (the current ply when `since` is past it), without the OGN record.
    pub(crate) fn snapshot<'a>(
        &'a self,
        egdb: Option<&'a Tables>,
        since: Option<usize>,
    ) -> GameSnapshot<'a> {
        GameSnapshot {
            id: &self.id,
            version: self.version,
            opponent: self.opponent.name(),
            human: self.against_computer().then_some(self.human),
            names: &self.names,
            game: &self.game,
            redo_len: self.redo.len(),
            thinking: self.thinking,
            computer_to_move: self.computer_to_move(),
            engine_error: self.engine_error.as_deref(),
            egdb: view::egdb_values(egdb, &self.game),
            ogn: if since.is_some() {
                String::new()
            } else {
                self.ogn()
            },
            since,
        }
    }

    /// The OGN record (with the clock and the end of an online game).
    pub(crate) fn ogn(&self) -> String {
        match &self.online {
            None => view::ogn_text(&self.game, &self.names),
            Some(o) => view::ogn_text_with(&self.game, &self.names, &o.ogn_tags(), o.result_tag()),
        }
    }

    /// Who is connected now, on this instance and (as last heard) on the others: an instance
    /// not heard of for [`REMOTE_PRESENCE_TTL_MS`] (it died) counts no more from then on.
    pub(crate) fn presence_now(&self, now: u64) -> Presence {
        let mut p = self.presence.clone();
        for (counts, at) in self.remote.values() {
            let until = at + REMOTE_PRESENCE_TTL_MS;
            for (i, &n) in counts.iter().take(2).enumerate() {
                if n == 0 {
                    continue;
                }
                if now < until {
                    p.connected[i] += n;
                } else {
                    p.gone_since[i] = p.gone_since[i].max(until);
                }
            }
            if now < until {
                p.spectators += counts[2];
            }
        }
        p
    }

    /// The key that lets the holder of `side`'s seat open the event stream as that player
    /// (`?presence=KEY`, as an event stream cannot send the token in a header): derived from
    /// the seat's token with SHA-256, so every instance can check it and the key does not
    /// give the token away.
    pub(crate) fn presence_key_of(&self, side: Side) -> Option<String> {
        use sha2::Digest;
        let token = self.online.as_ref()?.seat(side).token.as_ref()?;
        let mut h = sha2::Sha256::new();
        h.update(b"oware presence key\0");
        h.update(self.id.as_bytes());
        h.update(b"\0");
        h.update(token.as_bytes());
        Some(
            h.finalize()[..12]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        )
    }

    /// The stream handle `given` by a spectator, if it is one of this game's open here.
    pub(crate) fn watcher_handle(&self, given: Option<&str>) -> Result<String, GameError> {
        let given = given.ok_or_else(Session::no_watcher)?;
        self.watchers
            .keys()
            .find(|h| constant_time_eq(h.as_bytes(), given.as_bytes()))
            .cloned()
            .ok_or_else(Session::no_watcher)
    }

    pub(crate) fn no_watcher() -> GameError {
        GameError::Forbidden {
            code: "no-watcher",
            message: "a spectator's analysis goes to their own event stream: open the game's \
                      events and send the handle its first event gives (X-Watcher header)"
                .into(),
        }
    }

    /// Tells the watchers how many spectators there are now: a few bytes, where a player's
    /// connection changes the state (and sends it whole). `now`: the games' clock.
    pub(crate) fn publish_spectators(&self, now: u64) {
        let n = self.presence_now(now).spectators;
        let data = oware_protocol::SpectatorsEvent {
            spectators: n,
            version: self.version,
        };
        self.channel
            .publish(EventKind::Spectators.name(), crate::events::to_json(&data));
    }

    pub(crate) fn publish_thinking(&self) {
        let data = oware_protocol::ThinkingEvent {
            thinking: self.thinking,
            version: self.version,
            error: self.engine_error.clone(),
        };
        self.channel
            .publish(EventKind::Thinking.name(), crate::events::to_json(&data));
    }
}

pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    crate::secret::same_secret(a, b)
}

pub(crate) fn online_of(s: &Session) -> Result<&Online, GameError> {
    s.online.as_ref().ok_or_else(|| {
        GameError::refused(
            "not-online",
            "this game is played on one device, not online",
        )
    })
}

/// The names shown for an online game's seats.
pub(crate) fn online_names(o: &Online) -> BySide<String> {
    let name = |side: Side, fallback: &str| {
        let n = &o.seat(side).name;
        if n.is_empty() {
            fallback.to_string()
        } else {
            n.clone()
        }
    };
    BySide::new(name(Side::South, "South"), name(Side::North, "North"))
}

pub(crate) fn default_names(opponent: Opponent, human: Side) -> BySide<String> {
    match opponent {
        Opponent::Friend | Opponent::Online => {
            BySide::new("South".to_string(), "North".to_string())
        }
        Opponent::Computer(level) => {
            let mut l = level.name().to_string();
            l[..1].make_ascii_uppercase();
            let mut names = BySide::new(String::new(), String::new());
            names[human] = "You".to_string();
            names[human.other()] = format!("Computer ({l})");
            names
        }
    }
}

/// A player's name as the server keeps it: see [`crate::names::clean`].
pub(crate) fn clean_name(s: &str) -> String {
    crate::names::clean(s)
}

#[cfg(test)]
mod name_tests {
    use super::clean_name;

    #[test]
    fn long_names_are_cut_at_a_word_boundary() {
        let n = clean_name("Kwame Nkrumah Asantehene of the Golden Stool Ashanti");
        assert_eq!(n, "Kwame Nkrumah Asantehene of the Golden");
        assert_eq!(clean_name(&"x".repeat(50)).chars().count(), 40);
        assert_eq!(clean_name("  Ama\u{7}  "), "Ama");
    }
}
