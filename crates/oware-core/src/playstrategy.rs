//! Game records as PlayStrategy exports them (playstrategy.org, a fork of lichess's lila that
//! hosts Oware), read into an OGN [`Record`] to replay like any other:
//!
//! ```text
//! [Event "Rated Oware game"]
//! [Site "https://playstrategy.org/abcd1234"]
//! [P1 "Ama"]
//! [P2 "Kofi"]
//! [Result "1-0"]
//! [Variant "Oware"]
//! [TimeControl "180+2"]
//!
//! 1. d1e2 { [%clk 0:03:00] } f2a1 { [%clk 0:03:00] } 2. a1d1 …
//! ```
//!
//! The format's facts, from PlayStrategy's public source (its game library's `mancala` package and
//! its PGN export):
//!
//! - Tags as in PGN: `Event`, `Site`, `Date`, `Round`, `P1` (the first player, South) and `P2`
//!   (North), `Result` (`1-0` when P1 won, `0-1`, `1/2-1/2`, `*`), `UTCDate`, `UTCTime`, `P1Elo`,
//!   `P2Elo`, `P1RatingDiff`, `P2RatingDiff`, `P1Title`, `P2Title`, `Variant` (`Oware`),
//!   `TimeControl`, `ECO`, `Opening`, `Termination`, and `FEN` with `SetUp` for a game that did
//!   not start from the start position. `White`/`Black` are read as `P1`/`P2`.
//! - Moves numbered as in PGN (`1.`, `1...`), each written as two squares: the pit sown and the
//!   pit where its last seed falls. South's row is `a1`–`f1` (our `A`–`F`); North's is `a2`–`f2`
//!   lettered from South's left, so `f2` is North's first pit (our `a`) and `a2` its last (`f`).
//!   `d1e2` is South's `D` sowing four seeds, the last into `e2` (our `b`).
//! - A move may be followed by a comment with the clock, `{ [%clk 0:02:58] }`, kept as the move's
//!   comment.
//! - The position text (`FEN`): North's row as South sees it (`a2` … `f2`), `/`, South's row
//!   (`a1` … `f1`); a pit is a letter, `A`–`Z` for 1–26 seeds and `a`–`z` for 27–52, or `1` for an
//!   empty pit; then South's store, North's store and the side to move (`S` or `N`), as in
//!   `DDDDDD/DDDDDD 0 0 S`. A store may be a letter as a pit is (older exports), and the older
//!   form with commas is read too (`4s,4s,…`: a count with `s` is a pit, a bare number that many
//!   empty pits). A move number may follow the side.
//! - PlayStrategy's engine is Aualé's: its rules are [`Rules::PLAYSTRATEGY`] (a grand slam
//!   captures nothing, the first repeat of a position ends the game).
//!
//! The reader checks each move against the position, as its notation names the landing pit too,
//! and checks a finished game's result against the `Result` tag; every error gives the line and
//! column (from 1, in characters) of what it is about. The record it gives has the tags as
//! written plus `South`, `North`, `Rules` (`playstrategy`) and, for a custom start, `FEN` in our
//! position text; its `result` is left unset (PlayStrategy's result is the `Result` tag).

use std::fmt;

use crate::movetext::MoveText;
use crate::ogn::{line_end, shared_token, Record, RecordMove, Shared};
use crate::{fen, BySide, Game, Move, Position, Rules, Setup, Side};

/// Why a PlayStrategy record could not be read: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// Whether `text` looks like a PlayStrategy export rather than OGN: a `P1`/`P2` tag, or a move
/// written as two squares (`d1e2`).
pub fn is_playstrategy(text: &str) -> bool {
    let tag = |name: &str| {
        text.lines().any(|l| {
            l.trim_start()
                .strip_prefix('[')
                .is_some_and(|r| r.starts_with(name))
        })
    };
    tag("P1 ") || tag("P2 ") || text.split_whitespace().any(|w| square_pair(w).is_some())
}

/// A move token's two pits, absolute (0–11): `d1e2` → (3, 7).
fn square_pair(token: &str) -> Option<(usize, usize)> {
    let b = token.as_bytes();
    if b.len() != 4 {
        return None;
    }
    Some((square(b[0], b[1])?, square(b[2], b[3])?))
}

/// A square's absolute pit: `a1`–`f1` are 0–5, `f2`–`a2` are 6–11.
fn square(file: u8, rank: u8) -> Option<usize> {
    let f = match file {
        b'a'..=b'f' => usize::from(file - b'a'),
        _ => return None,
    };
    match rank {
        b'1' => Some(f),
        b'2' => Some(11 - f),
        _ => None,
    }
}

/// The square of an absolute pit, as PlayStrategy writes it.
fn square_name(pit: usize) -> String {
    if pit < 6 {
        format!("{}1", char::from(b'a' + pit as u8))
    } else {
        format!("{}2", char::from(b'a' + (11 - pit) as u8))
    }
}

/// A pit's count in PlayStrategy's position text: a letter (1–52).
fn letter_count(c: char) -> Option<u8> {
    match c {
        'A'..='Z' => Some(c as u8 - b'A' + 1),
        'a'..='z' => Some(c as u8 - b'a' + 27),
        _ => None,
    }
}

/// Reads PlayStrategy's position text (`DDDDDD/DDDDDD 0 0 S`) into a position (48 seeds).
pub fn parse_fen(text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=5).contains(&fields.len()) {
        return Err(format!(
            "'{text}' is not PlayStrategy position text like DDDDDD/DDDDDD 0 0 S"
        ));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 2 {
        return Err(format!("'{}' needs two rows joined by '/'", fields[0]));
    }
    let north = read_row(rows[0])?;
    let south = read_row(rows[1])?;
    let mut pits = [0u8; 12];
    pits[..6].copy_from_slice(&south);
    // The top row is read from South's left: a2 … f2, North's pits f … a.
    for (i, &n) in north.iter().enumerate() {
        pits[11 - i] = n;
    }
    let store = |s: &str| -> Result<u8, String> {
        if let Ok(n) = s.parse::<u8>() {
            return Ok(n);
        }
        let mut chars = s.chars();
        match (chars.next().and_then(letter_count), chars.next()) {
            (Some(n), None) => Ok(n),
            _ => Err(format!("'{s}' is not a store's count")),
        }
    };
    let turn = match fields[3] {
        "S" | "s" => Side::South,
        "N" | "n" => Side::North,
        other => return Err(format!("'{other}' is not a side to move (S or N)")),
    };
    if let Some(n) = fields.get(4) {
        n.parse::<u32>()
            .map_err(|_| format!("'{n}' is not a move number"))?;
    }
    let setup = Setup {
        pits,
        stores: BySide::new(store(fields[1])?, store(fields[2])?),
        turn,
    };
    Position::from_setup(&setup).map_err(|e| e.to_string())
}

/// One row of six pits: letters and `1` (or digits: that many empty pits), or the comma form.
fn read_row(row: &str) -> Result<[u8; 6], String> {
    let mut out = Vec::with_capacity(6);
    if row.contains(',') {
        for item in row.split(',') {
            let item = item.trim();
            if let Some(n) = item.strip_suffix(['s', 'S']) {
                out.push(
                    n.parse::<u8>()
                        .map_err(|_| format!("'{item}' is not a pit"))?,
                );
            } else {
                let empty = item
                    .parse::<usize>()
                    .map_err(|_| format!("'{item}' is not a pit"))?;
                out.extend(std::iter::repeat_n(0, empty.min(7)));
            }
        }
    } else {
        for c in row.chars() {
            match c {
                '1'..='6' => out.extend(std::iter::repeat_n(0, c as usize - '0' as usize)),
                _ => {
                    out.push(letter_count(c).ok_or_else(|| format!("'{c}' is not a pit's count"))?)
                }
            }
        }
    }
    <[u8; 6]>::try_from(out.as_slice()).map_err(|_| format!("'{row}' is not a row of six pits"))
}

/// A move as read: its pits and where it was written.
struct ReadMove {
    from: usize,
    to: usize,
    token: String,
    at: usize,
}

/// Reads a PlayStrategy record and replays it under PlayStrategy's rules (see the module's
/// documentation).
pub fn parse(text: &str) -> Result<Record, ParseError> {
    let bytes = text.as_bytes();
    let at = |pos: usize| {
        let before = &text[..pos];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |k| k + 1);
        (line, text[start..pos].chars().count() + 1)
    };
    let err = |pos: usize, message: String| {
        let (line, column) = at(pos);
        ParseError {
            line,
            column,
            message,
        }
    };
    let mut tags: Vec<(String, String, usize)> = Vec::new();
    let mut moves: Vec<ReadMove> = Vec::new();
    let mut comments: Vec<Option<String>> = Vec::new();
    let mut result: Option<(String, usize)> = None;
    let mut i = 0;
    while i < bytes.len() {
        let begun = !moves.is_empty() || result.is_some();
        match shared_token(text, i, begun).map_err(|m| err(i, m))? {
            Some(Shared::Skip(next)) => {
                i = next;
                continue;
            }
            Some(Shared::Tag(name, value, next)) => {
                tags.push((name, value, i));
                i = next;
                continue;
            }
            Some(Shared::Comment(comment, next)) => {
                if let Some(last) = comments.last_mut() {
                    *last = Some(match last.take() {
                        Some(before) => format!("{before} {comment}"),
                        None => comment,
                    });
                }
                i = next;
                continue;
            }
            None => {}
        }
        match bytes[i] {
            b'%' if i == 0 || bytes[i - 1] == b'\n' => i = line_end(bytes, i),
            b'(' => return Err(err(i, "variations '(…)' are not read".into())),
            b'$' => {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
            _ => {
                let end = text[i..]
                    .find(|ch: char| ch.is_whitespace() || "{};[(".contains(ch))
                    .map_or(text.len(), |k| i + k);
                let token = &text[i..end];
                if let Some(r) = ["1-0", "0-1", "1/2-1/2", "½-½", "*"]
                    .iter()
                    .find(|r| **r == token)
                {
                    if result.is_some() {
                        return Err(err(i, format!("a second result '{token}'")));
                    }
                    result = Some(((*r).to_string(), i));
                } else if is_move_number(token) {
                    // `12.`, `12...`, or `..` for a first move North makes.
                } else {
                    if result.is_some() {
                        return Err(err(i, "moves after the result".into()));
                    }
                    let bare = token.strip_suffix('+').unwrap_or(token);
                    let (from, to) = square_pair(bare).ok_or_else(|| {
                        err(
                            i,
                            format!("'{token}' is not a PlayStrategy move like d1e2 (the pit sown, the pit of the last seed)"),
                        )
                    })?;
                    moves.push(ReadMove {
                        from,
                        to,
                        token: token.to_string(),
                        at: i,
                    });
                    comments.push(None);
                }
                i = end;
            }
        }
    }

    let tag = |name: &str| tags.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name));
    if let Some((_, v, pos)) = tag("Variant") {
        if !v.trim().eq_ignore_ascii_case("oware") {
            return Err(err(*pos, format!("the variant is '{v}', not Oware")));
        }
    }
    let start = match tag("FEN") {
        Some((_, v, pos)) => parse_fen(v).map_err(|m| err(*pos, format!("FEN tag: {m}")))?,
        None => Position::start(),
    };
    let rules = Rules::PLAYSTRATEGY;
    let mut game = Game::from_position(start, rules);
    let mut record = Record::default();
    for (name, value, _) in &tags {
        record.tags.push((name.clone(), value.clone()));
    }
    for (side, names) in [
        (Side::South, ["P1", "White"]),
        (Side::North, ["P2", "Black"]),
    ] {
        if let Some((_, v, _)) = names.iter().find_map(|n| tag(n)) {
            record.set_tag(
                if side == Side::South {
                    "South"
                } else {
                    "North"
                },
                v.clone(),
            );
        }
    }
    record.set_tag("Rules", "playstrategy");
    if start != Position::start() {
        record.set_tag("FEN", fen::write(&start));
    }
    for (m, comment) in moves.iter().zip(comments) {
        let pos = *game.position();
        let side = pos.turn();
        if game.is_over() {
            return Err(err(m.at, format!("{}: the game is already over", m.token)));
        }
        let own = if side == Side::South { 0..6 } else { 6..12 };
        let mv = own
            .contains(&m.from)
            .then(|| Move::new(m.from % 6))
            .flatten()
            .ok_or_else(|| {
                err(
                    m.at,
                    format!(
                        "{}: {} is not a pit of the side to move ({})",
                        m.token,
                        square_name(m.from),
                        if side == Side::South {
                            "South, a1–f1"
                        } else {
                            "North, a2–f2"
                        }
                    ),
                )
            })?;
        let detail = pos
            .explain(mv, &rules)
            .map_err(|e| err(m.at, format!("{} cannot be played: {e}", m.token)))?;
        let last = detail.sown.last().copied().unwrap_or(m.from);
        if last != m.to {
            return Err(err(
                m.at,
                format!(
                    "{}: the last seed of {} falls in {}, not {}",
                    m.token,
                    square_name(m.from),
                    square_name(last),
                    square_name(m.to)
                ),
            ));
        }
        let text = MoveText::new(side, mv);
        game.play_text(&text)
            .map_err(|e| err(m.at, format!("{} cannot be played: {e}", m.token)))?;
        record.moves.push(RecordMove {
            text: MoveText {
                captured: Some(detail.captured).filter(|&n| n > 0),
                ..text
            },
            comment,
        });
    }
    if let (Some((_, v, pos)), Some(outcome)) = (tag("Result"), game.outcome()) {
        let said = match v.trim() {
            "1-0" => Some(Some(Side::South)),
            "0-1" => Some(Some(Side::North)),
            "1/2-1/2" | "½-½" => Some(None),
            _ => None,
        };
        if let Some(said) = said {
            if said != outcome.winner() {
                let who = |w: Option<Side>| match w {
                    Some(Side::South) => "South (P1) won",
                    Some(Side::North) => "North (P2) won",
                    None => "a draw",
                };
                return Err(err(
                    *pos,
                    format!(
                        "the Result tag says {}, but the moves end the game in {}",
                        who(said),
                        who(outcome.winner())
                    ),
                ));
            }
        }
    }
    if let Some((r, pos)) = &result {
        if let Some((_, v, _)) = tag("Result") {
            if v.trim() != r && r != "*" && v.trim() != "*" {
                return Err(err(
                    *pos,
                    format!("the result '{r}' differs from the Result tag '{v}'"),
                ));
            }
        }
    }
    Ok(record)
}

/// Whether `token` is a move number (`12.`, `12...`) or the `..` of a first move North makes.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    token.ends_with('.') && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_name_the_pits_from_souths_left() {
        assert_eq!(square(b'a', b'1'), Some(0));
        assert_eq!(square(b'f', b'1'), Some(5));
        assert_eq!(square(b'f', b'2'), Some(6));
        assert_eq!(square(b'a', b'2'), Some(11));
        assert_eq!(square(b'g', b'1'), None);
        for p in 0..12 {
            let n = square_name(p);
            assert_eq!(square(n.as_bytes()[0], n.as_bytes()[1]), Some(p));
        }
    }

    #[test]
    fn position_text_in_both_forms() {
        assert_eq!(parse_fen("DDDDDD/DDDDDD 0 0 S").unwrap(), Position::start());
        // PlayStrategy's own examples: top row a2…f2, then a1…f1.
        let p = parse_fen("AADDDD/DDAADD 4 8 N").unwrap();
        assert_eq!(p.pits(), [4, 4, 1, 1, 4, 4, 4, 4, 4, 4, 1, 1]);
        assert_eq!(p.turn(), Side::North);
        let q = parse_fen("11111M/D1A11C a B S");
        assert!(q.is_err(), "4+1+3+13 seeds and 27+2 in the stores are 50");
        let c = parse_fen("5,13s/4s,1,1s,2,3s 25 2 S").unwrap();
        assert_eq!(c.pits(), [4, 0, 1, 0, 0, 3, 13, 0, 0, 0, 0, 0]);
        assert_eq!(c.stores(), BySide::new(25, 2));
        assert!(parse_fen("DDDDDD/DDDDD 0 0 S").is_err());
        assert!(parse_fen("DDDDDD/DDDDDD 0 0 X").is_err());
    }

    #[test]
    fn detection() {
        assert!(is_playstrategy("[P1 \"a\"]\n1. d1e2"));
        assert!(is_playstrategy("1. d1e2 f2a1"));
        assert!(!is_playstrategy("[South \"a\"]\n1. D f 2. E a"));
    }
}
