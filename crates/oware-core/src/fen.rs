//! Position text in Aualé's format: the 12 pit counts `A`–`F` then `a`–`f`, South's store,
//! North's store and the side to move, joined by `-`:
//!
//! ```
//! use oware_core::{fen, Position};
//! let p = fen::parse("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S").unwrap();
//! assert_eq!(p, Position::start());
//! assert_eq!(fen::write(&p), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
//! ```
//!
//! The parser is relaxed about surrounding white space and the case of the side letter (`S`, `N`,
//! `South`, `North`); the writer is canonical.

use std::fmt;

use crate::{BySide, Position, PositionError, Setup, Side};

/// Why position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseFenError {
    /// Not 15 fields separated by `-`.
    FieldCount {
        /// The fields found.
        found: usize,
    },
    /// A count is not a whole number from 0 to 48.
    BadCount {
        /// The offending field's text.
        field: String,
    },
    /// The last field is not a side.
    BadSide {
        /// The offending field's text.
        field: String,
    },
    /// The counts are not a valid position.
    Invalid(PositionError),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::FieldCount { found } => write!(
                f,
                "position text needs 15 fields joined by '-' (12 pits, 2 stores, side), found {found}"
            ),
            ParseFenError::BadCount { field } => {
                write!(f, "'{field}' is not a seed count from 0 to 48")
            }
            ParseFenError::BadSide { field } => {
                write!(f, "'{field}' is not a side to move (S or N)")
            }
            ParseFenError::Invalid(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Parses position text into a plain [`Setup`] (counts checked, 48-seed total not checked).
pub fn parse_setup(text: &str) -> Result<Setup, ParseFenError> {
    let fields: Vec<&str> = text.trim().split('-').map(str::trim).collect();
    if fields.len() != 15 {
        return Err(ParseFenError::FieldCount {
            found: fields.len(),
        });
    }
    let mut counts = [0u8; 14];
    for (c, field) in counts.iter_mut().zip(&fields) {
        *c = field
            .parse::<u8>()
            .ok()
            .filter(|&n| n <= 48 && !field.starts_with('+'))
            .ok_or_else(|| ParseFenError::BadCount {
                field: (*field).to_string(),
            })?;
    }
    let turn: Side = fields[14].parse().map_err(|_| ParseFenError::BadSide {
        field: fields[14].to_string(),
    })?;
    let mut pits = [0u8; 12];
    pits.copy_from_slice(&counts[..12]);
    Ok(Setup {
        pits,
        stores: BySide::new(counts[12], counts[13]),
        turn,
    })
}

/// Parses and validates position text.
pub fn parse(text: &str) -> Result<Position, ParseFenError> {
    Position::from_setup(&parse_setup(text)?).map_err(ParseFenError::Invalid)
}

/// Writes the canonical position text.
pub fn write(pos: &Position) -> String {
    let mut out = String::with_capacity(40);
    write_into(pos, &mut out);
    out
}

/// Appends `pos`'s text to `out` (what [`write`] returns), digit by digit: a position is written
/// for every move of every game a server shows, so this allocates nothing of its own.
fn write_into(pos: &Position, out: &mut String) {
    // A pit or a store holds at most 48 seeds in every variant; any u8 is written right.
    fn number(out: &mut String, n: u8) {
        if n >= 100 {
            out.push(char::from(b'0' + n / 100));
        }
        if n >= 10 {
            out.push(char::from(b'0' + n / 10 % 10));
        }
        out.push(char::from(b'0' + n % 10));
    }
    for n in pos.pits() {
        number(out, n);
        out.push('-');
    }
    let stores = pos.stores();
    number(out, stores.south);
    out.push('-');
    number(out, stores.north);
    out.push('-');
    out.push(pos.turn().char());
}

impl fmt::Display for Position {
    /// The canonical position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(40);
        write_into(self, &mut out);
        f.write_str(&out)
    }
}

impl std::str::FromStr for Position {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Position, ParseFenError> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digit-by-digit writer gives what formatting each number gives, for every count a pit
    /// or a store can hold, on both sides.
    #[test]
    fn writes_every_count_as_formatting_does() {
        for n in 0..=48u8 {
            for turn in ["S", "N"] {
                let text = format!("{n}-0-0-0-0-0-0-0-0-0-0-0-{}-0-{turn}", 48 - n);
                let p = parse(&text).unwrap();
                assert_eq!(write(&p), text);
                assert_eq!(p.to_string(), text);
                let text = format!("0-0-0-0-0-0-0-0-0-0-0-0-{n}-{}-{turn}", 48 - n);
                assert_eq!(write(&parse(&text).unwrap()), text);
            }
        }
    }

    #[test]
    fn round_trip() {
        let text = "0-1-2-3-4-5-6-7-8-0-0-0-10-2-N";
        let p = parse(text).unwrap();
        assert_eq!(write(&p), text);
        assert_eq!(p.turn(), Side::North);
        assert_eq!(
            parse(" 4-4-4-4-4-4-4-4-4-4-4-4-0-0-south ").unwrap(),
            Position::start()
        );
    }

    #[test]
    fn errors() {
        assert!(matches!(
            parse("4-4-4"),
            Err(ParseFenError::FieldCount { found: 3 })
        ));
        assert!(matches!(
            parse("4-4-4-4-4-4-4-4-4-4-4-x-0-0-S"),
            Err(ParseFenError::BadCount { .. })
        ));
        assert!(matches!(
            parse("4-4-4-4-4-4-4-4-4-4-4-4-0-0-X"),
            Err(ParseFenError::BadSide { .. })
        ));
        assert!(matches!(
            parse("4-4-4-4-4-4-4-4-4-4-4-5-0-0-S"),
            Err(ParseFenError::Invalid(_))
        ));
        assert!(parse("4-4-4-4-4-4-4-4-4-4-4-49-0-0-S").is_err());
        assert!(parse("").is_err());
    }
}
