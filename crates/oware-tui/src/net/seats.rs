//! The seat tokens kept between runs, one small file per game ([`Seats`]).

use std::path::{Path, PathBuf};

use crate::checked::SeatToken;
use crate::lang::tr;

use super::http::Target;

/// The seat tokens of the online games this user plays, one small file per game (server and
/// id) in the per-user data folder (`~/.local/share/oware/seats` on Linux), as the web page
/// keeps them in the browser's storage: running `oware play --online URL` again gives the seat
/// back. The folder is made readable by this user only (mode 700, the files 600); a file's
/// name is the server's address with everything but ASCII letters and digits replaced by `_`,
/// a `-` and the game id ([`GameId`](crate::checked::GameId): letters and digits), so no name leaves the folder.
#[derive(Debug, Clone)]
pub struct Seats {
    dir: Option<PathBuf>,
}

impl Seats {
    /// The per-user folder (`dirs::data_dir()/oware/seats`); none without a home.
    pub fn user() -> Seats {
        Seats {
            dir: dirs::data_dir().map(|d| d.join("oware").join("seats")),
        }
    }

    /// Tokens kept in `dir`.
    pub fn in_dir(dir: PathBuf) -> Seats {
        Seats { dir: Some(dir) }
    }

    fn file(&self, t: &Target) -> Option<PathBuf> {
        // Letters, digits, `_` and `-` only: one name inside the folder, whatever the server.
        let name = format!("{}-{}", server_name(&t.base), t.id);
        debug_assert!(name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
        Some(self.dir.as_ref()?.join(name))
    }

    /// The token kept for `t`.
    pub fn load(&self, t: &Target) -> Option<SeatToken> {
        let text = std::fs::read_to_string(self.file(t)?).ok()?;
        SeatToken::new(text.trim()).ok()
    }

    /// Keeps `token` for `t` (the folder made with mode 700, the file 600, written atomically:
    /// `write_private`).
    pub fn save(&self, t: &Target, token: &SeatToken) -> Result<(), String> {
        let Some(path) = self.file(t) else {
            return Err(tr("term-seat-no-folder"));
        };
        write_private(&path, format!("{}\n", token.as_str()).as_bytes()).map_err(|e| {
            crate::lang::t(
                "term-seat-not-kept",
                &[
                    ("path", path.display().to_string().into()),
                    ("error", e.to_string().into()),
                ],
            )
        })
    }

    /// Forgets the token of `t` (the server does not know it).
    pub fn forget(&self, t: &Target) {
        if let Some(path) = self.file(t) {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The server's address without its scheme, everything but ASCII letters and digits turned
/// into `_` (`127_0_0_1_8080`): a part of a file name that cannot leave its folder.
pub(super) fn server_name(base: &str) -> String {
    base.split("://")
        .nth(1)
        .unwrap_or(base)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Writes `bytes` to `path` for this user only, atomically: the folder is made with mode 700
/// if missing, the bytes go to a new file of mode 600 beside `path` (`.NAME.tmp-PID`), which is
/// flushed to disk and renamed over `path`. A reader sees the old file or the new one, never a
/// half-written one, and the file is never readable by others, not even for a moment.
pub(super) fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    // A leftover of an interrupted run is replaced, never reused with its permissions.
    let _ = std::fs::remove_file(&tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let written = (|| {
        let mut f = options.open(&tmp)?;
        std::io::Write::write_all(&mut f, bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_tokens_are_kept_per_server_and_game() {
        let dir = std::env::temp_dir().join(format!("oware-seats-{}", std::process::id()));
        let seats = Seats::in_dir(dir.clone());
        let a = Target::parse("http://127.0.0.1:8080/game/aa").unwrap();
        let b = Target::parse("http://127.0.0.1:9090/game/aa").unwrap();
        assert_eq!(seats.load(&a), None);
        seats
            .save(&a, &SeatToken::new("0123abcd").unwrap())
            .unwrap();
        assert_eq!(
            seats.load(&a).as_ref().map(SeatToken::as_str),
            Some("0123abcd")
        );
        assert_eq!(seats.load(&b), None);
        seats.forget(&a);
        assert_eq!(seats.load(&a), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_seat_file_never_leaves_the_folder() {
        let dir = std::env::temp_dir().join(format!("oware-seats-safe-{}", std::process::id()));
        let seats = Seats::in_dir(dir.join("seats"));
        let t = Target::parse("http://[::1]:8080/a%2F..%2F/game/ab12").unwrap();
        seats.save(&t, &SeatToken::new("0123").unwrap()).unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.join("seats"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        assert!(files[0].ends_with("-ab12"), "{files:?}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&dir.join("seats")) & 0o777, 0o700);
            assert_eq!(mode(&dir.join("seats").join(&files[0])) & 0o777, 0o600);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
