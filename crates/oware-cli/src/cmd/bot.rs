//! `oware bot --server URL --token-file F --engine "CMD" [--config bot.toml]`: an engine plays on
//! a site as a bot account (crate `oware-bot`). This module reads the arguments, the token and
//! the config, logs to standard error and stops the bridge on Ctrl-C (nothing is resigned; the
//! engines are stopped). `docs/bot-bridge.md` has the config keys.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use oware_bot::config::MoveList;
use oware_bot::{Bridge, Client, Config, EngineCommand, Exit, Token};

/// Arguments of `oware bot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server (http://HOST:PORT).
    #[arg(long)]
    pub server: String,
    /// A file holding the bot account's API token (`owt_…`); read, trimmed, never logged.
    #[arg(long, value_name = "FILE")]
    pub token_file: PathBuf,
    /// The engine's command line, split as a shell would, e.g. "oware uci --level hard".
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// The config file (TOML; every key optional, see docs/bot-bridge.md).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// How `position` lists the moves played: `joined` (`moves EfB`, Aualé's dialect, the
    /// default) or `spaced` (`moves E f B`); overrides the config's `engine.move_list`.
    #[arg(long, value_name = "joined|spaced")]
    pub move_list: Option<MoveList>,
}

/// Runs `oware bot`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::common::init_logging();
    let mut config = match &args.config {
        Some(path) => Config::read(path).map_err(anyhow::Error::msg)?,
        None => Config::default(),
    };
    if let Some(m) = args.move_list {
        config.engine.move_list = m;
    }
    let token = Token::read(&args.token_file).map_err(anyhow::Error::msg)?;
    let engine = EngineCommand::parse(&args.engine).map_err(anyhow::Error::msg)?;
    let client = Client::new(&args.server, token).map_err(anyhow::Error::msg)?;
    let bridge = Bridge {
        client,
        engine,
        config: Arc::new(config),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let exit = runtime.block_on(async {
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                let _ = stop_tx.send(true);
            }
            // Keep the sender: a dropped one would read as a stop too.
            std::future::pending::<()>().await;
        });
        bridge.run(stop_rx).await
    });
    match exit {
        Exit::Stopped => Ok(ExitCode::SUCCESS),
        Exit::Refused(why) => {
            anyhow::bail!("the server refused the bot ({why}): check --token-file and --server")
        }
    }
}
