//! The puzzle file: written and read back the same, and bad input refused with the line named.

use oware_core::{fen, Move};
use oware_puzzles::{read, write, Header, Method, Puzzle, Theme, MAX_LINE_BYTES};

fn sample() -> Vec<Puzzle> {
    let a = fen::parse("0-0-0-0-2-2-2-0-2-0-0-0-22-18-S").unwrap();
    let b = fen::parse("1-2-7-7-0-6-1-6-1-7-7-1-0-2-N").unwrap();
    let m = |i| Move::new(i).unwrap();
    vec![
        Puzzle {
            id: Puzzle::id_of(&a),
            position: a,
            line: vec![m(4)],
            themes: vec![Theme::EndgameExact],
            rating: 980,
            proof: Method::Tables { seeds: 8 },
            value: 1200,
            second: Some(0),
            source: "test 1".into(),
        },
        Puzzle {
            id: Puzzle::id_of(&b),
            position: b,
            line: vec![m(1), m(2), m(3)],
            themes: vec![Theme::CaptureChain, Theme::Defend],
            rating: 1510,
            proof: Method::Search { depth: 16 },
            value: 1182,
            second: None,
            source: "selfplay 1 0 ply 7".into(),
        },
    ]
}

#[test]
fn a_file_reads_back_as_written() {
    let puzzles = sample();
    let header = Header::new(puzzles.len(), "oware puzzles generate --selfplay 1");
    let text = write(&header, &puzzles);
    assert_eq!(text.lines().count(), 3);
    let (h, back) = read(&text).unwrap();
    assert_eq!(h, header);
    assert_eq!(back, puzzles);
    assert_eq!(write(&h, &back), text);
    assert!(text.contains(r#""line":"bCd""#), "{text}");
    assert!(text.contains(r#""proof":"tables","seeds":8"#), "{text}");
}

/// The second puzzle's line of [`sample`]'s file, with `from` replaced by `to`.
fn edited(from: &str, to: &str) -> String {
    let puzzles = sample();
    let text = write(&Header::new(2, "x"), &puzzles);
    assert!(text.contains(from), "{from}");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[2] = lines[2].replacen(from, to, 1);
    lines.join("\n")
}

#[test]
fn a_malformed_line_is_an_error_naming_it() {
    let cases = [
        (r#""rating":1510"#, r#""rating":"high""#, "invalid type"),
        (
            r#""rating":1510"#,
            r#""rating":1510,"colour":"red""#,
            "colour",
        ),
        (r#""rating":1510"#, r#""rating":99999"#, "rating 99999"),
        (
            "1-2-7-7-0-6-1-6-1-7-7-1-0-2-N",
            "1-2-7-7-0-6-1-6-1-7-7-1-0-3-N",
            "position",
        ),
        (r#""line":"bCd""#, r#""line":"bC""#, "odd number"),
        (r#""line":"bCd""#, r#""line":"bEd""#, "move 2"),
        (r#""line":"bCd""#, r#""line":"bCz""#, "line"),
        (r#""line":"bCd""#, r#""line":"""#, "odd number"),
        (
            r#""themes":["capture-chain","defend"]"#,
            r#""themes":["luck"]"#,
            "unknown theme",
        ),
        (
            r#""proof":"search","depth":16"#,
            r#""proof":"search""#,
            "proof",
        ),
        (
            r#""proof":"search","depth":16"#,
            r#""proof":"search","depth":0"#,
            "proof",
        ),
        (
            r#""proof":"search","depth":16"#,
            r#""proof":"tables","seeds":40"#,
            "proof",
        ),
        (
            r#""proof":"search","depth":16"#,
            r#""proof":"magic","depth":16"#,
            "proof",
        ),
    ];
    for (from, to, says) in cases {
        let err = read(&edited(from, to)).unwrap_err();
        assert_eq!(err.line, 3, "{to}: {err}");
        assert!(err.to_string().contains(says), "{to}: {err}");
    }
    // An id that is not the position's.
    let id = Puzzle::id_of(&sample()[1].position);
    let err = read(&edited(&id, "000000000000")).unwrap_err();
    assert!(err.to_string().contains("not the position's"), "{err}");
    // Not JSON at all.
    let err = read(&edited("{", "[")).unwrap_err();
    assert!(err.to_string().starts_with("line 3: not a puzzle"), "{err}");
}

#[test]
fn a_bad_file_is_an_error() {
    let puzzles = sample();
    let good = write(&Header::new(2, "x"), &puzzles);
    // Empty, or no header.
    assert!(read("").unwrap_err().to_string().contains("empty"));
    let no_header: String = good.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(read(&no_header).unwrap_err().line, 1);
    // The header's count differs.
    let err = read(&write(&Header::new(3, "x"), &puzzles)).unwrap_err();
    assert!(err.to_string().contains("says 3 puzzles"), "{err}");
    // Another version or other rules.
    let err = read(&good.replacen(r#""version":1"#, r#""version":2"#, 1)).unwrap_err();
    assert!(err.to_string().contains("version 2"), "{err}");
    let err = read(&good.replacen(r#""rules":"abapa""#, r#""rules":"awari""#, 1)).unwrap_err();
    assert!(err.to_string().contains("awari"), "{err}");
    // The same puzzle twice.
    let twice = write(
        &Header::new(3, "x"),
        &[puzzles.clone(), vec![puzzles[0].clone()]].concat(),
    );
    let err = read(&twice).unwrap_err();
    assert_eq!(err.line, 4);
    assert!(err.to_string().contains("already"), "{err}");
    // A line longer than the limit is refused before it is parsed.
    let long = format!("{good}{}\n", " ".repeat(MAX_LINE_BYTES + 1));
    let err = read(&long).unwrap_err();
    assert_eq!(err.line, 4);
    // Blank lines are skipped.
    let blank = good.replacen('\n', "\n\n", 1);
    assert_eq!(read(&blank).unwrap().1, puzzles);
}
