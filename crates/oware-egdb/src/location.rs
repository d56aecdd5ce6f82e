//! Where the tables live: one rule for every command.

use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable that points every command at another table folder.
pub const ENV_VAR: &str = "OWARE_EGDB_DIR";

/// Why a table folder was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Given on the command line (`--egdb DIR`, `EgdbPath`).
    Flag,
    /// `$OWARE_EGDB_DIR`.
    Env,
    /// The platform's per-user data folder (`dirs::data_dir()`), e.g.
    /// `~/.local/share/oware/egdb` on Linux.
    UserData,
    /// `./data/egdb`: the platform has no per-user data folder (no home directory).
    WorkingDir,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Flag => "given on the command line",
            Source::Env => "from $OWARE_EGDB_DIR",
            Source::UserData => "the per-user data folder",
            Source::WorkingDir => "relative to the working directory: no per-user data folder",
        })
    }
}

/// A table folder and why it was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The folder.
    pub dir: PathBuf,
    /// Why this one.
    pub source: Source,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.dir.display(), self.source)
    }
}

/// The table folder every command uses: `flag` when given, else `$OWARE_EGDB_DIR` when set and
/// not empty, else `<data dir>/oware/egdb` in the platform's per-user data folder
/// (`~/.local/share` on Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on
/// Windows), else `./data/egdb`.
pub fn locate(flag: Option<&Path>) -> Location {
    if let Some(dir) = flag {
        return Location {
            dir: dir.to_path_buf(),
            source: Source::Flag,
        };
    }
    match std::env::var_os(ENV_VAR) {
        Some(d) if !d.is_empty() => Location {
            dir: PathBuf::from(d),
            source: Source::Env,
        },
        _ => match user_dir() {
            Some(dir) => Location {
                dir,
                source: Source::UserData,
            },
            None => Location {
                dir: PathBuf::from("data").join("egdb"),
                source: Source::WorkingDir,
            },
        },
    }
}

/// `<platform data dir>/oware/egdb`, when the platform has a per-user data folder.
pub fn user_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("oware").join("egdb"))
}

/// The default table folder: [`locate`] without a flag.
pub fn default_dir() -> PathBuf {
    locate(None).dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_wins() {
        let l = locate(Some(Path::new("/x/y")));
        assert_eq!(l.dir, PathBuf::from("/x/y"));
        assert_eq!(l.source, Source::Flag);
        assert!(l.to_string().contains("command line"));
    }

    #[test]
    fn user_dir_ends_in_oware_egdb() {
        if let Some(d) = user_dir() {
            assert!(d.ends_with("oware/egdb"), "{}", d.display());
        }
    }
}
