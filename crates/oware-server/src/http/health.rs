//! `GET /api/health`: the database, the engine's work and the endgame tables, for a load balancer.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::{DatabaseHealth, EngineHealth, Health};

use super::Shared;

/// `GET /api/health`: 200 [`Health`] (`{"ok": true, "games": N, "database": {...}, ...}`) while
/// the database answers; 503 `{"ok": false, "error", "code", "database": {"ok": false, ...}}`
/// when it does not (a load balancer takes the instance out of rotation until it answers
/// again).
pub(super) async fn health(State(s): State<Shared>) -> Response {
    let database = |ok: bool| DatabaseHealth {
        ok,
        kind: if s.store.shared() {
            "postgresql"
        } else {
            "sqlite"
        }
        .to_string(),
        shared: s.store.shared(),
        error: None,
    };
    match s.store.count().await {
        Ok(games) => Json(Health {
            ok: true,
            games: Some(games),
            database: database(true),
            engine: Some(EngineHealth {
                replies: s.engine.replies_started(),
                reviews: s.reviews.started() as u64,
            }),
            egdb: Some(s.games.egdb_health()),
            error: None,
            code: None,
        })
        .into_response(),
        Err(e) => {
            tracing::warn!("health check: the database does not answer: {e:?}");
            const DOWN: &str = "the database does not answer";
            let database = DatabaseHealth {
                error: Some(DOWN.to_string()),
                ..database(false)
            };
            let body = Health {
                ok: false,
                games: None,
                database,
                engine: None,
                egdb: None,
                error: Some(DOWN.to_string()),
                code: Some("storage".to_string()),
            };
            (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
        }
    }
}
