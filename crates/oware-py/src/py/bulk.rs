//! The bulk work with the interpreter released: playouts, analysis, matches and the endgame
//! tables.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use oware_core::{movetext, Game, Move, Position, Rules, Side};
use oware_egdb::{BuildOptions, Egdb};
use oware_engine::{score_to_text, Level, Limits, Prober};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySlice};

use super::rules::{position_arg, PyGame, PyPosition};
use super::{
    count_arg, egdb_error, parse_error, pending_signal, rules_arg, run_interruptible, OwareError,
};
use crate::{MatchOptions, PlayoutOptions, Playouts, Policy, Run};

/// The largest transposition table, in MB (as the UCI option's limit).
const MAX_HASH_MB: usize = oware_engine::uci::MAX_HASH_MB;

/// A game from a Python argument: a `Game`, a `Position` or position text (a new game there).
fn game_arg(arg: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
    if let Ok(g) = arg.cast::<PyGame>() {
        let game = g.borrow().inner.clone();
        return match rules {
            Some(r) if !r.is_none() => {
                let rules = rules_arg(Some(r), Rules::default())?;
                if rules != *game.rules() {
                    return Err(OwareError::new_err(
                        "rules given for a Game: its own rules are used; leave rules out",
                    ));
                }
                Ok(game)
            }
            _ => Ok(game),
        };
    }
    let pos = position_arg(arg)?;
    Ok(Game::from_position(
        pos,
        rules_arg(rules, Rules::default())?,
    ))
}

/// Letters of a line played from `first`.
fn line(first: Side, moves: &[Move]) -> Vec<String> {
    movetext::letters(first, moves.iter().copied())
        .map(String::from)
        .collect()
}

fn egdb_prober(dir: Option<PathBuf>, use_egdb: bool, rules: &Rules) -> Option<Arc<Prober>> {
    if !use_egdb {
        return None;
    }
    oware_engine::open_egdb(dir.as_deref(), rules)
        .0
        .map(Arc::new)
}

/// Plays `games` games in Rust (in parallel, the interpreter released) and returns them as
/// NumPy arrays in a dict.
///
/// Per ply (the position before each move, games one after the other): `records` (uint8,
/// (plies, 16): the 14 counts, the player, the action), and views of its columns `boards`
/// ((plies, 14): pits 0-11 then South's and North's stores), `players` (0 South, 1 North) and
/// `actions` (the mover's pit 0-5). Per game: `offsets` (int64, the first ply of each game and
/// the total), `lengths`, `reasons` (index into `REASON_NAMES`, -1 if `max_plies` cut the
/// game), `returns` (South's: 1, -1, 0), `scores` ((games, 2), South's and North's) and
/// `final_boards` ((games, 14)). `record=False` leaves the per-ply arrays empty.
///
/// `seed` fixes the games whatever `threads` is; `threads=0` chooses by the work's size (one
/// thread for fewer than 10,000 random games, else one per core). The per-ply records go into
/// `out` (a C-contiguous uint8 array of shape (rows, 16)) while they fit, else into a new
/// array. Ctrl-C stops the call (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (games, *, seed = 0, rules = None, start = None, depth = None, epsilon = 0.0,
    hash_mb = 4, max_plies = 1000, threads = 0, record = true, out = None))]
#[allow(clippy::too_many_arguments)]
fn playouts<'py>(
    py: Python<'py>,
    games: i64,
    seed: u64,
    rules: Option<&Bound<'py, PyAny>>,
    start: Option<&Bound<'py, PyAny>>,
    depth: Option<u32>,
    epsilon: f64,
    hash_mb: usize,
    max_plies: i64,
    threads: i64,
    record: bool,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let games = count_arg("games", games)?;
    let max_plies = count_arg("max_plies", max_plies)?;
    let threads = count_arg("threads", threads)?;
    let rules = rules_arg(rules, Rules::default())?;
    const ROW: usize = crate::RECORD_SIZE;
    // The caller's buffer, flat (a view: the same memory), or none.
    let out = match out {
        Some(o) if !o.is_none() => {
            let wrong = || {
                OwareError::new_err(format!(
                    "out must be a C-contiguous uint8 NumPy array of shape (rows, {ROW})"
                ))
            };
            let o = o.cast::<PyArray2<u8>>().map_err(|_| wrong())?;
            if o.shape()[1] != ROW || !o.is_c_contiguous() {
                return Err(wrong());
            }
            if o.try_readwrite().is_err() {
                return Err(OwareError::new_err(
                    "out must be writeable (and not in use elsewhere)",
                ));
            }
            let rows = o.shape()[0];
            Some((o.reshape([rows * ROW])?, rows))
        }
        _ => None,
    };
    let start = match start {
        Some(s) if !s.is_none() => position_arg(s)?,
        _ => Position::start(),
    };
    if !(0.0..=1.0).contains(&epsilon) {
        return Err(OwareError::new_err(format!(
            "epsilon must be from 0 to 1, not {epsilon}"
        )));
    }
    if !(1..=MAX_HASH_MB).contains(&hash_mb) {
        return Err(OwareError::new_err(format!(
            "hash_mb must be from 1 to {MAX_HASH_MB}, not {hash_mb}"
        )));
    }
    let policy = match depth {
        None => Policy::Random,
        Some(d) if (1..=100).contains(&d) => Policy::Search {
            depth: d,
            epsilon,
            hash_mb,
        },
        Some(d) => {
            return Err(OwareError::new_err(format!(
                "depth must be from 1 to 100, not {d}"
            )))
        }
    };
    let options = PlayoutOptions {
        rules,
        start,
        policy,
        max_plies,
        seed,
        threads,
        record,
    };
    // Ctrl-C is looked for between windows. A window can last long (a searching one, or one
    // on a loaded machine): large runs play beside a thread that looks for Ctrl-C every 20 ms
    // and stops them within a work unit. Small runs do without (no thread to start).
    let searching = policy != Policy::Random || games >= crate::AUTO_THREADS_MIN_GAMES;
    let stop = AtomicBool::new(false);
    let mut run = Run::with_stop(games, &options, &stop).map_err(OwareError::new_err)?;
    // The per-game arrays, gathered here; the per-ply records (16 bytes a ply: the 14 counts,
    // the player, the action) written straight into one NumPy array (NumPy asks large ones to
    // be backed by huge pages: few page faults), sized after the first window by its plies per
    // game and grown if need be; boards, players and actions are views of its columns.
    let mut results = Playouts::default();
    let mut plies = 0usize;
    let (mut records, mut room) = match out {
        Some((flat, rows)) => (Some(flat), rows),
        None => (None, 0),
    };
    // Played first (by the sizing below) when there is no room yet.
    let mut first = records.is_none();
    let mut pending = false;
    loop {
        if pending {
            let need = plies + run.window_plies();
            if need > room {
                let played = results.games().max(1);
                let estimate = need as f64 / played as f64 * games as f64 * 1.05;
                room = need.max(estimate as usize).max(room + room / 2);
                let grown = PyArray1::<u8>::zeros(py, room * ROW, false);
                if let Some(old) = &records {
                    let used = plies * ROW;
                    grown.readwrite().as_slice_mut()?[..used]
                        .copy_from_slice(&old.readonly().as_slice()?[..used]);
                }
                records = Some(grown);
            }
        }
        if first {
            first = false;
            // Nothing written yet: play the first window to learn the plies per game.
            pending = if searching {
                run_interruptible(py, &stop, || run.next_window())?
            } else {
                py.detach(|| run.next_window())
            };
            if pending {
                for part in run.window() {
                    results.extend_results_from(part);
                }
            }
            if !pending || run.window_plies() == 0 {
                // Done, or no records: no room needed.
                records = Some(PyArray1::<u8>::zeros(py, 0, false));
            }
            continue;
        }
        let Some(buffer) = &records else {
            unreachable!("an array once the first window is played")
        };
        let mut buffer = buffer.readwrite();
        let buffer = buffer.as_slice_mut()?;
        let run = &mut run;
        let results = &mut results;
        let plies = &mut plies;
        // Writes windows while they fit.
        let body = move || loop {
            if pending {
                let n = run.window_plies();
                if (*plies + n) * ROW > buffer.len() {
                    return Next::Room;
                }
                run.write_window(&mut buffer[*plies * ROW..][..n * ROW]);
                *plies += n;
            }
            if let Some(signal) = pending_signal() {
                return Next::Signal(signal);
            }
            if !run.next_window() {
                return Next::Done;
            }
            for part in run.window() {
                results.extend_results_from(part);
            }
            pending = true;
        };
        let next = if searching {
            run_interruptible(py, &stop, body)?
        } else {
            py.detach(body)
        };
        match next {
            Next::Done => break,
            Next::Room => pending = true,
            Next::Signal(e) => return Err(e),
        }
    }
    // (plies, 16), cut to the plies played, then its columns.
    let table = records
        .expect("the loop leaves an array")
        .get_item(PySlice::new(py, 0, (plies * ROW) as isize, 1))?
        .call_method1("reshape", ((plies, ROW),))?;
    let column = |c: usize| table.get_item((PySlice::full(py), c));
    let boards = table.get_item((
        PySlice::full(py),
        PySlice::new(py, 0, crate::OBSERVATION_SIZE as isize, 1),
    ))?;
    let p = results;
    let n = p.games();
    let mut offsets = Vec::with_capacity(n + 1);
    let mut at = 0i64;
    offsets.push(0);
    for &l in &p.lengths {
        at += i64::from(l);
        offsets.push(at);
    }
    let d = PyDict::new(py);
    d.set_item("records", &table)?;
    d.set_item("boards", boards)?;
    d.set_item("players", column(crate::OBSERVATION_SIZE)?)?;
    d.set_item("actions", column(crate::OBSERVATION_SIZE + 1)?)?;
    d.set_item("offsets", PyArray1::from_vec(py, offsets))?;
    d.set_item("lengths", PyArray1::from_vec(py, p.lengths))?;
    d.set_item("reasons", PyArray1::from_vec(py, p.reasons))?;
    d.set_item("returns", PyArray1::from_vec(py, p.returns))?;
    d.set_item("scores", PyArray1::from_vec(py, p.scores).reshape([n, 2])?)?;
    d.set_item(
        "final_boards",
        PyArray1::from_vec(py, p.final_boards).reshape([n, crate::OBSERVATION_SIZE])?,
    )?;
    Ok(d)
}

/// What the writing loop of [`playouts`] stopped for.
enum Next {
    /// Every game is played and written.
    Done,
    /// A window waits for more room.
    Room,
    /// A signal handler raised (Ctrl-C): its exception.
    Signal(PyErr),
}

/// The best line of a position and every legal move's score, as `oware analyse` prints them.
#[pyfunction]
#[pyo3(signature = (position, *, depth = None, movetime = None, rules = None, hash_mb = 64,
    threads = 1, egdb = true, egdb_dir = None))]
#[allow(clippy::too_many_arguments)]
fn analyse<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    depth: Option<u32>,
    movetime: Option<f64>,
    rules: Option<&Bound<'py, PyAny>>,
    hash_mb: usize,
    threads: usize,
    egdb: bool,
    egdb_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = game_arg(position, rules)?;
    if let Some(d) = depth {
        if !(1..=100).contains(&d) {
            return Err(OwareError::new_err(format!(
                "depth must be from 1 to 100, not {d}"
            )));
        }
    }
    let movetime = match movetime {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 && t <= 1e6 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(OwareError::new_err(format!(
                "movetime is in seconds, above 0 and at most 10^6, not {t}"
            )))
        }
    };
    if !(1..=MAX_HASH_MB).contains(&hash_mb) {
        return Err(OwareError::new_err(format!(
            "hash_mb must be from 1 to {MAX_HASH_MB}, not {hash_mb}"
        )));
    }
    let max_threads = oware_engine::uci::MAX_THREADS;
    if !(1..=max_threads).contains(&threads) {
        return Err(OwareError::new_err(format!(
            "threads must be from 1 to {max_threads}, not {threads}"
        )));
    }
    let limits = Limits {
        depth: match (depth, movetime) {
            (None, None) => Some(14),
            (d, _) => d,
        },
        movetime,
        ..Limits::default()
    };
    let first = game.position().turn();
    // Ctrl-C stops the search (`KeyboardInterrupt`).
    let stop = AtomicBool::new(false);
    let a = run_interruptible(py, &stop, || {
        let prober = egdb_prober(egdb_dir, egdb, game.rules());
        crate::analyse(&game, &limits, hash_mb, threads, prober, &stop)
    })?
    .map_err(OwareError::new_err)?;
    let d = PyDict::new(py);
    d.set_item("best", a.best.map(|m| m.letter(first).to_string()))?;
    d.set_item("score", a.score)?;
    d.set_item("score_text", score_to_text(a.score))?;
    d.set_item("depth", a.depth)?;
    d.set_item("nodes", a.nodes)?;
    d.set_item("pv", line(first, &a.pv))?;
    let moves = pyo3::types::PyList::empty(py);
    for m in &a.moves {
        let row = PyDict::new(py);
        row.set_item("move", m.mv.letter(first).to_string())?;
        row.set_item("action", m.mv.index())?;
        row.set_item("score", m.score)?;
        row.set_item("score_text", score_to_text(m.score))?;
        row.set_item("depth", m.depth)?;
        row.set_item("pv", line(first, &m.pv))?;
        moves.append(row)?;
    }
    d.set_item("moves", moves)?;
    Ok(d)
}

/// A match between two levels (easy, medium, hard, expert).
#[pyfunction]
#[pyo3(signature = (a, b, *, games = 2, rules = None, opening_plies = 2, time_scale = 1.0,
    seed = 0, concurrency = 0, max_plies = 1000, egdb = true, egdb_dir = None))]
#[allow(clippy::too_many_arguments)]
fn play_match<'py>(
    py: Python<'py>,
    a: &str,
    b: &str,
    games: usize,
    rules: Option<&Bound<'py, PyAny>>,
    opening_plies: usize,
    time_scale: f64,
    seed: u64,
    concurrency: usize,
    max_plies: usize,
    egdb: bool,
    egdb_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules_arg(rules, Rules::default())?;
    let level_a: Level = a.parse().map_err(parse_error)?;
    let level_b: Level = b.parse().map_err(parse_error)?;
    if !(time_scale > 0.0 && time_scale <= 1000.0) {
        return Err(OwareError::new_err(format!(
            "time_scale must be above 0 and at most 1000, not {time_scale}"
        )));
    }
    // Ctrl-C ends the games before their next move (`KeyboardInterrupt`).
    let stop = AtomicBool::new(false);
    let result = run_interruptible(py, &stop, || {
        let options = MatchOptions {
            a: *level_a.spec(),
            b: *level_b.spec(),
            games,
            rules,
            opening_plies,
            time_scale,
            seed,
            concurrency,
            max_plies,
            egdb: egdb_prober(egdb_dir, egdb, &rules),
        };
        crate::play_match(&options, &stop)
    })?
    .map_err(OwareError::new_err)?;
    let (w, dr, l) = result.wdl();
    let d = PyDict::new(py);
    d.set_item("wins", w)?;
    d.set_item("draws", dr)?;
    d.set_item("losses", l)?;
    let points: f64 = result.games.iter().map(|g| g.a_points()).sum();
    d.set_item(
        "score",
        if games == 0 {
            0.0
        } else {
            points / games as f64
        },
    )?;
    let list = pyo3::types::PyList::empty(py);
    for g in &result.games {
        let row = PyDict::new(py);
        row.set_item("a_side", g.a_side.char().to_string())?;
        row.set_item("points", g.a_points())?;
        row.set_item(
            "reason",
            crate::REASON_NAMES
                .get(g.reason() as usize)
                .copied()
                .unwrap_or("unfinished"),
        )?;
        row.set_item(
            "game",
            Py::new(
                py,
                PyGame {
                    inner: g.game.clone(),
                },
            )?,
        )?;
        row.set_item("ogn", g.ogn(a, b))?;
        list.append(row)?;
    }
    d.set_item("games", list)?;
    Ok(d)
}

/// Bounds on the final difference (mover minus opponent) of the seeds on the board under
/// perfect play, from the side to move's view.
#[pyclass(name = "Bounds", module = "oware", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyBounds {
    /// The lower bound.
    #[pyo3(get)]
    lo: i8,
    /// The upper bound.
    #[pyo3(get)]
    hi: i8,
    /// The seeds on the board.
    #[pyo3(get)]
    seeds: u8,
}

#[pymethods]
impl PyBounds {
    /// Whether the value is known exactly (lo == hi).
    #[getter]
    fn exact(&self) -> bool {
        self.lo == self.hi
    }

    fn __repr__(&self) -> String {
        format!(
            "Bounds(lo={}, hi={}, seeds={})",
            self.lo, self.hi, self.seeds
        )
    }
}

/// Endgame tables of one rule set in one folder, opened lazily.
#[pyclass(name = "Egdb", module = "oware", frozen)]
pub struct PyEgdb {
    db: Egdb,
}

#[pymethods]
impl PyEgdb {
    /// The tables in `dir` (default: `$OWARE_EGDB_DIR`, else the per-user data folder) for
    /// `rules` (default abapa).
    #[new]
    #[pyo3(signature = (dir = None, rules = None))]
    fn new(dir: Option<PathBuf>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let rules = rules_arg(rules, Rules::default())?;
        let location = oware_egdb::locate(dir.as_deref());
        let db = Egdb::open(&location.dir, &rules).map_err(egdb_error)?;
        Ok(PyEgdb { db })
    }

    /// The bounds of `position`, or None when it has more seeds on the board than the tables.
    fn probe(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<PyBounds>> {
        let pos = position_arg(position)?;
        let b = py.detach(|| self.db.probe(&pos)).map_err(egdb_error)?;
        Ok(b.map(|b| PyBounds {
            lo: b.lo,
            hi: b.hi,
            seeds: pos.seeds_on_board(),
        }))
    }

    /// The most seeds on the board the tables cover, or None without tables.
    #[getter]
    fn max_seeds(&self) -> Option<u8> {
        self.db.refresh();
        self.db.max_seeds()
    }

    /// The folder.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.db.dir().to_path_buf()
    }

    /// One line: the rules, the seed counts covered, the folder and any damaged level.
    fn status(&self) -> String {
        self.db.status().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Egdb('{}')", self.db.status())
    }
}

/// Builds (or completes) the tables of `rules` up to `max_seeds` seeds in `dir`; levels
/// present are kept. Returns one dict per level built.
#[pyfunction]
#[pyo3(signature = (max_seeds, *, dir = None, rules = None, threads = 0, memory_mb = None))]
fn egdb_build<'py>(
    py: Python<'py>,
    max_seeds: u8,
    dir: Option<PathBuf>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: usize,
    memory_mb: Option<u64>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let rules = rules_arg(rules, Rules::default())?;
    let dir = oware_egdb::locate(dir.as_deref()).dir;
    let options = BuildOptions {
        max_seeds,
        threads,
        memory: memory_mb.map_or(1 << 30, |mb| mb.saturating_mul(1 << 20)),
    };
    let summaries = py
        .detach(|| oware_egdb::build(&dir, &rules, &options, &mut |_| {}))
        .map_err(egdb_error)?;
    summaries
        .iter()
        .map(|s| {
            let d = PyDict::new(py);
            d.set_item("seeds", s.stats.n)?;
            d.set_item("positions", s.stats.all)?;
            d.set_item("rounds", s.rounds)?;
            d.set_item("seconds", s.time.as_secs_f64())?;
            d.set_item("path", s.path.clone())?;
            d.set_item("bytes", s.file_bytes)?;
            Ok(d)
        })
        .collect()
}

/// The observations of many positions at once (float32, shape (n, 14)).
#[pyfunction]
fn observations<'py>(
    py: Python<'py>,
    positions: Vec<PyRef<'py, PyPosition>>,
) -> PyResult<Bound<'py, numpy::PyArray2<f32>>> {
    let n = positions.len();
    let mut flat = Vec::with_capacity(n * crate::OBSERVATION_SIZE);
    for p in &positions {
        flat.extend_from_slice(&crate::observation(&p.inner));
    }
    PyArray1::from_vec(py, flat).reshape([n, crate::OBSERVATION_SIZE])
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBounds>()?;
    m.add_class::<PyEgdb>()?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(egdb_build, m)?)?;
    m.add_function(wrap_pyfunction!(observations, m)?)?;
    Ok(())
}
