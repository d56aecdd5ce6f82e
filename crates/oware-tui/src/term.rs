//! The terminal: raw mode, the alternate screen and mouse reports on the way in, all of it
//! undone on every way out (return, error, Ctrl-C as a key, panic), and the loop that feeds
//! keys, clicks, resizes, engine reports and animation ticks to the state.

use std::io::{self, Write};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use oware_engine::Prober;

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::layout::Rect;
use ratatui::Terminal;

use crate::app::{App, Effect};
use crate::net::{Net, NetEvent};
use crate::render::render;
use crate::worker::Workers;

/// Time between two frames of the sowing animation.
const FRAME: Duration = Duration::from_millis(60);
/// A screen slower than this to draw turns the animation off.
const SLOW_DRAW: Duration = Duration::from_millis(150);
/// Time between two redraws of an online game's clocks.
const CLOCK_FRAME: Duration = Duration::from_millis(100);

/// An online game's network thread and its reports.
pub struct Online {
    /// The thread's handle (requests go in).
    pub net: Net,
    /// Its reports.
    pub events: mpsc::Receiver<NetEvent>,
}

/// Puts the terminal back as it was: cooked mode, the main screen, no mouse reports, a cursor.
/// Safe to call more than once.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// Restores the terminal when dropped, so an early return or an error cannot leave it raw.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Makes a panic restore the terminal before its message is printed.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous(info);
    }));
}

/// Base64 (standard alphabet, padded), for OSC 52.
pub fn base64(data: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The OSC 52 sequence that asks the terminal to put `text` on the clipboard.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// The longest secret [`read_secret`] keeps, in characters (the server takes passwords of at
/// most 128); keys beyond are ignored.
pub const MAX_SECRET: usize = 1024;

/// A secret being typed ([`read_secret`]): what each key does to it, apart from the terminal.
#[derive(Default)]
pub struct SecretLine {
    text: String,
}

/// Where typing a secret stands after a key.
#[derive(Debug, PartialEq, Eq)]
pub enum SecretKey {
    /// Keep reading.
    More,
    /// Enter: the secret is typed.
    Done,
    /// Ctrl-C, Ctrl-D or Esc: given up.
    Cancel,
}

impl SecretLine {
    /// One key: a character is added (up to [`MAX_SECRET`]), Backspace removes the last one,
    /// Ctrl-U all of them, Enter ends, Ctrl-C, Ctrl-D and Esc give up.
    pub fn key(&mut self, k: KeyEvent) -> SecretKey {
        if k.kind == KeyEventKind::Release {
            return SecretKey::More;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        match k.code {
            KeyCode::Enter => return SecretKey::Done,
            KeyCode::Esc => return SecretKey::Cancel,
            KeyCode::Char('c' | 'd') if ctrl => return SecretKey::Cancel,
            KeyCode::Char('u') if ctrl => self.text.clear(),
            KeyCode::Backspace => {
                self.text.pop();
            }
            KeyCode::Char(c) if !ctrl && self.text.chars().count() < MAX_SECRET => {
                self.text.push(c);
            }
            _ => {}
        }
        SecretKey::More
    }

    /// The secret typed.
    pub fn into_text(self) -> String {
        self.text
    }
}

/// Raw mode for a prompt, left when dropped (and only that: no screen to leave).
struct RawMode;

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = disable_raw_mode();
    }
}

/// Reads a secret (a password) from the terminal after `prompt`, showing nothing of it, not
/// even its length; `None` when the person gives up (Ctrl-C, Ctrl-D, Esc). The terminal is in
/// raw mode meanwhile (crossterm's, as for the game), so Ctrl-C is a key and the terminal's
/// echo comes back on every way out, a panic included (the drop guard and the panic hook):
/// unlike a prompt that only turns the echo off, an interrupt cannot leave the shell without
/// it.
pub fn read_secret(prompt: &str) -> io::Result<Option<String>> {
    install_panic_hook();
    let mut out = io::stdout();
    out.write_all(prompt.as_bytes())?;
    out.flush()?;
    let mut line = SecretLine::default();
    let done = {
        enable_raw_mode()?;
        let _raw = RawMode;
        loop {
            if let Event::Key(k) = event::read()? {
                match line.key(k) {
                    SecretKey::More => {}
                    SecretKey::Done => break true,
                    SecretKey::Cancel => break false,
                }
            }
        }
    };
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(done.then(|| line.into_text()))
}

/// Runs the game in the terminal until the player quits; returns the final state. The engine
/// probes the endgame tables `egdb` (opened once: [`crate::Tables::open`]); an online game
/// talks to its server through `online`.
pub fn run(mut app: App, egdb: Option<Arc<Prober>>, online: Option<Online>) -> io::Result<App> {
    install_panic_hook();
    enable_raw_mode()?;
    let _guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    let (tx, rx) = mpsc::channel();
    let mut workers = Workers::new(tx, egdb);
    let mut effects = app.start();
    let mut dirty = true;
    let mut last_frame = Instant::now();
    let mut last_clock = Instant::now();
    loop {
        for fx in effects.drain(..) {
            match fx {
                Effect::Think {
                    id,
                    game,
                    level,
                    seed,
                    propose,
                } => workers.think(id, game, level, seed, propose),
                Effect::AnswerCycle {
                    id,
                    game,
                    level,
                    side,
                } => workers.answer_cycle(id, game, level, side),
                Effect::Analyse { id, game } => workers.analyse(id, game),
                Effect::StopAnalysis => workers.stop_analysis(),
                Effect::Hint { id, game } => workers.hint(id, game),
                Effect::Copy(text) => {
                    let mut out = io::stdout();
                    out.write_all(osc52(&text).as_bytes())?;
                    out.flush()?;
                }
                Effect::Net(request) => {
                    if let Some(o) = &online {
                        o.net.send(request);
                    }
                }
                Effect::Quit => app.quit = true,
            }
        }
        if app.quit {
            break;
        }
        if dirty {
            let t = Instant::now();
            terminal.draw(|f| render(&app, f))?;
            if app.animation.is_some() && t.elapsed() > SLOW_DRAW {
                app.config.animation = false;
                app.animation = None;
                app.status.1 = crate::lang::t(
                    "term-animation-off",
                    &[("status", app.status.1.as_str().into())],
                );
            }
            dirty = false;
        }
        if event::poll(Duration::from_millis(30))? {
            match event::read()? {
                Event::Key(k) => effects = app.on_key(k),
                Event::Mouse(m) => {
                    let size = terminal.size()?;
                    effects = app.on_mouse(m, Rect::new(0, 0, size.width, size.height));
                }
                Event::Resize(..) => terminal.autoresize()?,
                _ => {}
            }
            dirty = true;
        }
        while let Ok(ev) = rx.try_recv() {
            effects.extend(app.on_engine(ev));
            dirty = true;
        }
        if let Some(o) = &online {
            // States arriving now start their clocks from now.
            app.set_now(Instant::now());
            while let Ok(ev) = o.events.try_recv() {
                effects.extend(app.on_net(ev));
                dirty = true;
            }
            if last_clock.elapsed() >= CLOCK_FRAME {
                last_clock = Instant::now();
                dirty = true;
            }
        }
        if app.animation.is_some() && last_frame.elapsed() >= FRAME {
            app.tick();
            last_frame = Instant::now();
            dirty = true;
        }
    }
    drop(workers);
    drop(terminal);
    Ok(app)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_examples() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(osc52("4-4"), "\x1b]52;c;NC00\x07");
    }

    #[test]
    fn a_secret_is_typed_corrected_and_given_up_with_the_usual_keys() {
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        let mut line = SecretLine::default();
        for c in "wrongx".chars() {
            assert_eq!(line.key(key(KeyCode::Char(c))), SecretKey::More);
        }
        line.key(ctrl('u'));
        for c in "s3cret pass!x".chars() {
            line.key(key(KeyCode::Char(c)));
        }
        line.key(key(KeyCode::Backspace));
        line.key(key(KeyCode::Left));
        assert_eq!(line.key(key(KeyCode::Enter)), SecretKey::Done);
        assert_eq!(line.into_text(), "s3cret pass!");
        for give_up in [ctrl('c'), ctrl('d'), key(KeyCode::Esc)] {
            assert_eq!(SecretLine::default().key(give_up), SecretKey::Cancel);
        }
        let mut long = SecretLine::default();
        for _ in 0..MAX_SECRET + 10 {
            long.key(key(KeyCode::Char('a')));
        }
        assert_eq!(long.into_text().len(), MAX_SECRET);
    }
}
