//! A game record in whichever format it is: OGN ([`crate::ogn`]) or PlayStrategy's export
//! ([`crate::playstrategy`]), told apart by [`crate::playstrategy::is_playstrategy`].

use crate::ogn::{self, OgnError, Record};
use crate::playstrategy;

/// Parses `text` as PlayStrategy's export when it looks like one, else as OGN, and names the
/// format: `"playstrategy"` or `"ogn"`. A PlayStrategy error is an [`OgnError::Syntax`] whose
/// message starts with the column (`line 3: column 4: …`).
pub fn parse_any(text: &str) -> Result<(Record, &'static str), OgnError> {
    if playstrategy::is_playstrategy(text) {
        let record = playstrategy::parse(text).map_err(|e| OgnError::Syntax {
            line: e.line,
            message: format!("column {}: {}", e.column, e.message),
        })?;
        return Ok((record, "playstrategy"));
    }
    Ok((ogn::parse(text)?, "ogn"))
}
