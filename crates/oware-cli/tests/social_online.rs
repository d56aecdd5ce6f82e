//! Issue 30 in the terminal, end to end: two terminal players (`oware play --online` in two
//! tmux panes) against a real `oware serve --port 0` on a temporary SQLite file. Ama creates
//! the game, Kofi takes it from the lobby; Ama writes in the chat and Kofi reads it on his
//! screen, Kofi answers and Ama reads that; then Ama proposes to end the game as a cycle and
//! Kofi accepts with `y`: both screens show the agreed end.
//!
//! tmux comes from Debian's packages (`scripts/test.sh` installs it when missing); without it
//! this test says so and skips.
// tmux/mod.rs is shared by several test files, each using only a part of it.
#![allow(unused_macros)]

#[path = "run/mod.rs"]
mod run;
mod tmux;

use std::path::PathBuf;

use run::Serve;
use tmux::{Tmux, PROMPT_SEEN};

fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-social-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A pane for `who`, with a data folder of its own (its seat tokens).
fn pane(dir: &std::path::Path, who: &str) -> Tmux {
    let data = dir.join(who);
    Tmux::start_with(
        &format!("social-{who}"),
        &format!("XDG_DATA_HOME='{}'", data.display()),
    )
}

fn oware_play(base: &str, rest: &str) -> String {
    format!(
        "{} play --online {base} {rest} --no-animation --egdb-path ./no-tables",
        env!("CARGO_BIN_EXE_oware")
    )
}

#[test]
fn two_terminal_players_chat_and_agree_to_end_the_game_as_a_cycle() {
    tmux::need_tmux!();
    let dir = test_dir("chat-cycle");
    let db = dir.join("games.sqlite");
    let server = Serve::start(
        0,
        &["--db".as_ref(), db.as_os_str()],
        &dir.join("serve.log"),
    );
    let base = server.base.clone();

    // Ama makes an untimed game as South and waits; Kofi takes it from the lobby.
    let ama = pane(&dir, "ama");
    ama.type_line(&oware_play(&base, "--new --clock none --side S --name Ama"));
    ama.wait_for("Ama's new game", |s| {
        s.contains(" Board ") && s.contains("Waiting for an opponent")
    });
    let kofi = pane(&dir, "kofi");
    kofi.type_line(&oware_play(&base, "--name Kofi"));
    kofi.wait_for("the lobby", |s| {
        s.contains("Ama plays South") && s.contains("1: take it")
    });
    kofi.type_line("1");
    kofi.wait_for("Kofi's seat", |s| {
        s.contains(" Board ") && s.contains("North: Kofi (you)")
    });
    ama.wait_for("Kofi joined", |s| s.contains("Your move"));

    // Ama writes; Kofi reads it on the status line, then in the chat pane.
    ama.keys(&["m"]);
    ama.wait_for("Ama's chat pane", |s| s.contains(" Chat  Esc closes "));
    ama.type_line("hello Kofi, good luck");
    ama.wait_for("Ama's message sent", |s| {
        s.contains("Ama: hello Kofi, good luck") && s.contains(" Sent")
    });
    kofi.wait_for("Ama's message on Kofi's screen", |s| {
        s.contains("Ama: hello Kofi, good luck (m: chat)")
    });
    kofi.keys(&["m"]);
    kofi.wait_for("Kofi's chat pane", |s| {
        s.contains(" Chat  Esc closes ") && s.contains("Ama: hello Kofi, good luck")
    });
    // Keys type in the pane: "1" is text here, not a move.
    kofi.type_line("thanks Ama 1");
    kofi.wait_for("Kofi's message sent", |s| s.contains("Kofi: thanks Ama 1"));
    kofi.keys(&["Escape"]);
    kofi.wait_for("the moves again", |s| s.contains(" Moves "));
    ama.wait_for("Kofi's answer in Ama's open pane", |s| {
        s.contains("Kofi: thanks Ama 1")
    });
    ama.keys(&["Escape"]);
    ama.wait_for("Ama's moves again", |s| {
        s.contains(" Moves ") && s.contains("Your move")
    });

    // Ama plays C (key 3), then proposes to end the game as a cycle; Kofi accepts.
    ama.keys(&["3"]);
    kofi.wait_for("Ama's move", |s| {
        s.contains("  1. C") && s.contains("Your move")
    });
    ama.keys(&["e"]);
    ama.wait_for("Ama's proposal", |s| {
        s.contains("You proposed to end the game as a cycle")
    });
    kofi.wait_for("the proposal on Kofi's screen", |s| {
        s.contains("Ama proposes to end the game as a cycle: y accept, n decline")
    });
    kofi.keys(&["y"]);
    // After C: South's row holds 23 seeds, North's 25; each keeps their own.
    for (who, t) in [("Kofi", &kofi), ("Ama", &ama)] {
        t.wait_for(&format!("the agreed end on {who}'s screen"), |s| {
            s.contains("Game over: North wins 23-25")
                && s.contains("agreed cycle: each keeps their row's seeds")
        });
    }

    for t in [&ama, &kofi] {
        t.keys(&["q"]);
        t.wait_for("the shell", |s| {
            s.contains("North wins 23-25") && s.trim_end().ends_with(PROMPT_SEEN)
        });
        t.check_restored();
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
