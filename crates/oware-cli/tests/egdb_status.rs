//! What `oware uci` and `oware analyse` say about the endgame tables: which ones they use, or
//! why none and how to build them; a missing folder and a damaged level are not the line of
//! good tables.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn oware(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(args)
        .env_remove("OWARE_EGDB_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run oware");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().expect("oware output")
}

/// The `info string` lines `oware uci --egdb-path DIR` prints before `readyok`.
fn uci_info(dir: &Path) -> String {
    let out = oware(
        &["uci", "--egdb-path", dir.to_str().unwrap()],
        "isready\nquit\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .filter(|l| l.starts_with("info string") && l.contains("endgame"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn build(dir: &Path, max: u8) {
    let out = oware(
        &[
            "egdb",
            "build",
            "--max-seeds",
            &max.to_string(),
            "--dir",
            dir.to_str().unwrap(),
            "--threads",
            "1",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn uci_tells_good_missing_and_damaged_tables_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = uci_info(&tmp.path().join("nonexistent"));
    assert!(
        missing.contains("endgame tables not used")
            && missing.contains("does not exist")
            && missing.contains("oware egdb build"),
        "{missing}"
    );

    let dir = tmp.path().join("egdb");
    build(&dir, 7);
    let good = uci_info(&dir);
    assert!(
        good.starts_with("info string endgame tables: abapa endgame tables 0–7 seeds in"),
        "{good}"
    );

    // A damaged level 5: the engine uses levels 0–4 and says why not more.
    let path = dir.join("abapa-05.egdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let damaged = uci_info(&dir);
    assert!(
        damaged.contains("0–4 seeds") && damaged.contains("level 5 damaged: checksum"),
        "{damaged}"
    );
}

#[test]
fn analyse_says_when_it_has_no_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let out = oware(
        &[
            "analyse",
            "--depth",
            "2",
            "--egdb-path",
            tmp.path().join("nonexistent").to_str().unwrap(),
            "0-0-0-1-0-2-1-0-0-0-0-1-22-21-S",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("endgame tables not used"), "{err}");
}
