//! The small set CI builds: both rule sets up to 12 seeds, every entry verified against one
//! step of the rules. A few seconds with optimisation (the test profile has opt-level 3).

use oware_core::Rules;
use oware_egdb::{build, index, level_stats, verify_level, BuildOptions, Egdb};

const MAX: u8 = 12;

fn build_and_verify(rules: &Rules) -> (tempfile::TempDir, Egdb) {
    let dir = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        max_seeds: MAX,
        threads: 0,
        memory: u64::MAX,
    };
    build(dir.path(), rules, &opts, &mut |_| {}).unwrap();
    let egdb = Egdb::open(dir.path(), rules).unwrap();
    assert_eq!(egdb.max_seeds(), Some(MAX));
    for n in 0..=MAX {
        let r = verify_level(&egdb, n).unwrap();
        assert_eq!(r.checked, index::positions(n));
        assert_eq!(r.failed, 0, "{rules} level {n}: {:?}", r.failures);
    }
    (dir, egdb)
}

#[test]
fn abapa_up_to_12() {
    let (_dir, egdb) = build_and_verify(&Rules::ABAPA);
    let s = level_stats(&egdb, 12).unwrap();
    assert_eq!(s.all, 1_352_078);
    assert_eq!(s.after_move, 1_352_078 - 12_376);
    assert!(s.exact > 0 && s.exact < s.after_move);
}

#[test]
fn awari_up_to_12() {
    let (_dir, egdb) = build_and_verify(&Rules::AWARI);
    let s = level_stats(&egdb, 12).unwrap();
    assert_eq!(s.exact, s.after_move);
    assert_eq!(
        s.histogram.unwrap().iter().sum::<u64>(),
        index::positions_after_move(12)
    );
}
