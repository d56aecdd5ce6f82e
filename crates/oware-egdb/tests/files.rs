//! Missing, damaged and partial files: errors or unused levels, never panics or wrong answers;
//! resumed builds.

use std::fs;
use std::path::Path;

use oware_core::{fen, Rules};
use oware_egdb::{build, BuildEvent, BuildOptions, Egdb, LevelState, OpenError, ProbeError};

fn build_to(dir: &Path, rules: &Rules, max: u8) -> Vec<BuildEvent> {
    let mut events = Vec::new();
    let opts = BuildOptions {
        max_seeds: max,
        threads: 1,
        memory: 0,
    };
    build(dir, rules, &opts, &mut |e| events.push(e.clone())).unwrap();
    events
}

fn five_seeds() -> oware_core::Position {
    fen::parse("0-0-0-1-0-2-1-0-0-0-0-1-22-21-S").unwrap()
}

#[test]
fn empty_or_missing_directory_is_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), None);
    assert_eq!(egdb.probe(&five_seeds()), Ok(None));
    let egdb = Egdb::open(&dir.path().join("nope"), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), None);
}

#[test]
fn gap_stops_max_seeds_and_unsupported_rules_fail() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), &Rules::ABAPA, 5);
    fs::remove_file(dir.path().join("abapa-03.egdb")).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), Some(2));
    assert_eq!(egdb.probe(&five_seeds()), Ok(None));
    let to_opp: Rules = "abapa,grand-slam=to-opponent".parse().unwrap();
    assert!(matches!(
        Egdb::open(dir.path(), &to_opp),
        Err(OpenError::UnsupportedRules(_))
    ));
    // The other rule set's files are not these.
    assert_eq!(
        Egdb::open(dir.path(), &Rules::AWARI).unwrap().max_seeds(),
        None
    );
}

#[test]
fn damaged_entries_header_and_length_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), &Rules::ABAPA, 5);
    let path = dir.path().join("abapa-05.egdb");
    let good = fs::read(&path).unwrap();

    // One flipped entry bit: the checksum catches it at the first probe of the level.
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x40;
    fs::write(&path, &bad).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), Some(5));
    let err = egdb.probe(&five_seeds()).unwrap_err();
    assert!(matches!(err, ProbeError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("checksum"));
    // The error is remembered; other levels still answer.
    assert!(egdb.probe(&five_seeds()).is_err());
    let four = fen::parse("0-0-0-1-0-2-1-0-0-0-0-0-22-22-S").unwrap();
    assert!(egdb.probe(&four).unwrap().is_some());

    // Truncated: length check.
    fs::write(&path, &good[..good.len() - 3]).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    let err = egdb.probe(&five_seeds()).unwrap_err();
    assert!(err.to_string().contains("length"), "{err}");

    // Bad magic or a header for another level: found at open, the level and those above
    // unused, the status says why.
    let mut bad = good.clone();
    bad[0] = b'X';
    fs::write(&path, &bad).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), Some(4));
    assert_eq!(egdb.probe(&five_seeds()), Ok(None));
    assert!(matches!(
        egdb.status().levels[5].state,
        LevelState::Damaged(_)
    ));
    fs::copy(dir.path().join("abapa-04.egdb"), &path).unwrap();
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    assert_eq!(egdb.max_seeds(), Some(4));
    assert!(egdb.status().to_string().contains("level 5 damaged"));

    // A build repairs the damaged level and keeps the others.
    let events = build_to(dir.path(), &Rules::ABAPA, 5);
    let kept = events
        .iter()
        .filter(|e| matches!(e, BuildEvent::Kept { .. }))
        .count();
    assert_eq!(kept, 5);
    assert_eq!(fs::read(&path).unwrap(), good);
}

#[test]
fn interrupted_build_resumes() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), &Rules::AWARI, 4);
    let events = build_to(dir.path(), &Rules::AWARI, 6);
    let kept: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            BuildEvent::Kept { n } => Some(*n),
            _ => None,
        })
        .collect();
    assert_eq!(kept, vec![0, 1, 2, 3, 4]);
    // A leftover temporary file does not count as a level.
    fs::write(dir.path().join("awari-07.egdb.tmp"), b"partial").unwrap();
    assert_eq!(
        Egdb::open(dir.path(), &Rules::AWARI).unwrap().max_seeds(),
        Some(6)
    );
}
