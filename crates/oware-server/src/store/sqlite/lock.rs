//! The exclusive hold of one server process on its SQLite file: an `flock` (through `fs4`) on
//! the database file itself, so that the lock follows the file and not its name (a hard link or
//! a symlink of a served file is refused like the file), and a set of the files this process
//! holds, so that a second store in the same process is refused before it opens the file.

use std::collections::BTreeSet;
use std::fs::File;
use std::path::Path;
use std::sync::Mutex;

use crate::store::StoreError;

/// A file's identity: its device and inode on Unix (what hard links and symlinks share), its
/// canonical path elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct FileId(
    #[cfg(unix)] (u64, u64),
    #[cfg(not(unix))] std::path::PathBuf,
);

/// The database files this process holds, by identity. A second store in the same process is
/// refused from this set before it opens the file: closing a descriptor of a file drops every
/// POSIX lock the process holds on it, SQLite's own included.
static HELD: Mutex<BTreeSet<FileId>> = Mutex::new(BTreeSet::new());

/// The exclusive hold of this process on a database file; dropped after the connection.
pub(crate) struct FileLock {
    /// The locked file (Unix: the database itself; elsewhere `FILE.lock` beside its canonical
    /// path, as Windows locks are mandatory and would stop SQLite's own reads).
    _file: File,
    id: FileId,
}

impl Drop for FileLock {
    fn drop(&mut self) {
        HELD.lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.id);
    }
}

#[cfg(unix)]
fn file_id(meta: &std::fs::Metadata, _canonical: &Path) -> FileId {
    use std::os::unix::fs::MetadataExt;
    FileId((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_meta: &std::fs::Metadata, canonical: &Path) -> FileId {
    FileId(canonical.to_path_buf())
}

/// Takes the exclusive lock that keeps a second server off this database file, under any of
/// its names. On Unix the lock is a `flock` of the database file itself (creating it, empty,
/// when it does not exist yet; SQLite takes an empty file as a new database): `flock` locks are
/// separate from the POSIX locks SQLite uses, so the two never interfere, and a hard link or a
/// symlink reaches the same inode and so the same lock.
pub(super) fn take_lock(path: &Path) -> Result<FileLock, StoreError> {
    let shown = path.display().to_string();
    let locked = |canonical: &Path| StoreError::Locked {
        path: shown.clone(),
        lock: canonical.display().to_string(),
    };
    // Before any descriptor is opened: the same file held by this process already.
    if let (Ok(meta), Ok(canonical)) = (std::fs::metadata(path), path.canonicalize()) {
        if HELD
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&file_id(&meta, &canonical))
        {
            return Err(locked(&canonical));
        }
    }
    let db = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .or_else(|e| match e.kind() {
            // A file that exists but cannot be written: SQLite's check says so clearly.
            std::io::ErrorKind::PermissionDenied if path.is_file() => File::open(path),
            _ => Err(e),
        })
        .map_err(|e| StoreError::ReadOnly {
            path: shown.clone(),
            reason: format!("cannot create or open it: {e}"),
        })?;
    let failed = |message: String| StoreError::Failed {
        resource: format!("SQLite file {shown}"),
        message,
    };
    let canonical = path
        .canonicalize()
        .map_err(|e| failed(format!("cannot resolve its path: {e}")))?;
    let meta = db
        .metadata()
        .map_err(|e| failed(format!("cannot read its metadata: {e}")))?;
    let id = file_id(&meta, &canonical);
    #[cfg(unix)]
    let file = db;
    #[cfg(not(unix))]
    let file = {
        drop(db);
        let mut name = canonical.as_os_str().to_owned();
        name.push(".lock");
        std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(std::path::PathBuf::from(name))
            .map_err(|e| StoreError::ReadOnly {
                path: shown.clone(),
                reason: format!("cannot create its lock file: {e}"),
            })?
    };
    let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
    if held.contains(&id) {
        return Err(locked(&canonical));
    }
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => {
            held.insert(id.clone());
            Ok(FileLock { _file: file, id })
        }
        Err(fs4::TryLockError::WouldBlock) => Err(locked(&canonical)),
        Err(fs4::TryLockError::Error(e)) => Err(failed(format!("cannot lock it: {e}"))),
    }
}
