//! The bot bridge of `oware bot`, built in as lichess-bot is beside lichess: an engine that speaks
//! Aualé's UCI dialect (`oware uci`, or any other) plays on an `oware serve` site through the
//! site's bot API, as a bot account whose token it is given.
//!
//! | module | what |
//! | --- | --- |
//! | [`config`] | the TOML config file: challenges accepted, engine time, draws, reconnection |
//! | [`lines`] | byte streams cut into lines with a cap (the server's NDJSON, the engine's output) |
//! | [`wire`] | the bot API's events and states as the bridge reads them |
//! | [`client`] | the HTTP client: bearer token, capped answers, NDJSON streams with a silence limit |
//! | [`policy`] | which challenges are accepted (a pure function) |
//! | [`engine`] | the engine process: UCI handshake, `position`/`go`/`bestmove` with deadlines |
//! | [`track`] | a game's lines for the bot: its side, its turn, the engine's move checked |
//! | [`game`] | one task per game: stream, engine, moves, draws, claims, reconnection |
//! | [`bot`] | the account's event loop: challenges, game tasks, reconnection, clean stop |
//!
//! `docs/bot-bridge.md` describes the use, the config keys and what the bridge does when the
//! server or the engine misbehaves.

pub mod bot;
pub mod client;
pub mod config;
pub mod engine;
pub mod game;
pub mod lines;
pub mod policy;
pub mod track;
pub mod wire;

pub use bot::{Bridge, Exit};
pub use client::{Client, Token};
pub use config::Config;
pub use engine::EngineCommand;
