//! The budget (issue 52): each hostile case of the security review as a test against the real
//! server on a loopback port, the clock injected (no sleeping for time to pass). Games made by
//! accepting challenges count toward the creation limits and the games an account may have
//! going; an account's games are paged; connections and streams have whole-server ceilings
//! (503 with `Retry-After`), streams a ceiling per account; revoking a token, closing an
//! account or changing a password ends the open streams at once; challenges have a rate and
//! one account holds one open challenge to each player; the token limit holds under
//! concurrency. On SQLite, or on PostgreSQL with `OWARE_TEST_BACKEND=postgres`.

mod common;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use common::bot::{token, Bot};
use common::{assert_error, clocked_config, Browser, PASSWORD};
use oware_server::{ManualClock, OnlineConfig, ProxyNet, Server, ServerLimits, TrustedProxies};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A server on its own database and manual clock with `limits`, the online settings `online`
/// changed by `tune`; the loopback address is a trusted proxy, so that a test may speak for
/// many client addresses (`X-Forwarded-For`).
async fn server(
    clock: &ManualClock,
    limits: ServerLimits,
    tune: impl FnOnce(&mut OnlineConfig),
) -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = clocked_config(&dir.path().join("games.sqlite"), clock).await;
    tune(&mut config.online);
    config.limits = ServerLimits {
        trusted_proxies: TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]),
        ..limits
    };
    let s = oware_server::start(&config).await.expect("server starts");
    (dir, s)
}

/// `from` challenges `to` (by name): the answer's status and body.
async fn challenge(from: &mut Browser, to: &str) -> (StatusCode, Value) {
    from.post(&format!("/api/challenge/{to}"), json!({})).await
}

/// `from` challenges `to` (by name), which is open: the challenge's id.
async fn challenge_open(from: &mut Browser, to: &str) -> String {
    let (st, c) = challenge(from, to).await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    c["id"].as_str().unwrap().to_string()
}

/// `to` accepts challenge `id`: the status and body.
async fn accept(to: &mut Browser, id: &str) -> (StatusCode, Value) {
    to.post(&format!("/api/challenge/{id}/accept"), json!({}))
        .await
}

/// `from` challenges `to`, and `to` accepts: the accept's status and body.
async fn challenge_accepted(
    from: &mut Browser,
    to: &mut Browser,
    name: &str,
) -> (StatusCode, Value) {
    let id = challenge_open(from, name).await;
    accept(to, &id).await
}

/// 429 with error code `code`: a budget is spent.
fn assert_too_many(status: StatusCode, body: &Value, code: &str) {
    assert_error(status, body, StatusCode::TOO_MANY_REQUESTS, code);
}

/// A server on its own database and manual clock with `limits`, and the clock.
async fn limited(limits: ServerLimits) -> (tempfile::TempDir, Server, ManualClock) {
    let clock = ManualClock::starting_now();
    let (dir, s) = server(&clock, limits, |_| {}).await;
    (dir, s, clock)
}

/// `b`'s session POSTs each of `requests` (path, JSON body) all at once: the statuses.
async fn posts_at_once(s: &Server, b: &Browser, requests: Vec<(String, Value)>) -> Vec<StatusCode> {
    let cookie = b.cookie.clone().unwrap();
    let client = reqwest::Client::new();
    futures_util::future::join_all(requests.into_iter().map(|(path, body)| {
        let client = client.clone();
        let cookie = cookie.clone();
        let url = format!("http://{}{path}", s.addr());
        async move {
            client
                .post(url)
                .header("cookie", format!("oware_session={cookie}"))
                .json(&body)
                .send()
                .await
                .unwrap()
                .status()
        }
    }))
    .await
}

#[tokio::test]
async fn accepting_challenges_counts_toward_the_creation_limit_of_the_address() {
    let clock = ManualClock::starting_now();
    let (_dir, s) = server(&clock, ServerLimits::default(), |o| o.create_limit = 3).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    for _ in 0..3 {
        let (st, body) = challenge_accepted(&mut ama, &mut kofi, "Kofi").await;
        assert_eq!(st, StatusCode::OK, "{body}");
    }
    // Two accounts of one address accepting each other's challenges: the fourth game is
    // refused, and the challenge stays open for later.
    let id = challenge_open(&mut ama, "Kofi").await;
    let (st, body) = accept(&mut kofi, &id).await;
    assert_too_many(st, &body, "too-many-games");
    let (_, list) = kofi.get("/api/challenge").await;
    assert_eq!(list["incoming"][0]["id"], id, "{list}");
    let (_, games) = kofi.get("/api/account/games").await;
    assert_eq!(games["games"].as_array().unwrap().len(), 3, "{games}");
    // The window passes (the challenge lapsed meanwhile): a new one is accepted.
    clock.advance(Duration::from_secs(601));
    let (st, body) = challenge_accepted(&mut ama, &mut kofi, "Kofi").await;
    assert_eq!(st, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn an_account_has_at_most_its_budget_of_games_going_and_its_games_are_paged() {
    let (_dir, s, _clock) = limited(ServerLimits {
        live_games_per_account: 3,
        ..ServerLimits::default()
    })
    .await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let mut esi = Browser::signed_up(&s, "Esi").await;
    for _ in 0..3 {
        let (st, body) = challenge_accepted(&mut ama, &mut kofi, "Kofi").await;
        assert_eq!(st, StatusCode::OK, "{body}");
    }
    // Ama has three games going: no fourth challenge, nor a game in the lobby.
    let (st, body) = challenge(&mut ama, "Esi").await;
    assert_too_many(st, &body, "too-many-live-games");
    let (st, body) = ama
        .post(
            "/api/games",
            json!({"opponent": "online", "clock": {"initial_s": 300, "increment_s": 0}}),
        )
        .await;
    assert_too_many(st, &body, "too-many-live-games");
    // Nor may Kofi accept another game: Esi's challenge to him stays open.
    let id = challenge_open(&mut esi, "Kofi").await;
    let (st, body) = accept(&mut kofi, &id).await;
    assert_too_many(st, &body, "too-many-live-games");

    // The list is paged: an offset skips games, a bad one is refused.
    let (st, all) = ama.get("/api/account/games").await;
    assert_eq!(st, StatusCode::OK, "{all}");
    assert_eq!(all["games"].as_array().unwrap().len(), 3);
    let (_, rest) = ama.get("/api/account/games?offset=2").await;
    assert_eq!(rest["games"].as_array().unwrap().len(), 1, "{rest}");
    let (st, body) = ama.get("/api/account/games?offset=-1").await;
    assert_error(st, &body, StatusCode::BAD_REQUEST, "bad-request");

    // One game ends: Ama may play another.
    let game = all["games"][0]["id"].as_str().unwrap().to_string();
    let (st, seat) = ama
        .post(&format!("/api/games/{game}/seat"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{seat}");
    let token = seat["token"].as_str().unwrap();
    let (st, body) = ama
        .post_seat(&format!("/api/games/{game}/abort"), token, json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = challenge(&mut ama, "Esi").await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn challenges_have_a_rate_and_one_open_challenge_to_each_player() {
    let (_dir, s, clock) = limited(ServerLimits {
        challenges_per_minute: 3,
        ..ServerLimits::default()
    })
    .await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    for name in ["Kofi", "Esi", "Yaw", "Abena"] {
        Browser::signed_up(&s, name).await;
    }
    let (st, body) = challenge(&mut ama, "Kofi").await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
    // A second open challenge to the same player: refused (two accounts cannot fill anyone's
    // places).
    let (st, body) = challenge(&mut ama, "Kofi").await;
    assert_too_many(st, &body, "too-many-challenges");
    let (st, body) = challenge(&mut ama, "Esi").await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
    // Three sent in the minute (the refused one counted): the fourth waits.
    let (st, body) = challenge(&mut ama, "Yaw").await;
    assert_too_many(st, &body, "too-many-challenges");
    clock.advance(Duration::from_secs(61));
    let (st, body) = challenge(&mut ama, "Yaw").await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
}

/// `GET path` with `token` from client address `from`: the status and the JSON body (a stream
/// that opens answers 200 and is dropped).
async fn stream_from(
    s: &Server,
    path: &str,
    token: Option<&str>,
    from: &str,
) -> (StatusCode, Value, Option<reqwest::Response>) {
    let mut req = reqwest::Client::new()
        .get(format!("http://{}{path}", s.addr()))
        .header("x-forwarded-for", from);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let r = req.send().await.unwrap();
    let status = r.status();
    if status == StatusCode::OK {
        return (status, Value::Null, Some(r));
    }
    let retry = r.headers().get("retry-after").is_some();
    assert!(retry, "a refusal says when to come back");
    (status, r.json().await.unwrap_or(Value::Null), None)
}

#[tokio::test]
async fn streams_are_capped_per_account_from_any_address_and_for_the_whole_server() {
    let (_dir, s, _clock) = limited(ServerLimits {
        streams_per_account: 2,
        streams_max: Some(4),
        ..ServerLimits::default()
    })
    .await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let t = token(&mut ama, &["challenge:read"]).await;
    let mut held = Vec::new();
    for i in 1..=2 {
        let (st, _, r) =
            stream_from(&s, "/api/stream/event", Some(&t), &format!("203.0.113.{i}")).await;
        assert_eq!(st, StatusCode::OK);
        held.push(r);
    }
    // One token from a third address: the account holds its most.
    let (st, body, _) = stream_from(&s, "/api/stream/event", Some(&t), "203.0.113.3").await;
    assert_too_many(st, &body, "too-many-streams");
    // Streams that need no account fill the server: past its ceiling, 503 with Retry-After.
    for i in 4..=5 {
        let (st, _, r) =
            stream_from(&s, "/api/lobby/events", None, &format!("203.0.113.{i}")).await;
        assert_eq!(st, StatusCode::OK);
        held.push(r);
    }
    let (st, body, _) = stream_from(&s, "/api/lobby/events", None, "203.0.113.6").await;
    assert_error(
        st,
        &body,
        StatusCode::SERVICE_UNAVAILABLE,
        "too-many-clients",
    );
    // (A closed stream's place is given back by its guard: `budget.rs`'s unit tests.)
    drop(held);
}

#[tokio::test]
async fn connections_past_the_ceiling_are_answered_503_with_retry_after_and_the_rest_served() {
    let (_dir, s, _clock) = limited(ServerLimits {
        connections_max: Some(3),
        ..ServerLimits::default()
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(tokio::net::TcpStream::connect(s.addr()).await.unwrap());
    }
    // The listener takes connections in their order: the fourth is past the ceiling.
    let mut c = tokio::net::TcpStream::connect(s.addr()).await.unwrap();
    let _ = c
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), c.read_to_end(&mut answer)).await;
    let refused = String::from_utf8_lossy(&answer).into_owned();
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.contains("Retry-After: 5"), "{refused}");
    assert!(
        refused.contains("\"code\":\"too-many-clients\""),
        "{refused}"
    );
    // Closing the idle connections makes room: a visitor is answered again (once the
    // server has seen them close: each try yields to it, no time is waited for).
    drop(idle);
    let mut answered = false;
    for _ in 0..1000 {
        let r = reqwest::get(format!("http://{}/api/health", s.addr())).await;
        if r.is_ok_and(|r| r.status() == StatusCode::OK) {
            answered = true;
            break;
        }
        tokio::task::yield_now().await;
    }
    assert!(answered, "the places were given back");
}

/// A new token of `b`'s account described as `description`: its text and its id.
async fn named_token(b: &mut Browser, description: &str) -> (String, String) {
    let (st, body) = b
        .post(
            "/api/account/tokens",
            json!({ "description": description, "scopes": ["challenge:read"] }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
    let text = body["token"].as_str().unwrap().to_string();
    let id = body["info"]["id"].as_str().unwrap().to_string();
    (text, id)
}

#[tokio::test]
async fn revoking_a_token_closing_the_account_or_changing_the_password_ends_the_open_streams() {
    let (_dir, s, _clock) = limited(ServerLimits::default()).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;

    // Revoked: the stream ends at once; another token's stream goes on.
    let (first, first_id) = named_token(&mut ama, "first").await;
    let (second, _) = named_token(&mut ama, "second").await;
    let (first, second) = (Bot::new(&s, &first), Bot::new(&s, &second));
    let mut one = first.stream("/api/stream/event").await;
    let mut two = second.stream("/api/stream/event").await;
    let (st, body) = ama.delete(&format!("/api/account/tokens/{first_id}")).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(one.next().await, None, "the revoked token's stream ended");
    // The other stream still carries events: a challenge to Ama reaches it.
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let (st, c) = challenge(&mut kofi, "Ama").await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    two.until("challenge", |_| true).await;

    // A new password: every token is revoked and their streams end.
    let (st, body) = ama
        .post(
            "/api/account/password",
            json!({"current": PASSWORD, "new": "a new phrase for the seeds"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(
        two.next().await,
        None,
        "the stream ended with the password change"
    );
    let (st, body) = second.get("/api/challenge").await;
    assert_error(st, &body, StatusCode::UNAUTHORIZED, "bad-token");

    // Closed: a new token's stream ends with the account.
    let (third, _) = named_token(&mut ama, "third").await;
    let third = Bot::new(&s, &third);
    let mut three = third.stream("/api/stream/event").await;
    let open = three.next().await.unwrap();
    assert_eq!(
        open["type"], "challenge",
        "the opening line: Kofi's challenge {open}"
    );
    let (st, body) = ama
        .post(
            "/api/account/close",
            json!({"password": "a new phrase for the seeds"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(
        three.next().await,
        None,
        "the stream ended with the account"
    );
}

#[tokio::test]
async fn the_token_limit_holds_against_requests_at_once() {
    let (_dir, s, _clock) = limited(ServerLimits::default()).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let tokens = (0..30)
        .map(|i| {
            let body = json!({"description": format!("bot {i}"), "scopes": ["bot:play"]});
            ("/api/account/tokens".to_string(), body)
        })
        .collect();
    let made = posts_at_once(&s, &ama, tokens).await;
    let ok = made.iter().filter(|&&st| st == StatusCode::CREATED).count();
    let (_, list) = ama.get("/api/account/tokens").await;
    let held = list["tokens"].as_array().unwrap().len();
    assert_eq!(ok, held, "{made:?}");
    assert!(held <= 20, "at most the limit: {held}");
    assert_eq!(held, 20, "every place taken: {made:?}");
}

#[tokio::test]
async fn bots_stay_out_of_peoples_pools_and_arenas() {
    let (_dir, s, _clock) = limited(ServerLimits::default()).await;
    // A person's ticket waits in a pool: the account cannot become a bot meanwhile (it would
    // be paired with a person as a bot).
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let (st, ticket) = ama.post("/api/pool/3+2", json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{ticket}");
    let ama_bot = Bot::new(&s, &token(&mut ama, &["bot:play"]).await);
    let (st, body) = ama_bot.post("/api/bot/account/upgrade", None).await;
    assert_error(st, &body, StatusCode::CONFLICT, "has-played");

    // A bot joins no arena with its page's session.
    let mut deep = Browser::signed_up(&s, "Deep").await;
    let deep_bot = Bot::new(&s, &token(&mut deep, &["bot:play"]).await);
    let (st, body) = deep_bot.post("/api/bot/account/upgrade", None).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let (st, arena) = kofi
        .post(
            "/api/tournaments",
            json!({ "kind": "arena", "name": "Evening Arena", "minutes": 30,
                    "initial_s": 180, "increment_s": 2, "max_players": 4 }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{arena}");
    let id = arena["id"].as_str().unwrap();
    let (st, body) = deep
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_error(st, &body, StatusCode::FORBIDDEN, "no-bots-in-arenas");
    let (st, body) = kofi
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn the_open_challenges_limit_holds_against_requests_at_once() {
    let (_dir, s, _clock) = limited(ServerLimits::default()).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let names: Vec<String> = (0..14).map(|i| format!("Player{i}")).collect();
    for n in &names {
        Browser::signed_up(&s, n).await;
    }
    let challenges = names
        .iter()
        .map(|n| (format!("/api/challenge/{n}"), json!({})))
        .collect();
    let sent = posts_at_once(&s, &ama, challenges).await;
    let made = sent.iter().filter(|&&st| st == StatusCode::CREATED).count();
    let (_, list) = ama.get("/api/challenge").await;
    let open = list["outgoing"].as_array().unwrap().len();
    assert_eq!(made, open, "{sent:?}");
    assert_eq!(open, 10, "the limit, never more: {sent:?}");
}

/// `b` challenges house bot `bot` from client address `from` and waits on `events` (`b`'s
/// account stream) for the answer: the game's id if accepted, `None` if declined (`later`).
async fn house_answer(
    b: &mut Browser,
    events: &mut common::bot::Lines,
    bot: &str,
    from: &str,
) -> Option<String> {
    let (st, c, _) = b
        .send(
            reqwest::Method::POST,
            &format!("/api/challenge/{bot}"),
            Some(json!({"side": "south"})),
            &[("x-forwarded-for", from)],
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    loop {
        let line = events.next().await.expect("the stream stays open");
        match line["type"].as_str() {
            Some("gameStart") if line["game"]["opponent"]["name"] == bot => {
                return Some(line["game"]["id"].as_str().unwrap().to_string())
            }
            Some("challengeDeclined") if line["challenge"]["id"] == id => {
                assert_eq!(line["challenge"]["decline_reason"], "later", "{line}");
                return None;
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn many_accounts_of_one_address_cannot_take_every_house_bot_place() {
    let clock = ManualClock::starting_now();
    let dir = tempfile::tempdir().unwrap();
    let mut config = clocked_config(&dir.path().join("games.sqlite"), &clock).await;
    config.limits.trusted_proxies = TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]);
    config.house = oware_server::HouseConfig {
        levels: vec![oware_engine::Level::Easy],
        per_account: 2,
        per_address: 3,
        ..oware_server::HouseConfig::default()
    };
    let s = oware_server::start(&config).await.expect("server starts");
    let bot = "HouseBot-Easy";
    // Three accounts of one address (an IPv6 client is its /64: two addresses of one /64).
    let mut players = Vec::new();
    for name in ["Ama", "Kofi", "Esi"] {
        let mut b = Browser::signed_up(&s, name).await;
        let events = Bot::new(&s, &token(&mut b, &["challenge:read"]).await)
            .stream("/api/stream/event")
            .await;
        players.push((b, events));
    }
    let one = "2001:db8:1:2::1";
    let same = "2001:db8:1:2:ffff::9";
    let (ama, ama_events) = &mut players[0];
    assert!(house_answer(ama, ama_events, bot, one).await.is_some());
    assert!(house_answer(ama, ama_events, bot, same).await.is_some());
    let (kofi, kofi_events) = &mut players[1];
    assert!(house_answer(kofi, kofi_events, bot, same).await.is_some());
    // The address holds three places: Kofi's second (his account holds one) and Esi's first
    // are declined, though the house bot has places left.
    assert_eq!(house_answer(kofi, kofi_events, bot, one).await, None);
    let (esi, esi_events) = &mut players[2];
    assert_eq!(house_answer(esi, esi_events, bot, same).await, None);
    // From another address Esi gets a game at once.
    assert!(house_answer(esi, esi_events, bot, "2001:db8:1:3::1")
        .await
        .is_some());
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_accounts_games_are_listed_from_columns_never_from_each_games_state() {
    let dir = tempfile::tempdir().unwrap();
    let db = common::db(&dir.path().join("games.sqlite")).await;
    let inner = oware_server::open_store(&db.to_string_lossy())
        .await
        .unwrap();
    let store = Arc::new(common::TestStore::over(inner));
    let s = common::start_on(store.clone(), oware_server::EngineJobs::new(1)).await;
    let api = common::Api::new(&s);
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let (st, c) = ama
        .post(
            "/api/challenge/Kofi",
            json!({"clock": {"initial_s": 300, "increment_s": 0}, "side": "south"}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let (st, v) = kofi
        .post(
            &format!("/api/challenge/{}/accept", c["id"].as_str().unwrap()),
            json!({}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let game = v["game_id"].as_str().unwrap().to_string();
    // And a challenge of Ama's in the lobby that nobody has taken.
    let (st, open) = ama
        .post(
            "/api/games",
            json!({"opponent": "online", "clock": {"initial_s": 300, "increment_s": 0}}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{open}");

    // While the store refuses to read any game's row whole, both lists still answer in full:
    // they are read from the columns alone. (Counting the reads instead would also count
    // the server's own background work on these games.)
    store.refuse_whole_rows.store(true, Ordering::SeqCst);
    let (st, list) = ama.get("/api/account/games").await;
    assert_eq!(st, StatusCode::OK, "{list}");
    let (st, theirs) = kofi.get("/api/account/games").await;
    assert_eq!(st, StatusCode::OK, "{theirs}");
    store.refuse_whole_rows.store(false, Ordering::SeqCst);
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{list}");
    let g = games.iter().find(|g| g["id"] == game.as_str()).unwrap();
    assert_eq!(
        (&g["opponent"], &g["status"], &g["your_turn"], &g["side"]),
        (&json!("Kofi"), &json!("playing"), &json!(true), &json!("S")),
        "{list}"
    );
    assert_eq!(g["time_left_ms"], 300_000, "{list}");
    assert_eq!(g["rated"], false, "{list}");
    let o = games.iter().find(|g| g["id"] != game.as_str()).unwrap();
    assert_eq!((&o["opponent"], &o["status"]), (&json!(""), &json!("open")));
    assert_eq!(theirs["games"][0]["opponent"], "Ama", "{theirs}");
    assert_eq!(theirs["games"][0]["your_turn"], false, "{theirs}");

    // Ama moves: the listing written with the move says it is Kofi's turn.
    let (st, seat) = ama
        .post(&format!("/api/games/{game}/seat"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{seat}");
    let (st, v) = api.play(&game, seat["token"].as_str().unwrap(), "C").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let (_, theirs) = kofi.get("/api/account/games").await;
    assert_eq!(theirs["games"][0]["your_turn"], true, "{theirs}");
    let (_, list) = ama.get("/api/account/games").await;

    // Rows written before the listing column are read whole, with the same answer.
    store.blank_listings.store(true, Ordering::SeqCst);
    let rows_before = store.whole_rows.load(Ordering::SeqCst);
    let (_, again) = ama.get("/api/account/games").await;
    assert_eq!(again, list);
    assert!(store.whole_rows.load(Ordering::SeqCst) >= rows_before + 2);
    // And without the whole rows, those games cannot be listed at all.
    store.refuse_whole_rows.store(true, Ordering::SeqCst);
    let (st, none) = ama.get("/api/account/games").await;
    assert_eq!(st, StatusCode::OK, "{none}");
    assert_eq!(none["games"], json!([]), "{none}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_rating_history_holds_the_newest_points_only() {
    let clock = ManualClock::starting_now();
    let dir = tempfile::tempdir().unwrap();
    let config = clocked_config(&dir.path().join("games.sqlite"), &clock).await;
    let s = oware_server::start(&config).await.expect("server starts");
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    // A game between them as the server writes it: the five rated games below are its copies.
    let (st, c) = ama
        .post("/api/challenge/Kofi", json!({"side": "south"}))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let (st, v) = accept(&mut kofi, c["id"].as_str().unwrap()).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let game = v["game_id"].as_str().unwrap().to_string();
    s.shutdown().await.unwrap();
    let store = oware_server::open_store(&config.db.to_string_lossy())
        .await
        .unwrap();
    let accounts = store.accounts();
    let mut ids = Vec::new();
    for name in ["Ama", "Kofi"] {
        let user = accounts.user_by_name(name.into()).await.unwrap().unwrap();
        ids.push(user.id);
    }
    let (ama, kofi) = (ids[0].clone(), ids[1].clone());
    let played = store.load(game).await.unwrap().expect("the game's row");
    assert_eq!(
        (
            &played.south_user,
            &played.north_user,
            played.online_status.as_str()
        ),
        (&Some(ama.clone()), &Some(kofi.clone()), "playing")
    );
    // Five rated games Ama won, one a second.
    for i in 0..5u64 {
        let id = format!("rated{i}");
        let row = oware_server::GameRow {
            id: id.clone(),
            ..played.clone()
        };
        store.insert(row).await.unwrap();
        let update = oware_server::GameUpdate {
            id,
            from_version: played.version,
            moves: String::new(),
            redo: String::new(),
            online: String::new(),
            online_status: "over".into(),
            south_user: Some(ama.clone()),
            north_user: Some(kofi.clone()),
            listing: String::new(),
        };
        let end = oware_server::GameEnd {
            category: "blitz".into(),
            rated: true,
            south_score: 1.0,
            south_user: Some(ama.clone()),
            north_user: Some(kofi.clone()),
            at_ms: 1_000 * (i + 1),
        };
        accounts
            .finish(update, end, oware_server::rate_game_end)
            .await
            .unwrap();
    }
    let all = accounts
        .rating_history(ama.clone(), "blitz".into(), 10)
        .await
        .unwrap();
    assert_eq!(all.len(), 5);
    let newest = accounts
        .rating_history(ama.clone(), "blitz".into(), 3)
        .await
        .unwrap();
    let times: Vec<u64> = newest.iter().map(|p| p.0).collect();
    assert_eq!(
        times,
        [3_000, 4_000, 5_000],
        "the newest three, oldest first"
    );
    assert_eq!(newest[..], all[2..]);
    store.close().await.unwrap();
}

/// Plays `mv` in game `id` with seat token `token` from client address `from`.
async fn play_from(s: &Server, id: &str, token: &str, mv: &str, from: &str) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{}/api/games/{id}/moves", s.addr()))
        .header("x-seat-token", token)
        .header("x-forwarded-for", from)
        .json(&json!({ "move": mv }))
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn an_address_has_its_budget_of_the_computers_replies_in_the_engine_at_once() {
    let clock = ManualClock::starting_now();
    let dir = tempfile::tempdir().unwrap();
    let db = common::db(&dir.path().join("games.sqlite")).await;
    let inner = oware_server::open_store(&db.to_string_lossy())
        .await
        .unwrap();
    // Each write of a game waits for a permit: a computer's reply is in progress until its
    // move is written.
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    let store = common::TestStore {
        update_gate: Some(Arc::clone(&gate)),
        ..common::TestStore::over(inner)
    };
    let limits = ServerLimits {
        engine_replies_per_client: 1,
        trusted_proxies: TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]),
        ..ServerLimits::default()
    };
    let s = oware_server::start_with_clock(
        Arc::new(store),
        oware_server::EngineJobs::new(1),
        "127.0.0.1:0".parse().unwrap(),
        limits,
        clock.shared(),
    )
    .await
    .unwrap();
    let api = common::Api::new(&s);
    let one = "2001:db8:7:1::1";
    let mut games = Vec::new();
    for _ in 0..3 {
        let (id, token, _) = api.new_game(json!({"opponent": "hard"})).await;
        games.push((id, token));
    }
    // The address moves in its first game (the move is written); the computer's reply to it
    // is in the engine until its move is written.
    gate.add_permits(1);
    let (st, v) = play_from(&s, &games[0].0, &games[0].1, "C", one).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let version = v["state"]["version"].as_u64().unwrap();
    // A second move of the same address (another address of its /64) in another game: refused
    // while that reply lasts, nothing written.
    // (A move let through would wait at the gate for good: the guard turns that into a
    // failure.)
    let (st, body) = tokio::time::timeout(
        Duration::from_secs(60),
        play_from(&s, &games[1].0, &games[1].1, "C", "2001:db8:7:1::2"),
    )
    .await
    .expect("the move was refused at once, not let through");
    assert_too_many(st, &body, "too-many-engine-jobs");
    assert_eq!(api.state(&games[1].0).await["ply"], 0);
    // Another address is not held back by it. Two permits: the computer's reply may already
    // wait at the gate (a slow machine) and, first in line, take one; the move needs the other.
    gate.add_permits(2);
    let (st, v) = play_from(&s, &games[1].0, &games[1].1, "C", "198.51.100.4").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // The first reply is written: the first address may move again.
    gate.add_permits(100);
    let after = api.wait(&games[0].0, version).await;
    assert_eq!(after["ply"], 2, "the computer replied: {after}");
    let (st, v) = play_from(&s, &games[2].0, &games[2].1, "C", one).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    s.shutdown().await.unwrap();
}

/// Asks for an analysis (or, with `purpose` "hint", a hint) of game `id` from address `from`
/// with the seat's token, as `b` (logged in or not): the answer's status and body.
async fn analyse_from(
    b: &mut Browser,
    id: &str,
    token: &str,
    from: &str,
    purpose: &str,
) -> (StatusCode, Value) {
    // Long searches: each holds its place until it is stopped.
    let body = json!({ "movetime_ms": 20_000, "purpose": purpose });
    let headers = [("x-seat-token", token), ("x-forwarded-for", from)];
    let (st, v, _) = b
        .send(
            reqwest::Method::POST,
            &format!("/api/games/{id}/analysis"),
            Some(body),
            &headers,
        )
        .await;
    (st, v)
}

/// Asks for an analysis of `game` (its id and seat token) from `from` as `b`, and checks the
/// refusal: `status` and `code`.
async fn refused(
    b: &mut Browser,
    game: &(String, String),
    from: &str,
    (status, code): (StatusCode, &str),
) {
    let (st, v) = analyse_from(b, &game.0, &game.1, from, "analysis").await;
    assert_error(st, &v, status, code);
}

#[tokio::test]
async fn analyses_and_hints_are_counted_at_once_per_address_account_and_server() {
    let (_dir, s, _clock) = limited(ServerLimits {
        analyses_per_client: 2,
        analyses_per_account: 1,
        analyses_max: 4,
        ..ServerLimits::default()
    })
    .await;
    let api = common::Api::new(&s);
    let mut games = Vec::new();
    for _ in 0..6 {
        let (id, token, _) = api.new_game(json!({"opponent": "friend"})).await;
        games.push((id, token));
    }
    let mut guest = Browser::new(&s);
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let one = "2001:db8:7:1::1";
    // One address: an analysis and a hint of two games are in the engine (one searching on
    // the one engine thread, one waiting); a third, from another address of its /64, is
    // refused while they last.
    let (st, v) = analyse_from(&mut guest, &games[0].0, &games[0].1, one, "analysis").await;
    assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    let (st, v) = analyse_from(&mut guest, &games[1].0, &games[1].1, one, "hint").await;
    assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    let too_many = (StatusCode::TOO_MANY_REQUESTS, "too-many-engine-jobs");
    let from = "2001:db8:7:1::2";
    refused(&mut guest, &games[2], from, too_many).await;
    // A new analysis of the same game stops the one before and takes its place: stepping
    // through a game with the analysis on is never refused.
    for _ in 0..3 {
        let (st, v) = analyse_from(&mut guest, &games[0].0, &games[0].1, one, "analysis").await;
        assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    }
    // One account, from two addresses: its second analysis is refused.
    let (st, v) = analyse_from(&mut ama, &games[2].0, &games[2].1, "198.51.100.7", "hint").await;
    assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    refused(&mut ama, &games[3], "198.51.100.8", too_many).await;
    // The whole server: its fourth place is taken, the fifth refused with 503.
    let (st, v) = analyse_from(
        &mut guest,
        &games[4].0,
        &games[4].1,
        "203.0.113.9",
        "analysis",
    )
    .await;
    assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    let full = (StatusCode::SERVICE_UNAVAILABLE, "engine-busy");
    refused(&mut guest, &games[5], "203.0.113.10", full).await;
    // Stopped, the searches end and give their places back (the guard of each job).
    for (id, token) in [&games[0], &games[1], &games[2], &games[4]] {
        let (st, v) = api
            .delete(&format!("/api/games/{id}/analysis"), Some(token))
            .await;
        assert_eq!(st, StatusCode::NO_CONTENT, "{v}");
    }
    let mut freed = false;
    for _ in 0..600 {
        let (st, _) = analyse_from(&mut guest, &games[5].0, &games[5].1, one, "hint").await;
        if st == StatusCode::ACCEPTED {
            freed = true;
            break;
        }
        // The stopped searches notice their stop flag on the engine's thread.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed, "the stopped analyses never gave their places back");
    let (st, v) = api
        .delete(
            &format!("/api/games/{}/analysis", games[5].0),
            Some(&games[5].1),
        )
        .await;
    assert_eq!(st, StatusCode::NO_CONTENT, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_scheduled_tournament_takes_at_most_its_cap_of_players_and_its_standings_are_paged() {
    let clock = ManualClock::starting_now();
    let dir = tempfile::tempdir().unwrap();
    let config = oware_server::ServerConfig {
        tournaments: oware_server::TournamentConfig {
            schedule: oware_server::Recurring::parse_all("daily 20:00 arena 60 3+2 Daily Arena")
                .unwrap(),
            scheduled_players: 3,
            standings_page: 2,
            ..oware_server::TournamentConfig::default()
        },
        ..clocked_config(&dir.path().join("games.sqlite"), &clock).await
    };
    let s = oware_server::start(&config).await.expect("server starts");
    let mut players = Vec::new();
    for name in ["Ama", "Kofi", "Esi", "Yaw"] {
        players.push(Browser::signed_up(&s, name).await);
    }
    // The schedule's tournament is made by the first tick of its timer.
    let mut id = None;
    for _ in 0..600 {
        let (_, list) = players[0].get("/api/tournaments").await;
        if let Some(t) = list["upcoming"].as_array().and_then(|u| u.first()) {
            assert_eq!(t["scheduled"], true, "{list}");
            assert_eq!(t["max_players"], 3, "{list}");
            id = t["id"].as_str().map(str::to_string);
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let id = id.expect("the scheduled tournament is created");
    let join = format!("/api/tournaments/{id}/join");
    for p in &mut players[..3] {
        let (st, v) = p.post(&join, json!({})).await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    // The fourth is refused, with the cap in the message; nothing is written.
    let (st, v) = players[3].post(&join, json!({})).await;
    assert_error(st, &v, StatusCode::CONFLICT, "tournament-full");
    assert!(
        v["error"].as_str().unwrap().contains("at most 3 players"),
        "{v}"
    );
    let path = format!("/api/tournaments/{id}");
    let (st, first) = players[3].get(&path).await;
    assert_eq!(st, StatusCode::OK, "{first}");
    assert_eq!(first["players"], 3, "{first}");
    assert_eq!(first["me"]["state"], Value::Null, "{first}");
    // The standings come a page at a time (2 lines here), the ranks those of all.
    assert_eq!(
        (first["page"].clone(), first["pages"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(first["standings"].as_array().unwrap().len(), 2, "{first}");
    let (_, second) = players[3].get(&format!("{path}?page=2")).await;
    let lines = second["standings"].as_array().unwrap();
    assert_eq!(
        (lines.len(), second["page"].clone()),
        (1, json!(2)),
        "{second}"
    );
    let mut names: Vec<&str> = first["standings"]
        .as_array()
        .unwrap()
        .iter()
        .chain(lines)
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["Ama", "Esi", "Kofi"]);
    let (_, past) = players[3].get(&format!("{path}?page=3")).await;
    assert_eq!(past["standings"], json!([]), "{past}");
    let (st, v) = players[3].get(&format!("{path}?page=x")).await;
    assert!(st.is_client_error(), "{st} {v}");
    s.shutdown().await.unwrap();
}
