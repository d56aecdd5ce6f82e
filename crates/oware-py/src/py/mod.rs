//! The Python module `oware._oware` (PyO3): thin wrappers that convert arguments, call the core,
//! the engine or the tables, and turn their errors into Python exceptions carrying the same
//! messages. No rule is decided here.

// PyO3's macros expand to `unsafe` blocks (the C API glue); this module writes none itself.
#![allow(unsafe_code)]

use std::fmt::Display;

use oware_core::{PlayError, Rules};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod bulk;
mod rules;
mod spiel;

create_exception!(
    oware,
    OwareError,
    PyValueError,
    "Base of every error of the oware package (a ValueError)."
);
create_exception!(
    oware,
    ParseError,
    OwareError,
    "Text that cannot be read: position text, moves, rules, an OGN record, a level name."
);
create_exception!(
    oware,
    IllegalMoveError,
    OwareError,
    "A move that cannot be played here (or a game that is over)."
);
create_exception!(
    oware,
    EgdbError,
    OwareError,
    "Endgame tables that cannot be opened, read or built."
);

/// A [`ParseError`] with the error's message.
pub(crate) fn parse_error(e: impl Display) -> PyErr {
    ParseError::new_err(e.to_string())
}

/// An [`IllegalMoveError`] with the core's message.
pub(crate) fn play_error(e: PlayError) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// An [`EgdbError`] with the error's message.
pub(crate) fn egdb_error(e: impl Display) -> PyErr {
    EgdbError::new_err(e.to_string())
}

/// Rules from a Python argument: a `Rules`, a rules text (`"awari"`,
/// `"abapa,repetition=first"`) or `None` for `default`.
pub(crate) fn rules_arg(arg: Option<&Bound<'_, PyAny>>, default: Rules) -> PyResult<Rules> {
    match arg {
        None => Ok(default),
        Some(a) if a.is_none() => Ok(default),
        Some(a) => {
            if let Ok(r) = a.cast::<rules::PyRules>() {
                return Ok(r.get().inner);
            }
            match a.extract::<String>() {
                Ok(text) => text.parse().map_err(parse_error),
                Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
                    "rules must be an oware.Rules or a rules text such as 'abapa'",
                )),
            }
        }
    }
}

/// The extension module.
#[pymodule]
fn _oware(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("OwareError", py.get_type::<OwareError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("EgdbError", py.get_type::<EgdbError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("REASON_NAMES", crate::REASON_NAMES.to_vec())?;
    m.add("OBSERVATION_SIZE", crate::OBSERVATION_SIZE)?;
    rules::register(m)?;
    spiel::register(m)?;
    bulk::register(m)?;
    Ok(())
}
