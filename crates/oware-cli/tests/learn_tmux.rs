//! `oware learn` in a real terminal (tmux, as `puzzle_tmux.rs`): the first lesson completed
//! step by step (a wrong move explained and the step tried again), the stars kept in the
//! progress file and shown in the list afterwards; and a lesson in German on a terminal 60
//! columns wide: every line broken between words by the program, the list's long titles
//! indented under themselves, the board shown after a missed move, the stars drawn ★☆.

mod run;
mod tmux;

use run::oware_code as oware;
use tmux::{need_tmux, Tmux, PROMPT_SEEN};

#[test]
fn a_lesson_completed_and_its_stars_kept() {
    need_tmux!();
    let dir = tempfile::tempdir().unwrap();
    let progress = dir.path().join("lessons.json");
    let bin = env!("CARGO_BIN_EXE_oware");
    let t = Tmux::start("learn-sowing");
    t.type_line(&format!(
        "{bin} learn sowing --progress {}",
        progress.display()
    ));
    let s = t.wait_for("the first step", |s| s.contains("Your move"));
    assert!(s.contains("Make your last seed land in pit F."), "{s}");
    // A wrong move: explained, and the step starts again.
    t.type_line("A");
    let s = t.wait_for("the explanation", |s| {
        s.contains("(The step starts again.)")
    });
    assert!(s.contains("it landed in E"), "{s}");
    t.type_line("2");
    t.wait_for("the second step", |s| s.contains("Round the board"));
    t.type_line("hint");
    t.wait_for("the hint", |s| s.contains("Hint: You need a pit"));
    t.type_line("E");
    t.wait_for("the third step", |s| s.contains("Twelve seeds or more"));
    t.type_line("F");
    let s = t.wait_for("the end", |s| s.contains("Lesson complete: Sowing"));
    assert!(s.contains("(7 of 9 stars)"), "{s}");
    assert!(s.contains("Step done: ★★★"), "{s}");
    t.wait_for("the shell again", |s| s.trim_end().ends_with(PROMPT_SEEN));
    let kept = std::fs::read_to_string(&progress).unwrap();
    assert!(
        kept.contains("\"sowing/1\": 2") && kept.contains("\"sowing/3\": 3"),
        "{kept}"
    );

    // The list shows the lesson done; the end of the input ends the session.
    let p = progress.display().to_string();
    let (code, out, _) = oware(&["learn", "--progress", &p]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("Sowing") && out.contains("done 7/9 stars"),
        "{out}"
    );
    let (code, _, err) = oware(&["learn", "nope"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("no lesson nope"), "{err}");
}

/// The lines of `screen` (joined where the terminal wrapped them) that the program wrote and
/// that are wider than `cols`: none may be (the command line typed at the prompt is the
/// shell's).
fn too_wide(screen: &str, cols: usize) -> Vec<String> {
    screen
        .lines()
        .filter(|l| !l.starts_with(tmux::PROMPT_SEEN) && l.chars().count() > cols)
        .map(str::to_string)
        .collect()
}

#[test]
fn at_60_columns_lines_break_between_words() {
    use oware_i18n::{tr, Lang};
    need_tmux!();
    let dir = tempfile::tempdir().unwrap();
    let progress = dir.path().join("lessons.json");
    let bin = env!("CARGO_BIN_EXE_oware");
    let t = Tmux::start_sized("learn-60", "", 60, 60);
    t.type_line(&format!(
        "{bin} learn --lang de --progress {}",
        progress.display()
    ));
    let list = t.wait_for("the list", |s| s.contains(" 10. "));
    let joined = t.screen_joined();
    assert_eq!(too_wide(&joined, 60), Vec::<String>::new(), "{joined}");
    // Each lesson's line starts with its number; a title that goes on, under itself.
    let lines: Vec<&str> = list
        .lines()
        .skip_while(|l| !l.starts_with("  1. "))
        .take_while(|l| !l.starts_with("Lektion ("))
        .collect();
    assert!(lines.len() >= 10, "{list}");
    assert!(
        lines.iter().all(|l| l.starts_with("     ")
            || l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())),
        "{list}"
    );
    // Lesson 8 (one move): a wrong move, the board it left, the step again.
    t.type_line("8");
    t.wait_for("the step", |s| s.contains("A    B    C"));
    t.type_line("F");
    let again = tr(Lang::De, "learn-cli-again");
    let s = t.wait_for("the missed move", |s| s.contains(&again));
    let joined = t.screen_joined();
    assert_eq!(too_wide(&joined, 60), Vec::<String>::new(), "{joined}");
    let after_move = &s[s.rfind("F\n").unwrap_or(0)..];
    assert!(
        after_move.matches("A    B    C").count() >= 2,
        "the board after the missed move, then the step's start: {s}"
    );
    t.type_line("A");
    let s = t.wait_for("the step done", |s| s.contains("★★☆"));
    let joined = t.screen_joined();
    assert_eq!(too_wide(&joined, 60), Vec::<String>::new(), "{joined}");
    assert!(!s.contains("**."), "{s}");
    t.type_line(&tr(Lang::De, "learn-cli-word-quit"));
    t.wait_for("the shell again", |s| s.trim_end().ends_with(PROMPT_SEEN));
}
