//! The accounts' routes: sign-up, log-in, log-out, the password, closing, the operator's reset
//! link; the session cookie; and the check that refuses a cookie-bearing change from another
//! site (CSRF).
//!
//! **Cookie.** `oware_session=TOKEN; HttpOnly; SameSite=Lax; Path=/; Max-Age=…`, with `Secure`
//! when the request came over TLS (a reverse proxy's `X-Forwarded-Proto: https`): script on
//! the page cannot read it, and other sites' forms and fetches do not send it on a POST. The
//! `cookie` crate writes the `Set-Cookie` and reads the `Cookie` headers (rather than
//! axum-extra's `CookieJar`, an extractor built on the same crate: the session is read from a
//! `HeaderMap` in the CSRF layer and the tournaments' handlers too, and one crate is less to build).
//!
//! **CSRF** (OWASP's CSRF Prevention Cheat Sheet, "verifying origin with standard headers",
//! on top of `SameSite`): a request that changes anything (any method but GET, HEAD and
//! OPTIONS) and carries our cookie is refused with 403 `foreign-origin` when its `Origin`
//! names another host than the one asked for, or, without an `Origin`, when
//! `Sec-Fetch-Site` says `cross-site`. Programs that send no cookie (the terminal client, the
//! tests) are not concerned.

use oware_protocol::ErrorCode;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::{
    AccountAnswer, CloseReq, Credentials, LangReq, LogOutReq, NewPasswordReq, ResetReq,
};

use super::error::{ApiError, ApiJson};
use super::Shared;
use crate::accounts::{AccountError, Limited, NewSession, User, AUTHORIZATION_BYTES_MAX, COOKIE};
use cookie::{Cookie, SameSite};

/// What the accounts' handlers answer.
type Answer = Result<Response, ApiError>;

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        let message = e.to_string();
        let (status, code) = match &e {
            AccountError::Name(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadName),
            AccountError::Password(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadPassword),
            AccountError::Taken => (StatusCode::CONFLICT, ErrorCode::NameTaken),
            AccountError::BadCredentials => (StatusCode::UNAUTHORIZED, ErrorCode::BadCredentials),
            AccountError::TooMany(Limited::SignUps, _) => {
                (StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManySignUps)
            }
            AccountError::TooMany(_, _) => {
                (StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyAttempts)
            }
            AccountError::Crowded(_) => {
                (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::TooManyClients)
            }
            AccountError::Busy => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Busy),
            AccountError::NotLoggedIn => (StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn),
            AccountError::Unknown => (StatusCode::NOT_FOUND, ErrorCode::NoSuchPlayer),
            AccountError::BadReset => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadReset),
            AccountError::Store(_) => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Storage),
            AccountError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal),
        };
        let mut out = ApiError::new(status, code, message);
        match e {
            AccountError::Name(_) => {
                out = out
                    .arg("of", "account")
                    .arg("min", crate::accounts::NAME_MIN)
                    .arg("max", crate::accounts::NAME_MAX);
            }
            AccountError::Password(_) => {
                out = out
                    .arg("min", crate::accounts::PASSWORD_MIN)
                    .arg("max", crate::accounts::PASSWORD_MAX);
            }
            AccountError::TooMany(_, s) | AccountError::Crowded(s) => out = out.retry_after(s),
            AccountError::Busy => out = out.retry_after(1),
            AccountError::Store(se) => {
                out.message = "the database is not available: try again shortly".into();
                out.detail = Some(se.to_string());
            }
            _ => {}
        }
        out
    }
}

/// The session cookie's value in `headers`, if any: the first `oware_session` of the `Cookie`
/// headers, read by the `cookie` crate (pairs it cannot read are passed over).
pub(crate) fn session_cookie(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE)
        .and_then(|c| c.value_raw())
}

/// The Bearer token of `headers`, if the request has one; a longer `Authorization` header
/// than [`AUTHORIZATION_BYTES_MAX`] is refused before it is read.
pub(super) fn bearer(headers: &HeaderMap) -> Result<Option<&str>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    if value.len() > AUTHORIZATION_BYTES_MAX {
        return Err(bad_token(format!(
            "the Authorization header is longer than {AUTHORIZATION_BYTES_MAX} bytes"
        )));
    }
    let text = value.to_str().unwrap_or("");
    Ok(text
        .strip_prefix("Bearer ")
        .or_else(|| text.strip_prefix("bearer "))
        .map(str::trim))
}

/// 403 `session-required` for a request with a Bearer token: the routes that read or open a
/// session are the page's, a token is for the bots' routes (`bot.rs`).
pub(super) fn refuse_bearer(headers: &HeaderMap) -> Result<(), ApiError> {
    if bearer(headers)?.is_some() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::SessionRequired,
            "this route takes a logged-in session, not an API token",
        ));
    }
    Ok(())
}

pub(super) fn bad_token(message: String) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::BadToken, message)
}

/// The logged-in player of this request, if any (a session that ended is no one). A request
/// with a Bearer token is refused (403 `session-required`): the routes that read the session
/// are the page's, and a token is for the bots' routes (`bot.rs`).
pub(crate) async fn viewer(s: &Shared, headers: &HeaderMap) -> Result<Option<User>, ApiError> {
    refuse_bearer(headers)?;
    match session_cookie(headers) {
        Some(token) => Ok(s.accounts.user(token).await?),
        None => Ok(None),
    }
}

/// The logged-in player, or 401 `not-logged-in`.
pub(crate) async fn logged_in(s: &Shared, headers: &HeaderMap) -> Result<User, ApiError> {
    viewer(s, headers)
        .await?
        .ok_or_else(|| AccountError::NotLoggedIn.into())
}

fn over_tls(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The session cookie's `Set-Cookie` value: `Path=/; HttpOnly; SameSite=Lax; Max-Age=…`, and
/// `Secure` behind a trusted TLS proxy (written by the `cookie` crate).
fn set_cookie(value: &str, max_age_s: u64, secure: bool) -> HeaderValue {
    let max_age = cookie::time::Duration::seconds(i64::try_from(max_age_s).unwrap_or(i64::MAX));
    let cookie = Cookie::build((COOKIE, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(max_age)
        .secure(secure)
        .build();
    HeaderValue::from_str(&cookie.to_string()).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The answer to a new session: the account, the session cookie and, when the account chose a
/// language, the `lang` cookie, so that this device shows the site in it.
fn with_session(
    session: NewSession,
    headers: &HeaderMap,
    bot: bool,
    lang: Option<oware_i18n::Lang>,
) -> Response {
    let cookie = set_cookie(&session.token, session.max_age_s, over_tls(headers));
    let body = Json(AccountAnswer {
        name: Some(session.user.name),
        bot,
        lang: lang.map(|l| l.code().to_owned()),
    });
    let mut response = body.into_response();
    response.headers_mut().append(header::SET_COOKIE, cookie);
    if let Some(lang) = lang {
        response.headers_mut().append(
            header::SET_COOKIE,
            super::i18n::lang_cookie(lang, over_tls(headers)),
        );
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn cleared(headers: &HeaderMap) -> Response {
    let mut response = Json(AccountAnswer::default()).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, set_cookie("", 0, over_tls(headers)));
    response
}

/// What a request that opens a session brings besides its body: the server, the caller's
/// address (for the log-in limits) and the headers (the old cookie, TLS).
#[derive(FromRequestParts)]
#[from_request(state(Shared))]
pub(super) struct Opening {
    state: State<Shared>,
    peer: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
}

impl Opening {
    /// The caller's address, as the log-in limits count it.
    fn ip(&self) -> Option<std::net::IpAddr> {
        Some(super::client(self.peer.0))
    }

    /// Answers with the session `started` (see `open_session`).
    async fn open(&self, started: Result<NewSession, AccountError>) -> Answer {
        open_session(&self.state, &self.headers, started).await
    }
}

/// `POST /api/account/signup`.
pub(super) async fn sign_up(o: Opening, ApiJson(c): ApiJson<Credentials>) -> Answer {
    let started = o
        .state
        .accounts
        .sign_up(c.name.trim(), &c.password, o.ip())
        .await;
    if let Ok(session) = &started {
        // The new account keeps the language its owner was reading the site in.
        let lang = super::i18n::request_lang(&o.headers);
        o.state.accounts.set_lang(&session.user, lang).await?;
    }
    o.open(started).await
}

/// `POST /api/account/login`.
pub(super) async fn log_in(o: Opening, ApiJson(c): ApiJson<Credentials>) -> Answer {
    let started = o.state.accounts.log_in(c.name.trim(), &c.password, o.ip());
    o.open(started.await).await
}

/// The answer to a session `started`: the session the request came with ends (a session
/// fixed before log-in is worth nothing), the new one's cookie is set.
async fn open_session(
    s: &Shared,
    headers: &HeaderMap,
    started: Result<NewSession, AccountError>,
) -> Answer {
    let session = started?;
    if let Some(old) = session_cookie(headers) {
        if let Err(e) = s.accounts.log_out(old, false).await {
            tracing::warn!("ending the previous session: {e}");
        }
    }
    let bot = s.bots.is_bot(&session.user).await?;
    let lang = s.accounts.lang(&session.user).await?;
    Ok(with_session(session, headers, bot, lang))
}

/// `POST /api/account/logout`.
pub(super) async fn log_out(
    State(s): State<Shared>,
    headers: HeaderMap,
    body: super::error::OptionalJson<LogOutReq>,
) -> Answer {
    refuse_bearer(&headers)?;
    let all = body.0.all.unwrap_or(false);
    if let Some(token) = session_cookie(&headers) {
        s.accounts.log_out(token, all).await?;
    }
    Ok(cleared(&headers))
}

/// `GET /api/account` for a session: who is logged in (`{"name": null}` for a guest); a
/// request with a token is answered by `bot::account` first.
pub(super) async fn me(State(s): State<Shared>, headers: HeaderMap) -> Answer {
    let user = viewer(&s, &headers).await?;
    let (bot, lang) = match &user {
        Some(u) => (s.bots.is_bot(u).await?, s.accounts.lang(u).await?),
        None => (false, None),
    };
    let mut r = Json(AccountAnswer {
        name: user.map(|u| u.name),
        bot,
        lang: lang.map(|l| l.code().to_owned()),
    })
    .into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `POST /api/account/lang`: the visitor's language (the header's menu). The answer sets the
/// `lang` cookie; for a logged-in account the choice is kept on the account too, so that its
/// other devices show the site in it from their next log-in.
pub(super) async fn set_lang(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<LangReq>,
) -> Answer {
    let Some(lang) = oware_i18n::Lang::parse(req.lang.trim()) else {
        let codes: Vec<&str> = oware_i18n::Lang::ALL.iter().map(|l| l.code()).collect();
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::BadLang,
            format!("the site's languages are {}", codes.join(", ")),
        ));
    };
    if let Some(user) = viewer(&s, &headers).await? {
        s.accounts.set_lang(&user, lang).await?;
    }
    let mut r = Json(LangReq {
        lang: lang.code().to_owned(),
    })
    .into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        super::i18n::lang_cookie(lang, over_tls(&headers)),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `POST /api/account/password`: every other session ends; this device gets a new one.
pub(super) async fn change_password(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(p): ApiJson<NewPasswordReq>,
) -> Answer {
    let user = logged_in(&s, &headers).await?;
    let ip = Some(super::client(peer));
    let session = s
        .accounts
        .change_password(&user, &p.current, &p.new, ip)
        .await?;
    // Every session ended and every token was revoked: their open streams end now.
    s.budget.end_account(&user.id);
    let bot = s.bots.is_bot(&user).await?;
    let lang = s.accounts.lang(&user).await?;
    Ok(with_session(session, &headers, bot, lang))
}

/// `POST /api/account/close`.
pub(super) async fn close(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(c): ApiJson<CloseReq>,
) -> Answer {
    let user = logged_in(&s, &headers).await?;
    s.accounts
        .close(&user, &c.password, Some(super::client(peer)))
        .await?;
    s.budget.end_account(&user.id);
    Ok(cleared(&headers))
}

/// `POST /api/account/reset`: a new password with the operator's one-time link.
pub(super) async fn reset(o: Opening, ApiJson(r): ApiJson<ResetReq>) -> Answer {
    let started = o.state.accounts.reset(r.token.trim(), &r.password, o.ip());
    o.open(started.await).await
}

/// Refuses a change that carries our cookie from another site (see the module).
pub(super) async fn same_origin(req: Request, next: Next) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe || session_cookie(req.headers()).is_none() {
        return next.run(req).await;
    }
    let headers = req.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let foreign = match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        Some(origin) => {
            let origin_host = origin
                .split_once("://")
                .map_or("", |(_, rest)| rest.trim_end_matches('/'));
            origin == "null" || !origin_host.eq_ignore_ascii_case(host)
        }
        None => headers
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("cross-site")),
    };
    if foreign {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::ForeignOrigin,
            "this request came from another site and carries your session: refused",
        )
        .into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::{session_cookie, set_cookie};
    use axum::http::{header, HeaderMap, HeaderValue};

    #[test]
    fn the_session_cookie_is_written_with_its_attributes_and_read_back() {
        let plain = set_cookie("t0k3n", 2_592_000, false);
        assert_eq!(
            plain,
            "oware_session=t0k3n; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000"
        );
        let tls = set_cookie("", 0, true);
        assert_eq!(
            tls,
            "oware_session=; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=0"
        );
        let mut h = HeaderMap::new();
        assert_eq!(session_cookie(&h), None);
        h.append(header::COOKIE, HeaderValue::from_static("theme=dark; bad"));
        h.append(
            header::COOKIE,
            HeaderValue::from_static("a=1;  oware_session=abc ; oware_session=def"),
        );
        assert_eq!(session_cookie(&h), Some("abc"));
    }
}
