//! The bots' routes (`docs/bots.md`): the upgrade, a bot's game stream and actions
//! (`/api/bot/…`), the account's event stream (`/api/stream/event`), the challenges
//! (`/api/challenge…`) and the API tokens (`/api/account/tokens…`); the `Authorization: Bearer`
//! check; the NDJSON answers.
//!
//! **Who may call what.** `/api/bot/…` take a token only (a session cookie alone is refused
//! with 403 `token-required`); the challenges and the event stream take a token or a session
//! (the page listens to its account's challenges); the tokens' own routes and every other route reading the session take the
//! session only (a Bearer token there is refused with 403 `session-required`, in
//! `accounts::viewer`).

use oware_protocol::ErrorCode;
use std::convert::Infallible;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::{
    BotAccount, ChallengeList, ChallengeReq, ChallengeView, ChatReq, CreatedToken, DeclineReq,
    NewTokenReq, OkAnswer, TokenAccount, TokenList, TokenScope,
};
use tokio::sync::watch;

use super::accounts::{bad_token, bearer};
use super::error::{service_code, ApiError, ApiJson, FormOrJson, OptionalJson, Path};
use super::{client, NoBody, Shared};
use crate::accounts::{TokenError, TokenUser, User};
use crate::bot::{BotError, GameStream};
use crate::games::OfferKind;
use crate::round::Ending;

/// An empty line is sent on the NDJSON streams when nothing else was for this long.
const KEEP_ALIVE: Duration = Duration::from_secs(7);

impl From<BotError> for ApiError {
    fn from(e: BotError) -> Self {
        let message = e.to_string();
        let (status, code) = match e {
            BotError::Game(g) => return g.into(),
            BotError::Store(s) => return crate::games::GameError::from(s).into(),
            BotError::HasPlayed => (StatusCode::CONFLICT, ErrorCode::HasPlayed),
            BotError::NotABot => (StatusCode::FORBIDDEN, ErrorCode::NotABot),
            BotError::UnknownPlayer => (StatusCode::NOT_FOUND, ErrorCode::NoSuchPlayer),
            BotError::OwnChallenge => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::OwnChallenge),
            BotError::TooManyChallenges(_) => {
                (StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyChallenges)
            }
            BotError::NoSuchChallenge => (StatusCode::NOT_FOUND, ErrorCode::NoSuchChallenge),
            BotError::Invalid(code, _) => (StatusCode::UNPROCESSABLE_ENTITY, service_code(code)),
            BotError::NoBotsInPools => (StatusCode::FORBIDDEN, ErrorCode::NoBotsInPools),
            BotError::NoBotsInArenas => (StatusCode::FORBIDDEN, ErrorCode::NoBotsInArenas),
            BotError::Crowded => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::TooManyClients),
        };
        let out = ApiError::new(status, code, message);
        if status == StatusCode::SERVICE_UNAVAILABLE {
            out.retry_after(5)
        } else {
            out
        }
    }
}

impl From<TokenError> for ApiError {
    fn from(e: TokenError) -> Self {
        let message = e.to_string();
        let (status, code) = match e {
            TokenError::TooMany => (StatusCode::CONFLICT, ErrorCode::TooManyTokens),
            TokenError::BadDescription => {
                (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadDescription)
            }
            TokenError::BadScopes(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadScope),
            TokenError::Unknown => (StatusCode::NOT_FOUND, ErrorCode::NoSuchToken),
            TokenError::Account(a) => return a.into(),
        };
        let out = ApiError::new(status, code, message);
        match code {
            ErrorCode::TooManyTokens => out.arg("max", crate::accounts::TOKENS_MAX),
            ErrorCode::BadDescription => out.arg("max", crate::accounts::DESCRIPTION_BYTES_MAX),
            _ => out,
        }
    }
}

/// The account of the request's Bearer token, which must have `scope` (one of `scopes`).
async fn token_user(
    s: &Shared,
    headers: &HeaderMap,
    scopes: &[TokenScope],
) -> Result<Option<User>, ApiError> {
    Ok(token_found(s, headers, scopes).await?.map(|f| f.user))
}

/// The request's Bearer token (its account and id), which must have one of `scopes`.
async fn token_found(
    s: &Shared,
    headers: &HeaderMap,
    scopes: &[TokenScope],
) -> Result<Option<TokenUser>, ApiError> {
    let Some(token) = bearer(headers)? else {
        return Ok(None);
    };
    let found: Option<TokenUser> = s.accounts.bearer(token).await?;
    let Some(found) = found else {
        return Err(bad_token(
            "this token is unknown or was revoked (or its account closed)".into(),
        ));
    };
    if !scopes.iter().any(|&sc| found.may(sc)) {
        let names: Vec<&str> = scopes.iter().map(|s| s.name()).collect();
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::MissingScope,
            format!("this token lacks the scope {}", names.join(" or ")),
        ));
    }
    Ok(Some(found))
}

/// A token-only route's account: a Bearer token with one of `scopes`; a session cookie alone is
/// refused.
async fn token_only(
    s: &Shared,
    headers: &HeaderMap,
    scopes: &[TokenScope],
) -> Result<User, ApiError> {
    Ok(token_only_found(s, headers, scopes).await?.user)
}

/// [`token_only`] with the token's id (a stream's credentials, which revoking it ends).
async fn token_only_found(
    s: &Shared,
    headers: &HeaderMap,
    scopes: &[TokenScope],
) -> Result<TokenUser, ApiError> {
    if let Some(u) = token_found(s, headers, scopes).await? {
        return Ok(u);
    }
    if super::accounts::session_cookie(headers).is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::TokenRequired,
            "this route takes an API token (Authorization: Bearer owt_…), not a session",
        ));
    }
    Err(bad_token(
        "give an API token: Authorization: Bearer owt_… (make one on your account page)".into(),
    ))
}

/// Who holds a stream opened with API token `token` of `user`.
fn holder<'a>(user: &'a User, token: &'a str) -> crate::budget::Holder<'a> {
    crate::budget::Holder {
        account: Some(&user.id),
        token: Some(token),
    }
}

/// A bot's account: a Bearer token with `bot:play`, of an account that is a bot.
async fn bot_user(s: &Shared, headers: &HeaderMap) -> Result<User, ApiError> {
    let user = token_only(s, headers, &[TokenScope::BotPlay]).await?;
    s.bots.must_be_bot(&user).await?;
    Ok(user)
}

/// The challenges' account: a Bearer token with `scope`, or a logged-in session.
async fn token_or_session(
    s: &Shared,
    headers: &HeaderMap,
    scope: TokenScope,
) -> Result<User, ApiError> {
    if let Some(u) = token_user(s, headers, &[scope]).await? {
        return Ok(u);
    }
    super::accounts::logged_in(s, headers).await
}

/// An NDJSON answer: `first` (the whole answer when `only_first`: a finished game's stream),
/// then each item of `events` as `map` writes it (its lines, and whether the stream ends after
/// them), an empty line after [`KEEP_ALIVE`] of silence, until the server shuts down; `guard`
/// is held while the stream is open.
fn ndjson<T, G>(
    first: String,
    only_first: bool,
    events: impl futures_util::Stream<Item = T> + Send + Unpin + 'static,
    map: impl FnMut(T) -> (String, bool) + Send + 'static,
    shutdown: watch::Receiver<bool>,
    guard: G,
) -> Response
where
    T: Send + 'static,
    G: Send + 'static,
{
    let state = (Some(first), events, shutdown, false, (map, guard));
    let body = futures_util::stream::unfold(
        state,
        move |(first, mut rx, mut down, done, mut held)| async move {
            if let Some(line) = first {
                return Some((line, (None, rx, down, only_first, held)));
            }
            if done {
                return None;
            }
            loop {
                let step = tokio::select! {
                    _ = async { let _ = down.wait_for(|d| *d).await; } => None,
                    _ = tokio::time::sleep(KEEP_ALIVE) => Some(None),
                    // `None` when the channel closed: the stream ends.
                    r = futures_util::StreamExt::next(&mut rx) => Some(Some(r?)),
                };
                match step {
                    None => return None,
                    Some(None) => return Some(("\n".to_string(), (None, rx, down, false, held))),
                    Some(Some(item)) => {
                        let (text, end) = (held.0)(item);
                        if !text.is_empty() || end {
                            return Some((text, (None, rx, down, end, held)));
                        }
                    }
                }
            }
        },
    );
    let body = futures_util::StreamExt::map(body, |line| Ok::<_, Infallible>(Bytes::from(line)));
    let mut r = Response::new(Body::from_stream(body));
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// `GET /api/stream/event`: the account's events (a token's, or the page's session's).
pub(super) async fn event_stream(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let scopes = [TokenScope::ChallengeRead, TokenScope::BotPlay];
    // A bot's token, or the page's session (its challenge notices).
    let (user, token) = match token_found(&s, &headers, &scopes).await? {
        Some(f) => (f.user, Some(f.id)),
        None => (super::accounts::logged_in(&s, &headers).await?, None),
    };
    let mut slot = s.budget.open_stream_for(
        peer.ip(),
        crate::budget::Holder {
            account: Some(&user.id),
            token: token.as_deref(),
        },
    )?;
    let rx = s.bots.hub().subscribe(&user.id)?;
    if s.bots.is_bot(&user).await? {
        // Listed among the bots online, whoever else holds streams.
        s.bots.hub().mark_bot(&user.id);
    }
    let first: String = s
        .bots
        .opening_events(&user)
        .await?
        .iter()
        .map(|e| format!("{}\n", crate::events::to_json(e)))
        .collect();
    let first = if first.is_empty() { "\n".into() } else { first };
    let map = |line: std::sync::Arc<str>| (format!("{line}\n"), false);
    let stop = slot.stop(s.shutdown.clone());
    let events = crate::events::skipping_lagged(rx);
    Ok(ndjson(first, false, events, map, stop, slot))
}

/// `GET /api/bot/game/stream/{id}`: a bot's game.
pub(super) async fn game_stream(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let found = token_only_found(&s, &headers, &[TokenScope::BotPlay]).await?;
    let user = found.user;
    s.bots.must_be_bot(&user).await?;
    let mut slot = s
        .budget
        .open_stream_for(peer.ip(), holder(&user, &found.id))?;
    let stop = slot.stop(s.shutdown.clone());
    let GameStream {
        mut lines,
        full,
        events: rx,
        guard,
    } = s.bots.game_stream(&id, &user).await?;
    // A game over before the stream opened: its `gameFull` holds the end, and nothing follows.
    let over = lines.finished();
    let map = move |ev: crate::events::Event| {
        let text: String = lines.lines(&ev).iter().map(|l| format!("{l}\n")).collect();
        (text, lines.finished())
    };
    Ok(ndjson(
        format!("{full}\n"),
        over,
        rx,
        map,
        stop,
        (guard, slot),
    ))
}

/// `GET /api/account`: a program's token gets its account as lichess's clients read it
/// ([`token_account`]); anyone else is answered by `accounts::me` (the session's account).
pub(super) async fn account(
    State(s): State<Shared>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if bearer(&headers)?.is_some() {
        return token_account(&s, &headers).await;
    }
    super::accounts::me(State(s), headers).await
}

/// `GET /api/account` with a Bearer token (any scope): the token's account, as lichess's
/// clients read it (`username`, `title: "BOT"` for a bot).
async fn token_account(s: &Shared, headers: &HeaderMap) -> Result<Response, ApiError> {
    let scopes = [
        TokenScope::BotPlay,
        TokenScope::ChallengeRead,
        TokenScope::ChallengeWrite,
    ];
    let user = token_only(s, headers, &scopes).await?;
    let bot = s.bots.is_bot(&user).await?;
    let mut r = Json(TokenAccount {
        id: user.name.to_lowercase(),
        username: user.name.clone(),
        name: user.name,
        bot,
        title: bot.then(|| "BOT".to_string()),
    })
    .into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `POST /api/bot/account/upgrade`.
pub(super) async fn upgrade(
    State(s): State<Shared>,
    headers: HeaderMap,
    body: FormOrJson,
) -> Result<Json<BotAccount>, ApiError> {
    let NoBody {} = body.typed()?;
    let user = token_only(&s, &headers, &[TokenScope::BotPlay]).await?;
    Ok(Json(s.bots.upgrade(&user).await?))
}

/// `GET /api/bot/online`: the bots that play now (no log-in needed: the home page lists them).
pub(super) async fn online(State(s): State<Shared>) -> Json<oware_protocol::OnlineBots> {
    Json(s.house.online().await)
}

/// `POST /api/bot/game/{id}/move/{move}`.
pub(super) async fn play(
    State(s): State<Shared>,
    Path((id, letter)): Path<(String, String)>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<OkAnswer>, ApiError> {
    let user = bot_user(&s, &headers).await?;
    s.bots.play(&id, &user, &letter).await?;
    Ok(Json(OkAnswer { ok: true }))
}

/// `POST /api/bot/game/{id}/chat`.
pub(super) async fn chat(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: FormOrJson,
) -> Result<Json<OkAnswer>, ApiError> {
    let req: ChatReq = body.typed()?;
    let user = bot_user(&s, &headers).await?;
    s.bots
        .chat(
            &id,
            &user,
            req.room.as_deref(),
            &req.text,
            Some(client(peer)),
        )
        .await?;
    Ok(Json(OkAnswer { ok: true }))
}

/// `POST /api/bot/game/{id}/resign` and `…/abort`.
pub(super) fn ending(
    how: Ending,
) -> impl Fn(State<Shared>, Path<String>, HeaderMap, OptionalJson<NoBody>) -> OkFuture
       + Clone
       + Send
       + Sync
       + 'static {
    move |State(s), Path(id), headers, OptionalJson(NoBody {})| {
        Box::pin(async move {
            let user = bot_user(&s, &headers).await?;
            s.bots.end(&id, &user, how).await?;
            Ok(Json(OkAnswer { ok: true }))
        })
    }
}

/// What the bots' action routes answer.
type OkFuture = futures_util::future::BoxFuture<'static, Result<Json<OkAnswer>, ApiError>>;

/// `POST /api/bot/game/{id}/claim-victory`.
pub(super) async fn claim_victory(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<OkAnswer>, ApiError> {
    let user = bot_user(&s, &headers).await?;
    s.bots.claim_victory(&id, &user).await?;
    Ok(Json(OkAnswer { ok: true }))
}

/// A game's id and a yes or no.
type IdAndAnswer = Path<(String, String)>;

/// `POST /api/bot/game/{id}/draw/{yes|no}` and `…/takeback/{yes|no}`.
pub(super) fn answer(
    kind: OfferKind,
) -> impl Fn(State<Shared>, IdAndAnswer, HeaderMap, OptionalJson<NoBody>) -> OkFuture
       + Clone
       + Send
       + Sync
       + 'static {
    move |State(s), Path((id, yes)), headers, OptionalJson(NoBody {})| {
        Box::pin(async move {
            let user = bot_user(&s, &headers).await?;
            let yes = match yes.as_str() {
                "yes" | "true" | "accept" => true,
                "no" | "false" | "decline" => false,
                _ => {
                    return Err(ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        ErrorCode::BadAnswer,
                        "the answer is yes or no",
                    ))
                }
            };
            s.bots.answer_offer(&id, &user, kind, yes).await?;
            Ok(Json(OkAnswer { ok: true }))
        })
    }
}

/// A number of a JSON body or a form's text.
fn number_of(v: &serde_json::Value) -> Option<u64> {
    match v {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(t) => t.trim().parse().ok(),
        _ => None,
    }
}

/// A challenge's request from our fields (`rated`, `clock`, `side`) or lichess's, as its
/// clients send them in a form or a JSON body: `rated` (`true`/`false`), `clock.limit` and
/// `clock.increment` (seconds), `days` (a correspondence clock), `color` (`white` is South,
/// who moves first; `black` North; `random`), `variant` (`standard` only) and `fen` (empty
/// only: a challenge starts from the start). Any other field is refused.
fn challenge_req(body: FormOrJson) -> Result<ChallengeReq, ApiError> {
    use serde_json::{json, Value};
    let bad = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadField, m);
    let mut ours = serde_json::Map::new();
    let (mut limit, mut increment, mut days) = (None, None, None);
    for (k, v) in body.0 {
        if v.is_null() {
            continue;
        }
        match k.as_str() {
            "rated" => {
                let rated = match &v {
                    Value::Bool(b) => *b,
                    Value::String(t) if t == "true" => true,
                    Value::String(t) if t == "false" => false,
                    _ => return Err(bad("rated is true or false".into())),
                };
                ours.insert(k, Value::Bool(rated));
            }
            "clock" | "side" => {
                ours.insert(k, v);
            }
            "clock.limit" => {
                limit =
                    Some(number_of(&v).ok_or_else(|| bad(format!("{k} is a number of seconds")))?)
            }
            "clock.increment" => {
                increment =
                    Some(number_of(&v).ok_or_else(|| bad(format!("{k} is a number of seconds")))?)
            }
            "days" => {
                days = Some(number_of(&v).ok_or_else(|| bad("days is a number of days".into()))?)
            }
            "color" => {
                let side = match v.as_str() {
                    Some("white") => "south",
                    Some("black") => "north",
                    Some("random") => "random",
                    _ => {
                        return Err(bad(
                            "color is white (South, who moves first), black (North) or random"
                                .into(),
                        ))
                    }
                };
                ours.insert("side".into(), Value::String(side.into()));
            }
            "variant" => {
                if v.as_str() != Some("standard") {
                    return Err(bad("the only variant is standard (the site's rules)".into()));
                }
            }
            "fen" => {
                if v.as_str().is_some_and(|t| !t.trim().is_empty()) {
                    return Err(bad(
                        "a challenge starts from the start position: no fen".into()
                    ));
                }
            }
            _ => return Err(bad(format!("unknown field {k:?} in a challenge"))),
        }
    }
    match (limit, increment, days) {
        (None, None, None) => {}
        (Some(l), i, None) => {
            ours.insert(
                "clock".into(),
                json!({"initial_s": l, "increment_s": i.unwrap_or(0)}),
            );
        }
        (None, None, Some(d)) => {
            ours.insert(
                "clock".into(),
                json!({"initial_s": d.saturating_mul(86_400), "increment_s": 0}),
            );
        }
        _ => {
            return Err(bad(
                "give clock.limit (and clock.increment), or days, not both".into(),
            ))
        }
    }
    FormOrJson(ours).typed()
}

/// `POST /api/challenge/{name}` (a JSON body, or lichess's fields in a form or JSON).
pub(super) async fn challenge(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: FormOrJson,
) -> Result<Response, ApiError> {
    let req = challenge_req(body)?;
    let user = token_or_session(&s, &headers, TokenScope::ChallengeWrite).await?;
    s.budget.send_challenge(&user.id, Some(client(peer)))?;
    // Before the challenge is stored: a house bot's answer counts its address's places.
    s.house.challenged_from(&user.name, &name, client(peer));
    // A pupil's account meets only its class (`classes/safety.rs`).
    if let Some(target) = s.accounts.find(&name).await? {
        s.classes.may_meet(Some(&user.id), Some(&target.id)).await?;
    }
    let v = s.bots.challenge(&user, &name, &req).await?;
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

/// `GET /api/challenge`.
pub(super) async fn challenges(
    State(s): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<ChallengeList>, ApiError> {
    let user = token_or_session(&s, &headers, TokenScope::ChallengeRead).await?;
    Ok(Json(s.bots.challenges(&user).await?))
}

/// `POST /api/challenge/{id}/accept`.
pub(super) async fn accept(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<ChallengeView>, ApiError> {
    let user = token_or_session(&s, &headers, TokenScope::ChallengeWrite).await?;
    Ok(Json(s.bots.accept(&id, &user, Some(client(peer))).await?))
}

/// `POST /api/challenge/{id}/decline`.
pub(super) async fn decline(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: FormOrJson,
) -> Result<Json<ChallengeView>, ApiError> {
    let req: DeclineReq = body.typed()?;
    let user = token_or_session(&s, &headers, TokenScope::ChallengeWrite).await?;
    let reason = req.reason.as_deref();
    Ok(Json(s.bots.decline(&id, &user, reason).await?))
}

/// `POST /api/challenge/{id}/cancel`.
pub(super) async fn cancel(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<ChallengeView>, ApiError> {
    let user = token_or_session(&s, &headers, TokenScope::ChallengeWrite).await?;
    Ok(Json(s.bots.cancel(&id, &user).await?))
}

/// `GET /api/account/tokens` (session only).
pub(super) async fn tokens(
    State(s): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<TokenList>, ApiError> {
    let user = super::accounts::logged_in(&s, &headers).await?;
    Ok(Json(TokenList {
        tokens: s.accounts.tokens(&user).await?,
    }))
}

/// `POST /api/account/tokens` (session only): the token, shown this once.
pub(super) async fn create_token(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<NewTokenReq>,
) -> Result<Response, ApiError> {
    let user = super::accounts::logged_in(&s, &headers).await?;
    let (token, info) = s
        .accounts
        .create_token(&user, &req.description, &req.scopes)
        .await?;
    let mut r = (StatusCode::CREATED, Json(CreatedToken { token, info })).into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `DELETE /api/account/tokens/{id}` (session only).
pub(super) async fn revoke_token(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TokenList>, ApiError> {
    let user = super::accounts::logged_in(&s, &headers).await?;
    s.accounts.revoke_token(&user, &id).await?;
    // Its open streams end now, not at their next request.
    s.budget.end_token(&id);
    Ok(Json(TokenList {
        tokens: s.accounts.tokens(&user).await?,
    }))
}
