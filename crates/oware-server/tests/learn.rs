//! The lessons of `/learn` through the JSON API (issue 41): a step solved and missed through
//! the rules core, an account's stars kept and a guest's merged at sign-up, bad input refused
//! with a message. SQLite, or PostgreSQL with `OWARE_TEST_BACKEND=postgres` (see `common`).

mod common;

use common::{assert_error, fresh_server, Browser};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Lesson 6 ("count") once shared its address with the counting trainer's route and answered
/// 405: every lesson the list names must open.
#[tokio::test]
async fn every_listed_lesson_opens() {
    let (_dir, _s, api) = fresh_server().await;
    let (_, list) = api.get("/api/learn").await;
    let lessons = list["lessons"].as_array().unwrap();
    assert!(lessons.len() >= 10, "{list}");
    for l in lessons {
        let id = l["id"].as_str().unwrap();
        let (st, lesson) = api.get(&format!("/api/learn/{id}")).await;
        assert_eq!(st, StatusCode::OK, "lesson {id}: {lesson}");
        assert_eq!(lesson["id"], id);
    }
}

#[tokio::test]
async fn a_step_is_solved_or_explained_through_the_rules_core() {
    let (_dir, s, api) = fresh_server().await;
    let (st, list) = api.get("/api/learn").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(list["lessons"][0]["id"], "sowing");
    assert_eq!(list["account"], false);
    let (st, lesson) = api.get("/api/learn/capturing").await;
    assert_eq!(st, StatusCode::OK);
    let step = &lesson["steps"][1];
    assert_eq!(step["moves"], 1);
    assert!(
        step.get("solution").is_none(),
        "the solution stays on the server"
    );
    assert_eq!(step["position"]["pits"][4], 3);

    let mut b = Browser::new(&s);
    let (st, good) = b
        .post("/api/learn/capturing/2/move", json!({ "moves": ["E"] }))
        .await;
    assert_eq!(st, StatusCode::OK, "{good}");
    assert_eq!(good["met"], true);
    assert_eq!(good["played"][0]["captured"], 5);
    assert!(good["explanation"].as_str().unwrap().contains("captured 5"));

    let (_, wrong) = b
        .post("/api/learn/capturing/2/move", json!({ "moves": ["C"] }))
        .await;
    assert_eq!(
        (wrong["met"].clone(), wrong["over"].clone()),
        (json!(false), json!(true))
    );
    let words = wrong["explanation"].as_str().unwrap();
    assert!(
        words.contains("landed in D") && words.contains("Try again"),
        "{words}"
    );

    // A step of two moves: the scripted reply comes after the first.
    let (_, first) = b
        .post("/api/learn/feeding-rule/1/move", json!({ "moves": ["E"] }))
        .await;
    assert_eq!(
        (first["met"].clone(), first["over"].clone()),
        (json!(false), json!(false))
    );
    assert_eq!(first["played"].as_array().unwrap().len(), 2);
    let (_, both) = b
        .post(
            "/api/learn/feeding-rule/1/move",
            json!({ "moves": ["E", "F"] }),
        )
        .await;
    assert_eq!(both["met"], true);

    let (_, count) = b
        .post(
            "/api/counting",
            json!({ "position": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "pit": "C", "landing": "a", "seeds": 5 }),
        )
        .await;
    assert_eq!(
        (count["correct"].clone(), count["landing"].clone()),
        (json!(true), json!("a"))
    );
}

#[tokio::test]
async fn bad_input_is_refused_with_a_message() {
    let (_dir, s, api) = fresh_server().await;
    let mut b = Browser::new(&s);
    let (st, e) = api.get("/api/learn/nope").await;
    assert_error(st, &e, StatusCode::NOT_FOUND, "no-such-lesson");
    let (st, e) = b
        .post("/api/learn/sowing/9/move", json!({ "moves": ["A"] }))
        .await;
    assert_error(st, &e, StatusCode::NOT_FOUND, "no-such-step");
    let (st, e) = b
        .post("/api/learn/sowing/1/move", json!({ "moves": ["Q"] }))
        .await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-moves");
    let (st, e) = b
        .post("/api/learn/sowing/1/move", json!({ "moves": ["A", "B"] }))
        .await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-moves");
    let long = "A".repeat(40 * 1024);
    let (st, e) = b
        .post("/api/learn/sowing/1/move", json!({ "moves": [long] }))
        .await;
    assert_error(st, &e, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large");
    let (st, e) = b
        .post(
            "/api/counting",
            json!({ "position": "x", "pit": "C", "landing": "a", "seeds": 5 }),
        )
        .await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-question");
    // A guest keeps stars in the browser: the account route asks for a session.
    let (st, e) = b
        .post(
            "/api/learn/progress",
            json!({ "stars": [{ "lesson": "sowing", "step": 1, "stars": 3, "moves": ["B"] }] }),
        )
        .await;
    assert_error(st, &e, StatusCode::UNAUTHORIZED, "not-logged-in");
}

fn stars_of(v: &Value) -> Vec<(String, u64, u64)> {
    v["stars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["lesson"].as_str().unwrap().to_string(),
                e["step"].as_u64().unwrap(),
                e["stars"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_accounts_stars_are_kept_and_a_guests_merged() {
    let (_dir, s, _api) = fresh_server().await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    // A bare claim is not believed: stars without moves, or with moves that miss the goal,
    // are refused and nothing is kept (issue 52's note: a profile showed every lesson done
    // without a move).
    for moves in [json!([]), json!(["A"])] {
        let claim =
            json!({ "stars": [{ "lesson": "sowing", "step": 1, "stars": 3, "moves": moves }] });
        let (st, e) = b.post("/api/learn/progress", claim).await;
        assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "not-solved");
    }
    let (st, e) = b
        .post(
            "/api/learn/progress",
            json!({ "stars": [{ "lesson": "sowing", "step": 1, "stars": 3 }] }),
        )
        .await;
    assert!(st.is_client_error(), "a claim without moves: {e}");
    let (_, list) = b.get("/api/learn").await;
    assert_eq!(stars_of(&list), vec![], "nothing kept from a claim");
    // The page sends the guest's stars after signing up, each with the moves that solved it:
    // the server plays them again, but did not see the tries, so each step keeps 1 star
    // whatever the page counted (issue 56: the count is the server's).
    let guest = json!({ "stars": [
        { "lesson": "sowing", "step": 1, "stars": 3, "moves": ["B"] },
        { "lesson": "sowing", "step": 2, "stars": 1, "moves": ["E"] },
        { "lesson": "sowing", "step": 3, "stars": 2, "moves": ["F"] },
    ] });
    let (st, saved) = b.post("/api/learn/progress", guest).await;
    assert_eq!(st, StatusCode::OK, "{saved}");
    assert_eq!(
        stars_of(&saved),
        vec![
            ("sowing".into(), 1, 1),
            ("sowing".into(), 2, 1),
            ("sowing".into(), 3, 1)
        ]
    );
    // Played while logged in, the server counts: step 1 at the first try gives 3, step 2
    // after a missed try 2, step 3 after the hint 2. A later claim of 3 changes nothing, and
    // fewer stars later never lower a step.
    let play = |step: u32, moves: Value| {
        (
            format!("/api/learn/sowing/{step}/move"),
            json!({ "moves": moves }),
        )
    };
    for (path, body) in [
        play(1, json!(["B"])),
        play(2, json!(["A"])),
        play(2, json!(["E"])),
    ] {
        let (st, a) = b.post(&path, body).await;
        assert_eq!(st, StatusCode::OK, "{a}");
    }
    let (st, a) = b
        .post(
            "/api/learn/sowing/3/move",
            json!({ "moves": ["F"], "hint": true }),
        )
        .await;
    assert_eq!((st, a["met"].clone()), (StatusCode::OK, json!(true)), "{a}");
    let (_, saved) = b
        .post(
            "/api/learn/progress",
            json!({ "stars": [
            { "lesson": "sowing", "step": 2, "stars": 3, "moves": ["E"] },
            { "lesson": "sowing", "step": 3, "stars": 3, "moves": ["F"] },
        ] }),
        )
        .await;
    let want = vec![
        ("sowing".to_string(), 1, 3),
        ("sowing".to_string(), 2, 2),
        ("sowing".to_string(), 3, 2),
    ];
    assert_eq!(stars_of(&saved), want);
    // Two misses, then solved: 1 star, which does not lower step 1's 3. The tries are
    // forgotten once a step is solved: step 2 again at the first try gives 3.
    for (path, body) in [
        play(1, json!(["A"])),
        play(1, json!(["A"])),
        play(1, json!(["B"])),
        play(2, json!(["E"])),
    ] {
        b.post(&path, body).await;
    }
    let (_, list) = b.get("/api/learn").await;
    assert_eq!(list["account"], true);
    assert_eq!(
        stars_of(&list),
        vec![
            ("sowing".into(), 1, 3),
            ("sowing".into(), 2, 3),
            ("sowing".into(), 3, 2)
        ]
    );
    // A guest's tries are not counted (nothing is kept for a guest).
    let mut guest = Browser::new(&s);
    let (st, a) = guest
        .post("/api/learn/sowing/1/move", json!({ "moves": ["A"] }))
        .await;
    assert_eq!(
        (st, a["over"].clone()),
        (StatusCode::OK, json!(true)),
        "{a}"
    );
    let (_, profile) = b.get("/api/user/Ama").await;
    assert_eq!(profile["lessons"], json!(["sowing"]));

    for (body, code) in [
        (
            json!({ "stars": [{ "lesson": "sowing", "step": 1, "stars": 4, "moves": ["B"] }] }),
            "bad-stars",
        ),
        (
            json!({ "stars": [{ "lesson": "sowing", "step": 0, "stars": 1, "moves": ["B"] }] }),
            "no-such-step",
        ),
        (
            json!({ "stars": [{ "lesson": "x", "step": 1, "stars": 1, "moves": ["B"] }] }),
            "no-such-lesson",
        ),
        (
            json!({ "stars": [{ "lesson": "sowing", "step": 1, "stars": 1, "moves": ["Q"] }] }),
            "bad-moves",
        ),
    ] {
        let (st, e) = b.post("/api/learn/progress", body).await;
        assert!(st.is_client_error(), "{e}");
        assert_eq!(e["code"], code, "{e}");
    }
    let too_many: Vec<Value> = (0..200)
        .map(|_| json!({ "lesson": "sowing", "step": 1, "stars": 1, "moves": ["B"] }))
        .collect();
    let (st, e) = b
        .post("/api/learn/progress", json!({ "stars": too_many }))
        .await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-stars");
}
