//! The terminal game of `oware play`: a full-screen Oware board in a terminal, against the
//! engine's levels or a friend, with undo, hints, a live analysis pane, endgame database values,
//! OGN save and load.
//!
//! Built on [ratatui](https://ratatui.rs) with its crossterm backend. ratatui draws a screen as a
//! tree of widgets into a buffer and sends only the cells that changed, and it comes with a
//! `TestBackend` that renders into memory, so every screen here is tested as text without a
//! terminal. crossterm is ratatui's default backend: pure Rust, it reads keys, mouse clicks and
//! resizes and switches raw mode and the alternate screen on Linux, macOS and Windows alike.
//!
//! The code is split so that only one module knows the terminal:
//!
//! - [`app`]: the state ([`App`]) and what each key, click, engine report and animation tick
//!   does to it. Handlers return [`Effect`]s instead of acting (start a search, copy, quit).
//! - [`render`]: draws the screen from the state alone.
//! - [`worker`]: runs the computer's move, the analysis and hints on their own threads.
//! - [`term`]: the terminal set-up and restore (every exit path, panics included) and the loop.
//! - [`online`]: an online game of `oware serve` (`oware play --online URL`): seat, clocks,
//!   presence, offers, the end; [`net`] talks to the server (requests, server-sent events,
//!   reconnection, seat tokens kept per game) on a thread of its own; [`wire`] is the server's
//!   JSON as read here; [`lobby`] lists a server's open challenges and creates new online games;
//!   [`checked`] is what is accepted from a server (ids, tokens, text, sizes), which is trusted
//!   no more than any other input.
//!
//! No rule is decided here: moves, their legality and the reasons a pit cannot be played, the
//! sowing shown seed by seed, game ends and OGN all come from `oware-core`; levels and the search
//! from `oware-engine`; database values from `oware-egdb`.
#![forbid(unsafe_code)]

pub mod app;
pub mod checked;
pub mod layout;
pub mod lobby;
pub mod net;
pub mod online;
pub mod render;
pub mod term;
pub mod wire;
pub mod worker;

pub use app::{read_game, App, Config, Effect, EngineEvent, Opponent, Tables};
pub use term::run;
