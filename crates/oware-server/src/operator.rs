//! The operator's commands on accounts (`oware user …`), run beside the server on the same
//! database: list the accounts, and make a one-time link that sets a new password (there is
//! no mail server: the operator hands the link to the player).

use std::sync::Arc;

use crate::accounts::{Accounts, Hasher};
use crate::store::{open_for_operator, StoreError};
use crate::time::SystemClock;

/// One account as the operator's list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserLine {
    /// The name.
    pub name: String,
    /// When it was made (epoch ms).
    pub created_ms: u64,
    /// Whether it is closed.
    pub closed: bool,
}

/// Why an operator command failed.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    /// The database.
    #[error("{0}")]
    Store(StoreError),
    /// The account.
    #[error("{0}")]
    Account(crate::accounts::AccountError),
}

async fn accounts(db: &str) -> Result<Accounts, OperatorError> {
    let store = open_for_operator(db).await.map_err(OperatorError::Store)?;
    Ok(Accounts::new(
        store,
        Hasher::new(1, 1),
        Arc::new(SystemClock),
    ))
}

/// The accounts of database `db`, oldest first (at most `limit`).
pub async fn list_users(db: &str, limit: u32) -> Result<Vec<UserLine>, OperatorError> {
    let a = accounts(db).await?;
    let rows = a
        .store()
        .accounts()
        .users(limit)
        .await
        .map_err(OperatorError::Store)?;
    let _ = a.store().close().await;
    Ok(rows
        .into_iter()
        .map(|u| UserLine {
            name: u.name,
            created_ms: u.created_ms,
            closed: u.closed,
        })
        .collect())
}

/// A one-time reset link for account `name` of database `db`, on the site at `base_url`
/// (e.g. `https://oware.example`): `BASE/account/reset?token=…`, valid 24 hours.
pub async fn reset_link(db: &str, name: &str, base_url: &str) -> Result<String, OperatorError> {
    let a = accounts(db).await?;
    let token = a.reset_token(name).await.map_err(OperatorError::Account);
    let _ = a.store().close().await;
    Ok(format!(
        "{}/account/reset?token={}",
        base_url.trim_end_matches('/'),
        token?
    ))
}
