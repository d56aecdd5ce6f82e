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
//! One module per job. Listed top to bottom, each uses only the modules below it, so no two
//! modules use each other:
//!
//! - [`term`]: the terminal set-up and restore (every exit path, panics included) and the loop;
//!   the only module that knows the terminal.
//! - [`render`]: draws the screen from the state alone.
//! - [`worker`]: runs the computer's move, the analysis and hints on their own threads.
//! - [`app`]: the state ([`App`]) and what each key, click, engine report, network report and
//!   animation tick does to it. A game is local or online, once ([`Mode`]). Handlers return
//!   [`Effect`]s instead of acting (start a search, send a request, copy, quit).
//! - [`lobby`]: lists a server's open challenges and creates new online games.
//! - [`online`]: an online game's state (`oware play --online URL`): seat, clocks, presence,
//!   offers, connection, the end.
//! - [`chat`]: an online game's chat as kept here: the messages (capped), the pane, the draft.
//! - [`net`]: talks to the server on a thread of its own: requests, server-sent events,
//!   reconnection, seat tokens kept per game, log-ins kept per server.
//! - [`wire`]: the server's JSON as read here.
//! - [`tables`]: the endgame databases of the game.
//! - [`layout`]: screen geometry: the screen's areas, which pit is drawn where, which pit a
//!   click lands on.
//! - [`checked`]: what is accepted from a server (ids, tokens, text, sizes), which is trusted
//!   no more than any other input.
//! - [`lang`]: the terminal's language and its messages (the Fluent catalogue of `oware-i18n`).
//!
//! No rule is decided here: moves, their legality and the reasons a pit cannot be played, the
//! sowing shown seed by seed, game ends and OGN all come from `oware-core`; levels and the search
//! from `oware-engine`; database values from `oware-egdb`.
#![forbid(unsafe_code)]

pub mod app;
pub mod chat;
pub mod checked;
pub mod lang;
pub mod layout;
pub mod lobby;
pub mod net;
pub mod online;
pub mod render;
pub mod tables;
pub mod term;
pub mod wire;
pub mod worker;

pub use app::{read_game, App, Config, Effect, EngineEvent, Mode, Opponent};
pub use tables::Tables;
pub use term::run;
