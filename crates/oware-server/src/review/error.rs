//! [`ReviewError`]: why a review was refused or failed to start. No HTTP here: `http/error.rs`
//! gives each kind its status.

use crate::store::StoreError;

/// Why a review was refused (the game's own refusals, an unknown game or a wrong token, come
/// from `games` before a review is asked for).
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// A depth out of range (`bad-depth`).
    #[error("{0}")]
    BadDepth(String),
    /// The client has [`super::REVIEWS_PER_CLIENT`] reviews running (`too-many-reviews`).
    #[error("{0}")]
    TooMany(String),
    /// The engine's review lane is full; nothing was started.
    #[error("{message}")]
    Busy {
        /// A sentence for people.
        message: String,
        /// When to try again, in seconds.
        retry_after_s: u64,
    },
    /// The store failed. Details (the database's words) go to the log, not to the page.
    #[error("the game could not be read or saved just now (storage failed); try again")]
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

impl From<StoreError> for ReviewError {
    fn from(e: StoreError) -> Self {
        ReviewError::Storage(e)
    }
}
