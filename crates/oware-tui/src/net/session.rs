//! Accounts from the terminal: logging in and out of a server (`oware login URL`, `oware logout
//! URL`: [`log_in`], [`log_out`]), the session kept per server between runs ([`Sessions`]), and
//! the [`Api`] of a server with its kept session ([`connect`]), which `oware play --online`
//! uses so that its seats are the account's.
//!
//! The server is not trusted here either ([`crate::checked`]): the cookie's value is kept only
//! if it is exactly 64 hexadecimal digits ([`SessionCookie`]), the name it answers is cleaned,
//! the answers are capped as every other. The password is sent once, in the body of `POST
//! /api/account/login`, and is neither kept nor printed; no error here quotes it.

use std::io::Read;
use std::path::PathBuf;

use serde_json::Value;

use crate::checked::{self, SessionCookie};
use crate::lang::{t, tr};

use super::http::{Api, ApiError, COOKIE};
use super::seats::{server_name, write_private};

/// The largest session file read (a cookie and a name are well under it).
const MAX_FILE: u64 = 1024;

/// A log-in kept for a server: the session cookie and the account's name as the server said
/// it (cleaned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The value of the cookie `oware_session`.
    pub cookie: SessionCookie,
    /// The account's name.
    pub name: String,
}

/// The sessions of the servers this user logged in to, one small file per server in the
/// per-user config folder (`~/.config/oware/sessions` on Linux), as a browser keeps the
/// cookie: the folder is made with mode 700, each file 600 and written atomically (as the seat
/// tokens, [`super::Seats`]). A file's name is the server's scheme, a `-` and its address with
/// everything but ASCII letters and digits turned into `_` (`http-127_0_0_1_8080`), so it cannot
/// leave the folder, and a session of `https://` is never sent to the same host over
/// `http://`. A file holds the cookie on its first line and the name on the second.
#[derive(Debug, Clone)]
pub struct Sessions {
    dir: Option<PathBuf>,
}

impl Sessions {
    /// The per-user folder (`dirs::config_dir()/oware/sessions`); none without a home.
    pub fn user() -> Sessions {
        Sessions {
            dir: dirs::config_dir().map(|d| d.join("oware").join("sessions")),
        }
    }

    /// Sessions kept in `dir`.
    pub fn in_dir(dir: PathBuf) -> Sessions {
        Sessions { dir: Some(dir) }
    }

    /// The file of the server at `base` (`http://HOST:PORT`).
    pub fn file(&self, base: &str) -> Option<PathBuf> {
        let scheme: String = match base.split_once("://") {
            Some((s, _)) => s.chars().filter(char::is_ascii_alphanumeric).collect(),
            None => String::new(),
        };
        let name = format!("{scheme}-{}", server_name(base));
        debug_assert!(name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
        Some(self.dir.as_ref()?.join(name))
    }

    /// The session kept for the server at `base`; `None` when there is none or the file is
    /// not one (a malformed cookie is never sent).
    pub fn load(&self, base: &str) -> Option<Session> {
        let mut text = String::new();
        std::fs::File::open(self.file(base)?)
            .ok()?
            .take(MAX_FILE)
            .read_to_string(&mut text)
            .ok()?;
        let mut lines = text.lines();
        let cookie = SessionCookie::new(lines.next()?.trim()).ok()?;
        let name = checked::clean(lines.next().unwrap_or("").trim());
        Some(Session { cookie, name })
    }

    /// Keeps `session` for the server at `base`; the file's path.
    pub fn save(&self, base: &str, session: &Session) -> Result<PathBuf, String> {
        let Some(path) = self.file(base) else {
            return Err(tr("term-login-no-folder"));
        };
        // The name is cleaned text: no line break can add a line.
        let text = format!(
            "{}\n{}\n",
            session.cookie.as_str(),
            checked::clean(&session.name)
        );
        write_private(&path, text.as_bytes()).map_err(|e| {
            t(
                "term-login-not-kept",
                &[
                    ("path", path.display().to_string().into()),
                    ("error", e.to_string().into()),
                ],
            )
        })?;
        Ok(path)
    }

    /// Forgets the session of the server at `base`; whether there was one.
    pub fn forget(&self, base: &str) -> bool {
        self.file(base)
            .is_some_and(|path| std::fs::remove_file(path).is_ok())
    }
}

/// Reads the session cookie out of a log-in's answer headers: the `Set-Cookie` that sets
/// `oware_session`, whose value must be a [`SessionCookie`].
fn cookie_of(headers: &reqwest::header::HeaderMap) -> Result<SessionCookie, String> {
    let mut seen = false;
    for v in headers.get_all(reqwest::header::SET_COOKIE) {
        let Some(set) = v.to_str().ok().and_then(|v| cookie::Cookie::parse(v).ok()) else {
            continue;
        };
        if set.name() != COOKIE {
            continue;
        }
        seen = true;
        if let Ok(c) = SessionCookie::new(set.value()) {
            return Ok(c);
        }
    }
    Err(if seen {
        t(
            "term-login-cookie-refused",
            &[("error", checked::BadSession.to_string().into())],
        )
    } else {
        t("term-login-no-cookie", &[("cookie", COOKIE.into())])
    })
}

/// The account's name in an answer `{"name": …}` (cleaned; `None` for `null`).
fn name_of(v: &Value) -> Option<String> {
    v.get("name")
        .and_then(Value::as_str)
        .map(checked::clean)
        .filter(|n| !n.trim().is_empty())
}

/// Logs in to the server at `base` as `name` with `password` (`POST /api/account/login`) and
/// keeps the session in `sessions`; the session and where it is kept. The server's refusals
/// (a wrong password, too many attempts) are its sentences.
pub async fn log_in(
    base: &str,
    name: &str,
    password: &str,
    sessions: &Sessions,
) -> Result<(Session, PathBuf), String> {
    let api = Api::new(base)?;
    let body = crate::wire::body(&oware_protocol::Credentials {
        name: name.to_string(),
        password: password.to_string(),
    });
    let (v, headers) = api
        .exchange(
            reqwest::Method::POST,
            "/api/account/login",
            None,
            Some(body),
        )
        .await
        .map_err(|e| e.message)?;
    let cookie = cookie_of(&headers)?;
    let name = name_of(&v).ok_or_else(|| tr("term-login-no-name"))?;
    let session = Session { cookie, name };
    let path = sessions.save(base, &session)?;
    Ok((session, path))
}

/// What logging out did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoggedOut {
    /// No session was kept for the server.
    NotLoggedIn,
    /// The server ended the session and the kept one is forgotten.
    Done {
        /// The account's name.
        name: String,
    },
    /// The kept session is forgotten, but the server could not be told (its sentence).
    ForgottenOnly {
        /// The account's name.
        name: String,
        /// Why the server was not told.
        why: String,
    },
}

/// Logs out of the server at `base` (`POST /api/account/logout` with the kept session) and
/// forgets the session, even when the server cannot be told.
pub async fn log_out(base: &str, sessions: &Sessions) -> Result<LoggedOut, String> {
    let Some(session) = sessions.load(base) else {
        // A malformed file is removed too.
        sessions.forget(base);
        return Ok(LoggedOut::NotLoggedIn);
    };
    let api = Api::new(base)?.with_session(Some(session.cookie));
    let told = api
        .request(reqwest::Method::POST, "/api/account/logout", None, None)
        .await;
    sessions.forget(base);
    Ok(match told {
        Ok(_) => LoggedOut::Done { name: session.name },
        Err(e) => LoggedOut::ForgottenOnly {
            name: session.name,
            why: e.message,
        },
    })
}

/// The account the server sees behind `api`'s session (`GET /api/account`): its name, `None`
/// for a guest.
pub async fn account(api: &Api) -> Result<Option<String>, ApiError> {
    let v = api
        .request(reqwest::Method::GET, "/api/account", None, None)
        .await?;
    Ok(name_of(&v))
}

/// The API of the server at `base` with the session kept for it, checked with the server
/// (`GET /api/account`), and a sentence for the player: `Logged in as Kofi.`, or that a kept
/// session has ended (then forgotten: the player plays as a guest), or nothing without one.
pub async fn connect(base: &str, sessions: &Sessions) -> Result<(Api, String), String> {
    let api = Api::new(base)?;
    let Some(session) = sessions.load(base) else {
        return Ok((api, String::new()));
    };
    let api = api.with_session(Some(session.cookie.clone()));
    match account(&api).await {
        Ok(Some(name)) => Ok((api, t("term-logged-in", &[("name", name.into())]))),
        Ok(None) => {
            sessions.forget(base);
            Ok((
                api.with_session(None),
                t("term-login-ended", &[("server", base.into())]),
            ))
        }
        // Not reached, or not a server with accounts: the session is kept and still sent.
        Err(e) if e.status.is_none() => Err(e.message),
        Err(_) => Ok((api, String::new())),
    }
}

/// A hint added to the server's refusal `code` when it asks for a log-in the player does not
/// have: how to log in from the terminal.
pub fn log_in_hint(code: Option<&str>, api: &Api) -> String {
    match code {
        Some("not-rated" | "log-in-to-join") if api.session().is_none() => {
            format!(
                " ({})",
                t("term-login-hint", &[("server", api.base().into())])
            )
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("oware-sessions-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn cookie(c: char) -> SessionCookie {
        SessionCookie::new(&c.to_string().repeat(64)).unwrap()
    }

    #[test]
    fn a_session_is_kept_per_server_for_this_user_only() {
        let d = dir("kept");
        let sessions = Sessions::in_dir(d.join("sessions"));
        let base = "http://127.0.0.1:8080";
        assert_eq!(sessions.load(base), None);
        let s = Session {
            cookie: cookie('a'),
            name: "Kofi".into(),
        };
        let path = sessions.save(base, &s).unwrap();
        assert_eq!(path, d.join("sessions").join("http-127_0_0_1_8080"));
        assert_eq!(sessions.load(base), Some(s.clone()));
        // Another port, another scheme: another server.
        assert_eq!(sessions.load("http://127.0.0.1:9090"), None);
        assert_eq!(sessions.load("https://127.0.0.1:8080"), None);
        // Written again (a new log-in): replaced whole, nothing else left in the folder.
        let t = Session {
            cookie: cookie('b'),
            name: "Ama".into(),
        };
        sessions.save(base, &t).unwrap();
        assert_eq!(sessions.load(base), Some(t));
        let files: Vec<_> = std::fs::read_dir(d.join("sessions"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(files, vec![std::ffi::OsString::from("http-127_0_0_1_8080")]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&d.join("sessions")) & 0o777, 0o700);
            assert_eq!(mode(&path) & 0o777, 0o600);
        }
        assert!(sessions.forget(base));
        assert!(!sessions.forget(base));
        assert_eq!(sessions.load(base), None);
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn a_session_file_never_leaves_the_folder_and_a_bad_one_is_not_used() {
        let d = dir("bad");
        let sessions = Sessions::in_dir(d.join("sessions"));
        let base = "http://[::1]:8080/../../x";
        let s = Session {
            cookie: cookie('c'),
            name: "Kofi\n\u{1b}[2Jrm -rf ~".into(),
        };
        let path = sessions.save(base, &s).unwrap();
        assert_eq!(path.parent(), Some(d.join("sessions").as_path()));
        // The name is cleaned on the way in: one line, no escape.
        assert_eq!(sessions.load(base).unwrap().name, "Kofi [2Jrm -rf ~");
        // A file whose first line is not a session is not used.
        for bad in [
            "",
            "abc\nKofi\n",
            &format!("{}\nKofi\n", "g".repeat(64)),
            &format!("{};x\n", "a".repeat(64)),
        ] {
            std::fs::write(&path, bad).unwrap();
            assert_eq!(sessions.load(base), None, "{bad:?}");
        }
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn the_cookie_is_read_from_set_cookie_only_when_well_formed() {
        use reqwest::header::{HeaderMap, HeaderValue, SET_COOKIE};
        let good = "0123456789abcdef".repeat(4);
        let mut h = HeaderMap::new();
        h.append(SET_COOKIE, HeaderValue::from_static("other=1; Path=/"));
        h.append(
            SET_COOKIE,
            HeaderValue::from_str(&format!(
                "oware_session={good}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000"
            ))
            .unwrap(),
        );
        assert_eq!(cookie_of(&h).unwrap().as_str(), good);
        for bad in [
            "oware_session=; Max-Age=0".to_string(),
            "oware_session=../../etc/passwd; Path=/".to_string(),
            format!("oware_session={good}00; Path=/"),
            format!("oware_session={}; Path=/", "z".repeat(64)),
        ] {
            let mut h = HeaderMap::new();
            h.append(SET_COOKIE, HeaderValue::from_str(&bad).unwrap());
            let e = cookie_of(&h).unwrap_err();
            assert!(
                e.contains("refused") && e.contains("64 hexadecimal"),
                "{bad}: {e}"
            );
        }
        let e = cookie_of(&HeaderMap::new()).unwrap_err();
        assert!(e.contains("sets no oware_session cookie"), "{e}");
    }

    #[test]
    fn the_accounts_name_is_cleaned() {
        assert_eq!(
            name_of(&json!({ "name": "Ko\u{202e}fi\u{1b}[31m" })),
            Some("Kofi[31m".into())
        );
        assert_eq!(name_of(&json!({ "name": null })), None);
        assert_eq!(name_of(&json!({ "name": " " })), None);
        assert_eq!(name_of(&json!({})), None);
    }
}
