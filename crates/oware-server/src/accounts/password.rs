//! Passwords: the policy (length, the common list, not the name) and Argon2id hashing on a
//! bounded pool.
//!
//! **Hash.** Argon2id with OWASP's Password Storage Cheat Sheet parameters: 19 MiB of memory,
//! 2 iterations, 1 lane ([`params`]); a random 16-byte salt per hash; stored as the PHC
//! string (`$argon2id$v=19$m=19456,t=2,p=1$…`), so the parameters can be raised later and old
//! hashes still verify. The crate is RustCrypto's `argon2`.
//!
//! **Pool.** A hash takes tens of milliseconds of one core and 19 MiB. At most
//! [`Hasher::new`]'s `threads` run at once (on tokio's blocking pool, so the async workers that
//! relay moves never wait on one), and at most `queue` more wait; beyond that a log-in is
//! refused at once ([`Busy`], answered 503 with `Retry-After`) rather than queued behind a
//! flood, so a burst of log-ins cannot slow the games.
//!
//! **Policy** (OWASP's Authentication Cheat Sheet): at least [`PASSWORD_MIN`] characters, at
//! most [`PASSWORD_MAX`] (long enough for pass phrases and generated passwords), any
//! characters, no composition rules; refused when it is one of the common passwords shipped
//! in `common-passwords.txt` or the user name itself.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// The shortest password accepted, in characters.
pub const PASSWORD_MIN: usize = 8;
/// The longest password accepted, in characters.
pub const PASSWORD_MAX: usize = 128;

const COMMON: &str = include_str!("common-passwords.txt");

/// Why a new password is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordError {
    /// Shorter than [`PASSWORD_MIN`].
    TooShort,
    /// Longer than [`PASSWORD_MAX`].
    TooLong,
    /// On the list of common passwords.
    Common,
    /// The user name itself.
    SameAsName,
}

impl std::fmt::Display for PasswordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PasswordError::TooShort => write!(f, "a password has at least {PASSWORD_MIN} characters"),
            PasswordError::TooLong => write!(f, "a password has at most {PASSWORD_MAX} characters"),
            PasswordError::Common => f.write_str(
                "this password is one of the most common ones, the first an attacker tries: choose another",
            ),
            PasswordError::SameAsName => f.write_str("the password cannot be the user name"),
        }
    }
}

/// Whether `password` may be the password of account `name`.
pub fn check_new(password: &str, name: &str) -> Result<(), PasswordError> {
    let n = password.chars().count();
    if n < PASSWORD_MIN {
        return Err(PasswordError::TooShort);
    }
    if n > PASSWORD_MAX {
        return Err(PasswordError::TooLong);
    }
    if password.eq_ignore_ascii_case(name) {
        return Err(PasswordError::SameAsName);
    }
    let lower = password.to_lowercase();
    let common = COMMON
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| l == lower);
    if common {
        return Err(PasswordError::Common);
    }
    Ok(())
}

/// OWASP's Argon2id parameters: m = 19 MiB, t = 2, p = 1.
pub fn params() -> Params {
    // The numbers are within argon2's limits: this cannot fail.
    Params::new(19 * 1024, 2, 1, None).unwrap_or_default()
}

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
}

/// The hashing pool is full: try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// Argon2id hashing and checking on a bounded pool (see the module).
pub struct Hasher {
    slots: Arc<Semaphore>,
    /// Jobs running or waiting.
    waiting: AtomicUsize,
    threads: usize,
    queue: usize,
}

impl Hasher {
    /// A pool running at most `threads` hashes at once, with `queue` more waiting.
    pub fn new(threads: usize, queue: usize) -> Hasher {
        Hasher {
            slots: Arc::new(Semaphore::new(threads.max(1))),
            waiting: AtomicUsize::new(0),
            threads: threads.max(1),
            queue,
        }
    }

    async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.queue + self.threads {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(Busy);
        }
        let permit = Arc::clone(&self.slots).acquire_owned().await;
        let result = match permit {
            Ok(permit) => tokio::task::spawn_blocking(move || {
                let out = job();
                drop(permit);
                out
            })
            .await
            .map_err(|_| Busy),
            Err(_) => Err(Busy),
        };
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        result
    }

    /// The PHC string of `password` with a fresh random salt.
    pub async fn hash(&self, password: String) -> Result<Result<String, String>, Busy> {
        self.run(move || {
            let mut salt = [0u8; 16];
            getrandom::fill(&mut salt).map_err(|e| format!("random: {e}"))?;
            let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
            argon2()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| e.to_string())
        })
        .await
    }

    /// Whether `password` matches the PHC string `stored`. An empty or damaged `stored` (no
    /// such account, a closed one) is checked against a dummy hash, so that the answer takes
    /// as long as for a real account and tells nothing of which names exist.
    pub async fn verify(&self, password: String, stored: String) -> Result<bool, Busy> {
        self.run(move || {
            let real = PasswordHash::new(&stored).ok();
            let dummy_text = dummy();
            let hash = match (&real, PasswordHash::new(dummy_text)) {
                (Some(h), _) => h.clone(),
                (None, Ok(d)) => d,
                (None, Err(_)) => return false,
            };
            let ok = Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok();
            ok && real.is_some()
        })
        .await
    }
}

/// A hash of a random password, made once, checked against when there is no real hash.
fn dummy() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let mut salt = [7u8; 16];
        let _ = getrandom::fill(&mut salt);
        match SaltString::encode_b64(&salt) {
            Ok(s) => argon2()
                .hash_password(b"no account here", &s)
                .map(|h| h.to_string())
                .unwrap_or_default(),
            Err(_) => String::new(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_long_common_and_name_passwords_are_refused() {
        assert_eq!(check_new("short", "kofi"), Err(PasswordError::TooShort));
        assert_eq!(
            check_new(&"x".repeat(129), "kofi"),
            Err(PasswordError::TooLong)
        );
        assert_eq!(check_new("Password1", "kofi"), Err(PasswordError::Common));
        assert_eq!(check_new("qwertyuiop", "kofi"), Err(PasswordError::Common));
        assert_eq!(
            check_new("KofiMensah", "kofimensah"),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(check_new("seeds in the house", "kofi"), Ok(()));
        assert_eq!(check_new("ñandú-ñandú", "kofi"), Ok(()));
    }

    #[tokio::test]
    async fn a_hash_is_argon2id_with_owasp_parameters_and_verifies_only_its_password() {
        let h = Hasher::new(1, 4);
        let phc = h.hash("seeds in the house".into()).await.unwrap().unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(!phc.contains("seeds"));
        assert!(h
            .verify("seeds in the house".into(), phc.clone())
            .await
            .unwrap());
        assert!(!h.verify("seeds in the House".into(), phc).await.unwrap());
        assert!(!h.verify("anything".into(), String::new()).await.unwrap());
    }

    #[tokio::test]
    async fn a_full_pool_refuses_at_once() {
        let h = Arc::new(Hasher::new(1, 0));
        let gate = Arc::new(tokio::sync::Barrier::new(2));
        let (g, h2) = (Arc::clone(&gate), Arc::clone(&h));
        let first = tokio::spawn(async move {
            h2.run(move || {
                // Hold the one slot until the test has tried a second job.
                let rt = tokio::runtime::Builder::new_current_thread()
                    .build()
                    .unwrap();
                rt.block_on(g.wait());
            })
            .await
        });
        // Wait until the first job holds the slot.
        while h.slots.available_permits() == 1 {
            tokio::task::yield_now().await;
        }
        assert_eq!(h.run(|| ()).await, Err(Busy));
        gate.wait().await;
        assert_eq!(first.await.unwrap(), Ok(()));
    }
}
