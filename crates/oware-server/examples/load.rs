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
//! latency, peak memory and the server's CPU time.
//!
//! ```text
//! cargo run --release -p oware-server --example load -- --online --games 1000 --think-ms 3000 --max-plies 60
//! ```
//!
//! 1,000 games need about 4,000 sockets on this machine (client and server side): raise
//! `ulimit -n` first if it is 1024.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Opts {
    games: usize,
    max_plies: usize,
    level: String,
    deadline: Duration,
    think: Duration,
    egdb_build: Option<u8>,
    online: bool,
    clock: Option<(u64, u64)>,
}

fn parse_opts() -> Opts {
    let mut o = Opts {
        games: 500,
        max_plies: 400,
        level: "easy".into(),
        deadline: Duration::from_secs(300),
        think: Duration::from_millis(1000),
        egdb_build: None,
        online: false,
        clock: Some((600, 5)),
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
            "--online" => {
                o.online = true;
                i += 1;
                continue;
            }
            other => panic!("unknown option {other} (expected --games, --max-plies, --level, --deadline, --think-ms, --egdb-build, --online, --clock)"),
        }
        i += 2;
    }
    o
}

fn child_server(db: &str) {
    let build = std::env::var("OWARE_LOAD_CHILD_EGDB_BUILD")
        .ok()
        .and_then(|n| n.parse().ok());
    let db = std::path::PathBuf::from(db);
    let config = oware_server::ServerConfig {
        port: 0,
        egdb_dir: build.and(db.parent().map(|d| d.join("egdb"))),
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
    create_ms: Vec<f64>,
    human_moves: u64,
    computer_moves: u64,
    finished: u64,
    errors: u64,
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i]
}

/// The server's user + system CPU time in seconds.
fn cpu_s(pid: u32) -> Option<f64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
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
    let t = Instant::now();
    let r: Value = client
        .post(format!("{base}/api/games"))
        .json(&json!({ "opponent": level }))
        .send()
        .await?
        .json()
        .await?;
    stats
        .lock()
        .unwrap()
        .create_ms
        .push(t.elapsed().as_secs_f64() * 1e3);
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
            s.errors += 1;
            return Ok(());
        }
    }
    Ok(())
}

/// A random legal move of the state's side to move (the server's `pits_info`), after a
/// person's think time (50% to 150% of `think`); `None` when there is none.
async fn pick_and_think(state: &Value, rng: &mut u64, think: Duration) -> Option<String> {
    let legal: Vec<&str> = state["pits_info"]
        .as_array()?
        .iter()
        .filter(|p| p["legal"] == true)
        .filter_map(|p| p["letter"].as_str())
        .collect();
    if legal.is_empty() {
        return None;
    }
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    let mv = legal[(*rng % legal.len() as u64) as usize].to_string();
    if !think.is_zero() {
        tokio::time::sleep(think.mul_f64(0.5 + (*rng % 1000) as f64 / 1000.0)).await;
    }
    Some(mv)
}

/// One player's event stream: `update` events' states, read as they come.
struct Stream {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl Stream {
    async fn open(client: &reqwest::Client, url: String) -> Result<Stream, reqwest::Error> {
        let resp = client.get(url).send().await?.error_for_status()?;
        Ok(Stream {
            resp,
            buf: Vec::new(),
        })
    }

    /// The next `update` event's state (other events skipped); `None` when the stream ended.
    async fn next_state(&mut self) -> Result<Option<Value>, reqwest::Error> {
        loop {
            if let Some(end) = self.buf.windows(2).position(|w| w == b"\n\n") {
                let block: Vec<u8> = self.buf.drain(..end + 2).collect();
                let block = String::from_utf8_lossy(&block);
                let mut update = false;
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        update = v.trim() == "update";
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if update {
                    if let Ok(v) = serde_json::from_str::<Value>(&data) {
                        return Ok(Some(v["state"].clone()));
                    }
                }
                continue;
            }
            match self.resp.chunk().await? {
                Some(c) => self.buf.extend_from_slice(&c),
                None => return Ok(None),
            }
        }
    }

    /// Reads until a state at `ply` or later; answers when it arrived.
    async fn until_ply(&mut self, ply: u64) -> Result<Option<(Instant, Value)>, reqwest::Error> {
        while let Some(st) = self.next_state().await? {
            if st["ply"].as_u64().unwrap_or(0) >= ply {
                return Ok(Some((Instant::now(), st)));
            }
        }
        Ok(None)
    }
}

/// One online game between two simulated people, each holding the game's event stream.
async fn play_online(
    client: reqwest::Client,
    base: String,
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
    let t = Instant::now();
    let r: Value = client
        .post(format!("{base}/api/games"))
        .json(&json!({ "opponent": "online", "clock": clock, "color": "S", "name": "South" }))
        .send()
        .await?
        .json()
        .await?;
    stats
        .lock()
        .unwrap()
        .create_ms
        .push(t.elapsed().as_secs_f64() * 1e3);
    let (Some(id), Some(south)) = (r["id"].as_str(), r["token"].as_str()) else {
        stats.lock().unwrap().errors += 1;
        return Ok(());
    };
    let id = id.to_string();
    let joined: Value = client
        .post(format!("{base}/api/games/{id}/join"))
        .json(&json!({ "name": "North" }))
        .send()
        .await?
        .json()
        .await?;
    let Some(north) = joined["token"].as_str() else {
        stats.lock().unwrap().errors += 1;
        return Ok(());
    };
    let tokens = [south.to_string(), north.to_string()];
    let mut streams = Vec::new();
    for token in &tokens {
        let k: Value = client
            .post(format!("{base}/api/games/{id}/presence"))
            .header("x-seat-token", token)
            .send()
            .await?
            .json()
            .await?;
        let key = k["key"].as_str().unwrap_or_default();
        streams.push(
            Stream::open(
                &client,
                format!("{base}/api/games/{id}/events?presence={key}"),
            )
            .await?,
        );
    }
    let mut state = joined["state"].clone();
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
        let mv = &mv;
        let mover = usize::from(state["position"]["turn"] == "N");
        let t = Instant::now();
        let resp = client
            .post(format!("{base}/api/games/{id}/moves"))
            .header("x-seat-token", &tokens[mover])
            .json(&json!({ "move": mv }))
            .send()
            .await?;
        let ok = resp.status().is_success();
        let body: Value = resp.json().await?;
        let answered = t.elapsed().as_secs_f64() * 1e3;
        if !ok {
            stats.lock().unwrap().errors += 1;
            return Ok(());
        }
        // The opponent's stream delivers the move: the relay. The mover's own stream gets the
        // same event; read it too so that neither stream backs up.
        let Some((at, next)) = streams[1 - mover].until_ply(ply + 1).await? else {
            stats.lock().unwrap().errors += 1;
            return Ok(());
        };
        let relay = at.duration_since(t).as_secs_f64() * 1e3;
        if streams[mover].until_ply(ply + 1).await?.is_none() {
            stats.lock().unwrap().errors += 1;
            return Ok(());
        }
        {
            let mut s = stats.lock().unwrap();
            s.move_ms.push(answered);
            s.relay_ms.push(relay);
            s.human_moves += 1;
        }
        state = if next["ply"] == body["state"]["ply"] {
            body["state"].clone()
        } else {
            next
        };
    }
    Ok(())
}

fn main() {
    if let Ok(db) = std::env::var("OWARE_LOAD_CHILD_DB") {
        child_server(&db);
        return;
    }
    let opts = Arc::new(parse_opts());
    let dir = std::env::temp_dir().join(format!("oware-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("games.sqlite");
    let mut child = Command::new(std::env::current_exe().expect("own path"));
    if let Some(n) = opts.egdb_build {
        child.env("OWARE_LOAD_CHILD_EGDB_BUILD", n.to_string());
    }
    let mut child = child
        .env("OWARE_LOAD_CHILD_DB", &db)
        .stdout(Stdio::piped())
        .spawn()
        .expect("server starts");
    let pid = child.id();
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("server prints its address");
    let addr = line
        .trim()
        .strip_prefix("LISTENING ")
        .expect("LISTENING addr")
        .to_string();
    let base = format!("http://{addr}");
    println!(
        "server pid {pid} on {base}; {} games vs {}, at most {} plies each, think {} ms",
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
    let started = Instant::now();
    let deadline = started + opts.deadline;
    runtime.block_on(async {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(opts.games)
            .build()
            .expect("client");
        let mut tasks = Vec::new();
        for g in 0..opts.games {
            let play = if opts.online {
                |c, b, o, s, d, st| tokio::spawn(play_online(c, b, o, s, d, st))
            } else {
                |c, b, o, s, d, st| tokio::spawn(play_game(c, b, o, s, d, st))
            };
            tasks.push(play(
                client.clone(),
                base.clone(),
                Arc::clone(&opts),
                0x9e37_79b9_7f4a_7c15u64.wrapping_mul(g as u64 + 1),
                deadline,
                Arc::clone(&stats),
            ));
        }
        for t in tasks {
            if !matches!(t.await, Ok(Ok(()))) {
                stats.lock().unwrap().errors += 1;
            }
        }
    });
    let wall = started.elapsed().as_secs_f64();
    let peak = peak_kib(pid);
    let cpu = cpu_s(pid);
    let _ = child.kill();
    let _ = child.wait();
    let db_size = std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0)
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
    println!(
        "moves: {total} ({} yours, {} computer) in {wall:.1} s = {:.0} moves/s",
        s.human_moves,
        s.computer_moves,
        total as f64 / wall
    );
    println!("move request latency (stored + answered, no engine time): p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms");
    println!("new game latency: p50 {c50:.2} ms, p99 {c99:.2} ms");
    if opts.online {
        let v = &mut s.relay_ms;
        let n = v.len();
        let (r50, r99) = (percentile(v, 0.50), percentile(v, 0.99));
        println!("relay (move sent -> the opponent's stream delivers it), {n} moves: p50 {r50:.2} ms, p99 {r99:.2} ms");
    }
    if let Some(c) = cpu {
        println!(
            "server CPU: {c:.1} s in {wall:.1} s = {:.0} % of one core",
            100.0 * c / wall
        );
    }
    match peak {
        Some(k) => println!("server peak memory (VmHWM): {:.1} MiB", k as f64 / 1024.0),
        None => println!("server peak memory: unknown (no /proc)"),
    }
    println!("database: {:.1} MiB", db_size as f64 / 1048576.0);
}
