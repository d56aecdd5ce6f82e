//! The load example's bot games (`--bot-games N`, only `load.rs` uses this file): real
//! `oware bot` processes bridging real `oware uci` engines, each game against a simulated
//! person who plays through the page's API.
//!
//! Set up before the timed run: `--bridges K` bot accounts and one person account a game
//! (sign-ups from a new loopback address every 20, as the server allows 20 a client an hour;
//! tokens; the bots' upgrade), then K `oware bot` processes (one engine process a game,
//! `oware uci --hash H` with an empty endgame folder, unclocked games at `go movetime M`),
//! each waited for until it says it is connected. In the run each person opens its account's
//! event stream (a token with `challenge:read`), challenges its bot to a casual game without a
//! clock as South, takes the seat, holds the game's event stream (with its presence key) as the
//! page does, and plays a random legal move after its think time; the figure is the bot's reply:
//! from sending the person's move to the person's stream delivering the bot's move (the engine's
//! movetime, the bridge, two relays).
//!
//! Each person plays its bot games one after the other until the run's deadline (or a game
//! reaches `--max-plies`), so that N games are going on all through the run, each new game
//! starting an engine process.
//!
//! The bridges' and the engines' CPU time and memory come from `/proc`: each bridge's own, and
//! the engines (the bridges' child processes) sampled every second by [`Fleet::sample`] (their
//! memory as PSS, the shared pages of the program divided among them).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oware_protocol::{AccountEvent, DeclineReason};
use serde_json::{json, Value};

use crate::common::Stream;

/// The accounts' password.
const PASSWORD: &str = "a long enough password";
/// Sign-ups a loopback address makes before the next one is used (the server allows 20 an hour).
const SIGN_UPS_PER_ADDRESS: usize = 20;
/// How long a person waits for the bot to accept the challenge and the game to start.
const START_WAIT: Duration = Duration::from_secs(120);

/// The bot games' settings.
pub struct BotOpts {
    /// Bot games played at once.
    pub games: usize,
    /// `oware bot` processes (bot accounts); 0: one a 50 games.
    pub bridges: usize,
    /// The engines' `go movetime`, ms.
    pub movetime_ms: u64,
    /// The engines' hash table, MB.
    pub hash_mb: usize,
    /// The `oware` program (default: beside this example's folder, the same build).
    pub oware: PathBuf,
}

impl BotOpts {
    /// No bot games; `oware` beside the examples' folder (`target/release/oware`).
    pub fn new() -> BotOpts {
        let oware = std::env::current_exe()
            .ok()
            .and_then(|p| Some(p.parent()?.parent()?.join("oware")))
            .unwrap_or_else(|| PathBuf::from("oware"));
        BotOpts {
            games: 0,
            bridges: 0,
            movetime_ms: 50,
            hash_mb: 4,
            oware,
        }
    }

    /// The number of bridges: as given, else one a 50 games; each holds at most 64 games.
    fn bridge_count(&self) -> usize {
        let n = if self.bridges == 0 {
            self.games.div_ceil(50)
        } else {
            self.bridges
        };
        n.max(self.games.div_ceil(64)).max(1)
    }
}

/// What the bot games did.
#[derive(Default)]
pub struct BotStats {
    /// Person's move sent -> the bot's reply delivered on the person's stream, ms.
    pub reply_ms: Vec<f64>,
    /// The person's move requests, ms.
    pub move_ms: Vec<f64>,
    /// Challenge sent -> the game started (the bridge accepted it), ms.
    pub start_ms: Vec<f64>,
    /// Moves by the people and by the bots.
    pub person_moves: u64,
    pub bot_moves: u64,
    /// Games started, and played to their end.
    pub started: u64,
    pub finished: u64,
    /// Challenges declined "later" (and made again).
    pub declined_later: u64,
    /// Games that failed, and the first few reasons.
    pub errors: u64,
    pub error_samples: Vec<String>,
}

impl BotStats {
    fn error(&mut self, why: String) {
        self.errors += 1;
        if self.error_samples.len() < 8 {
            self.error_samples.push(why);
        }
    }
}

/// A person's account: its own client (bound to the loopback address it signed up from), its
/// session cookie and a token for its event stream.
pub struct Person {
    client: reqwest::Client,
    cookie: String,
    token: String,
}

/// One running `oware bot`.
struct Bridge {
    child: Child,
    name: String,
    connected: Arc<AtomicBool>,
    warnings: Arc<AtomicU64>,
    samples: Arc<Mutex<Vec<String>>>,
}

/// The engines seen by the sampler: each one's last CPU time (s), and the peaks.
#[derive(Default)]
struct Engines {
    cpu_s: HashMap<u32, f64>,
    peak_count: usize,
    peak_pss_kib: u64,
}

/// The running bridges.
pub struct Fleet {
    bridges: Vec<Bridge>,
    engines: Mutex<Engines>,
}

/// Answers with `status` that say "later" (the server's hashing queue, a limit): try again.
fn busy(status: u16) -> bool {
    status == 429 || status == 503
}

/// `POST base/path` with a JSON body and the cookie or token given, retried while the server
/// says it is busy: the status and the body.
async fn post(
    client: &reqwest::Client,
    url: String,
    body: Value,
    cookie: Option<&str>,
    bearer: Option<&str>,
) -> Result<(u16, Value), String> {
    for _ in 0..60 {
        let mut r = client.post(&url).json(&body);
        if let Some(c) = cookie {
            r = r.header("cookie", c);
        }
        if let Some(t) = bearer {
            r = r.bearer_auth(t);
        }
        let resp = r.send().await.map_err(|e| format!("{url}: {e}"))?;
        let status = resp.status().as_u16();
        let wait = resp
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
            .unwrap_or(1);
        let v: Value = resp.json().await.unwrap_or(Value::Null);
        if !busy(status) {
            return Ok((status, v));
        }
        tokio::time::sleep(Duration::from_secs(wait.clamp(1, 10))).await;
    }
    Err(format!("{url}: the server stayed busy"))
}

/// Signs `name` up with `client`: its session cookie (`oware_session=…`).
async fn sign_up(client: &reqwest::Client, base: &str, name: &str) -> Result<String, String> {
    let url = format!("{base}/api/account/signup");
    for _ in 0..60 {
        let resp = client
            .post(&url)
            .json(&json!({ "name": name, "password": PASSWORD }))
            .send()
            .await
            .map_err(|e| format!("sign-up: {e}"))?;
        let status = resp.status().as_u16();
        if busy(status) {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        }
        if !resp.status().is_success() {
            return Err(format!("sign-up of {name}: HTTP {status}"));
        }
        return resp
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|c| {
                c.split(';')
                    .next()
                    .filter(|c| c.starts_with("oware_session="))
            })
            .map(String::from)
            .ok_or_else(|| "sign-up: no session cookie".to_string());
    }
    Err(format!("sign-up of {name}: the server stayed busy"))
}

/// A token of the account with `cookie`, with `scopes`.
async fn token(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    scopes: &[&str],
) -> Result<String, String> {
    let body = json!({ "description": "load", "scopes": scopes });
    let url = format!("{base}/api/account/tokens");
    let (status, v) = post(client, url, body, Some(cookie), None).await?;
    v["token"]
        .as_str()
        .map(String::from)
        .ok_or_else(|| format!("token: HTTP {status} {v}"))
}

/// The account `k`-th made in a run: its client, bound to the loopback address its sign-up
/// comes from.
fn client_for(k: usize) -> reqwest::Client {
    let n = k / SIGN_UPS_PER_ADDRESS;
    let ip = std::net::IpAddr::from([127, 3, (n / 250) as u8, (n % 250) as u8 + 1]);
    reqwest::Client::builder()
        .local_address(ip)
        .build()
        .expect("a client")
}

/// Makes the accounts (two sign-ups at a time: each is an Argon2id hash), starts the bridges
/// and waits until each says it is connected: the fleet, the bots' names and the people.
pub async fn setup(base: &str, opts: &BotOpts, dir: &Path) -> (Fleet, Vec<String>, Vec<Person>) {
    let k = opts.bridge_count();
    // A margin over the games each bridge gets: a game that just ended is counted until its
    // task has stopped the engine, and its person challenges again at once.
    let max_games = (opts.games.div_ceil(k) * 5 / 4 + 1).min(64);
    let mut bots = Vec::new();
    for b in 0..k {
        let client = client_for(b);
        let name = format!("loadbot{}", b + 1);
        let cookie = sign_up(&client, base, &name)
            .await
            .expect("a bot's sign-up");
        let scopes = ["bot:play", "challenge:read", "challenge:write"];
        let token = token(&client, base, &cookie, &scopes)
            .await
            .expect("a bot's token");
        let url = format!("{base}/api/bot/account/upgrade");
        let (status, v) = post(&client, url, json!({}), None, Some(&token))
            .await
            .expect("the upgrade");
        assert_eq!(status, 200, "the upgrade: {v}");
        bots.push((name, token));
    }
    let people = Arc::new(Mutex::new(HashMap::new()));
    let mut workers = Vec::new();
    for w in 0..2 {
        let (base, people) = (base.to_string(), Arc::clone(&people));
        let games = opts.games;
        workers.push(tokio::spawn(async move {
            for g in (w..games).step_by(2) {
                let client = client_for(k + g);
                let name = format!("person{}", g + 1);
                let cookie = sign_up(&client, &base, &name).await.expect("a sign-up");
                let token = token(&client, &base, &cookie, &["challenge:read"])
                    .await
                    .expect("a person's token");
                people.lock().unwrap().insert(
                    g,
                    Person {
                        client,
                        cookie,
                        token,
                    },
                );
            }
        }));
    }
    for w in workers {
        w.await.expect("the sign-ups");
    }
    let mut people = std::mem::take(&mut *people.lock().unwrap());
    let people: Vec<Person> = (0..opts.games)
        .map(|g| people.remove(&g).expect("each person"))
        .collect();
    let no_egdb = dir.join("no-egdb");
    std::fs::create_dir_all(&no_egdb).expect("an empty endgame folder");
    let engine = format!(
        "'{}' uci --hash {} --egdb-path '{}'",
        opts.oware.display(),
        opts.hash_mb,
        no_egdb.display()
    );
    let config = format!(
        "[challenge]\nunclocked = true\nmax_games = {max_games}\n\
         [engine]\nunclocked_movetime_ms = {}\n[game]\nclaim_victory = false\n",
        opts.movetime_ms
    );
    let mut bridges = Vec::new();
    for (name, token) in &bots {
        let token_file = dir.join(format!("{name}.token"));
        std::fs::write(&token_file, format!("{token}\n")).expect("the token file");
        let config_file = dir.join(format!("{name}.toml"));
        std::fs::write(&config_file, &config).expect("the config file");
        let mut child = Command::new(&opts.oware)
            .args(["bot", "--server", base, "--engine", &engine])
            .arg("--token-file")
            .arg(&token_file)
            .arg("--config")
            .arg(&config_file)
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{} bot: {e}", opts.oware.display()));
        let (connected, warnings) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicU64::new(0)),
        );
        let samples = Arc::new(Mutex::new(Vec::new()));
        let lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        {
            let (connected, warnings, samples) = (
                Arc::clone(&connected),
                Arc::clone(&warnings),
                Arc::clone(&samples),
            );
            std::thread::spawn(move || {
                for line in lines.map_while(Result::ok) {
                    if line.contains(" connected") {
                        connected.store(true, Ordering::Relaxed);
                    }
                    if line.contains("WARN") || line.contains("ERROR") {
                        warnings.fetch_add(1, Ordering::Relaxed);
                        let mut s = samples.lock().unwrap();
                        if s.len() < 5 {
                            s.push(line.chars().take(300).collect());
                        }
                    }
                }
            });
        }
        bridges.push(Bridge {
            child,
            name: name.clone(),
            connected,
            warnings,
            samples,
        });
    }
    let until = Instant::now() + Duration::from_secs(60);
    while !bridges.iter().all(|b| b.connected.load(Ordering::Relaxed)) {
        assert!(
            Instant::now() < until,
            "the bridges did not connect in a minute"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let names = bots.into_iter().map(|(n, _)| n).collect();
    let fleet = Fleet {
        bridges,
        engines: Mutex::new(Engines::default()),
    };
    (fleet, names, people)
}

/// The next line of an NDJSON answer (keep-alive lines skipped); `None` when it ended.
async fn next_line(resp: &mut reqwest::Response, buf: &mut Vec<u8>) -> Option<String> {
    loop {
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buf.drain(..=i).collect();
            let line = String::from_utf8_lossy(&line).trim().to_string();
            if !line.is_empty() {
                return Some(line);
            }
            continue;
        }
        buf.extend_from_slice(&resp.chunk().await.ok()??);
        if buf.len() > 1 << 20 {
            return None;
        }
    }
}

/// A random legal move of the person's, after its think time.
async fn pick(state: &Value, rng: &mut u64, think: Duration) -> Option<String> {
    crate::pick_and_think(state, rng, think).await
}

/// Person `person`'s bot games: it challenges `bot` and plays South to the end, then again
/// (so that the games are at once all through the run), until `deadline`, a game reaches
/// `max_plies`, or an error.
#[allow(clippy::too_many_arguments)]
pub async fn play(
    person: Person,
    base: String,
    bot: String,
    think: Duration,
    max_plies: usize,
    seed: u64,
    deadline: Instant,
    stats: Arc<Mutex<BotStats>>,
) {
    // People arrive spread over one think time.
    if !think.is_zero() {
        tokio::time::sleep(think.mul_f64((seed % 1000) as f64 / 1000.0)).await;
    }
    let mut seed = seed;
    loop {
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let play = play_inner(&person, &base, &bot, think, max_plies, seed, &stats);
        match tokio::time::timeout_at(deadline.into(), play).await {
            Ok(Ok(true)) => continue,
            Ok(Ok(false)) | Err(_) => return,
            Ok(Err(why)) => return stats.lock().unwrap().error(why),
        }
    }
}

async fn play_inner(
    p: &Person,
    base: &str,
    bot: &str,
    think: Duration,
    max_plies: usize,
    seed: u64,
    stats: &Mutex<BotStats>,
) -> Result<bool, String> {
    let mut events = p
        .client
        .get(format!("{base}/api/stream/event"))
        .bearer_auth(&p.token)
        .send()
        .await
        .map_err(|e| format!("the event stream: {e}"))?;
    if !events.status().is_success() {
        return Err(format!("the event stream: HTTP {}", events.status()));
    }
    let asked = Instant::now();
    let mut buf = Vec::new();
    let mut later = 0;
    let id = loop {
        match challenge(p, base, bot, &mut events, &mut buf).await? {
            Some(id) => break id,
            // Declined "later": the bridge still counts a game that just ended.
            None if later < 20 => {
                later += 1;
                stats.lock().unwrap().declined_later += 1;
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            None => return Err("declined \"later\" 20 times".into()),
        }
    };
    drop(events);
    {
        let mut s = stats.lock().unwrap();
        s.started += 1;
        s.start_ms.push(asked.elapsed().as_secs_f64() * 1e3);
    }
    let url = format!("{base}/api/games/{id}/seat");
    let (status, seat) = post(&p.client, url, json!({}), Some(&p.cookie), None).await?;
    let Some(seat_token) = seat["token"].as_str() else {
        return Err(format!("the seat: HTTP {status} {seat}"));
    };
    let url = format!("{base}/api/games/{id}/presence");
    let k: Value = p
        .client
        .post(url)
        .header("x-seat-token", seat_token)
        .send()
        .await
        .map_err(|e| format!("presence: {e}"))?
        .json()
        .await
        .map_err(|e| format!("presence: {e}"))?;
    let key = k["key"].as_str().unwrap_or_default();
    let req = p
        .client
        .get(format!("{base}/api/games/{id}/events?presence={key}"));
    let mut stream = Stream::open(req)
        .await
        .map_err(|e| format!("the game's stream: {e}"))?;
    let mut state = seat["state"].clone();
    let mut rng = seed | 1;
    loop {
        if !state["online"]["end"].is_null() || state["online"]["status"] == "over" {
            stats.lock().unwrap().finished += 1;
            return Ok(true);
        }
        let ply = state["ply"].as_u64().unwrap_or(0);
        if ply as usize >= max_plies {
            return Ok(false);
        }
        if state["position"]["turn"] != "S" {
            // The bot's turn (after a state that was not the reply awaited below).
            let Some((_, next)) = stream.until_ply(ply + 1).await.map_err(|e| e.to_string())?
            else {
                return Err("the game's stream ended".into());
            };
            state = next;
            continue;
        }
        let Some(mv) = pick(&state, &mut rng, think).await else {
            return Ok(false);
        };
        let t = Instant::now();
        let resp = p
            .client
            .post(format!("{base}/api/games/{id}/moves"))
            .header("x-seat-token", seat_token)
            .json(&json!({ "move": mv }))
            .send()
            .await
            .map_err(|e| format!("a move: {e}"))?;
        let status = resp.status();
        let answered = t.elapsed().as_secs_f64() * 1e3;
        let body: Value = resp.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            return Err(format!("a move: HTTP {status} {body}"));
        }
        {
            let mut s = stats.lock().unwrap();
            s.move_ms.push(answered);
            s.person_moves += 1;
        }
        let after = &body["state"];
        if !after["online"]["end"].is_null() || after["online"]["status"] == "over" {
            state = after.clone();
            continue;
        }
        // The bot's reply, or the end of the game on the person's move.
        let Some((at, next)) = stream.until_ply(ply + 2).await.map_err(|e| e.to_string())? else {
            return Err("the game's stream ended".into());
        };
        let mut s = stats.lock().unwrap();
        s.reply_ms.push(at.duration_since(t).as_secs_f64() * 1e3);
        s.bot_moves += 1;
        state = next;
    }
}

/// Challenges `bot` and waits on the person's `events` for the answer: the game's id, `None`
/// when declined "later".
async fn challenge(
    p: &Person,
    base: &str,
    bot: &str,
    events: &mut reqwest::Response,
    buf: &mut Vec<u8>,
) -> Result<Option<String>, String> {
    let body = json!({ "rated": false, "clock": null, "side": "south" });
    let url = format!("{base}/api/challenge/{bot}");
    let mut tries = 0;
    loop {
        let (status, v) = post(&p.client, url.clone(), body.clone(), Some(&p.cookie), None).await?;
        if status == 200 || status == 201 {
            break;
        }
        // Too many open challenges to this bot: the others are being answered.
        tries += 1;
        if tries > 60 {
            return Err(format!("the challenge: HTTP {status} {v}"));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    tokio::time::timeout(START_WAIT, async {
        while let Some(line) = next_line(events, buf).await {
            match serde_json::from_str::<AccountEvent>(&line) {
                Ok(AccountEvent::GameStart { game }) => return Ok(Some(game.id)),
                Ok(AccountEvent::ChallengeDeclined { challenge }) => {
                    if challenge.decline_reason == Some(DeclineReason::Later) {
                        return Ok(None);
                    }
                    return Err(format!("declined: {:?}", challenge.decline_reason));
                }
                Ok(AccountEvent::ChallengeCanceled { .. }) => {
                    return Err("the challenge lapsed".to_string())
                }
                _ => {}
            }
        }
        Err("the event stream ended".to_string())
    })
    .await
    .map_err(|_| "no game started in two minutes".to_string())?
}

/// A process's user + system CPU time (s) and its parent's pid.
fn proc_stat(pid: u32) -> Option<(f64, u32)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    let ppid = f.get(1)?.parse().ok()?;
    Some((ticks / 100.0, ppid))
}

/// A process's proportional share of memory (PSS, KiB: the pages it shares with other
/// processes, such as the program's own, divided among them), so that the sum over the
/// engines is the memory they take.
fn pss_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    s.lines()
        .find(|l| l.starts_with("Pss:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

impl Fleet {
    /// Looks at every process once: the bridges' children are the engines (their CPU time
    /// kept by pid, their count and memory summed for the peaks).
    pub fn sample(&self) {
        let pids: Vec<u32> = self.bridges.iter().map(|b| b.child.id()).collect();
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return;
        };
        let (mut count, mut rss) = (0, 0);
        let mut e = self.engines.lock().unwrap();
        for entry in dir.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            if let Some((cpu, ppid)) = proc_stat(pid) {
                if pids.contains(&ppid) {
                    e.cpu_s.insert(pid, cpu);
                    count += 1;
                    rss += pss_kib(pid).unwrap_or(0);
                }
            }
        }
        e.peak_count = e.peak_count.max(count);
        e.peak_pss_kib = e.peak_pss_kib.max(rss);
    }

    /// The bridges' and engines' figures over `wall` seconds (lines to print), read before the
    /// bridges are stopped (SIGINT: their engines get `quit`) and waited for.
    pub fn finish(mut self, wall: f64) -> Vec<String> {
        let mut out = Vec::new();
        self.sample();
        let mut bridge_cpu = 0.0;
        let mut bridge_peak = 0;
        for b in &self.bridges {
            bridge_cpu += proc_stat(b.child.id()).map_or(0.0, |s| s.0);
            bridge_peak = bridge_peak.max(crate::peak_kib(b.child.id()).unwrap_or(0));
        }
        let e = self.engines.lock().unwrap();
        let engine_cpu: f64 = e.cpu_s.values().sum();
        out.push(format!(
            "bridges: {} `oware bot`, CPU {bridge_cpu:.1} s = {:.0} % of one core, largest peak memory (VmHWM) {:.1} MiB",
            self.bridges.len(),
            100.0 * bridge_cpu / wall,
            bridge_peak as f64 / 1024.0
        ));
        out.push(format!(
            "engines: {} `oware uci` seen, CPU {engine_cpu:.1} s = {:.0} % of one core (sampled each second), at most {} at once taking {:.1} MiB in all (PSS)",
            e.cpu_s.len(),
            100.0 * engine_cpu / wall,
            e.peak_count,
            e.peak_pss_kib as f64 / 1024.0
        ));
        drop(e);
        for b in &mut self.bridges {
            let _ = Command::new("kill")
                .args(["-INT", &b.child.id().to_string()])
                .status();
        }
        for b in &mut self.bridges {
            let until = Instant::now() + Duration::from_secs(30);
            while Instant::now() < until && matches!(b.child.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = b.child.kill();
            let _ = b.child.wait();
            let warnings = b.warnings.load(Ordering::Relaxed);
            if warnings > 0 {
                out.push(format!(
                    "{}: {warnings} warnings in its log, first:",
                    b.name
                ));
                for s in b.samples.lock().unwrap().iter() {
                    out.push(format!("  {s}"));
                }
            }
        }
        out
    }
}

/// Prints the bot games' lines.
pub fn report(s: &mut BotStats, wanted: usize, movetime_ms: u64) {
    let pc = crate::percentile;
    println!(
        "bot games: {wanted} at once, {} started, {} finished, {} errors, {} challenges declined \"later\" and made again; moves {} (people {}, bots {})",
        s.started,
        s.finished,
        s.errors,
        s.declined_later,
        s.person_moves + s.bot_moves,
        s.person_moves,
        s.bot_moves
    );
    println!(
        "bot games: the bot's reply (person's move sent -> the bot's move on the person's stream; movetime {movetime_ms} ms): p50 {:.1} ms, p99 {:.1} ms; the person's move request p50 {:.2} ms, p99 {:.2} ms; challenge -> game start p50 {:.1} ms, p99 {:.1} ms",
        pc(&mut s.reply_ms, 0.5),
        pc(&mut s.reply_ms, 0.99),
        pc(&mut s.move_ms, 0.5),
        pc(&mut s.move_ms, 0.99),
        pc(&mut s.start_ms, 0.5),
        pc(&mut s.start_ms, 0.99),
    );
    for e in &s.error_samples {
        println!("  bot game error: {e}");
    }
}
