//! What an online game's keys and the network thread's reports do to the state (the state
//! itself is [`crate::online`]'s).
//!
//! The server is the authority: a move is sent and shown only once the server's state comes
//! back (its answer or the `update` event), refusals are shown in the status line in the
//! server's words, and the clocks, offers and the end are the server's. The rules core is used
//! locally only for display, as in a local game: the board, the move list and the highlights
//! are the server's moves replayed by `oware-core`, and an illegal pit is explained at once by
//! the core before anything is sent. Like the other handlers, nothing here touches the network:
//! requests leave as [`Effect::Net`] and the network thread's reports come back through
//! [`App::on_net`].

use std::time::Instant;

use oware_core::{Game, Move, Side};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::{outcome_lines, Analysis, App, Config, Effect, Mode, Tone};
use crate::lang::{side, t, tr};
use crate::net::{ClaimResult, NetEvent, OfferAction, OfferKind, Request};
use crate::online::{Confirm, Connection, Online};
use crate::tables::Tables;
use crate::wire::{said, GameState, Status};

impl App {
    /// An online game's state, from the server's state of the game at `link`, played from
    /// `seat` (`None`: watching). Fails when the server's moves cannot be replayed.
    pub fn new_online(
        config: Config,
        state: &GameState,
        seat: Option<Side>,
        link: &str,
        tables: Tables,
    ) -> Result<App, String> {
        let game = state.to_game()?;
        let view = state.online.clone().ok_or_else(|| tr("term-not-online"))?;
        let now = Instant::now();
        let online = Online {
            link: link.to_string(),
            id: state.id.clone(),
            seat,
            view,
            names: state.names.clone(),
            version: state.version,
            received: now,
            now,
            connection: Connection::Connecting,
            busy: false,
            confirm: Confirm::None,
            following: false,
            chat: Default::default(),
        };
        Ok(App::with_mode(
            config,
            Mode::Online(Box::new(online)),
            game,
            tables,
        ))
    }

    /// Moves the clocks shown to `now` (the loop calls it; tests give made-up instants).
    pub fn set_now(&mut self, now: Instant) {
        if let Mode::Online(o) = &mut self.mode {
            o.now = now;
        }
    }

    /// Whether the database values may be shown: not to a player during their online game
    /// (the server refuses players an analysis while the game runs, for the same reason).
    pub(crate) fn values_allowed(&self) -> bool {
        match &self.mode {
            Mode::Local { .. } => true,
            Mode::Online(o) => o.seat.is_none() || !o.view.is_playing(),
        }
    }

    /// How the game ended, with the server's reasons where the server ended it.
    pub fn end_lines(&self) -> Option<(String, String)> {
        if let Mode::Online(o) = &self.mode {
            if let Some(end) = o.server_end() {
                return Some(end);
            }
        }
        outcome_lines(&self.game)
    }

    /// The online status line.
    pub(crate) fn online_turn_text(&self, o: &Online) -> String {
        if let Some((result, why)) = self.end_lines() {
            return t(
                "term-online-over",
                &[("result", result.into()), ("why", why.into())],
            );
        }
        let turn = self.game.position().turn();
        match (o.view.status, o.seat) {
            (Status::Open, Some(_)) => tr("term-wait-opponent"),
            (Status::Open, None) => tr("term-wait-second"),
            (_, Some(s)) if s == turn => tr("turn-yours"),
            (_, Some(_)) => t(
                "term-their-move",
                &[("name", o.name(turn).into()), ("side", side(turn).into())],
            ),
            (_, None) => t(
                "term-watching-to-move",
                &[("name", o.name(turn).into()), ("side", side(turn).into())],
            ),
        }
    }

    /// Whether the person may move now in the online game.
    pub(crate) fn online_can_move(&self, o: &Online) -> bool {
        o.view.is_playing() && !self.game.is_over() && o.seat == Some(self.game.position().turn())
    }

    /// Says why a key does nothing now; nothing is sent.
    fn refuse(&mut self, why: impl Into<String>) -> Vec<Effect> {
        self.status = (Tone::Error, why.into());
        Vec::new()
    }

    /// Plays pit `index` in the online game: explained at once when it cannot be played,
    /// otherwise sent to the server (shown when the server's state comes back).
    pub(crate) fn play_pit_online(&mut self, index: usize) -> Vec<Effect> {
        let Mode::Online(o) = &self.mode else {
            return Vec::new();
        };
        let turn = self.game.position().turn();
        if self.end_lines().is_some() || o.view.is_finished() {
            return self.refuse(tr("term-refuse-over"));
        }
        let Some(seat) = o.seat else {
            return self.refuse(tr("term-refuse-watching-move"));
        };
        if o.view.status == Status::Open {
            return self.refuse(tr("term-refuse-wait-join"));
        }
        if turn != seat {
            let why = t("term-refuse-wait-turn", &[("name", o.name(turn).into())]);
            return self.refuse(why);
        }
        if o.busy {
            return self.refuse(tr("term-refuse-busy"));
        }
        let Some(m) = Move::new(index) else {
            return Vec::new();
        };
        self.cursor = index;
        if let Err(e) = self.game.position().play(m, self.game.rules()) {
            return self.refuse(t(
                "term-cannot-play",
                &[
                    ("pit", m.letter(turn).to_string().into()),
                    ("error", crate::lang::play_error(&e).into()),
                ],
            ));
        }
        let letter = m.letter(turn);
        self.status = (
            Tone::Info,
            t("term-sending", &[("pit", letter.to_string().into())]),
        );
        self.send(Request::Move(letter))
    }

    fn send(&mut self, r: Request) -> Vec<Effect> {
        if let Mode::Online(o) = &mut self.mode {
            o.busy = true;
            if r == Request::Offer(OfferKind::Rematch, OfferAction::Accept) {
                // The answer carries the new seat: no need to follow the rematch separately.
                o.following = true;
            }
        }
        vec![Effect::Net(r)]
    }

    /// A key in an online game (after the help and file prompts had their turn).
    pub(crate) fn on_key_online(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Mode::Online(o) = &mut self.mode else {
            return Vec::new();
        };
        if o.confirm == Confirm::Resign {
            o.confirm = Confirm::None;
            return match key.code {
                KeyCode::Char('y') => {
                    self.status = (Tone::Info, tr("term-resigning"));
                    self.send(Request::Resign)
                }
                KeyCode::Char('a') if self.game.moves().len() < 2 => {
                    self.status = (Tone::Info, tr("term-aborting"));
                    self.send(Request::Abort)
                }
                _ => {
                    self.status = (
                        Tone::Info,
                        t("term-not-resigned", &[("status", self.turn_text().into())]),
                    );
                    Vec::new()
                }
            };
        }
        let player = o.seat.is_some();
        let playing = o.view.is_playing();
        let can_claim = o.can_claim();
        match key.code {
            KeyCode::Char(c @ '1'..='6') => self.play_pit(c as usize - '1' as usize),
            KeyCode::Enter | KeyCode::Char(' ') => self.play_pit(self.cursor),
            KeyCode::Char('x') if player && playing => {
                o.confirm = Confirm::Resign;
                self.status = (
                    Tone::Info,
                    tr(if self.game.moves().len() < 2 {
                        "term-confirm-resign-abort"
                    } else {
                        "term-confirm-resign"
                    }),
                );
                Vec::new()
            }
            KeyCode::Char('d') if player && playing => self.toggle_offer(OfferKind::Draw),
            KeyCode::Char('t') if player && playing => self.toggle_offer(OfferKind::Takeback),
            KeyCode::Char('e') if player && playing => self.propose_cycle_online(),
            KeyCode::Char('m') => self.open_chat(),
            KeyCode::Char('y') => self.answer_offer(true),
            KeyCode::Char('n') => self.answer_offer(false),
            KeyCode::Char('w') if can_claim => self.send(Request::Claim(ClaimResult::Win)),
            KeyCode::Char('=') if can_claim => self.send(Request::Claim(ClaimResult::Draw)),
            KeyCode::Char('x' | 'd' | 't' | 'e' | 'w' | '=') => self.refuse(tr(if !player {
                "term-refuse-watching-do"
            } else if !playing {
                "term-refuse-not-under-way"
            } else {
                "term-refuse-no-claim"
            })),
            KeyCode::Char('u' | 'r') | KeyCode::Backspace => self.refuse(tr("term-refuse-undo")),
            KeyCode::Char('h') => self.refuse(tr("term-refuse-hint")),
            KeyCode::Char('a') if player && playing => self.refuse(tr("term-refuse-analysis")),
            KeyCode::Char('o') => self.refuse(tr("term-refuse-open")),
            _ => self.on_key_common(key),
        }
    }

    /// `d` or `t`: makes the offer, or withdraws one's own.
    fn toggle_offer(&mut self, kind: OfferKind) -> Vec<Effect> {
        let Mode::Online(o) = &self.mode else {
            return Vec::new();
        };
        let standing = match kind {
            OfferKind::Draw => o.view.draw_offer,
            OfferKind::Takeback => o.view.takeback_offer,
            OfferKind::Rematch => o.view.rematch_offer,
            OfferKind::Cycle => o.view.cycle_offer,
        };
        match standing {
            Some(s) if Some(s) == o.seat => self.send(Request::Offer(kind, OfferAction::Withdraw)),
            Some(s) => {
                self.status = (
                    Tone::Info,
                    t("term-already-offers", &[("name", o.name(s).into())]),
                );
                Vec::new()
            }
            None => self.send(Request::Offer(kind, OfferAction::Offer)),
        }
    }

    /// `e`: proposes to end the game as a cycle (each side taking the seeds on its own row),
    /// or withdraws one's own proposal. A position where the rules core says it cannot end so
    /// (a row is empty) is explained at once and nothing is sent; the server decides the rest.
    fn propose_cycle_online(&mut self) -> Vec<Effect> {
        let Mode::Online(o) = &self.mode else {
            return Vec::new();
        };
        if o.view.cycle_offer.is_none() {
            let rules = *self.game.rules();
            if let Err(e) = self.game.position().agreed_cycle_outcome(&rules) {
                return self.refuse(t(
                    "term-no-cycle",
                    &[("error", crate::lang::agreement_error(&e).into())],
                ));
            }
        }
        self.toggle_offer(OfferKind::Cycle)
    }

    /// `y` or `n`: answers the opponent's offer; `n` with none, after the game, offers a
    /// rematch.
    fn answer_offer(&mut self, accept: bool) -> Vec<Effect> {
        let Mode::Online(o) = &self.mode else {
            return Vec::new();
        };
        if let Some(kind) = o.offer_to_answer() {
            let action = if accept {
                OfferAction::Accept
            } else {
                OfferAction::Decline
            };
            return self.send(Request::Offer(kind, action));
        }
        let finished = o.view.is_finished() || self.game.is_over();
        if !accept && o.seat.is_some() && finished && o.view.rematch_offer.is_none() {
            return self.send(Request::Offer(OfferKind::Rematch, OfferAction::Offer));
        }
        self.status = (
            Tone::Error,
            tr(if o.seat.is_none() {
                "term-refuse-watching-answer"
            } else {
                "term-no-offer"
            }),
        );
        Vec::new()
    }

    /// Handles a report of the network thread.
    pub fn on_net(&mut self, ev: NetEvent) -> Vec<Effect> {
        let Mode::Online(o) = &mut self.mode else {
            return Vec::new();
        };
        match ev {
            NetEvent::Chat(m) => self.chat_arrived(vec![m], false),
            NetEvent::ChatLog(log) => self.chat_arrived(log, true),
            NetEvent::ChatSent(m) => self.chat_sent(m),
            NetEvent::Refused {
                request: Request::Chat(_),
                message,
            } => self.chat_refused(message),
            NetEvent::State(state) => self.apply_state(*state),
            NetEvent::Answered { request, state } => {
                o.busy = false;
                let fx = self.apply_state(*state);
                let said = match &request {
                    Request::Move(_) | Request::Claim(_) | Request::Resign | Request::Abort => None,
                    Request::Offer(kind, action) => Some(match (kind, action) {
                        (OfferKind::Draw, OfferAction::Offer) => "term-offered-draw",
                        (OfferKind::Takeback, OfferAction::Offer) => "term-offered-takeback",
                        (OfferKind::Rematch, OfferAction::Offer) => "term-offered-rematch",
                        (OfferKind::Cycle, OfferAction::Offer) => "term-offered-cycle",
                        // The end says more than a word.
                        (_, OfferAction::Accept) if self.end_lines().is_some() => "",
                        (_, OfferAction::Accept) => "term-accepted",
                        (_, OfferAction::Decline) => "term-declined",
                        (_, OfferAction::Withdraw) => "term-withdrawn",
                    }),
                    Request::FollowRematch(_) | Request::Chat(_) => None,
                };
                if let Some(s) = said.filter(|s| !s.is_empty()) {
                    self.status = (Tone::Info, tr(s));
                }
                fx
            }
            NetEvent::Refused { request, message } => {
                o.busy = false;
                if matches!(
                    request,
                    Request::FollowRematch(_) | Request::Offer(OfferKind::Rematch, _)
                ) {
                    o.following = false;
                }
                self.status = (
                    Tone::Error,
                    t(
                        "term-refused",
                        &[
                            ("request", request.describe().into()),
                            ("message", message.into()),
                        ],
                    ),
                );
                Vec::new()
            }
            NetEvent::Switched { state, seat } => {
                o.id = state.id.clone();
                o.link = match o.link.rsplit_once("/game/") {
                    Some((base, _)) => format!("{base}/game/{}", state.id),
                    None => o.link.clone(),
                };
                o.seat = Some(seat);
                o.version = 0;
                o.following = false;
                o.busy = false;
                o.confirm = Confirm::None;
                // A new game, a new chat (the stream's log brings its messages).
                o.chat = Default::default();
                self.game = Game::new(*self.game.rules());
                self.analysis = Analysis::default();
                let fx = self.apply_state(*state);
                if let Mode::Online(o) = &self.mode {
                    let rival = o.name(seat.other());
                    self.status = (
                        Tone::Info,
                        t(
                            "term-rematch-seat",
                            &[("side", side(seat).into()), ("name", rival.into())],
                        ),
                    );
                }
                fx
            }
            NetEvent::Rejected(message) => {
                self.status = (Tone::Error, message);
                Vec::new()
            }
            NetEvent::Connected => {
                let was_lost = matches!(o.connection, Connection::Lost { .. });
                o.connection = Connection::Up;
                if was_lost {
                    self.status = (
                        Tone::Info,
                        t("term-reconnected", &[("status", self.turn_text().into())]),
                    );
                }
                Vec::new()
            }
            NetEvent::Lost { error, retry } => {
                self.status = (
                    Tone::Error,
                    t(
                        "term-connection-lost",
                        &[
                            ("error", error.as_str().into()),
                            ("seconds", retry.as_secs().max(1).into()),
                        ],
                    ),
                );
                o.connection = Connection::Lost { error, retry };
                Vec::new()
            }
        }
    }

    /// Takes a state of the server: the moves (replayed by the core, the new one sown on
    /// screen), the clocks, presence and offers. Older states and other games' are ignored.
    fn apply_state(&mut self, state: GameState) -> Vec<Effect> {
        let Mode::Online(o) = &mut self.mode else {
            return Vec::new();
        };
        if state.id != o.id || state.version < o.version {
            return Vec::new();
        }
        let Some(view) = state.online.clone() else {
            return Vec::new();
        };
        let rematch = state.rematch();
        let game = match state.to_game() {
            Ok(g) => g,
            Err(e) => {
                self.status = (
                    Tone::Error,
                    t("term-state-unshowable", &[("error", e.into())]),
                );
                return Vec::new();
            }
        };
        let before = said(&o.view);
        let proposed = o.view.cycle_offer;
        o.version = state.version;
        o.names = state.names.clone();
        o.received = o.now;
        o.view = view;
        if let Some(you) = o.view.you {
            o.seat = Some(you);
        }
        let after = said(&o.view);
        let follow = match (rematch, o.seat, o.following) {
            (Some(next), Some(_), false) if next != o.id => {
                o.following = true;
                Some(next)
            }
            _ => None,
        };
        let mut fx = Vec::new();
        if game.moves() != self.game.moves()
            || game.rules() != self.game.rules()
            || game.outcome() != self.game.outcome()
        {
            let extends = game.moves().len() == self.game.moves().len() + 1
                && game.moves().starts_with(self.game.moves());
            self.game = game;
            self.redo.clear();
            if let Mode::Online(o) = &mut self.mode {
                // A question asked about the position before is dropped with it.
                o.confirm = Confirm::None;
            }
            fx = self.changed(extends);
            let lapsed = proposed.is_some()
                && self.online().is_some_and(|o| o.view.cycle_offer.is_none())
                && self.end_lines().is_none();
            if lapsed {
                self.status.1 = t(
                    "term-cycle-lapsed",
                    &[("status", self.status.1.as_str().into())],
                );
            }
        } else if before != after {
            self.refresh_values();
            self.status = (Tone::Info, self.turn_text());
        }
        if before != after {
            if let Some(line) = self.online().and_then(|o| o.offer_to_answer_line()) {
                self.status = (Tone::Info, line);
            }
        }
        if let Some(next) = follow {
            self.status = (Tone::Info, tr("term-rematch-agreed"));
            fx.push(Effect::Net(Request::FollowRematch(next)));
        }
        fx
    }
}
