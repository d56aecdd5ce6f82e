//! `oware serve`'s options as a user gives them: a bad `--trusted-proxy` is refused with a
//! clear message, and behind a trusted proxy the per-client limits count each forwarded client
//! apart (the default allows 16 event streams per client).

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

/// Opens 17 event streams of one game, each forwarded for a client of its own (one more than
/// the default allowance of one client): the statuses.
async fn seventeen_forwarded_streams(serve: &Serve) -> Vec<StatusCode> {
    let client = Client::new();
    let created: Value = client
        .post(format!("{}/api/games", serve.base))
        .json(&json!({ "opponent": "friend" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
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
