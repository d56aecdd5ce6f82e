//! Bots (`docs/bots.md`): API tokens, Bearer and session routes kept apart, the upgrade, the
//! challenges, the account's event stream and a whole game played through the bot API against
//! a person on the page's routes.

mod common;

use std::time::Duration;

use common::bot::{token, Bot};
use common::{assert_error, clocked_server, sqlite_only, Browser, PASSWORD};
use oware_protocol::{AccountEvent, GameEvent, Side, Status, TokenList};
use oware_server::{ManualClock, Server};
use reqwest::StatusCode;
use serde_json::json;

const ALL_SCOPES: [&str; 3] = ["bot:play", "challenge:read", "challenge:write"];

/// A server on its own database and manual clock (kept by the caller).
async fn bot_server() -> (tempfile::TempDir, ManualClock, Server) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = clocked_server(&dir.path().join("games.sqlite"), &clock).await;
    (dir, clock, s)
}

/// `name`'s account, upgraded to a bot: its browser and its program.
async fn bot_account(s: &Server, name: &str) -> (Browser, Bot) {
    let mut b = Browser::signed_up(s, name).await;
    let bot = Bot::new(s, &token(&mut b, &ALL_SCOPES).await);
    let (st, body) = bot.post("/api/bot/account/upgrade", None).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["bot"], true);
    (b, bot)
}

#[tokio::test]
async fn tokens_are_made_listed_and_revoked_and_a_revoked_token_is_refused_at_once() {
    let (_dir, _clock, s) = bot_server().await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let text = token(&mut ama, &["challenge:read"]).await;
    assert!(text.starts_with("owt_") && text.len() == 68, "{text}");

    let (st, body) = ama.get("/api/account/tokens").await;
    assert_eq!(st, StatusCode::OK);
    let list: TokenList = serde_json::from_value(body.clone()).unwrap();
    assert_eq!(list.tokens.len(), 1);
    assert_eq!(list.tokens[0].description, "my engine");
    assert_eq!(list.tokens[0].scopes[0].name(), "challenge:read");
    assert!(
        !body.to_string().contains(&text[4..]),
        "the list never shows the token"
    );

    let bot = Bot::new(&s, &text);
    assert_eq!(bot.get("/api/challenge").await.0, StatusCode::OK);
    // Without the scope.
    let (st, body) = bot.post("/api/challenge/Ama", None).await;
    assert_error(st, &body, StatusCode::FORBIDDEN, "missing-scope");

    let id = list.tokens[0].id.clone();
    let (st, body) = ama.delete(&format!("/api/account/tokens/{id}")).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = bot.get("/api/challenge").await;
    assert_error(st, &body, StatusCode::UNAUTHORIZED, "bad-token");
    let (st, body) = ama.delete(&format!("/api/account/tokens/{id}")).await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "no-such-token");

    // Bad requests change nothing.
    let (st, body) = ama
        .post(
            "/api/account/tokens",
            json!({ "description": "x", "scopes": ["root"] }),
        )
        .await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-scope");
    let (st, body) = ama
        .post(
            "/api/account/tokens",
            json!({ "description": "x".repeat(201), "scopes": ["bot:play"] }),
        )
        .await;
    assert_error(
        st,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad-description",
    );
    let (_, body) = ama.get("/api/account/tokens").await;
    assert_eq!(body["tokens"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn an_account_holds_at_most_twenty_tokens() {
    let (_dir, _clock, s) = bot_server().await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    for _ in 0..20 {
        token(&mut ama, &["bot:play"]).await;
    }
    let (st, body) = ama
        .post(
            "/api/account/tokens",
            json!({ "description": "one more", "scopes": ["bot:play"] }),
        )
        .await;
    assert_error(st, &body, StatusCode::CONFLICT, "too-many-tokens");
}

#[tokio::test]
async fn tokens_are_stored_only_as_their_hash() {
    if sqlite_only("reads the SQLite file") {
        return;
    }
    let (dir, _clock, s) = bot_server().await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let text = token(&mut ama, &["bot:play"]).await;
    let db = rusqlite::Connection::open(dir.path().join("games.sqlite")).unwrap();
    let rows: Vec<(String, String, String)> = db
        .prepare("SELECT id, hash, description || scopes FROM api_tokens")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 1);
    let (id, hash, rest) = &rows[0];
    use sha2::Digest;
    let want: String = sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(hash, &want, "the SHA-256 of the token");
    for column in [id, hash, rest] {
        assert!(!column.contains(&text[4..]), "no column holds the token");
    }
}

#[tokio::test]
async fn bearer_is_refused_on_session_routes_and_a_session_on_bot_routes() {
    let (_dir, _clock, s) = bot_server().await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let bot = Bot::new(&s, &token(&mut ama, &ALL_SCOPES).await);
    // The token on the session's routes.
    for (path, body) in [
        (
            "/api/account/tokens",
            json!({"description": "x", "scopes": ["bot:play"]}),
        ),
        (
            "/api/account/password",
            json!({"current": PASSWORD, "new": "another long one"}),
        ),
        ("/api/account/close", json!({"password": PASSWORD})),
        ("/api/account/logout", json!({})),
    ] {
        let (st, body) = bot.post(path, Some(body)).await;
        assert_error(st, &body, StatusCode::FORBIDDEN, "session-required");
    }
    let (st, body) = bot.get("/api/account/tokens").await;
    assert_error(st, &body, StatusCode::FORBIDDEN, "session-required");
    // The session on the bots' routes.
    let (st, body) = ama.post("/api/bot/account/upgrade", json!({})).await;
    assert_error(st, &body, StatusCode::FORBIDDEN, "token-required");
    // An unknown token, an overlong header.
    let stranger = Bot::new(&s, &format!("owt_{}", "0".repeat(64)));
    let (st, body) = stranger.get("/api/challenge").await;
    assert_error(st, &body, StatusCode::UNAUTHORIZED, "bad-token");
    let long = Bot::new(&s, &"a".repeat(300));
    let (st, body) = long.get("/api/challenge").await;
    assert_error(st, &body, StatusCode::UNAUTHORIZED, "bad-token");
    // The account still works in its session.
    assert_eq!(ama.me().await, "Ama");
}

#[tokio::test]
async fn an_account_that_has_played_cannot_become_a_bot() {
    let (_dir, _clock, s) = bot_server().await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let (st, c) = ama.post("/api/challenge/Kofi", json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let id = c["id"].as_str().unwrap();
    let (st, accepted) = kofi
        .post(&format!("/api/challenge/{id}/accept"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{accepted}");
    assert!(accepted["game_id"].is_string());
    let bot = Bot::new(&s, &token(&mut ama, &["bot:play"]).await);
    let (st, body) = bot.post("/api/bot/account/upgrade", None).await;
    assert_error(st, &body, StatusCode::CONFLICT, "has-played");
    let (_, profile) = ama.get("/api/user/Ama").await;
    assert_eq!(profile["bot"], false);

    let (_fresh, _) = bot_account(&s, "Deep").await;
    let (_, profile) = ama.get("/api/user/Deep").await;
    assert_eq!(profile["bot"], true);
    let (st, boards) = ama.get("/api/player?bots=true").await;
    assert_eq!(st, StatusCode::OK, "{boards}");
}

#[tokio::test]
async fn a_bot_plays_a_whole_game_against_a_person_through_the_bot_api() {
    let (_dir, _clock, s) = bot_server().await;
    let (_deep_browser, deep) = bot_account(&s, "Deep").await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let ama_program = Bot::new(&s, &token(&mut ama, &["challenge:read"]).await);
    let mut deep_events = deep.stream("/api/stream/event").await;
    let mut ama_events = ama_program.stream("/api/stream/event").await;

    // Ama challenges the bot from the page; both streams hear of it.
    let (st, c) = ama
        .post(
            "/api/challenge/Deep",
            json!({"rated": false, "clock": {"initial_s": 300, "increment_s": 0}, "side": "south"}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    assert_eq!(c["target"]["bot"], true);
    let cid = c["id"].as_str().unwrap().to_string();
    for events in [&mut deep_events, &mut ama_events] {
        let ev = events
            .until("challenge", |v| v["challenge"]["id"] == cid)
            .await;
        let _: AccountEvent = serde_json::from_value(ev).unwrap();
    }
    let (st, list) = deep.get("/api/challenge").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(list["incoming"][0]["id"], cid);

    // The bot accepts: an ordinary online game, both streams get gameStart.
    let (st, accepted) = deep
        .post(&format!("/api/challenge/{cid}/accept"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{accepted}");
    let id = accepted["game_id"].as_str().unwrap().to_string();
    let start = deep_events
        .until("gameStart", |v| v["game"]["id"] == id)
        .await;
    assert_eq!(start["game"]["side"], "N");
    assert_eq!(start["game"]["opponent"]["name"], "Ama");
    let start = ama_events
        .until("gameStart", |v| v["game"]["id"] == id)
        .await;
    assert_eq!(start["game"]["opponent"]["bot"], true);

    // The bot's game stream: gameFull first.
    let mut game = deep.stream(&format!("/api/bot/game/stream/{id}")).await;
    let full = game.next().await.unwrap();
    assert_eq!(full["type"], "gameFull", "{full}");
    let GameEvent::GameFull(f) = serde_json::from_value(full.clone()).unwrap() else {
        panic!("gameFull: {full}")
    };
    assert_eq!(f.you, Some(Side::North));
    assert_eq!((f.south.name.as_str(), f.north.bot), ("Ama", true));
    assert_eq!(f.clock.map(|c| c.initial_s), Some(300));
    assert_eq!(f.state.moves, "");
    assert_eq!(f.state.status, Status::Playing);

    // Ama plays on the page's routes with her seat.
    let (st, seat) = ama.post(&format!("/api/games/{id}/seat"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{seat}");
    let seat_token = seat["token"].as_str().unwrap().to_string();
    let (st, body) = ama
        .post_seat(
            &format!("/api/games/{id}/moves"),
            &seat_token,
            json!({"move": "C"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let state = game.until("gameState", |v| v["moves"] == "C").await;
    assert_eq!(state["to_move"], "N");
    assert!(state["south_time_ms"].is_u64() && state["north_time_ms"].is_u64());

    // Not its move for South's letters; then its own move.
    let (st, body) = deep.post(&format!("/api/bot/game/{id}/move/C"), None).await;
    assert!(st.is_client_error(), "{body}");
    let (st, body) = deep.post(&format!("/api/bot/game/{id}/move/c"), None).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    game.until("gameState", |v| v["moves"] == "C c").await;

    // A draw offer, declined by the person.
    let (st, body) = deep
        .post(&format!("/api/bot/game/{id}/draw/yes"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    game.until("gameState", |v| v["draw_offer"] == "N").await;
    let (st, body) = ama
        .post_seat(
            &format!("/api/games/{id}/draw"),
            &seat_token,
            json!({"action": "decline"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    game.until("gameState", |v| v["draw_offer"].is_null()).await;

    // A word in the players' room.
    let (st, body) = deep
        .post(
            &format!("/api/bot/game/{id}/chat"),
            Some(json!({"room": "player", "text": "good game"})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let line = game.until("chatLine", |_| true).await;
    assert_eq!(
        (line["username"].as_str(), line["text"].as_str()),
        (Some("Deep"), Some("good game"))
    );

    // The bot resigns: the last state, then the stream ends; both accounts hear gameFinish.
    let (st, body) = deep.post(&format!("/api/bot/game/{id}/resign"), None).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let last = game.until("gameState", |v| v["status"] == "over").await;
    assert_eq!(
        (last["end"].as_str(), last["winner"].as_str()),
        (Some("resign"), Some("S"))
    );
    assert!(game.next().await.is_none(), "the stream ends with the game");
    let fin = deep_events
        .until("gameFinish", |v| v["game"]["id"] == id)
        .await;
    assert_eq!(fin["game"]["winner"], "S");
    ama_events
        .until("gameFinish", |v| v["game"]["id"] == id)
        .await;

    // The person's page shows the bot's seat as a bot's.
    let (_, state) = ama.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["online"]["seats"]["N"]["bot"], true);

    // The finished game's stream opened again: its end, then the stream closes (no
    // keep-alives forever). Keep-alives come every 7 s; the bound is only against a hang.
    let mut again = deep.stream(&format!("/api/bot/game/stream/{id}")).await;
    let full = again.next().await.unwrap();
    assert_eq!(full["type"], "gameFull", "{full}");
    assert_eq!(
        (
            full["state"]["status"].as_str(),
            full["state"]["end"].as_str()
        ),
        (Some("over"), Some("resign")),
        "{full}"
    );
    let rest = tokio::time::timeout(Duration::from_secs(20), again.next()).await;
    assert!(
        matches!(rest, Ok(None)),
        "a finished game's stream ends after its gameFull: {rest:?}"
    );
}

#[tokio::test]
async fn challenges_are_declined_cancelled_and_lapse_and_both_sides_are_told() {
    let (_dir, clock, s) = bot_server().await;
    let (_b, deep) = bot_account(&s, "Deep").await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let ama_program = Bot::new(&s, &token(&mut ama, &ALL_SCOPES).await);
    let mut ama_events = ama_program.stream("/api/stream/event").await;

    // A bot with no event stream open declines at once (`later`): nothing is stored. On
    // PostgreSQL the bot's stream may be held by another instance, so the challenge waits
    // (and lapses after 60 s) as any other; it is withdrawn here.
    let (st, c) = ama.post("/api/challenge/Deep", json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let cid = c["id"].as_str().unwrap().to_string();
    if common::postgres() {
        assert_eq!(c["status"], "created", "{c}");
        let (st, c) = ama_program
            .post(&format!("/api/challenge/{cid}/cancel"), None)
            .await;
        assert_eq!(st, StatusCode::OK, "{c}");
    } else {
        assert_eq!(c["status"], "declined", "{c}");
        assert_eq!(c["decline_reason"], "later", "{c}");
        ama_events
            .until("challengeDeclined", |v| v["challenge"]["id"] == cid)
            .await;
        let (_, list) = deep.get("/api/challenge").await;
        assert_eq!(list["incoming"].as_array().unwrap().len(), 0, "{list}");
    }
    let _deep_events = deep.stream("/api/stream/event").await;

    // Declined, with a reason.
    let (_, c) = ama.post("/api/challenge/Deep", json!({})).await;
    let cid = c["id"].as_str().unwrap().to_string();
    let (st, body) = deep
        .post(
            &format!("/api/challenge/{cid}/decline"),
            Some(json!({"reason": "nonsense"})),
        )
        .await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-reason");
    let (st, body) = deep
        .post(
            &format!("/api/challenge/{cid}/decline"),
            Some(json!({"reason": "later"})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let ev = ama_events
        .until("challengeDeclined", |v| v["challenge"]["id"] == cid)
        .await;
    assert_eq!(ev["challenge"]["decline_reason"], "later");

    // Cancelled by its challenger (through the token this time); accepting it then fails.
    let (st, c) = ama_program
        .post("/api/challenge/Deep", Some(json!({"side": "north"})))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let cid = c["id"].as_str().unwrap().to_string();
    let (st, body) = deep
        .post(&format!("/api/challenge/{cid}/cancel"), None)
        .await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "no-such-challenge");
    let (st, body) = ama_program
        .post(&format!("/api/challenge/{cid}/cancel"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    ama_events
        .until("challengeCanceled", |v| v["challenge"]["id"] == cid)
        .await;
    let (st, body) = deep
        .post(&format!("/api/challenge/{cid}/accept"), None)
        .await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "no-such-challenge");

    // Unanswered for a minute, it lapses.
    let (_, c) = ama.post("/api/challenge/Deep", json!({})).await;
    let cid = c["id"].as_str().unwrap().to_string();
    clock.advance(Duration::from_secs(61));
    let (st, body) = deep
        .post(&format!("/api/challenge/{cid}/accept"), None)
        .await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "no-such-challenge");
    let (_, list) = deep.get("/api/challenge").await;
    assert_eq!(list["incoming"].as_array().unwrap().len(), 0);

    // Oneself, nobody.
    let (st, body) = ama.post("/api/challenge/ama", json!({})).await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "own-challenge");
    let (st, body) = ama.post("/api/challenge/Nobody", json!({})).await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "no-such-player");
}

#[tokio::test]
async fn a_reconnecting_bot_is_told_its_games_and_challenges_first() {
    let (_dir, _clock, s) = bot_server().await;
    let (_b, deep) = bot_account(&s, "Deep").await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    // Online while challenged, then gone.
    let online = deep.stream("/api/stream/event").await;
    let (_, c) = ama.post("/api/challenge/Deep", json!({})).await;
    let (st, accepted) = deep
        .post(
            &format!("/api/challenge/{}/accept", c["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{accepted}");
    let (_, open) = kofi.post("/api/challenge/Deep", json!({})).await;
    assert_eq!(open["status"], "created", "{open}");
    drop(online);
    let mut events = deep.stream("/api/stream/event").await;
    let first = events.next().await.unwrap();
    assert_eq!(first["type"], "gameStart");
    assert_eq!(first["game"]["id"], accepted["game_id"]);
    let second = events.next().await.unwrap();
    assert_eq!(second["type"], "challenge");
    assert_eq!(second["challenge"]["id"], open["id"]);
}

#[tokio::test]
async fn bots_stay_out_of_the_pools_meant_for_people() {
    let (_dir, _clock, s) = bot_server().await;
    let (mut deep_browser, _deep) = bot_account(&s, "Deep").await;
    let (st, body) = deep_browser.post("/api/pool/3+2", json!({})).await;
    assert_error(st, &body, StatusCode::FORBIDDEN, "no-bots-in-pools");
}

#[tokio::test]
async fn account_events_travel_between_instances() {
    // Two instances on PostgreSQL: the bot's event stream is held by B, everything happens on
    // A; on SQLite one server plays both parts.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let clock = ManualClock::starting_now();
    let a = clocked_server(&db, &clock).await;
    let b = if common::postgres() {
        Some(clocked_server(&db, &clock).await)
    } else {
        None
    };
    let (_deep_browser, deep_a) = bot_account(&a, "Deep").await;
    let deep_b = Bot::new(b.as_ref().unwrap_or(&a), &deep_a.token);
    let mut events = deep_b.stream("/api/stream/event").await;
    let mut ama = Browser::signed_up(&a, "Ama").await;

    let (_, c) = ama
        .post("/api/challenge/Deep", json!({"side": "south"}))
        .await;
    let cid = c["id"].as_str().unwrap().to_string();
    events
        .until("challenge", |v| v["challenge"]["id"] == cid)
        .await;
    let (st, accepted) = deep_a
        .post(&format!("/api/challenge/{cid}/accept"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{accepted}");
    let id = accepted["game_id"].as_str().unwrap().to_string();
    events.until("gameStart", |v| v["game"]["id"] == id).await;

    let (_, seat) = ama.post(&format!("/api/games/{id}/seat"), json!({})).await;
    let token = seat["token"].as_str().unwrap();
    let (st, body) = ama
        .post_seat(&format!("/api/games/{id}/resign"), token, json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let fin = events.until("gameFinish", |v| v["game"]["id"] == id).await;
    assert_eq!(fin["game"]["winner"], "N");
}

#[tokio::test]
async fn lichess_clients_find_their_account_and_send_forms() {
    let (_dir, _clock, s) = bot_server().await;
    let (mut deep_browser, deep) = bot_account(&s, "Deep").await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let ama_program = Bot::new(&s, &token(&mut ama, &ALL_SCOPES).await);

    // `GET /api/account` with a token: lichess's fields, `title: "BOT"` for a bot alone.
    let (st, me) = deep.get("/api/account").await;
    assert_eq!(st, StatusCode::OK, "{me}");
    assert_eq!(me["username"], "Deep");
    assert_eq!(me["id"], "deep");
    assert_eq!(me["title"], "BOT");
    assert_eq!(me["bot"], true);
    let (_, me) = ama_program.get("/api/account").await;
    assert_eq!(me["username"], "Ama");
    assert!(me.get("title").is_none(), "{me}");
    // The page's session still gets its own answer.
    assert_eq!(deep_browser.me().await, "Deep");

    // An upgrade with an empty form; a form with a field is refused.
    let (st, body) = deep.post_form("/api/bot/account/upgrade", "").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = deep.post_form("/api/bot/account/upgrade", "x=1").await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");

    let mut deep_events = deep.stream("/api/stream/event").await;
    // berserk's JSON: lichess's names, unset ones null; days make a correspondence clock.
    let (st, c2) = ama_program
        .post(
            "/api/challenge/Deep",
            Some(
                json!({"rated": false, "clock.limit": null, "clock.increment": null,
                        "days": 2, "color": "black", "variant": null, "fen": null}),
            ),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c2}");
    assert_eq!(c2["side"], "north");
    assert_eq!(c2["clock"]["initial_s"], 2 * 86_400);
    for bad in [
        "color=green",
        "variant=crazyhouse",
        "fen=x",
        "clock.limit=ten",
        "days=1&clock.limit=60",
        "rated=maybe",
        "keepAliveStream=true",
    ] {
        let (st, body) = ama_program.post_form("/api/challenge/Deep", bad).await;
        assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    }
    // Declined with lichess's reason name, as a form.
    let cid2 = c2["id"].as_str().unwrap();
    let (st, d) = deep
        .post_form(&format!("/api/challenge/{cid2}/decline"), "reason=tooSlow")
        .await;
    assert_eq!(st, StatusCode::OK, "{d}");
    assert_eq!(d["decline_reason"], "too-slow");
    // One open challenge to a player at a time: a new one once that one is answered.
    // A challenge as lichess's form: white is South, the clock in seconds.
    let form = "rated=true&clock.limit=300&clock.increment=2&color=white&variant=standard";
    let (st, c) = ama_program.post_form("/api/challenge/Deep", form).await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    assert_eq!(c["side"], "south");
    assert_eq!(c["rated"], true);
    assert_eq!(c["clock"]["initial_s"], 300);
    assert_eq!(c["clock"]["increment_s"], 2);
    // Accepted; chat as a form; the cycle route answers as the game's offers do.
    let cid = c["id"].as_str().unwrap().to_string();
    deep_events
        .until("challenge", |v| v["challenge"]["id"] == cid)
        .await;
    let (st, accepted) = deep
        .post(&format!("/api/challenge/{cid}/accept"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{accepted}");
    let id = accepted["game_id"].as_str().unwrap().to_string();
    let (st, body) = deep
        .post_form(
            &format!("/api/bot/game/{id}/chat"),
            "room=player&text=good+luck",
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (_, log) = ama.get(&format!("/api/games/{id}/chat")).await;
    assert!(log.to_string().contains("good luck"), "{log}");
    let (st, body) = deep
        .post(&format!("/api/bot/game/{id}/cycle/no"), None)
        .await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "no-offer");
    let (st, body) = deep
        .post(&format!("/api/bot/game/{id}/cycle/yes"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (_, state) = ama.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["online"]["cycle_offer"], "N", "{state}");
    let (st, body) = deep
        .post(&format!("/api/bot/game/{id}/cycle/no"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "withdrawn: {body}");
    let (_, state) = ama.get(&format!("/api/games/{id}")).await;
    assert!(state["online"]["cycle_offer"].is_null(), "{state}");
    // berserk's draw and takeback answers go to lichess's board routes: the same for a bot.
    let (st, body) = deep
        .post(&format!("/api/board/game/{id}/draw/yes"), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (_, state) = ama.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["online"]["draw_offer"], "N", "{state}");
}
