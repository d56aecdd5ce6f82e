//! Classes through the JSON API (issue 56): a teacher makes a class, adds pupils with
//! generated log-ins, resets one, assigns work and reads each pupil's progress (page and CSV);
//! a pupil's account is safe until opened; the budget's counts; deleting a class deletes its
//! pupils' data. Worksheets: valid boards with the core's answers. SQLite, or PostgreSQL with
//! `OWARE_TEST_BACKEND=postgres` (see `common`).

mod common;

use std::time::Duration;

use common::{assert_error, clocked_server, db, fresh_server, Browser};
use oware_server::ManualClock;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A class named `name` of `teacher` with pupils `names`: its id and the log-ins.
async fn class_with(teacher: &mut Browser, name: &str, names: &[&str]) -> (String, Vec<Value>) {
    let (st, c) = teacher.post("/api/classes", json!({ "name": name })).await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let (st, logins) = teacher
        .post(
            &format!("/api/classes/{id}/pupils"),
            json!({ "names": names }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{logins}");
    (id, logins["logins"].as_array().unwrap().clone())
}

/// A browser logged in with a generated log-in.
async fn pupil(s: &oware_server::Server, login: &Value) -> Browser {
    let mut b = Browser::new(s);
    let (st, body) = b
        .log_in(
            login["username"].as_str().unwrap(),
            login["password"].as_str().unwrap(),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    b
}

/// `b` posts `body` to `path` and is refused for a pupil's safety: 403 `pupil-safe`.
async fn refused(b: &mut Browser, path: &str, body: Value) {
    let (st, e) = b.post(path, body).await;
    assert_error(st, &e, StatusCode::FORBIDDEN, "pupil-safe");
}

/// `b` opens an online game in the lobby, South, named `name`: its id.
async fn open_game(b: &mut Browser, name: &str) -> String {
    let (st, g) = b
        .post(
            "/api/games",
            json!({ "opponent": "online", "color": "S", "name": name }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{g}");
    g["id"].as_str().unwrap().to_string()
}

/// `b` joins online game `game`: the seat's token.
async fn join(b: &mut Browser, game: &str) -> String {
    let (st, j) = b.post(&format!("/api/games/{game}/join"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{j}");
    j["token"].as_str().unwrap().to_string()
}

/// `teacher` gives class `id` each piece of `work` (kind, target), due 2026-12-24.
async fn assign(teacher: &mut Browser, id: &str, work: &[(&str, &str)]) {
    for (kind, target) in work {
        let (st, w) = teacher
            .post(
                &format!("/api/classes/{id}/work"),
                json!({ "kind": kind, "target": target, "due": "2026-12-24" }),
            )
            .await;
        assert_eq!(st, StatusCode::CREATED, "{w}");
    }
}

/// Class `id`'s progress CSV as `teacher` downloads it.
async fn progress_csv(teacher: &mut Browser, id: &str) -> String {
    let (st, _, _) = teacher
        .send(
            reqwest::Method::GET,
            &format!("/api/classes/{id}/progress.csv"),
            None,
            &[],
        )
        .await;
    let text = teacher.seen.last().unwrap().clone();
    assert_eq!(st, StatusCode::OK, "{text}");
    text
}

/// The row of pupil `name` on a teacher's class page `view`.
fn pupil_row<'a>(view: &'a Value, name: &str) -> &'a Value {
    view["pupils"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} on the page: {view}"))
}

#[tokio::test]
async fn a_teacher_adds_pupils_assigns_work_and_sees_their_progress() {
    let (_dir, s, _api) = fresh_server().await;
    let mut teacher = Browser::signed_up(&s, "MrsMensah").await;
    let (id, logins) = class_with(&mut teacher, "5B", &["Ama", "Kofi", "Yaw"]).await;
    assert_eq!(logins.len(), 3);
    assert_eq!(logins[0]["name"], "Ama");
    assert!(logins[0]["username"].as_str().unwrap().starts_with("ama-"));

    // Work: a lesson, a counting level, a puzzle theme.
    let work = [
        ("lesson", "sowing"),
        ("counting", "1"),
        ("puzzles", "capture-chain"),
    ];
    assign(&mut teacher, &id, &work).await;

    // Ama logs in with her generated log-in and plays the lesson: the server checks each
    // step's moves (the lesson file's own solutions, each at the first try: 3 stars).
    let mut ama = pupil(&s, &logins[0]).await;
    let (_, lesson) = ama.get("/api/learn/sowing").await;
    let steps = lesson["steps"].as_array().unwrap().len();
    let sowing = sowing();
    assert_eq!(steps, sowing.steps.len());
    for (i, step) in sowing.steps.iter().enumerate() {
        let (st, a) = ama
            .post(
                &format!("/api/learn/sowing/{}/move", i + 1),
                json!({ "moves": step.solution }),
            )
            .await;
        assert_eq!((st, a["met"].clone()), (StatusCode::OK, json!(true)), "{a}");
    }
    let position = "3-2-1-0-0-0-1-1-1-1-1-1-18-18-S";
    let (st, c) = ama
        .post(
            "/api/counting",
            json!({ "position": position, "pit": "A", "landing": "D", "seeds": 1 }),
        )
        .await;
    assert_eq!(
        (st, c["correct"].clone()),
        (StatusCode::OK, json!(true)),
        "{c}"
    );

    // Her own class page.
    let (_, mine) = ama.get("/api/classes").await;
    assert_eq!(mine["pupil_of"]["name"], "5B");
    assert_eq!(mine["pupil_of"]["teacher"], "MrsMensah");
    assert_eq!(mine["pupil_of"]["work"][0]["done"], true, "{mine}");

    // The teacher's page.
    let (st, view) = teacher.get(&format!("/api/classes/{id}")).await;
    assert_eq!(st, StatusCode::OK, "{view}");
    let row = pupil_row(&view, "Ama");
    assert_eq!(row["work"][0]["done"], true, "{row}");
    assert_eq!(row["work"][0]["score"], 3 * steps as u64);
    assert_eq!(row["work"][1]["done"], true, "counting level 1: {row}");
    assert_eq!(row["work"][2]["done"], false);
    assert!(row["last_ms"].as_u64().is_some());
    let kofi = pupil_row(&view, "Kofi");
    assert_eq!(kofi["work"][0]["done"], false);
    assert_eq!(kofi["stars"], 0);

    // The CSV: a header and one line per pupil and work.
    let text = progress_csv(&mut teacher, &id).await;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 3 * 3, "{text}");
    assert!(lines[0].starts_with("Pupil,"), "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Ama,") && l.contains(",lesson,sowing,2026-12-24,1,")),
        "{text}"
    );

    // Another account sees no class of another's: 404, and cannot change it.
    let mut other = Browser::signed_up(&s, "Stranger").await;
    let (st, e) = other.get(&format!("/api/classes/{id}")).await;
    assert_error(st, &e, StatusCode::NOT_FOUND, "not-found");
    let (st, e) = other
        .post(
            &format!("/api/classes/{id}/pupils"),
            json!({ "names": ["X"] }),
        )
        .await;
    assert_error(st, &e, StatusCode::NOT_FOUND, "not-found");

    // A password reset: the old one stops working, the new one works.
    let user = logins[1]["username"].as_str().unwrap();
    let (st, r) = teacher
        .post(
            &format!("/api/classes/{id}/pupils/{user}/password"),
            json!({}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{r}");
    let new = r["logins"][0]["password"].as_str().unwrap();
    assert_ne!(new, logins[1]["password"].as_str().unwrap());
    let mut b = Browser::new(&s);
    let (st, _) = b
        .log_in(user, logins[1]["password"].as_str().unwrap())
        .await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let (st, body) = b.log_in(user, new).await;
    assert_eq!(st, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_pupil_meets_only_the_class_until_opened() {
    let (_dir, s, _api) = fresh_server().await;
    let mut teacher = Browser::signed_up(&s, "Teacher").await;
    let (id, logins) = class_with(&mut teacher, "4A", &["Ama", "Kofi"]).await;
    let mut ama = pupil(&s, &logins[0]).await;
    let mut kofi = pupil(&s, &logins[1]).await;
    let mut stranger = Browser::signed_up(&s, "Stranger").await;
    let ama_name = logins[0]["username"].as_str().unwrap().to_string();

    // No challenges either way with a stranger; with a classmate, yes.
    refused(&mut ama, "/api/challenge/Stranger", json!({})).await;
    let to_ama = format!("/api/challenge/{ama_name}");
    refused(&mut stranger, &to_ama, json!({})).await;
    // No pools.
    refused(&mut ama, "/api/pool/5+3", json!({})).await;

    // A pupil's online game: a stranger cannot join; a classmate can.
    let game = open_game(&mut ama, "Ama").await;
    let join_game = format!("/api/games/{game}/join");
    refused(&mut stranger, &join_game, json!({})).await;
    let kofi_token = join(&mut kofi, &game).await;
    let (st, m) = kofi
        .post_seat(
            &format!("/api/games/{game}/chat"),
            &kofi_token,
            json!({ "text": "hi Ama" }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    // A stranger watching cannot write in it.
    let chat = format!("/api/games/{game}/chat");
    refused(&mut stranger, &chat, json!({ "text": "hello" })).await;

    // A stranger's game: the pupil cannot join, nor chat in it once the teacher closed the
    // account again after a game with the stranger.
    let other = open_game(&mut stranger, "S").await;
    let join_other = format!("/api/games/{other}/join");
    refused(&mut ama, &join_other, json!({})).await;
    let (st, ok) = teacher
        .post(
            &format!("/api/classes/{id}/pupils/{ama_name}/open"),
            json!({ "open": true }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{ok}");
    let ama_token = join(&mut ama, &other).await;
    let (st, m) = ama
        .post_seat(
            &format!("/api/games/{other}/chat"),
            &ama_token,
            json!({ "text": "hi" }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "opened: {m}");
    teacher
        .post(
            &format!("/api/classes/{id}/pupils/{ama_name}/open"),
            json!({ "open": false }),
        )
        .await;
    let (st, e) = ama
        .post_seat(
            &format!("/api/games/{other}/chat"),
            &ama_token,
            json!({ "text": "hi" }),
        )
        .await;
    assert_error(st, &e, StatusCode::FORBIDDEN, "pupil-safe");
    let other_chat = format!("/api/games/{other}/chat");
    refused(&mut stranger, &other_chat, json!({ "text": "hello" })).await;

    // The class's arena: made in one click, closed to strangers, open to the pupils.
    let (st, t) = teacher
        .post(&format!("/api/classes/{id}/arena"), json!({}))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    let tid = t["id"].as_str().unwrap().to_string();
    let join_arena = format!("/api/tournaments/{tid}/join");
    refused(&mut stranger, &join_arena, json!({})).await;
    let (st, j) = ama.post(&join_arena, json!({})).await;
    assert_eq!(st, StatusCode::OK, "{j}");
    // A pupil makes no class.
    refused(&mut ama, "/api/classes", json!({ "name": "mine" })).await;
}

#[tokio::test]
async fn counts_are_bounded_and_bad_input_refused() {
    let (_dir, s, _api) = fresh_server().await;
    let mut teacher = Browser::signed_up(&s, "Teacher").await;
    let (st, e) = teacher.post("/api/classes", json!({ "name": "" })).await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-name");
    let long = "x".repeat(41);
    let (st, e) = teacher.post("/api/classes", json!({ "name": long })).await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-name");
    let (id, _) = class_with(&mut teacher, "A", &["One"]).await;
    // Pupils per class.
    let names: Vec<String> = (0..40).map(|i| format!("P{i}")).collect();
    let (st, e) = teacher
        .post(
            &format!("/api/classes/{id}/pupils"),
            json!({ "names": names }),
        )
        .await;
    assert_error(st, &e, StatusCode::CONFLICT, "too-many-pupils");
    let (_, view) = teacher.get(&format!("/api/classes/{id}")).await;
    assert_eq!(view["pupils"].as_array().unwrap().len(), 1, "nothing added");
    // Bad work.
    for (kind, target, due) in [
        ("lesson", "nope", "2026-12-24"),
        ("counting", "5", "2026-12-24"),
        ("puzzles", "nope", "2026-12-24"),
        ("essay", "x", "2026-12-24"),
        ("lesson", "sowing", "24/12/2026"),
    ] {
        let (st, e) = teacher
            .post(
                &format!("/api/classes/{id}/work"),
                json!({ "kind": kind, "target": target, "due": due }),
            )
            .await;
        assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-work");
    }
    // Classes per teacher.
    for i in 1..20 {
        let (st, c) = teacher
            .post("/api/classes", json!({ "name": format!("C{i}") }))
            .await;
        assert_eq!(st, StatusCode::CREATED, "{c}");
    }
    let (st, e) = teacher
        .post("/api/classes", json!({ "name": "one more" }))
        .await;
    assert_error(st, &e, StatusCode::CONFLICT, "too-many-classes");
    let (_, list) = teacher.get("/api/classes").await;
    assert_eq!(list["classes"].as_array().unwrap().len(), 20);
    // Logged out: 401.
    let mut guest = Browser::new(&s);
    let (st, e) = guest.get("/api/classes").await;
    assert_error(st, &e, StatusCode::UNAUTHORIZED, "not-logged-in");
}

/// Time spent (issue 56): the server's clock between a pupil's checked moves on a lesson, and
/// between counting answers, each gap at most 5 minutes (an idle tab does not count hours);
/// shown per piece of work and per pupil on the teacher's page and in the CSV, in minutes.
#[tokio::test]
async fn a_pupils_time_is_measured_from_checked_moves() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = clocked_server(&db(&dir.path().join("games.sqlite")).await, &clock).await;
    let mut teacher = Browser::signed_up(&s, "MrAddo").await;
    let (id, logins) = class_with(&mut teacher, "4A", &["Esi", "Kwame"]).await;
    assign(
        &mut teacher,
        &id,
        &[("lesson", "sowing"), ("counting", "1")],
    )
    .await;
    let mut esi = pupil(&s, &logins[0]).await;
    let solution = |i: usize| json!({ "moves": sowing().steps[i].solution });
    let minute = Duration::from_secs(60);
    // 0: a missed try; +1 min: step 1 solved; +2 min: step 2; +3 hours idle: step 3 (5 min).
    let plays = [
        (Duration::ZERO, 1, json!({ "moves": ["A"] })),
        (minute, 1, solution(0)),
        (2 * minute, 2, solution(1)),
        (180 * minute, 3, solution(2)),
    ];
    for (wait, step, body) in plays {
        clock.advance(wait);
        let (st, a) = esi
            .post(&format!("/api/learn/sowing/{step}/move"), body)
            .await;
        assert_eq!(st, StatusCode::OK, "{a}");
    }
    // Counting: two answers 90 seconds apart.
    let q = json!({ "position": "3-2-1-0-0-0-1-1-1-1-1-1-18-18-S", "pit": "A", "landing": "D", "seeds": 1 });
    esi.post("/api/counting", q.clone()).await;
    clock.advance(Duration::from_secs(90));
    esi.post("/api/counting", q).await;

    let (_, view) = teacher.get(&format!("/api/classes/{id}")).await;
    let row = pupil_row(&view, "Esi");
    let lesson_ms = (1 + 2 + 5) * 60_000;
    assert_eq!(row["work"][0]["spent_ms"], lesson_ms, "{row}");
    assert_eq!(row["work"][1]["spent_ms"], 90_000, "{row}");
    assert_eq!(row["spent_ms"], lesson_ms + 90_000, "{row}");
    // The miss cost a star: step 1 has 2.
    assert_eq!(row["work"][0]["score"], 2 + 3 + 3, "{row}");
    let kwame = pupil_row(&view, "Kwame");
    assert_eq!(kwame["spent_ms"], 0);

    // The CSV's last column: whole minutes.
    let text = progress_csv(&mut teacher, &id).await;
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with(",Time spent (minutes)"), "{}", lines[0]);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Esi,") && l.contains(",lesson,sowing,") && l.ends_with(",8")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Esi,") && l.contains(",counting,1,") && l.ends_with(",2")),
        "{text}"
    );
}

#[tokio::test]
async fn deleting_a_class_deletes_its_pupils_data() {
    let (_dir, s, _api) = fresh_server().await;
    let mut teacher = Browser::signed_up(&s, "Teacher").await;
    let (id, logins) = class_with(&mut teacher, "Gone", &["Ama"]).await;
    let mut ama = pupil(&s, &logins[0]).await;
    let (st, _) = ama
        .post(
            "/api/learn/progress",
            json!({ "stars": [{ "lesson": "sowing", "step": 1, "stars": 2, "moves": sowing().steps[0].solution }] }),
        )
        .await;
    assert_eq!(st, StatusCode::OK);
    let (st, ok) = teacher.delete(&format!("/api/classes/{id}")).await;
    assert_eq!(st, StatusCode::OK, "{ok}");
    // Her session ended, her log-in no longer works, the class is gone.
    let (st, _) = ama.get("/api/classes").await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let mut b = Browser::new(&s);
    let (st, _) = b
        .log_in(
            logins[0]["username"].as_str().unwrap(),
            logins[0]["password"].as_str().unwrap(),
        )
        .await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let (st, _) = teacher.get(&format!("/api/classes/{id}")).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let (_, list) = teacher.get("/api/classes").await;
    assert_eq!(list["classes"], json!([]));
}

#[tokio::test]
async fn worksheets_have_legal_boards_and_the_cores_answers() {
    let (_dir, _s, api) = fresh_server().await;
    let (st, w) = api
        .get("/api/worksheet?level=4&theme=capture-chain&sheet=3")
        .await;
    assert_eq!(st, StatusCode::OK, "{w}");
    assert_eq!(w["level"], 4);
    let counting = w["counting"].as_array().unwrap();
    assert_eq!(counting.len(), 8);
    for e in counting {
        let pits: Vec<u64> = e["pits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        assert!(pits.iter().sum::<u64>() <= 48, "{e}");
        // The answer the counting trainer's route gives for the same board.
        let rest = 48 - pits.iter().sum::<u64>();
        let position = format!(
            "{}-{}-{}-S",
            pits.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("-"),
            rest / 2,
            rest - rest / 2
        );
        let (st, c) = api
            .post(
                "/api/counting",
                None,
                Some(json!({ "position": position, "pit": e["pit"], "landing": e["landing"], "seeds": e["seeds"] })),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{c}");
        assert_eq!(c["correct"], true, "{e} {c}");
    }
    for p in w["puzzles"].as_array().unwrap() {
        assert!(
            p["themes"]
                .as_array()
                .unwrap()
                .contains(&json!("capture-chain")),
            "{p}"
        );
        assert!(!p["line"].as_str().unwrap().is_empty());
    }
    let (st, again) = api
        .get("/api/worksheet?level=4&theme=capture-chain&sheet=3")
        .await;
    assert_eq!((st, &again), (StatusCode::OK, &w), "the same sheet");
    let (st, e) = api.get("/api/worksheet?level=9").await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-level");
    let (st, e) = api.get("/api/worksheet?theme=nope").await;
    assert_error(st, &e, StatusCode::UNPROCESSABLE_ENTITY, "bad-theme");
}

/// The lesson "sowing" as its file says, with each step's solution.
fn sowing() -> &'static oware_lessons::Lesson {
    oware_lessons::lessons()
        .iter()
        .find(|l| l.id == "sowing")
        .expect("the lesson sowing")
}
