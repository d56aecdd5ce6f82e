//! What the keys of a local game (against the computer or a friend) do: play, take back,
//! redo, a rematch, hints, open and save, and end the game as a cycle by agreement (`e` to
//! propose; the computer answers, or the other person with y/n; the computer also proposes).

use std::path::PathBuf;

use oware_core::{ogn, Game, Move, Outcome, Rules, Side};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::{App, Effect, Mode, Opponent, Overlay, Prompt, PromptKind, Tone};

impl App {
    /// [`App::play_pit`] in a local game.
    pub(super) fn play_pit_local(&mut self, index: usize) -> Vec<Effect> {
        if self.game.is_over() {
            self.status = (
                Tone::Error,
                "The game is over: n for a rematch, u to take back".into(),
            );
            return Vec::new();
        }
        if !self.humans_turn() {
            self.status = (Tone::Error, "Wait: the computer is thinking".into());
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
                self.status = (Tone::Error, format!("Cannot play {}: {e}", m.letter(turn)));
                Vec::new()
            }
        }
    }

    /// Takes back the last move (with two people) or the person's last move and the
    /// computer's reply.
    pub fn undo(&mut self) -> Vec<Effect> {
        let Some(m) = self.game.undo() else {
            self.status = (Tone::Error, "Nothing to take back".into());
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
                format!("Taken back ({n} to redo). {}", self.turn_text()),
            );
        }
        fx
    }

    /// Plays again what was taken back, up to the person's next turn.
    pub fn redo(&mut self) -> Vec<Effect> {
        let Some(m) = self.redo.pop() else {
            self.status = (Tone::Error, "Nothing to redo".into());
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
                        format!(
                            "Opened {name} ({} moves). {}",
                            self.game.moves().len(),
                            self.turn_text()
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
                self.status = (Tone::Info, format!("Saved to {path}"));
            }
            Err(e) => self.status = (Tone::Error, format!("Cannot save to {path}: {e}")),
        }
    }

    pub(super) fn open(&mut self, path: &str) -> Vec<Effect> {
        match std::fs::read_to_string(path) {
            Ok(text) => self.load_text(path, &text),
            Err(e) => {
                self.status = (Tone::Error, format!("Cannot open {path}: {e}"));
                Vec::new()
            }
        }
    }
    fn ask_hint(&mut self) -> Vec<Effect> {
        if !self.humans_turn() {
            self.status = (Tone::Error, "No hint now: it is not your move".into());
            return Vec::new();
        }
        self.hint_pending = true;
        self.status = (Tone::Info, "Looking for a hint...".into());
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
                if self.game.is_over() {
                    "The game is over".into()
                } else {
                    "Wait: the computer is thinking".into()
                },
            );
            return Vec::new();
        }
        let split = match self.game.position().agreed_cycle_outcome(self.game.rules()) {
            Ok(o) => o,
            Err(e) => {
                self.status = (Tone::Error, format!("No cycle to end: {e}"));
                return Vec::new();
            }
        };
        let by = self.game.position().turn();
        self.cycle_offer = Some(by);
        match self.mode {
            Mode::Local {
                opponent: Opponent::Computer { level, human },
            } => {
                self.status = (
                    Tone::Info,
                    format!(
                        "You propose to end the game as a cycle ({}): the computer is considering it...",
                        split_text(&split)
                    ),
                );
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
                    format!(
                        "{by} proposes to end the game as a cycle ({}). {}: y accept, n decline",
                        split_text(&split),
                        by.other()
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
            format!(
                "The computer proposes to end the game: the position cycles ({}). y accept, n decline",
                split_text(&split)
            ),
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
            return self.agree_cycle("The computer accepts");
        }
        self.cycle_offer = None;
        self.status = (
            Tone::Info,
            "The computer declines: it can do better than the split. Your move".into(),
        );
        Vec::new()
    }

    /// Ends the game by agreement, saying `who` agreed.
    fn agree_cycle(&mut self, who: &str) -> Vec<Effect> {
        match self.game.agree_cycle() {
            Ok(_) => {
                self.redo.clear();
                let fx = self.changed(false);
                self.status = (Tone::Info, format!("{who}. {}", self.turn_text()));
                fx
            }
            Err(e) => {
                self.cycle_offer = None;
                self.status = (Tone::Error, format!("No cycle to end: {e}"));
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
                let who = if self.human().is_some() {
                    "You accept".to_string()
                } else {
                    format!("{} accepts", by.other())
                };
                self.agree_cycle(&who)
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
                        format!("You decline: the game goes on. {level} is thinking..."),
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
                    format!(
                        "{} declines: the game goes on. {}",
                        by.other(),
                        self.turn_text()
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
                    if person_answers {
                        "Answer the proposal first: y to end the game as a cycle, n to play on"
                    } else {
                        "Wait: the computer is considering your proposal"
                    }
                    .into(),
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

/// What a split gives: `each keeps their row: South 24, North 24`.
fn split_text(split: &Outcome) -> String {
    format!(
        "each keeps their row: South {}, North {}",
        split.scores.south, split.scores.north
    )
}

/// Reads an OGN record and replays it: its `Rules` tag, else `rules`.
pub fn read_game(text: &str, rules: Rules) -> Result<Game, String> {
    let record = ogn::parse(text).map_err(|e| format!("not an OGN game: {e}"))?;
    let rules = if record.tag("Rules").is_some() {
        record.rules().map_err(|e| e.to_string())?
    } else {
        rules
    };
    record.to_game_with(rules).map_err(|e| e.to_string())
}
