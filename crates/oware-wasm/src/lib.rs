//! The rules core and the engine for the web page, compiled to WebAssembly
//! (`wasm32-unknown-unknown`, built by `scripts/build-wasm.sh`).
//!
//! One function, [`handle`], answers a JSON request with a JSON answer; the same function is
//! exported to JavaScript through a C ABI of three functions (no wasm-bindgen: no command-line
//! tool to build and keep at the crate's exact version, and strings are all that cross):
//!
//! - `oware_input(len) -> ptr`: room for a request of `len` bytes, which JavaScript writes there;
//! - `oware_call() -> len`: answers the request; the answer's UTF-8 bytes are then at
//! - `oware_output() -> ptr`.
//!
//! and one for bytes, the endgame tables (see below):
//!
//! - `oware_tables_input(len) -> ptr`: room for `len` bytes of table levels, which JavaScript
//!   writes there, one level's file after another; 0 (nothing may be written) when `len` is
//!   over [`MAX_TABLES_BYTES`].
//!
//! The module imports one function, `env.oware_now_ms() -> f64` (JavaScript's
//! `performance.now()`), the clock of the search's time limits. `crates/oware-server/static/js/
//! engine-wasm.js` is the loader.
//!
//! Requests (`rules` is a rule set's name, default `abapa`; `start` a position text, default the
//! start; `moves` the moves played since, as move text `"c F a"`):
//!
//! | `op` | other fields | answer |
//! |---|---|---|
//! | `state` | `rules`, `start`, `moves` | the position, legal moves, outcome ([`StateAnswer`]) |
//! | `view` | … , `game_id`, `opponent`, `human`, `names`, `redo`, `version` | the game's state as the server sends it (`oware_protocol::StateView`), for a game the page plays offline |
//! | `reply` | … , `level`, `seed` or `game_id`, `time_scale` | the level's move, as the server's computer plays it ([`ReplyAnswer`]) |
//! | `analyse` | … , `depth`, `movetime_ms`, `nodes` | a search's best move, score and line ([`AnalysisAnswer`]) |
//! | `bench` | `depth` | the engine's bench: nodes and time ([`BenchAnswer`]) |
//! | `tables` | `rules`, `sizes` | the endgame table levels written at `oware_tables_input`, level `n` the `n`-th of `sizes` bytes, checked and kept for `reply` ([`TablesAnswer`]) |
//! | `lessons` | `lang` | the lessons (`oware_protocol::LessonList`, no account) |
//! | `lesson` | `lang`, `lesson` | one lesson without its solutions (`LessonView`) |
//! | `lesson-move` | `lang`, `lesson`, `step`, `moves` | the step's moves checked (`StepAnswer`) |
//! | `count` | `lang`, `question` | the counting trainer's answer checked (`CountAnswer`) |
//! | `puzzle-themes` | | the themes that have puzzles (`PuzzleThemes`) |
//! | `puzzle` | `puzzle` | one shipped puzzle, without its line (`PuzzleView`) |
//! | `puzzle-next` | `theme`, `rating`, `streak`, `after`, `skip`, `roll` | the next puzzle, drawn as the server draws it (`PuzzleView`) |
//! | `puzzle-daily` | `day` | the puzzle of day `day` (days since 1970-01-01, UTC; `PuzzleView`) |
//! | `puzzle-round` | `puzzle`, `moves` | the round's moves followed along the line (`RoundAnswer`, unrated: `offline`) |
//!
//! The last four are the server's `/api/learn` answers, built by the same functions
//! (`oware_lessons::views`): the lessons and the counting trainer work offline. They are in the
//! module only with the feature `lessons` (on by default; `scripts/build-wasm.sh` builds the
//! page's engine without it, `oware.wasm`, and the lessons' module with it, `oware-learn.wasm`).
//!
//! The puzzles' ops answer as the server's `/api/puzzle` routes do, built by the same functions
//! (`oware_puzzles::views`, `oware_puzzles::pick`) on the shipped set, with its starting ratings
//! and no votes; a round is never rated (the page keeps it and sends it to the account, which
//! records it unrated: `POST /api/puzzle/offline`). They are in the module only with the feature
//! `puzzles` (on by default, in `oware-learn.wasm` with the lessons).
//!
//! An error answers `{"error": "…"}`.
//!
//! # Endgame tables
//!
//! The server's `hard` and `expert` search with its endgame tables; so does `reply` here once
//! the page has given the module the same tables' small levels (the page's worker downloads
//! them from `GET /api/egdb/abapa/{n}`, `n` up to 12, and keeps them). `tables` checks each
//! level as the native reader checks a file ([`oware_egdb::Egdb::from_levels`]: header,
//! length, checksum) and keeps them all, or refuses them all and keeps what it had. They are
//! used for games under the rules they were built for (`abapa` tables serve `playstrategy` too,
//! as on the server); without them `reply` plays as the server does without tables. Analyses
//! (`analyse`) never use them, like the server's.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use std::sync::Arc;

use oware_core::{fen, movetext, BySide, Game, Position, Rules, Side};
use oware_egdb::{format, Egdb};
use oware_engine::{Engine, Level, Limits, Prober};
use serde::{Deserialize, Serialize};

/// The largest request read, in bytes (a 2,000-move game's moves are about 4 KB).
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;

/// The most bytes of endgame tables the module takes at once (levels `0..=13` are 5.2 MB).
pub const MAX_TABLES_BYTES: usize = 16 << 20;

/// Table size of the engine kept for analyses and hints, in MB.
const ANALYSIS_HASH_MB: usize = 16;

/// The longest analysis asked for: a request cannot hold the page's worker for longer.
const MAX_MOVETIME: Duration = Duration::from_secs(30);

/// A request (see the crate's table).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// `state`, `reply`, `analyse` or `bench`.
    pub op: String,
    /// The rule set's name or description.
    #[serde(default)]
    pub rules: Option<String>,
    /// The start position's text.
    #[serde(default)]
    pub start: Option<String>,
    /// The moves played from the start.
    #[serde(default)]
    pub moves: String,
    /// `reply`: the level.
    #[serde(default)]
    pub level: Option<String>,
    /// `reply`: the seed of the level's dice.
    #[serde(default)]
    pub seed: u64,
    /// `reply`: the server's game this is (its id): the seed is then the server's own for this
    /// game and ply ([`oware_engine::reply_seed`]), not `seed`.
    #[serde(default)]
    pub game_id: Option<String>,
    /// `reply`: the share of the level's thinking time used (0.01 to 1, default 1: the server's
    /// time); a test's short think time.
    #[serde(default)]
    pub time_scale: Option<f64>,
    /// `view`: `friend` or the computer's level.
    #[serde(default)]
    pub opponent: Option<String>,
    /// `view`: the person's side against the computer.
    #[serde(default)]
    pub human: Option<Side>,
    /// `view`: the players' names (`{"S": …, "N": …}`).
    #[serde(default, with = "oware_protocol::by_side")]
    pub names: BySide<String>,
    /// `view`: how many undone moves redo could replay.
    #[serde(default)]
    pub redo: usize,
    /// `view`: the game's version (one more at each change).
    #[serde(default)]
    pub version: u64,
    /// The lessons' ops: the language's code (`en`, `fr`, …; default English).
    #[serde(default)]
    pub lang: Option<String>,
    /// `lesson`, `lesson-move`: the lesson's id.
    #[serde(default)]
    pub lesson: Option<String>,
    /// `lesson-move`: the step, from 1.
    #[serde(default)]
    pub step: usize,
    /// `count`: the counting trainer's question and answer.
    #[serde(default)]
    pub question: Option<oware_protocol::CountReq>,
    /// `puzzle`, `puzzle-round`: the puzzle's id.
    #[serde(default)]
    pub puzzle: Option<String>,
    /// `puzzle-next`: the theme asked (none: any).
    #[serde(default)]
    pub theme: Option<String>,
    /// `puzzle-next`: the player's rating (default 1500).
    #[serde(default)]
    pub rating: Option<f64>,
    /// `puzzle-next`: the streak's puzzles solved so far (a streak's puzzles get harder).
    #[serde(default)]
    pub streak: Option<u32>,
    /// `puzzle-next`: the puzzle just played.
    #[serde(default)]
    pub after: Option<String>,
    /// `puzzle-next`: puzzles not to give (played on this device; at most 4,000).
    #[serde(default)]
    pub skip: Vec<String>,
    /// `puzzle-next`: a random number, to choose among the nearest puzzles.
    #[serde(default)]
    pub roll: u64,
    /// `puzzle-daily`: the day, since 1970-01-01 (UTC).
    #[serde(default)]
    pub day: Option<i64>,
    /// `analyse`, `bench`: depth limit.
    #[serde(default)]
    pub depth: Option<u32>,
    /// `analyse`: time limit in milliseconds.
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// `analyse`: node limit.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// `tables`: the byte length of each level written at `oware_tables_input`, level 0 first.
    #[serde(default)]
    pub sizes: Vec<usize>,
}

/// The answer to `state`.
#[derive(Debug, Serialize)]
pub struct StateAnswer {
    /// The position's text.
    pub fen: String,
    /// Seeds in the twelve pits, South's a–f then North's.
    pub pits: [u8; 12],
    /// Seeds in the stores, South then North.
    pub stores: [u8; 2],
    /// `S` or `N`.
    pub turn: Side,
    /// The legal moves' letters (none when the game is over).
    pub legal: String,
    /// The moves played, in canonical move text.
    pub moves: String,
    /// How the game ended, if it did.
    pub outcome: Option<OutcomeAnswer>,
}

/// How a game ended.
#[derive(Debug, Serialize)]
pub struct OutcomeAnswer {
    /// Why (`capture`, `draw`, …).
    pub reason: oware_core::EndReason,
    /// Final scores, South then North.
    pub scores: [oware_core::Score; 2],
    /// `S`, `N`, or `None` for a draw.
    pub winner: Option<Side>,
}

/// The answer to `reply`.
#[derive(Debug, Serialize)]
pub struct ReplyAnswer {
    /// The move's letter; `None` when the game is over.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

/// The answer to `analyse`.
#[derive(Debug, Serialize)]
pub struct AnalysisAnswer {
    /// The best move's letter; `None` when the game is over.
    pub best: Option<String>,
    /// Centi-seeds from the side to move's view.
    pub score: i32,
    /// The score in words (`+1.50`, `win in 7`).
    pub score_text: String,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
    /// The principal variation, as move text.
    pub pv: String,
}

/// The answer to `bench`.
#[derive(Debug, Serialize)]
pub struct BenchAnswer {
    /// Nodes searched (the behavioural checksum of `bench.expected` at the default depth).
    pub nodes: u64,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
}

/// The answer to `tables`.
#[derive(Debug, Serialize)]
pub struct TablesAnswer {
    /// The tables' rule set as the files name it (`abapa`).
    pub rules: String,
    /// The largest number of seeds on the board the tables cover (`None`: none given).
    pub max_seeds: Option<u8>,
    /// The bytes kept.
    pub bytes: usize,
}

#[derive(Serialize)]
struct ErrorAnswer {
    error: String,
}

thread_local! {
    static ANALYSIS: RefCell<Option<Engine>> = const { RefCell::new(None) };
    /// The endgame tables `reply` uses (`tables`).
    static TABLES: RefCell<Option<Arc<Prober>>> = const { RefCell::new(None) };
}

/// Answers one JSON request with one JSON answer (an error as `{"error": "…"}`).
pub fn handle(request: &str) -> String {
    let answer = if request.len() > MAX_REQUEST_BYTES {
        Err(format!(
            "request too long: {} bytes (at most {MAX_REQUEST_BYTES})",
            request.len()
        ))
    } else {
        serde_json::from_str::<Request>(request)
            .map_err(|e| format!("bad request: {e}"))
            .and_then(|r| answer(&r))
    };
    answer.unwrap_or_else(|error| to_json(&ErrorAnswer { error }))
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

fn answer(r: &Request) -> Result<String, String> {
    match r.op.as_str() {
        "state" => Ok(to_json(&state(&game(r)?))),
        "view" => view(r).map(|v| to_json(&v)),
        "reply" => reply(r).map(|a| to_json(&a)),
        "analyse" => analyse(r).map(|a| to_json(&a)),
        "bench" => bench(r).map(|a| to_json(&a)),
        "tables" => tables(r).map(|a| to_json(&a)),
        #[cfg(feature = "lessons")]
        "lessons" | "lesson" | "lesson-move" | "count" => learn(r),
        #[cfg(feature = "puzzles")]
        "puzzle-themes" | "puzzle" | "puzzle-next" | "puzzle-daily" | "puzzle-round" => {
            puzzles::answer(r)
        }
        other => Err(format!(
            "unknown op '{other}' (expected state, view, reply, analyse, bench, tables, lessons, lesson, lesson-move, count or a puzzle op)"
        )),
    }
}

/// The game of a request: its rules, start and moves, each checked.
pub fn game(r: &Request) -> Result<Game, String> {
    let rules = match &r.rules {
        Some(text) => text.parse::<Rules>().map_err(|e| e.to_string())?,
        None => Rules::default(),
    };
    let start = match &r.start {
        Some(text) => fen::parse(text).map_err(|e| e.to_string())?,
        None => Position::start(),
    };
    let mut game = Game::from_position(start, rules);
    let moves = movetext::parse_list(&r.moves).map_err(|e| e.to_string())?;
    for (i, m) in moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| format!("move {} ({}): {e}", i + 1, m))?;
    }
    Ok(game)
}

fn state(game: &Game) -> StateAnswer {
    let pos = game.position();
    let stores = pos.stores();
    StateAnswer {
        fen: fen::write(pos),
        pits: pos.pits(),
        stores: [stores[Side::South], stores[Side::North]],
        turn: pos.turn(),
        legal: if game.is_over() {
            String::new()
        } else {
            game.legal_moves().letters(pos.turn())
        },
        moves: movetext::write_list(&game.move_texts()),
        outcome: game.outcome().map(|o| OutcomeAnswer {
            reason: o.reason,
            scores: [o.scores[Side::South], o.scores[Side::North]],
            winner: o.winner(),
        }),
    }
}

/// The state of a game the page plays without the server, built as the server builds its own
/// (`oware_protocol::view::state`): legal moves and why the others are not, the last move's
/// sowing and captures, the outcome, whose turn.
fn view(r: &Request) -> Result<oware_protocol::StateView, String> {
    let game = game(r)?;
    let opponent = r.opponent.as_deref().unwrap_or("friend");
    let level = match opponent {
        "friend" => None,
        name => Some(
            name.parse::<Level>()
                .map_err(|e: oware_engine::ParseLevelError| e.to_string())?,
        ),
    };
    let human = level.map(|_| r.human.unwrap_or(Side::South));
    let computer_to_move = human.is_some_and(|h| !game.is_over() && game.position().turn() != h);
    let id = r.game_id.as_deref().unwrap_or("");
    if id.len() > 64 || r.names.south.len() > 64 || r.names.north.len() > 64 {
        return Err("view: an id or a name longer than 64 bytes".into());
    }
    let opponent: &'static str = level.map_or("friend", Level::name);
    Ok(oware_protocol::view::state(
        &oware_protocol::view::GameSnapshot {
            id,
            version: r.version,
            opponent,
            human,
            names: &r.names,
            game: &game,
            redo_len: r.redo,
            thinking: false,
            computer_to_move,
            engine_error: None,
            egdb: None,
            ogn: oware_protocol::view::ogn_text(&game, &r.names),
            since: None,
        },
    ))
}

/// The lessons' ops, answered as the server's `/api/learn` routes answer.
#[cfg(feature = "lessons")]
fn learn(r: &Request) -> Result<String, String> {
    use oware_lessons::views;
    let code = r.lang.as_deref().unwrap_or("en");
    let lang = oware_i18n::Lang::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .ok_or_else(|| format!("no language '{code}'"))?;
    let lesson = || r.lesson.as_deref().ok_or("no lesson");
    let text = match r.op.as_str() {
        "lessons" => to_json(&oware_protocol::LessonList {
            lessons: views::summaries(lang),
            account: false,
            stars: Vec::new(),
        }),
        "lesson" => to_json(&views::lesson_view(lesson()?, lang).map_err(|e| e.to_string())?),
        "lesson-move" => {
            let moves: Vec<String> = r.moves.split_whitespace().map(str::to_string).collect();
            to_json(
                &views::step_answer(lesson()?, r.step, &moves, lang).map_err(|e| e.to_string())?,
            )
        }
        _ => {
            let q = r.question.as_ref().ok_or("count: no question")?;
            to_json(&views::count_answer(q, lang).map_err(|e| e.to_string())?)
        }
    };
    Ok(text)
}

#[cfg(feature = "puzzles")]
mod puzzles;

fn letter(side: Side, m: oware_core::Move) -> String {
    movetext::MoveText::new(side, m).to_string()
}

fn reply(r: &Request) -> Result<ReplyAnswer, String> {
    let game = game(r)?;
    let level: Level = r
        .level
        .as_deref()
        .ok_or("reply: no level")?
        .parse()
        .map_err(|e: oware_engine::ParseLevelError| e.to_string())?;
    // The server's search (`EngineJobs::reply`): same level table, same dice, the endgame
    // tables the page gave (`tables`) when they are for these rules. Threads: one per core
    // natively; a page has one worker (`available_parallelism` fails on WebAssembly, so the
    // level's "every core" is one).
    let turn = game.position().turn();
    let seed = match &r.game_id {
        Some(id) => oware_engine::reply_seed(id, game.moves().len()),
        None => r.seed,
    };
    let scale = r.time_scale.unwrap_or(1.0).clamp(0.01, 1.0);
    let mv = oware_engine::choose_move_with(&game, level.spec(), seed, scale, tables_for(&game));
    Ok(ReplyAnswer {
        mv: mv.map(|m| letter(turn, m)),
    })
}

/// The tables given (`tables`), if they are for `game`'s rules (`abapa` serves `playstrategy`
/// too: the repetition rule does not change them).
fn tables_for(game: &Game) -> Option<Arc<Prober>> {
    TABLES
        .with(|t| t.borrow().clone())
        .filter(|p| format::tag(p.egdb().rules()) == format::tag(game.rules()))
}

/// Checks endgame table levels (`(n, the level's whole file)`) and keeps them for `reply`,
/// replacing any given before; refused (naming the level) with the tables kept unchanged when
/// any level is not a valid one of `rules`. No level at all drops the tables.
pub fn load_tables(rules: &Rules, levels: Vec<(u8, Vec<u8>)>) -> Result<TablesAnswer, String> {
    let bytes = levels.iter().map(|(_, b)| b.len()).sum();
    let egdb = Egdb::from_levels(rules, levels).map_err(|e| e.to_string())?;
    let answer = TablesAnswer {
        rules: format::tag(rules),
        max_seeds: egdb.max_seeds(),
        bytes,
    };
    let prober = egdb
        .max_seeds()
        .map(|_| Arc::new(Prober::shared(Arc::new(egdb))));
    TABLES.with(|t| *t.borrow_mut() = prober);
    Ok(answer)
}

/// `tables`: the levels written at `oware_tables_input`, split by `sizes`.
fn tables(r: &Request) -> Result<TablesAnswer, String> {
    let rules = match &r.rules {
        Some(text) => text.parse::<Rules>().map_err(|e| e.to_string())?,
        None => Rules::default(),
    };
    let input = TABLES_INPUT.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let total = r
        .sizes
        .iter()
        .try_fold(0usize, |sum, &s| sum.checked_add(s))
        .filter(|&t| t == input.len())
        .ok_or_else(|| {
            format!(
                "tables: the sizes do not add up to the {} bytes written",
                input.len()
            )
        })?;
    if r.sizes.len() > usize::from(oware_egdb::index::MAX_SEEDS) + 1 {
        return Err(format!("tables: {} levels (at most 49)", r.sizes.len()));
    }
    let mut levels = Vec::with_capacity(r.sizes.len());
    let mut at = 0;
    for (n, &size) in r.sizes.iter().enumerate() {
        levels.push((n as u8, input[at..at + size].to_vec()));
        at += size;
    }
    debug_assert_eq!(at, total);
    drop(input);
    load_tables(&rules, levels)
}

fn analyse(r: &Request) -> Result<AnalysisAnswer, String> {
    let game = game(r)?;
    let limits = Limits {
        depth: r.depth.map(|d| d.clamp(1, 64)),
        nodes: r.nodes,
        movetime: Some(
            r.movetime_ms
                .map_or(MAX_MOVETIME, Duration::from_millis)
                .min(MAX_MOVETIME),
        ),
        ..Limits::default()
    };
    let turn = game.position().turn();
    let result = ANALYSIS.with(|cell| {
        let mut slot = cell.borrow_mut();
        let engine = match slot.as_mut() {
            Some(e) => e,
            None => slot.insert(Engine::try_new(ANALYSIS_HASH_MB).map_err(|e| e.to_string())?),
        };
        Ok::<_, String>(engine.search(&game, &limits, &AtomicBool::new(false), &mut |_| {}))
    })?;
    // The line, in move text: sides alternate from the side to move.
    let mut side = turn;
    let pv: Vec<String> = result
        .info
        .pv
        .iter()
        .map(|&m| {
            let t = letter(side, m);
            side = side.other();
            t
        })
        .collect();
    Ok(AnalysisAnswer {
        best: result.best.map(|m| letter(turn, m)),
        score: result.info.score,
        score_text: oware_engine::score_to_text(result.info.score),
        depth: result.info.depth,
        nodes: result.info.nodes,
        time_ms: result.info.time.as_millis() as u64,
        pv: pv.join(" "),
    })
}

fn bench(r: &Request) -> Result<BenchAnswer, String> {
    let depth = r.depth.unwrap_or(oware_engine::bench::DEFAULT_DEPTH);
    if !(1..=16).contains(&depth) {
        return Err(format!("bench: depth {depth} (expected 1 to 16)"));
    }
    let b = oware_engine::bench::run(depth, &mut |_, _, _| {});
    Ok(BenchAnswer {
        nodes: b.nodes,
        time_ms: b.time.as_millis() as u64,
        nps: b.nps(),
    })
}

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static TABLES_INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for a request of `len` bytes; JavaScript writes the request at the address returned.
/// Over [`MAX_REQUEST_BYTES`] the address is null (nothing may be written: the room is only
/// `MAX_REQUEST_BYTES + 1` bytes) and the next [`oware_call`] answers that the request is too long.
// `no_mangle` counts as unsafe code (two exports of one name would clash at link time): these
// three names are the module's exports and appear nowhere else.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn oware_input(len: usize) -> *mut u8 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len.min(MAX_REQUEST_BYTES + 1), 0);
        if len > MAX_REQUEST_BYTES {
            return std::ptr::null_mut();
        }
        b.as_mut_ptr()
    })
}

/// Room for `len` bytes of endgame table levels, read by the next `tables` request: the
/// address, or null when `len` is over [`MAX_TABLES_BYTES`] (then nothing may be written).
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn oware_tables_input(len: usize) -> *mut u8 {
    TABLES_INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        if len > MAX_TABLES_BYTES {
            b.shrink_to_fit();
            return std::ptr::null_mut();
        }
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Answers the request written at [`oware_input`]'s address; the answer's length in bytes.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn oware_call() -> usize {
    init_clock();
    let request = INPUT.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let answer = match std::str::from_utf8(&request) {
        Ok(text) => handle(text),
        Err(_) => to_json(&ErrorAnswer {
            error: "request is not UTF-8".into(),
        }),
    };
    OUTPUT.with(|b| {
        let mut b = b.borrow_mut();
        *b = answer.into_bytes();
        b.len()
    })
}

/// The address of the last answer's bytes.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn oware_output() -> *const u8 {
    OUTPUT.with(|b| b.borrow().as_ptr())
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn init_clock() {
    #[link(wasm_import_module = "env")]
    extern "C" {
        fn oware_now_ms() -> f64;
    }
    #[allow(unsafe_code)]
    fn now() -> f64 {
        // SAFETY: the loader's import takes nothing, returns a number and touches no memory of
        // the module.
        unsafe { oware_now_ms() }
    }
    oware_engine::set_wasm_clock(now);
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn init_clock() {}

#[cfg(test)]
mod tests;
