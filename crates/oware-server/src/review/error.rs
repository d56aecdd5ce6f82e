//! [`ReviewError`]: why a review was refused or failed to start. No HTTP here: `http/error.rs`
//! gives each kind its status.

use std::fmt;

use crate::store::StoreError;

/// Why a review was refused (the game's own refusals, an unknown game or a wrong token, come
/// from `games` before a review is asked for).
#[derive(Debug)]
pub enum ReviewError {
    /// A depth out of range (`bad-depth`).
    BadDepth(String),
    /// The client has [`super::REVIEWS_PER_CLIENT`] reviews running (`too-many-reviews`).
    TooMany(String),
    /// The engine's review lane is full; nothing was started.
    Busy {
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
    /// The store failed.
    Storage(StoreError),
}

impl ReviewError {
    /// A short machine-readable code, e.g. `too-many-reviews`.
    pub fn code(&self) -> &'static str {
        match self {
            ReviewError::BadDepth(_) => "bad-depth",
            ReviewError::TooMany(_) => "too-many-reviews",
            ReviewError::Busy { .. } => "engine-busy",
            ReviewError::Storage(_) => "storage",
        }
    }
}

impl fmt::Display for ReviewError {
    /// The sentence the page shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::BadDepth(m) | ReviewError::TooMany(m) => write!(f, "{m}"),
            ReviewError::Busy { message, .. } => write!(f, "{message}"),
            // Details (the database's words) go to the log, not to the page.
            ReviewError::Storage(_) => write!(
                f,
                "the game could not be read or saved just now (storage failed); try again"
            ),
        }
    }
}

impl std::error::Error for ReviewError {}

impl From<StoreError> for ReviewError {
    fn from(e: StoreError) -> Self {
        ReviewError::Storage(e)
    }
}
