//! Move letters: `A`–`F` for South's pits, `a`–`f` for North's, each optionally followed by a
//! capture suffix `+N` (`F+2`). Move lists are letters concatenated (`FcAd`) or separated by
//! spaces or commas (`F c, A d`).
//!
//! Parsing is in two stages: the text (`"c".parse::<MoveText>()`), then legality against a
//! position ([`MoveText::to_move`] checks the side; `Position::play` checks the rest).

use std::fmt;
use std::str::FromStr;

use crate::{Move, PlayError, Position, Side};

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

    /// The move, if the letter belongs to the side to move in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, PlayError> {
        if self.side == pos.turn() {
            Ok(self.mv)
        } else {
            Err(PlayError::WrongSide { turn: pos.turn() })
        }
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
            m.to_move(&Position::start()),
            Err(PlayError::WrongSide { turn: Side::South })
        );
    }
}
