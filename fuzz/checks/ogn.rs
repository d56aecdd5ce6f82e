// OGN records: parse; what parses prints and reads back to the same text; a record that
// replays gives a game whose written record replays to the same game.
// Shared by the fuzz target `ogn` and the replay test of oware-core.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_core::ogn::{self, Record};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = ogn::parse(text) else {
        return;
    };
    let written = record.to_string();
    let again = ogn::parse(&written).expect("a written record parses");
    assert_eq!(again.to_string(), written);
    if let Ok(game) = record.to_game() {
        let out = Record::from_game(&game, &[]).to_string();
        let back = ogn::parse(&out).expect("a written game parses");
        assert_eq!(back.to_game_with(*game.rules()).expect("it replays"), game);
    }
}
