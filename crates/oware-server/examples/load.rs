//! Load benchmark (not a test): many games at once against `easy`, over loopback only.
//!
//! ```text
//! cargo run --release -p oware-server --example load -- --games 500
//! ```
//!
//! Starts the server as a child process (this same program, on a free 127.0.0.1 port, with a
//! fresh SQLite file), then plays `--games` games concurrently: each makes a random legal move
//! (`POST /moves`, timed) and waits for the computer's reply with a long poll (not timed: that
//! is engine think time). Reports games, moves per second, p50/p99 latency of the move requests
//! and the server's peak memory (VmHWM). Bounded: at most `--max-plies` plies a game and
//! `--deadline` seconds in all. `--think-ms` (default 1000) is each player's mean think time before
//! a move; `--think-ms 0` hammers the server in a closed loop (latency is then mostly queueing).
//! `--egdb-build N` gives the server an empty endgame table folder (in the run's temporary
//! folder) and has it build levels up to N in the background while the games are played: the
//! latency cost of the background build.
//!
//! `--online` plays online games between simulated people instead (`--games` games, so twice as
//! many players): each player holds the game's event stream (SSE, with its presence key) for the
//! whole game, as the page does; the side to move thinks (`--think-ms`), sends a move, and the
//! run times the relay: from sending the move to the opponent's stream delivering it. Games have
//! a clock (`--clock 600+5`, `--clock none` for none). Reports relay p50/p99, move request
//! latency, peak memory and the server's CPU time. `--ramp-s N` starts the games evenly over N
//! seconds, as a site fills up, instead of all within the first think time (the default, a
//! burst of creations, joins and stream openings that the first minute's figures then show).
//!
//! ```text
//! cargo run --release -p oware-server --example load -- --online --games 1000 --think-ms 3000 --max-plies 60
//! ```
//!
//! `OWARE_LOAD_SERVER_WRAPPER="valgrind --tool=callgrind --callgrind-out-file=F"` runs each
//! server under that command: instructions counted per move are the same on a busy machine
//! (keep `--games` small: the server runs ~50 times slower).
//!
//! `--logins-per-s N` logs an account in N times a second on the first server while the games
//! run (the accounts' Argon2id hashing beside the relay), and prints their count and latency.
//! `--account-games-per-s N` has a logged-in account ask for its games still going
//! (`GET /api/account/games`, the home page's "your turn" list) N times a second on the first
//! server while the games run, and prints their count and latency: the list's cost beside many
//! live games.
//!
//! `--db postgres://USER@HOST/DB` keeps the games in that PostgreSQL database (emptied first)
//! instead of a fresh SQLite file; `--instances N` (PostgreSQL only) starts N servers on it,
//! and in each online game South plays through one instance and North through the next, so
//! every move reaches the opponent through another process (PostgreSQL's `NOTIFY`). Memory and
//! CPU are reported per server. The machine's load average (1 minute) is sampled through the
//! run, as the figures mean little when other work shares the cores.
//!
//! `--bot-games N` plays N bot games beside the others (`--games 0` for bot games alone): real
//! `oware bot` processes (`--bridges K`, default one a 50 games; at most 64 games each) bridging
//! one real `oware uci` engine a game (`--bot-hash MB`, default 4; unclocked games at
//! `--bot-movetime-ms`, default 50), each game against a simulated person who challenges the bot
//! through the API and plays as in `--online` (`--think-ms`, `--max-plies`), then challenges it
//! again, so that N bot games go on all through the run. The accounts are
//! made before the timed run. Reports the bot's reply time, the games, the moves and errors, and
//! the bridges' and engines' CPU and memory, beside the people's relay (`common/bots.rs`). The
//! `oware` program is the one beside this example's folder (build it in the same profile:
//! `cargo build --release -p oware-cli`), or `--oware PATH`.
//!
//! ```text
//! cargo run --release -p oware-server --example load -- --online --games 200 --bot-games 200 --think-ms 3000 --max-plies 60
//! ```
//!
//! 1,000 games need about 4,000 sockets on this machine (client and server side): raise
//! `ulimit -n` first if it is 1024.

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

mod common;
use common::Pair;
#[path = "common/bots.rs"]
mod bots;

struct Opts {
    games: usize,
    max_plies: usize,
    level: String,
    deadline: Duration,
    think: Duration,
    /// Online games start spread evenly over this time (`--ramp-s`; 0: all within one think time).
    ramp: Duration,
    egdb_build: Option<u8>,
    online: bool,
    clock: Option<(u64, u64)>,
    db: Option<String>,
    instances: usize,
    /// Log-ins a second sent to the first server during the run (0: none).
    logins_per_s: u32,
    /// Account game lists a second asked of the first server during the run (0: none).
    account_games_per_s: u32,
    /// The bot games (`--bot-games`, `--bridges`, `--bot-movetime-ms`, `--bot-hash`, `--oware`).
    bots: bots::BotOpts,
}

fn parse_opts() -> Opts {
    let mut o = Opts {
        games: 500,
        max_plies: 400,
        level: "easy".into(),
        deadline: Duration::from_secs(300),
        think: Duration::from_millis(1000),
        ramp: Duration::ZERO,
        egdb_build: None,
        online: false,
        clock: Some((600, 5)),
        db: None,
        instances: 1,
        logins_per_s: 0,
        account_games_per_s: 0,
        bots: bots::BotOpts::new(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--games" => o.games = v.parse().expect("--games N"),
            "--max-plies" => o.max_plies = v.parse().expect("--max-plies N"),
            "--level" => o.level = v,
            "--think-ms" => o.think = Duration::from_millis(v.parse().expect("--think-ms N")),
            "--ramp-s" => o.ramp = Duration::from_secs(v.parse().expect("--ramp-s SECONDS")),
            "--deadline" => o.deadline = Duration::from_secs(v.parse().expect("--deadline SECONDS")),
            "--egdb-build" => o.egdb_build = Some(v.parse().expect("--egdb-build N")),
            "--clock" => {
                o.clock = (v != "none").then(|| {
                    let (a, b) = v.split_once('+').expect("--clock MINUTES_S+INCREMENT_S");
                    (
                        a.parse().expect("--clock initial seconds"),
                        b.parse().expect("--clock increment seconds"),
                    )
                })
            }
            "--db" => o.db = Some(v),
            "--instances" => o.instances = v.parse().expect("--instances N"),
            "--logins-per-s" => o.logins_per_s = v.parse().expect("--logins-per-s N"),
            "--account-games-per-s" => {
                o.account_games_per_s = v.parse().expect("--account-games-per-s N")
            }
            "--bot-games" => o.bots.games = v.parse().expect("--bot-games N"),
            "--bridges" => o.bots.bridges = v.parse().expect("--bridges N"),
            "--bot-movetime-ms" => {
                o.bots.movetime_ms = v.parse().expect("--bot-movetime-ms N")
            }
            "--bot-hash" => o.bots.hash_mb = v.parse().expect("--bot-hash MB"),
            "--oware" => o.bots.oware = v.into(),
            "--online" => {
                o.online = true;
                i += 1;
                continue;
            }
            other => panic!("unknown option {other} (expected --games, --max-plies, --level, --deadline, --think-ms, --ramp-s, --egdb-build, --online, --clock, --db, --instances, --logins-per-s, --account-games-per-s, --bot-games, --bridges, --bot-movetime-ms, --bot-hash, --oware)"),
        }
        i += 2;
    }
    if o.instances == 0 || (o.instances > 1 && o.db.is_none()) {
        eprintln!("--instances N needs N >= 1, and more than one needs --db postgres://… (a SQLite file belongs to one server)");
        std::process::exit(2);
    }
    o
}

fn child_server(db: &str) {
    let build = std::env::var("OWARE_LOAD_CHILD_EGDB_BUILD")
        .ok()
        .and_then(|n| n.parse().ok());
    let db = std::path::PathBuf::from(db);
    let egdb_parent = std::env::var_os("OWARE_LOAD_CHILD_DIR").map(std::path::PathBuf::from);
    let config = oware_server::ServerConfig {
        port: 0,
        egdb_dir: build.and(egdb_parent.map(|d| d.join("egdb"))),
        egdb_build: build.map(|max_seeds| oware_egdb::BackgroundOptions {
            max_seeds,
            ..oware_egdb::BackgroundOptions::default()
        }),
        db,
        // Every simulated player comes from 127.0.0.1: the per-client limits and the engine's
        // queue bound (which would refuse them with 429/503) are lifted to measure throughput.
        online: oware_server::OnlineConfig {
            create_limit: usize::MAX,
            ..oware_server::OnlineConfig::default()
        },
        limits: oware_server::ServerLimits {
            engine_starts: usize::MAX,
            games_created: usize::MAX,
            engine_queue: usize::MAX,
            streams_per_client: usize::MAX,
            ..oware_server::ServerLimits::default()
        },
        ..oware_server::ServerConfig::default()
    };
    oware_server::serve(config, |addr| println!("LISTENING {addr}")).expect("server runs");
}

#[derive(Default)]
struct Stats {
    move_ms: Vec<f64>,
    relay_ms: Vec<f64>,
    /// When each relayed move was sent, in the order of `relay_ms` (for the timeline).
    relay_sent: Vec<Instant>,
    create_ms: Vec<f64>,
    human_moves: u64,
    computer_moves: u64,
    finished: u64,
    errors: u64,
    /// The errors by kind (the first words of each), for the report.
    error_kinds: std::collections::BTreeMap<String, u64>,
}

impl Stats {
    /// Counts an error of kind `what`.
    fn error(&mut self, what: &str) {
        self.errors += 1;
        let kind: String = what.chars().take(200).collect();
        *self.error_kinds.entry(kind).or_default() += 1;
    }
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i]
}

/// A process's user + system CPU time in seconds.
fn cpu_s(pid: u32) -> Option<f64> {
    cpu_split(pid).map(|(user, system)| user + system)
}

/// A process's user and system CPU time in seconds.
fn cpu_split(pid: u32) -> Option<(f64, f64)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| -> Option<f64> { f.get(i)?.parse::<f64>().ok() };
    Some((ticks(11)? / 100.0, ticks(12)? / 100.0))
}

/// The machine's 1-minute load average.
fn loadavg() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Creates a game (`POST /api/games` with `body`) and records how long it took.
async fn create_game(
    client: &reqwest::Client,
    base: &str,
    body: Value,
    stats: &Mutex<Stats>,
) -> Result<Value, reqwest::Error> {
    let t = Instant::now();
    let r = common::post_json(client, format!("{base}/api/games"), &body).await?;
    stats
        .lock()
        .unwrap()
        .create_ms
        .push(t.elapsed().as_secs_f64() * 1e3);
    Ok(r)
}

fn peak_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

async fn play_game(
    client: reqwest::Client,
    base: String,
    opts: Arc<Opts>,
    seed: u64,
    deadline: Instant,
    stats: Arc<Mutex<Stats>>,
) -> Result<(), reqwest::Error> {
    let (level, max_plies, think) = (&opts.level, opts.max_plies, opts.think);
    // Players arrive spread over one think time, as people do.
    if !think.is_zero() {
        tokio::time::sleep(think.mul_f64((seed % 1000) as f64 / 1000.0)).await;
    }
    let r = create_game(&client, &base, json!({ "opponent": level }), &stats).await?;
    let id = r["id"].as_str().unwrap_or_default().to_string();
    let token = r["token"].as_str().unwrap_or_default().to_string();
    let mut state = r["state"].clone();
    let mut rng = seed | 1;
    while Instant::now() < deadline {
        if !state["outcome"].is_null() {
            stats.lock().unwrap().finished += 1;
            return Ok(());
        }
        if state["ply"].as_u64().unwrap_or(0) as usize >= max_plies {
            return Ok(());
        }
        if state["computer_to_move"] == true {
            let v = state["version"].as_u64().unwrap_or(0);
            state = client
                .get(format!("{base}/api/games/{id}?since={v}&wait_ms=30000"))
                .send()
                .await?
                .json()
                .await?;
            if state["version"].as_u64().unwrap_or(0) > v {
                stats.lock().unwrap().computer_moves += 1;
            }
            continue;
        }
        let Some(mv) = pick_and_think(&state, &mut rng, think).await else {
            return Ok(());
        };
        let mv = &mv;
        let t = Instant::now();
        let resp = client
            .post(format!("{base}/api/games/{id}/moves"))
            .header("x-seat-token", &token)
            .json(&json!({ "move": mv }))
            .send()
            .await?;
        let ok = resp.status().is_success();
        let body: Value = resp.json().await?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let mut s = stats.lock().unwrap();
        if ok {
            s.move_ms.push(ms);
            s.human_moves += 1;
            state = body["state"].clone();
        } else {
            s.error("a move against the computer refused");
            return Ok(());
        }
    }
    Ok(())
}

/// A random legal move of the state's side to move (the server's `pits_info`), after a
/// person's think time (50% to 150% of `think`); `None` when there is none.
async fn pick_and_think(state: &Value, rng: &mut u64, think: Duration) -> Option<String> {
    let mv = common::pick(state, rng)?;
    if !think.is_zero() {
        tokio::time::sleep(think.mul_f64(0.5 + (*rng % 1000) as f64 / 1000.0)).await;
    }
    Some(mv)
}

/// One online game between two simulated people, each holding the game's event stream:
/// South on server `bases[0]`, North on `bases[1]` (the same one with a single instance).
async fn play_online(
    client: reqwest::Client,
    bases: [String; 2],
    opts: Arc<Opts>,
    seed: u64,
    deadline: Instant,
    stats: Arc<Mutex<Stats>>,
) -> Result<(), reqwest::Error> {
    let think = opts.think;
    if !think.is_zero() {
        tokio::time::sleep(think.mul_f64((seed % 1000) as f64 / 1000.0)).await;
    }
    let clock = match opts.clock {
        Some((initial_s, increment_s)) => {
            json!({ "initial_s": initial_s, "increment_s": increment_s })
        }
        None => Value::Null,
    };
    let body = json!({ "opponent": "online", "clock": clock, "color": "S", "name": "South" });
    let r = create_game(&client, &bases[0], body, &stats).await?;
    let (Some(id), Some(south)) = (r["id"].as_str(), r["token"].as_str()) else {
        stats
            .lock()
            .unwrap()
            .error(&format!("the game was not created: {r}"));
        return Ok(());
    };
    let clients = [client.clone(), client];
    let (mut pair, mut state) =
        match Pair::join(clients, bases, id.to_string(), south.to_string()).await? {
            Ok(joined) => joined,
            Err(joined) => {
                stats
                    .lock()
                    .unwrap()
                    .error(&format!("the game was not joined: {joined}"));
                return Ok(());
            }
        };
    let mut rng = seed | 1;
    while Instant::now() < deadline {
        if !state["outcome"].is_null() || !state["online"]["end"].is_null() {
            stats.lock().unwrap().finished += 1;
            return Ok(());
        }
        let ply = state["ply"].as_u64().unwrap_or(0);
        if ply as usize >= opts.max_plies {
            return Ok(());
        }
        let Some(mv) = pick_and_think(&state, &mut rng, think).await else {
            return Ok(());
        };
        let played = match pair.play(&state, &mv).await? {
            Ok(played) => played,
            Err(what) => {
                stats.lock().unwrap().error(&what);
                return Ok(());
            }
        };
        {
            let mut s = stats.lock().unwrap();
            s.move_ms.push(played.answered_ms);
            s.relay_ms.push(played.relay_ms);
            s.relay_sent.push(played.sent);
            s.human_moves += 1;
        }
        state = played.state;
    }
    Ok(())
}

/// Empties the PostgreSQL database at `url` of games, reviews and claims (a benchmark starts
/// from nothing; a fresh database has no tables yet, and the first server makes them).
async fn empty_pg(url: &str) {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("the benchmark's database answers");
    tokio::spawn(conn);
    let _ = client
        .batch_execute("TRUNCATE games, reviews, oware_claims")
        .await;
}

/// Starts one server as a child process on `db`: the child and its address.
fn start_child(opts: &Opts, db: &str, dir: &std::path::Path) -> (std::process::Child, String) {
    let own = std::env::current_exe().expect("own path");
    // `OWARE_LOAD_SERVER_WRAPPER="valgrind --tool=callgrind"` runs each server under that
    // command (instructions a move, whatever else the machine is doing).
    let wrapper = std::env::var("OWARE_LOAD_SERVER_WRAPPER").unwrap_or_default();
    let mut words = wrapper.split_whitespace();
    let mut child = match words.next() {
        Some(program) => {
            let mut c = Command::new(program);
            c.args(words).arg(&own);
            c
        }
        None => Command::new(&own),
    };
    if let Some(n) = opts.egdb_build {
        child.env("OWARE_LOAD_CHILD_EGDB_BUILD", n.to_string());
    }
    child
        .env("OWARE_LOAD_CHILD_DB", db)
        .env("OWARE_LOAD_CHILD_DIR", dir);
    common::spawn_server(child)
}

/// Signs an account up on `base`, then logs it in `per_s` times a second (each from a new
/// loopback address every 25 log-ins, so that the per-address limit does not refuse them)
/// until `deadline` or until the task is aborted at the end of the run; either way the
/// summary line is printed as the task ends.
async fn log_in_steadily(base: String, per_s: u32, deadline: Instant) {
    let body = json!({"name": "loadbench", "password": "a long enough password"});
    let signed = reqwest::Client::new()
        .post(format!("{base}/api/account/signup"))
        .json(&body)
        .send()
        .await;
    if !signed.is_ok_and(|r| r.status().is_success()) {
        println!("log-ins: the sign-up failed");
        return;
    }
    let summary = Latencies::new("log-ins");
    let mut every = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(per_s)));
    let mut k = 0u32;
    while Instant::now() < deadline {
        every.tick().await;
        k += 1;
        let n = k / 25;
        let ip = std::net::IpAddr::from([127, 2, (n / 250) as u8, (n % 250) as u8 + 1]);
        let (base, body, times) = (base.clone(), body.clone(), Arc::clone(&summary.times));
        tokio::spawn(async move {
            let Ok(client) = reqwest::Client::builder().local_address(ip).build() else {
                return;
            };
            let t = Instant::now();
            let r = client
                .post(format!("{base}/api/account/login"))
                .json(&body)
                .send()
                .await;
            if r.is_ok_and(|r| r.status().is_success()) {
                times
                    .lock()
                    .unwrap()
                    .push(t.elapsed().as_secs_f64() * 1000.0);
            }
        });
    }
}

/// Signs an account up on `base` (the sign-up logs it in), then asks for its games still going
/// (`GET /api/account/games`) `per_s` times a second with its session cookie until `deadline`
/// or until the task is aborted at the end of the run; either way the summary line is printed
/// as the task ends.
async fn list_account_games_steadily(base: String, per_s: u32, deadline: Instant) {
    let body = json!({"name": "loadreader", "password": "a long enough password"});
    let client = reqwest::Client::new();
    let signed = client
        .post(format!("{base}/api/account/signup"))
        .json(&body)
        .send()
        .await;
    let cookie = signed
        .ok()
        .filter(|r| r.status().is_success())
        .and_then(|r| {
            r.headers()
                .get_all("set-cookie")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .find_map(|c| c.split(';').next().map(String::from))
        });
    let Some(cookie) = cookie else {
        println!("account games: the sign-up failed");
        return;
    };
    let summary = Latencies::new("account game lists");
    let mut every = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(per_s)));
    while Instant::now() < deadline {
        every.tick().await;
        let (client, url, cookie) = (
            client.clone(),
            format!("{base}/api/account/games"),
            cookie.clone(),
        );
        let times = Arc::clone(&summary.times);
        tokio::spawn(async move {
            let t = Instant::now();
            let r = client.get(url).header("cookie", cookie).send().await;
            let Ok(r) = r else { return };
            if r.status().is_success() && r.bytes().await.is_ok() {
                times
                    .lock()
                    .unwrap()
                    .push(t.elapsed().as_secs_f64() * 1000.0);
            }
        });
    }
}

/// The timed requests of a kind made during the run; prints their line when dropped (the
/// task's end or abort).
struct Latencies {
    what: &'static str,
    times: Arc<Mutex<Vec<f64>>>,
    started: Instant,
}

impl Latencies {
    fn new(what: &'static str) -> Latencies {
        Latencies {
            what,
            times: Arc::new(Mutex::new(Vec::new())),
            started: Instant::now(),
        }
    }
}

impl Drop for Latencies {
    fn drop(&mut self) {
        let secs = self.started.elapsed().as_secs_f64();
        let mut v = self.times.lock().unwrap().clone();
        println!(
            "{} during the run: {} in {secs:.0} s ({:.1}/s), latency p50 {:.1} ms, p99 {:.1} ms",
            self.what,
            v.len(),
            v.len() as f64 / secs.max(1e-9),
            percentile(&mut v, 0.50),
            percentile(&mut v, 0.99)
        );
    }
}

/// The same allocator as the `oware` binary, for the server it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    if let Ok(db) = std::env::var("OWARE_LOAD_CHILD_DB") {
        child_server(&db);
        return;
    }
    let opts = Arc::new(parse_opts());
    let dir = std::env::temp_dir().join(format!("oware-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let sqlite = dir.join("games.sqlite");
    let db = match &opts.db {
        Some(url) => {
            let rt = tokio::runtime::Runtime::new().expect("runtime");
            rt.block_on(empty_pg(url));
            url.clone()
        }
        None => sqlite.display().to_string(),
    };
    // One at a time: the first applies the migrations, the others find them done.
    let (mut children, bases): (Vec<_>, Vec<_>) = (0..opts.instances)
        .map(|_| start_child(&opts, &db, &dir))
        .unzip();
    let pids: Vec<u32> = children.iter().map(std::process::Child::id).collect();
    println!(
        "{} server(s) (pid {:?}) on {} at {:?}; {} games vs {}, at most {} plies each, think {} ms",
        pids.len(),
        pids,
        if opts.db.is_some() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        bases,
        opts.games,
        if opts.online {
            "each other online"
        } else {
            opts.level.as_str()
        },
        opts.max_plies,
        opts.think.as_millis()
    );

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let stats = Arc::new(Mutex::new(Stats::default()));
    let bot_stats = Arc::new(Mutex::new(bots::BotStats::default()));
    let (fleet, bot_names, people) = if opts.bots.games > 0 {
        let t = Instant::now();
        let (fleet, names, people) = runtime.block_on(bots::setup(&bases[0], &opts.bots, &dir));
        println!(
            "bot games: {} people and {} bots signed up, their bridges connected, in {:.1} s (not timed)",
            people.len(),
            names.len(),
            t.elapsed().as_secs_f64()
        );
        (Some(Arc::new(fleet)), names, people)
    } else {
        (None, Vec::new(), Vec::new())
    };
    let started = Instant::now();
    let deadline = started + opts.deadline;
    let load_start = loadavg();
    let load_max = Arc::new(Mutex::new(load_start.unwrap_or(0.0)));
    let running = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let (load_max, running) = (Arc::clone(&load_max), Arc::clone(&running));
        let fleet = fleet.clone();
        std::thread::spawn(move || {
            while running.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_secs(1));
                if let Some(f) = &fleet {
                    f.sample();
                }
                if let Some(l) = loadavg() {
                    let mut m = load_max.lock().unwrap();
                    *m = m.max(l);
                }
            }
        })
    };
    runtime.block_on(async {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(opts.games)
            .build()
            .expect("client");
        let logins = (opts.logins_per_s > 0).then(|| {
            tokio::spawn(log_in_steadily(
                bases[0].clone(),
                opts.logins_per_s,
                deadline,
            ))
        });
        let lists = (opts.account_games_per_s > 0).then(|| {
            tokio::spawn(list_account_games_steadily(
                bases[0].clone(),
                opts.account_games_per_s,
                deadline,
            ))
        });
        let mut tasks = Vec::new();
        for g in 0..opts.games {
            let seed = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(g as u64 + 1);
            let home = bases[g % bases.len()].clone();
            let (c, o, st) = (client.clone(), Arc::clone(&opts), Arc::clone(&stats));
            tasks.push(if opts.online {
                let away = bases[(g + 1) % bases.len()].clone();
                let start = opts.ramp.mul_f64(g as f64 / opts.games as f64);
                tokio::spawn(async move {
                    tokio::time::sleep(start).await;
                    play_online(c, [home, away], o, seed, deadline, st).await
                })
            } else {
                tokio::spawn(play_game(c, home, o, seed, deadline, st))
            });
        }
        let mut bot_tasks = Vec::new();
        for (g, person) in people.into_iter().enumerate() {
            let seed = 0x2545_f491_4f6c_dd1du64.wrapping_mul(g as u64 + 1);
            let bot = bot_names[g % bot_names.len()].clone();
            let (base, st) = (bases[0].clone(), Arc::clone(&bot_stats));
            let (think, max_plies) = (opts.think, opts.max_plies);
            bot_tasks.push(tokio::spawn(bots::play(
                person, base, bot, think, max_plies, seed, deadline, st,
            )));
        }
        for t in tasks {
            match t.await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    // The error and its causes, without the game's address (the same kinds
                    // count together).
                    let mut what = String::new();
                    let mut cause: Option<&dyn std::error::Error> = Some(&e);
                    while let Some(c) = cause {
                        if !what.is_empty() {
                            what.push_str(": ");
                        }
                        what.push_str(&c.to_string());
                        cause = c.source();
                    }
                    let what = what.replace(e.url().map_or("", |u| u.as_str()), "URL");
                    stats.lock().unwrap().error(&what)
                }
                Err(e) => stats.lock().unwrap().error(&format!("a game's task: {e}")),
            }
        }
        for t in bot_tasks {
            let _ = t.await;
        }
        for task in [logins, lists].into_iter().flatten() {
            task.abort();
            let _ = task.await;
        }
    });
    let wall = started.elapsed().as_secs_f64();
    running.store(false, std::sync::atomic::Ordering::Relaxed);
    let _ = sampler.join();
    let fleet_lines = fleet.map_or_else(Vec::new, |f| match Arc::try_unwrap(f) {
        Ok(f) => f.finish(wall),
        Err(_) => vec!["bridges: still shared, not stopped".into()],
    });
    let load_end = loadavg();
    let peaks: Vec<Option<u64>> = pids.iter().map(|&p| peak_kib(p)).collect();
    let splits: Vec<Option<(f64, f64)>> = pids.iter().map(|&p| cpu_split(p)).collect();
    let cpus: Vec<Option<f64>> = splits.iter().map(|c| c.map(|(u, s)| u + s)).collect();
    // The load generator's own CPU (this process: its threads, not the servers).
    let own_cpu = cpu_s(std::process::id());
    let wrapped = std::env::var_os("OWARE_LOAD_SERVER_WRAPPER").is_some();
    for child in &mut children {
        if wrapped {
            // A wrapper (callgrind) writes its figures when the server ends by itself: ask it
            // to stop (SIGTERM: the server's graceful shutdown), then wait up to a minute.
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let until = Instant::now() + Duration::from_secs(60);
            while Instant::now() < until && matches!(child.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    let db_size = std::fs::metadata(&sqlite).map(|m| m.len()).unwrap_or(0)
        + std::fs::metadata(dir.join("games.sqlite-wal"))
            .map(|m| m.len())
            .unwrap_or(0);
    let _ = std::fs::remove_dir_all(&dir);
    let mut s = stats.lock().unwrap();
    let total = s.human_moves + s.computer_moves;
    let (p50, p99, max) = {
        let v = &mut s.move_ms;
        (
            percentile(v, 0.50),
            percentile(v, 0.99),
            v.last().copied().unwrap_or(f64::NAN),
        )
    };
    let (c50, c99) = {
        let v = &mut s.create_ms;
        (percentile(v, 0.50), percentile(v, 0.99))
    };
    println!(
        "games: {} started, {} finished, {} errors",
        opts.games, s.finished, s.errors
    );
    for (kind, n) in &s.error_kinds {
        println!("  error ×{n}: {kind}");
    }
    println!(
        "moves: {total} ({} yours, {} computer) in {wall:.1} s = {:.0} moves/s",
        s.human_moves,
        s.computer_moves,
        total as f64 / wall
    );
    println!("move request latency (stored + answered, no engine time): p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms");
    println!("new game latency: p50 {c50:.2} ms, p99 {c99:.2} ms");
    if opts.online {
        // Where the tail lies in time (a burst, a stall, or spread evenly): p99 per 10 s.
        let mut windows: Vec<Vec<f64>> = Vec::new();
        if let Some(first) = s.relay_sent.iter().min().copied() {
            for (sent, ms) in s.relay_sent.iter().zip(&s.relay_ms) {
                let w = (sent.duration_since(first).as_secs() / 10) as usize;
                if windows.len() <= w {
                    windows.resize_with(w + 1, Vec::new);
                }
                windows[w].push(*ms);
            }
        }
        let v = &mut s.relay_ms;
        let n = v.len();
        let (r50, r99) = (percentile(v, 0.50), percentile(v, 0.99));
        println!("relay (move sent -> the opponent's stream delivers it), {n} moves: p50 {r50:.2} ms, p99 {r99:.2} ms");
        let timeline: Vec<String> = windows
            .iter_mut()
            .enumerate()
            .filter(|(_, w)| !w.is_empty())
            .map(|(i, w)| format!("{}s {:.0}", i * 10, percentile(w, 0.99)))
            .collect();
        println!(
            "relay p99 (ms) per 10 s from the first move: {}",
            timeline.join(", ")
        );
        // The same by minute, p50 and p99: a tail that grows over the run shows here.
        let minutes: Vec<String> = windows
            .chunks_mut(6)
            .enumerate()
            .filter_map(|(i, ws)| {
                let mut m: Vec<f64> = ws.iter().flatten().copied().collect();
                (!m.is_empty()).then(|| {
                    let n = m.len();
                    format!(
                        "min {}: {n} moves, p50 {:.1}, p99 {:.1}",
                        i + 1,
                        percentile(&mut m, 0.50),
                        percentile(&mut m, 0.99)
                    )
                })
            })
            .collect();
        println!(
            "relay (ms) per minute from the first move: {}",
            minutes.join("; ")
        );
    }
    if opts.bots.games > 0 {
        bots::report(
            &mut bot_stats.lock().unwrap(),
            opts.bots.games,
            opts.bots.movetime_ms,
        );
        for line in &fleet_lines {
            println!("{line}");
        }
    }
    for (i, (split, peak)) in splits.iter().zip(&peaks).enumerate() {
        let cpu = match split {
            Some((user, system)) => format!(
                "CPU {:.1} s = {:.0} % of one core (user {user:.1} s, system {system:.1} s)",
                user + system,
                100.0 * (user + system) / wall
            ),
            None => "CPU unknown (no /proc)".into(),
        };
        let peak = match peak {
            Some(k) => format!("peak memory (VmHWM) {:.1} MiB", *k as f64 / 1024.0),
            None => "peak memory unknown (no /proc)".into(),
        };
        println!("server {}: {cpu}, {peak}", i + 1);
    }
    if opts.online && s.human_moves > 0 {
        // An upper bound: the servers' whole CPU time (start-up and creating the games
        // included) over the relayed moves.
        let all: f64 = cpus.iter().flatten().sum();
        println!(
            "server CPU per relayed move: {:.3} ms ({} moves, all servers, start-up and game creation included)",
            1e3 * all / s.human_moves as f64,
            s.human_moves
        );
    }
    if let Some(c) = own_cpu {
        println!(
            "load generator: CPU {c:.1} s = {:.0} % of one core",
            100.0 * c / wall
        );
    }
    let load = |l: Option<f64>| l.map_or("?".to_string(), |l| format!("{l:.2}"));
    println!(
        "machine load average (1 min): {} at start, {:.2} at most during the run, {} at the end",
        load(load_start),
        *load_max.lock().unwrap(),
        load(load_end)
    );
    if opts.db.is_none() {
        println!("database: {:.1} MiB", db_size as f64 / 1048576.0);
    }
}
