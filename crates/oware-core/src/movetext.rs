//! Move letters: `A`–`F` for South's pits, `a`–`f` for North's, each optionally followed by a
//! capture suffix `+N` (`F+2`). Move lists are letters concatenated (`FcAd`) or separated by
//! spaces or commas (`F c, A d`).
//!
//! Parsing is in two stages: the text (`"c".parse::<MoveText>()`), then legality against a
//! position: [`MoveText::to_move`] is the one check of a move text against a position (the
//! side, the move's legality and the capture suffix).

use std::fmt;
use std::str::FromStr;

use crate::{Move, PlayError, Position, Rules, Side};

/// A move as written: whose pit, which pit, and an optional capture count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The side whose pit the letter names (`A`–`F` South, `a`–`f` North).
    pub side: Side,
    /// The pit, from that side's left.
    pub mv: Move,
    /// The `+N` capture suffix, if written.
    pub captured: Option<u8>,
}

/// Why move text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError {
    /// Byte offset of the problem in the text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message, self.offset + 1)
    }
}

impl std::error::Error for ParseMoveError {}

impl MoveText {
    /// The text of move `mv` played by `side`.
    pub fn new(side: Side, mv: Move) -> MoveText {
        MoveText {
            side,
            mv,
            captured: None,
        }
    }

    /// The move, if the letter belongs to the side to move in `pos`, the move is legal under
    /// `rules` and a capture suffix, if written, is the number of seeds the move takes into the
    /// mover's store ([`PlayError::WrongCapture`] otherwise, with the actual count).
    pub fn to_move(&self, pos: &Position, rules: &Rules) -> Result<Move, PlayError> {
        if self.side != pos.turn() {
            return Err(PlayError::WrongSide { turn: pos.turn() });
        }
        let after = pos.play(self.mv, rules)?;
        if let Some(written) = self.captured {
            let actual = after.store(self.side) - pos.store(self.side);
            if actual != written {
                return Err(PlayError::WrongCapture {
                    pit: self.letter(),
                    written,
                    actual,
                });
            }
        }
        Ok(self.mv)
    }

    /// The letter, without suffix.
    pub fn letter(&self) -> char {
        self.mv.letter(self.side)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())?;
        if let Some(n) = self.captured {
            write!(f, "+{n}")?;
        }
        Ok(())
    }
}

/// Reads one move starting at byte `start` of `text`; returns it and the offset after it.
pub(crate) fn parse_one(text: &str, start: usize) -> Result<(MoveText, usize), ParseMoveError> {
    let bytes = text.as_bytes();
    let c = text[start..].chars().next().ok_or_else(|| ParseMoveError {
        offset: start,
        message: "expected a move letter".into(),
    })?;
    let (side, mv) = Move::from_letter(c).ok_or_else(|| ParseMoveError {
        offset: start,
        message: format!("'{c}' is not a move (expected A-F for South or a-f for North)"),
    })?;
    let mut i = start + c.len_utf8();
    let mut captured = None;
    if bytes.get(i) == Some(&b'+') {
        let digits_start = i + 1;
        let mut j = digits_start;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        let n = text[digits_start..j]
            .parse::<u8>()
            .ok()
            .filter(|&n| n <= 48)
            .ok_or_else(|| ParseMoveError {
                offset: i,
                message: "'+' must be followed by a capture count from 0 to 48".into(),
            })?;
        captured = Some(n);
        i = j;
    }
    Ok((MoveText { side, mv, captured }, i))
}

impl FromStr for MoveText {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let t = s.trim();
        let (m, end) = parse_one(t, 0)?;
        if end != t.len() {
            return Err(ParseMoveError {
                offset: end,
                message: format!("unexpected '{}' after the move", &t[end..]),
            });
        }
        Ok(m)
    }
}

/// Parses a move list: letters concatenated or separated by white space or commas, each with an
/// optional `+N` suffix. The empty string is the empty list.
pub fn parse_list(text: &str) -> Result<Vec<MoveText>, ParseMoveError> {
    let mut moves = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        if c.is_whitespace() || c == ',' {
            i += c.len_utf8();
            continue;
        }
        let (m, next) = parse_one(text, i)?;
        moves.push(m);
        i = next;
    }
    Ok(moves)
}

/// Writes a move list as concatenated letters (`FcAd`), the form Aualé's engine protocol uses.
pub fn write_list(moves: &[MoveText]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// The letters of a line of moves played in turn, the first by `first` (`F`, `c`, `A`, …):
/// how a search's principal variation or a game's moves are shown. Collect them into a
/// `String` for the concatenated form (`FcA`).
pub fn letters(first: Side, moves: impl IntoIterator<Item = Move>) -> impl Iterator<Item = char> {
    let mut side = first;
    moves.into_iter().map(move |m| {
        let c = m.letter(side);
        side = side.other();
        c
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_alternate_sides() {
        let line = [5, 2, 0, 3].map(|i| Move::new(i).unwrap());
        assert_eq!(letters(Side::South, line).collect::<String>(), "FcAd");
        assert_eq!(letters(Side::North, line).collect::<String>(), "fCaD");
        assert_eq!(letters(Side::South, []).count(), 0);
    }

    #[test]
    fn lists() {
        let l = parse_list("FcAd").unwrap();
        assert_eq!(l.len(), 4);
        assert_eq!(write_list(&l), "FcAd");
        let l2 = parse_list(" F c, A+2 d ").unwrap();
        assert_eq!(write_list(&l2), "FcAd");
        assert_eq!(l2[2].captured, Some(2));
        assert_eq!(l2[2].to_string(), "A+2");
        assert!(parse_list("").unwrap().is_empty());
    }

    #[test]
    fn errors() {
        assert_eq!(parse_list("FcG").unwrap_err().offset, 2);
        assert!(parse_list("F+").is_err());
        assert!("Fc".parse::<MoveText>().is_err());
        assert!("é".parse::<MoveText>().is_err());
        assert!(parse_list("Fé").is_err());
    }

    #[test]
    fn side_check() {
        let m: MoveText = "a".parse().unwrap();
        assert_eq!(
            m.to_move(&Position::start(), &Rules::default()),
            Err(PlayError::WrongSide { turn: Side::South })
        );
    }

    #[test]
    fn a_wrong_capture_suffix_is_an_error_with_the_actual_count() {
        let rules = Rules::default();
        let start = Position::start();
        let c = Move::new(2).unwrap();
        assert_eq!(
            "C".parse::<MoveText>().unwrap().to_move(&start, &rules),
            Ok(c)
        );
        assert_eq!(
            "C+0".parse::<MoveText>().unwrap().to_move(&start, &rules),
            Ok(c)
        );
        let err = "C+9".parse::<MoveText>().unwrap().to_move(&start, &rules);
        assert_eq!(
            err,
            Err(PlayError::WrongCapture {
                pit: 'C',
                written: 9,
                actual: 0
            })
        );
        assert!(err.unwrap_err().to_string().contains("C captures 0 seeds"));
        // A real capture: the first capturing move met when always playing the last legal
        // move from the start.
        let mut pos = start;
        let (pos, m) = loop {
            let legal = pos.legal_moves(&rules);
            let m = *legal.last().expect("a live game");
            let next = pos.play(m, &rules).unwrap();
            if next.store(pos.turn()) > pos.store(pos.turn()) {
                break (pos, m);
            }
            pos = next;
        };
        let side = pos.turn();
        let got = pos.play(m, &rules).unwrap().store(side) - pos.store(side);
        let right = MoveText {
            side,
            mv: m,
            captured: Some(got),
        };
        assert_eq!(right.to_move(&pos, &rules), Ok(m));
        let wrong = MoveText {
            captured: Some(got + 1),
            ..right
        };
        assert_eq!(
            wrong.to_move(&pos, &rules),
            Err(PlayError::WrongCapture {
                pit: right.letter(),
                written: got + 1,
                actual: got
            })
        );
    }
}
