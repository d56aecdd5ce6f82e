//! `oware user list | reset-password NAME`: the operator's commands on the accounts of a
//! server's database, run beside the running server (there is no mail server: a forgotten
//! password gets a one-time link that the operator passes on).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

/// Arguments of `oware user`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server's database: its SQLite file or PostgreSQL URL (as `oware serve --db`).
    #[arg(
        long,
        env = "OWARE_DATABASE_URL",
        default_value = "oware.sqlite",
        global = true
    )]
    pub db: PathBuf,
    /// What to do.
    #[command(subcommand)]
    pub command: UserCommand,
}

/// The operator's commands.
#[derive(Subcommand, Debug)]
pub enum UserCommand {
    /// The accounts, oldest first: name, creation date, closed or not.
    List {
        /// At most this many.
        #[arg(long, default_value_t = 1000)]
        limit: u32,
    },
    /// Print a one-time link (valid 24 hours) that lets player NAME set a new password.
    ResetPassword {
        /// The account's name (any case).
        name: String,
        /// The site's address as players reach it.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        base_url: String,
    },
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let db = args.db.to_string_lossy().to_string();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        match args.command {
            UserCommand::List { limit } => {
                let users = oware_server::operator::list_users(&db, limit).await?;
                if users.is_empty() {
                    println!("no accounts");
                }
                for u in users {
                    let closed = if u.closed { "  (closed)" } else { "" };
                    println!("{:<20}  created {}{closed}", u.name, date(u.created_ms));
                }
            }
            UserCommand::ResetPassword { name, base_url } => {
                let link = oware_server::operator::reset_link(&db, &name, &base_url).await?;
                println!("{link}");
                eprintln!("give this link to {name}: it sets a new password once, within 24 hours");
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// `YYYY-MM-DD` of epoch milliseconds (UTC).
fn date(ms: u64) -> String {
    oware_server::utc_date((ms / 86_400_000) as i64)
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_utc_days() {
        assert_eq!(super::date(0), "1970-01-01");
        assert_eq!(super::date(1_796_083_200_000), "2026-12-01");
    }
}
