//! Background builds: an empty folder fills up and the values appear through the same handle,
//! a second start reuses the files, an interrupted build resumes, an unwritable folder fails
//! with a status and leaves the tables working.

use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use oware_core::{fen, Position, Rules};
use oware_egdb::{build, Background, BackgroundOptions, BuildOptions, Egdb, Phase};

fn options(max_seeds: u8) -> BackgroundOptions {
    BackgroundOptions {
        max_seeds,
        threads: 1,
        memory: 1 << 30,
        nice: 19,
    }
}

/// Eight seeds on the board, South to move.
fn eight_seeds() -> Position {
    fen::parse("1-0-0-1-0-2-1-0-2-0-0-1-20-20-S").unwrap()
}

fn modified(dir: &Path, n: u8) -> SystemTime {
    fs::metadata(dir.join(format!("abapa-{n:02}.egdb")))
        .unwrap()
        .modified()
        .unwrap()
}

#[test]
fn empty_folder_builds_in_the_background_and_values_appear() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("egdb");
    let egdb = Arc::new(Egdb::open(&tables, &Rules::ABAPA).unwrap());
    assert_eq!(egdb.probe(&eight_seeds()), Ok(None));
    let bg = Background::start(Arc::clone(&egdb), options(8));
    let status = bg.wait();
    assert_eq!(status.phase, Phase::Done, "{status}");
    assert_eq!(status.available, Some(8));
    assert_eq!(status.to_string(), "complete up to 8 seeds");
    // The handle given to the builder answers without being opened again.
    assert_eq!(egdb.max_seeds(), Some(8));
    let b = egdb.probe(&eight_seeds()).unwrap().unwrap();
    // The same answer as tables built in the foreground.
    let fg = dir.path().join("fg");
    let opts = BuildOptions {
        max_seeds: 8,
        threads: 1,
        memory: 1 << 30,
    };
    build(&fg, &Rules::ABAPA, &opts, &mut |_| {}).unwrap();
    let fg = Egdb::open(&fg, &Rules::ABAPA).unwrap();
    assert_eq!(fg.probe(&eight_seeds()), Ok(Some(b)));
}

#[test]
fn a_second_start_reuses_the_files() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = Arc::new(Egdb::open(dir.path(), &Rules::ABAPA).unwrap());
    assert_eq!(
        Background::start(Arc::clone(&egdb), options(7))
            .wait()
            .phase,
        Phase::Done
    );
    let stamps: Vec<_> = (0..=7).map(|n| modified(dir.path(), n)).collect();
    let again = Arc::new(Egdb::open(dir.path(), &Rules::ABAPA).unwrap());
    assert_eq!(again.max_seeds(), Some(7));
    let status = Background::start(again, options(7)).wait();
    assert_eq!(status.phase, Phase::Done);
    let after: Vec<_> = (0..=7).map(|n| modified(dir.path(), n)).collect();
    assert_eq!(stamps, after, "no level was written again");
}

#[test]
fn an_interrupted_build_resumes_and_ignores_the_half_written_level() {
    let dir = tempfile::tempdir().unwrap();
    // What `kill -9` during level 6 leaves: levels 0..=5 and a partial temporary file.
    let opts = BuildOptions {
        max_seeds: 5,
        threads: 1,
        memory: 1 << 30,
    };
    build(dir.path(), &Rules::ABAPA, &opts, &mut |_| {}).unwrap();
    fs::write(dir.path().join("abapa-06.egdb.tmp"), b"OWAREGDB partial").unwrap();
    let stamps: Vec<_> = (0..=5).map(|n| modified(dir.path(), n)).collect();
    let egdb = Arc::new(Egdb::open(dir.path(), &Rules::ABAPA).unwrap());
    assert_eq!(
        egdb.max_seeds(),
        Some(5),
        "the temporary file is not a level"
    );
    let status = Background::start(Arc::clone(&egdb), options(8)).wait();
    assert_eq!(status.phase, Phase::Done);
    assert_eq!(egdb.max_seeds(), Some(8));
    let after: Vec<_> = (0..=5).map(|n| modified(dir.path(), n)).collect();
    assert_eq!(stamps, after, "the levels already there were kept");
    assert!(!dir.path().join("abapa-06.egdb.tmp").exists());
}

#[test]
fn an_unwritable_folder_fails_with_a_status_and_the_tables_keep_working() {
    let dir = tempfile::tempdir().unwrap();
    // A folder under a plain file cannot be created, whoever runs the test (even root).
    let file = dir.path().join("plain-file");
    fs::write(&file, b"").unwrap();
    let tables = file.join("egdb");
    let egdb = Arc::new(Egdb::open(&tables, &Rules::ABAPA).unwrap());
    let status = Background::start(Arc::clone(&egdb), options(8)).wait();
    assert!(
        matches!(&status.phase, Phase::Failed(why) if why.contains("plain-file")),
        "{status}"
    );
    assert!(status.to_string().starts_with("build failed: "), "{status}");
    assert_eq!(status.available, None);
    assert_eq!(egdb.probe(&eight_seeds()), Ok(None));
}

#[test]
fn stop_ends_the_build_at_a_level_boundary() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = Arc::new(Egdb::open(dir.path(), &Rules::ABAPA).unwrap());
    let bg = Background::start(Arc::clone(&egdb), options(16));
    bg.stop();
    let status = bg.wait();
    assert_eq!(status.phase, Phase::Stopped, "{status}");
    // Whatever was built is whole and in use.
    let n = egdb.max_seeds().map_or(0, |m| m + 1);
    assert!(n < 16);
    assert!(egdb.load_all().is_ok());
    assert_eq!(status.available, egdb.max_seeds());
}
