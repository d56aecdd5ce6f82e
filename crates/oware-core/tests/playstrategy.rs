//! PlayStrategy's records (`tests/data/playstrategy/`, see its README): a real game's moves and a game
//! from a custom start replay to the expected final position and result; malformed records are
//! refused with the line and column of the fault.

use oware_core::{ogn, playstrategy, record, EndReason, Rules, Side};

fn data(name: &str) -> String {
    let path = format!(
        "{}/tests/data/playstrategy/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_real_games_moves_replay_to_the_simulators_final_position() {
    let text = data("ARQRYUmL.pgn");
    let (record, format) = record::parse_any(&text).unwrap();
    assert_eq!(format, "playstrategy");
    assert_eq!(record.rules().unwrap(), Rules::PLAYSTRATEGY);
    assert_eq!(record.tag("South"), Some("South player"));
    assert_eq!(record.tag("North"), Some("North player"));
    let game = record.to_game().unwrap();
    assert_eq!(game.moves().len(), 253);
    let end = game.position();
    assert_eq!(end.pits(), [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0]);
    assert_eq!((end.store(Side::South), end.store(Side::North)), (20, 24));
    assert_eq!(end.turn(), Side::North);
    assert!(!game.is_over(), "the record's result is '*'");
    // Written as OGN, the game reads back and replays to the same position.
    let again = ogn::parse(&ogn::Record::from_game(&game, &[]).to_string()).unwrap();
    assert_eq!(again.to_game().unwrap().position(), end);
}

#[test]
fn a_game_from_a_custom_start_replays_to_its_result() {
    let record = playstrategy::parse(&data("from-position.pgn")).unwrap();
    assert_eq!(record.tag("FEN"), Some("0-0-0-0-0-1-1-0-3-0-0-0-23-20-S"));
    assert_eq!(
        (record.tag("South"), record.tag("North")),
        (Some("Ama"), Some("Kofi"))
    );
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("TimeControl"), Some("180+2"));
    assert_eq!(record.moves[0].comment.as_deref(), Some("[%clk 0:02:54]"));
    assert_eq!(record.moves[0].text.to_string(), "F+2");
    let game = record.to_game().unwrap();
    let outcome = game.outcome().expect("South reaches 25");
    assert_eq!(outcome.reason, EndReason::Capture);
    assert_eq!(outcome.winner(), Some(Side::South));
    assert_eq!(game.position().store(Side::South), 25);
}

#[test]
fn ogn_is_still_read_as_ogn() {
    let (record, format) = record::parse_any("[South \"Ama\"]\n\n1. D f 2. E a *\n").unwrap();
    assert_eq!(format, "ogn");
    assert_eq!(record.moves.len(), 4);
}

#[test]
fn malformed_records_give_the_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        (
            "[P1 \"a\"]\n\n1. d1e9 f2a1",
            3,
            4,
            "not a PlayStrategy move",
        ),
        (
            "[P1 \"a\"]\n1. d1e1",
            2,
            4,
            "the last seed of d1 falls in e2, not e1",
        ),
        ("[P1 \"a\"]\n1. f2a1", 2, 4, "not a pit of the side to move"),
        (
            "[Variant \"Togyzkumalak\"]\n[P1 \"a\"]\n1. d1e2",
            1,
            1,
            "not Oware",
        ),
        ("[P1 \"a\"\n1. d1e2", 1, 1, "expected ']'"),
        (
            "[FEN \"DDDDDD/DDDDDD 0 0 X\"]\n[P1 \"a\"]",
            1,
            1,
            "not a side to move",
        ),
        (
            "[FEN \"DDDDDD/DDDDDE 0 0 S\"]\n[P1 \"a\"]",
            1,
            1,
            "49 seeds",
        ),
        (
            "[P1 \"a\"]\n1. d1e2 1-0 f2a1",
            2,
            13,
            "moves after the result",
        ),
        (
            "[P1 \"Zoë\"]\n1. d1e2 {x} zz",
            2,
            13,
            "not a PlayStrategy move",
        ),
        ("[P1 \"a\"]\n1. d1e2 (1... f2a1)", 2, 9, "variations"),
        (
            "[P1 \"a\"]\n1. d1e2 {never closed",
            2,
            9,
            "unclosed comment",
        ),
    ];
    for &(text, line, column, what) in cases {
        let e = playstrategy::parse(text).expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{text}: {e}");
        assert!(e.message.contains(what), "{text}: {e}");
        // Through the format-sniffing reader as well, with the place in the message.
        let e = record::parse_any(text).expect_err(text).to_string();
        assert!(e.contains(&format!("line {line}: column {column}")), "{e}");
    }
    // A result the moves contradict: the Result tag's place.
    let text = data("from-position.pgn").replace("[Result \"1-0\"]", "[Result \"0-1\"]");
    let e = playstrategy::parse(&text).unwrap_err();
    assert_eq!((e.line, e.column), (6, 1), "{e}");
    assert!(e.message.contains("South (P1) won"), "{e}");
}
