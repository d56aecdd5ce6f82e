//! Scaffolding shared by the terminal client's test files: the settings and tables of a test
//! app, its screen drawn into ratatui's `TestBackend` as text (and compared with
//! `tests/screens/*.txt`), keys pressed, and online states as the server sends them.
#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;

use oware_tui::net::Request;
use oware_tui::render::render;
use oware_tui::wire::GameState;
use oware_tui::{App, Config, Effect, Tables};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use serde_json::{json, Value};

/// The link of the online test game `0123…`.
pub const LINK: &str = "http://127.0.0.1:8080/game/0123456789abcdef";

/// The start position.
pub const START: &str = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";

/// The tests' settings: a fixed seed, no animation, no colour.
pub fn config() -> Config {
    Config {
        seed: 1,
        animation: false,
        color: false,
        save_path: PathBuf::from("oware-game.ogn"),
    }
}

/// No endgame tables (their folder does not exist).
pub fn no_tables() -> Tables {
    Tables::Absent {
        dir: PathBuf::from("data/egdb"),
    }
}

/// `app` drawn on a `w`×`h` test terminal.
pub fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    t
}

/// The text of a test terminal, a line a row without trailing blanks.
pub fn text_of(t: &Terminal<TestBackend>) -> String {
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        for x in 0..buf.area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `app`'s 80×24 screen as text.
pub fn screen(app: &App) -> String {
    text_of(&draw(app, 80, 24))
}

/// Compares `app`'s 80×24 screen with `tests/screens/{name}.txt` (`OWARE_BLESS=1` writes it).
pub fn check_screen(app: &App, name: &str) {
    let got = screen(app);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/screens")
        .join(format!("{name}.txt"));
    if std::env::var_os("OWARE_BLESS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (OWARE_BLESS=1 writes it)", path.display()));
    assert_eq!(got, want, "screen {name} differs:\n{got}");
}

/// Presses the key `code` (no modifiers): the effects.
pub fn press_code(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Presses the character key `c`: the effects.
pub fn press(app: &mut App, c: char) -> Vec<Effect> {
    press_code(app, KeyCode::Char(c))
}

/// The request the effects send to the server, when they are exactly one.
pub fn sent(fx: &[Effect]) -> Option<&Request> {
    match fx {
        [Effect::Net(r)] => Some(r),
        _ => None,
    }
}

/// A state of game `0123…` between Ama (South) and Kofi (North) from the position `start`
/// after `moves` (letters), its `online` part the fields of `base` with those of `online` over
/// them.
pub fn online_state(
    start: &str,
    version: u64,
    moves: &str,
    base: Value,
    online: Value,
) -> GameState {
    let mut o = base;
    for (k, v) in online.as_object().unwrap() {
        o[k] = v.clone();
    }
    let moves: Vec<Value> = moves.chars().map(|c| json!({ "letter": c })).collect();
    serde_json::from_value(json!({
        "id": "0123456789abcdef", "version": version, "rules": "abapa",
        "names": {"S": "Ama", "N": "Kofi"}, "moves": moves,
        "history": [{"text": start}], "online": o
    }))
    .unwrap()
}
