//! `GET /api/health`: the database, the engine's work and the endgame tables.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/health`: 200 with `ok: true` while the database answers, 503 with `ok: false`
/// and the error envelope's `error` and `code` when it does not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Health {
    /// Whether the instance can serve.
    pub ok: bool,
    /// Stored games (when the database answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub games: Option<u64>,
    /// The database.
    pub database: DatabaseHealth,
    /// The engine's work on this instance (when the database answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub engine: Option<EngineHealth>,
    /// The endgame tables, `null` without any (when the database answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub egdb: Option<Option<EgdbHealth>>,
    /// Why not (503).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// The error's code (503: `storage`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
}

/// The database's part of [`Health`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct DatabaseHealth {
    /// Whether it answers.
    pub ok: bool,
    /// `sqlite` or `postgresql`.
    pub kind: String,
    /// Whether other instances share it.
    pub shared: bool,
    /// Why not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

/// The engine's part of [`Health`]: work since start on this instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct EngineHealth {
    /// Replies the computer searched.
    pub replies: u64,
    /// Reviews started.
    pub reviews: u64,
}

/// The endgame tables' part of [`Health`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct EgdbHealth {
    /// The rules they were built for (text form).
    pub rules: String,
    /// The largest covered seed count.
    pub max_seeds: Option<u8>,
    /// Whether a build runs.
    pub building: bool,
    /// The build's target seed count.
    pub target: Option<u8>,
    /// The build's progress in words.
    pub status: Option<String>,
}
