//! The game's state and what every key, click, tick and engine report does to it.
//!
//! Nothing here touches the terminal, starts a thread or waits: a handler changes the state and
//! returns the [`Effect`]s the runtime must carry out (start the computer's search, stop the
//! analysis, put text on the clipboard, quit). The screen is drawn from the state alone by
//! [`crate::render`]. So tests drive an [`App`] with keys and made-up engine reports and look at
//! the screen it draws, with no terminal and no timing.
//!
//! A game is local or online, once ([`Mode`]): each handler that differs matches on the mode.
//! This file has the state and what both share (the cursor, analysis, copy, save, the mouse,
//! the engine's reports); `local` has a local game's keys (undo, redo, hints, rematch, open),
//! `online` an online game's keys and the network thread's reports ([`App::on_net`]).

mod chat;
mod effects;
mod local;
mod online;

pub use chat::who;
pub use effects::{Effect, EngineEvent};
pub use local::read_game;

use std::path::PathBuf;

use oware_core::{fen, ogn, EndReason, Game, Move, MoveDetail, Position, Side};
use oware_egdb::Bounds;
use oware_engine::{Info, Level};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use crate::lang::{self, t, t as t_, tr};
use crate::layout;
use crate::online::Online;
use crate::tables::Tables;

/// Who plays the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The engine at a level; the person plays `human`.
    Computer {
        /// The engine's level.
        level: Level,
        /// The side the person plays (South moves first).
        human: Side,
    },
    /// Two people at one keyboard.
    Friend,
}

/// Whether the game is played here or on a server: decided once, when the state is made.
#[derive(Debug, Clone)]
pub enum Mode {
    /// A game on this terminal, against the computer or a friend.
    Local {
        /// Who plays the other side (against the computer, sides swap at each rematch).
        opponent: Opponent,
    },
    /// A game of `oware serve` (`oware play --online`): the seat, clocks, offers and
    /// connection. Made by [`App::new_online`].
    Online(Box<Online>),
}

/// How a game is set up: everything `oware play`'s flags say.
#[derive(Debug, Clone)]
pub struct Config {
    /// The seed of the level's random choices (the `easy` level plays some random moves).
    pub seed: u64,
    /// Whether moves are sown seed by seed on screen.
    pub animation: bool,
    /// Whether the screen uses colours (off under `NO_COLOR`).
    pub color: bool,
    /// Where `s` saves the game by default.
    pub save_path: PathBuf,
}

/// A line of text being typed (a file name to save to or open).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// What the text is for.
    pub kind: PromptKind,
    /// The text so far.
    pub text: String,
}

/// What a [`Prompt`] asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// A file to save the game to (OGN).
    Save,
    /// An OGN file to open.
    Open,
}

/// What covers the board, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the game.
    None,
    /// The help screen.
    Help,
    /// A file name prompt.
    Prompt(Prompt),
}

/// How the status line reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Information.
    Info,
    /// A refused action (an illegal pit, a file that cannot be read).
    Error,
}

/// The last move, for highlighting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    /// Who played it.
    pub side: Side,
    /// Its letter.
    pub letter: char,
    /// The absolute pit emptied.
    pub from: usize,
    /// The absolute pits captured.
    pub captured_pits: Vec<usize>,
    /// Seeds captured.
    pub captured: u8,
}

/// A move being sown on screen, one seed a frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Animation {
    /// The position before the move.
    pub before: Position,
    /// What the move does.
    pub detail: MoveDetail,
    /// Seeds sown so far.
    pub sown: usize,
}

impl Animation {
    /// Seeds sown per tick: a move takes at most about 12 ticks whatever its size.
    fn step(&self) -> usize {
        self.detail.sown.len().div_ceil(12).max(1)
    }

    /// The pit counts shown now, and the pit that received the last seed.
    pub fn pits(&self) -> ([u8; 12], Option<usize>) {
        let mut pits = self.before.pits();
        pits[self.detail.from] = 0;
        let sown = &self.detail.sown[..self.sown.min(self.detail.sown.len())];
        for &p in sown {
            pits[p] += 1;
        }
        (pits, sown.last().copied())
    }
}

/// The analysis pane.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    /// Whether the pane follows the game (restarting on every move).
    pub on: bool,
    /// Whether a search is running for the current position.
    pub running: bool,
    /// The last report for the current position.
    pub info: Option<Info>,
}

/// The state of the terminal game.
#[derive(Debug, Clone)]
pub struct App {
    /// The set-up.
    pub config: Config,
    /// The game.
    pub game: Game,
    /// Moves taken back, most recent last, for redo.
    pub redo: Vec<Move>,
    /// The selected pit of the side to move (0–5, from that side's left).
    pub cursor: usize,
    /// The status line.
    pub status: (Tone, String),
    /// The last move.
    pub last: Option<LastMove>,
    /// The move being sown on screen.
    pub animation: Option<Animation>,
    /// The current request id: changes with the game, so late engine reports are ignored.
    pub request: u64,
    /// Whether the computer is choosing a move.
    pub thinking: bool,
    /// The analysis pane.
    pub analysis: Analysis,
    /// The hint for the current position: the move and its score.
    pub hint: Option<(Move, i32)>,
    /// Whether a hint is being looked for.
    pub hint_pending: bool,
    /// What covers the board.
    pub overlay: Overlay,
    /// The endgame databases.
    pub tables: Tables,
    /// Database bounds on the final difference (mover minus opponent, of the seeds on the
    /// board) after each of the mover's moves, when covered.
    pub pit_values: [Option<Bounds>; 6],
    /// The last position text copied, shown on screen.
    pub copied: Option<String>,
    /// Set once the program should end.
    pub quit: bool,
    /// Local or online, with the opponent or the online game's state.
    pub mode: Mode,
    /// A local game's proposal to end the game as a cycle: the side that made it, until it is
    /// answered or a move is made.
    pub cycle_offer: Option<Side>,
    /// The seeds on the board when the person last declined the computer's proposal: it does
    /// not propose again until a capture changes them.
    pub cycle_declined: Option<u8>,
}

/// How a game ended, in two short lines: the result with the final allocation
/// (`South wins 26-20`) and the reason.
pub fn outcome_lines(game: &Game) -> Option<(String, String)> {
    let o = game.outcome()?;
    let scores = [
        ("south", o.scores.south.to_string().into()),
        ("north", o.scores.north.to_string().into()),
    ];
    let result = match o.winner() {
        Some(side) => {
            let mut args = vec![("side", lang::side(side).into())];
            args.extend(scores.iter().cloned());
            t("result-wins", &args)
        }
        None => t("result-draw", &scores),
    };
    let why = match o.reason {
        EndReason::Capture => tr("why-capture"),
        EndReason::Draw => tr("why-draw"),
        EndReason::NoFeed => t(
            "why-no-move",
            &[("side", lang::side(game.position().turn()).into())],
        ),
        EndReason::Cycle => tr(match game.rules().cycle_seeds {
            oware_core::CycleSeeds::OwnRow => "why-cycle-own",
            oware_core::CycleSeeds::Even => "why-cycle-even",
        }),
        EndReason::AgreedCycle => tr("why-agreed-cycle"),
    };
    Some((result, why))
}

/// One line about how a game ended: `South wins 26-20 (South-North): 25 or more seeds
/// captured`.
pub fn outcome_text(game: &Game) -> Option<String> {
    let (result, why) = outcome_lines(game)?;
    Some(t(
        "outcome-line",
        &[("result", result.into()), ("why", why.into())],
    ))
}

impl App {
    /// A new local game against `opponent`, without starting anything: call [`App::start`]
    /// for the first effects (the computer's move if it is to play).
    pub fn new(config: Config, opponent: Opponent, game: Game, tables: Tables) -> App {
        App::with_mode(config, Mode::Local { opponent }, game, tables)
    }

    /// A new state in `mode`.
    fn with_mode(config: Config, mode: Mode, game: Game, tables: Tables) -> App {
        let mut app = App {
            config,
            game,
            redo: Vec::new(),
            cursor: 0,
            status: (Tone::Info, String::new()),
            last: None,
            animation: None,
            request: 0,
            thinking: false,
            analysis: Analysis::default(),
            hint: None,
            hint_pending: false,
            overlay: Overlay::None,
            tables,
            pit_values: [None; 6],
            copied: None,
            quit: false,
            mode,
            cycle_offer: None,
            cycle_declined: None,
        };
        app.last = app.last_move();
        app.refresh_values();
        app.status = (Tone::Info, app.turn_text());
        app
    }

    /// The first effects: the computer's move if it is to play (none in an online game).
    pub fn start(&mut self) -> Vec<Effect> {
        match self.mode {
            Mode::Local { .. } => self.changed(false),
            // Nothing to start: the server and the other player move the game on.
            Mode::Online(_) => Vec::new(),
        }
    }

    /// The online game's state, `None` in a local game.
    pub fn online(&self) -> Option<&Online> {
        match &self.mode {
            Mode::Local { .. } => None,
            Mode::Online(o) => Some(o),
        }
    }

    /// The side the person plays, `None` with two people (or watching an online game).
    pub fn human(&self) -> Option<Side> {
        match &self.mode {
            Mode::Local {
                opponent: Opponent::Computer { human, .. },
            } => Some(*human),
            Mode::Local {
                opponent: Opponent::Friend,
            } => None,
            Mode::Online(o) => o.seat,
        }
    }

    /// The side whose row is drawn at the bottom: the person's (South with two people).
    pub fn bottom(&self) -> Side {
        self.human().unwrap_or(Side::South)
    }

    /// Whether it is a person's turn to choose a pit.
    pub fn humans_turn(&self) -> bool {
        match &self.mode {
            Mode::Local { .. } => {
                !self.game.is_over()
                    && self
                        .human()
                        .is_none_or(|h| h == self.game.position().turn())
            }
            Mode::Online(o) => self.online_can_move(o),
        }
    }

    /// The name shown for a side: "you", the level, or the side itself.
    pub fn player_name(&self, side: Side) -> String {
        match &self.mode {
            Mode::Local { opponent } => match *opponent {
                Opponent::Computer { human, .. } if human == side => tr("term-name-you"),
                Opponent::Computer { level, .. } => t_(
                    "term-name-computer",
                    &[("level", lang::level(level).into())],
                ),
                Opponent::Friend => tr("term-name-player"),
            },
            Mode::Online(o) if o.seat == Some(side) => {
                t_("term-name-online-you", &[("name", o.name(side).into())])
            }
            Mode::Online(o) => o.name(side),
        }
    }

    pub(crate) fn turn_text(&self) -> String {
        let opponent = match &self.mode {
            Mode::Local { opponent } => *opponent,
            Mode::Online(o) => return self.online_turn_text(o),
        };
        if let Some(t) = outcome_text(&self.game) {
            return t_("game-over", &[("result", t.into())]);
        }
        let turn = self.game.position().turn();
        match opponent {
            Opponent::Computer { human, level } if human != turn => {
                t_("turn-computer", &[("level", lang::level(level).into())])
            }
            Opponent::Computer { .. } => tr("turn-yours"),
            Opponent::Friend => t_("turn-friend", &[("side", lang::side(turn).into())]),
        }
    }

    pub(crate) fn last_move(&self) -> Option<LastMove> {
        let positions = self.game.positions();
        let &m = self.game.moves().last()?;
        let before = positions[positions.len() - 2];
        let detail = before.explain(m, self.game.rules()).ok()?;
        Some(LastMove {
            side: before.turn(),
            letter: m.letter(before.turn()),
            from: detail.from,
            captured_pits: detail.captured_pits,
            captured: detail.captured,
        })
    }

    pub(crate) fn refresh_values(&mut self) {
        self.pit_values = [None; 6];
        if !self.values_allowed() {
            return;
        }
        let Tables::Present { egdb, max_seeds } = &self.tables else {
            return;
        };
        let pos = *self.game.position();
        let n = pos.seeds_on_board();
        // Tables answer for their own rules only (a game loaded with other rules has none).
        if self.game.is_over() || n > *max_seeds || egdb.rules() != self.game.rules() {
            return;
        }
        let rules = self.game.rules();
        for &m in pos.legal_moves(rules).iter() {
            let after = pos.play_unchecked(m, rules);
            let captured = n - after.seeds_on_board();
            if let Ok(Some(child)) = egdb.probe(&after) {
                self.pit_values[m.index()] = Some(Bounds::after_move(child, captured));
            }
        }
    }

    /// After any change of the game: new request id, highlights, database values, and the
    /// searches the new position needs. `animate` sows the last move on screen.
    pub(crate) fn changed(&mut self, animate: bool) -> Vec<Effect> {
        self.request += 1;
        self.thinking = false;
        self.hint = None;
        self.hint_pending = false;
        self.cycle_offer = None;
        self.last = self.last_move();
        self.animation = None;
        if animate && self.config.animation {
            let positions = self.game.positions();
            if let (Some(&m), [.., before, _]) = (self.game.moves().last(), positions) {
                if let Ok(detail) = before.explain(m, self.game.rules()) {
                    self.animation = Some(Animation {
                        before: *before,
                        detail,
                        sown: 0,
                    });
                }
            }
        }
        self.refresh_values();
        let legal = self.game.legal_moves();
        if !legal.is_empty() && !legal.has(Move::clamped(self.cursor)) {
            self.cursor = legal[0].index();
        }
        self.status = (Tone::Info, self.turn_text());
        let mut effects = Vec::new();
        self.analysis.info = None;
        if self.analysis.on {
            effects.push(Effect::StopAnalysis);
            self.analysis.running = !self.game.is_over();
            if self.analysis.running {
                effects.push(Effect::Analyse {
                    id: self.request,
                    game: self.game.clone(),
                });
            }
        }
        if let Mode::Local {
            opponent: Opponent::Computer { level, human },
        } = self.mode
        {
            if !self.game.is_over() && self.game.position().turn() != human {
                self.thinking = true;
                effects.push(Effect::Think {
                    id: self.request,
                    game: self.game.clone(),
                    level,
                    seed: self.config.seed,
                    propose: self.computer_may_propose(),
                });
            }
        }
        effects
    }

    /// Plays the mover's pit `index` (0–5 from their left) for the person to move: an illegal
    /// pit is explained in the status line and changes nothing; online, a legal one is sent to
    /// the server.
    pub fn play_pit(&mut self, index: usize) -> Vec<Effect> {
        match self.mode {
            Mode::Local { .. } => self.play_pit_local(index),
            Mode::Online(_) => self.play_pit_online(index),
        }
    }

    /// The game as an OGN record, with the players named.
    pub fn record_text(&self) -> String {
        let name = |side| match &self.mode {
            Mode::Local { opponent } => match *opponent {
                Opponent::Computer { human, .. } if human == side => "human".to_string(),
                Opponent::Computer { level, .. } => format!("oware {level}"),
                Opponent::Friend => format!("{side} player"),
            },
            Mode::Online(o) => o.name(side),
        };
        let south = name(Side::South);
        let north = name(Side::North);
        ogn::Record::from_game(&self.game, &[("South", &south), ("North", &north)]).to_string()
    }

    /// `a`: starts the analysis, or stops it (its last report stays on screen until the
    /// position changes).
    fn toggle_analysis(&mut self) -> Vec<Effect> {
        if self.analysis.on {
            self.analysis.running = false;
            self.analysis.on = false;
            self.status = (Tone::Info, tr("term-analysis-stopped"));
            return vec![Effect::StopAnalysis];
        }
        if self.game.is_over() {
            self.status = (Tone::Error, tr("term-analysis-over"));
            return Vec::new();
        }
        self.analysis = Analysis {
            on: true,
            running: true,
            info: None,
        };
        self.status = (Tone::Info, tr("term-analysing"));
        vec![
            Effect::StopAnalysis,
            Effect::Analyse {
                id: self.request,
                game: self.game.clone(),
            },
        ]
    }

    fn copy(&mut self) -> Vec<Effect> {
        let text = fen::write(self.game.position());
        self.copied = Some(text.clone());
        self.status = (
            Tone::Info,
            t_("term-copied", &[("position", text.as_str().into())]),
        );
        vec![Effect::Copy(text)]
    }

    /// Moves the cursor one pit to the left or right on screen.
    fn move_cursor(&mut self, right: bool) {
        let at_bottom = self.game.position().turn() == self.bottom();
        let up = right == at_bottom;
        let legal = self.game.legal_moves();
        let mut c = self.cursor;
        for _ in 0..6 {
            c = if up { (c + 1) % 6 } else { (c + 5) % 6 };
            if legal.is_empty() || legal.has(Move::clamped(c)) {
                break;
            }
        }
        self.cursor = c;
    }

    /// Handles a key press.
    pub fn on_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.quit = true;
            return vec![Effect::Quit];
        }
        if let Overlay::Prompt(p) = &mut self.overlay {
            match key.code {
                KeyCode::Esc => {
                    self.overlay = Overlay::None;
                    self.status = (Tone::Info, tr("term-cancelled"));
                }
                KeyCode::Backspace => {
                    p.text.pop();
                }
                KeyCode::Char(c) if !ctrl => p.text.push(c),
                KeyCode::Enter => {
                    let p = p.clone();
                    self.overlay = Overlay::None;
                    let path = p.text.trim();
                    if path.is_empty() {
                        self.status = (Tone::Error, tr("term-no-file-name"));
                        return Vec::new();
                    }
                    return match p.kind {
                        PromptKind::Save => {
                            self.save(path);
                            Vec::new()
                        }
                        PromptKind::Open => self.open(path),
                    };
                }
                _ => {}
            }
            return Vec::new();
        }
        if self.overlay == Overlay::Help {
            if matches!(
                key.code,
                KeyCode::Esc | KeyCode::Char('?') | KeyCode::Char('q') | KeyCode::Enter
            ) {
                self.overlay = Overlay::None;
            }
            return Vec::new();
        }
        if self.chat_open() {
            return self.on_key_chat(key);
        }
        // A key during the sowing animation shows the result at once.
        self.animation = None;
        match self.mode {
            Mode::Local { .. } => self.on_key_local(key),
            Mode::Online(_) => self.on_key_online(key),
        }
    }

    /// The keys local and online games share: quit, the cursor, analysis, copy, save, help.
    pub(crate) fn on_key_common(&mut self, key: KeyEvent) -> Vec<Effect> {
        match key.code {
            KeyCode::Char('q') => {
                self.quit = true;
                vec![Effect::Quit]
            }
            KeyCode::Left => {
                self.move_cursor(false);
                Vec::new()
            }
            KeyCode::Right => {
                self.move_cursor(true);
                Vec::new()
            }
            KeyCode::Char('a') => self.toggle_analysis(),
            KeyCode::Esc if self.analysis.on => self.toggle_analysis(),
            KeyCode::Char('c') => self.copy(),
            KeyCode::Char('s') => {
                self.overlay = Overlay::Prompt(Prompt {
                    kind: PromptKind::Save,
                    text: self.config.save_path.display().to_string(),
                });
                Vec::new()
            }
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.overlay = Overlay::Help;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// Handles a mouse event on a screen of size `area`: a left click on a pit of the side to
    /// move plays it.
    pub fn on_mouse(&mut self, ev: MouseEvent, area: Rect) -> Vec<Effect> {
        if ev.kind != MouseEventKind::Down(MouseButton::Left) || self.overlay != Overlay::None {
            return Vec::new();
        }
        let Some(pit) = layout::pit_at(self.bottom(), area, ev.column, ev.row) else {
            return Vec::new();
        };
        let turn = self.game.position().turn();
        if Side::owner_of(pit) != turn {
            self.status = (
                Tone::Error,
                t_(
                    "term-not-your-pit",
                    &[
                        ("owner", lang::side(Side::owner_of(pit)).into()),
                        ("side", lang::side(turn).into()),
                    ],
                ),
            );
            return Vec::new();
        }
        self.animation = None;
        self.play_pit(pit - turn.first_pit())
    }

    /// Handles an engine report.
    pub fn on_engine(&mut self, ev: EngineEvent) -> Vec<Effect> {
        match ev {
            EngineEvent::ComputerMove { id, mv } if id == self.request && self.thinking => {
                self.thinking = false;
                let Some(m) = mv else {
                    return Vec::new();
                };
                // The animation of the person's move, if still running, gives way.
                match self.game.play(m) {
                    Ok(_) => self.changed(true),
                    Err(e) => {
                        self.status = (
                            Tone::Error,
                            t_("term-engine-refused", &[("error", e.to_string().into())]),
                        );
                        Vec::new()
                    }
                }
            }
            EngineEvent::CycleProposal { id } if id == self.request && self.thinking => {
                self.on_cycle_proposal()
            }
            EngineEvent::CycleAnswer { id, accept } if id == self.request => {
                self.on_cycle_answer(accept)
            }
            EngineEvent::Info { id, info } if id == self.request && self.analysis.running => {
                self.analysis.info = Some(info);
                Vec::new()
            }
            EngineEvent::AnalysisDone { id } if id == self.request => {
                self.analysis.running = false;
                Vec::new()
            }
            EngineEvent::Hint { id, mv, score } if id == self.request && self.hint_pending => {
                self.hint_pending = false;
                if let Some(m) = mv {
                    let turn = self.game.position().turn();
                    self.hint = Some((m, score));
                    self.cursor = m.index();
                    self.status = (
                        Tone::Info,
                        t_(
                            "term-hint",
                            &[
                                ("pit", m.letter(turn).to_string().into()),
                                ("score", oware_engine::score_to_text(score).into()),
                            ],
                        ),
                    );
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// Advances the sowing animation by one frame; `true` while it goes on.
    pub fn tick(&mut self) -> bool {
        if let Some(a) = &mut self.animation {
            if a.sown >= a.detail.sown.len() {
                self.animation = None;
                return false;
            }
            a.sown += a.step();
            return true;
        }
        false
    }
}
