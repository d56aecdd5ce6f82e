//! Learn Oware: a path of short lessons, each a few steps played on the real board, and the
//! counting trainer's sums.
//!
//! The lessons are data: one TOML file per lesson in `lessons/` (the format is `docs/lessons.md`),
//! built into the library with `include_str!`, so the web server (`/learn`) and the terminal
//! (`oware learn`) read the same text and nothing is needed beside the binary. Each step has a
//! position, a [`Goal`] (a small closed set, checked by the rules core), a hint, its intended
//! solution and a wrong move (both played by the tests), and optional scripted replies of the
//! opponent for steps of several moves.
//!
//! [`check`] plays a learner's moves from a step's position and answers an [`Attempt`]: whether
//! the goal is met, what each move did in words (seeds sown, where the last one landed, captures,
//! feeding, the end of the game), why a move that misses the goal misses it, and the position
//! after. The learner always plays South (the pits `A`–`F`); the opponent is North (`a`–`f`).
//!
//! [`views`] answers as the web page reads them (the server's `/api/learn` routes, and the
//! page's WebAssembly core offline).
//!
//! ```
//! let lessons = oware_lessons::lessons();
//! let step = &lessons[0].steps[0];
//! let done = oware_lessons::check(step, &step.solution).unwrap();
//! assert!(done.met);
//! ```
#![forbid(unsafe_code)]

mod check;
mod count;
mod format;
pub mod views;

pub use check::{check, Attempt, CheckError, Played, MOVES_MAX, SUMMARY_WORDS};
pub use count::{count, Count};
pub use format::{
    files, lessons, lessons_in, parse, parse_in, FormatError, Goal, Lesson, Step, RESERVED_IDS,
    STARS_MAX,
};
pub use oware_i18n::Lang;
