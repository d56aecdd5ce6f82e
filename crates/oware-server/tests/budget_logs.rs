//! The budget's log lines (issue 52): a designed refusal (503 `too-many-clients`, a ceiling of
//! the budget reached) is never logged at error, and a token a client put in a query string is
//! never written to the log. The server's events are caught by a subscriber of this test's
//! thread (the test runtime runs the server's tasks on it). On SQLite, or on PostgreSQL with
//! `OWARE_TEST_BACKEND=postgres`.

mod common;

use std::sync::{Arc, Mutex};

use common::{assert_error, clocked_config};
use oware_server::{ManualClock, ServerLimits};
use reqwest::StatusCode;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// What was logged: each event's and each span's level and text (its name and fields).
#[derive(Clone, Default)]
struct Caught(Arc<Mutex<Vec<(Level, String)>>>);

impl Caught {
    fn lines(&self) -> Vec<(Level, String)> {
        self.0.lock().unwrap().clone()
    }
}

/// The fields of an event or span as `name=value` text.
struct Text(String);

impl Visit for Text {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?}", field.name()));
    }
}

impl Subscriber for Caught {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        Some(tracing::level_filters::LevelFilter::TRACE)
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut text = Text(format!("span {}", span.metadata().name()));
        span.record(&mut text);
        let mut lines = self.0.lock().unwrap();
        lines.push((*span.metadata().level(), text.0));
        Id::from_u64(lines.len() as u64)
    }
    fn record(&self, _: &Id, values: &Record<'_>) {
        let mut text = Text("span fields".into());
        values.record(&mut text);
        self.0.lock().unwrap().push((Level::TRACE, text.0));
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut text = Text(format!("event {}", event.metadata().target()));
        event.record(&mut text);
        self.0
            .lock()
            .unwrap()
            .push((*event.metadata().level(), text.0));
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

#[tokio::test]
async fn a_designed_refusal_is_logged_at_info_never_at_error() {
    let caught = Caught::default();
    let _log = tracing::subscriber::set_default(caught.clone());
    let clock = ManualClock::starting_now();
    let dir = tempfile::tempdir().unwrap();
    let mut config = clocked_config(&dir.path().join("games.sqlite"), &clock).await;
    config.limits = ServerLimits {
        streams_max: Some(1),
        ..ServerLimits::default()
    };
    let s = oware_server::start(&config).await.expect("server starts");
    let url = format!("http://{}/api/lobby/events", s.addr());
    let held = reqwest::get(&url).await.unwrap();
    assert_eq!(held.status(), StatusCode::OK);
    // The server holds its most streams: twenty more are refused, 503 with Retry-After.
    for _ in 0..20 {
        let r = reqwest::get(&url).await.unwrap();
        let status = r.status();
        assert!(r.headers().get("retry-after").is_some());
        let body = r.json().await.unwrap();
        assert_error(
            status,
            &body,
            StatusCode::SERVICE_UNAVAILABLE,
            "too-many-clients",
        );
    }
    drop(held);
    s.shutdown().await.unwrap();
    let lines = caught.lines();
    let refusals = lines
        .iter()
        .filter(|(_, t)| t.contains("too-many-clients"))
        .collect::<Vec<_>>();
    assert_eq!(refusals.len(), 20, "each refusal logged once: {refusals:?}");
    assert!(
        refusals.iter().all(|(level, _)| *level == Level::INFO),
        "{refusals:?}"
    );
    let errors: Vec<_> = lines.iter().filter(|(l, _)| *l == Level::ERROR).collect();
    assert!(errors.is_empty(), "nothing at error: {errors:?}");
}

#[tokio::test]
async fn a_token_in_a_query_string_is_never_logged() {
    let caught = Caught::default();
    let _log = tracing::subscriber::set_default(caught.clone());
    let clock = ManualClock::starting_now();
    let dir = tempfile::tempdir().unwrap();
    let config = clocked_config(&dir.path().join("games.sqlite"), &clock).await;
    let s = oware_server::start(&config).await.expect("server starts");
    let secret = "lip_0123456789abcdefSECRET";
    let client = reqwest::Client::new();
    for path in [
        format!("/api/stream/event?access_token={secret}"),
        format!("/api/account?token={secret}"),
        format!("/api/games/abc/events?presence={secret}"),
        format!("/api/nowhere?key={secret}"),
    ] {
        // Answered or refused: either way the query string stays out of the log.
        client
            .get(format!("http://{}{path}", s.addr()))
            .send()
            .await
            .unwrap();
    }
    s.shutdown().await.unwrap();
    let lines = caught.lines();
    let requests: Vec<_> = lines
        .iter()
        .filter(|(_, t)| t.starts_with("span request"))
        .collect();
    assert!(
        requests.len() >= 4 && requests.iter().all(|(_, t)| t.contains("/api/")),
        "each request's span names its path: {requests:?}"
    );
    let leaked: Vec<_> = lines.iter().filter(|(_, t)| t.contains("SECRET")).collect();
    assert!(leaked.is_empty(), "the token was logged: {leaked:?}");
}
