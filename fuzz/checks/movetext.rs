// Move text: a move and a list parse or not; each move prints and reads back the same; the
// list is then played from the start (the one check of move text against a position, capture
// suffixes included), and a refused move changes nothing.
// Shared by the fuzz target `movetext` and the replay test of oware-core.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_core::movetext::{self, MoveText};
    use oware_core::{Game, Rules};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = text.parse::<MoveText>() {
        assert_eq!(m.to_string().parse::<MoveText>(), Ok(m));
    }
    let Ok(moves) = movetext::parse_list(text) else {
        return;
    };
    for m in &moves {
        assert_eq!(m.to_string().parse::<MoveText>().as_ref(), Ok(m));
    }
    let mut game = Game::new(Rules::default());
    for m in &moves {
        let before = game.clone();
        if game.play_text(m).is_err() {
            assert_eq!(game, before, "a refused move changes nothing");
            break;
        }
    }
}
