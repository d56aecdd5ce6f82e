//! Several real `oware serve` processes on one PostgreSQL database: players on different
//! instances see each other's moves live, racing moves, a computer reply searched once, an
//! instance killed mid-game, a flag that falls once; and a bad or unreachable database at start.
//! The nginx configuration of `docs/deploy.md`, run for real in front of two instances, relays
//! the moves and the event streams, fails over when an instance dies, and passes the client's
//! address to the per-client limits (nginx from Debian's packages: `scripts/test.sh` installs it).
//!
//! They need a PostgreSQL cluster: `OWARE_TEST_PG_URL` names one where the tests may create
//! databases (scripts/test.sh starts a throwaway one and sets it). Without it they are skipped
//! with a note on a developer's machine, and fail in CI (`CI` set), where it must be there.

#[path = "../../oware-server/tests/common/mod.rs"]
mod common;
mod run;

use std::process::Command;
use std::time::Duration;

use common::{ids, online_game, Api, Events};
use reqwest::{Client, StatusCode};
use run::Serve;
use serde_json::{json, Value};

/// The cluster's URL, or `None` (after a note) where there is none outside CI.
fn cluster() -> Option<String> {
    match std::env::var("OWARE_TEST_PG_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("OWARE_TEST_PG_URL is not set: scripts/test.sh starts a PostgreSQL cluster for these tests")
        }
        _ => {
            eprintln!("skipped: OWARE_TEST_PG_URL is not set (scripts/test.sh sets it)");
            None
        }
    }
}

/// One `oware serve` process on database `db`, killed when dropped.
struct Instance {
    serve: Serve,
    api: Api,
    _dir: tempfile::TempDir,
}

impl Instance {
    fn start(db: &str) -> Instance {
        Instance::start_with(db, &[])
    }

    /// [`Instance::start`] with more options for `oware serve`.
    fn start_with(db: &str, more: &[&str]) -> Instance {
        let dir = tempfile::tempdir().unwrap();
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "--min-clock-s".as_ref(),
            "1".as_ref(),
            "--db".as_ref(),
            db.as_ref(),
        ];
        args.extend(more.iter().map(|a| std::ffi::OsStr::new(*a)));
        let serve = Serve::start(0, &args, &dir.path().join("log"));
        let api = Api {
            client: Client::new(),
            base: serve.base.clone(),
        };
        Instance {
            serve,
            api,
            _dir: dir,
        }
    }

    /// Ends the process at once, as `kill -9` does (no shutdown of any kind).
    fn kill_9(&mut self) {
        self.serve.kill_9();
    }

    async fn replies_searched(&self) -> u64 {
        let (st, h) = self.api.get("/api/health").await;
        assert_eq!(st, StatusCode::OK, "{h}");
        h["engine"]["replies"].as_u64().unwrap()
    }
}

/// A fresh database on the cluster for one test.
async fn database(name: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    common::pg_database(&format!("{}-{name}", dir.path().display())).await
}

fn ply(update: &Value) -> u64 {
    update["state"]["ply"].as_u64().unwrap()
}

#[tokio::test]
async fn players_on_two_instances_and_a_spectator_on_a_third_see_every_move_live() {
    let Some(_) = cluster() else { return };
    let db = database("live").await;
    let (a, b, c) = (
        Instance::start(&db),
        Instance::start(&db),
        Instance::start(&db),
    );
    let (id, south, north) = online_game(&a.api, &b.api, Value::Null).await;
    let mut south_events = Events::open(&a.api, &id).await;
    let mut north_events = Events::open(&b.api, &id).await;
    let mut spectator = Events::open(&c.api, &id).await;
    // Each side moves on its own instance; the others' streams get the move with its detail.
    let moves = [
        ("C", &a, &south),
        ("c", &b, &north),
        ("D", &a, &south),
        ("f", &b, &north),
    ];
    for (n, (mv, inst, token)) in moves.iter().enumerate() {
        let (st, r) = inst.api.play(&id, token, mv).await;
        assert_eq!(st, StatusCode::OK, "{r}");
        let want = n as u64 + 1;
        for events in [&mut south_events, &mut north_events, &mut spectator] {
            let u = events.until("update", |v| ply(v) == want).await;
            assert_eq!(u["state"]["version"], r["state"]["version"], "{u}");
            if u["cause"] == "move" {
                assert_eq!(u["detail"]["ply"], want, "{u}");
            }
        }
    }
    // The three instances answer the same state.
    let path = format!("/api/games/{id}");
    let mut seen = Vec::new();
    for inst in [&a, &b, &c] {
        let (st, v) = inst.api.get(&path).await;
        assert_eq!(st, StatusCode::OK);
        seen.push((
            v["ply"].clone(),
            v["version"].clone(),
            v["position"].clone(),
        ));
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
}

#[tokio::test]
async fn a_move_stored_without_its_notice_still_reaches_the_other_instances_watchers() {
    let Some(_) = cluster() else { return };
    let db = database("lost-notice").await;
    let (a, b) = (Instance::start(&db), Instance::start(&db));
    let (id, south, _north) = online_game(&a.api, &b.api, Value::Null).await;
    let mut on_b = Events::open(&b.api, &id).await;
    assert_eq!(a.api.play(&id, &south, "C").await.0, StatusCode::OK);
    on_b.until("update", |v| ply(v) == 1).await;
    // North's reply written as an instance that died between its write and its notice leaves
    // it: the row and its version changed, no notification sent.
    let (client, conn) = tokio_postgres::connect(&db, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let n = client
        .execute(
            "UPDATE games SET moves = moves || 'c', version = version + 1 WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    assert_eq!(n, 1);
    // B's heartbeat (every 10 s) reads the versions of the games watched there and catches up.
    let u = tokio::time::timeout(
        Duration::from_secs(30),
        on_b.until("update", |v| ply(v) == 2),
    )
    .await
    .expect("the watcher on B gets the move within a heartbeat or two");
    assert_eq!(u["state"]["moves"].as_array().map(Vec::len), Some(2), "{u}");
}

#[tokio::test]
async fn racing_moves_on_two_instances_give_one_success_and_one_409() {
    let Some(_) = cluster() else { return };
    let db = database("race").await;
    let (a, b) = (Instance::start(&db), Instance::start(&db));
    for round in 0..4 {
        let (id, south, _) = online_game(&a.api, &b.api, Value::Null).await;
        // Both instances hold the game before the race.
        let _ = a.api.get(&format!("/api/games/{id}")).await;
        let _ = b.api.get(&format!("/api/games/{id}")).await;
        let (ra, rb) = tokio::join!(a.api.play(&id, &south, "C"), b.api.play(&id, &south, "D"));
        let mut statuses = [ra.0, rb.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "round {round}: {ra:?} {rb:?}"
        );
        let loser = if ra.0 == StatusCode::OK { &rb.1 } else { &ra.1 };
        // A lost race ("conflict") or, when the second came just after, not its turn.
        assert!(
            loser["code"] == "conflict" || loser["code"] == "not-your-turn",
            "{loser}"
        );
        assert!(!loser["error"].as_str().unwrap().is_empty());
        for inst in [&a, &b] {
            let (_, v) = inst.api.get(&format!("/api/games/{id}")).await;
            assert_eq!(v["ply"], 1, "one move stored: {v}");
        }
    }
}

#[tokio::test]
async fn a_computer_reply_is_searched_once_with_both_instances_watching() {
    let Some(_) = cluster() else { return };
    let db = database("computer").await;
    let (a, b) = (Instance::start(&db), Instance::start(&db));
    let (st, created) = a
        .api
        .create(json!({ "opponent": "easy", "starts": "you" }))
        .await;
    assert_eq!(st, StatusCode::CREATED);
    let (id, token) = ids(&created);
    let mut on_a = Events::open(&a.api, &id).await;
    let mut on_b = Events::open(&b.api, &id).await;
    let mut expected_ply = 0;
    for mv in ["C", "D", "E"] {
        let (st, r) = a.api.play(&id, &token, mv).await;
        if st != StatusCode::OK {
            // The computer's reply may have emptied that pit: take another.
            assert_eq!(r["code"], "empty-pit", "{r}");
            continue;
        }
        expected_ply += 2;
        for events in [&mut on_a, &mut on_b] {
            events.until("update", |v| ply(v) == expected_ply).await;
        }
    }
    assert!(expected_ply >= 2);
    let searched = a.replies_searched().await + b.replies_searched().await;
    assert_eq!(
        searched,
        expected_ply / 2,
        "each reply searched once in all (a: {}, b: {})",
        a.replies_searched().await,
        b.replies_searched().await
    );
}

#[tokio::test]
async fn a_reply_whose_instance_dies_mid_search_is_taken_over_by_the_other() {
    let Some(_) = cluster() else { return };
    let db = database("reply-takeover").await;
    // Claims on a reply hold 5 s here (15 s by default, longer than the 2 s search): the
    // takeover waits that long.
    let lease = ["--work-lease", "5"];
    let mut insts = [
        Instance::start_with(&db, &lease),
        Instance::start_with(&db, &lease),
    ];
    // Expert searches for 2 s: time enough to kill its instance in the middle.
    let (st, created) = insts[0]
        .api
        .create(json!({ "opponent": "expert", "starts": "you" }))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let (id, token) = ids(&created);
    let mut watchers = [
        Events::open(&insts[0].api, &id).await,
        Events::open(&insts[1].api, &id).await,
    ];
    let (st, r) = insts[0].api.play(&id, &token, "C").await;
    assert_eq!(st, StatusCode::OK, "{r}");
    for w in &mut watchers {
        w.until("update", |v| ply(v) == 1).await;
    }
    // Whichever instance won the claim is searching: find it and kill it mid-search.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let searcher = loop {
        let started = [
            insts[0].replies_searched().await,
            insts[1].replies_searched().await,
        ];
        if let Some(i) = started.iter().position(|&n| n == 1) {
            assert_eq!(started.iter().sum::<u64>(), 1, "one search: {started:?}");
            break i;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no instance started the reply"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    insts[searcher].kill_9();
    let other = 1 - searcher;
    // The survivor's claim waits out the dead one's lease (5 s), then it searches and plays.
    let reply = tokio::time::timeout(
        Duration::from_secs(45),
        watchers[other].until("update", |v| ply(v) == 2),
    )
    .await
    .expect("the other instance plays the reply after the lease runs out");
    assert_eq!(reply["cause"], "computer", "{reply}");
    assert_eq!(insts[other].replies_searched().await, 1);
    let (_, v) = insts[other].api.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["ply"], 2, "{v}");
    assert_eq!(v["computer_to_move"], false, "your turn again: {v}");
}

#[tokio::test]
async fn an_instance_killed_mid_game_loses_nothing_and_the_game_goes_on_through_the_other() {
    let Some(_) = cluster() else { return };
    let db = database("kill").await;
    let (mut a, b) = (Instance::start(&db), Instance::start(&db));
    let (id, south, north) =
        online_game(&a.api, &b.api, json!({"initial_s": 300, "increment_s": 0})).await;
    assert_eq!(a.api.play(&id, &south, "C").await.0, StatusCode::OK);
    assert_eq!(b.api.play(&id, &north, "c").await.0, StatusCode::OK);
    assert_eq!(a.api.play(&id, &south, "D").await.0, StatusCode::OK);
    a.kill_9();
    // South reconnects to the other instance and plays on; nothing was lost.
    let mut events = Events::open(&b.api, &id).await;
    let (_, first) = events.next().await;
    assert_eq!(ply(&first), 3, "{first}");
    assert_eq!(b.api.play(&id, &north, "f").await.0, StatusCode::OK);
    let (st, r) = b.api.play(&id, &south, "E").await;
    assert_eq!(st, StatusCode::OK, "{r}");
    assert_eq!(r["state"]["ply"], 5);
    assert_eq!(r["state"]["online"]["status"], "playing");
    // A third instance started now sees the same game.
    let c = Instance::start(&db);
    let (_, v) = c.api.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["ply"], 5);
}

#[tokio::test]
async fn a_flag_falls_once_with_two_instances_holding_the_game() {
    let Some(_) = cluster() else { return };
    let db = database("flag").await;
    let (a, b) = (Instance::start(&db), Instance::start(&db));
    let (id, south, north) =
        online_game(&a.api, &b.api, json!({"initial_s": 2, "increment_s": 0})).await;
    let mut on_a = Events::open(&a.api, &id).await;
    let mut on_b = Events::open(&b.api, &id).await;
    // Both sides move, so both clocks have started; then South lets the time run out.
    assert_eq!(a.api.play(&id, &south, "C").await.0, StatusCode::OK);
    let (st, r) = b.api.play(&id, &north, "c").await;
    assert_eq!(st, StatusCode::OK, "{r}");
    let before = r["state"]["version"].as_u64().unwrap();
    let over = |v: &Value| v["state"]["online"]["status"] != "playing";
    let ended_a = on_a.until("update", over).await;
    let ended_b = on_b.until("update", over).await;
    for ended in [&ended_a, &ended_b] {
        assert_eq!(ended["state"]["online"]["end"], "time", "{ended}");
        assert_eq!(ended["state"]["version"], before + 1, "one write: {ended}");
    }
    // Nothing more is written afterwards by either timer.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for inst in [&a, &b] {
        let (_, v) = inst.api.get(&format!("/api/games/{id}")).await;
        assert_eq!(v["version"], before + 1, "{v}");
    }
}

#[test]
fn a_bad_or_unreachable_database_url_is_a_clear_error_and_exit_status_1() {
    for (url, says) in [
        ("postgres://u@h:notaport/db", "not a usable database URL"),
        (
            "postgres://u:secret@127.0.0.1:1/db?connect_timeout=2",
            "PostgreSQL postgres://u:***@127.0.0.1:1/db",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_oware"))
            .args(["serve", "--port", "0", "--no-egdb-build", "--db", url])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(says), "{err}");
        assert!(!err.contains("secret"), "the password is not shown: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// A PostgreSQL cluster of this test's own (it is stopped and started again), in a temporary
/// folder on a free loopback port; stopped and removed when dropped.
struct OwnCluster {
    bin: std::path::PathBuf,
    dir: tempfile::TempDir,
    port: u16,
}

impl OwnCluster {
    /// `None` (after a note) without `OWARE_TEST_PG_BIN` outside CI.
    fn start() -> Option<OwnCluster> {
        let bin = match std::env::var_os("OWARE_TEST_PG_BIN") {
            Some(b) => std::path::PathBuf::from(b),
            None if std::env::var_os("CI").is_some() => {
                panic!("OWARE_TEST_PG_BIN is not set: scripts/test.sh sets it")
            }
            None => {
                eprintln!("skipped: OWARE_TEST_PG_BIN is not set (scripts/test.sh sets it)");
                return None;
            }
        };
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let c = OwnCluster { bin, dir, port };
        if OwnCluster::root() {
            // initdb refuses root: the cluster belongs to the postgres user.
            let ok = Command::new("chown")
                .arg("postgres")
                .arg(c.dir.path())
                .status()
                .unwrap()
                .success();
            assert!(ok, "chown postgres");
        }
        let data = c.dir.path().join("data");
        c.run(
            "initdb",
            &[
                "-D",
                data.to_str().unwrap(),
                "-U",
                "oware",
                "--auth=trust",
                "--no-sync",
            ],
        );
        c.pg_ctl("start");
        Some(c)
    }

    fn root() -> bool {
        Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
    }

    fn run(&self, program: &str, args: &[&str]) {
        let out = self.output(program, args);
        assert!(
            out.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn output(&self, program: &str, args: &[&str]) -> std::process::Output {
        let path = self.bin.join(program);
        if OwnCluster::root() {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&path)
                .args(args)
                .output()
        } else {
            Command::new(&path).args(args).output()
        }
        .unwrap()
    }

    fn pg_ctl(&self, what: &str) {
        let data = self.dir.path().join("data");
        let log = self.dir.path().join("log");
        let opts = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let mut args = vec!["-D", data.to_str().unwrap(), "-w", "-m", "fast"];
        if what == "start" {
            args.extend(["-l", log.to_str().unwrap(), "-o", &opts]);
        }
        args.push(what);
        self.run("pg_ctl", &args);
    }

    fn url(&self) -> String {
        format!(
            "postgres://oware@127.0.0.1:{}/postgres?connect_timeout=2",
            self.port
        )
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        let _ = self.output(
            "pg_ctl",
            &["-D", data.to_str().unwrap(), "-m", "immediate", "stop"],
        );
    }
}

#[tokio::test]
async fn losing_the_database_gives_503s_and_everything_recovers_when_it_is_back() {
    let Some(pg) = OwnCluster::start() else {
        return;
    };
    let (a, b) = (Instance::start(&pg.url()), Instance::start(&pg.url()));
    let (id, south, north) = online_game(&a.api, &b.api, Value::Null).await;
    let mut on_b = Events::open(&b.api, &id).await;
    assert_eq!(a.api.play(&id, &south, "C").await.0, StatusCode::OK);
    on_b.until("update", |v| ply(v) == 1).await;

    pg.pg_ctl("stop");
    let (st, h) = a.api.get("/api/health").await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{h}");
    assert_eq!(h["database"]["ok"], false, "{h}");
    let (st, r) = b.api.play(&id, &north, "c").await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{r}");
    assert_eq!(r["code"], "storage", "{r}");
    assert!(!r["error"].as_str().unwrap().is_empty());

    pg.pg_ctl("start");
    // Bounded wait for the pools to reconnect (they do on the next request).
    let mut healthy = false;
    for _ in 0..100 {
        if a.api.get("/api/health").await.0 == StatusCode::OK
            && b.api.get("/api/health").await.0 == StatusCode::OK
        {
            healthy = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        healthy,
        "the instances answer again once the database is back"
    );
    // Nothing was lost, the refused move can be made now, and B's listener is back: a move on
    // A reaches the stream held by B (opened before the outage).
    let (st, r) = b.api.play(&id, &north, "c").await;
    assert_eq!(st, StatusCode::OK, "{r}");
    assert_eq!(r["state"]["ply"], 2);
    let mut delivered = false;
    for _ in 0..50 {
        // The listener may still be reconnecting: wait until a move made on A reaches B.
        let (st, _) = a.api.play(&id, &south, "D").await;
        if st == StatusCode::OK {
            delivered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(delivered);
    on_b.until("update", |v| ply(v) == 3).await;
}

#[tokio::test]
async fn a_player_connected_to_one_instance_counts_as_connected_on_the_others() {
    let Some(_) = cluster() else { return };
    let db = database("presence").await;
    let (a, b) = (Instance::start(&db), Instance::start(&db));
    let (id, _south, north) = online_game(&a.api, &b.api, Value::Null).await;
    // The presence key comes from one instance and is good on the other (the proxy may send
    // the page's event stream anywhere).
    let (st, k) = a
        .api
        .post(&format!("/api/games/{id}/presence"), Some(&north), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{k}");
    let key = k["key"].as_str().unwrap();
    let mut watcher = Events::open(&a.api, &id).await;
    let north_page =
        Events::open_path(&b.api, &format!("/api/games/{id}/events?presence={key}")).await;
    // A, which holds no stream of North's, learns that North is connected (through B)...
    watcher
        .until("update", |v| {
            v["state"]["online"]["seats"]["N"]["connected"] == true
        })
        .await;
    let (_, v) = a.api.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["online"]["seats"]["N"]["connected"], true, "{v}");
    // ...and that North left when the page closes.
    drop(north_page);
    watcher
        .until("update", |v| {
            v["state"]["online"]["seats"]["N"]["connected"] == false
        })
        .await;
    // A key of another game, or made up, is refused everywhere.
    let r = b
        .api
        .client
        .get(format!(
            "{}/api/games/{id}/events?presence=00ff",
            b.api.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_review_asked_on_two_instances_at_once_is_searched_once_and_seen_on_both() {
    let Some(_) = cluster() else { return };
    let db = database("review").await;
    let (a, b) = (Instance::start(&db), Instance::start(&db));
    let (st, created) = a
        .api
        .create(json!({ "opponent": "friend", "ogn": "1. F f 2. A a 3. E e 4. B b 5. D d *" }))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let (id, token) = ids(&created);
    let mut on_a = Events::open(&a.api, &id).await;
    let mut on_b = Events::open(&b.api, &id).await;
    let path = format!("/api/games/{id}/review");
    let body = || Some(json!({ "depth": 8 }));
    let (ra, rb) = tokio::join!(
        a.api.post(&path, Some(&token), body()),
        b.api.post(&path, Some(&token), body())
    );
    for (st, r) in [&ra, &rb] {
        // Started, running (here or on the other instance), or already done there.
        assert!(
            *st == StatusCode::ACCEPTED || *st == StatusCode::OK,
            "{st} {r}"
        );
        assert!(r["status"] == "running" || r["status"] == "done", "{r}");
    }
    // Both instances' streams hear that it is done, wherever it ran.
    for events in [&mut on_a, &mut on_b] {
        events.until("review", |e| e["status"] == "done").await;
    }
    let reviews = |h: Value| h["engine"]["reviews"].as_u64().unwrap();
    let (searched_a, searched_b) = (
        reviews(a.api.get("/api/health").await.1),
        reviews(b.api.get("/api/health").await.1),
    );
    assert_eq!(
        searched_a + searched_b,
        1,
        "searched once in all (a: {searched_a}, b: {searched_b})"
    );
    // Both answer the same stored review, and asking again searches nothing.
    let (_, va) = a.api.get(&path).await;
    let (_, vb) = b.api.get(&path).await;
    assert_eq!(va["status"], "done", "{va}");
    assert_eq!(va["review"], vb["review"]);
    let (st, again) = b.api.post(&path, Some(&token), body()).await;
    assert_eq!(st, StatusCode::OK, "{again}");
    assert_eq!(
        reviews(a.api.get("/api/health").await.1) + reviews(b.api.get("/api/health").await.1),
        1
    );
}

#[tokio::test]
async fn a_review_whose_instance_dies_is_run_by_the_other_once_its_claim_runs_out() {
    let Some(_) = cluster() else { return };
    let db = database("review-takeover").await;
    // Review claims hold 10 s unrenewed here (30 s by default): B waits that long for A's.
    let lease = ["--review-lease", "10"];
    let mut a = Instance::start_with(&db, &lease);
    let b = Instance::start_with(&db, &lease);
    // A friend game of 40 plies, each the last legal pit: long enough at depth 18 to kill
    // the reviewing instance in the middle.
    let (st, created) = a.api.create(json!({ "opponent": "friend" })).await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let (id, token) = ids(&created);
    let mut state = created["state"].clone();
    for _ in 0..40 {
        if !state["outcome"].is_null() {
            break;
        }
        let pits = state["pits_info"].as_array().unwrap();
        let pit = pits.iter().rev().find(|p| p["legal"] == true).unwrap();
        let (st, r) = a
            .api
            .play(&id, &token, pit["letter"].as_str().unwrap())
            .await;
        assert_eq!(st, StatusCode::OK, "{r}");
        state = r["state"].clone();
    }
    let path = format!("/api/games/{id}/review");
    let body = || Some(json!({ "depth": 18 }));
    let mut on_b = Events::open(&b.api, &id).await;
    let (st, r) = a.api.post(&path, Some(&token), body()).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{r}");
    // A's progress reaches B's stream through the database's notices.
    on_b.until("review", |e| {
        e["status"] == "running" && e["done"].as_u64() >= Some(1)
    })
    .await;
    a.kill_9();
    // B heard A's progress: it answers the review as running there.
    let (_, v) = b.api.get(&path).await;
    assert_eq!(v["status"], "running", "{v}");
    assert!(v["done"].as_u64() >= Some(1), "{v}");
    // Asked on B while A's claim still holds: running (elsewhere), nothing searched here.
    let reviews = |h: Value| h["engine"]["reviews"].as_u64().unwrap();
    let (st, r) = b.api.post(&path, Some(&token), body()).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{r}");
    assert_eq!(r["status"], "running", "{r}");
    assert_eq!(reviews(b.api.get("/api/health").await.1), 0);
    // Once the claim has run out (10 s, no longer renewed), asking again starts it on B.
    let started = tokio::time::Instant::now();
    while reviews(b.api.get("/api/health").await.1) == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the dead instance's claim still holds after 30 s"
        );
        tokio::time::sleep(Duration::from_secs(1)).await;
        let (st, r) = b.api.post(&path, Some(&token), body()).await;
        assert_eq!(
            (st, &r["status"]),
            (StatusCode::ACCEPTED, &json!("running")),
            "{r}"
        );
    }
    on_b.until("review", |e| e["status"] == "done").await;
    let (_, v) = b.api.get(&path).await;
    assert_eq!(v["status"], "done", "{v}");
    assert_eq!(reviews(b.api.get("/api/health").await.1), 1);
}

#[tokio::test]
async fn instances_started_at_once_on_an_empty_database_apply_each_migration_once() {
    let Some(_) = cluster() else { return };
    let db = database("migrate").await;
    // Three processes at once on a database with no tables: one migrates under the lock, the
    // others wait for it and find the schema current.
    let insts: Vec<Instance> = std::thread::scope(|scope| {
        let starting: Vec<_> = (0..3)
            .map(|_| scope.spawn(|| Instance::start(&db)))
            .collect();
        starting.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let (client, conn) = tokio_postgres::connect(&db, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let versions: Vec<i32> = client
        .query("SELECT version FROM oware_migrations ORDER BY version", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    // Every migration the server knows, each once: 1, 2, 3, … without a gap or a repeat (the
    // accounts' tables are migration 3, so there are at least three).
    let expected: Vec<i32> = (1..=versions.len() as i32).collect();
    assert_eq!(versions, expected, "each migration recorded once");
    assert!(versions.len() >= 3, "{versions:?}");
    for inst in &insts {
        let (st, h) = inst.api.get("/api/health").await;
        assert_eq!(st, StatusCode::OK, "{h}");
        assert_eq!(h["database"]["kind"], "postgresql", "{h}");
    }
    // A schema newer than this server's is refused at start, with a message, changing nothing.
    drop(insts);
    client
        .execute(
            "INSERT INTO oware_migrations (version, applied_ms) VALUES (99, 0)",
            &[],
        )
        .await
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(["serve", "--port", "0", "--no-egdb-build", "--db", &db])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("schema version 99, newer than"), "{err}");
    let n: i64 = client
        .query_one("SELECT count(*) FROM oware_migrations", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        n,
        versions.len() as i64 + 1,
        "the refused start changed nothing"
    );
}

/// nginx, run with the configuration `docs/deploy.md` shows, in front of instances on `ports`;
/// stopped when dropped.
struct Nginx {
    child: std::process::Child,
    base: String,
    _dir: tempfile::TempDir,
}

/// The address nginx connects to the instances from (`proxy_bind`), the only one they trust:
/// the tests' own requests come from 127.0.0.1 (or another loopback address), so the proxy and
/// the clients have addresses of their own.
const PROXY_FROM: &str = "127.0.0.3";

impl Nginx {
    /// The nginx binary, or `None` (after a note) where there is none outside CI.
    fn binary() -> Option<&'static str> {
        let found = ["/usr/sbin/nginx", "/usr/bin/nginx"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists());
        if found.is_none() {
            assert!(
                std::env::var_os("CI").is_none(),
                "nginx is missing: scripts/test.sh installs Debian's nginx-light"
            );
            eprintln!("skipped: nginx is not installed (scripts/test.sh installs it)");
        }
        found
    }

    fn start(nginx: &str, ports: [u16; 2]) -> Nginx {
        let doc = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/deploy.md"),
        )
        .unwrap();
        let block = doc
            .split("```nginx\n")
            .nth(1)
            .and_then(|rest| rest.split("\n```").next())
            .expect("docs/deploy.md shows an nginx configuration");
        let listen = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listen.local_addr().unwrap().port();
        drop(listen);
        // The documented configuration with this machine's addresses; nothing else changed.
        let site = block
            .replace("10.0.0.11:8080", &format!("127.0.0.1:{}", ports[0]))
            .replace("10.0.0.12:8080", &format!("127.0.0.1:{}", ports[1]))
            .replace("listen 443 ssl;", &format!("listen 127.0.0.1:{port};"));
        assert!(
            site.contains(&format!("127.0.0.1:{}", ports[1])) && site.contains("proxy_pass"),
            "the documented configuration changed shape:\n{block}"
        );
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let conf = format!(
            "daemon off;\nmaster_process off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
             events {{ worker_connections 256; }}\n\
             http {{\n access_log off;\n client_body_temp_path {d}/body;\n proxy_temp_path {d}/proxy;\n\
             fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n\
             proxy_bind {PROXY_FROM};\n{site}\n}}\n"
        );
        std::fs::write(dir.path().join("nginx.conf"), conf).unwrap();
        let child = Command::new(nginx)
            .arg("-p")
            .arg(dir.path())
            .arg("-e")
            .arg(dir.path().join("error.log"))
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .spawn()
            .expect("nginx starts");
        let nginx = Nginx {
            child,
            base: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        };
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return nginx;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let log = std::fs::read_to_string(nginx._dir.path().join("error.log")).unwrap_or_default();
        panic!("nginx did not start: {log}");
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The next event of `events` within 5 s: an event held back by a buffering proxy fails here.
async fn promptly(events: &mut Events, pred: impl Fn(&Value) -> bool) -> Value {
    tokio::time::timeout(Duration::from_secs(5), events.until("update", pred))
        .await
        .expect("the event arrives through the proxy at once")
}

#[tokio::test]
async fn behind_the_documented_nginx_moves_and_streams_pass_an_instance_may_die_and_clients_are_told_apart(
) {
    let Some(_) = cluster() else { return };
    let Some(nginx) = Nginx::binary() else { return };
    let db = database("nginx").await;
    let trust = ["--trusted-proxy", PROXY_FROM];
    let mut a = Instance::start_with(&db, &trust);
    let b = Instance::start_with(&db, &trust);
    let proxy = Nginx::start(nginx, [a.serve.port, b.serve.port]);
    let via = Api {
        client: Client::new(),
        base: proxy.base.clone(),
    };
    // A game created, joined and played through the proxy, each player's stream through it too:
    // whichever instances nginx picks, every move reaches both streams without delay.
    let (id, south, north) = online_game(&via, &via, Value::Null).await;
    let mut streams = [Events::open(&via, &id).await, Events::open(&via, &id).await];
    let moves = [("C", &south), ("c", &north), ("D", &south), ("f", &north)];
    for (n, (mv, token)) in moves.iter().enumerate() {
        let (st, r) = via.play(&id, token, mv).await;
        assert_eq!(st, StatusCode::OK, "{r}");
        for s in &mut streams {
            promptly(s, |v| ply(v) == n as u64 + 1).await;
        }
    }
    // One instance dies: the proxy sends everything to the other, and the game goes on.
    a.kill_9();
    let mut after = Events::open(&via, &id).await;
    for (n, (mv, token)) in [("E", &south), ("e", &north)].iter().enumerate() {
        let (st, r) = via.play(&id, token, mv).await;
        assert_eq!(st, StatusCode::OK, "{r}");
        promptly(&mut after, |v| ply(v) == 5 + n as u64).await;
    }
    // The per-client limits count the client the proxy names, not the proxy, and not what a
    // client wrote itself: from 127.0.0.1, streams up to the default allowance of 16 (the one
    // or three it holds already included), then 429s, whatever X-Forwarded-For it claims; from
    // 127.0.0.4, a stream of its own still opens.
    let events = format!("{}/api/games/{id}/events", proxy.base);
    let open = |client: &Client, claim: String| {
        client.get(&events).header("x-forwarded-for", claim).send()
    };
    let one = Client::new();
    let mut replies = Vec::new();
    for i in 0..17 {
        replies.push(open(&one, format!("198.51.100.{i}")).await.unwrap());
    }
    let statuses: Vec<u16> = replies.iter().map(|r| r.status().as_u16()).collect();
    let opened = statuses.iter().take_while(|s| **s == 200).count();
    assert!((13..=15).contains(&opened), "{statuses:?}");
    assert!(statuses[opened..].iter().all(|s| *s == 429), "{statuses:?}");
    let other = Client::builder()
        .local_address("127.0.0.4".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let theirs = open(&other, "198.51.100.1".into()).await.unwrap();
    assert_eq!(theirs.status(), StatusCode::OK);
    drop((after, streams, replies, theirs, b, proxy));
}
