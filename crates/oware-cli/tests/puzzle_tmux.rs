//! `oware puzzle` in a real terminal (tmux, as `play_tmux.rs`): a puzzle solved move by move,
//! a wrong move shown the solution, the theme filter; and bad options refused.

mod run;
mod tmux;

use run::oware_code as oware;
use tmux::{need_tmux, Tmux, PROMPT_SEEN};

fn puzzle_command(extra: &str) -> String {
    format!("{} puzzle {extra}", env!("CARGO_BIN_EXE_oware"))
}

#[test]
fn a_puzzle_solved_move_by_move() {
    need_tmux!();
    let t = Tmux::start("puzzle-solve");
    // A shipped puzzle proven by the tables: South plays A, North f, South F.
    t.type_line(&puzzle_command("--id f8aefcd77268 --count 1"));
    let s = t.wait_for("the puzzle", |s| s.contains("Your move"));
    assert!(s.contains("Puzzle f8aefcd77268"), "{s}");
    assert!(s.contains("South to move"), "{s}");
    t.type_line("A");
    let s = t.wait_for("the reply", |s| s.contains("North replies f"));
    assert!(s.contains("Right: A."), "{s}");
    // F by its pit number.
    t.type_line("6");
    let s = t.wait_for("the end", |s| s.contains("Solved 1 of 1."));
    assert!(s.contains("Solved! The line: AfF."), "{s}");
    t.wait_for("the shell again", |s| s.trim_end().ends_with(PROMPT_SEEN));
}

#[test]
fn a_wrong_move_shows_the_solution() {
    need_tmux!();
    let t = Tmux::start("puzzle-wrong");
    // North to move; b is the only good move.
    t.type_line(&puzzle_command("--id 5455168e8a5f --count 1"));
    t.wait_for("the puzzle", |s| s.contains("Your move"));
    t.type_line("zz");
    t.wait_for("the help", |s| s.contains("Type one of"));
    t.type_line("a");
    let s = t.wait_for("the end", |s| s.contains("Solved 0 of 1."));
    assert!(s.contains("The solution: b"), "{s}");
}

#[test]
fn the_theme_filter_and_quit() {
    need_tmux!();
    let t = Tmux::start("puzzle-theme");
    t.type_line(&puzzle_command("--theme big-pit --seed 3"));
    let s = t.wait_for("the puzzle", |s| s.contains("Your move"));
    assert!(s.contains("big-pit"), "{s}");
    t.type_line("hint");
    t.wait_for("the first hint", |s| s.contains("Ask again for the pit."));
    t.type_line("hint");
    t.wait_for("the second hint", |s| s.contains("Hint: play pit "));
    t.type_line("quit");
    t.wait_for("the end", |s| s.contains("Solved 0 of 0."));
}

#[test]
fn bad_options_are_refused() {
    let (code, _, err) = oware(&["puzzle", "--theme", "luck"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown theme 'luck'"), "{err}");
    let (code, _, err) = oware(&["puzzle", "--id", "000000000000"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("no puzzle 000000000000"), "{err}");
    // The end of the input ends the session.
    let (code, out, _) = oware(&["puzzle", "--count", "1"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Solved 0 of 0."), "{out}");
}
