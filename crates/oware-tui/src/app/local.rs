//! What the keys of a local game (against the computer or a friend) do: play, take back,
//! redo, a rematch, hints, open and save, and end the game as a cycle by agreement (`e` to
//! propose; the computer answers, or the other person with y/n; the computer also proposes).

use std::path::PathBuf;

use oware_core::{ogn, Game, Move, Outcome, Rules, Side};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::lang::{self, t, tr, Arg};

use super::{App, Effect, Mode, Opponent, Overlay, Prompt, PromptKind, Tone};

impl App {
    /// [`App::play_pit`] in a local game.
    pub(super) fn play_pit_local(&mut self, index: usize) -> Vec<Effect> {
        if self.game.is_over() {
            self.status = (Tone::Error, tr("term-local-over"));
            return Vec::new();
        }
        if !self.humans_turn() {
            self.status = (Tone::Error, tr("term-wait-computer"));
            return Vec::new();
        }
        let Some(m) = Move::new(index) else {
            return Vec::new();
        };
        let turn = self.game.position().turn();
        match self.game.play(m) {
            Ok(_) => {
                self.cursor = index;
                self.redo.clear();
                self.changed(true)
            }
            Err(e) => {
                self.cursor = index;
                self.status = (
                    Tone::Error,
                    t(
                        "term-cannot-play",
                        &[
                            ("pit", m.letter(turn).to_string().into()),
                            ("error", lang::play_error(&e).into()),
                        ],
                    ),
                );
                Vec::new()
            }
        }
    }

    /// Takes back the last move (with two people) or the person's last move and the
    /// computer's reply.
    pub fn undo(&mut self) -> Vec<Effect> {
        let Some(m) = self.game.undo() else {
            self.status = (Tone::Error, tr("term-nothing-to-undo"));
            return Vec::new();
        };
        self.redo.push(m);
        if let Some(h) = self.human() {
            while self.game.position().turn() != h {
                match self.game.undo() {
                    Some(m) => self.redo.push(m),
                    None => break,
                }
            }
        }
        let n = self.redo.len();
        let fx = self.changed(false);
        if !self.thinking {
            self.status = (
                Tone::Info,
                t(
                    "term-taken-back",
                    &[("count", n.into()), ("status", self.turn_text().into())],
                ),
            );
        }
        fx
    }

    /// Plays again what was taken back, up to the person's next turn.
    pub fn redo(&mut self) -> Vec<Effect> {
        let Some(m) = self.redo.pop() else {
            self.status = (Tone::Error, tr("term-nothing-to-redo"));
            return Vec::new();
        };
        if self.game.play(m).is_err() {
            self.redo.clear();
            return Vec::new();
        }
        if let Some(h) = self.human() {
            while self.game.position().turn() != h && !self.game.is_over() {
                match self.redo.pop() {
                    Some(m) if self.game.play(m).is_ok() => {}
                    _ => break,
                }
            }
        }
        self.changed(false)
    }

    /// A new game with the same settings; against the computer the sides swap.
    pub fn rematch(&mut self) -> Vec<Effect> {
        if let Mode::Local {
            opponent: Opponent::Computer { human, .. },
        } = &mut self.mode
        {
            *human = human.other();
        }
        self.config.seed = self.config.seed.wrapping_add(1);
        self.game = Game::new(*self.game.rules());
        self.redo.clear();
        self.cursor = 0;
        self.changed(false)
    }

    /// Replaces the game by the OGN record in `text` (its `Rules` tag, else the current
    /// rules); a bad record changes nothing and is explained.
    pub fn load_text(&mut self, name: &str, text: &str) -> Vec<Effect> {
        match read_game(text, *self.game.rules()) {
            Ok(game) => {
                self.game = game;
                self.redo.clear();
                self.config.save_path = PathBuf::from(name);
                let fx = self.changed(false);
                if !self.thinking {
                    self.status = (
                        Tone::Info,
                        t(
                            "term-opened",
                            &[
                                ("name", name.into()),
                                ("count", self.game.moves().len().into()),
                                ("status", self.turn_text().into()),
                            ],
                        ),
                    );
                }
                fx
            }
            Err(e) => {
                self.status = (Tone::Error, format!("{name}: {e}"));
                Vec::new()
            }
        }
    }

    pub(super) fn save(&mut self, path: &str) {
        match std::fs::write(path, self.record_text()) {
            Ok(()) => {
                self.config.save_path = PathBuf::from(path);
                self.status = (Tone::Info, t("term-saved", &[("path", path.into())]));
            }
            Err(e) => {
                self.status = (
                    Tone::Error,
                    t(
                        "term-cannot-save",
                        &[("path", path.into()), ("error", e.to_string().into())],
                    ),
                )
            }
        }
    }

    pub(super) fn open(&mut self, path: &str) -> Vec<Effect> {
        match std::fs::read_to_string(path) {
            Ok(text) => self.load_text(path, &text),
            Err(e) => {
                self.status = (
                    Tone::Error,
                    t(
                        "term-cannot-open",
                        &[("path", path.into()), ("error", e.to_string().into())],
                    ),
                );
                Vec::new()
            }
        }
    }
    fn ask_hint(&mut self) -> Vec<Effect> {
        if !self.humans_turn() {
            self.status = (Tone::Error, tr("term-no-hint-now"));
            return Vec::new();
        }
        self.hint_pending = true;
        self.status = (Tone::Info, tr("term-looking-for-hint"));
        vec![Effect::Hint {
            id: self.request,
            game: self.game.clone(),
        }]
    }
    /// Whether the computer, about to move, may propose to end the game as a cycle: both rows
    /// hold seeds, few seeds are left (a cycle with more is rare, and the question costs half
    /// a move's time), and the person has not declined a proposal since the last capture.
    pub(super) fn computer_may_propose(&self) -> bool {
        let pos = self.game.position();
        let seeds = pos.seeds_on_board();
        seeds <= PROPOSE_MAX_SEEDS
            && self.cycle_declined != Some(seeds)
            && pos.agreed_cycle_outcome(self.game.rules()).is_ok()
    }

    /// `e`: the person to move proposes to end the game as a cycle. The computer is asked for
    /// its answer; with two people, the other one answers with y or n.
    fn propose_cycle(&mut self) -> Vec<Effect> {
        if !self.humans_turn() {
            self.status = (
                Tone::Error,
                tr(if self.game.is_over() {
                    "term-game-is-over"
                } else {
                    "term-wait-computer"
                }),
            );
            return Vec::new();
        }
        let split = match self.game.position().agreed_cycle_outcome(self.game.rules()) {
            Ok(o) => o,
            Err(e) => {
                self.status = (
                    Tone::Error,
                    t(
                        "term-no-cycle",
                        &[("error", lang::agreement_error(&e).into())],
                    ),
                );
                return Vec::new();
            }
        };
        let by = self.game.position().turn();
        self.cycle_offer = Some(by);
        match self.mode {
            Mode::Local {
                opponent: Opponent::Computer { level, human },
            } => {
                self.status = (Tone::Info, t("term-cycle-you-propose", &split_args(&split)));
                vec![Effect::AnswerCycle {
                    id: self.request,
                    game: self.game.clone(),
                    level,
                    side: human.other(),
                }]
            }
            _ => {
                self.status = (
                    Tone::Info,
                    t(
                        "term-cycle-side-proposes",
                        &[
                            split_args(&split),
                            [
                                ("side", lang::side(by).into()),
                                ("other", lang::side(by.other()).into()),
                            ]
                            .to_vec(),
                        ]
                        .concat(),
                    ),
                );
                Vec::new()
            }
        }
    }

    /// The computer proposes to end the game as a cycle instead of moving: the person answers.
    pub(super) fn on_cycle_proposal(&mut self) -> Vec<Effect> {
        let Ok(split) = self.game.position().agreed_cycle_outcome(self.game.rules()) else {
            return Vec::new();
        };
        self.thinking = false;
        self.cycle_offer = Some(self.game.position().turn());
        self.status = (
            Tone::Info,
            t("term-cycle-computer-proposes", &split_args(&split)),
        );
        Vec::new()
    }

    /// The computer's answer to the person's proposal.
    pub(super) fn on_cycle_answer(&mut self, accept: bool) -> Vec<Effect> {
        let Some(by) = self.cycle_offer else {
            return Vec::new();
        };
        if self.human() != Some(by) {
            return Vec::new();
        }
        if accept {
            return self.agree_cycle("term-cycle-computer-accepts", by);
        }
        self.cycle_offer = None;
        self.status = (Tone::Info, tr("term-cycle-computer-declines"));
        Vec::new()
    }

    /// Ends the game by agreement, saying who agreed (the message `id`, where `$side` is the
    /// side that answered the proposal of `by`).
    fn agree_cycle(&mut self, id: &str, by: Side) -> Vec<Effect> {
        match self.game.agree_cycle() {
            Ok(_) => {
                self.redo.clear();
                let fx = self.changed(false);
                self.status = (
                    Tone::Info,
                    t(
                        id,
                        &[
                            ("side", lang::side(by.other()).into()),
                            ("status", self.turn_text().into()),
                        ],
                    ),
                );
                fx
            }
            Err(e) => {
                self.cycle_offer = None;
                self.status = (
                    Tone::Error,
                    t(
                        "term-no-cycle",
                        &[("error", lang::agreement_error(&e).into())],
                    ),
                );
                Vec::new()
            }
        }
    }

    /// A key while a proposal waits for its answer: y or n from the person who answers; the
    /// keys that leave the game as it is (help, copy, save, analysis, quit) still work.
    fn on_key_cycle_offer(&mut self, by: Side, key: KeyEvent) -> Vec<Effect> {
        let person_answers = self.human() != Some(by);
        match key.code {
            KeyCode::Char('y') if person_answers => {
                let id = if self.human().is_some() {
                    "term-cycle-you-accept"
                } else {
                    "term-cycle-side-accepts"
                };
                self.agree_cycle(id, by)
            }
            KeyCode::Char('n') if person_answers => {
                self.cycle_offer = None;
                if let Mode::Local {
                    opponent: Opponent::Computer { level, .. },
                } = self.mode
                {
                    // The computer made the proposal instead of its move: it moves now.
                    self.cycle_declined = Some(self.game.position().seeds_on_board());
                    self.thinking = true;
                    self.status = (
                        Tone::Info,
                        t(
                            "term-cycle-you-decline",
                            &[(
                                "status",
                                t("turn-computer", &[("level", lang::level(level).into())]).into(),
                            )],
                        ),
                    );
                    return vec![Effect::Think {
                        id: self.request,
                        game: self.game.clone(),
                        level,
                        seed: self.config.seed,
                        propose: false,
                    }];
                }
                self.status = (
                    Tone::Info,
                    t(
                        "term-cycle-side-declines",
                        &[
                            ("side", lang::side(by.other()).into()),
                            ("status", self.turn_text().into()),
                        ],
                    ),
                );
                Vec::new()
            }
            KeyCode::Char('q' | '?' | 'c' | 's' | 'a') | KeyCode::F(1) | KeyCode::Esc => {
                self.on_key_common(key)
            }
            _ => {
                self.status = (
                    Tone::Error,
                    tr(if person_answers {
                        "term-cycle-answer-first"
                    } else {
                        "term-cycle-wait-computer"
                    }),
                );
                Vec::new()
            }
        }
    }

    /// A key in a local game (after the help and file prompts had their turn).
    pub(super) fn on_key_local(&mut self, key: KeyEvent) -> Vec<Effect> {
        if let Some(by) = self.cycle_offer {
            return self.on_key_cycle_offer(by, key);
        }
        match key.code {
            KeyCode::Char(c @ '1'..='6') => self.play_pit(c as usize - '1' as usize),
            KeyCode::Enter | KeyCode::Char(' ') => self.play_pit(self.cursor),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('h') => self.ask_hint(),
            KeyCode::Char('n') => self.rematch(),
            KeyCode::Char('e') => self.propose_cycle(),
            KeyCode::Char('o') => {
                self.overlay = Overlay::Prompt(Prompt {
                    kind: PromptKind::Open,
                    text: self.config.save_path.display().to_string(),
                });
                Vec::new()
            }
            _ => self.on_key_common(key),
        }
    }
}

/// The computer proposes a cycle only with at most this many seeds on the board.
const PROPOSE_MAX_SEEDS: u8 = 16;

/// What a split gives, as the arguments of the messages that say it (`$south`, `$north`:
/// each keeps their row, South 24, North 24).
fn split_args(split: &Outcome) -> Vec<(&'static str, Arg<'static>)> {
    vec![
        ("south", split.scores.south.to_string().into()),
        ("north", split.scores.north.to_string().into()),
    ]
}

/// Reads an OGN record and replays it: its `Rules` tag, else `rules`.
pub fn read_game(text: &str, rules: Rules) -> Result<Game, String> {
    let record =
        ogn::parse(text).map_err(|e| t("term-not-ogn", &[("error", e.to_string().into())]))?;
    let rules = if record.tag("Rules").is_some() {
        record.rules().map_err(|e| e.to_string())?
    } else {
        rules
    };
    record.to_game_with(rules).map_err(|e| e.to_string())
}
