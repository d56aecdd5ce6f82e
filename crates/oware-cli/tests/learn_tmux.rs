//! `oware learn` in a real terminal (tmux, as `puzzle_tmux.rs`): the first lesson completed
//! step by step (a wrong move explained and the step tried again), the stars kept in the
//! progress file and shown in the list afterwards.

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
