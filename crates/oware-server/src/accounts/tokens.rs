//! An account's API tokens (`/api/account/tokens`, `docs/bots.md`): made, listed and revoked
//! by the account's owner in a cookie session, used as `Authorization: Bearer owt_…` by a
//! program (a bot) for the routes their scopes allow.
//!
//! A token is `owt_` and 32 random bytes in hex (256 bits): shown once when it is made, stored
//! only as its SHA-256 (`store/bots.rs` says why a fast hash is right for such a secret), and
//! found by that hash. Nothing is cached: a revoked token's next request finds no row and is
//! refused at once, on every instance.

use oware_protocol::{TokenScope, TokenView};

use super::{random_token, token_hash, AccountError, Accounts, User};
use crate::store::bots::TokenRow;

/// What every token's text begins with.
pub const TOKEN_PREFIX: &str = "owt_";
/// Tokens an account may hold at once.
pub const TOKENS_MAX: u32 = 20;
/// A token's description, at most this many bytes (UTF-8).
pub const DESCRIPTION_BYTES_MAX: usize = 200;
/// An `Authorization` header longer than this is refused before anything else is read.
pub const AUTHORIZATION_BYTES_MAX: usize = 256;
/// A token's last use is written at most this often.
const TOUCH_EVERY_MS: u64 = 60_000;

/// The account a Bearer token stands for, and what the token may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenUser {
    /// The account.
    pub user: User,
    /// The token's id (what revoking it names).
    pub id: String,
    /// The token's scopes.
    pub scopes: Vec<TokenScope>,
}

impl TokenUser {
    /// Whether the token has `scope`.
    pub fn may(&self, scope: TokenScope) -> bool {
        self.scopes.contains(&scope)
    }
}

/// Why a token could not be made or revoked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The account holds [`TOKENS_MAX`] tokens.
    #[error("an account may hold {TOKENS_MAX} tokens: revoke one before making another")]
    TooMany,
    /// The description is empty or too long.
    #[error("the description must be 1 to {DESCRIPTION_BYTES_MAX} bytes of text")]
    BadDescription,
    /// A scope that does not exist, or none at all.
    #[error("{0}")]
    BadScopes(String),
    /// No such token of this account.
    #[error("this account has no token with this id")]
    Unknown,
    /// The accounts' failure.
    #[error("{0}")]
    Account(AccountError),
}

impl From<AccountError> for TokenError {
    fn from(e: AccountError) -> Self {
        TokenError::Account(e)
    }
}

impl From<crate::store::StoreError> for TokenError {
    fn from(e: crate::store::StoreError) -> Self {
        TokenError::Account(e.into())
    }
}

/// The scopes' names as a row holds them, read back (unknown names are dropped).
fn scopes_of(text: &str) -> Vec<TokenScope> {
    text.split(' ').filter_map(|s| s.parse().ok()).collect()
}

/// `names` read as scopes, each once, in the reference's order.
pub fn parse_scopes(names: &[String]) -> Result<Vec<TokenScope>, TokenError> {
    let allowed = || {
        TokenScope::ALL
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if names.is_empty() || names.len() > TokenScope::ALL.len() * 2 {
        return Err(TokenError::BadScopes(format!(
            "give one or more scopes: {}",
            allowed()
        )));
    }
    let mut scopes = Vec::new();
    for n in names {
        let s = n.parse::<TokenScope>().map_err(|_| {
            let shown: String = n.chars().take(32).collect();
            TokenError::BadScopes(format!(
                "\"{shown}\" is not a scope: they are {}",
                allowed()
            ))
        })?;
        if !scopes.contains(&s) {
            scopes.push(s);
        }
    }
    scopes.sort();
    Ok(scopes)
}

/// A token's line of the list.
pub fn token_view(row: TokenRow) -> TokenView {
    TokenView {
        scopes: scopes_of(&row.scopes),
        id: row.id,
        description: row.description,
        created_ms: row.created_ms,
        last_used_ms: row.last_used_ms,
    }
}

/// Whether `token` has the shape of ours (`owt_` and 64 hex digits), so junk never reaches the
/// store.
fn plausible(token: &str) -> bool {
    token
        .strip_prefix(TOKEN_PREFIX)
        .is_some_and(|hex| hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

impl Accounts {
    /// Makes a token for `user` with `description` and `scopes`: its text (shown this once)
    /// and its line of the list.
    pub async fn create_token(
        &self,
        user: &User,
        description: &str,
        scopes: &[String],
    ) -> Result<(String, TokenView), TokenError> {
        let description = description.trim();
        if description.is_empty()
            || description.len() > DESCRIPTION_BYTES_MAX
            || description.chars().any(char::is_control)
        {
            return Err(TokenError::BadDescription);
        }
        let scopes = parse_scopes(scopes)?;
        let token = format!("{TOKEN_PREFIX}{}", random_token()?);
        let row = TokenRow {
            id: random_token()?[..16].to_string(),
            user_id: user.id.clone(),
            description: description.to_string(),
            scopes: scopes
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(" "),
            created_ms: self.now(),
            last_used_ms: None,
        };
        let made = self
            .store
            .bots()
            .create_token(row.clone(), token_hash(&token), TOKENS_MAX)
            .await?;
        if !made {
            return Err(TokenError::TooMany);
        }
        tracing::info!(user = %user.name, "API token created");
        Ok((token, token_view(row)))
    }

    /// `user`'s tokens, newest first (never their text).
    pub async fn tokens(&self, user: &User) -> Result<Vec<TokenView>, TokenError> {
        let rows = self.store.bots().tokens(user.id.clone()).await?;
        Ok(rows.into_iter().map(token_view).collect())
    }

    /// Revokes `user`'s token `id`: its next request is refused.
    pub async fn revoke_token(&self, user: &User, id: &str) -> Result<(), TokenError> {
        if id.len() > 64 {
            return Err(TokenError::Unknown);
        }
        let gone = self
            .store
            .bots()
            .delete_token(user.id.clone(), id.to_string())
            .await?;
        if !gone {
            return Err(TokenError::Unknown);
        }
        tracing::info!(user = %user.name, "API token revoked");
        Ok(())
    }

    /// The account Bearer token `token` stands for (`None`: no such token, or its account is
    /// closed), its use recorded.
    pub async fn bearer(&self, token: &str) -> Result<Option<TokenUser>, AccountError> {
        if !plausible(token) {
            return Ok(None);
        }
        let Some((row, name)) = self.store.bots().token_by_hash(token_hash(token)).await? else {
            return Ok(None);
        };
        let now = self.now();
        self.store
            .bots()
            .touch_token(row.id.clone(), now, now.saturating_sub(TOUCH_EVERY_MS))
            .await?;
        Ok(Some(TokenUser {
            id: row.id.clone(),
            scopes: scopes_of(&row.scopes),
            user: User {
                id: row.user_id,
                name,
            },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_are_read_once_each_and_unknown_ones_refused() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_scopes(&names(&["challenge:read", "bot:play", "bot:play"])).unwrap(),
            vec![TokenScope::BotPlay, TokenScope::ChallengeRead]
        );
        assert!(parse_scopes(&names(&[])).is_err());
        let e = parse_scopes(&names(&["admin"])).unwrap_err().to_string();
        assert!(e.contains("\"admin\" is not a scope"), "{e}");
    }

    #[test]
    fn only_tokens_of_our_shape_are_looked_up() {
        assert!(plausible(&format!("owt_{}", "ab".repeat(32))));
        assert!(!plausible(&"ab".repeat(32)));
        assert!(!plausible("owt_xyz"));
    }
}
