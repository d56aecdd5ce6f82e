//! `oware serve`'s options as a user gives them: a bad `--trusted-proxy` is refused with a
//! clear message, and behind a trusted proxy the per-client limits count each forwarded client
//! apart (the default allows 16 event streams per client); the operator's `oware user`
//! commands beside a running server, and a log that never holds a password; `--schedule`
//! replaces the weekly arena, and a bad schedule is refused with its line.

mod run;

use reqwest::{Client, StatusCode};
use run::{oware_code, Serve};
use serde_json::{json, Value};

#[test]
fn a_bad_trusted_proxy_is_refused_with_a_clear_message() {
    let (code, _, err) = oware_code(&["serve", "--port", "0", "--trusted-proxy", "localhost"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("\"localhost\" is not an IP address or a network"),
        "{err}"
    );
}

/// The JSON answer to `request`.
async fn json_of(request: reqwest::RequestBuilder) -> Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// Opens 17 event streams of one game, each forwarded for a client of its own (one more than
/// the default allowance of one client): the statuses.
async fn seventeen_forwarded_streams(serve: &Serve) -> Vec<StatusCode> {
    let client = Client::new();
    let create = client.post(format!("{}/api/games", serve.base));
    let created = json_of(create.json(&json!({ "opponent": "friend" }))).await;
    let events = format!(
        "{}/api/games/{}/events",
        serve.base,
        created["id"].as_str().unwrap()
    );
    let mut open = Vec::new();
    for i in 1..=17 {
        let r = client
            .get(&events)
            .header("x-forwarded-for", format!("203.0.113.{i}"))
            .send()
            .await
            .unwrap();
        open.push(r);
    }
    open.iter().map(|r| r.status()).collect()
}

#[tokio::test]
async fn behind_a_trusted_proxy_forwarded_clients_are_counted_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let trusting = Serve::start(
        0,
        &[
            "--trusted-proxy".as_ref(),
            "127.0.0.1".as_ref(),
            "--db".as_ref(),
            db.as_os_str(),
        ],
        &dir.path().join("trusting.log"),
    );
    let statuses = seventeen_forwarded_streams(&trusting).await;
    assert!(
        statuses.iter().all(|s| *s == StatusCode::OK),
        "{statuses:?}"
    );
    drop(trusting);
    // Without the option the header is not believed: all 17 are one client, over its 16.
    let plain = Serve::start(
        0,
        &["--db".as_ref(), db.as_os_str()],
        &dir.path().join("plain.log"),
    );
    let statuses = seventeen_forwarded_streams(&plain).await;
    assert!(
        statuses[..16].iter().all(|s| *s == StatusCode::OK),
        "{statuses:?}"
    );
    assert_eq!(statuses[16], StatusCode::TOO_MANY_REQUESTS);
}

/// Signs `name` up with `password` on `serve`.
async fn sign_up(serve: &Serve, name: &str, password: &str) -> StatusCode {
    Client::new()
        .post(format!("{}/api/account/signup", serve.base))
        .json(&json!({ "name": name, "password": password }))
        .send()
        .await
        .unwrap()
        .status()
}

/// The operator's commands beside a running server on its SQLite file: the list shows the
/// account, the reset link sets a new password once, and neither the log nor any output holds
/// a password or its hash.
#[tokio::test]
async fn the_operator_lists_accounts_and_resets_a_password_and_no_log_holds_a_password() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let log = dir.path().join("serve.log");
    let serve = Serve::start(0, &["--db".as_ref(), db.as_os_str()], &log);
    let first = "seeds in every house";
    assert_eq!(sign_up(&serve, "Kofi", first).await, StatusCode::OK);
    let bad = Client::new()
        .post(format!("{}/api/account/login", serve.base))
        .json(&json!({ "name": "Kofi", "password": "a wrong password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::UNAUTHORIZED);
    let db_arg = db.to_str().unwrap();
    let (code, out, err) = oware_code(&["user", "list", "--db", db_arg]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Kofi") && out.contains("created"), "{out}");
    let (code, out, err) = oware_code(&[
        "user",
        "reset-password",
        "kofi",
        "--db",
        db_arg,
        "--base-url",
        &serve.base,
    ]);
    assert_eq!(code, Some(0), "{err}");
    let link = out.trim();
    let token = link
        .strip_prefix(&format!("{}/account/reset?token=", serve.base))
        .unwrap_or_else(|| panic!("a reset link: {link}"));
    let second = "a brand new pass phrase";
    let reset = |token: String| {
        let base = serve.base.clone();
        async move {
            Client::new()
                .post(format!("{base}/api/account/reset"))
                .json(&json!({ "token": token, "password": second }))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(reset(token.to_string()).await, StatusCode::OK);
    assert_eq!(
        reset(token.to_string()).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a link works once"
    );
    let login = Client::new()
        .post(format!("{}/api/account/login", serve.base))
        .json(&json!({ "name": "Kofi", "password": second }))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), StatusCode::OK);
    let (code, _, err) = oware_code(&["user", "reset-password", "nobody", "--db", db_arg]);
    assert_eq!(code, Some(1));
    assert!(err.contains("no such player"), "{err}");
    drop(serve);
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("account created"), "{logged}");
    for secret in [first, second, "a wrong password", "$argon2"] {
        assert!(!logged.contains(secret), "the log holds {secret}: {logged}");
    }
}

/// A folder holding a schedule file of `text`: the folder, the file, and where a database there
/// would be.
fn with_schedule(text: &str) -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("schedule.txt");
    std::fs::write(&file, text).unwrap();
    let db = dir.path().join("games.sqlite");
    (dir, file, db)
}

#[test]
fn a_schedule_with_a_bad_line_is_refused_with_the_line_at_fault() {
    let (dir, file, db) = with_schedule(
        "# the club's week\nsaturday 18:00 arena 60 3+2 Weekly Arena\nfunday 10:00 arena 60 3+2 X\n",
    );
    let (code, _, err) = oware_code(&[
        "serve",
        "--port",
        "0",
        "--db",
        db.to_str().unwrap(),
        "--schedule",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("schedule.txt: line 3:"), "{err}");
    assert!(!db.exists(), "nothing was started: {err}");
    let missing = dir.path().join("none.txt");
    let (code, _, err) = oware_code(&["serve", "--schedule", missing.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("reading the schedule"), "{err}");
}

/// The upcoming tournaments' names on `serve` once there are `want` of them (the schedule's
/// turns create them, the first at start), or what there is after 10 s.
async fn upcoming_names(serve: &Serve, want: usize) -> Vec<String> {
    let client = Client::new();
    for tries in 0..=200 {
        let list = json_of(client.get(format!("{}/api/tournaments", serve.base))).await;
        let names: Vec<String> = list["upcoming"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect();
        if names.len() >= want || tries == 200 {
            return names;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    unreachable!("the last try answers")
}

#[tokio::test]
async fn the_schedule_file_replaces_the_weekly_arena() {
    let (dir, file, db) = with_schedule(
        "daily 20:00 swiss 5 15+5 Evening Swiss\nsunday 09:00 arena 30 5+3 Sunday Arena\n",
    );
    let serve = Serve::start(
        0,
        &[
            "--db".as_ref(),
            db.as_os_str(),
            "--schedule".as_ref(),
            file.as_os_str(),
        ],
        &dir.path().join("serve.log"),
    );
    let mut names = upcoming_names(&serve, 2).await;
    names.sort();
    assert_eq!(names, ["Evening Swiss", "Sunday Arena"]);
}

/// What a supervisor does to stop a service (systemd, Docker, `kill`): SIGTERM. The server
/// stops cleanly (its shutdown runs, it exits with status 0) rather than dying of the signal.
#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_cleanly() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let log = dir.path().join("serve.log");
    let mut serve = Serve::start(0, &["--db".as_ref(), db.as_os_str()], &log);
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &serve.child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = serve.child.wait().unwrap();
    let log = std::fs::read_to_string(&log).unwrap();
    assert_eq!(status.signal(), None, "died of a signal: {status:?}\n{log}");
    assert!(status.success(), "{status:?}\n{log}");
    assert!(log.contains("stopping"), "{log}");
}
