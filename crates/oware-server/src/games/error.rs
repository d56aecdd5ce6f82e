//! [`GameError`]: why a game operation was refused or failed, with a code for the page.

use crate::online::{OnlineError, OnlineErrorKind};
use crate::store::StoreError;

/// Why a game operation was refused or failed. Each kind has a code for the page; `error.rs`
/// gives each kind its HTTP status and log level. Its message is the sentence the page shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The request is malformed (a missing field, a bad number).
    #[error("{0}")]
    BadRequest(String),
    /// A well-formed request with a value the game cannot take: an illegal move, unknown
    /// settings. `code` names the reason (`empty-pit`, `bad-rules`, …).
    #[error("{message}")]
    Invalid {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// There is no game with this id.
    #[error("there is no game with this id")]
    NotFound,
    /// The operation needs the seat token and none was given.
    #[error("this needs the game's seat token (header X-Seat-Token)")]
    NoToken,
    /// The seat token given is not this game's.
    #[error("this seat token does not belong to this game")]
    WrongToken,
    /// The game is not in a state that allows this now (not your turn, nothing to undo).
    #[error("{message}")]
    Refused {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// The request's token holds no seat allowed to do this (a spectator, the other seat).
    #[error("{message}")]
    Forbidden {
        /// The reason's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// Too many of something in a short time: games created from one address
    /// (`too-many-games`), offers made again soon after a refusal (`offer-too-soon`).
    #[error("{message}")]
    TooMany {
        /// The limit's code.
        code: &'static str,
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
    /// The engine's queue for this work is full; nothing was changed.
    #[error("{message}")]
    Busy {
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
    /// A limit on one client's engine work (e.g. reviews running at once); `code` names it.
    #[error("{message}")]
    Limited {
        /// The limit's code, e.g. `too-many-reviews`.
        code: &'static str,
        /// A sentence for people.
        message: String,
    },
    /// Someone else changed the game first (another tab, another server instance); nothing
    /// was changed.
    #[error(
        "the game was changed elsewhere at the same moment; nothing was changed here: \
         reload it and try again"
    )]
    Conflict,
    /// The store failed.
    // Details (the file, the database's words) go to the log, not to the page.
    #[error("the game could not be read or saved just now (storage failed); try again")]
    Storage(StoreError),
    /// Something of ours is wrong (a damaged stored game, no random numbers).
    #[error("{0}")]
    Internal(String),
}

impl GameError {
    /// A short machine-readable code, e.g. `illegal-move`.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::BadRequest(_) => "bad-request",
            GameError::Invalid { code, .. }
            | GameError::Refused { code, .. }
            | GameError::Forbidden { code, .. }
            | GameError::Limited { code, .. }
            | GameError::TooMany { code, .. } => code,
            GameError::Busy { .. } => "engine-busy",
            GameError::NotFound => "unknown-game",
            GameError::NoToken => "no-token",
            GameError::WrongToken => "wrong-token",
            GameError::Conflict => "conflict",
            GameError::Storage(_) => "storage",
            GameError::Internal(_) => "internal",
        }
    }

    pub(crate) fn invalid(code: &'static str, message: impl Into<String>) -> GameError {
        GameError::Invalid {
            code,
            message: message.into(),
        }
    }

    pub(crate) fn refused(code: &'static str, message: impl Into<String>) -> GameError {
        GameError::Refused {
            code,
            message: message.into(),
        }
    }
}

impl From<OnlineError> for GameError {
    fn from(e: OnlineError) -> Self {
        let (code, message) = (e.code, e.message);
        match e.kind {
            OnlineErrorKind::Invalid => GameError::Invalid { code, message },
            OnlineErrorKind::Forbidden => GameError::Forbidden { code, message },
            OnlineErrorKind::Refused => GameError::Refused { code, message },
            OnlineErrorKind::TooSoon => GameError::TooMany {
                code,
                message,
                retry_after_s: e.retry_after_s,
            },
        }
    }
}

impl From<StoreError> for GameError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { .. } => GameError::Conflict,
            e => GameError::Storage(e),
        }
    }
}
