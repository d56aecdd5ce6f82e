//! `oware login URL` and `oware logout URL`: an account of `oware serve` from the terminal
//! (crate `oware-tui`'s `net::log_in` and `net::log_out`). This module only reads the name and
//! the password and says what happened; the session is kept per server in the per-user config
//! folder (`~/.config/oware/sessions`, readable by the user only) and `oware play --online`
//! sends it with every request to that server.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use oware_tui::lobby::Address;
use oware_tui::net::{log_in, log_out, runtime, LoggedOut, Sessions};

/// Arguments of `oware login`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server (http://HOST:PORT), or any game's link on it.
    pub url: String,
    /// The account's name (asked when not given). The password is always asked, never taken
    /// from the command line: on a terminal it is read without being shown; from a pipe, as
    /// the first line after the name.
    #[arg(long)]
    pub name: Option<String>,
}

/// Arguments of `oware logout`.
#[derive(clap::Args, Debug)]
pub struct LogoutArgs {
    /// The server (http://HOST:PORT), or any game's link on it.
    pub url: String,
}

/// The server's address of `url`: a server's, or a game link's server.
fn server(url: &str) -> anyhow::Result<String> {
    Ok(match Address::parse(url).map_err(anyhow::Error::msg)? {
        Address::Game(t) => t.base,
        Address::Server(base) => base,
    })
}

/// One line of standard input without its line end; an error when the input has ended.
fn read_line(what: &str) -> anyhow::Result<String> {
    let mut line = String::new();
    if std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("cannot read the standard input")?
        == 0
    {
        anyhow::bail!("no {what} given: the input ended");
    }
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}

/// Runs `oware login`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let base = server(&args.url)?;
    let name = match args.name {
        Some(n) => n,
        None => {
            if std::io::stdin().is_terminal() {
                print!("Name on {base}: ");
                std::io::stdout().flush()?;
            }
            read_line("name")?
        }
    };
    let name = name.trim().to_string();
    if name.is_empty() {
        anyhow::bail!("no name given");
    }
    let password = if std::io::stdin().is_terminal() {
        match oware_tui::term::read_secret("Password (not shown): ")
            .context("the terminal failed")?
        {
            Some(p) => p,
            None => {
                println!("Not logged in.");
                return Ok(ExitCode::FAILURE);
            }
        }
    } else {
        read_line("password")?
    };
    if password.is_empty() {
        anyhow::bail!("no password given");
    }
    let sessions = Sessions::user();
    let runtime = runtime().map_err(anyhow::Error::msg)?;
    let (session, path) = runtime
        .block_on(log_in(&base, &name, &password, &sessions))
        .map_err(anyhow::Error::msg)?;
    drop(password);
    println!(
        "Logged in to {base} as {}. The session is kept in {} (oware logout {base} ends it); \
         oware play --online {base} plays as {}.",
        session.name,
        path.display(),
        session.name
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `oware logout`.
pub fn run_logout(args: LogoutArgs) -> anyhow::Result<ExitCode> {
    let base = server(&args.url)?;
    let runtime = runtime().map_err(anyhow::Error::msg)?;
    match runtime
        .block_on(log_out(&base, &Sessions::user()))
        .map_err(anyhow::Error::msg)?
    {
        LoggedOut::NotLoggedIn => println!("Not logged in to {base}: nothing to do."),
        LoggedOut::Done { name } => println!("Logged out of {base} ({name})."),
        LoggedOut::ForgottenOnly { name, why } => println!(
            "The log-in to {base} ({name}) is forgotten here, but the server was not told \
             ({why}): the session ends by itself."
        ),
    }
    Ok(ExitCode::SUCCESS)
}
