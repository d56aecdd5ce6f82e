//! What the keys of a local game (against the computer or a friend) do: play, take back,
//! redo, a rematch, hints, open and save.

use std::path::PathBuf;

use oware_core::{ogn, Game, Move, Rules};
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
    /// A key in a local game (after the help and file prompts had their turn).
    pub(super) fn on_key_local(&mut self, key: KeyEvent) -> Vec<Effect> {
        match key.code {
            KeyCode::Char(c @ '1'..='6') => self.play_pit(c as usize - '1' as usize),
            KeyCode::Enter | KeyCode::Char(' ') => self.play_pit(self.cursor),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('h') => self.ask_hint(),
            KeyCode::Char('n') => self.rematch(),
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
