//! [`OnlineError`]: why an online request was refused, by kind.

/// How an online request went wrong (its message is the sentence shown); `games` turns it into
/// a [`crate::GameError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct OnlineError {
    /// Whose fault and which answer.
    pub kind: OnlineErrorKind,
    /// A short machine-readable code, e.g. `seat-taken`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// For [`OnlineErrorKind::TooSoon`]: the seconds to wait.
    pub retry_after_s: u64,
}

/// The kinds of [`OnlineError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineErrorKind {
    /// A value the game cannot take (absurd clock settings, an unknown action).
    Invalid,
    /// The request's token holds no seat allowed to do this (a spectator).
    Forbidden,
    /// Not now: the game's state does not allow it.
    Refused,
    /// Not yet: the same request was made too recently (an offer again soon after it was
    /// declined or withdrawn); [`OnlineError::retry_after_s`] says when it may be made.
    TooSoon,
}

impl OnlineError {
    pub(super) fn new(
        kind: OnlineErrorKind,
        code: &'static str,
        message: impl Into<String>,
    ) -> Self {
        OnlineError {
            kind,
            code,
            message: message.into(),
            retry_after_s: 0,
        }
    }

    pub(super) fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(OnlineErrorKind::Invalid, code, message)
    }

    pub(crate) fn refused(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(OnlineErrorKind::Refused, code, message)
    }

    /// The request carries no token of a player of this game.
    pub fn not_your_seat() -> Self {
        Self::new(
            OnlineErrorKind::Forbidden,
            "not-your-seat",
            "only the game's players can do this (your seat token is not one of this game's)",
        )
    }

    /// The game is over (or aborted, or cancelled).
    pub fn game_over() -> Self {
        Self::refused("game-over", "the game is over")
    }
}
