// The endgame table header parser: any bytes are a header or an error; a header that parses
// writes back the bytes it was read from. The same bytes as a whole level in memory (what the
// page's WebAssembly engine is given): an answer, never a panic, and the tables made from them
// refuse exactly what the level check refuses. The first byte picks the rule set and the level.
// Shared by the fuzz target `egdb_header` and the replay test of oware-egdb.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_core::{GrandSlam, Rules};
    use oware_egdb::format::{self, Header};
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let mut rules = Rules::default();
    if pick & 0x80 != 0 {
        rules.grand_slam = GrandSlam::Illegal;
    }
    if !format::supports(&rules) {
        return;
    }
    let n = (pick & 0x7f) % 49;
    if let Ok(h) = Header::parse(bytes, &rules, n) {
        let written = h.to_bytes();
        assert_eq!(&written[..], &bytes[..written.len()]);
    }
    // Levels above 48 too (up to 127): refused, not a panic.
    let level = pick & 0x7f;
    let whole = format::parse_level(bytes, &rules, level);
    let tables = oware_egdb::Egdb::from_levels(&rules, vec![(level, bytes.to_vec())]);
    assert_eq!(whole.is_ok(), tables.is_ok());
}
