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
//!
//! **The owner under attack** (OWASP's Authentication Cheat Sheet: lock-outs must not let
//! anyone lock anyone out). The limit per account counts the failed log-ins of strangers
//! only: a log-in from an address (/64 or /32) the account has logged in from before (the
//! last four, remembered at each log-in, sign-up and password change) is limited per address
//! only, and its hash waits in the pool's known lane, ahead of strangers'. So a guessing attack from many addresses throttles the
//! guessers, never the owner at home. A logged-in player's password checks (changing the
//! password, closing the account) have a limit of their own per account, which strangers
//! cannot reach. Each attempt's place is reserved before its hash, in one step with the
//! check, and settled by a guard, so simultaneous guesses cannot pass a limit.
//!
//! **Sign-ups** have their own limit per address (20 an hour), apart from log-ins.
//!
//! **API tokens** (`tokens.rs`): an account's tokens for programs (bots), stored hashed.

mod attempts;
mod password;
mod tokens;
mod username;

use std::net::IpAddr;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::limits::ClientKey;
use crate::store::accounts::{NewUserError, UserRow};
use crate::store::{Store, StoreError};
use crate::time::Clock;
use crate::window::{Refused, Window};
use attempts::Known;
pub use password::{
    check_new as check_password, Busy, Hasher, Lane, PasswordError, Ticket, PASSWORD_MAX,
    PASSWORD_MIN,
};
pub use tokens::{
    TokenError, TokenUser, AUTHORIZATION_BYTES_MAX, DESCRIPTION_BYTES_MAX, TOKENS_MAX,
};
pub use username::{check as check_name, reserved as reserved_name, NameError, NAME_MAX, NAME_MIN};

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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// The user name is not valid.
    #[error("{0}")]
    Name(NameError),
    /// The new password is not accepted.
    #[error("{0}")]
    Password(PasswordError),
    /// The name is taken.
    #[error("this user name is taken")]
    Taken,
    /// Wrong name or password (one message for both).
    #[error("wrong user name or password")]
    BadCredentials,
    /// Too many attempts of this kind: try again after this many seconds.
    #[error("{what}: try again in {s} seconds", what = .0.too_many(), s = .1)]
    TooMany(Limited, u64),
    /// The limits' tables are full of live clients: try again after this many seconds.
    #[error("too many clients are logging in or signing up right now: try again in {0} seconds")]
    Crowded(u64),
    /// The hashing pool is full.
    #[error("the server is busy checking passwords: try again in a moment")]
    Busy,
    /// No session (or an ended one).
    #[error("you are not logged in")]
    NotLoggedIn,
    /// No such account.
    #[error("no such player")]
    Unknown,
    /// A reset link that does not exist, was used or has expired.
    #[error("this reset link is unknown, used or expired: ask for a new one")]
    BadReset,
    /// The database failed.
    #[error("{0}")]
    Store(StoreError),
    /// Our own failure (randomness, hashing).
    #[error("{0}")]
    Internal(String),
}

/// Which limit refused a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limited {
    /// Log-in attempts (per address, or per account from unknown addresses), reset links.
    LogIns,
    /// Sign-ups per address.
    SignUps,
    /// A logged-in player's password checks.
    PasswordChecks,
}

impl Limited {
    /// What a refusal by this limit says before its wait.
    fn too_many(self) -> &'static str {
        match self {
            Limited::LogIns => "too many log-in attempts",
            Limited::SignUps => "too many accounts created from this address",
            Limited::PasswordChecks => "too many wrong passwords for this account",
        }
    }
}

impl AccountError {
    fn limited(what: Limited) -> impl Fn(Refused) -> AccountError {
        move |r| match r {
            Refused::Limit(s) => AccountError::TooMany(what, s),
            Refused::Full(s) => AccountError::Crowded(s),
        }
    }
}

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

/// The accounts service (see the module).
pub struct Accounts {
    store: Arc<dyn Store>,
    hasher: Hasher,
    /// Log-in attempts (and reset links tried) per address.
    log_ins: Window<ClientKey>,
    /// Failed log-ins per account (lower-case name) from addresses it has not used.
    failures: Window<String>,
    /// Failed password checks of logged-in players, per account id.
    checks: Window<String>,
    /// Sign-ups per address.
    sign_ups: Window<ClientKey>,
    /// The addresses each account has logged in from.
    known: Known,
    clock: Arc<dyn Clock>,
}

impl Accounts {
    /// Accounts in `store`'s database, hashing on `hasher`, on `clock`'s time.
    pub fn new(store: Arc<dyn Store>, hasher: Hasher, clock: Arc<dyn Clock>) -> Accounts {
        use attempts::*;
        Accounts {
            store,
            hasher,
            log_ins: Window::new(PER_ADDRESS, WINDOW_MS, KEYS_MAX),
            failures: Window::new(PER_ACCOUNT, WINDOW_MS, KEYS_MAX),
            checks: Window::new(PER_SESSION_USER, WINDOW_MS, KEYS_MAX),
            sign_ups: Window::new(SIGN_UPS_PER_ADDRESS, SIGN_UP_WINDOW_MS, KEYS_MAX),
            known: Known::new(KEYS_MAX),
            clock,
        }
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Counts a log-in attempt (or a reset link tried) from `client`, refusing beyond the limit.
    fn attempt_from(&self, client: Option<ClientKey>) -> Result<(), AccountError> {
        let Some(client) = client else { return Ok(()) };
        self.log_ins
            .take(&client, self.now())
            .map_err(AccountError::limited(Limited::LogIns))
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
        let client = ip.map(ClientKey::of);
        if let Some(c) = client {
            self.sign_ups
                .take(&c, self.now())
                .map_err(AccountError::limited(Limited::SignUps))?;
        }
        let user = self
            .insert_user(name, password, Ticket::open(client))
            .await?;
        tracing::info!(user = %user.name, "account created");
        if let Some(c) = client {
            self.known.remember(&user.name.to_lowercase(), c);
        }
        self.new_session(User {
            id: user.id,
            name: user.name,
        })
        .await
    }

    /// Hashes `password` in `ticket`'s lane and stores a new open account `name` with it: the
    /// one insertion of a sign-up and of a teacher's pupil.
    async fn insert_user(
        &self,
        name: &str,
        password: &str,
        ticket: Ticket,
    ) -> Result<UserRow, AccountError> {
        let hash = self
            .hasher
            .hash(password.to_string(), ticket)
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
            Ok(()) => Ok(user),
            Err(NewUserError::Taken) => Err(AccountError::Taken),
            Err(NewUserError::Store(e)) => Err(e.into()),
        }
    }

    /// Makes account `name` with `password` for someone else (a teacher's pupil, `classes/`):
    /// no session, no sign-up limit of an address (the teacher's classes are budgeted).
    pub async fn create_managed(&self, name: &str, password: &str) -> Result<User, AccountError> {
        let name = check_name(name).map_err(AccountError::Name)?;
        check_password(password, name).map_err(AccountError::Password)?;
        let user = self
            .insert_user(name, password, Ticket::known(None))
            .await?;
        Ok(User {
            id: user.id,
            name: user.name,
        })
    }

    /// Sets a new `password` on account `id` for someone else (a teacher resetting a pupil's):
    /// every session of the account ends, every API token is revoked.
    pub async fn set_managed_password(&self, id: &str, password: &str) -> Result<(), AccountError> {
        let row = self
            .store
            .accounts()
            .user_by_id(id.to_string())
            .await?
            .filter(|u| !u.closed)
            .ok_or(AccountError::Unknown)?;
        check_password(password, &row.name).map_err(AccountError::Password)?;
        let hash = self
            .hasher
            .hash(password.to_string(), Ticket::known(None))
            .await?
            .map_err(AccountError::Internal)?;
        self.store
            .accounts()
            .set_password(row.id.clone(), hash)
            .await?;
        self.store
            .accounts()
            .delete_sessions(row.id.clone())
            .await?;
        self.store.bots().delete_tokens(row.id).await?;
        self.known.only(&row.name.to_lowercase(), None);
        Ok(())
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
        let client = ip.map(ClientKey::of);
        self.attempt_from(client)?;
        // The owner's own addresses are limited per address only (see the module); a
        // stranger's attempt reserves its place in the account's limit before the hash.
        let known = client.is_some_and(|c| self.known.has(&account_key, c));
        let reservation = if known {
            None
        } else {
            Some(
                self.failures
                    .reserve(account_key.clone(), self.now())
                    .map_err(AccountError::limited(Limited::LogIns))?,
            )
        };
        let ticket = Ticket {
            lane: if known { Lane::Known } else { Lane::Open },
            client,
        };
        let found = self.store.accounts().user_by_name(name.to_string()).await?;
        let stored = found
            .as_ref()
            .filter(|u| !u.closed)
            .map(|u| u.password.clone())
            .unwrap_or_default();
        let ok = self
            .hasher
            .verify(password.to_string(), stored, ticket)
            .await?;
        match found {
            Some(u) if ok && !u.closed => {
                // A success gives its place back: it was no guess.
                drop(reservation);
                if let Some(c) = client {
                    self.known.remember(&account_key, c);
                }
                self.new_session(User {
                    id: u.id,
                    name: u.name,
                })
                .await
            }
            _ => {
                if let Some(r) = reservation {
                    r.fail(self.now());
                }
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
    /// new one (for this device) begins, every API token is revoked; the addresses the account
    /// is known at are forgotten but this one.
    pub async fn change_password(
        &self,
        user: &User,
        current: &str,
        new: &str,
        ip: Option<IpAddr>,
    ) -> Result<NewSession, AccountError> {
        let client = ip.map(ClientKey::of);
        self.check_own_password(user, current, client).await?;
        check_password(new, &user.name).map_err(AccountError::Password)?;
        let hash = self
            .hasher
            .hash(new.to_string(), Ticket::known(client))
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
        // A token made before may be what leaked with the old password: every one is
        // revoked (the account page makes new ones).
        self.store.bots().delete_tokens(user.id.clone()).await?;
        self.known.only(&user.name.to_lowercase(), client);
        tracing::info!(user = %user.name, "password changed (every session ended, every API token revoked)");
        self.new_session(user.clone()).await
    }

    /// Checks a logged-in player's password, within the limit of their own (see the module).
    async fn check_own_password(
        &self,
        user: &User,
        password: &str,
        client: Option<ClientKey>,
    ) -> Result<(), AccountError> {
        let reservation = self
            .checks
            .reserve(user.id.clone(), self.now())
            .map_err(AccountError::limited(Limited::PasswordChecks))?;
        let stored = self
            .store
            .accounts()
            .user_by_id(user.id.clone())
            .await?
            .map(|u| u.password)
            .unwrap_or_default();
        if password.chars().count() > PASSWORD_MAX
            || !self
                .hasher
                .verify(password.to_string(), stored, Ticket::known(client))
                .await?
        {
            reservation.fail(self.now());
            return Err(AccountError::BadCredentials);
        }
        Ok(())
    }

    /// Closes `user`'s account after checking its password: no more log-ins; its games stay.
    pub async fn close(
        &self,
        user: &User,
        password: &str,
        ip: Option<IpAddr>,
    ) -> Result<(), AccountError> {
        self.check_own_password(user, password, ip.map(ClientKey::of))
            .await?;
        self.store.accounts().close_user(user.id.clone()).await?;
        self.store.bots().delete_tokens(user.id.clone()).await?;
        self.known.only(&user.name.to_lowercase(), None);
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

    /// Sets a new password with a reset link's token (used up) and logs the account in. A
    /// refused password leaves the link as it was; the link is used up in the same
    /// transaction as the password is set, which also revokes the account's other links.
    pub async fn reset(
        &self,
        token: &str,
        new: &str,
        ip: Option<IpAddr>,
    ) -> Result<NewSession, AccountError> {
        let client = ip.map(ClientKey::of);
        self.attempt_from(client)?;
        if !plausible(token) {
            return Err(AccountError::BadReset);
        }
        let accounts = self.store.accounts();
        let link = token_hash(token);
        let user_id = accounts
            .reset_user(link.clone(), self.now())
            .await?
            .ok_or(AccountError::BadReset)?;
        let row = accounts
            .user_by_id(user_id)
            .await?
            .filter(|u| !u.closed)
            .ok_or(AccountError::BadReset)?;
        check_password(new, &row.name).map_err(AccountError::Password)?;
        let hash = self
            .hasher
            .hash(new.to_string(), Ticket::open(client))
            .await?
            .map_err(AccountError::Internal)?;
        accounts
            .use_reset(link, self.now(), hash)
            .await?
            .ok_or(AccountError::BadReset)?;
        self.known.only(&row.name.to_lowercase(), client);
        tracing::info!(user = %row.name, "password reset with a one-time link");
        self.new_session(User {
            id: row.id,
            name: row.name,
        })
        .await
    }

    /// The language `user` chose (kept on the account so every device shows the site in it),
    /// if any. A stored code the site no longer has counts as none.
    pub async fn lang(&self, user: &User) -> Result<Option<oware_i18n::Lang>, AccountError> {
        let code = self.store.prefs().lang(user.id.clone()).await?;
        Ok(code.as_deref().and_then(oware_i18n::Lang::parse))
    }

    /// Keeps `lang` as `user`'s language.
    pub async fn set_lang(&self, user: &User, lang: oware_i18n::Lang) -> Result<(), AccountError> {
        let at = self.now();
        self.store
            .prefs()
            .save_lang(user.id.clone(), lang.code().to_owned(), at)
            .await?;
        Ok(())
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
