//! `oware egdb` end to end: build a small set into a temporary directory, then probe, verify
//! and describe it through the real binary.

use std::path::Path;
use std::process::{Command, Output};

fn oware(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(args)
        .env_remove("OWARE_EGDB_DIR")
        .output()
        .expect("run oware")
}

fn ok(args: &[&str]) -> String {
    let out = oware(args);
    assert!(
        out.status.success(),
        "oware {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn build(dir: &Path, rules: &str, max: u8) -> String {
    ok(&[
        "egdb",
        "build",
        "--rules",
        rules,
        "--max-seeds",
        &max.to_string(),
        "--dir",
        dir.to_str().unwrap(),
        "--threads",
        "2",
    ])
}

#[test]
fn build_probe_verify_stats() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let summary = build(tmp.path(), "abapa", 8);
    assert!(summary.contains("n=8"), "{summary}");
    assert!(summary.contains("exact"), "{summary}");
    // Building again keeps every level.
    let again = build(tmp.path(), "abapa", 8);
    assert_eq!(again.matches("kept").count(), 9, "{again}");

    // South: D=1, F=2; North: a=1, f=1. South's best is D, giving a difference of -1.
    let fen = "0-0-0-1-0-2-1-0-0-0-0-1-22-21-S";
    let json = ok(&["egdb", "probe", "--dir", dir, "--json", fen]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["seeds"], 5);
    assert_eq!(v["lo"], -1);
    assert_eq!(v["hi"], -1);
    assert_eq!(v["exact"], true);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0]["move"], "D");
    assert_eq!(moves[0]["best"], true);
    assert_eq!(moves[1]["move"], "F");
    assert_eq!(moves[1]["best"], false);
    let text = ok(&["egdb", "probe", "--dir", dir, fen]);
    assert!(text.contains("best"), "{text}");

    // Too many seeds: a clear error, not a panic.
    let out = oware(&[
        "egdb",
        "probe",
        "--dir",
        dir,
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no table for 48 seeds"));

    let verify = ok(&["egdb", "verify", "--dir", dir]);
    assert!(verify.trim_end().ends_with("failed 0"), "{verify}");

    let stats = ok(&["egdb", "stats", "--dir", dir, "--json"]);
    let lines: Vec<serde_json::Value> = stats
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[8]["rules"], "abapa");
    assert_eq!(lines[8]["n"], 8);
    assert_eq!(lines[8]["all"], 75582);
    assert_eq!(lines[8]["after_move"], 75582 - 78);
    assert!(lines[8]["exact"].as_u64().unwrap() <= 75504);
    assert_eq!(
        lines[8]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>()
            .len(),
        5
    );
}

#[test]
fn awari_stats_and_corruption() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    build(tmp.path(), "awari", 6);
    let stats = ok(&["egdb", "stats", "--rules", "awari", "--dir", dir, "--json"]);
    let last: serde_json::Value = serde_json::from_str(stats.lines().last().unwrap()).unwrap();
    assert_eq!(last["n"], 6);
    let hist = last["histogram"].as_object().unwrap();
    assert_eq!(hist.len(), 13);
    let total: u64 = hist.values().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(last["after_move"].as_u64(), Some(total));

    // Damage one entry of level 6: probes of that level fail with a message, verify fails.
    let path = tmp.path().join("awari-06.egdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let i = bytes.len() - 100;
    bytes[i] ^= 0x01;
    std::fs::write(&path, bytes).unwrap();
    let out = oware(&[
        "egdb",
        "probe",
        "--rules",
        "awari",
        "--dir",
        dir,
        "0-0-0-1-0-2-1-0-0-0-1-1-22-20-S",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("checksum"), "{err}");
    let out = oware(&["egdb", "verify", "--rules", "awari", "--dir", dir]);
    assert!(!out.status.success());
}

#[test]
fn build_caps_threads_at_one_per_core_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = oware(&[
        "egdb",
        "build",
        "--max-seeds",
        "3",
        "--dir",
        dir.path().to_str().unwrap(),
        "--threads",
        "100000",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("--threads 100000: using") && err.contains("one per core"),
        "{err}"
    );
}
