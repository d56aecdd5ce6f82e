//! Accounts, sessions, ratings, profiles and leaderboards through the JSON API: the real server
//! on a loopback port, with a real SQLite file (or PostgreSQL, see `common`), its time a
//! [`ManualClock`] the tests move on. Cookies are read from `Set-Cookie` and sent back by hand,
//! as a browser would.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{assert_error, rated_game, Browser, PASSWORD};
use oware_server::{
    start, GameEnd, ManualClock, OnlineConfig, ProxyNet, Server, ServerConfig, Store,
    TrustedProxies,
};
use reqwest::header::ORIGIN;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A test's server on a fresh database and a clock of its own (the folder lives as long as the
/// test keeps it).
async fn world() -> (tempfile::TempDir, ManualClock, Server) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("a.sqlite"), &clock).await;
    (dir, clock, s)
}

#[tokio::test]
async fn sign_up_sets_a_hardened_session_cookie_and_never_answers_the_password() {
    let (_dir, _clock, s) = world().await;
    let mut b = Browser::new(&s);
    assert_eq!(b.me().await, Value::Null);
    let (status, body, set) = b
        .send(
            reqwest::Method::POST,
            "/api/account/signup",
            Some(json!({ "name": "Kofi", "password": PASSWORD })),
            &[],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"], "Kofi");
    let set = set.expect("a cookie");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(set.contains(flag), "{set}");
    }
    assert!(!set.contains("Secure"), "plain HTTP: {set}");
    assert_eq!(b.me().await, "Kofi");
    // A client's own `X-Forwarded-Proto` is not believed: this server has no trusted proxy.
    let mut liar = Browser::new(&s);
    let (_, _, set) = liar
        .send(
            reqwest::Method::POST,
            "/api/account/signup",
            Some(json!({ "name": "Esi", "password": PASSWORD })),
            &[("x-forwarded-proto", "https")],
        )
        .await;
    assert!(!set.unwrap().contains("Secure"));
    for text in b.seen.iter().chain(&liar.seen) {
        assert!(
            !text.contains(PASSWORD) && !text.contains("argon2"),
            "{text}"
        );
    }
    s.shutdown().await.unwrap();
    // Behind a trusted TLS proxy that says so, the cookie is Secure.
    let (_dir, _clock, s, _) = proxied_world().await;
    let mut tls = Browser::new(&s);
    let (_, _, set) = tls
        .send(
            reqwest::Method::POST,
            "/api/account/signup",
            Some(json!({ "name": "Ama", "password": PASSWORD })),
            &[("x-forwarded-proto", "https")],
        )
        .await;
    assert!(set.unwrap().contains("; Secure"));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn names_are_checked_and_unique_regardless_of_case_and_weak_passwords_refused() {
    let (_dir, _clock, s) = world().await;
    let mut b = Browser::new(&s);
    assert_eq!(b.sign_up("Kofi", PASSWORD).await.0, StatusCode::OK);
    let mut other = Browser::new(&s);
    let (st, body) = other.sign_up("kOFI", PASSWORD).await;
    assert_error(st, &body, StatusCode::CONFLICT, "name-taken");
    for bad in ["k", "kofi mensah", "Admin", "x\u{202e}y", &"a".repeat(21)] {
        let (st, body) = other.sign_up(bad, PASSWORD).await;
        assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-name");
    }
    for weak in ["short", "password123", "Ama_Serwaa"] {
        let (st, body) = other.sign_up("Ama_Serwaa", weak).await;
        assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-password");
    }
    assert_eq!(other.cookie, None);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn log_in_gives_a_new_session_and_ends_the_one_it_came_with() {
    let (_dir, clock, s) = world().await;
    let mut b = Browser::signed_up(&s, "Kofi").await;
    let first = b.cookie.clone().unwrap();
    let (st, body) = b.log_in("KOFI", PASSWORD).await;
    assert_eq!((st, body["name"].clone()), (StatusCode::OK, json!("Kofi")));
    let second = b.cookie.clone().unwrap();
    assert_ne!(first, second);
    let mut old = Browser::new(&s);
    old.cookie = Some(first);
    assert_eq!(old.me().await, Value::Null, "the old session is over");
    assert_eq!(b.me().await, "Kofi");
    // A wrong password and an unknown name get the same answer.
    let (st, body) = b.log_in("Kofi", "not the password").await;
    assert_error(st, &body, StatusCode::UNAUTHORIZED, "bad-credentials");
    let (st2, body2) = b.log_in("Nobody", "not the password").await;
    assert_error(st2, &body2, StatusCode::UNAUTHORIZED, "bad-credentials");
    assert_eq!(body["error"], body2["error"]);
    // Sessions end after 30 days.
    clock.advance(Duration::from_secs(31 * 86_400));
    let mut again = Browser::new(&s);
    again.cookie = Some(second);
    assert_eq!(again.me().await, Value::Null);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_change_with_the_cookie_from_a_foreign_origin_is_refused() {
    let (_dir, _clock, s) = world().await;
    let mut b = Browser::signed_up(&s, "Kofi").await;
    let own = format!("http://{}", s.addr());
    for (origin, site) in [
        (Some("http://evil.example"), None),
        (Some("null"), None),
        (None, Some("cross-site")),
    ] {
        let mut headers = vec![];
        if let Some(o) = origin {
            headers.push(("origin", o));
        }
        if let Some(site) = site {
            headers.push(("sec-fetch-site", site));
        }
        let (st, body, _) = b
            .send(
                reqwest::Method::POST,
                "/api/account/logout",
                Some(json!({"all": true})),
                &headers,
            )
            .await;
        assert_error(st, &body, StatusCode::FORBIDDEN, "foreign-origin");
        assert_eq!(b.me().await, "Kofi", "nothing changed");
    }
    let (st, _, _) = b
        .send(
            reqwest::Method::POST,
            "/api/account/logout",
            None,
            &[(ORIGIN.as_str(), own.as_str())],
        )
        .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(b.me().await, Value::Null);
    s.shutdown().await.unwrap();
}

/// A test's server that trusts 127.0.0.1 as a reverse proxy, so that a request can say which
/// address it comes from (`X-Forwarded-For`), and its database for the operator's commands.
async fn proxied_world() -> (tempfile::TempDir, ManualClock, Server, String) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let mut config = common::clocked_config(&dir.path().join("a.sqlite"), &clock).await;
    config.limits.trusted_proxies = TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]);
    let db = config.db.to_string_lossy().into_owned();
    let s = start(&config).await.expect("server starts");
    (dir, clock, s, db)
}

/// `b` posts `body` to `path` as the client at address `from`.
async fn post_from(b: &mut Browser, from: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let (st, v, _) = b
        .send(
            reqwest::Method::POST,
            path,
            Some(body),
            &[("x-forwarded-for", from)],
        )
        .await;
    (st, v)
}

fn credentials(name: &str, password: &str) -> Value {
    json!({ "name": name, "password": password })
}

#[tokio::test]
async fn log_in_attempts_are_limited_per_account_with_retry_after_until_time_passes() {
    let (_dir, clock, s, _) = proxied_world().await;
    let mut owner = Browser::new(&s);
    let signup = credentials("Kofi", PASSWORD);
    post_from(&mut owner, "203.0.113.7", "/api/account/signup", signup).await;
    let mut guesser = Browser::new(&s);
    let guess = credentials("kofi", "wrong guess");
    for _ in 0..8 {
        let (st, _) = post_from(
            &mut guesser,
            "198.51.100.1",
            "/api/account/login",
            guess.clone(),
        )
        .await;
        assert_eq!(st, StatusCode::UNAUTHORIZED);
    }
    let r = reqwest::Client::new()
        .post(format!("http://{}/api/account/login", s.addr()))
        .header("x-forwarded-for", "198.51.100.2")
        .json(&json!({"name": "Kofi", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "too-many-attempts");
    assert!(body["error"].as_str().unwrap().contains("try again"));
    clock.advance(Duration::from_secs(retry));
    let right = credentials("Kofi", PASSWORD);
    let (st, _) = post_from(&mut guesser, "198.51.100.2", "/api/account/login", right).await;
    assert_eq!(st, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_owner_logs_in_from_a_known_address_during_a_distributed_guessing_attack() {
    let (_dir, _clock, s, _) = proxied_world().await;
    let home = "203.0.113.7";
    let mut owner = Browser::new(&s);
    let (st, _) = post_from(
        &mut owner,
        home,
        "/api/account/signup",
        credentials("Kofi", PASSWORD),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    // Forty guesses, each from an address of its own.
    let mut refused = 0;
    for i in 1..=40 {
        let guess = credentials("kofi", &format!("guess number {i}"));
        let from = format!("198.51.100.{i}");
        let (st, body) = post_from(&mut Browser::new(&s), &from, "/api/account/login", guess).await;
        match st {
            StatusCode::UNAUTHORIZED => {}
            StatusCode::TOO_MANY_REQUESTS => {
                assert_eq!(body["code"], "too-many-attempts");
                refused += 1;
            }
            _ => panic!("{st} {body}"),
        }
    }
    assert_eq!(refused, 32, "the guessers are throttled after 8");
    // The owner, from home, gets in with their password.
    let mut laptop = Browser::new(&s);
    let (st, body) = post_from(
        &mut laptop,
        home,
        "/api/account/login",
        credentials("Kofi", PASSWORD),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    // A stranger with the right password is still held by the account's limit.
    let (st, body) = post_from(
        &mut Browser::new(&s),
        "192.0.2.9",
        "/api/account/login",
        credentials("Kofi", PASSWORD),
    )
    .await;
    assert_error(
        st,
        &body,
        StatusCode::TOO_MANY_REQUESTS,
        "too-many-attempts",
    );
    // The guessing does not block the owner's own password checks either.
    let change = json!({"current": PASSWORD, "new": "a new long password"});
    let (st, body) = post_from(&mut laptop, home, "/api/account/password", change).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn simultaneous_guesses_cannot_pass_the_account_limit() {
    let (_dir, _clock, s, _) = proxied_world().await;
    let mut owner = Browser::new(&s);
    post_from(
        &mut owner,
        "203.0.113.7",
        "/api/account/signup",
        credentials("Kofi", PASSWORD),
    )
    .await;
    let guesses = (1..=33).map(|i| {
        let s = &s;
        async move {
            let from = format!("198.51.100.{i}");
            let guess = credentials("kofi", &format!("guess number {i}"));
            post_from(&mut Browser::new(s), &from, "/api/account/login", guess).await
        }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let checked = answers
        .iter()
        .filter(|(st, _)| *st == StatusCode::UNAUTHORIZED)
        .count();
    assert!(
        checked <= 8,
        "{checked} guesses were checked, the limit is 8"
    );
    for (st, body) in &answers {
        assert!(
            [
                StatusCode::UNAUTHORIZED,
                StatusCode::TOO_MANY_REQUESTS,
                StatusCode::SERVICE_UNAVAILABLE
            ]
            .contains(st),
            "{st} {body}"
        );
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn sign_ups_have_a_limit_and_a_message_of_their_own() {
    let (_dir, _clock, s) = world().await;
    for i in 0..20 {
        Browser::signed_up(&s, &format!("player{i:02}")).await;
    }
    let r = reqwest::Client::new()
        .post(format!("http://{}/api/account/signup", s.addr()))
        .json(&credentials("onemore", PASSWORD))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().contains_key("retry-after"));
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "too-many-sign-ups", "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("accounts created"),
        "{body}"
    );
    // Log-ins from the address are not counted against sign-ups, nor the reverse.
    let (st, _) = Browser::new(&s).log_in("player00", PASSWORD).await;
    assert_eq!(st, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn requests_abandoned_while_hashing_do_not_stop_later_log_ins() {
    use tokio::io::AsyncWriteExt;
    let (_dir, clock, s) = world().await;
    let kofi = Browser::signed_up(&s, "Kofi").await;
    Browser::signed_up(&s, "Ama").await;
    let addr = s.addr();
    let body = json!({"current": PASSWORD, "new": "a new long password"}).to_string();
    let request = format!(
        "POST /api/account/password HTTP/1.1\r\nHost: {addr}\r\nCookie: oware_session={}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        kofi.cookie.as_deref().unwrap(),
        body.len()
    );
    let mut hung_up = Vec::new();
    for _ in 0..100 {
        let mut c = tokio::net::TcpStream::connect(addr).await.unwrap();
        c.write_all(request.as_bytes()).await.unwrap();
        hung_up.push(c);
    }
    // Let the server take the requests up, then hang up on all of them, as the attack did
    // (real time for the server's real work; nothing below depends on how long it took).
    tokio::time::sleep(Duration::from_millis(5)).await;
    drop(hung_up);
    // Another account logs in: at most busy while the hashes already running finish.
    let mut ama = Browser::new(&s);
    let mut answer = (StatusCode::SERVICE_UNAVAILABLE, Value::Null);
    for _ in 0..100 {
        answer = ama.log_in("Ama", PASSWORD).await;
        if answer.0 != StatusCode::SERVICE_UNAVAILABLE {
            break;
        }
        // Each try counts against the address's log-ins; the window moves on.
        clock.advance(Duration::from_secs(900));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(answer.0, StatusCode::OK, "{}", answer.1);
    s.shutdown().await.unwrap();
}

/// The token of a new reset link for `name`, made by the operator's command on `db`.
async fn reset_token(db: &str, name: &str) -> String {
    let link = oware_server::operator::reset_link(db, name, "http://oware.test")
        .await
        .unwrap();
    link.split_once("token=").unwrap().1.to_string()
}

async fn reset(s: &Server, token: &str, password: &str) -> (StatusCode, Value) {
    Browser::new(s)
        .post(
            "/api/account/reset",
            json!({"token": token, "password": password}),
        )
        .await
}

#[tokio::test]
async fn a_new_reset_link_revokes_the_older_ones_and_a_link_works_once() {
    let (_dir, _clock, s, db) = proxied_world().await;
    Browser::signed_up(&s, "Kofi").await;
    let first = reset_token(&db, "Kofi").await;
    let second = reset_token(&db, "Kofi").await;
    let (st, body) = reset(&s, &first, "a brand new password").await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-reset");
    assert_eq!(
        reset(&s, &second, "a brand new password").await.0,
        StatusCode::OK
    );
    let (st, body) = reset(&s, &second, "another new password").await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-reset");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_password_change_revokes_the_reset_links_made_before_it() {
    let (_dir, _clock, s, db) = proxied_world().await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let link = reset_token(&db, "Kofi").await;
    let (st, _) = kofi
        .post(
            "/api/account/password",
            json!({"current": PASSWORD, "new": "a new long password"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK);
    let (st, body) = reset(&s, &link, "a brand new password").await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-reset");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_refused_new_password_does_not_renew_the_reset_link() {
    let (_dir, clock, s, db) = proxied_world().await;
    Browser::signed_up(&s, "Kofi").await;
    let link = reset_token(&db, "Kofi").await;
    clock.advance(Duration::from_secs(23 * 3600));
    let (st, body) = reset(&s, &link, "short").await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-password");
    // The link still ends 24 hours after it was made.
    clock.advance(Duration::from_secs(2 * 3600));
    let (st, body) = reset(&s, &link, "a brand new password").await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-reset");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn password_changes_log_out_everywhere_and_closing_ends_the_account() {
    let (_dir, _clock, s) = world().await;
    let (mut phone, mut laptop) = (Browser::new(&s), Browser::new(&s));
    phone.sign_up("Kofi", PASSWORD).await;
    laptop.log_in("Kofi", PASSWORD).await;
    let (st, body) = phone
        .post(
            "/api/account/password",
            json!({"current": "wrong", "new": "a new long password"}),
        )
        .await;
    assert_error(st, &body, StatusCode::UNAUTHORIZED, "bad-credentials");
    let (st, _) = phone
        .post(
            "/api/account/password",
            json!({"current": PASSWORD, "new": "a new long password"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(phone.me().await, "Kofi", "this device has a new session");
    assert_eq!(laptop.me().await, Value::Null, "the others are over");
    assert_eq!(
        laptop.log_in("Kofi", PASSWORD).await.0,
        StatusCode::UNAUTHORIZED
    );
    laptop.log_in("Kofi", "a new long password").await;
    phone
        .post("/api/account/logout", json!({"all": true}))
        .await;
    assert_eq!(laptop.me().await, Value::Null, "logged out everywhere");
    laptop.log_in("Kofi", "a new long password").await;
    let (st, _) = laptop
        .post(
            "/api/account/close",
            json!({"password": "a new long password"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = laptop.log_in("Kofi", "a new long password").await;
    assert_eq!(
        st,
        StatusCode::UNAUTHORIZED,
        "a closed account cannot log in"
    );
    let (st, body) = Browser::new(&s).sign_up("kofi", PASSWORD).await;
    assert_error(st, &body, StatusCode::CONFLICT, "name-taken");
    let (st, profile) = laptop.get("/api/user/kofi").await;
    assert_eq!(
        (st, profile["closed"].clone()),
        (StatusCode::OK, json!(true))
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_and_shows_on_both_profiles() {
    let (_dir, _clock, s) = world().await;
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (id, south, north, state) = rated_game(&mut a, &mut b).await;
    let online = &state["online"];
    assert_eq!(online["rated"], true);
    assert_eq!(online["seats"]["S"]["name"], "Kofi");
    assert_eq!(online["seats"]["N"]["name"], "Ama");
    assert_eq!(online["seats"]["N"]["account"], true);
    assert_eq!(online["seats"]["S"]["rating"]["rating"], 1500);
    assert_eq!(online["seats"]["S"]["rating"]["provisional"], true);
    both_move(&mut a, &mut b, &id, &south, &north).await;
    let (st, end) = b
        .post_seat(&format!("/api/games/{id}/resign"), &north, json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{end}");
    let diff_s = end["online"]["seats"]["S"]["rating"]["diff"]
        .as_i64()
        .unwrap();
    let diff_n = end["online"]["seats"]["N"]["rating"]["diff"]
        .as_i64()
        .unwrap();
    assert!(diff_s > 0 && diff_n < 0, "{end}");
    // Both profiles: the rating, the counts, the game with its change, the history.
    let (_, kofi) = a.get("/api/user/kofi").await;
    assert_eq!(kofi["wins"], 1);
    assert_eq!(kofi["ratings"][0]["category"], "blitz");
    assert_eq!(kofi["ratings"][0]["rating"], 1500 + diff_s);
    assert_eq!(kofi["ratings"][0]["games"], 1);
    let (_, ama) = a.get("/api/user/Ama").await;
    assert_eq!(
        (ama["losses"].clone(), ama["wins"].clone()),
        (json!(1), json!(0))
    );
    let (_, games) = a.get("/api/user/Ama/games").await;
    assert_eq!(games["games"][0]["id"], id.as_str());
    assert_eq!(games["games"][0]["result"], "loss");
    assert_eq!(games["games"][0]["diff"], diff_n);
    let (_, wins) = a.get("/api/user/Ama/games?result=win").await;
    assert_eq!(wins["games"], json!([]));
    let (_, history) = a.get("/api/user/Kofi/rating-history?category=blitz").await;
    assert_eq!(history["blitz"][0][1], 1500 + diff_s);
    let (st, body) = a.get("/api/user/Kofi/games?result=maybe").await;
    // Another word than a result's: 400 `bad-query`, naming the field.
    assert_error(st, &body, StatusCode::BAD_REQUEST, "bad-query");
    assert!(body["error"].as_str().unwrap().contains("result"), "{body}");
    let (st, body) = a.get("/api/user/nobody-here").await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "no-such-player");
    // The export has the game as OGN.
    let ogn = reqwest::get(format!("http://{}/api/games/user/Kofi", s.addr()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        ogn.contains("[Result \"1-0\"]") || ogn.contains("1-0"),
        "{ogn}"
    );
    // A reload after a restart still shows the change.
    let (_, again) = a.get(&format!("/api/games/{id}")).await;
    assert_eq!(again["online"]["seats"]["S"]["rating"]["diff"], diff_s);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn rated_games_need_accounts_standard_rules_and_a_clock_and_aborts_rate_nothing() {
    let (_dir, _clock, s) = world().await;
    let mut guest = Browser::new(&s);
    let (st, body) = guest
        .post(
            "/api/games",
            json!({"opponent": "online", "clock": {"initial_s": 180, "increment_s": 2}, "rated": true}),
        )
        .await;
    assert_error(st, &body, StatusCode::CONFLICT, "not-rated");
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let (st, body) = a
        .post("/api/games", json!({"opponent": "online", "rated": true}))
        .await;
    assert_error(st, &body, StatusCode::CONFLICT, "not-rated");
    let (st, body) = a
        .post(
            "/api/games",
            json!({"opponent": "online", "rated": true, "rules": "awari",
                   "clock": {"initial_s": 180, "increment_s": 2}}),
        )
        .await;
    assert_error(st, &body, StatusCode::CONFLICT, "not-rated");
    let (_, created) = a
        .post(
            "/api/games",
            json!({"opponent": "online", "rated": true, "color": "S",
                   "clock": {"initial_s": 180, "increment_s": 2}}),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let (st, body) = guest
        .post(&format!("/api/games/{id}/join"), json!({}))
        .await;
    assert_error(st, &body, StatusCode::CONFLICT, "log-in-to-join");
    let (st, body) = a.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_error(st, &body, StatusCode::CONFLICT, "own-challenge");
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (_, joined) = b.post(&format!("/api/games/{id}/join"), json!({})).await;
    let north = joined["token"].as_str().unwrap().to_string();
    let (st, _) = b
        .post_seat(&format!("/api/games/{id}/abort"), &north, json!({}))
        .await;
    assert_eq!(st, StatusCode::OK);
    let (_, kofi) = a.get("/api/user/Kofi").await;
    assert_eq!(kofi["ratings"], json!([]));
    assert_eq!(
        kofi["wins"].as_u64().unwrap() + kofi["losses"].as_u64().unwrap(),
        0
    );
    s.shutdown().await.unwrap();
}

/// Plays South's F and North's f in rated game `id`: both sides have moved.
async fn both_move(a: &mut Browser, b: &mut Browser, id: &str, south: &str, north: &str) {
    let (st, v) = a
        .post_seat(
            &format!("/api/games/{id}/moves"),
            south,
            json!({"move": "F"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let (st, v) = b
        .post_seat(
            &format!("/api/games/{id}/moves"),
            north,
            json!({"move": "f"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn a_rated_game_resigned_before_both_sides_moved_rates_nothing() {
    let (_dir, _clock, s) = world().await;
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    // Twenty wins by resignation at move 0 (and one after South's first move): no points
    // can be farmed that way.
    for i in 0..21 {
        let (id, south, north, _) = rated_game(&mut a, &mut b).await;
        if i == 20 {
            let (st, v) = a
                .post_seat(
                    &format!("/api/games/{id}/moves"),
                    &south,
                    json!({"move": "F"}),
                )
                .await;
            assert_eq!(st, StatusCode::OK, "{v}");
        }
        let (st, end) = b
            .post_seat(&format!("/api/games/{id}/resign"), &north, json!({}))
            .await;
        assert_eq!(st, StatusCode::OK, "{end}");
        assert_eq!(end["online"]["end"], "resign");
        assert_eq!(
            end["online"]["seats"]["S"]["rating"]["diff"],
            Value::Null,
            "{end}"
        );
    }
    let (_, kofi) = a.get("/api/user/Kofi").await;
    assert_eq!(kofi["ratings"], json!([]), "{kofi}");
    // Once both have moved, a resignation is rated as before.
    let (id, south, north, _) = rated_game(&mut a, &mut b).await;
    both_move(&mut a, &mut b, &id, &south, &north).await;
    let (_, end) = b
        .post_seat(&format!("/api/games/{id}/resign"), &north, json!({}))
        .await;
    assert!(
        end["online"]["seats"]["S"]["rating"]["diff"]
            .as_i64()
            .unwrap()
            > 0,
        "{end}"
    );
    let (_, kofi) = a.get("/api/user/Kofi").await;
    assert_eq!(kofi["ratings"][0]["games"], 1, "{kofi}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_player_gets_no_analysis_or_spectators_room_from_a_spectators_place() {
    let (_dir, _clock, s) = world().await;
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (id, south, north, _) = rated_game(&mut a, &mut b).await;
    both_move(&mut a, &mut b, &id, &south, &north).await;
    // A guest spectator advises in the spectators' room.
    let mut guest = Browser::new(&s);
    let (st, m) = guest
        .post(
            &format!("/api/games/{id}/chat"),
            json!({"text": "play D next"}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(m["room"], "spectators");
    // Kofi, logged in, opens the game's events as a spectator would (no presence key).
    let cookie = format!("oware_session={}", a.cookie.clone().unwrap());
    let http = reqwest::Client::new();
    let base = format!("http://{}", s.addr());
    let resp = http
        .get(format!("{base}/api/games/{id}/events"))
        .header(reqwest::header::COOKIE, &cookie)
        .send()
        .await
        .unwrap();
    let mut events = common::Events::of(resp);
    let first = events.until("update", |_| true).await;
    let handle = first["watcher"]
        .as_str()
        .expect("a spectator's handle")
        .to_string();
    let analyse = |with_cookie: bool| {
        let mut req = http
            .post(format!("{base}/api/games/{id}/analysis"))
            .header("x-watcher", &handle)
            .json(&json!({"movetime_ms": 50}));
        if with_cookie {
            req = req.header(reqwest::header::COOKIE, &cookie);
        }
        req.send()
    };
    // Neither with the cookie nor with the handle alone: the handle is a player's.
    for with_cookie in [true, false] {
        let r = analyse(with_cookie).await.unwrap();
        let st = r.status();
        let v: Value = r.json().await.unwrap();
        assert_error(st, &v, StatusCode::FORBIDDEN, "no-analysis-during-play");
    }
    // The chat log read with the cookie alone is a player's: no spectators' room.
    let (st, log) = a.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(log["messages"], json!([]), "{log}");
    // A real spectator still gets both.
    let (st, log) = guest.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(
        (st, log["messages"].as_array().unwrap().len()),
        (StatusCode::OK, 1)
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_logged_in_players_seat_follows_the_account_to_another_device() {
    let (_dir, _clock, s) = world().await;
    let mut phone = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (id, south, _, _) = rated_game(&mut phone, &mut b).await;
    let mut laptop = Browser::new(&s);
    let (st, body) = laptop
        .post(&format!("/api/games/{id}/seat"), json!({}))
        .await;
    assert!(st.is_client_error(), "a guest gets no seat: {body}");
    laptop.log_in("Kofi", PASSWORD).await;
    let (st, seat) = laptop
        .post(&format!("/api/games/{id}/seat"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{seat}");
    assert_eq!(seat["token"], south.as_str());
    assert_eq!(seat["state"]["online"]["you"], "S");
    s.shutdown().await.unwrap();
}

/// The stored write that ends rated blitz game `id` (as stored in `store`) with South's win
/// now, the end the accounts see, and the seats' JSON (for the accounts' ids).
async fn south_wins(
    store: &dyn Store,
    id: &str,
    clock: &ManualClock,
) -> (oware_server::GameUpdate, GameEnd, Value) {
    let row = store.load(id.to_string()).await.unwrap().unwrap();
    let users: Value = serde_json::from_str(&row.online).unwrap();
    let end = GameEnd {
        category: "blitz".into(),
        rated: true,
        south_score: 1.0,
        south_user: users["south"]["user"].as_str().map(String::from),
        north_user: users["north"]["user"].as_str().map(String::from),
        at_ms: oware_server::Clock::now_ms(clock),
    };
    let update = oware_server::GameUpdate {
        id: id.to_string(),
        from_version: row.version,
        moves: row.moves.clone(),
        redo: String::new(),
        online: row.online.clone(),
        online_status: "over".into(),
        south_user: row.south_user.clone(),
        north_user: row.north_user.clone(),
        listing: row.listing.clone(),
    };
    (update, end, users)
}

#[tokio::test]
async fn a_rating_is_applied_once_when_two_writers_finish_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let db = common::db(&dir.path().join("a.sqlite")).await;
    let s = {
        let config = ServerConfig {
            clock: clock.shared(),
            db: db.clone(),
            ..common::online_config(&dir.path().join("unused.sqlite"), OnlineConfig::default())
                .await
        };
        start(&config).await.unwrap()
    };
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (id, _, _, _) = rated_game(&mut a, &mut b).await;
    s.shutdown().await.unwrap();
    // Two writers on the same database (two instances on PostgreSQL; one file's store twice
    // over on SQLite) both try to write the end from the same version at once.
    let db = db.to_string_lossy().to_string();
    let stores: Vec<Arc<dyn Store>> = if common::postgres() {
        vec![
            oware_server::open_store(&db).await.unwrap(),
            oware_server::open_store(&db).await.unwrap(),
        ]
    } else {
        let one = oware_server::open_store(&db).await.unwrap();
        vec![Arc::clone(&one), one]
    };
    let (update, end, users) = south_wins(stores[0].as_ref(), &id, &clock).await;
    let (r1, r2) = tokio::join!(
        stores[0]
            .accounts()
            .finish(update.clone(), end.clone(), oware_server::rate_game_end),
        stores[1]
            .accounts()
            .finish(update, end, oware_server::rate_game_end)
    );
    assert_eq!(
        u8::from(r1.is_ok()) + u8::from(r2.is_ok()),
        1,
        "exactly one writer wins: {r1:?} {r2:?}"
    );
    let south = users["south"]["user"].as_str().unwrap().to_string();
    let ratings = stores[0].accounts().ratings(south).await.unwrap();
    assert_eq!(ratings.len(), 1);
    assert_eq!(ratings[0].1.games, 1, "applied once");
    assert_eq!(
        stores[0].accounts().game_players(id).await.unwrap().len(),
        2
    );
    for st in stores {
        let _ = st.close().await;
    }
}

#[tokio::test]
async fn a_new_players_simultaneous_first_results_all_count() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let db = common::db(&dir.path().join("first.sqlite")).await;
    let s = {
        let config = ServerConfig {
            clock: clock.shared(),
            db: db.clone(),
            ..common::clocked_config(&dir.path().join("unused.sqlite"), &clock).await
        };
        start(&config).await.unwrap()
    };
    // Kofi, new, has eight rated games with eight new opponents, all ending at once.
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let mut ids = Vec::new();
    for i in 0..8 {
        let mut other = Browser::signed_up(&s, &format!("Opponent{i}")).await;
        ids.push(rated_game(&mut kofi, &mut other).await.0);
    }
    s.shutdown().await.unwrap();
    // Eight writers (eight instances' pools on PostgreSQL; one store on SQLite, whose writes
    // take turns) write the eight ends together. No rating row exists yet for anyone.
    let db = db.to_string_lossy().to_string();
    let one = oware_server::open_store(&db).await.unwrap();
    let mut stores: Vec<Arc<dyn Store>> = Vec::new();
    for _ in 0..8 {
        stores.push(if common::postgres() {
            oware_server::open_store(&db).await.unwrap()
        } else {
            Arc::clone(&one)
        });
    }
    let mut kofi_id = String::new();
    let mut ends = tokio::task::JoinSet::new();
    for (id, store) in ids.iter().zip(&stores) {
        let (update, end, users) = south_wins(store.as_ref(), id, &clock).await;
        kofi_id = users["south"]["user"].as_str().unwrap().to_string();
        let store = Arc::clone(store);
        ends.spawn(async move {
            store
                .accounts()
                .finish(update, end, oware_server::rate_game_end)
                .await
                .map(|_| ())
        });
    }
    for r in ends.join_all().await {
        r.expect("every end is written");
    }
    let ratings = one.accounts().ratings(kofi_id).await.unwrap();
    assert_eq!(ratings.len(), 1, "{ratings:?}");
    assert_eq!(ratings[0].1.games, 8, "every result counted: {ratings:?}");
    for st in stores {
        let _ = st.close().await;
    }
    let _ = one.close().await;
}

#[tokio::test]
async fn the_leaderboard_lists_established_players_best_first() {
    let (_dir, clock, s) = world().await;
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (_, board) = a.get("/api/player").await;
    assert_eq!(board["blitz"], json!([]), "nobody is established yet");
    // Kofi wins most games: after enough of them both deviations are under 110.
    for i in 0..30 {
        let (id, south, north, _) = rated_game(&mut a, &mut b).await;
        both_move(&mut a, &mut b, &id, &south, &north).await;
        let (loser, token) = if i % 4 == 3 {
            (&mut a, south)
        } else {
            (&mut b, north)
        };
        let (st, _) = loser
            .post_seat(&format!("/api/games/{id}/resign"), &token, json!({}))
            .await;
        assert_eq!(st, StatusCode::OK);
        // Time passes between games like it would (a rating period per game is a day here).
        clock.advance(Duration::from_secs(600));
    }
    let (_, board) = Browser::new(&s).get("/api/player").await;
    let blitz = board["blitz"].as_array().unwrap();
    let (_, kofi) = a.get("/api/user/Kofi").await;
    assert_eq!(blitz.len(), 2, "{board} {kofi}");
    assert_eq!(blitz[0]["name"], "Kofi");
    assert_eq!(blitz[0]["rank"], 1);
    assert_eq!(blitz[1]["name"], "Ama");
    assert!(blitz[0]["rating"].as_i64() > blitz[1]["rating"].as_i64());
    // Forty days later neither has played recently: the board is empty again.
    clock.advance(Duration::from_secs(40 * 86_400));
    let (_, board) = Browser::new(&s).get("/api/player").await;
    assert_eq!(board["blitz"], json!([]));
    s.shutdown().await.unwrap();
}

/// `POST path` with `body` and the extra `headers` on a bare client: the status, the JSON body
/// and every `Set-Cookie` line.
async fn raw_post(
    s: &Server,
    path: &str,
    body: Value,
    headers: &[(&str, &str)],
) -> (StatusCode, Value, Vec<String>) {
    let mut req = reqwest::Client::new()
        .post(format!("http://{}{path}", s.addr()))
        .json(&body);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.unwrap();
    let status = r.status();
    let set = r
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    (status, r.json().await.unwrap_or(Value::Null), set)
}

#[tokio::test]
async fn the_language_is_kept_on_the_account_and_follows_it_to_another_device() {
    let (_dir, _clock, s) = world().await;
    // Signing up from a French browser keeps French on the account.
    let mut b = Browser::new(&s);
    let (status, body, _) = b
        .send(
            reqwest::Method::POST,
            "/api/account/signup",
            Some(json!({ "name": "Ama", "password": PASSWORD })),
            &[("accept-language", "fr-FR,fr;q=0.9,en;q=0.5")],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["lang"], "fr");
    assert_eq!(b.get("/api/account").await.1["lang"], "fr");

    // The header's menu: German, kept on the account.
    let (status, body) = b.post("/api/account/lang", json!({ "lang": "de" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(b.get("/api/account").await.1["lang"], "de");

    // Another device logs in with an English browser: the answer says German and sets the
    // `lang` cookie beside the session's.
    let (status, body, set) = raw_post(
        &s,
        "/api/account/login",
        json!({ "name": "Ama", "password": PASSWORD }),
        &[("accept-language", "en")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["lang"], "de");
    assert!(
        set.iter().any(|c| c.starts_with("oware_session=")),
        "{set:?}"
    );
    let lang = set
        .iter()
        .find(|c| c.starts_with("lang="))
        .expect("a lang cookie");
    assert!(lang.starts_with("lang=de;"), "{lang}");
    for flag in ["Path=/", "SameSite=Lax", "Max-Age=31536000"] {
        assert!(lang.contains(flag), "{lang}");
    }
    assert!(
        !lang.contains("HttpOnly"),
        "the guest's menu writes it too: {lang}"
    );

    // A guest's choice sets the cookie and keeps nothing; an unknown language is refused, in
    // the language of the request.
    let (status, body, set) = raw_post(&s, "/api/account/lang", json!({ "lang": "pt" }), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(set.iter().any(|c| c.starts_with("lang=pt;")), "{set:?}");
    let (status, body, set) = raw_post(
        &s,
        "/api/account/lang",
        json!({ "lang": "xx" }),
        &[("cookie", "lang=fr")],
    )
    .await;
    assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-lang");
    assert_eq!(body["error"], "Le site ne propose pas cette langue.");
    assert!(set.is_empty(), "{set:?}");
    let (status, body, _) = raw_post(&s, "/api/account/lang", json!({ "lang": "xx" }), &[]).await;
    assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-lang");
    assert_eq!(body["error"], "the site's languages are en, fr, de, pt");
    assert_eq!(b.get("/api/account").await.1["lang"], "de", "unchanged");
}

#[tokio::test]
async fn error_answers_speak_the_language_of_the_request() {
    let (_dir, _clock, s) = world().await;
    let api = common::Api::new(&s);
    let (id, token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    assert_eq!(api.play(&id, &token, "C").await.0, StatusCode::OK);
    assert_eq!(api.play(&id, &token, "b").await.0, StatusCode::OK);
    let path = format!("/api/games/{id}/moves");
    for (headers, want) in [
        (
            vec![("accept-language", "pt-PT,pt;q=0.9")],
            "Esta casa está vazia: escolha uma casa com sementes.",
        ),
        (
            // The cookie (the header's menu) beats the browser's language.
            vec![("accept-language", "pt"), ("cookie", "lang=de")],
            "Diese Mulde ist leer: Wählen Sie eine Mulde mit Samen.",
        ),
    ] {
        let mut all = headers.clone();
        all.push(("x-seat-token", &token));
        let (status, body, _) = raw_post(&s, &path, json!({ "move": "C" }), &all).await;
        assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "empty-pit");
        assert_eq!(body["error"], want);
    }
    // English keeps the server's own sentence.
    let (status, body) = api.play(&id, &token, "C").await;
    assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "empty-pit");
    assert!(body["error"].as_str().unwrap().contains("empty"), "{body}");
    assert_eq!(api.state(&id).await["ply"], 2, "nothing changed");
    // The error's values (here the limits of a password) reach the message.
    let signup = json!({ "name": "Ama_Serwaa", "password": "short" });
    let (status, body, _) =
        raw_post(&s, "/api/account/signup", signup, &[("cookie", "lang=fr")]).await;
    assert_error(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-password",
    );
    assert_eq!(
        body["error"],
        "Un mot de passe a de 8 à 128 caractères, n'est pas l'un des plus courants et n'est pas \
         le nom d'utilisateur."
    );
}
