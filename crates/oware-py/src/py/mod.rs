//! The Python module `oware._oware` (PyO3): thin wrappers that convert arguments, call the core,
//! the engine or the tables, and turn their errors into Python exceptions carrying the same
//! messages. No rule is decided here.

// PyO3's macros expand to `unsafe` blocks (the C API glue); this module writes none itself.
#![allow(unsafe_code)]

use std::fmt::Display;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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

/// How often a long call looks for a signal (Ctrl-C) while its work runs.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Whether a signal handler raised (Ctrl-C: `KeyboardInterrupt`): its exception, else `None`.
/// Checked with the interpreter re-entered for the moment; called with it released. Python
/// runs signal handlers on its main thread only: elsewhere this is always `None`.
pub(crate) fn pending_signal() -> Option<PyErr> {
    Python::attach(|py| py.check_signals()).err()
}

/// Runs `work` on a thread of its own with the interpreter released, while this thread looks
/// for a signal every [`SIGNAL_POLL`]. On one (Ctrl-C), sets `stop` (which `work` must heed
/// soon), waits for `work` to end and returns the signal's exception (`KeyboardInterrupt`):
/// no thread is left running. A panic in `work` is resumed here.
pub(crate) fn run_interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        let me = std::thread::current();
        std::thread::scope(|s| {
            let worker = std::thread::Builder::new()
                .name("oware-work".into())
                .spawn_scoped(s, move || {
                    // Wakes the poller when done, whatever happens.
                    struct Wake(std::thread::Thread);
                    impl Drop for Wake {
                        fn drop(&mut self) {
                            self.0.unpark();
                        }
                    }
                    let _wake = Wake(me);
                    work()
                });
            let worker = match worker {
                Ok(w) => w,
                Err(e) => return Err(OwareError::new_err(format!("cannot start a thread: {e}"))),
            };
            let mut signal = None;
            while !worker.is_finished() {
                std::thread::park_timeout(SIGNAL_POLL);
                if signal.is_none() && !worker.is_finished() {
                    signal = pending_signal();
                    if signal.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            let out = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            match signal {
                Some(e) => Err(e),
                None => Ok(out),
            }
        })
    })
}

/// A count from Python (games, plies, threads...): a clear error for a negative one rather
/// than Python's bare `OverflowError`.
pub(crate) fn count_arg(name: &str, value: i64) -> PyResult<usize> {
    usize::try_from(value)
        .map_err(|_| OwareError::new_err(format!("{name} must be 0 or more, not {value}")))
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
    // NumPy's C API, loaded now rather than at the first array a call makes: a Ctrl-C during
    // that import would otherwise fail the call with a panic instead of KeyboardInterrupt.
    numpy::PyArray1::<u8>::zeros(py, 0, false);
    rules::register(m)?;
    spiel::register(m)?;
    bulk::register(m)?;
    Ok(())
}
