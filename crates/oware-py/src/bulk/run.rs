//! A run of playouts: the work handed out a window at a time on a kept thread pool, the
//! windows' memory kept for the next run, and [`playouts`], a whole run gathered in one place.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::{play_range, PlayoutOptions, Playouts, Policy, CHUNK, RECORD_SIZE};

/// Random games below which `threads = 0` plays on one thread. Below it a second thread gains
/// less than it costs (waking it, sharing each window, two writers of fresh memory); measured
/// with `bench/playouts.py --scan` (see docs/python.md, Speed).
pub const AUTO_THREADS_MIN_GAMES: usize = 10_000;

/// The threads `threads = 0` stands for with `games` games of `policy`: one for fewer than
/// [`AUTO_THREADS_MIN_GAMES`] random games, else one per core (a searching game is long work).
pub fn auto_threads(games: usize, policy: &Policy) -> usize {
    if *policy == Policy::Random && games < AUTO_THREADS_MIN_GAMES {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The worker threads of the last run on several, kept for the next: one pool at a time (a
/// run asking another thread count replaces it; the old one's threads end with its last run).
static POOL: Mutex<Option<Arc<rayon::ThreadPool>>> = Mutex::new(None);

/// A pool of `threads` threads, the kept one if it has as many.
pub(super) fn shared_pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, String> {
    let mut kept = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(pool) = kept.as_ref() {
        if pool.current_num_threads() == threads {
            return Ok(Arc::clone(pool));
        }
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("oware-playouts-{i}"))
            .build()
            .map_err(|e| format!("cannot start the threads: {e}"))?,
    );
    *kept = Some(Arc::clone(&pool));
    Ok(pool)
}

/// The window parts of the last run, kept for the next: their memory is already the process's
/// (no page faults), where fresh memory is faulted in and cleared by the kernel first.
static SPARE_PARTS: Mutex<Vec<Playouts>> = Mutex::new(Vec::new());

/// The most memory [`SPARE_PARTS`] keeps, in bytes.
const SPARE_BYTES: usize = 64 << 20;

/// A never-set stop flag, for runs that cannot be stopped.
static NEVER: AtomicBool = AtomicBool::new(false);

impl Playouts {
    /// The bytes its arrays hold room for.
    fn room_bytes(&self) -> usize {
        self.records.capacity() * RECORD_SIZE
            + self.lengths.capacity() * 4
            + self.reasons.capacity()
            + self.returns.capacity()
            + self.scores.capacity() * 4
            + self.final_boards.capacity()
    }
}

/// A run of playouts played a window of work units at a time, each window in parallel, handed
/// out in game order: the memory of a window's parts is reused by the next (and by the next
/// run), so that a run's records are written once where they belong (by [`playouts`], or into
/// NumPy's arrays by the Python module) rather than kept in pieces first.
pub struct Run<'a> {
    options: &'a PlayoutOptions,
    chunks: Vec<std::ops::Range<usize>>,
    next: usize,
    parts: Vec<Playouts>,
    /// How many of `parts` the last window filled.
    window: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    stop: &'a AtomicBool,
}

impl<'a> Run<'a> {
    /// A run of `games` games as `options` say; nothing is played yet.
    pub fn new(games: usize, options: &'a PlayoutOptions) -> Result<Run<'a>, String> {
        Run::with_stop(games, options, &NEVER)
    }

    /// [`Run::new`] with a stop flag: once it is set, searching games end at their next ply
    /// and the next window plays nothing ([`Run::next_window`] returns `false`); the games of
    /// a stopped run are incomplete.
    pub fn with_stop(
        games: usize,
        options: &'a PlayoutOptions,
        stop: &'a AtomicBool,
    ) -> Result<Run<'a>, String> {
        let chunks: Vec<std::ops::Range<usize>> = (0..games)
            .step_by(CHUNK)
            .map(|s| s..(s + CHUNK).min(games))
            .collect();
        let threads = match options.threads {
            0 => auto_threads(games, &options.policy),
            n => n,
        };
        let pool = if threads == 1 || chunks.len() <= 1 {
            None
        } else {
            Some(shared_pool(threads)?)
        };
        let threads = pool.as_ref().map_or(1, |p| p.current_num_threads());
        // Enough units per window to keep every thread busy to the window's end, and few
        // enough windows that waking the threads for each costs little: a window of records
        // (about 110 KB a unit) stays a few megabytes, one without records is far smaller.
        let per_thread = if options.record { 16 } else { 128 };
        let window = (per_thread * threads).min(chunks.len().max(1));
        let mut parts = std::mem::take(&mut *SPARE_PARTS.lock().unwrap_or_else(|e| e.into_inner()));
        parts.resize_with(2 * window, Playouts::default);
        Ok(Run {
            options,
            chunks,
            next: 0,
            parts,
            window: 0,
            pool,
            stop,
        })
    }

    /// The threads the run plays on.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }

    /// Runs `f` on the run's threads (where `rayon`'s parallel iterators share its work).
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }

    /// Plays the next window; `false` once every game is played. Its parts (consecutive
    /// games, in order, two a work unit) are [`Run::window`] until the next call.
    pub fn next_window(&mut self) -> bool {
        if self.next >= self.chunks.len() || self.stop.load(Ordering::Relaxed) {
            self.window = 0;
            return false;
        }
        let end = (self.next + self.parts.len() / 2).min(self.chunks.len());
        let chunks = &self.chunks[self.next..end];
        let parts = &mut self.parts[..2 * chunks.len()];
        let options = self.options;
        let stop = self.stop;
        let play = |parts: &mut [Playouts]| {
            parts
                .par_chunks_mut(2)
                .zip(chunks)
                .for_each(|(p, r)| play_range(options, r.clone(), p, stop));
        };
        match &self.pool {
            Some(pool) => pool.install(|| play(parts)),
            None => parts
                .chunks_mut(2)
                .zip(chunks)
                .for_each(|(p, r)| play_range(options, r.clone(), p, stop)),
        }
        self.window = parts.len();
        self.next = end;
        true
    }

    /// The parts of the window last played, in game order.
    pub fn window(&self) -> &[Playouts] {
        &self.parts[..self.window]
    }

    /// The plies recorded in the window last played.
    pub fn window_plies(&self) -> usize {
        self.window().iter().map(|p| p.records.len()).sum()
    }

    /// Copies the window's recorded plies into `records`, which holds exactly
    /// [`Run::window_plies`] plies of [`RECORD_SIZE`] bytes, on the run's threads.
    pub fn write_window(&self, records: &mut [u8]) {
        let mut dest = Vec::with_capacity(self.window);
        let mut rest = records;
        for part in self.window() {
            let (here, after) =
                std::mem::take(&mut rest).split_at_mut(part.records.len() * RECORD_SIZE);
            dest.push((part, here));
            rest = after;
        }
        assert!(rest.is_empty(), "a slice of the window's size");
        let copy = |(part, here): (&Playouts, &mut [u8])| {
            here.copy_from_slice(part.records.as_flattened());
        };
        match &self.pool {
            Some(pool) => pool.install(|| dest.into_par_iter().for_each(copy)),
            // One thread: no pool (rayon's global one would wake for nothing).
            None => dest.into_iter().for_each(copy),
        }
    }
}

impl Drop for Run<'_> {
    /// Keeps the parts for the next run, within `SPARE_BYTES`.
    fn drop(&mut self) {
        let parts = std::mem::take(&mut self.parts);
        if parts.iter().map(Playouts::room_bytes).sum::<usize>() <= SPARE_BYTES {
            let mut spare = SPARE_PARTS.lock().unwrap_or_else(|e| e.into_inner());
            if spare.len() < parts.len() {
                *spare = parts;
            }
        }
    }
}

/// Plays `games` games as `options` say, on `options.threads` threads, and returns them in game
/// order. Reproducible: game `i` depends only on the seed, `i` and the options.
pub fn playouts(games: usize, options: &PlayoutOptions) -> Result<Playouts, String> {
    let mut run = Run::new(games, options)?;
    let mut out = Playouts::default();
    while run.next_window() {
        for p in run.window() {
            out.extend_from(p);
        }
    }
    Ok(out)
}
