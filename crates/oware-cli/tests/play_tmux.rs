//! `oware play` in a real terminal: tmux runs a shell, the shell runs the binary, send-keys
//! types and capture-pane reads the screen. Every wait polls the screen for the text it
//! expects, with a generous bound, instead of sleeping. tmux comes from Debian's packages
//! (`scripts/test.sh` installs it when missing); without it the terminal tests say so and skip.
//!
//! Also here: the bad input `oware play` refuses before it takes the terminal.

mod run;
mod tmux;

use run::oware_code as oware;
use tmux::{need_tmux, Tmux, PROMPT_SEEN};

/// The position text on the screen (`position 4-4-…-S`).
fn position(screen: &str) -> String {
    screen
        .lines()
        .find_map(|l| l.split("position ").nth(1))
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_default()
        .to_string()
}

/// A pit of South's with seeds in the position text, as the key 1–6.
fn nonempty_south_key(pos: &str) -> String {
    let pits: Vec<u32> = pos.split('-').take(6).map(|p| p.parse().unwrap()).collect();
    let i = pits.iter().position(|&n| n > 0).expect("South has seeds");
    (i + 1).to_string()
}

fn play_command(extra: &str) -> String {
    format!(
        "{} play --level easy --seed 7 --egdb-path ./no-tables {extra}",
        env!("CARGO_BIN_EXE_oware")
    )
}

#[test]
fn play_against_easy_undo_and_quit_restores_the_terminal() {
    need_tmux!();
    let t = Tmux::start("game");
    t.type_line(&play_command(""));
    let s = t.wait_for("the board", |s| {
        s.contains("Your move") && s.contains(" Board ")
    });
    assert_eq!(
        t.format("#{alternate_on}"),
        "1",
        "the game uses the alternate screen"
    );
    assert!(s.contains("position 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"), "{s}");
    assert!(
        s.contains("tables   none in ./no-tables: oware egdb build"),
        "{s}"
    );

    // First move by its key: C. The computer replies (a North letter after C in the list).
    t.keys(&["3"]);
    let s = t.wait_for("the computer's first reply", |s| {
        s.contains("  1. C") && s.contains("Your move") && position(s).ends_with("-S")
    });
    let reply = s
        .lines()
        .find_map(|l| l.split("  1. C").nth(1))
        .and_then(|r| r.split('│').next())
        .map(|r| r.trim().to_string())
        .unwrap();
    assert!(
        reply.starts_with(|c: char| ('a'..='f').contains(&c)),
        "North's reply: '{reply}'\n{s}"
    );

    // Second move: the arrows and Enter on a pit with seeds, after the key of that pit.
    let key = nonempty_south_key(&position(&s));
    t.keys(&[&key]);
    let s = t.wait_for("the computer's second reply", |s| {
        s.contains("  2. ") && s.contains("Your move") && position(s).ends_with("-S")
    });
    let after_two = position(&s);

    // An illegal pit is explained; the position does not change.
    let pits: Vec<u32> = after_two
        .split('-')
        .take(6)
        .map(|p| p.parse().unwrap())
        .collect();
    if let Some(i) = pits.iter().position(|&n| n == 0) {
        t.keys(&[&(i + 1).to_string()]);
        let letter = (b'A' + i as u8) as char;
        t.wait_for("the illegal pit's reason", |s| {
            s.contains(&format!("Cannot play {letter}: pit {letter} is empty"))
        });
        assert_eq!(position(&t.screen()), after_two);
    }

    // Undo: back before the second move and its reply.
    t.keys(&["u"]);
    let s = t.wait_for("the undo", |s| s.contains("Taken back (2 to redo)"));
    assert!(!s.contains("  2. "), "{s}");
    assert!(s.contains("  1. C"), "{s}");

    // Quit: the shell is back, with the game's moves printed.
    t.keys(&["q"]);
    let s = t.wait_for("the shell after quitting", |s| {
        s.contains("oware play: 2 moves") && s.trim_end().ends_with(PROMPT_SEEN)
    });
    assert!(!s.contains(" Board "), "the game's screen is gone:\n{s}");
    assert!(s.contains(&format!("moves:    C {reply}")), "{s}");
    t.check_restored();
}

#[test]
fn lang_fr_shows_the_game_in_french() {
    need_tmux!();
    let t = Tmux::start_with("fr", "LANG=fr_FR.UTF-8");
    t.type_line(&play_command(""));
    let s = t.wait_for("the French board", |s| {
        s.contains("À vous") && s.contains(" Plateau ")
    });
    for french in ["Awalé", "Coups", "grenier", "q fin", "? aide", "facile"] {
        assert!(s.contains(french), "{french}:\n{s}");
    }
    for english in [" Board ", "Your move", "Moves", "captured", "quit"] {
        assert!(!s.contains(english), "{english}:\n{s}");
    }
    t.keys(&["?"]);
    t.wait_for("the French help", |s| {
        s.contains(" Aide ") && s.contains("deux rangées de six cases")
    });
    // `?` closes the help (Esc then `q` at once could read as Alt-q).
    t.keys(&["?"]);
    t.wait_for("the board again", |s| s.contains(" Plateau "));
    t.keys(&["q"]);
    t.wait_for("the shell after quitting", |s| {
        s.trim_end().ends_with(PROMPT_SEEN)
    });
    t.check_restored();
}

#[test]
fn the_lang_flag_beats_lang() {
    need_tmux!();
    let t = Tmux::start_with("de", "LANG=fr_FR.UTF-8 LC_ALL=pt_PT.UTF-8");
    t.type_line(&play_command("--friend --lang de"));
    let s = t.wait_for("the German board", |s| s.contains(" Brett "));
    assert!(s.contains("Süd am Zug"), "{s}");
    t.keys(&["q"]);
    t.wait_for("the shell after quitting", |s| {
        s.trim_end().ends_with(PROMPT_SEEN)
    });
    t.check_restored();
}

#[test]
fn ctrl_c_and_a_small_window_are_handled() {
    need_tmux!();
    let t = Tmux::start("ctrlc");
    t.type_line(&play_command("--friend"));
    t.wait_for("the board", |s| s.contains("South to move"));
    // Too small: a message, then the board again when the window grows back.
    t.run(&["resize-window", "-t", "t", "-x", "60", "-y", "20"]);
    t.wait_for("the too-small message", |s| {
        s.contains("The terminal is 60x20: oware play needs at least 80x24")
    });
    t.run(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    t.wait_for("the board after the resize", |s| s.contains(" Board "));
    t.keys(&["4"]);
    t.wait_for("the move", |s| s.contains("North to move"));
    t.keys(&["C-c"]);
    t.wait_for("the shell after Ctrl-C", |s| {
        s.contains("oware play: 1 move\n") && s.trim_end().ends_with(PROMPT_SEEN)
    });
    t.check_restored();
}

#[test]
fn a_saved_game_continues() {
    need_tmux!();
    let t = Tmux::start("load");
    std::fs::write(
        t.dir.join("g.ogn"),
        "[Variant \"Oware Abapa\"]\n\n1. C b 2. F *\n",
    )
    .unwrap();
    t.type_line(&play_command("--friend g.ogn"));
    let s = t.wait_for("the loaded game", |s| s.contains("North to move"));
    assert!(s.contains("  2. F"), "{s}");
    // Save under another name: s, clear the name, type it, Enter.
    t.keys(&["s"]);
    t.wait_for("the save prompt", |s| s.contains("Save the game (OGN) to"));
    t.keys(&["BSpace"; 8]);
    t.run(&["send-keys", "-t", "t", "-l", "h.ogn"]);
    t.wait_for("the typed name", |s| s.contains("h.ogn_"));
    t.keys(&["Enter"]);
    t.wait_for("the save", |s| s.contains("Saved to h.ogn"));
    let saved = std::fs::read_to_string(t.dir.join("h.ogn")).unwrap();
    assert!(saved.contains("1. C b 2. F"), "{saved}");
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("oware play: 3 moves"));
    t.check_restored();
}

#[test]
fn bad_input_gets_a_clear_message() {
    let dir = std::env::temp_dir().join(format!("oware-play-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ogn");
    std::fs::write(&bad, "[Variant \"Oware Abapa\"]\n\n1. C C *\n").unwrap();
    let (code, _, err) = oware(&["play", bad.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with("oware: "), "{err}");
    assert!(err.contains("bad.ogn") && err.contains("ply 2"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let (code, _, err) = oware(&["play", dir.join("missing.ogn").to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot read the game file"), "{err}");

    let (code, _, err) = oware(&["play", "--level", "grandmaster"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("unknown level 'grandmaster' (expected easy, medium, hard or expert)"),
        "{err}"
    );

    // Not a terminal: refused before touching it.
    let (code, _, err) = oware(&["play"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
