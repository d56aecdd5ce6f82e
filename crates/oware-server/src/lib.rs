//! The Oware web game: an axum server with a JSON API, a live event stream (server-sent events)
//! for the computer's moves and the engine's analysis, games kept in a store (SQLite or PostgreSQL), and the
//! page itself embedded in the binary.
//!
//! ```no_run
//! use oware_server::{serve, ServerConfig};
//! serve(ServerConfig::default(), |addr| println!("http://{addr}/")).unwrap();
//! ```
//!
//! The modules, one job each, from the top down: each uses only modules below it (`use
//! crate::…`), none imports one that imports it back (the workspace's layout test,
//! `tests/workspace_layout.rs` in `oware-cli`). The services are built once in `env.rs` (lila's
//! `Env`) and held by `http::Shared`; a handler calls the service of its route: `round` for
//! online play, moves and the event streams, `local` for games on one device, undo, redo, OGN
//! and analyses, `chat`, `lobby`, `review`, `pool`, `tournament`, `accounts` and `players` for
//! their own routes, `bot` for the bots' routes and the challenges, [`Games`] for reading a
//! game's state.
//!
//! | module | job | uses |
//! | --- | --- | --- |
//! | `http/` | all the axum code: the route declarations ([`ROUTES`], one line per route) in `routes.rs`, a handler file per domain (`games`, `online`, `chat`, `lobby`, `review`, `pool`, `tournaments`, `accounts`, `bot`, `players`, `training`, `learn`, `classes`, `study`, `tv`, `search`, `health`, `assets`, `qr`, `egdb`), the extractors and the one place where errors become answers ([`ApiError`], `error.rs`), the `Host` check ([`HostName`], `host.rs`), the listener (`listener.rs`); the state holding the services (`Shared`, one `Arc` of `Services`, with the table of routes and services) | accounts, bot, budget, chat, classes, egdb_files, engine, events, games, house, learn, limits, lobby, local, players, pool, proxy, review, round, store, search, study, tournament, training, tv, view |
//! | `env` | the wiring (lila's `Env`): builds the store's and the engine's users, [`Games`], the budget and every service once (accounts, players, pools and tournaments too), and sets the games' followers | accounts, bot, budget, chat, classes, egdb_files, egdb_view, engine, games, house, learn, lobby, local, online, players, pool, review, round, store, time, tournament, training, tv, search |
//! | `house/` | house bots (`House`): the computer's levels as bot accounts the server plays itself; a lone player's opponent in the pools (the pools' `StandIn`), challenges accepted, arenas joined when allowed, the bots online | accounts, bot, engine, games, online, pool, round, store, time, tournament |
//! | `operator` | the operator's commands on accounts (`oware users`) | accounts, store, time |
//! | `tournament/` | arenas and Swiss tournaments ([`Tournaments`]): schedule, pairing waves, standings, berserk (`berserk.rs`), their events | accounts, events, games, names, online, rating, round, store, time |
//! | `pool` | quick pairing (`Pools`): tickets, the pairing pass | accounts, events, games, names, online, round, store, time |
//! | `players` | profiles, histories, leaderboards | accounts, store |
//! | `training/` | rated puzzles (`Training`, issue 40): the shipped set, the next puzzle near a rating (`pick.rs`), the puzzle of the day, rounds checked against the line, Glicko-2 for players and puzzles, votes, history; what the page is sent (`view.rs`) | accounts, rating, store, time |
//! | `learn/` | the lessons of `/learn` (`Learn`, issue 41): the lessons from `oware-lessons`, a step's moves checked by the rules core, an account's stars, the counting trainer's answers | store, time, view |
//! | `study` | the analysis board's and the board editor's route (`POST /api/position`): a position judged by the rules core, a line played from it, a record read (OGN or PlayStrategy's), answered as a game's state; nothing stored | egdb_view, games, view |
//! | `classes/` | teachers' classes (`Classes`, issue 56): pupils' generated log-ins, safe accounts (`safety.rs`), work and progress, the class arena, worksheets (`worksheet.rs`) | accounts, budget, limits, names, store, time, tournament, training |
//! | `round/` | online play ([`Round`]) in parts of its own: create (and the lobby entry), join, moves, ends; offers and claims (`Offers`), rematches (`Rematches`), flag timers (`Clocks`), event streams of players and spectators and presence keys (`Watchers`, [`PresenceGuard`]), an account's games (`AccountGames`); paired games and the finished channel, ratings at the start | accounts, budget, chat, events, games, limits, lobby, local, online, rating, store, text, time, view |
//! | `local/` | games on one device ([`Local`]): create, play, undo, redo, OGN, the computer's reply, cycles by agreement, analyses | budget, engine, events, games, online, store, text, view |
//! | `chat` | the chat's rules (text checks: [`check_chat_text`], at most [`CHAT_TEXT_BYTES_MAX`] bytes, refused on its length first; rooms, rate limits) and the chat service ([`Chats`], `chat/service.rs`) | accounts, events, games, names, store, time |
//! | `bot/` | bots (`bot::Bots`): the upgrade to a bot, challenges between accounts (kept in the store), each account's event stream (`hub.rs`, relayed between instances), the bots' views of a game (`view.rs`) and a bot's actions through its seat | accounts, chat, events, games, online, round, store, time |
//! | `review/` | game reviews ([`Reviews`]): a review's copy of a game ([`ReviewTarget`], `target.rs`), the background job on the engine's review slots, its progress events, the stored result, versioned answers ([`ReviewView`]), [`ReviewError`] | games, engine, store, events |
//! | `search` | game search ([`GameSearch`]): a player's finished online games by opponent, result, rated, time control, date, length, opening and ending, paged from the store's indexed table; it follows the games to record each end | games, online, store, time |
//! | `tv` | TV and the games in play ([`Tv`]): this instance's games being played, followed in memory as they change; the featured game of a channel, pages of the list | games, online, time, view |
//! | `lobby` | the lobby's list of open challenges ([`Lobby`]), its limits (overall, per address) and its events to watchers; it follows the live games | games, online, events, text, time |
//! | `games/` | [`Games`], the live games: the cache in front of the store, loading and refreshing, views, the one change step (`Games::commit`), the followers told of what happens to a game, instance sync; [`GameError`]; no feature, no HTTP | egdb_view, events, names, online, secret, store, time, view |
//! | `accounts/` | accounts, sessions, passwords (Argon2id), log-in limits, API tokens (`tokens.rs`) | limits, names, secret, store, time, window |
//! | `online/` | online play's rules: seats, the end reasons (`mod.rs`), clocks (`clock.rs`), offers and cool-downs (`offers.rs`), the state's view and the lobby's entries (`view.rs`), presence, [`OnlineError`]; no HTTP, no storage | |
//! | `budget` | the budget ([`Budget`], issue 52): every count a client can grow (streams, connections, online games created and going, engine jobs, challenges), per account, per address and for the whole server, in one table; guards release what is held; revoked credentials end their streams | limits, online, time, window |
//! | `limits` | per-client limits (engine jobs started, open streams; an IPv6 client counted by its /64, [`ClientKey`]; a refusal is a [`LimitError`]) and the connection timeouts ([`ServerLimits`]) | proxy, window, time |
//! | `window` | sliding-window counts per key with a bounded table (the limits' and the log-ins') | time |
//! | `rating` | Glicko-2 ratings as the store keeps them | |
//! | `proxy` | which address is the client: the connection's, or behind a trusted proxy its `X-Forwarded-For` ([`TrustedProxies`]) | |
//! | `engine` | engine jobs: the computer's replies and analyses on the blocking pool, in lanes with their own slots and bounded queues | egdb_view |
//! | `view` | the JSON the page draws ([`StateView`]), from plain data ([`GameSnapshot`]) | online, egdb_view |
//! | `egdb_files` | the endgame table levels the page downloads (`LevelFiles`, issue 57): levels `0..=12` of the server's folder, each file checked whole once and kept | egdb_view |
//! | `egdb_view` | endgame table values per legal move | text |
//! | `events/` | event fan-out: each game's channel, a stream's feed (the game's events merged with its own), the SSE answer writing each event's one shared frame (`sse.rs`) and the version long polls wait on | |
//! | `text` | the small words of messages: a count with its noun (`1 minute`, `3 minutes`), a window of time in words | |
//! | `time` | the one clock of game time ([`Clock`]): the system's ([`SystemClock`]) or a test's ([`ManualClock`]) | |
//! | `store/` | the [`Store`] interface, one repository trait per domain (games with versioned writes, notices, accounts, pools, tournaments, chat, bots, puzzles, game search) with its SQL written once for both backends; the backends `sqlite/` ([`SqliteStore`], a file, one process) and `postgres/` ([`PostgresStore`], a database several instances share), folders with the same file names | rating |
//! | `names` | player names: no format or control characters, at most [`NAME_MAX`] grapheme clusters ([`clean_name`]), the first [`NAME_INPUT_BYTES`] bytes read; the site's own words ([`is_site_name`]) | |
//! | `secret` | constant-time comparison of seat tokens and presence keys (`subtle`) | |
//!
//! The API (JSON in and out; errors are `{"error": "...", "code": "..."}` with a 4xx status, or
//! 503 when the store fails or the engine's queue is full; limits per client address answer 429
//! with `Retry-After`, see [`ServerLimits`]): every route is in [`ROUTES`], and each is described
//! in `docs/web.md`'s API reference (a test checks that none is missing).
#![forbid(unsafe_code)]

mod accounts;
mod bot;
mod budget;
mod chat;
mod classes;
mod egdb_files;
mod egdb_view;
mod engine;
mod env;
mod events;
mod games;
mod house;
mod http;
mod learn;
mod limits;
mod lobby;
mod local;
mod names;
mod online;
pub mod operator;
mod players;
mod pool;
mod proxy;
mod rating;
mod review;
mod round;
mod search;
mod secret;
mod store;
mod study;
mod text;
mod time;
mod tournament;
mod training;
mod tv;
mod view;
mod window;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

pub use accounts::User;
pub use accounts::{AccountError, COOKIE as SESSION_COOKIE};
pub use budget::{AnalysisHold, Budget, Ceilings, EngineHold, StreamSlot};
pub use chat::{
    check_text as check_chat_text, check_text_counted as check_chat_text_counted, ChatError,
    ChatPoster, Chats, TEXT_BYTES_MAX as CHAT_TEXT_BYTES_MAX, TEXT_MAX as CHAT_TEXT_MAX,
};
pub use egdb_view::{pit_values, PitValue, Probe, Tables};
pub use engine::{EngineError, EngineJobs, Ticket, DEFAULT_QUEUE};
pub use events::{Channel, Event};
pub use games::{Created, Finished, GameError, Games, MoveInput, MoveReply, OfferKind, Opponent};
pub use house::{bot_name as house_bot_name, HouseConfig};
pub use http::{
    move_input, movetime, parse_create, AnalysisReq, ApiError, BadHostName, CreateReq, HostName,
    MoveReq, NewRequest, ReviewReq, ROUTES,
};
/// The route declarations (`http/routes.rs`): each route's method, path, types, auth, body
/// limit, budget class and paging.
pub mod routes {
    pub use crate::http::{
        client_js, markdown_table, openapi_document, Ans, Auth, Cost, Limit, Paging, Req, Route,
        ROUTES,
    };
}
pub use limits::{ClientKey, LimitError, ServerLimits};
pub use lobby::Lobby;
pub use local::{Local, NewGame};
pub use names::{
    clean as clean_name, clean_counted as clean_name_counted, fold as fold_name, is_site_name,
    NAME_INPUT_BYTES, NAME_MAX,
};
pub use online::{OnlineConfig, OnlineError, OnlineErrorKind, OnlineView, FIRST_MOVE_MS};
pub use proxy::{BadProxy, ProxyNet, TrustedProxies};
/// The rating service's change of a rated game's end, as the store is handed it
/// ([`AccountStore::finish`]).
pub use rating::{rate_end as rate_game_end, RateEnd};
pub use review::{
    ReviewError, ReviewTarget, ReviewView, Reviews, MAX_DEPTH, MIN_DEPTH, REVIEWS_PER_CLIENT,
};
pub use round::{Ending, NewOnline, NewPaired, Paired, PairedPlayer, PresenceGuard, Round};
pub use search::GameSearch;
pub use store::accounts::{AccountStore, GameEnd, PlayerGame};
pub use store::bots::{BotStore, ChallengeRow, Party, TokenRow};
pub use store::chat::ChatStore;
pub use store::classes::{ClassRow, ClassStore, NewPupil, PupilRow, TimeKey, WorkRow};
pub use store::lessons::LessonStore;
pub use store::pool::PoolStore;
pub use store::prefs::PrefStore;
pub use store::search::{opening_code, opening_range, SearchQuery, SearchRow, SearchStore};
pub use store::tournaments::TournamentStore;
pub use store::training::{PuzzleVote, RoundPage, RoundPlayed, TrainingStore};
pub use store::{
    open as open_store, GameRow, GameStore, GameUpdate, ListedGame, Notice, NoticeStore,
    PostgresStore, SqliteStore, Store, StoreError, StoreFuture,
};
pub use time::{utc_date, Clock, ManualClock, Sleep, SystemClock};
pub use tournament::{
    NewTournament, Recurring, ScheduleError, TournamentConfig, TournamentError, Tournaments,
    DEFAULT_SCHEDULE,
};
pub use tv::Tv;
pub use view::{score_text, GameSnapshot, StateView};

/// How to run the server.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The address to listen on (default 127.0.0.1).
    pub bind: IpAddr,
    /// The port (default 8080; 0 picks a free one).
    pub port: u16,
    /// Where the games are kept: a SQLite file (default `oware.sqlite`; created on first
    /// start; one server process per file, a lock file `FILE.lock` keeps a second one out), or
    /// a `postgres://USER@HOST/DB` URL (any number of instances on one database).
    pub db: PathBuf,
    /// Searches running at once (default: the number of cores).
    pub engine_threads: usize,
    /// Where the endgame databases are, if any.
    pub egdb_dir: Option<PathBuf>,
    /// Build the missing levels in `egdb_dir` in the background (default: no; `oware serve`
    /// turns it on).
    pub egdb_build: Option<oware_egdb::BackgroundOptions>,
    /// Online games: claim delays, the smallest clock, the creation limit per address.
    pub online: OnlineConfig,
    /// Limits per client address, on the engine's queues and on connections.
    pub limits: ServerLimits,
    /// Host names the server answers to besides the loopback names and its bound address
    /// (`oware serve --public-host`): its public name behind a reverse proxy or on a network.
    /// A request for any other `Host` is refused with 421 (DNS rebinding, see `host.rs`).
    pub public_hosts: Vec<HostName>,
    /// The time of the games (default: [`SystemClock`], the system's): online clocks and
    /// flags, claim delays, presence and the lobby's grace read it and their timers sleep on
    /// it. A test passes a [`ManualClock`] and moves it on instead of sleeping.
    pub clock: Arc<dyn Clock>,
    /// Tournaments: the recurring ones (default: every Saturday 18:00 UTC, a 60-minute 3+2
    /// arena), the pairing waves' interval, the limits of players' tournaments.
    pub tournaments: TournamentConfig,
    /// The house bots (default: none; `oware serve --house-bots`).
    pub house: HouseConfig,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            db: PathBuf::from("oware.sqlite"),
            engine_threads: default_engine_threads(),
            egdb_dir: None,
            egdb_build: None,
            online: OnlineConfig::default(),
            limits: ServerLimits::default(),
            public_hosts: Vec::new(),
            clock: Arc::new(SystemClock),
            tournaments: TournamentConfig::default(),
            house: HouseConfig::default(),
        }
    }
}

/// `db` (a [`ServerConfig::db`]) as it may be shown: a SQLite path, or a PostgreSQL URL
/// without its password.
pub fn db_display(db: &std::path::Path) -> String {
    store::display(&db.to_string_lossy())
}

/// The number of cores, at least 1.
pub fn default_engine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error("{0}")]
    Store(StoreError),
    /// Listening or serving failed.
    #[error("{0}")]
    Io(std::io::Error),
}

impl From<StoreError> for ServeError {
    fn from(e: StoreError) -> Self {
        ServeError::Store(e)
    }
}

impl From<std::io::Error> for ServeError {
    fn from(e: std::io::Error) -> Self {
        ServeError::Io(e)
    }
}

/// A running server (inside a tokio runtime).
pub struct Server {
    addr: SocketAddr,
    games: Arc<Games>,
    reviews: Arc<Reviews>,
    /// The services, held until the server stops (the games' followers hold none of them).
    _env: env::Env,
    shutdown: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting connections, ends the event streams, waits for requests in flight, then
    /// closes the store (releasing the database file for another process).
    pub async fn shutdown(self) -> Result<(), ServeError> {
        let _ = self.shutdown.send(true);
        let served = match self.task.await {
            Ok(r) => r.map_err(ServeError::Io),
            Err(e) => Err(ServeError::Io(std::io::Error::other(e.to_string()))),
        };
        self.reviews.stop_all();
        if let Err(e) = self.games.close().await {
            tracing::warn!("closing the store: {e}");
        }
        tracing::info!("server stopped");
        served
    }
}

/// Opens the database, binds and starts serving in the current tokio runtime. Logs one line
/// per resource: the database, and the endgame tables (their range, or why there are none).
pub async fn start(config: &ServerConfig) -> Result<Server, ServeError> {
    let store = store::open(&config.db.to_string_lossy()).await?;
    let games_stored = store.count().await?;
    if store.shared() {
        tracing::info!(
            games = games_stored,
            "database: {} (shared: other instances may serve the same games)",
            store.describe()
        );
    } else {
        tracing::info!(
            games = games_stored,
            "database: {} (locked for this process)",
            store.describe()
        );
    }
    let tables = match config.egdb_dir.as_deref() {
        None => {
            tracing::info!("endgame tables: none (no --egdb folder given or found)");
            None
        }
        Some(dir) => open_tables(dir, config.egdb_build),
    };
    let l = &config.limits;
    tracing::info!(
        threads = config.engine_threads,
        queue = l.engine_queue,
        "engine: {} searches at once in each lane (quick replies, deep replies, analyses), \
         {} more waiting; {} engine jobs a client per {} s",
        config.engine_threads,
        l.engine_queue,
        l.engine_starts,
        l.engine_window.as_secs()
    );
    let env = env::Env::new(
        store,
        EngineJobs::with_queue(config.engine_threads, l.engine_queue)
            .with_egdb(tables.clone().map(Arc::new)),
        tables,
        env::Settings {
            online: config.online.clone(),
            house: config.house.clone(),
            tournaments: config.tournaments.clone(),
        },
        &config.limits,
        Arc::clone(&config.clock),
    );
    start_on(
        env,
        SocketAddr::new(config.bind, config.port),
        config.limits.clone(),
        &config.public_hosts,
    )
    .await
}

/// Opens the endgame tables in `dir` for the default rules, logs what they hold (a warning for a
/// missing folder or a damaged level when nothing will build them), and starts the background
/// build of the missing levels when `build` says so.
fn open_tables(
    dir: &std::path::Path,
    build: Option<oware_egdb::BackgroundOptions>,
) -> Option<Tables> {
    let rules = oware_core::Rules::default();
    let egdb = match oware_egdb::Egdb::open(dir, &rules) {
        Ok(e) => Arc::new(e),
        Err(e) => {
            tracing::warn!("endgame tables: not used: {e}");
            return None;
        }
    };
    let status = egdb.status();
    let tables = Tables::from_egdb(Arc::clone(&egdb));
    match build {
        Some(options) if egdb.max_seeds() < Some(options.max_seeds) => {
            tracing::info!(
                "endgame tables: {status}; building the missing levels up to {} seeds in the background (--no-egdb-build turns this off)",
                options.max_seeds
            );
            Some(tables.with_build(Arc::new(oware_egdb::Background::start(egdb, options))))
        }
        _ if status.is_degraded() => {
            tracing::warn!("endgame tables: {status}");
            Some(tables)
        }
        _ => {
            tracing::info!("endgame tables: {status}");
            Some(tables)
        }
    }
}

/// Starts serving the games kept in `store` on `addr` in the current tokio runtime, their
/// engine work on `engine`, with the default [`ServerLimits`], online settings and clock.
pub async fn start_with(
    store: Arc<dyn Store>,
    engine: EngineJobs,
    addr: SocketAddr,
) -> Result<Server, ServeError> {
    start_with_limits(store, engine, addr, ServerLimits::default()).await
}

/// [`start_with`] with these limits per client and connection timeouts (the engine's queue is
/// `engine`'s own); it answers to the loopback names and `addr`'s address only.
pub async fn start_with_limits(
    store: Arc<dyn Store>,
    engine: EngineJobs,
    addr: SocketAddr,
    limits: ServerLimits,
) -> Result<Server, ServeError> {
    start_with_clock(store, engine, addr, limits, Arc::new(SystemClock)).await
}

/// [`start_with_limits`] on `clock` (tests: a manual clock).
pub async fn start_with_clock(
    store: Arc<dyn Store>,
    engine: EngineJobs,
    addr: SocketAddr,
    limits: ServerLimits,
    clock: Arc<dyn Clock>,
) -> Result<Server, ServeError> {
    let env = env::Env::new(
        store,
        engine,
        None,
        env::Settings::default(),
        &limits,
        clock,
    );
    start_on(env, addr, limits, &[]).await
}

/// Connections the kernel may queue before the listener accepts them (Linux caps the number at
/// `net.core.somaxconn`, 4,096 by default). Tokio's own `bind` asks for 1,024: in a burst of new
/// connections (a flood of event streams) that queue filled and the kernel dropped the next
/// SYNs, so that a visitor's or a player's new connection waited for a retry a second or more
/// later.
const LISTEN_BACKLOG: u32 = 4096;

/// The listening socket on `addr`, with [`LISTEN_BACKLOG`] and, as the standard library's
/// `bind` does, `SO_REUSEADDR` (a restart binds again at once; a second listener on the same
/// port is still refused).
fn bind(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Serves the services of `env` on `addr`: follows the other instances' notices, resumes the
/// online games' clocks, starts what runs on its own (the bots' hub, the house bots, the pools'
/// pairing, the tournaments' waves) and the listener.
async fn start_on(
    env: env::Env,
    addr: SocketAddr,
    limits: ServerLimits,
    public_hosts: &[HostName],
) -> Result<Server, ServeError> {
    let listener = match bind(addr) {
        Ok(l) => l,
        Err(e) => {
            // Nothing is served: give the database back.
            let _ = env.games.close().await;
            return Err(e.into());
        }
    };
    let addr = listener.local_addr()?;
    let games = Arc::clone(&env.games);
    let reviews = Arc::clone(&env.reviews);
    games::follow_notices(&games);
    reviews.follow_notices();
    match env.round.clocks.resume_online().await {
        Ok(0) => {}
        Ok(n) => {
            tracing::info!("online games: {n} clocks resumed (the downtime charged to nobody)")
        }
        Err(e) => tracing::warn!("online games could not be resumed: {e}"),
    }
    let (tx, rx) = tokio::sync::watch::channel(false);
    env.bots.start(rx.clone());
    env.house.start(rx.clone()).await;
    env.pools.start(rx.clone());
    env.tournaments.start(rx.clone());
    env.house
        .join_arenas(Arc::clone(&env.tournaments), rx.clone());
    let header_timeout = limits.header_timeout;
    let body_timeout = limits.body_timeout;
    let proxies = Arc::new(limits.trusted_proxies.clone());
    let shared = http::Shared::new(http::Services {
        store: Arc::clone(&env.store),
        engine: Arc::clone(&env.engine),
        games: Arc::clone(&games),
        lobby: Arc::clone(&env.lobby),
        local: Arc::clone(&env.local),
        round: Arc::clone(&env.round),
        chat: Arc::clone(&env.chat),
        reviews: Arc::clone(&reviews),
        bots: Arc::clone(&env.bots),
        house: Arc::clone(&env.house),
        training: Arc::clone(&env.training),
        learn: Arc::clone(&env.learn),
        tv: Arc::clone(&env.tv),
        search: Arc::clone(&env.search),
        classes: Arc::clone(&env.classes),
        shutdown: rx.clone(),
        budget: Arc::clone(&env.budget),
        players: Arc::clone(&env.players),
        accounts: Arc::clone(&env.accounts),
        pools: Arc::clone(&env.pools),
        tournaments: Arc::clone(&env.tournaments),
        egdb_files: Arc::clone(&env.egdb_files),
    });
    let hosts = Arc::new(http::host::AllowedHosts::new(addr.ip(), public_hosts));
    if !public_hosts.is_empty() {
        let names: Vec<String> = public_hosts.iter().map(ToString::to_string).collect();
        tracing::info!("public host names: {}", names.join(", "));
    }
    let router = http::router(shared, body_timeout, hosts);
    let task = tokio::spawn(http::listener::serve(
        listener,
        router,
        header_timeout,
        proxies,
        Arc::clone(&env.budget),
        rx,
    ));
    let ceilings = env.budget.ceilings();
    tracing::info!(
        connections = ceilings.connections,
        streams = ceilings.streams,
        "listening on http://{addr}/ (at most {} connections and {} event streams at once)",
        ceilings.connections,
        ceilings.streams
    );
    Ok(Server {
        addr,
        games,
        reviews,
        _env: env,
        shutdown: tx,
        task,
    })
}

/// Installs the handlers of the stop signals at once, Ctrl-C (SIGINT) and SIGTERM (what systemd,
/// Docker and `kill` send), so that one arriving during start-up is not fatal; the future ends
/// when one arrives. Call inside the runtime.
#[cfg(unix)]
fn stop_requested() -> impl std::future::Future<Output = ()> {
    use tokio::signal::unix::{signal, SignalKind};
    let handlers = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    );
    async move {
        match handlers {
            (Ok(mut term), Ok(mut int)) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                }
            }
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!(
                    "the stop signals cannot be awaited ({e}); only Ctrl-C stops cleanly"
                );
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
}

/// The stop signal where there is no SIGTERM: Ctrl-C.
#[cfg(not(unix))]
fn stop_requested() -> impl std::future::Future<Output = ()> {
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the server until Ctrl-C or SIGTERM, calling `ready` with the address once it listens;
/// then stops cleanly (requests in flight finish, the store records the stop). Blocks.
pub fn serve(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let stop = stop_requested();
        let server = start(&config).await?;
        ready(server.addr());
        stop.await;
        tracing::info!("stopping");
        // Requests in flight finish; long polls are not waited for beyond a few seconds.
        match tokio::time::timeout(std::time::Duration::from_secs(3), server.shutdown()).await {
            Ok(r) => r,
            Err(_) => Ok(()),
        }
    })
}
