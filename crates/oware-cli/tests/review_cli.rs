//! `oware review` run as the user runs it: the table, the game written back with comments, the
//! JSON, and bad input that changes nothing.

mod run;

use run::oware;

const GAME: &str =
    "[Variant \"Oware Abapa\"]\n[FEN \"2-2-5-0-0-1-3-3-3-4-1-0-12-12-S\"]\n\n1. F {my move} d *\n";

#[test]
fn review_prints_the_table_and_writes_the_comments_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ogn");
    std::fs::write(&path, GAME).unwrap();
    let p = path.to_str().unwrap();
    let (ok, out, err) = oware(&["review", p, "--depth", "8"]);
    assert!(ok, "{err}");
    assert!(out.contains("F??"), "{out}");
    assert!(out.contains("North captured 6 with d next move"), "{out}");
    let written = std::fs::read_to_string(&path).unwrap();
    let record = oware_core::ogn::parse(&written).unwrap();
    assert_eq!(record.moves.len(), 2);
    let c = record.moves[0].comment.as_deref().unwrap();
    assert!(c.starts_with("my move review: blunder ??"), "{c}");
    assert!(record.tag("Annotator").unwrap().contains("depth 8"));
    // A second review replaces the first one's comments: the file is the same.
    let (ok, _, err) = oware(&["review", p, "--depth", "8"]);
    assert!(ok, "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);
}

#[test]
fn review_json_goes_to_stdout_and_no_write_keeps_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ogn");
    std::fs::write(&path, GAME).unwrap();
    let (ok, out, err) = oware(&[
        "review",
        path.to_str().unwrap(),
        "--depth",
        "6",
        "--json",
        "--no-write",
    ]);
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["moves"][0]["symbol"], "??");
    assert_eq!(json["graph"].as_array().unwrap().len(), 3);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), GAME);
}

#[test]
fn bad_games_are_errors_that_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ogn");
    // D is empty in this position.
    let illegal = "[FEN \"2-2-5-0-0-1-3-3-3-4-1-0-12-12-S\"]\n\n1. D *\n";
    std::fs::write(&path, illegal).unwrap();
    let (ok, _, err) = oware(&["review", path.to_str().unwrap(), "--depth", "4"]);
    assert!(!ok);
    assert!(err.contains("illegal move D"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), illegal);
    let empty = "[Variant \"Oware Abapa\"]\n\n*\n";
    std::fs::write(&path, empty).unwrap();
    let (ok, _, err) = oware(&["review", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("no moves to review"), "{err}");
    let (ok, _, err) = oware(&["review", "/nonexistent/game.ogn"]);
    assert!(!ok);
    assert!(err.contains("cannot read"), "{err}");
}
