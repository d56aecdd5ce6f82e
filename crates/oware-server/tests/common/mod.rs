//! Scaffolding shared by the API test files: the server on a loopback port with a real
//! database, a small JSON client and a reader of server-sent events (the protocol's
//! `sse::FrameParser` cuts the stream).
//!
//! **Backends.** One suite, two databases: by default a test's server keeps its games in a real
//! SQLite file; with `OWARE_TEST_BACKEND=postgres` (as `scripts/test.sh` runs the suite a
//! second time) in a PostgreSQL database of its own, created on the cluster that
//! `OWARE_TEST_PG_URL` names (test.sh starts a throwaway one). Asking for PostgreSQL without
//! that URL fails loudly rather than skipping.
#![allow(dead_code)] // each test file uses its own part

pub mod bot;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use oware_protocol::sse::{Frame, FrameParser};
use oware_protocol::{
    ErrorBody, EventKind, LobbyAdd, LobbyEntry, LobbyList, LobbyRemove, SeatAnswer, Side,
};
use oware_server::{
    start, start_with, AccountStore, BotStore, ChatStore, EngineJobs, GameRow, GameStore,
    GameUpdate, LessonStore, ManualClock, Notice, NoticeStore, OnlineConfig, PoolStore, Server,
    ServerConfig, Store, StoreError, StoreFuture, TournamentStore, TrainingStore,
};
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

pub async fn server(db: &Path) -> Server {
    server_with(db, None).await
}

/// Whether this run puts the servers' games in PostgreSQL (`OWARE_TEST_BACKEND=postgres`).
pub fn postgres() -> bool {
    match std::env::var("OWARE_TEST_BACKEND").as_deref() {
        Ok("postgres") => true,
        Ok("sqlite") | Err(_) => false,
        Ok(other) => panic!("OWARE_TEST_BACKEND must be sqlite or postgres, not {other}"),
    }
}

/// The URL of the PostgreSQL cluster the tests may create databases on.
pub fn pg_admin_url() -> String {
    std::env::var("OWARE_TEST_PG_URL").expect(
        "OWARE_TEST_PG_URL must name a PostgreSQL database the tests may create databases \
         from (scripts/test.sh starts a throwaway cluster and sets it)",
    )
}

/// `url` with its database name replaced by `name`.
pub fn pg_url_with_db(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..host_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// A fresh PostgreSQL database named after `key` (the same key, the same database: a test
/// that restarts its server finds its games), as a URL for `--db`.
pub async fn pg_database(key: &str) -> String {
    let admin = pg_admin_url();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let name = format!("oware_t_{h:016x}");
    let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("cannot reach OWARE_TEST_PG_URL: {e}"));
    tokio::spawn(conn);
    let exists = client
        .query_opt("SELECT 1 FROM pg_database WHERE datname = $1", &[&name])
        .await
        .unwrap()
        .is_some();
    if !exists {
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .unwrap();
    }
    pg_url_with_db(&admin, &name)
}

/// The `db` a test's server gets for the SQLite file `path`: the file itself, or on the
/// PostgreSQL run a database of its own.
pub async fn db(path: &Path) -> PathBuf {
    if postgres() {
        PathBuf::from(pg_database(&path.to_string_lossy()).await)
    } else {
        path.to_path_buf()
    }
}

/// `true` (and a note) on the PostgreSQL run, for the few tests about SQLite's file itself.
pub fn sqlite_only(why: &str) -> bool {
    if postgres() {
        eprintln!("not run on PostgreSQL: {why}");
    }
    postgres()
}

/// A test server's settings on the database of `path` with the online settings `online` (one
/// engine thread, a free port).
pub async fn online_config(path: &Path, online: OnlineConfig) -> ServerConfig {
    ServerConfig {
        port: 0,
        db: db(path).await,
        engine_threads: 1,
        online,
        ..ServerConfig::default()
    }
}

/// The password of the tests' accounts.
pub const PASSWORD: &str = "seeds in every house";

/// A test server's settings on the database of `path`, its time `clock`, many games from one
/// address (the tests' players all play from 127.0.0.1).
pub async fn clocked_config(db: &Path, clock: &ManualClock) -> ServerConfig {
    let online = OnlineConfig {
        create_limit: 1000,
        ..OnlineConfig::default()
    };
    ServerConfig {
        clock: clock.shared(),
        ..online_config(db, online).await
    }
}

/// A test server on the settings of [`clocked_config`].
pub async fn clocked_server(db: &Path, clock: &ManualClock) -> Server {
    start(&clocked_config(db, clock).await)
        .await
        .expect("server starts")
}

/// A test server on a fresh database ([`server`] on `games.sqlite` in a temporary folder): the
/// folder (to keep while the server runs), the server and a client of it.
pub async fn fresh_server() -> (tempfile::TempDir, Server, Api) {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    (dir, s, api)
}

/// Builds the endgame tables up to `max_seeds` into the folder `egdb` (one thread).
pub fn build_egdb(egdb: &Path, max_seeds: u8) {
    oware_egdb::build(
        egdb,
        &oware_core::Rules::default(),
        &oware_egdb::BuildOptions {
            max_seeds,
            threads: 1,
            memory: 1 << 30,
        },
        &mut |_| {},
    )
    .unwrap();
}

/// A server on a loopback port over `store` with the engine `engine`.
pub async fn start_on(store: Arc<dyn Store>, engine: EngineJobs) -> Server {
    start_with(store, engine, "127.0.0.1:0".parse().unwrap())
        .await
        .unwrap()
}

/// A store that passes everything to `inner` but what a test holds back: its updates fail
/// once `updates_left` is spent (a full disk, a lost database), and with a `review_gate` its
/// reviews are written only when the gate gives a permit (so that they stay "running" for as
/// long as the test needs, without timing).
pub struct TestStore {
    pub inner: Arc<dyn Store>,
    pub updates_left: AtomicU64,
    pub review_gate: Option<Arc<tokio::sync::Semaphore>>,
    /// Whole game rows read by `load` (what an account's list must not need).
    pub whole_rows: AtomicU64,
    /// Whether `listed_online_of` answers empty listings (rows written before the column).
    pub blank_listings: std::sync::atomic::AtomicBool,
    /// Whether `load` fails: what still answers while it is set needs no whole row.
    pub refuse_whole_rows: std::sync::atomic::AtomicBool,
    /// With a gate, each game update waits for a permit (so that a computer's reply stays
    /// "in progress" for as long as a test needs, without timing).
    pub update_gate: Option<Arc<tokio::sync::Semaphore>>,
}

impl TestStore {
    /// `inner` with every update allowed and no gate.
    pub fn over(inner: Arc<dyn Store>) -> TestStore {
        TestStore {
            inner,
            updates_left: AtomicU64::new(u64::MAX),
            review_gate: None,
            whole_rows: AtomicU64::new(0),
            blank_listings: std::sync::atomic::AtomicBool::new(false),
            refuse_whole_rows: std::sync::atomic::AtomicBool::new(false),
            update_gate: None,
        }
    }
}

/// The wrapper is a store of its own kind: every repository but the games' is `inner`'s, and
/// the games' methods it does not hold back are passed on.
impl Store for TestStore {
    fn describe(&self) -> String {
        "test store".into()
    }
    fn accounts(&self) -> &dyn AccountStore {
        self.inner.accounts()
    }
    fn tournaments(&self) -> &dyn TournamentStore {
        self.inner.tournaments()
    }
    fn pool(&self) -> &dyn PoolStore {
        self.inner.pool()
    }
    fn chat(&self) -> &dyn ChatStore {
        self.inner.chat()
    }
    fn bots(&self) -> &dyn BotStore {
        self.inner.bots()
    }
    fn training(&self) -> &dyn TrainingStore {
        self.inner.training()
    }
    fn lessons(&self) -> &dyn LessonStore {
        self.inner.lessons()
    }
    fn prefs(&self) -> &dyn oware_server::PrefStore {
        self.inner.prefs()
    }
    fn search(&self) -> &dyn oware_server::SearchStore {
        self.inner.search()
    }
    fn classes(&self) -> &dyn oware_server::ClassStore {
        self.inner.classes()
    }
    fn close(&self) -> StoreFuture<'_, ()> {
        self.inner.close()
    }
}

impl GameStore for TestStore {
    fn insert(&self, game: GameRow) -> StoreFuture<'_, ()> {
        self.inner.insert(game)
    }
    fn load(&self, id: String) -> StoreFuture<'_, Option<GameRow>> {
        self.whole_rows.fetch_add(1, Ordering::SeqCst);
        if self.refuse_whole_rows.load(Ordering::SeqCst) {
            return Box::pin(async {
                Err(StoreError::Failed {
                    resource: "test store".into(),
                    message: "whole rows are refused".into(),
                })
            });
        }
        self.inner.load(id)
    }
    fn update(&self, update: GameUpdate) -> StoreFuture<'_, ()> {
        let ok = self
            .updates_left
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if ok {
            let Some(gate) = self.update_gate.clone() else {
                return self.inner.update(update);
            };
            Box::pin(async move {
                gate.acquire().await.expect("the gate stays open").forget();
                self.inner.update(update).await
            })
        } else {
            Box::pin(async {
                Err(StoreError::Failed {
                    resource: "test store".into(),
                    message: "disk full".into(),
                })
            })
        }
    }
    fn live_online(&self) -> StoreFuture<'_, Vec<GameRow>> {
        self.inner.live_online()
    }
    fn listed_online_of(
        &self,
        user_id: String,
        offset: u64,
        limit: u64,
    ) -> StoreFuture<'_, Vec<oware_server::ListedGame>> {
        let blank = self.blank_listings.load(Ordering::SeqCst);
        let rows = self.inner.listed_online_of(user_id, offset, limit);
        Box::pin(async move {
            let mut rows = rows.await?;
            if blank {
                for r in &mut rows {
                    r.listing.clear();
                }
            }
            Ok(rows)
        })
    }
    fn live_online_count(&self, user_id: String) -> StoreFuture<'_, u64> {
        self.inner.live_online_count(user_id)
    }
    fn update_and_insert(&self, update: GameUpdate, new: GameRow) -> StoreFuture<'_, ()> {
        self.inner.update_and_insert(update, new)
    }
    fn save_review(&self, id: String, review: String) -> StoreFuture<'_, ()> {
        let Some(gate) = self.review_gate.clone() else {
            return self.inner.save_review(id, review);
        };
        Box::pin(async move {
            gate.acquire().await.expect("the gate stays open").forget();
            self.inner.save_review(id, review).await
        })
    }
    fn load_review(&self, id: String) -> StoreFuture<'_, Option<String>> {
        self.inner.load_review(id)
    }
    fn count(&self) -> StoreFuture<'_, u64> {
        self.inner.count()
    }
    fn version(&self, id: String) -> StoreFuture<'_, Option<u64>> {
        self.inner.version(id)
    }
    fn versions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        self.inner.versions(ids)
    }
}

impl NoticeStore for TestStore {
    fn shared(&self) -> bool {
        self.inner.shared()
    }
    fn notices(&self) -> Option<tokio::sync::broadcast::Receiver<Notice>> {
        self.inner.notices()
    }
    fn announce(&self, message: String) -> StoreFuture<'_, ()> {
        self.inner.announce(message)
    }
    fn claim(&self, key: String, lease: Duration) -> StoreFuture<'_, bool> {
        self.inner.claim(key, lease)
    }
    fn release(&self, key: String) -> StoreFuture<'_, ()> {
        self.inner.release(key)
    }
    fn mark_alive(&self, now_ms: u64) -> StoreFuture<'_, ()> {
        self.inner.mark_alive(now_ms)
    }
    fn last_alive(&self) -> StoreFuture<'_, Option<u64>> {
        self.inner.last_alive()
    }
}

pub async fn server_with(db: &Path, egdb: Option<&Path>) -> Server {
    let config = ServerConfig {
        port: 0,
        db: self::db(db).await,
        engine_threads: 2,
        egdb_dir: egdb.map(Path::to_path_buf),
        ..ServerConfig::default()
    };
    start(&config).await.expect("server starts")
}

/// Sends `req`: the status and the JSON body (`Null` when there is none).
async fn answer(req: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let r = req.send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub struct Api {
    pub client: Client,
    pub base: String,
}

impl Api {
    pub fn new(s: &Server) -> Api {
        Api {
            client: Client::new(),
            base: format!("http://{}", s.addr()),
        }
    }

    pub async fn create(&self, body: Value) -> (StatusCode, Value) {
        let r = self
            .client
            .post(format!("{}/api/games", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status(), r.json().await.unwrap())
    }

    /// Creates a game of the settings `body` (it must be created): its id, its seat token and
    /// the whole answer.
    pub async fn new_game(&self, body: Value) -> (String, String, Value) {
        let (st, created) = self.create(body).await;
        assert_eq!(st, StatusCode::CREATED, "{created}");
        let (id, token) = ids(&created);
        (id, token, created)
    }

    /// `GET /api/games/{id}`, which must answer: the game's state.
    pub async fn state(&self, id: &str) -> Value {
        let (st, state) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(st, StatusCode::OK, "{state}");
        state
    }

    /// `POST /api/games/{id}/{action}` (undo, redo, resign…) with the seat `token`, no body.
    pub async fn act(&self, id: &str, action: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.post(&format!("/api/games/{id}/{action}"), token, None)
            .await
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let (status, text) = self.text(path).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// `GET path`: the status and the body as text (an OGN export, a page).
    pub async fn text(&self, path: &str) -> (StatusCode, String) {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        (r.status(), r.text().await.unwrap())
    }

    /// `POST path` with the seat `token` and `body` as it is, sent as `content_type` (`None`:
    /// no content type), to see the server refuse what a JSON client would never send.
    pub async fn post_raw(
        &self,
        path: &str,
        token: &str,
        content_type: Option<&str>,
        body: &'static str,
    ) -> (StatusCode, Value) {
        let mut req = self
            .client
            .post(format!("{}{path}", self.base))
            .header("x-seat-token", token);
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        answer(req.body(body)).await
    }

    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.client.post(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("x-seat-token", t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        answer(req).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut req = self.client.delete(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("x-seat-token", t);
        }
        answer(req).await
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            Some(token),
            Some(json!({ "move": mv })),
        )
        .await
    }

    /// Waits (long poll) until the game's version is above `since`.
    pub async fn wait(&self, id: &str, since: u64) -> Value {
        let (s, v) = self
            .get(&format!("/api/games/{id}?since={since}&wait_ms=20000"))
            .await;
        assert_eq!(s, StatusCode::OK);
        v
    }
}

/// Reads a game's server-sent events one at a time, cut by the protocol's reader.
pub struct Events {
    resp: reqwest::Response,
    parser: FrameParser,
    /// Frames read from the stream and not yet asked for.
    ready: VecDeque<Frame>,
}

impl Events {
    pub async fn open(api: &Api, id: &str) -> Events {
        Events::open_path(api, &format!("/api/games/{id}/events")).await
    }

    /// Opens the event stream at `path` (the lobby's, or a game's with a presence key).
    pub async fn open_path(api: &Api, path: &str) -> Events {
        let resp = api
            .client
            .get(format!("{}{path}", api.base))
            .send()
            .await
            .unwrap();
        Events::of(resp)
    }

    /// The events of `resp`, an answer to a request for an event stream made by hand (with a
    /// cookie, say).
    pub fn of(resp: reqwest::Response) -> Events {
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(
            resp.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Events {
            resp,
            parser: FrameParser::default(),
            ready: VecDeque::new(),
        }
    }

    /// The next event's name and JSON data (keep-alive comments and unnamed frames skipped). A
    /// guard of a minute turns a missing event into a failure instead of a hang.
    pub async fn next(&mut self) -> (String, Value) {
        loop {
            while let Some(frame) = self.ready.pop_front() {
                let Some(name) = frame.event else {
                    continue;
                };
                let data = serde_json::from_str(&frame.data).expect("event data is JSON");
                return (name, data);
            }
            let chunk = tokio::time::timeout(Duration::from_secs(60), self.resp.chunk())
                .await
                .expect("an event within a minute")
                .unwrap()
                .expect("the stream stays open");
            let frames = self
                .parser
                .push(&chunk)
                .expect("the stream is within the cap");
            self.ready.extend(frames);
        }
    }

    /// Skips events until one named `name` whose data passes `pred`.
    pub async fn until(&mut self, name: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let (n, v) = self.next().await;
            if n == name && pred(&v) {
                return v;
            }
        }
    }
}

/// The lobby's event stream with the list kept up to date from its changes (`lobby` on connect,
/// then `lobby-add` and `lobby-remove`): each event answers the list as `GET /api/lobby` gives
/// it, `{"challenges": [...]}`, oldest first.
pub struct LobbyWatch {
    events: Events,
    list: Vec<LobbyEntry>,
    v: u64,
}

impl LobbyWatch {
    pub async fn open(api: &Api) -> LobbyWatch {
        LobbyWatch {
            events: Events::open_path(api, "/api/lobby/events").await,
            list: Vec::new(),
            v: 0,
        }
    }

    /// The list after the next event (each change's `v` follows the one before), each event
    /// read as its protocol type.
    pub async fn next(&mut self) -> Value {
        let (name, ev) = self.events.next().await;
        let read = |what: &str| format!("a {what} event of the protocol's shape: {ev}");
        let v = match name.parse::<EventKind>() {
            Ok(EventKind::Lobby) => {
                let e: LobbyList = serde_json::from_value(ev.clone())
                    .unwrap_or_else(|e| panic!("{e}: {}", read("lobby")));
                self.list = e.challenges;
                e.v
            }
            Ok(EventKind::LobbyAdd) => {
                let e: LobbyAdd = serde_json::from_value(ev.clone())
                    .unwrap_or_else(|e| panic!("{e}: {}", read("lobby-add")));
                assert_eq!(e.v, self.v + 1, "{ev}");
                self.list.push(e.challenge);
                self.list
                    .sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
                e.v
            }
            Ok(EventKind::LobbyRemove) => {
                let e: LobbyRemove = serde_json::from_value(ev.clone())
                    .unwrap_or_else(|e| panic!("{e}: {}", read("lobby-remove")));
                assert_eq!(e.v, self.v + 1, "{ev}");
                self.list.retain(|c| c.id != e.id);
                e.v
            }
            _ => panic!("unexpected lobby event {name}: {ev}"),
        };
        self.v = v;
        json!({ "challenges": self.list })
    }

    /// Reads events until the list passes `pred`.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let list = self.next().await;
            if pred(&list) {
                return list;
            }
        }
    }
}

/// An online game created through `creator` by Ama (South) and joined through `joiner` by Kofi
/// (North; the two may be one server or two instances), with a clock or `Value::Null` for none:
/// (id, Ama's token, Kofi's token).
pub async fn online_game(creator: &Api, joiner: &Api, clock: Value) -> (String, String, String) {
    let (st, created) = creator
        .create(json!({ "opponent": "online", "clock": clock, "color": "S", "name": "Ama" }))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let (id, south) = ids(&created);
    let body = oware_protocol::JoinReq {
        name: Some("Kofi".into()),
    };
    let (st, joined) = joiner
        .post(
            &format!("/api/games/{id}/join"),
            None,
            Some(serde_json::to_value(body).unwrap()),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{joined}");
    let joined = seat(&joined);
    assert_eq!(joined.id, id);
    assert_eq!(joined.state.online.unwrap().you, Some(Side::North));
    (id, south, joined.token)
}

/// An answer that gives a seat (`{id, token, state}`), read as the protocol's [`SeatAnswer`].
pub fn seat(v: &Value) -> SeatAnswer {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("not a seat answer ({e}): {v}"))
}

/// The id and token of a seat answer.
pub fn ids(v: &Value) -> (String, String) {
    let s = seat(v);
    (s.id, s.token)
}

/// An error answer: `want`, with the protocol's [`ErrorBody`] of `code` and a sentence.
pub fn assert_error(status: StatusCode, body: &Value, want: StatusCode, code: &str) {
    assert_eq!(status, want, "{body}");
    let e: ErrorBody = serde_json::from_value(body.clone())
        .unwrap_or_else(|e| panic!("not an error answer ({e}): {body}"));
    assert_eq!(e.code.as_deref(), Some(code), "{body}");
    assert!(!e.error.is_empty(), "{body}");
}

/// 422 `bad-field` for a word outside `field`'s vocabulary: the message names the field and
/// the words allowed (`action: unknown variant …, expected one of …`).
pub fn assert_bad_word(status: StatusCode, body: &Value, field: &str) {
    assert_error(status, body, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    let message = body["error"].as_str().unwrap_or("");
    assert!(
        message.contains(&format!("{field}: unknown variant")) && message.contains("expected"),
        "{body}"
    );
}

/// `a` creates a rated 3+2 game in the lobby (South) and `b` joins it: the game's id, both
/// seat tokens (the creator's first) and the state after the join.
pub async fn rated_game(a: &mut Browser, b: &mut Browser) -> (String, String, String, Value) {
    let (st, created) = a
        .post(
            "/api/games",
            json!({"opponent": "online", "clock": {"initial_s": 180, "increment_s": 2},
                   "color": "S", "rated": true}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let (st, joined) = b.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{joined}");
    (
        id,
        created["token"].as_str().unwrap().to_string(),
        joined["token"].as_str().unwrap().to_string(),
        joined["state"].clone(),
    )
}

/// `req` with `headers` and the JSON `body` when there is one.
pub fn with_parts(
    mut req: reqwest::RequestBuilder,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> reqwest::RequestBuilder {
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    match body {
        Some(b) => req.json(&b),
        None => req,
    }
}

/// A browser of its own: its cookie jar is the one session cookie.
pub struct Browser {
    client: reqwest::Client,
    base: String,
    pub cookie: Option<String>,
    /// Every answer's body, to check that no secret ever left the server.
    pub seen: Vec<String>,
}

impl Browser {
    pub fn new(s: &Server) -> Browser {
        Browser {
            client: reqwest::Client::new(),
            base: format!("http://{}", s.addr()),
            cookie: None,
            seen: Vec::new(),
        }
    }

    pub async fn send(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> (StatusCode, Value, Option<String>) {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header(COOKIE, format!("oware_session={c}"));
        }
        let r = with_parts(req, headers, body).send().await.unwrap();
        let status = r.status();
        // The session's cookie (an answer may set the `lang` cookie beside it).
        let set = r
            .headers()
            .get_all(SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap().to_string())
            .find(|line| line.starts_with("oware_session="));
        if let Some(line) = &set {
            let value = line
                .split(';')
                .next()
                .and_then(|kv| kv.split_once('='))
                .map(|(_, v)| v.to_string())
                .unwrap_or_default();
            self.cookie = (!value.is_empty()).then_some(value);
        }
        let text = r.text().await.unwrap();
        self.seen.push(text.clone());
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::Null),
            set,
        )
    }

    pub async fn post(&mut self, path: &str, body: Value) -> (StatusCode, Value) {
        let (s, b, _) = self
            .send(reqwest::Method::POST, path, Some(body), &[])
            .await;
        (s, b)
    }

    pub async fn post_seat(&mut self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        let (s, b, _) = self
            .send(
                reqwest::Method::POST,
                path,
                Some(body),
                &[("x-seat-token", token)],
            )
            .await;
        (s, b)
    }

    pub async fn get(&mut self, path: &str) -> (StatusCode, Value) {
        let (s, b, _) = self.send(reqwest::Method::GET, path, None, &[]).await;
        (s, b)
    }

    pub async fn delete(&mut self, path: &str) -> (StatusCode, Value) {
        let (s, b, _) = self.send(reqwest::Method::DELETE, path, None, &[]).await;
        (s, b)
    }

    /// A browser of server `s` where `name` has just signed up (with [`PASSWORD`]).
    pub async fn signed_up(s: &Server, name: &str) -> Browser {
        let mut b = Browser::new(s);
        let (st, body) = b.sign_up(name, PASSWORD).await;
        assert_eq!(st, StatusCode::OK, "{body}");
        b
    }

    pub async fn sign_up(&mut self, name: &str, password: &str) -> (StatusCode, Value) {
        self.post(
            "/api/account/signup",
            json!({ "name": name, "password": password }),
        )
        .await
    }

    pub async fn log_in(&mut self, name: &str, password: &str) -> (StatusCode, Value) {
        self.post(
            "/api/account/login",
            json!({ "name": name, "password": password }),
        )
        .await
    }

    pub async fn me(&mut self) -> Value {
        self.get("/api/account").await.1["name"].clone()
    }
}
