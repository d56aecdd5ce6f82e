//! The wire protocol of `oware serve`: the requests, answers and events between the server
//! (`oware-server`) and its clients (the web page, the terminal client `oware-tui`, the tests),
//! as serde types. `docs/web.md` is the reference; these types are its one Rust spelling.
//!
//! - Fixed vocabularies are enums that travel as the same strings as before: [`Status`],
//!   [`EndReason`], [`EventKind`], [`OfferKind`], [`OfferAction`], [`ClaimResult`],
//!   [`ReviewStatus`], [`Purpose`], [`Starts`], [`Color`], [`EngineSeat`], [`PuzzleMode`],
//!   [`PlayerResult`], [`DeclineReason`], and every error answer's [`ErrorCode`].
//! - One per-side type: [`oware_core::BySide`], written `{"S": …, "N": …}` through
//!   [`by_side`] (`#[serde(with = "oware_protocol::by_side")]`).
//! - One shape per answer: [`SeatAnswer`] (`{id, token, state}`), [`MoveAnswer`]
//!   (`{detail, state}`), [`RematchAnswer`] (`{state, rematch}`), a bare [`StateView`] for the
//!   other actions.
//!
//! Reading is lenient where a client may be talking to an older or newer server: unknown fields
//! are ignored and most fields may be missing (their default is taken); the fields a client
//! cannot do without (a state's `id`, `version` and `rules`, an online state's `status`, a
//! lobby entry's `id`, `color` and `rules`) are required. Nothing here trusts what it reads:
//! a client that does not trust its server checks ids, tokens and texts after reading (the
//! terminal client's `checked` module does).
//!
//! - One reader of the event streams (`text/event-stream`), [`sse::FrameParser`]: chunks in,
//!   complete [`sse::Frame`]s out, bounded and linear; the terminal client, the server's tests
//!   and examples and the command line's tests read every stream through it.
//!
//! No HTTP and no runtime here: serde, the rules core's `Side` and `BySide`, and a byte parser.

/// The sides and the per-side pair, from the rules core (`"S"`, `"N"`; see [`by_side`]).
pub use oware_core::{BySide, Side};

mod accounts;
mod answers;
mod bots;
pub mod by_side;
pub mod classes;
mod error_code;
mod events;
mod health;
mod kinds;
mod lessons;
mod online;
mod players;
mod pools;
pub mod printable;
mod puzzles;
mod puzzles_offline;
mod requests;
mod review;
pub mod schema;
mod search;
pub mod sse;
mod state;
mod study;
mod tournaments;
pub mod ts;
pub mod view;
mod watch;

pub use accounts::{
    AccountAnswer, AccountGame, AccountGames, CloseReq, Credentials, LangReq, LogOutReq,
    NewPasswordReq, ResetReq,
};
pub use answers::{
    AnalysisStarted, ErrorBody, MoveAnswer, PresenceAnswer, RematchAnswer, SeatAnswer,
};
pub use bots::{
    AccountEvent, BotAccount, BotGameState, BotPlayer, ChallengeList, ChallengeReq, ChallengeSide,
    ChallengeStatus, ChallengeView, ChatLine, CreatedToken, DeclineReason, DeclineReq, EventGame,
    GameEvent, GameFull, LeadersQuery, NewTokenReq, OkAnswer, OnlineBot, OnlineBots, OpponentGone,
    TokenAccount, TokenList, TokenScope, TokenView,
};
pub use classes::{
    ClassList, ClassSummary, ClassView, CountExercise, NewClassReq, NewPupilsReq, NewWorkReq,
    PupilClass, PupilLogin, PupilLogins, PupilOpenReq, PupilView, SheetPuzzle, WorkProgress,
    WorkView, Worksheet, WorksheetQuery,
};
pub use error_code::ErrorCode;
pub use events::{
    ChatLog, ChatMessage, LobbyAdd, LobbyList, LobbyRemove, SpectatorsEvent, ThinkingEvent,
    UpdateEvent,
};
pub use health::{DatabaseHealth, EgdbHealth, EngineHealth, Health};
pub use kinds::{
    ChatRoom, ClaimResult, EndReason, EventKind, OfferAction, OfferKind, Purpose, ReviewStatus,
    Status, UnknownName,
};
pub use lessons::{
    CountAnswer, CountReq, LessonList, LessonSummary, LessonView, ProgressAnswer, ProgressReq,
    StepAnswer, StepMovesReq, StepSolved, StepStars, StepView,
};
pub use online::{ClockView, Lobby, LobbyEntry, OnlineView, SeatRating, SeatView, TimeControl};
pub use players::{
    HistoryEntry, HistoryPage, HistoryQuery, Leader, Leaderboards, PlayerResult, Profile,
    RatingHistory, RatingHistoryQuery, RatingPoint, RatingView,
};
pub use pools::{LeftAnswer, Pairing, PoolReq, TicketView};
pub use puzzles::{
    DailyPuzzle, NextQuery, PuzzleBoard, PuzzleExplain, PuzzleHistory, PuzzleHistoryQuery,
    PuzzleMode, PuzzleRating, PuzzleRound, PuzzleTheme, PuzzleThemes, PuzzleView, RoundAnswer,
    RoundReq, VoteAnswer, VoteReq,
};
pub use puzzles_offline::{OfflineResult, OfflineRound, OfflineRoundsAnswer, OfflineRoundsReq};
pub use requests::{
    AnalysisReq, ChatReq, ClaimReq, ClockReq, Color, CreateReq, EngineSeat, JoinReq, MoveReq,
    OfferReq, ReviewReq, Starts,
};
pub use review::{ReviewEvent, ReviewView, REVIEW_ENDED};
pub use search::{GameSearchHit, GameSearchPage, GameSearchQuery};
pub use state::{
    AnalysisEvent, MoveDetailView, MoveView, OutcomeView, PitInfo, PitValue, PositionView,
    RuleOptions, StateView,
};
pub use study::{PositionAnswer, PositionReq};
pub use tournaments::{
    ByeLine, GameLine, NewTournament, SheetMark, StandingLine, TournamentList, TournamentMe,
    TournamentQuery, TournamentSummary, TournamentView, WaveTime,
};
pub use watch::{LiveGame, LiveGames, LiveGamesQuery, LivePlayer, TvAnswer, TvQuery};
