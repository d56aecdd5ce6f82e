//! Tables from bytes in memory (`Egdb::from_levels`, what the page's WebAssembly engine is
//! given): the same answers as the files they were read from, and bytes that are not a level
//! refused with an error naming the level, never a panic.

use std::fs;
use std::path::Path;

use oware_core::{fen, Rules};
use oware_egdb::{build, format, index, BuildOptions, Egdb, FromBytesError};

fn build_to(dir: &Path, rules: &Rules, max: u8) {
    let opts = BuildOptions {
        max_seeds: max,
        threads: 1,
        memory: 0,
    };
    build(dir, rules, &opts, &mut |_| {}).unwrap();
}

/// Every level file of `rules` up to `max` seeds, as `(n, bytes)`.
fn files(dir: &Path, rules: &Rules, max: u8) -> Vec<(u8, Vec<u8>)> {
    (0..=max)
        .map(|n| (n, fs::read(dir.join(format::file_name(rules, n))).unwrap()))
        .collect()
}

#[test]
fn levels_from_bytes_probe_as_the_files_do() {
    for (rules, max) in [(Rules::ABAPA, 7), (Rules::AWARI, 6)] {
        let dir = tempfile::tempdir().unwrap();
        build_to(dir.path(), &rules, max);
        let on_disk = Egdb::open(dir.path(), &rules).unwrap();
        let in_memory = Egdb::from_levels(&rules, files(dir.path(), &rules, max)).unwrap();
        assert_eq!(in_memory.max_seeds(), Some(max));
        assert_eq!(in_memory.is_exact(), on_disk.is_exact());
        // Every arrangement of every level, South to move.
        for n in 0..=max {
            for r in 0..index::positions(n) {
                let pits = index::unrank(n, r).unwrap();
                let want = on_disk.probe_pits(&pits).unwrap();
                assert!(want.is_some());
                assert_eq!(in_memory.probe_pits(&pits).unwrap(), want, "{pits:?}");
            }
        }
        // A position, North to move (looked up flipped), and one above the tables.
        let pos = fen::parse("0-0-0-1-0-2-1-0-0-0-0-1-22-21-N").unwrap();
        assert_eq!(in_memory.probe(&pos), on_disk.probe(&pos));
        assert_eq!(in_memory.probe(&oware_core::Position::start()), Ok(None));
        // No folder: refreshing changes nothing, the status says where the tables are.
        assert!(!in_memory.refresh());
        assert_eq!(in_memory.max_seeds(), Some(max));
        let status = in_memory.status();
        assert!(!status.is_degraded(), "{status}");
        assert!(status.to_string().ends_with("seeds in memory"), "{status}");
        assert!(in_memory.load_all().is_ok());
    }
}

#[test]
fn levels_after_a_gap_are_not_probed_and_none_is_no_tables() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), &Rules::ABAPA, 4);
    let mut levels = files(dir.path(), &Rules::ABAPA, 4);
    levels.remove(3);
    let egdb = Egdb::from_levels(&Rules::ABAPA, levels).unwrap();
    assert_eq!(egdb.max_seeds(), Some(2));
    let four = fen::parse("0-0-0-1-0-2-1-0-0-0-0-0-22-22-S").unwrap();
    assert_eq!(egdb.probe(&four), Ok(None));
    let none = Egdb::from_levels(&Rules::ABAPA, Vec::new()).unwrap();
    assert_eq!(none.max_seeds(), None);
    assert_eq!(none.probe(&four), Ok(None));
    assert!(none.status().is_degraded());
}

#[test]
fn bytes_that_are_not_the_level_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), &Rules::ABAPA, 5);
    let good = files(dir.path(), &Rules::ABAPA, 5);
    let five = good[5].1.clone();
    let refused = |n: u8, bytes: Vec<u8>| -> String {
        let mut levels = good.clone();
        levels[usize::from(n.min(5))] = (n, bytes);
        match Egdb::from_levels(&Rules::ABAPA, levels) {
            Err(FromBytesError::Corrupt { n: at, reason }) => {
                assert_eq!(at, n);
                reason
            }
            other => panic!("level {n}: {other:?}"),
        }
    };
    // One flipped bit of an entry, of the checksum, of the header.
    let mut bad = five.clone();
    *bad.last_mut().unwrap() ^= 0x40;
    assert!(refused(5, bad).contains("checksum"));
    let mut bad = five.clone();
    bad[33] ^= 1;
    assert!(refused(5, bad).contains("checksum"));
    let mut bad = five.clone();
    bad[0] = b'X';
    assert!(refused(5, bad).contains("magic"));
    // Truncated anywhere, or a byte too many.
    for cut in [0, 1, 63, 64, 65, five.len() - 1] {
        let reason = refused(5, five[..cut].to_vec());
        assert!(
            reason.contains("too short") || reason.contains("length"),
            "{cut}: {reason}"
        );
    }
    let mut longer = five.clone();
    longer.push(0);
    assert!(refused(5, longer).contains("length"));
    // Another level's bytes, another rule set's, a level that cannot exist.
    assert!(refused(5, good[4].1.clone()).contains("does not match"));
    let awari = tempfile::tempdir().unwrap();
    build_to(awari.path(), &Rules::AWARI, 5);
    let awari5 = fs::read(awari.path().join(format::file_name(&Rules::AWARI, 5))).unwrap();
    assert!(refused(5, awari5).contains("does not match"));
    assert!(refused(49, five.clone()).contains("at most 48"));
    assert!(refused(255, Vec::new()).contains("at most 48"));
    // The same level twice; rules without tables.
    let mut twice = good.clone();
    twice.push(good[2].clone());
    assert_eq!(
        Egdb::from_levels(&Rules::ABAPA, twice).unwrap_err(),
        FromBytesError::Duplicate(2)
    );
    let to_opp: Rules = "abapa,grand-slam=to-opponent".parse().unwrap();
    assert!(matches!(
        Egdb::from_levels(&to_opp, good.clone()),
        Err(FromBytesError::UnsupportedRules(_))
    ));
    // The error names the level.
    let err = Egdb::from_levels(&Rules::ABAPA, vec![(3, vec![1, 2, 3])]).unwrap_err();
    assert!(
        err.to_string().starts_with("endgame table level 3 refused"),
        "{err}"
    );
}

/// A small deterministic generator (SplitMix64).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn hostile_bytes_give_an_error_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    build_to(dir.path(), &Rules::ABAPA, 3);
    let three = fs::read(dir.path().join("abapa-03.egdb")).unwrap();
    let mut rng = 57;
    for _ in 0..2000 {
        let mut bytes = three.clone();
        // A few random bytes changed, and sometimes a random length.
        for _ in 0..1 + splitmix(&mut rng) % 4 {
            let at = (splitmix(&mut rng) % bytes.len() as u64) as usize;
            bytes[at] = splitmix(&mut rng) as u8;
        }
        if splitmix(&mut rng).is_multiple_of(4) {
            bytes.truncate((splitmix(&mut rng) % (bytes.len() as u64 + 1)) as usize);
        }
        let n = (splitmix(&mut rng) % 60) as u8;
        let whole = format::parse_level(&bytes, &Rules::ABAPA, n).is_ok();
        let tables = Egdb::from_levels(&Rules::ABAPA, vec![(n, bytes)]);
        assert_eq!(whole, tables.is_ok());
        if let Ok(t) = tables {
            // Only an unchanged level passes; its probes answer.
            assert_eq!(n, 3);
            let pits = index::unrank(3, 0).unwrap();
            let _ = t.probe_pits(&pits);
        }
    }
}
