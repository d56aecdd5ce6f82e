//! `oware play [GAME.ogn]`: the terminal game (crate `oware-tui`). This module only reads the
//! flags and the game file, checks there is a terminal, and prints the game on the way out.
//! `oware play --online URL` takes a seat in (or watches) an online game of `oware serve`; given
//! the server's address alone, it lists the server's lobby or creates a new online game.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use oware_core::{fen, Game, Side};
use oware_engine::Level;
use oware_tui::lang::{t, tr};
use oware_tui::{App, Config, Opponent, Tables};

use crate::common::RulesArgs;

/// Arguments of `oware play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// An OGN game to continue (saved with `s`; its `Rules` tag wins over the rule flags).
    pub game: Option<PathBuf>,
    /// The computer's level: easy, medium, hard or expert.
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// Two people at one keyboard instead of the computer.
    #[arg(long, conflicts_with = "computer_first")]
    pub friend: bool,
    /// The computer starts (it plays South, you play North).
    #[arg(long)]
    pub computer_first: bool,
    /// Seed of the level's random moves (easy plays some at random): the same seed and moves
    /// give the same game. Default: from the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Show moves at once instead of sowing them seed by seed.
    #[arg(long)]
    pub no_animation: bool,
    /// Endgame database directory [default: $OWARE_EGDB_DIR, else the per-user data folder].
    #[arg(long)]
    pub egdb_path: Option<PathBuf>,
    /// Play an online game of `oware serve`: its invite link (http://HOST:PORT/game/ID) takes
    /// the free seat (or the seat this user already holds), else watches; the server's address
    /// alone (http://HOST:PORT) lists its lobby to take a challenge or create a game.
    #[arg(long, value_name = "URL", conflicts_with_all = ["game", "friend", "computer_first"])]
    pub online: Option<String>,
    /// The name shown to the opponent in an online game.
    #[arg(long, requires = "online", default_value = "")]
    pub name: String,
    /// Watch the online game without taking a free seat.
    #[arg(long, requires = "online", conflicts_with = "new")]
    pub watch: bool,
    /// With the server's address: create a new online game at once (no lobby prompt).
    #[arg(long, requires = "online")]
    pub new: bool,
    /// A new online game's clock: MINUTES+SECONDS added a move (3+2, 5+3, 10+5) or none
    /// [default: 5+3].
    #[arg(long, requires = "online")]
    pub clock: Option<String>,
    /// Your side in a new online game: S, N or random [default: random].
    #[arg(long, requires = "online")]
    pub side: Option<String>,
    /// A new online game stays out of the lobby: only its invite link finds it.
    #[arg(long, requires = "online")]
    pub private: bool,
    /// A new online game is rated: needs a log-in (`oware login URL`), the standard abapa
    /// rules and a clock (the server says so otherwise).
    #[arg(long, requires = "online")]
    pub rated: bool,
    /// The language of the game's screen: en, fr, de or pt [default: from LC_ALL, LC_MESSAGES
    /// or LANG, else en].
    #[arg(long, value_parser = ["en", "fr", "de", "pt"])]
    pub lang: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    oware_tui::lang::set_lang(oware_i18n::from_process_env(args.lang.as_deref()));
    if let Some(url) = &args.online {
        return run_online(&args, url);
    }
    let rules = args.rules.rules();
    let (game, save_path) = match &args.game {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| {
                t(
                    "term-cannot-read-game",
                    &[("path", path.display().to_string().into())],
                )
            })?;
            let game = oware_tui::read_game(&text, rules)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            (game, path.clone())
        }
        None => (Game::new(rules), PathBuf::from("oware-game.ogn")),
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        anyhow::bail!(tr("term-needs-terminal"));
    }
    let opponent = if args.friend {
        Opponent::Friend
    } else {
        Opponent::Computer {
            level: args.level,
            human: if args.computer_first {
                Side::North
            } else {
                Side::South
            },
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let egdb_dir = args.egdb_path.unwrap_or_else(oware_egdb::default_dir);
    let (tables, prober) = Tables::open(&egdb_dir, game.rules());
    let config = Config {
        seed,
        animation: !args.no_animation,
        color: color(),
        save_path,
    };
    let app = oware_tui::run(App::new(config, opponent, game, tables), prober, None)
        .with_context(|| tr("term-terminal-broke"))?;
    print_game(&app);
    Ok(ExitCode::SUCCESS)
}

/// Colours unless `NO_COLOR` is set (and not empty).
fn color() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// `oware play --online URL`: finds or makes the game and a seat before taking the terminal
/// (so a bad address or an unreachable server is a plain message), then plays. With a log-in
/// kept for the server (`oware login URL`), every request carries its session: the seats are
/// the account's.
fn run_online(args: &Args, url: &str) -> anyhow::Result<ExitCode> {
    use oware_tui::lobby::{self, Address};
    use oware_tui::net::{connect, join, runtime, Net, Seats, Sessions};
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        anyhow::bail!(tr("term-needs-terminal"));
    }
    let address = Address::parse(url).map_err(anyhow::Error::msg)?;
    let seats = Seats::user();
    let runtime = runtime().map_err(anyhow::Error::msg)?;
    let name = args.name.trim();
    let base = match &address {
        Address::Game(target) => target.base.clone(),
        Address::Server(base) => base.clone(),
    };
    let (api, logged_in) = runtime
        .block_on(connect(&base, &Sessions::user()))
        .map_err(anyhow::Error::msg)?;
    let mut joined = match address {
        Address::Game(target) => {
            if args.new || args.clock.is_some() || args.side.is_some() || args.private || args.rated
            {
                anyhow::bail!(t(
                    "term-new-flags-need-server",
                    &[("server", target.base.as_str().into())],
                ));
            }
            runtime.block_on(join(api, target, name, args.watch, &seats))
        }
        Address::Server(_) => {
            if args.watch {
                anyhow::bail!(tr("term-watch-needs-link"));
            }
            let new = new_challenge(args)?;
            if args.new {
                runtime.block_on(lobby::create(&api, &new, &seats))
            } else {
                if !logged_in.is_empty() {
                    println!("{logged_in}");
                }
                let (input, output) = (std::io::stdin().lock(), std::io::stdout());
                match lobby::choose(&runtime, &api, &new, name, &seats, input, output) {
                    Ok(Some(joined)) => Ok(joined),
                    Ok(None) => return Ok(ExitCode::SUCCESS),
                    Err(e) => Err(e),
                }
            }
        }
    }
    .map_err(anyhow::Error::msg)?;
    joined.note = format!("{logged_in} {}", joined.note).trim().to_string();
    let game = joined.state.to_game().map_err(anyhow::Error::msg)?;
    let egdb_dir = args
        .egdb_path
        .clone()
        .unwrap_or_else(oware_egdb::default_dir);
    let (tables, prober) = Tables::open(&egdb_dir, game.rules());
    let link = joined.target.link();
    let config = Config {
        seed: 0,
        animation: !args.no_animation,
        color: color(),
        save_path: PathBuf::from(format!(
            "oware-online-{}.ogn",
            joined
                .target
                .id
                .as_str()
                .chars()
                .take(8)
                .collect::<String>()
        )),
    };
    let mut app = App::new_online(config, &joined.state, joined.seat, &link, tables)
        .map_err(anyhow::Error::msg)?;
    app.status.1 = format!("{} {}", joined.note, app.status.1)
        .trim()
        .to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    let net = Net::start(runtime, &joined, seats, tx);
    let online = oware_tui::term::Online { net, events: rx };
    let app =
        oware_tui::run(app, prober, Some(online)).with_context(|| tr("term-terminal-broke"))?;
    print_game(&app);
    if let Some(o) = app.online() {
        if o.seat.is_some() && !o.view.is_finished() {
            println!(
                "{}",
                t("term-game-goes-on", &[("link", o.link.as_str().into())])
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The new online game the flags describe (used by `--new` and by `n` at the lobby's prompt).
fn new_challenge(args: &Args) -> anyhow::Result<oware_tui::lobby::NewChallenge> {
    let clock = oware_tui::lobby::parse_clock(args.clock.as_deref().unwrap_or("5+3"))
        .map_err(anyhow::Error::msg)?;
    let side = args.side.as_deref().unwrap_or("random");
    let color = match side.trim().to_ascii_lowercase().as_str() {
        "random" => None,
        other => Some(
            other
                .parse::<Side>()
                .map_err(|_| anyhow::anyhow!(t("term-bad-side", &[("side", side.into())])))?,
        ),
    };
    Ok(oware_tui::lobby::NewChallenge {
        clock,
        color,
        name: args.name.trim().to_string(),
        rules: args.rules.rules(),
        lobby: !args.private,
        rated: args.rated,
    })
}

/// The game is never lost: its moves and position stay on the screen after the program.
fn print_game(app: &App) {
    let game = &app.game;
    let n = game.moves().len();
    let end = match (app.online(), app.end_lines()) {
        (Some(_), Some((result, why))) => Some(format!("{result}: {why}")),
        _ => oware_tui::app::outcome_text(game),
    };
    let summary = match end {
        Some(end) => t(
            "term-summary-end",
            &[("count", n.into()), ("end", end.into())],
        ),
        None => t("term-summary", &[("count", n.into())]),
    };
    println!("{summary}");
    if !game.moves().is_empty() {
        let moves: Vec<String> = game.move_texts().iter().map(|m| m.to_string()).collect();
        println!("{} {}", label("term-summary-moves"), moves.join(" "));
    }
    println!("{} {}", label("info-position"), fen::write(game.position()));
    // A rated game: each rating, with the game's change once it is over.
    if let Some(o) = app.online().filter(|o| o.view.rated) {
        let ratings: Vec<String> = [Side::South, Side::North]
            .into_iter()
            .filter_map(|s| {
                let r = o.view.seats.get(s).rating.as_ref()?;
                Some(format!("{} {}", o.name(s), oware_tui::wire::rating_text(r)))
            })
            .collect();
        if !ratings.is_empty() {
            println!("{} {}", label("term-summary-ratings"), ratings.join(", "));
        }
    }
}

/// A label of the summary, padded so that the values line up (`position `).
fn label(id: &str) -> String {
    format!("{:<9}", format!("{}:", tr(id)))
}
