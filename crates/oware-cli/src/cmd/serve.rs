//! `oware serve`: hosts the web game.

use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use oware_server::{Recurring, ServerConfig, TournamentConfig};

/// Arguments of `oware serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, short, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Where the games are kept: a SQLite file (created on first start; one server per file),
    /// or a PostgreSQL URL `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` (several `oware serve`
    /// instances may share it; see docs/deploy.md).
    #[arg(long, env = "OWARE_DATABASE_URL", default_value = "oware.sqlite")]
    pub db: PathBuf,
    /// The smallest initial time, in seconds, an online game's clock may have.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=10_800))]
    pub min_clock_s: u64,
    /// With several instances on one database: how long, in seconds, an instance's claim on
    /// work done once (the computer's reply, the clocks resumed at start) holds before another
    /// instance takes it over, in case the claimer died. A reply takes a few seconds at most.
    #[arg(long, value_name = "SECONDS", default_value_t = 15,
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub work_lease: u64,
    /// With several instances on one database: how long, in seconds, a review's claim holds
    /// unrenewed (the instance running it renews it every third of that); a review asked on an
    /// instance whose claimer died runs there once it has run out.
    #[arg(long, value_name = "SECONDS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub review_lease: u64,
    /// Let bot accounts join the quick-pairing pools, which are meant for people (by default
    /// bots play by challenge only; see docs/bots.md).
    #[arg(long)]
    pub bots_in_pools: bool,
    /// Run the computer's levels as bot accounts that the server plays itself, e.g.
    /// `--house-bots easy,medium,hard,expert`: they take a lone player's seat in the pools,
    /// accept challenges and are rated (docs/bots.md, "House bots").
    #[arg(long, value_name = "LEVELS", value_delimiter = ',')]
    pub house_bots: Vec<oware_engine::Level>,
    /// How long, in seconds, a person waits alone in a pool before a house bot takes the other
    /// seat (a player can opt out on the page).
    #[arg(long, value_name = "SECONDS", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub house_bots_after: u64,
    /// Let the house bots join the arenas (they join every arena that has not finished).
    #[arg(long)]
    pub house_bots_in_arenas: bool,
    /// The most games the house bots play at once (past it, lone players wait for a person
    /// and challenges to them are declined with "later").
    #[arg(long, value_name = "GAMES", default_value_t = 64,
          value_parser = clap::value_parser!(u64).range(1..=10000))]
    pub house_bots_max: u64,
    /// Searches that may run at once (default: the number of cores).
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// Where the endgame databases are (default: $OWARE_EGDB_DIR, else the per-user data
    /// folder, e.g. ~/.local/share/oware/egdb).
    #[arg(long)]
    pub egdb: Option<PathBuf>,
    /// Do not build missing endgame tables in the background.
    #[arg(long)]
    pub no_egdb_build: bool,
    /// The largest level (seeds on the board) the background build makes.
    #[arg(long, default_value_t = oware_egdb::DEFAULT_MAX_SEEDS,
          value_parser = clap::value_parser!(u8).range(0..=48))]
    pub egdb_build_max: u8,
    /// A reverse proxy (address or network, e.g. 127.0.0.1 or 10.0.0.0/24) whose
    /// `X-Forwarded-For` names the client; may be given again for more. Behind a proxy, give
    /// its address, or every player shares the per-client limits (docs/deploy.md).
    #[arg(long = "trusted-proxy", value_name = "ADDR")]
    pub trusted_proxy: Vec<oware_server::ProxyNet>,
    /// A host name the server answers to (e.g. oware.example.org, its public name behind a
    /// reverse proxy); may be given again for more. Without it only localhost, 127.x.y.z, ::1
    /// and the --bind address (any IP address when bound to 0.0.0.0 or ::) are answered; other
    /// names get 421, which keeps pages of other sites out through DNS rebinding.
    #[arg(long = "public-host", value_name = "NAME")]
    pub public_host: Vec<oware_server::HostName>,
    /// The recurring tournaments, from a file of one line each (`DAY HH:MM arena|swiss
    /// MINUTES|ROUNDS MIN+SEC NAME`, DAY a weekday or `daily`, times UTC; `#` comments; an empty
    /// file: none). Default: one line, `saturday 18:00 arena 60 3+2 Weekly Arena`. Instances
    /// sharing a database should be given the same file.
    #[arg(long, value_name = "FILE")]
    pub schedule: Option<PathBuf>,
    /// The least time, in milliseconds, a rated puzzle round takes from serving per move of
    /// the solver; faster rounds are answered but not rated.
    #[arg(long, value_name = "MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub puzzle_pace_ms: u64,
}

impl Default for Args {
    /// The same values as the command-line defaults: `oware` alone serves on 127.0.0.1:8080
    /// (games in `$OWARE_DATABASE_URL` when set, else `oware.sqlite`).
    fn default() -> Self {
        Args {
            port: 8080,
            bind: IpAddr::from([127, 0, 0, 1]),
            db: std::env::var_os("OWARE_DATABASE_URL")
                .filter(|v| !v.is_empty())
                .map_or_else(|| PathBuf::from("oware.sqlite"), PathBuf::from),
            min_clock_s: 30,
            work_lease: 15,
            review_lease: 30,
            bots_in_pools: false,
            house_bots: Vec::new(),
            house_bots_after: 20,
            house_bots_in_arenas: false,
            house_bots_max: 64,
            engine_threads: None,
            egdb: None,
            no_egdb_build: false,
            egdb_build_max: oware_egdb::DEFAULT_MAX_SEEDS,
            trusted_proxy: Vec::new(),
            public_host: Vec::new(),
            schedule: None,
            puzzle_pace_ms: 1000,
        }
    }
}

/// The recurring tournaments of `--schedule FILE`, or the default ones without it.
fn schedule(file: Option<&Path>) -> anyhow::Result<Vec<Recurring>> {
    let Some(file) = file else {
        return Ok(TournamentConfig::default().schedule);
    };
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("reading the schedule {}", file.display()))?;
    Recurring::parse_all(&text).with_context(|| format!("the schedule {}", file.display()))
}

/// Runs the command: serves until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::common::init_logging();
    let schedule = schedule(args.schedule.as_deref())?;
    let egdb_dir = Some(oware_egdb::locate(args.egdb.as_deref()).dir);
    let config = ServerConfig {
        bind: args.bind,
        port: args.port,
        db: args.db.clone(),
        engine_threads: args
            .engine_threads
            .unwrap_or_else(oware_server::default_engine_threads),
        egdb_dir,
        egdb_build: (!args.no_egdb_build).then(|| oware_egdb::BackgroundOptions {
            max_seeds: args.egdb_build_max,
            ..oware_egdb::BackgroundOptions::default()
        }),
        online: oware_server::OnlineConfig {
            min_initial_s: args.min_clock_s,
            work_lease: std::time::Duration::from_secs(args.work_lease),
            review_lease: std::time::Duration::from_secs(args.review_lease),
            bots_in_pools: args.bots_in_pools,
            ..oware_server::OnlineConfig::default()
        },
        limits: oware_server::ServerLimits {
            trusted_proxies: oware_server::TrustedProxies::new(args.trusted_proxy.iter().copied()),
            puzzle_pace: std::time::Duration::from_millis(args.puzzle_pace_ms),
            ..oware_server::ServerLimits::default()
        },
        public_hosts: args.public_host.clone(),
        house: oware_server::HouseConfig {
            levels: args.house_bots.clone(),
            after: std::time::Duration::from_secs(args.house_bots_after),
            pools: true,
            arenas: args.house_bots_in_arenas,
            games_max: usize::try_from(args.house_bots_max).unwrap_or(usize::MAX),
            ..oware_server::HouseConfig::default()
        },
        tournaments: TournamentConfig {
            schedule,
            ..TournamentConfig::default()
        },
        ..ServerConfig::default()
    };
    let db_shown = oware_server::db_display(&args.db);
    oware_server::serve(config, |addr| {
        let host = if addr.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            addr.ip().to_string()
        };
        let url = if addr.is_ipv6() {
            format!("http://[{host}]:{}/", addr.port())
        } else {
            format!("http://{host}:{}/", addr.port())
        };
        println!("Oware is ready: open {url}  (games kept in {db_shown}; Ctrl-C stops)");
    })
    .with_context(|| format!("oware serve on {}:{}", args.bind, args.port))?;
    Ok(ExitCode::SUCCESS)
}
