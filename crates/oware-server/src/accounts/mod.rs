//! Accounts: sign-up, log-in and log-out, sessions, password changes, closing an account and
//! the operator's one-time reset links. No HTTP here: `http/accounts.rs` reads the cookie and
//! the body and calls these; `store/accounts.rs` keeps the rows.
//!
//! **Sessions** (OWASP's Session Management Cheat Sheet): a session is 32 random bytes
//! (`getrandom`), sent to the browser once as the cookie [`COOKIE`] and stored only as its
//! SHA-256; a new one at every log-in (the old cookie's session is ended), so a session id
//! planted before log-in is worth nothing; it ends after [`SESSION_DAYS`] days, at log-out
//! (this device, or every device), and when the password changes or the account closes.
//!
//! **Guessing** is limited per address and per account (`attempts.rs`), and a wrong name costs
//! the same hash as a wrong password (`password.rs`), so answers do not tell which names exist
//! beyond what sign-up must ("this name is taken").

mod attempts;
mod password;
mod username;

use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::store::accounts::{NewUserError, UserRow};
use crate::store::{Store, StoreError};
use crate::time::Clock;
use attempts::Window;
pub use password::{check_new as check_password, Busy, Hasher, PasswordError, PASSWORD_MAX};
pub use username::{check as check_name, reserved as reserved_name, NameError};

/// The session cookie's name.
pub const COOKIE: &str = "oware_session";
/// How long a session lasts, in days.
pub const SESSION_DAYS: u64 = 30;
/// How long an operator's reset link lasts, in hours.
pub const RESET_HOURS: u64 = 24;

const DAY_MS: u64 = 24 * 3600 * 1000;

/// A logged-in player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A new session: the token for the cookie (shown once, never stored) and its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    /// The account.
    pub user: User,
    /// The cookie's value.
    pub token: String,
    /// Seconds until it ends (the cookie's `Max-Age`).
    pub max_age_s: u64,
}

/// Why an account operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountError {
    /// The user name is not valid.
    Name(NameError),
    /// The new password is not accepted.
    Password(PasswordError),
    /// The name is taken.
    Taken,
    /// Wrong name or password (one message for both).
    BadCredentials,
    /// Too many attempts: try again after this many seconds.
    TooMany(u64),
    /// The hashing pool is full.
    Busy,
    /// No session (or an ended one).
    NotLoggedIn,
    /// No such account.
    Unknown,
    /// A reset link that does not exist, was used or has expired.
    BadReset,
    /// The database failed.
    Store(StoreError),
    /// Our own failure (randomness, hashing).
    Internal(String),
}

impl fmt::Display for AccountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountError::Name(e) => write!(f, "{e}"),
            AccountError::Password(e) => write!(f, "{e}"),
            AccountError::Taken => f.write_str("this user name is taken"),
            AccountError::BadCredentials => f.write_str("wrong user name or password"),
            AccountError::TooMany(s) => {
                write!(f, "too many log-in attempts: try again in {s} seconds")
            }
            AccountError::Busy => {
                f.write_str("the server is busy checking passwords: try again in a moment")
            }
            AccountError::NotLoggedIn => f.write_str("you are not logged in"),
            AccountError::Unknown => f.write_str("no such player"),
            AccountError::BadReset => {
                f.write_str("this reset link is unknown, used or expired: ask for a new one")
            }
            AccountError::Store(e) => write!(f, "{e}"),
            AccountError::Internal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AccountError {}

impl From<StoreError> for AccountError {
    fn from(e: StoreError) -> Self {
        AccountError::Store(e)
    }
}

impl From<Busy> for AccountError {
    fn from(_: Busy) -> Self {
        AccountError::Busy
    }
}

/// The SHA-256 of a secret token, as hex: what the store keeps.
fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn random_token() -> Result<String, AccountError> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| AccountError::Internal(format!("random: {e}")))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Whether `token` has the shape of ours (64 hex digits), so junk never reaches the store.
fn plausible(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The key an address is counted under (an IPv6 client by its /64).
fn address_key(ip: IpAddr) -> String {
    crate::limits::ClientKey::of(ip).addr().to_string()
}

/// The accounts service (see the module).
pub struct Accounts {
    store: Arc<dyn Store>,
    hasher: Hasher,
    by_address: Window,
    by_account: Window,
    clock: Arc<dyn Clock>,
}

impl Accounts {
    /// Accounts in `store`'s database, hashing on `hasher`, on `clock`'s time.
    pub fn new(store: Arc<dyn Store>, hasher: Hasher, clock: Arc<dyn Clock>) -> Accounts {
        Accounts {
            store,
            hasher,
            by_address: Window::default(),
            by_account: Window::default(),
            clock,
        }
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Counts an attempt from `ip`, refusing beyond the limit.
    fn attempt_from(&self, ip: Option<IpAddr>) -> Result<(), AccountError> {
        let Some(ip) = ip else { return Ok(()) };
        let key = address_key(ip);
        let now = self.now();
        self.by_address
            .check(&key, attempts::PER_ADDRESS, now)
            .map_err(AccountError::TooMany)?;
        self.by_address.count(&key, now);
        Ok(())
    }

    async fn new_session(&self, user: User) -> Result<NewSession, AccountError> {
        let token = random_token()?;
        let max_age_s = SESSION_DAYS * DAY_MS / 1000;
        self.store
            .accounts()
            .create_session(
                token_hash(&token),
                user.id.clone(),
                self.now() + SESSION_DAYS * DAY_MS,
            )
            .await?;
        Ok(NewSession {
            user,
            token,
            max_age_s,
        })
    }

    /// Makes account `name` with `password` and logs it in.
    pub async fn sign_up(
        &self,
        name: &str,
        password: &str,
        ip: Option<IpAddr>,
    ) -> Result<NewSession, AccountError> {
        let name = check_name(name).map_err(AccountError::Name)?;
        check_password(password, name).map_err(AccountError::Password)?;
        self.attempt_from(ip)?;
        let hash = self
            .hasher
            .hash(password.to_string())
            .await?
            .map_err(AccountError::Internal)?;
        let user = UserRow {
            id: random_token()?[..24].to_string(),
            name: name.to_string(),
            password: hash,
            created_ms: self.now(),
            closed: false,
        };
        match self.store.accounts().create_user(user.clone()).await {
            Ok(()) => {}
            Err(NewUserError::Taken) => return Err(AccountError::Taken),
            Err(NewUserError::Store(e)) => return Err(e.into()),
        }
        tracing::info!(user = %user.name, "account created");
        self.new_session(User {
            id: user.id,
            name: user.name,
        })
        .await
    }

    /// Checks `name` and `password` and opens a new session.
    pub async fn log_in(
        &self,
        name: &str,
        password: &str,
        ip: Option<IpAddr>,
    ) -> Result<NewSession, AccountError> {
        if name.len() > username::NAME_MAX || password.chars().count() > PASSWORD_MAX {
            return Err(AccountError::BadCredentials);
        }
        let account_key = name.to_lowercase();
        let now = self.now();
        self.by_account
            .check(&account_key, attempts::PER_ACCOUNT, now)
            .map_err(AccountError::TooMany)?;
        self.attempt_from(ip)?;
        let found = self.store.accounts().user_by_name(name.to_string()).await?;
        let stored = found
            .as_ref()
            .filter(|u| !u.closed)
            .map(|u| u.password.clone())
            .unwrap_or_default();
        let ok = self.hasher.verify(password.to_string(), stored).await?;
        match found {
            Some(u) if ok && !u.closed => {
                self.by_account.clear(&account_key);
                self.new_session(User {
                    id: u.id,
                    name: u.name,
                })
                .await
            }
            _ => {
                self.by_account.count(&account_key, self.now());
                Err(AccountError::BadCredentials)
            }
        }
    }

    /// The player whose session `token` is, if it is a live session.
    pub async fn user(&self, token: &str) -> Result<Option<User>, AccountError> {
        if !plausible(token) {
            return Ok(None);
        }
        let found = self
            .store
            .accounts()
            .session(token_hash(token), self.now())
            .await?;
        Ok(found.map(|s| User {
            id: s.user.id,
            name: s.user.name,
        }))
    }

    /// Ends session `token`, or with `all` every session of its account.
    pub async fn log_out(&self, token: &str, all: bool) -> Result<(), AccountError> {
        if !plausible(token) {
            return Ok(());
        }
        if all {
            if let Some(u) = self.user(token).await? {
                self.store.accounts().delete_sessions(u.id).await?;
            }
        }
        self.store
            .accounts()
            .delete_session(token_hash(token))
            .await?;
        Ok(())
    }

    /// Changes `user`'s password after checking the current one; every session ends and a
    /// new one (for this device) begins.
    pub async fn change_password(
        &self,
        user: &User,
        current: &str,
        new: &str,
    ) -> Result<NewSession, AccountError> {
        self.check_own_password(user, current).await?;
        check_password(new, &user.name).map_err(AccountError::Password)?;
        let hash = self
            .hasher
            .hash(new.to_string())
            .await?
            .map_err(AccountError::Internal)?;
        if !self
            .store
            .accounts()
            .set_password(user.id.clone(), hash)
            .await?
        {
            return Err(AccountError::NotLoggedIn);
        }
        tracing::info!(user = %user.name, "password changed");
        self.new_session(user.clone()).await
    }

    async fn check_own_password(&self, user: &User, password: &str) -> Result<(), AccountError> {
        let key = user.name.to_lowercase();
        self.by_account
            .check(&key, attempts::PER_ACCOUNT, self.now())
            .map_err(AccountError::TooMany)?;
        let stored = self
            .store
            .accounts()
            .user_by_id(user.id.clone())
            .await?
            .map(|u| u.password)
            .unwrap_or_default();
        if password.chars().count() > PASSWORD_MAX
            || !self.hasher.verify(password.to_string(), stored).await?
        {
            self.by_account.count(&key, self.now());
            return Err(AccountError::BadCredentials);
        }
        Ok(())
    }

    /// Closes `user`'s account after checking its password: no more log-ins; its games stay.
    pub async fn close(&self, user: &User, password: &str) -> Result<(), AccountError> {
        self.check_own_password(user, password).await?;
        self.store.accounts().close_user(user.id.clone()).await?;
        tracing::info!(user = %user.name, "account closed");
        Ok(())
    }

    /// A one-time reset link's token for account `name` (the operator's command).
    pub async fn reset_token(&self, name: &str) -> Result<String, AccountError> {
        let user = self
            .store
            .accounts()
            .user_by_name(name.to_string())
            .await?
            .filter(|u| !u.closed)
            .ok_or(AccountError::Unknown)?;
        let token = random_token()?;
        self.store
            .accounts()
            .create_reset(
                token_hash(&token),
                user.id,
                self.now() + RESET_HOURS * 3600 * 1000,
            )
            .await?;
        Ok(token)
    }

    /// Sets a new password with a reset link's token (used up) and logs the account in.
    pub async fn reset(
        &self,
        token: &str,
        new: &str,
        ip: Option<IpAddr>,
    ) -> Result<NewSession, AccountError> {
        self.attempt_from(ip)?;
        if !plausible(token) {
            return Err(AccountError::BadReset);
        }
        let accounts = self.store.accounts();
        // The password is checked before the link is used up, so a refused password does not
        // cost the link.
        let user_id = {
            let hash = token_hash(token);
            let user = accounts
                .take_reset(hash.clone(), self.now())
                .await?
                .ok_or(AccountError::BadReset)?;
            let row = accounts
                .user_by_id(user.clone())
                .await?
                .filter(|u| !u.closed)
                .ok_or(AccountError::BadReset)?;
            if let Err(e) = check_password(new, &row.name) {
                // Put the link back for the next try.
                accounts
                    .create_reset(hash, user, self.now() + RESET_HOURS * 3600 * 1000)
                    .await?;
                return Err(AccountError::Password(e));
            }
            row
        };
        let hash = self
            .hasher
            .hash(new.to_string())
            .await?
            .map_err(AccountError::Internal)?;
        accounts.set_password(user_id.id.clone(), hash).await?;
        tracing::info!(user = %user_id.name, "password reset with a one-time link");
        self.new_session(User {
            id: user_id.id,
            name: user_id.name,
        })
        .await
    }

    /// The account named `name` (any case), closed ones too.
    pub async fn find(&self, name: &str) -> Result<Option<UserRow>, AccountError> {
        if check_name(name).is_err() && name.len() > username::NAME_MAX {
            return Ok(None);
        }
        Ok(self.store.accounts().user_by_name(name.to_string()).await?)
    }

    /// The store, for the profile and leaderboard queries.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The clock.
    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }
}
