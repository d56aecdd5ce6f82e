//! Files that change under a reader, and what opening reports: errors or the old data, never
//! a crash; damaged, missing and new levels said as such.

use std::fs::{self, OpenOptions as FileOptions};
use std::io::Write;
use std::path::Path;

use oware_core::{fen, Position, Rules};
use oware_egdb::{build, BuildOptions, Egdb, LevelState, OpenOptions, ProbeError};

fn build_to(dir: &Path, max: u8) {
    let opts = BuildOptions {
        max_seeds: max,
        threads: 1,
        memory: 1 << 30,
    };
    build(dir, &Rules::ABAPA, &opts, &mut |_| {}).unwrap();
}

/// Six seeds on the board, South to move.
fn six_seeds() -> Position {
    fen::parse("0-0-0-1-0-2-1-0-0-1-0-1-21-21-S").unwrap()
}

/// Empties the file in place (what `cp` and `: >` do first), then writes `bytes` into it.
fn rewrite_in_place(path: &Path, bytes: &[u8]) {
    let mut f = FileOptions::new().write(true).open(path).unwrap();
    f.set_len(0).unwrap();
    f.write_all(bytes).unwrap();
}

#[test]
fn level_in_memory_answers_from_its_copy_after_truncation_and_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), 6);
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    let before = egdb.probe(&six_seeds()).unwrap().unwrap();
    let path = dir.path().join("abapa-06.egdb");
    let good = fs::read(&path).unwrap();

    rewrite_in_place(&path, &[]);
    assert_eq!(egdb.probe(&six_seeds()), Ok(Some(before)));
    rewrite_in_place(&path, &vec![0xff; good.len()]);
    assert_eq!(egdb.probe(&six_seeds()), Ok(Some(before)));
    // A look at the folder keeps the loaded copy in use.
    egdb.refresh();
    assert_eq!(egdb.max_seeds(), Some(6));
    assert_eq!(egdb.probe(&six_seeds()), Ok(Some(before)));
    assert_eq!(
        egdb.status().levels[6].state,
        LevelState::Loaded { in_memory: true }
    );
}

#[test]
fn level_read_from_the_file_gives_an_error_once_truncated() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), 6);
    let on_disk = OpenOptions { in_memory_max: 0 };
    let egdb = Egdb::open_with(dir.path(), &Rules::ABAPA, on_disk).unwrap();
    let before = egdb.probe(&six_seeds()).unwrap().unwrap();
    assert_eq!(
        egdb.status().levels[6].state,
        LevelState::Loaded { in_memory: false }
    );
    let path = dir.path().join("abapa-06.egdb");
    let good = fs::read(&path).unwrap();

    rewrite_in_place(&path, &[]);
    let err = egdb.probe(&six_seeds()).unwrap_err();
    assert!(matches!(err, ProbeError::Io { .. }), "{err}");
    assert!(err.to_string().contains("shrank"), "{err}");
    // Half a file: entries past the end are errors, the others are read.
    rewrite_in_place(&path, &good[..good.len() / 2]);
    for p in 0..=5u8 {
        // Every 6-seed position in pit p (South), whatever the answer, is no crash.
        let mut pits = [0u8; 12];
        pits[usize::from(p)] = 6;
        let _ = egdb.probe_pits(&pits);
    }
    // Written back whole: answers again.
    rewrite_in_place(&path, &good);
    assert_eq!(egdb.probe(&six_seeds()), Ok(Some(before)));
    // Junk of the right length: every entry byte outside the level's codes is an error, not a
    // wrong value.
    rewrite_in_place(&path, &vec![0xff; good.len()]);
    assert!(matches!(
        egdb.probe(&six_seeds()),
        Err(ProbeError::Corrupt { .. })
    ));
}

#[test]
fn a_level_truncated_before_its_first_probe_is_reported_damaged() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), 6);
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    let path = dir.path().join("abapa-06.egdb");
    let good = fs::read(&path).unwrap();
    rewrite_in_place(&path, &good[..100]);
    let err = egdb.probe(&six_seeds()).unwrap_err();
    assert!(err.to_string().contains("length"), "{err}");
    assert!(matches!(
        egdb.status().levels[6].state,
        LevelState::Damaged(_)
    ));
    // Repaired (a build writes a new file and renames it): tried again after a refresh.
    build_to(dir.path(), 6);
    egdb.refresh();
    assert!(egdb.probe(&six_seeds()).unwrap().is_some());
}

#[test]
fn status_tells_missing_folder_damaged_and_usable_levels_apart() {
    let dir = tempfile::tempdir().unwrap();
    let missing = Egdb::open(&dir.path().join("nonexistent"), &Rules::ABAPA).unwrap();
    let s = missing.status();
    assert!(!s.dir_exists && s.is_degraded());
    assert!(s.to_string().contains("does not exist"), "{s}");

    let empty = Egdb::open(dir.path(), &Rules::ABAPA).unwrap().status();
    assert!(empty.dir_exists && empty.is_degraded());
    assert!(
        empty.to_string().starts_with("no abapa endgame tables in"),
        "{empty}"
    );

    build_to(dir.path(), 6);
    let good = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert!(!good.status().is_degraded());
    assert!(
        good.status()
            .to_string()
            .starts_with("abapa endgame tables 0–6 seeds in"),
        "{}",
        good.status()
    );

    // A flipped entry byte in level 4: found at open (its header is fine), damaged once checked.
    let path = dir.path().join("abapa-04.egdb");
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    fs::write(&path, &bytes).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.status().levels[4].state, LevelState::Found);
    assert!(egdb.load_all().is_err());
    let s = egdb.status();
    assert!(matches!(&s.levels[4].state, LevelState::Damaged(why) if why.contains("checksum")));
    assert!(s.to_string().contains("0–3 seeds"), "{s}");
    assert!(s.to_string().contains("level 4 damaged: checksum"), "{s}");
    assert_eq!(s.problems().len(), 1);
    assert_eq!(egdb.max_seeds(), Some(3));
    assert_eq!(s.levels.len(), 5);

    // A bad header in level 5: usable levels stop below it, and the status says why.
    let path = dir.path().join("abapa-05.egdb");
    let mut bytes = fs::read(&path).unwrap();
    bytes[0] = b'X';
    fs::write(&path, &bytes).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), Some(4));
    let s = egdb.status();
    assert_eq!(s.levels.len(), 6);
    assert!(s.to_string().contains("level 5 damaged: bad magic"), "{s}");
}

#[test]
fn refresh_picks_up_levels_built_after_opening() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.probe(&six_seeds()), Ok(None));
    build_to(dir.path(), 6);
    assert_eq!(egdb.probe(&six_seeds()), Ok(None));
    assert!(egdb.refresh());
    assert_eq!(egdb.max_seeds(), Some(6));
    assert!(egdb.probe(&six_seeds()).unwrap().is_some());
    assert!(!egdb.refresh());
}
