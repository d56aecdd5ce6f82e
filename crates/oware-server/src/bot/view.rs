//! The bots' views of a game, made from the state the page gets ([`StateView`]): the account
//! stream's [`EventGame`], and a game stream's lines ([`GameLines`]: `gameFull`, then
//! `gameState` on each change, `chatLine`, `opponentGone`).

use oware_core::Side;
use oware_protocol::{
    BotGameState, BotPlayer, ChatLine, ChatMessage, EventKind, GameEvent, GameFull, OnlineView,
    OpponentGone, StateView, Status, TimeControl, UpdateEvent,
};

use crate::events::{to_json, Event};

/// The time control of an online view's clock.
fn control(o: &OnlineView) -> Option<TimeControl> {
    o.clock.as_ref().map(|c| TimeControl {
        initial_s: c.initial_ms / 1000,
        increment_s: c.increment_ms / 1000,
    })
}

/// Side `side`'s player as the bots' views show it.
fn player(o: &OnlineView, side: Side) -> BotPlayer {
    let seat = o.seats.get(side);
    BotPlayer {
        name: seat.name.clone(),
        rating: seat.rating.map(|r| r.rating),
        provisional: seat.rating.is_some_and(|r| r.provisional),
        bot: seat.bot,
    }
}

/// Game `state` as the event stream of the account in `side`'s seat shows it (`None`: not an
/// online game).
pub fn event_game(state: &StateView, side: Side) -> Option<oware_protocol::EventGame> {
    let o = state.online.as_ref()?;
    Some(oware_protocol::EventGame {
        id: state.id.clone(),
        side,
        opponent: player(o, side.other()),
        rated: o.rated,
        clock: control(o),
        rules: state.rules.clone(),
        status: o.status,
        your_turn: o.is_playing() && state.position.turn == side,
        end: o.end,
        winner: o.winner,
    })
}

/// The changing part of game `state`.
fn game_state(state: &StateView) -> Option<BotGameState> {
    let o = state.online.as_ref()?;
    let moves: Vec<String> = state.moves.iter().map(|m| m.letter.to_string()).collect();
    let time = |side: Side| o.clock.as_ref().map(|c| *c.remaining_ms.get(side));
    Some(BotGameState {
        version: state.version,
        moves: moves.join(" "),
        position: state.position.text.clone(),
        to_move: state.position.turn,
        south_time_ms: time(Side::South),
        north_time_ms: time(Side::North),
        status: o.status,
        end: o.end,
        winner: o.winner,
        draw_offer: o.draw_offer,
        takeback_offer: o.takeback_offer,
        cycle_offer: o.cycle_offer,
    })
}

/// Whether the opponent of `you` is gone, and when `you` may claim the win.
fn opponent_gone(o: &OnlineView, you: Side, to_move: Side) -> OpponentGone {
    let gone = o.status == Status::Playing && !o.seats.get(you.other()).connected;
    let claim = if gone && to_move != you {
        o.claimable_ms.map(|ms| ms.div_ceil(1000))
    } else {
        None
    };
    OpponentGone {
        gone,
        claim_win_in_seconds: claim,
    }
}

/// A bot's game stream in the making: what it sent last, to send only changes.
#[derive(Debug, Clone)]
pub struct GameLines {
    you: Side,
    last: Option<BotGameState>,
    gone: bool,
    /// The game's whole state, to which each update's end of the record is joined (a bot's
    /// `moves` are all of them).
    held: StateView,
    /// An update could not be joined (this stream fell behind the game's events): the stream
    /// ends, and the bot's next one starts with `gameFull`.
    behind: bool,
}

impl GameLines {
    /// The stream of the bot in `you`'s seat from the first event of the game's stream (its
    /// state on connecting): the stream and its `gameFull` line.
    pub fn open(first: &Event, you: Side, created_ms: u64) -> Option<(GameLines, String)> {
        let update: UpdateEvent = serde_json::from_str(&first.data).ok()?;
        let state = update.state;
        let o = state.online.as_ref()?;
        let now = game_state(&state)?;
        let full = GameFull {
            id: state.id.clone(),
            rated: o.rated,
            clock: control(o),
            rules: state.rules.clone(),
            south: player(o, Side::South),
            north: player(o, Side::North),
            you: Some(you),
            initial: state
                .history
                .first()
                .map_or_else(|| state.position.text.clone(), |p| p.text.clone()),
            created_ms,
            state: now.clone(),
        };
        let gone = opponent_gone(o, you, now.to_move).gone;
        let lines = GameLines {
            you,
            last: Some(now),
            gone,
            held: state,
            behind: false,
        };
        Some((lines, to_json(&GameEvent::GameFull(full))))
    }

    /// Whether the stream ends: the game has ended (after saying so), or the stream fell
    /// behind.
    pub fn finished(&self) -> bool {
        self.behind || self.last.as_ref().is_some_and(|l| l.status.is_finished())
    }

    /// The lines the game's event `ev` makes (none for what a bot does not need: spectators'
    /// counts, analyses, a state that changed nothing a bot sees).
    pub fn lines(&mut self, ev: &Event) -> Vec<String> {
        let mut out = Vec::new();
        if ev.name == EventKind::Chat.name() {
            if let Ok(m) = serde_json::from_str::<ChatMessage>(&ev.data) {
                out.push(to_json(&GameEvent::ChatLine(ChatLine {
                    room: m.room,
                    username: m.name,
                    text: m.text,
                })));
            }
            return out;
        }
        if ev.name != EventKind::Update.name() {
            return out;
        }
        let Ok(update) = serde_json::from_str::<UpdateEvent>(&ev.data) else {
            return out;
        };
        if update.state.version < self.held.version {
            return out;
        }
        let Some(state) = update.state.completed(&self.held) else {
            self.behind = true;
            return out;
        };
        self.held = state;
        let state = &self.held;
        let Some(o) = state.online.as_ref() else {
            return out;
        };
        let Some(now) = game_state(state) else {
            return out;
        };
        let gone = opponent_gone(o, self.you, now.to_move);
        if gone.gone != self.gone {
            self.gone = gone.gone;
            out.push(to_json(&GameEvent::OpponentGone(gone)));
        }
        // A presence change alone moves neither the version nor what a bot sees.
        let same = self.last.as_ref().is_some_and(|l| {
            let mut l = l.clone();
            l.south_time_ms = now.south_time_ms;
            l.north_time_ms = now.north_time_ms;
            l == now
        });
        if !same {
            out.push(to_json(&GameEvent::GameState(now.clone())));
            self.last = Some(now);
        }
        out
    }
}
