// Position text: parse; what parses prints canonically and reads back the same.
// Shared by the fuzz target `fen` and the replay test of oware-core (`tests/fuzz_corpus.rs`).

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_core::fen;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = fen::parse(text) {
        let written = fen::write(&pos);
        assert_eq!(fen::parse(&written), Ok(pos), "{written}");
        assert_eq!(written.parse::<oware_core::Position>(), Ok(pos));
    }
}
