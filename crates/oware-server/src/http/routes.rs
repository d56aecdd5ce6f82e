//! Every route of the API, declared once: one line per route says its method, path, request
//! and answer types (from `oware-protocol`), who may call it, its body limit, its budget class,
//! whether its list is paged, and its handler. From this one table come:
//!
//! - the router ([`routes`], used by `mod.rs`), each route with its own body limit;
//! - the 413 check in front of every route (`mod.rs`'s `refuse_large_bodies`, through
//!   [`body_limit`]): the limit is the declared route's, not a rule by path prefix;
//! - `docs/web.md`'s table "Every route's types" ([`markdown_table`]; the test
//!   `routes_documented` fails when the committed table differs, `UPDATE_DOCS=1` rewrites it);
//! - the OpenAPI document served at `GET /api/openapi.json` (`openapi.rs`);
//! - the page's typed client `static/js/api.gen.js` (`page_client.rs`; the test `routes_documented`).
//!
//! **Why a macro over a typed table.** The table is data ([`Route`], a `const` slice anyone can
//! read: the docs, the OpenAPI document, the client and the tests walk it), but each line also
//! holds its handler, whose type differs on every line, which a `const` slice cannot hold; and
//! the request and answer types are written as Rust types, so a renamed or removed protocol type
//! fails the build here, not in a document. A `macro_rules!` gives both from one line without a
//! proc-macro crate (nothing to build, nothing new to learn beyond this comment); utoipa's and
//! aide's attribute or builder styles would split a route's facts between the handler and the
//! router again.
//!
//! ## How to add a route
//!
//! Add ONE line to the table below, in the block of its domain, and nothing else in the router:
//!
//! ```text
//! GET "/api/tv" ; none ; json(TvList) ; Guest ; Std ; Free ; Capped => tv::list,
//! ```
//!
//! The fields, in order, separated by `;`:
//!
//! 1. method (`GET`, `POST`, `DELETE`, `PUT`) and path (axum's syntax: `{id}` is one segment);
//! 2. the request ([`Req`]): `none` (no body, or `{}`), `json(T)`, `optional(T)` (a JSON body
//!    that may be absent), `form(T)` (form or JSON, the bot routes), `query(T)` or `query` (query
//!    parameters read by hand);
//! 3. the answer ([`Ans`]): `json(T)`, then an optional status when it is not 200 (`json(T) 201`),
//!    `sse`, `ndjson(T)`, `text` (OGN), `svg`, `bytes` (a file, `application/octet-stream`),
//!    `empty` (204);
//! 4. who may call it ([`Auth`]): `Guest`, `Seat`, `Session`, `Token(scope)`, `Bot`,
//!    `SessionOrToken(scope)` (a scope is `oware_protocol::TokenScope`'s, written `BotPlay`,
//!    `ChallengeRead`, `ChallengeWrite`);
//! 5. the body limit ([`Limit`]): `Small` (32 KiB, a short text or a name) or `Std` (256 KiB);
//! 6. the budget class ([`Cost`]) the handler asks before any work: `Free`, `Stream`, `Engine`,
//!    `NewGame`, `Challenge`, `Chat`, `Attempts`, `Rounds`;
//! 7. paging ([`Paging`]): `One` (one object), `Capped` (a list with a fixed cap), `Paged`
//!    (`?page=`/`?offset=`), `Streamed`; then optionally a short note for the docs, a string;
//! 8. `=>` the handler, as axum takes it (a function of `http/` or a call making one).
//!
//! The request and answer types are written as `oware-protocol` types (or `NoBody`): they must
//! exist and be serde types the handler reads and writes. Then run
//! `UPDATE_DOCS=1 UPDATE_CLIENT=1 cargo test -p oware-server --test routes_documented` to write
//! the docs table and the page's client, and describe the route's behaviour in `docs/web.md`'s
//! prose. Adding a route touches: this line, its handler (`http/<domain>.rs`), the service it
//! calls, `docs/web.md` and the generated `static/js/api.gen.js` (plus its protocol types if new).

use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::routing::{on, MethodFilter, MethodRouter};
use axum::Router;
use oware_protocol::TokenScope;

use super::{
    accounts, bot, chat, classes, egdb, games, health, learn, lobby, online, openapi_json, players,
    pool, qr, review, search, study, tournaments, training, tv, NoBody, Shared,
};
use crate::games::OfferKind;
use crate::round::Ending;
use serde_json::Value;
use tournaments::Act;

/// One route's declaration (see the module's doc comment for how to write one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// `GET`, `POST`, `DELETE` or `PUT`.
    pub method: &'static str,
    /// axum's path, `{name}` for one segment.
    pub path: &'static str,
    /// What the request carries.
    pub req: Req,
    /// What the answer is.
    pub ans: Ans,
    /// Who may call it.
    pub auth: Auth,
    /// The largest body it reads.
    pub limit: Limit,
    /// What the handler asks of the budget before any work.
    pub cost: Cost,
    /// Whether its answer is one object, a capped list, a page or a stream.
    pub paging: Paging,
    /// A short note for the docs table ("" for none).
    pub note: &'static str,
}

/// What a request carries; the name is the `oware-protocol` type's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Req {
    /// No body (white space or `{}` are accepted).
    None,
    /// A JSON body of this type.
    Json(&'static str),
    /// A JSON body of this type, or none.
    Optional(&'static str),
    /// A form (`application/x-www-form-urlencoded`) or JSON body of this type, or none.
    Form(&'static str),
    /// Query parameters of this type ("" when read by hand; see the docs).
    Query(&'static str),
}

/// What an answer is; the name is the `oware-protocol` type's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ans {
    /// JSON of this type, with this status.
    Json(&'static str, u16),
    /// Server-sent events (`text/event-stream`).
    Sse,
    /// Newline-delimited JSON, one value of this type a line.
    Ndjson(&'static str),
    /// Plain text (OGN records).
    Text,
    /// An SVG image.
    Svg,
    /// A file's bytes (`application/octet-stream`).
    Bytes,
    /// 204, no body.
    Empty,
}

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auth {
    /// Anyone; a session may change what the answer shows.
    Guest,
    /// The holder of a seat token (`X-Seat-Token`) where the game is a player's to act on;
    /// some routes also take a spectator's `X-Watcher` handle (see docs/web.md).
    Seat,
    /// A logged-in session (the cookie).
    Session,
    /// An API token (`Authorization: Bearer`) with this scope.
    Token(TokenScope),
    /// An API token with `bot:play`, of a bot account.
    Bot,
    /// A session, or an API token with this scope.
    SessionOrToken(TokenScope),
}

/// A route's body limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `SMALL_BODY_LIMIT` (32 KiB): a short text, a name.
    Small,
    /// `BODY_LIMIT` (256 KiB).
    Std,
}

impl Limit {
    /// The limit in bytes.
    pub const fn bytes(self) -> usize {
        match self {
            Limit::Small => super::error::SMALL_BODY_LIMIT,
            Limit::Std => super::error::BODY_LIMIT,
        }
    }
}

/// What a route asks of the budget (`budget/`) or of a rate limit before any work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// Nothing beyond the body limit.
    Free,
    /// An open stream or long poll (per address, per account, for the server).
    Stream,
    /// An engine job (per address).
    Engine,
    /// A new game (per address; per account for online games).
    NewGame,
    /// A challenge sent (per account and address).
    Challenge,
    /// A chat message (per writer's rate).
    Chat,
    /// A log-in or sign-up attempt (per name and address).
    Attempts,
    /// Puzzle rounds played offline and sent (per account, a day).
    Rounds,
}

/// Whether an answer is one object or a list, and how a list is bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paging {
    /// One object.
    One,
    /// A list with a fixed cap (said in docs/web.md).
    Capped,
    /// A page of a list (`?page=` or `?offset=`).
    Paged,
    /// A stream, as long as it is open.
    Streamed,
}

macro_rules! req {
    (none) => {
        Req::None
    };
    (query) => {
        Req::Query("")
    };
    (json($t:ty)) => {
        Req::Json(stringify!($t))
    };
    (optional($t:ty)) => {
        Req::Optional(stringify!($t))
    };
    (form($t:ty)) => {
        Req::Form(stringify!($t))
    };
    (query($t:ty)) => {
        Req::Query(stringify!($t))
    };
}

macro_rules! ans {
    (json($t:ty)) => {
        Ans::Json(stringify!($t), 200)
    };
    (json($t:ty) $status:literal) => {
        Ans::Json(stringify!($t), $status)
    };
    (ndjson($t:ty)) => {
        Ans::Ndjson(stringify!($t))
    };
    (sse) => {
        Ans::Sse
    };
    (text) => {
        Ans::Text
    };
    (svg) => {
        Ans::Svg
    };
    (bytes) => {
        Ans::Bytes
    };
    (empty) => {
        Ans::Empty
    };
}

/// Builds [`ROUTES`], the router and a compile-time check that every named type exists.
macro_rules! routes {
    ($(
        $method:ident $path:literal ;
        $rk:ident $(($rt:ty))? ;
        $ak:ident $(($at:ty))? $($status:literal)? ;
        $auth:expr ;
        $limit:ident ;
        $cost:ident ;
        $paging:ident $($note:literal)?
        => $handler:expr
    ),* $(,)?) => {
        /// Every route of the API, in the order of the table.
        pub const ROUTES: &[Route] = &[$(
            Route {
                method: stringify!($method),
                path: $path,
                req: req!($rk $(($rt))?),
                ans: ans!($ak $(($at))? $($status)?),
                auth: {
                    #[allow(unused_imports)]
                    use Auth::*;
                    #[allow(unused_imports)]
                    use TokenScope::*;
                    $auth
                },
                limit: Limit::$limit,
                cost: Cost::$cost,
                paging: Paging::$paging,
                note: concat!("" $(, $note)?),
            }
        ),*];

        /// Every type the table names exists (a renamed protocol type fails here).
        #[allow(dead_code)]
        fn types_exist() {
            #[allow(unused_imports)]
            use oware_protocol::*;
            $($(let _: Option<$rt> = None;)? $(let _: Option<$at> = None;)?)*
        }

        /// The API's routes (without the fallbacks: unknown API paths, the page's files).
        pub(super) fn routes() -> Router<Shared> {
            Router::new()$(.route($path, route(MethodFilter::$method, Limit::$limit, $handler)))*
        }
    };
}

/// One method of a path with its body limit (as it is read: `mod.rs` refuses a longer
/// `Content-Length` before the handler runs).
fn route<H, T>(method: MethodFilter, limit: Limit, handler: H) -> MethodRouter<Shared>
where
    H: Handler<T, Shared>,
    T: 'static,
{
    on(method, handler).layer(DefaultBodyLimit::max(limit.bytes()))
}

#[rustfmt::skip]
routes! {
    // method path ; request ; answer ; auth ; body ; budget ; paging [note] => handler
    GET "/api/health" ; none ; json(Health) ; Guest ; Std ; Free ; One "503: `Health` with `ok: false`, `error`, `code`" => health::health,
    GET "/api/openapi.json" ; none ; json(Value) ; Guest ; Std ; Free ; One "this table as an OpenAPI 3.1 document" => openapi_json,
    // Games: creating, reading, watching.
    POST "/api/games" ; json(CreateReq) ; json(SeatAnswer) 201 ; Guest ; Std ; NewGame ; One => games::create,
    GET "/api/games/{id}" ; query ; json(StateView) ; Guest ; Std ; Stream ; One "`?since=V&wait_ms=N`: a long poll (a stream of the budget)" => games::state,
    DELETE "/api/games/{id}" ; none ; json(StateView) ; Seat ; Std ; Free ; One => online::ending(Ending::Cancel),
    GET "/api/games/{id}/events" ; query ; sse ; Guest ; Std ; Stream ; Streamed "`UpdateEvent`, `ThinkingEvent`, `AnalysisEvent`, `ReviewEvent`, `SpectatorsEvent`, `ChatMessage` (names: `EventKind`)" => games::events,
    GET "/api/lobby" ; none ; json(Lobby) ; Guest ; Std ; Free ; Capped => lobby::lobby,
    GET "/api/lobby/events" ; none ; sse ; Guest ; Std ; Stream ; Streamed "`LobbyList`, `LobbyAdd`, `LobbyRemove`" => lobby::lobby_events,
    GET "/api/tv" ; query(TvQuery) ; json(TvAnswer) ; Guest ; Std ; Free ; One "`?channel=best|bots|tournament`" => tv::featured,
    GET "/api/tv/games" ; query(LiveGamesQuery) ; json(LiveGames) ; Guest ; Std ; Free ; Paged "12 a page" => tv::games,
    GET "/api/search/games" ; query(GameSearchQuery) ; json(GameSearchPage) ; Guest ; Std ; Free ; Paged "20 a page" => search::games,
    POST "/api/position" ; json(PositionReq) ; json(PositionAnswer) ; Guest ; Std ; Free ; One "a position and a line judged by the core; nothing stored" => study::position,
    GET "/api/classes" ; none ; json(ClassList) ; Session ; Std ; Free ; Capped "a teacher's classes, or a pupil's class" => classes::list,
    POST "/api/classes" ; json(NewClassReq) ; json(ClassSummary) 201 ; Session ; Small ; Free ; One => classes::create,
    GET "/api/classes/{id}" ; none ; json(ClassView) ; Session ; Std ; Free ; Capped "40 pupils and 50 pieces of work at most" => classes::view,
    DELETE "/api/classes/{id}" ; none ; json(OkAnswer) ; Session ; Std ; Free ; One => classes::delete,
    GET "/api/classes/{id}/progress.csv" ; none ; text ; Session ; Std ; Free ; Capped "the progress page as CSV" => classes::csv,
    POST "/api/classes/{id}/pupils" ; json(NewPupilsReq) ; json(PupilLogins) 201 ; Session ; Small ; Free ; Capped => classes::add_pupils,
    POST "/api/classes/{id}/pupils/{username}/password" ; none ; json(PupilLogins) ; Session ; Small ; Free ; One => classes::reset,
    POST "/api/classes/{id}/pupils/{username}/open" ; json(PupilOpenReq) ; json(OkAnswer) ; Session ; Small ; Free ; One => classes::set_open,
    POST "/api/classes/{id}/work" ; json(NewWorkReq) ; json(WorkView) 201 ; Session ; Small ; Free ; One => classes::assign,
    DELETE "/api/classes/{id}/work/{work}" ; none ; json(OkAnswer) ; Session ; Std ; Free ; One => classes::unassign,
    POST "/api/classes/{id}/arena" ; none ; json(TournamentView) 201 ; Session ; Small ; Free ; One "a class arena, open to the class only" => classes::arena,
    GET "/api/worksheet" ; query(WorksheetQuery) ; json(Worksheet) ; Guest ; Std ; Free ; One "`?level=&theme=&sheet=`" => classes::worksheet,
    GET "/api/qr.svg" ; query ; svg ; Guest ; Std ; Free ; One "`?text=`" => qr::invite_qr,
    // Online play.
    POST "/api/games/{id}/join" ; optional(JoinReq) ; json(SeatAnswer) ; Guest ; Small ; NewGame ; One => online::join,
    POST "/api/games/{id}/resign" ; none ; json(StateView) ; Seat ; Std ; Free ; One => online::ending(Ending::Resign),
    POST "/api/games/{id}/abort" ; none ; json(StateView) ; Seat ; Std ; Free ; One => online::ending(Ending::Abort),
    POST "/api/games/{id}/draw" ; json(OfferReq) ; json(StateView) ; Seat ; Std ; Free ; One => online::offer(OfferKind::Draw),
    POST "/api/games/{id}/takeback" ; json(OfferReq) ; json(StateView) ; Seat ; Std ; Free ; One => online::offer(OfferKind::Takeback),
    POST "/api/games/{id}/cycle" ; json(OfferReq) ; json(StateView) ; Seat ; Std ; Free ; One => online::offer(OfferKind::Cycle),
    GET "/api/games/{id}/chat" ; none ; json(ChatLog) ; Guest ; Std ; Free ; Capped => chat::log,
    POST "/api/games/{id}/chat" ; json(ChatReq) ; json(ChatMessage) 201 ; Guest ; Small ; Chat ; One => chat::post,
    POST "/api/games/{id}/claim" ; json(ClaimReq) ; json(StateView) ; Seat ; Std ; Free ; One => online::claim,
    POST "/api/games/{id}/rematch" ; json(OfferReq) ; json(RematchAnswer) ; Seat ; Std ; NewGame ; One => online::rematch,
    POST "/api/games/{id}/seat" ; none ; json(SeatAnswer) ; Seat ; Std ; Free ; One => online::seat,
    POST "/api/games/{id}/presence" ; none ; json(PresenceAnswer) ; Seat ; Std ; Free ; One => online::presence,
    // Moves, games on one device, analysis and review.
    POST "/api/games/{id}/moves" ; json(MoveReq) ; json(MoveAnswer) ; Seat ; Std ; Engine ; One => games::play,
    POST "/api/games/{id}/undo" ; none ; json(StateView) ; Seat ; Std ; Free ; One => games::undo,
    POST "/api/games/{id}/redo" ; none ; json(StateView) ; Seat ; Std ; Free ; One => games::redo,
    GET "/api/games/{id}/ogn" ; none ; text ; Guest ; Std ; Free ; One "the OGN record (download)" => games::ogn,
    POST "/api/games/{id}/analysis" ; json(AnalysisReq) ; json(AnalysisStarted) 202 ; Seat ; Std ; Engine ; One "or a spectator's `X-Watcher`" => games::analyse,
    DELETE "/api/games/{id}/analysis" ; none ; empty ; Seat ; Std ; Free ; One => games::stop_analysis,
    POST "/api/games/{id}/review" ; optional(ReviewReq) ; json(ReviewView) 202 ; Guest ; Std ; Engine ; One "200 with the stored review; a seat token for a game on one device" => review::review,
    GET "/api/games/{id}/review" ; none ; json(ReviewView) ; Guest ; Std ; Free ; One => review::review_state,
    // Accounts.
    GET "/api/account" ; none ; json(AccountAnswer) ; Guest ; Std ; Free ; One "a Bearer token answers `BotAccount`" => bot::account,
    GET "/api/account/games" ; query ; json(AccountGames) ; Session ; Std ; Free ; Paged "`?offset=N`" => online::account_games,
    POST "/api/account/signup" ; json(Credentials) ; json(AccountAnswer) ; Guest ; Std ; Attempts ; One => accounts::sign_up,
    POST "/api/account/login" ; json(Credentials) ; json(AccountAnswer) ; Guest ; Std ; Attempts ; One => accounts::log_in,
    POST "/api/account/logout" ; optional(LogOutReq) ; json(AccountAnswer) ; Guest ; Std ; Free ; One => accounts::log_out,
    POST "/api/account/lang" ; json(LangReq) ; json(LangReq) ; Guest ; Std ; Free ; One => accounts::set_lang,
    POST "/api/account/password" ; json(NewPasswordReq) ; json(AccountAnswer) ; Session ; Std ; Attempts ; One => accounts::change_password,
    POST "/api/account/close" ; json(CloseReq) ; json(AccountAnswer) ; Session ; Std ; Attempts ; One => accounts::close,
    POST "/api/account/reset" ; json(ResetReq) ; json(AccountAnswer) ; Guest ; Std ; Attempts ; One => accounts::reset,
    GET "/api/account/tokens" ; none ; json(TokenList) ; Session ; Std ; Free ; Capped => bot::tokens,
    POST "/api/account/tokens" ; json(NewTokenReq) ; json(CreatedToken) 201 ; Session ; Std ; Free ; One => bot::create_token,
    DELETE "/api/account/tokens/{id}" ; none ; json(TokenList) ; Session ; Std ; Free ; Capped => bot::revoke_token,
    // Bots (lichess's bot API).
    POST "/api/bot/account/upgrade" ; form(NoBody) ; json(BotAccount) ; Token(BotPlay) ; Std ; Free ; One => bot::upgrade,
    GET "/api/bot/online" ; none ; json(OnlineBots) ; Guest ; Std ; Free ; Capped => bot::online,
    GET "/api/stream/event" ; none ; ndjson(AccountEvent) ; SessionOrToken(ChallengeRead) ; Std ; Stream ; Streamed "a token with `bot:play` also reads it" => bot::event_stream,
    GET "/api/bot/game/stream/{id}" ; none ; ndjson(GameEvent) ; Bot ; Std ; Stream ; Streamed "`gameFull` first" => bot::game_stream,
    POST "/api/bot/game/{id}/move/{move}" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::play,
    POST "/api/bot/game/{id}/chat" ; form(ChatReq) ; json(OkAnswer) ; Bot ; Small ; Chat ; One => bot::chat,
    POST "/api/bot/game/{id}/resign" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::ending(Ending::Resign),
    POST "/api/bot/game/{id}/abort" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::ending(Ending::Abort),
    POST "/api/bot/game/{id}/claim-victory" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::claim_victory,
    POST "/api/bot/game/{id}/draw/{answer}" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One "`answer`: `yes` or `no`" => bot::answer(OfferKind::Draw),
    POST "/api/bot/game/{id}/takeback/{answer}" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::answer(OfferKind::Takeback),
    POST "/api/bot/game/{id}/cycle/{answer}" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One "`yes`: offer or accept ending a cycle by agreement; `no`: decline or withdraw" => bot::answer(OfferKind::Cycle),
    POST "/api/board/game/{id}/draw/{answer}" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One "lichess's board route, for bot accounts" => bot::answer(OfferKind::Draw),
    POST "/api/board/game/{id}/takeback/{answer}" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::answer(OfferKind::Takeback),
    POST "/api/board/game/{id}/claim-victory" ; none ; json(OkAnswer) ; Bot ; Std ; Free ; One => bot::claim_victory,
    POST "/api/challenge/{name}" ; form(ChallengeReq) ; json(ChallengeView) 201 ; SessionOrToken(ChallengeWrite) ; Std ; Challenge ; One => bot::challenge,
    GET "/api/challenge" ; none ; json(ChallengeList) ; SessionOrToken(ChallengeRead) ; Std ; Free ; Capped => bot::challenges,
    POST "/api/challenge/{id}/accept" ; none ; json(ChallengeView) ; SessionOrToken(ChallengeWrite) ; Std ; NewGame ; One "with `game_id`" => bot::accept,
    POST "/api/challenge/{id}/decline" ; form(DeclineReq) ; json(ChallengeView) ; SessionOrToken(ChallengeWrite) ; Std ; Free ; One => bot::decline,
    POST "/api/challenge/{id}/cancel" ; none ; json(ChallengeView) ; SessionOrToken(ChallengeWrite) ; Std ; Free ; One => bot::cancel,
    // Players.
    GET "/api/user/{name}" ; none ; json(Profile) ; Guest ; Std ; Free ; One => players::profile,
    GET "/api/user/{name}/rating-history" ; query(RatingHistoryQuery) ; json(RatingHistory) ; Guest ; Std ; Free ; Capped => players::rating_history,
    GET "/api/user/{name}/games" ; query(HistoryQuery) ; json(HistoryPage) ; Guest ; Std ; Free ; Paged => players::games,
    GET "/api/games/user/{name}" ; none ; text ; Guest ; Std ; Free ; Streamed "OGN, streamed" => players::export,
    GET "/api/player" ; query(LeadersQuery) ; json(Leaderboards) ; Guest ; Std ; Free ; Capped "`?bots=true`" => players::leaderboards,
    // Pools and tournaments.
    POST "/api/pool/{pool}" ; optional(PoolReq) ; json(TicketView) 201 ; Guest ; Small ; NewGame ; One => pool::join,
    GET "/api/pool/ticket/{id}" ; query ; json(TicketView) ; Guest ; Std ; Stream ; One "`?wait_ms=`" => pool::ticket,
    DELETE "/api/pool/ticket/{id}" ; none ; json(LeftAnswer) ; Guest ; Std ; Free ; One => pool::leave,
    GET "/api/pool/ticket/{id}/events" ; none ; sse ; Guest ; Std ; Stream ; Streamed "`ticket`, `paired` (each a `TicketView`)" => pool::ticket_events,
    GET "/api/tournaments" ; none ; json(TournamentList) ; Guest ; Std ; Free ; Capped => tournaments::list,
    POST "/api/tournaments" ; json(NewTournament) ; json(TournamentView) 201 ; Session ; Std ; Free ; One => tournaments::create,
    GET "/api/tournaments/{id}" ; query(TournamentQuery) ; json(TournamentView) ; Guest ; Std ; Free ; Paged "the standings, `?page=N`, 100 lines a page" => tournaments::tournament,
    POST "/api/tournaments/{id}/join" ; none ; json(TournamentView) ; Session ; Std ; Free ; One => tournaments::act(Act::Join),
    POST "/api/tournaments/{id}/withdraw" ; none ; json(TournamentView) ; Session ; Std ; Free ; One => tournaments::act(Act::Withdraw),
    POST "/api/tournaments/{id}/berserk" ; none ; json(TournamentView) ; Session ; Std ; Free ; One => tournaments::act(Act::Berserk),
    GET "/api/tournaments/{id}/events" ; none ; sse ; Guest ; Std ; Stream ; Streamed "`standings` `{\"version\"}`" => tournaments::events,
    // Puzzles.
    GET "/api/puzzle/daily" ; none ; json(DailyPuzzle) ; Guest ; Std ; Free ; One "opens a round; no solution" => training::daily,
    GET "/api/puzzle/next" ; query(NextQuery) ; json(PuzzleView) ; Guest ; Std ; Free ; One "opens a round; no solution" => training::next,
    GET "/api/puzzle/history" ; query(PuzzleHistoryQuery) ; json(PuzzleHistory) ; Guest ; Std ; Free ; Paged => training::history,
    GET "/api/puzzle/themes" ; none ; json(PuzzleThemes) ; Guest ; Std ; Free ; Capped => training::themes,
    GET "/api/puzzle/{id}" ; none ; json(PuzzleView) ; Guest ; Std ; Free ; One "opens a round; no solution" => training::puzzle,
    POST "/api/puzzle/offline" ; json(OfflineRoundsReq) ; json(OfflineRoundsAnswer) ; Session ; Small ; Rounds ; Capped "unrated; at most 50 rounds a request, 200 a day an account" => training::offline,
    POST "/api/puzzle/{id}/round" ; json(RoundReq) ; json(RoundAnswer) ; Guest ; Small ; Free ; One "rated only for a served round at 1 s a move and 10 a minute, see docs/puzzles.md" => training::round,
    POST "/api/puzzle/{id}/vote" ; json(VoteReq) ; json(VoteAnswer) ; Session ; Small ; Free ; One => training::vote,
    // Lessons.
    GET "/api/learn" ; none ; json(LessonList) ; Guest ; Std ; Free ; Capped "the account's stars; none for a guest" => learn::list,
    POST "/api/learn/progress" ; json(ProgressReq) ; json(ProgressAnswer) ; Session ; Small ; Free ; One => learn::progress,
    POST "/api/counting" ; json(CountReq) ; json(CountAnswer) ; Guest ; Small ; Free ; One => learn::count,
    GET "/api/learn/{lesson}" ; none ; json(LessonView) ; Guest ; Std ; Free ; One => learn::lesson,
    POST "/api/learn/{lesson}/{step}/move" ; json(StepMovesReq) ; json(StepAnswer) ; Guest ; Small ; Free ; One => learn::play,
    // Endgame tables for the page's engine.
    GET "/api/egdb/{rules}/{n}" ; none ; bytes ; Guest ; Std ; Free ; One "level `n` (0 to 12) of the server's tables, `rules` `abapa`; immutable, see docs/web-page.md" => egdb::level,
}

/// The declared route `method` `path` answers (a literal segment wins over `{name}`, as in
/// axum's router), if any.
pub fn find(method: &str, path: &str) -> Option<&'static Route> {
    let mut best: Option<(&'static Route, usize)> = None;
    for r in ROUTES.iter().filter(|r| r.method == method) {
        if let Some(literals) = matches(r.path, path) {
            if best.is_none_or(|(_, n)| literals > n) {
                best = Some((r, literals));
            }
        }
    }
    best.map(|(r, _)| r)
}

/// How many literal segments of `template` match `path`, or `None` when it does not match.
fn matches(template: &str, path: &str) -> Option<usize> {
    let mut t = template.split('/');
    let mut p = path.split('/');
    let mut literals = 0;
    loop {
        match (t.next(), p.next()) {
            (None, None) => return Some(literals),
            (Some(ts), Some(ps)) if ts.starts_with('{') && ts.ends_with('}') => {
                if ps.is_empty() {
                    return None;
                }
            }
            (Some(ts), Some(ps)) if ts == ps => literals += 1,
            _ => return None,
        }
    }
}

/// The body limit of `method` `path`: its declared route's, else `BODY_LIMIT`.
pub(crate) fn body_limit(method: &axum::http::Method, path: &str) -> usize {
    find(method.as_str(), path).map_or(super::error::BODY_LIMIT, |r| r.limit.bytes())
}

impl Route {
    /// The route's name in the page's client and the OpenAPI document's `operationId`: its
    /// path's literal segments after `/api` in camel case (`POST /api/puzzle/{id}/round`:
    /// `puzzleRound`); where two routes share them, the method first (`getTournaments`,
    /// `postTournaments`), and where that is not enough, `By` and the parameters
    /// (`getTournamentsById`).
    pub fn name(&self) -> String {
        let base = |r: &Route| -> String {
            let mut out = String::new();
            for word in r
                .path
                .trim_start_matches("/api/")
                .split(['/', '.', '-'])
                .filter(|w| !w.is_empty() && !w.starts_with('{'))
            {
                push_word(&mut out, word);
            }
            out
        };
        let with_method = |r: &Route| -> String {
            let mut out = r.method.to_ascii_lowercase();
            push_word(&mut out, &base(r));
            out
        };
        let with_params = |r: &Route| -> String {
            let mut out = with_method(r);
            for (i, p) in r.params().enumerate() {
                push_word(&mut out, if i == 0 { "by" } else { "and" });
                push_word(&mut out, p);
            }
            out
        };
        let mine = base(self);
        if ROUTES.iter().filter(|r| base(r) == mine).count() == 1 {
            return mine;
        }
        let mine = with_method(self);
        if ROUTES.iter().filter(|r| with_method(r) == mine).count() == 1 {
            return mine;
        }
        with_params(self)
    }

    /// The names of the path's parameters, in order.
    pub fn params(&self) -> impl Iterator<Item = &'static str> {
        self.path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
    }
}

/// `word` added to the camel-case name `out` (capitalised unless `out` is empty).
fn push_word(out: &mut String, word: &str) {
    let mut chars = word.chars();
    if let Some(first) = chars.next() {
        if out.is_empty() {
            out.push(first.to_ascii_lowercase());
        } else {
            out.push(first.to_ascii_uppercase());
        }
        out.push_str(chars.as_str());
    }
}

impl Req {
    /// The type's name, if any.
    pub fn type_name(self) -> Option<&'static str> {
        match self {
            Req::None | Req::Query("") => None,
            Req::Json(t) | Req::Optional(t) | Req::Form(t) | Req::Query(t) => Some(t),
        }
    }
}

impl Ans {
    /// The type's name, if any.
    pub fn type_name(self) -> Option<&'static str> {
        match self {
            Ans::Json(t, _) | Ans::Ndjson(t) => Some(t),
            _ => None,
        }
    }
}

impl std::fmt::Display for Req {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Req::None => f.write_str("none"),
            Req::Json(t) => write!(f, "`{t}`"),
            Req::Optional(t) => write!(f, "`{t}` (optional)"),
            Req::Form(t) => write!(f, "`{t}` (form or JSON, optional)"),
            Req::Query("") => f.write_str("query"),
            Req::Query(t) => write!(f, "`{t}` (query)"),
        }
    }
}

impl std::fmt::Display for Ans {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ans::Json(t, 200) => write!(f, "`{t}`"),
            Ans::Json(t, s) => write!(f, "`{t}` ({s})"),
            Ans::Sse => f.write_str("SSE"),
            Ans::Ndjson(t) => write!(f, "NDJSON: `{t}` lines"),
            Ans::Text => f.write_str("text (`text/plain`)"),
            Ans::Svg => f.write_str("SVG (`image/svg+xml`)"),
            Ans::Bytes => f.write_str("bytes (`application/octet-stream`)"),
            Ans::Empty => f.write_str("204, no body"),
        }
    }
}

impl std::fmt::Display for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Auth::Guest => f.write_str("anyone"),
            Auth::Seat => f.write_str("seat token"),
            Auth::Session => f.write_str("session"),
            Auth::Token(s) => write!(f, "token `{s}`"),
            Auth::Bot => f.write_str("bot token (`bot:play`)"),
            Auth::SessionOrToken(s) => write!(f, "session or token `{s}`"),
        }
    }
}

/// `docs/web.md`'s table "Every route's types", written from [`ROUTES`].
pub fn markdown_table() -> String {
    let mut out = String::from(
        "| route | request | answer | auth | body | budget | paging |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for r in ROUTES {
        let note = if r.note.is_empty() {
            String::new()
        } else {
            format!("; {}", r.note)
        };
        out.push_str(&format!(
            "| `{} {}` | {} | {}{} | {} | {} KiB | {:?} | {:?} |\n",
            r.method,
            r.path,
            r.req,
            r.ans,
            note,
            r.auth,
            r.limit.bytes() / 1024,
            r.cost,
            r.paging,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_segment_wins() {
        assert_eq!(
            find("GET", "/api/puzzle/daily").map(|r| r.path),
            Some("/api/puzzle/daily")
        );
        assert_eq!(
            find("GET", "/api/puzzle/abc").map(|r| r.path),
            Some("/api/puzzle/{id}")
        );
        assert_eq!(find("GET", "/api/puzzle/"), None);
        assert_eq!(find("PUT", "/api/puzzle/daily"), None);
    }

    #[test]
    fn names_are_unique_and_read_well() {
        let mut seen = std::collections::HashSet::new();
        for r in ROUTES {
            assert!(
                seen.insert(r.name()),
                "{} {}: {} twice",
                r.method,
                r.path,
                r.name()
            );
        }
        let name = |m: &str, p: &str| find(m, p).map(Route::name);
        assert_eq!(
            name("POST", "/api/puzzle/x/round").as_deref(),
            Some("puzzleRound")
        );
        assert_eq!(
            name("GET", "/api/tournaments/x").as_deref(),
            Some("getTournamentsById")
        );
        assert_eq!(name("GET", "/api/qr.svg").as_deref(), Some("qrSvg"));
    }

    #[test]
    fn small_bodies_come_from_the_table() {
        use axum::http::Method;
        let small = super::super::error::SMALL_BODY_LIMIT;
        assert_eq!(body_limit(&Method::POST, "/api/games/x/chat"), small);
        assert_eq!(body_limit(&Method::POST, "/api/pool/blitz"), small);
        assert_eq!(body_limit(&Method::POST, "/api/counting"), small);
        assert_ne!(body_limit(&Method::DELETE, "/api/pool/ticket/x"), small);
        assert_ne!(body_limit(&Method::POST, "/api/games"), small);
        assert_ne!(body_limit(&Method::POST, "/api/nowhere/chat"), small);
    }
}
