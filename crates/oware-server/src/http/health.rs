//! `GET /api/health`: the database, the engine's work and the endgame tables, for a load balancer.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::Shared;

/// `GET /api/health`: 200 `{"ok": true, "games": N, "database": {...}, ...}` while the
/// database answers; 503 `{"ok": false, "database": {"ok": false, ...}}` when it does not (a
/// load balancer takes the instance out of rotation until it answers again).
pub(super) async fn health(State(s): State<Shared>) -> Response {
    let database = |ok: bool| {
        serde_json::json!({
            "ok": ok,
            "kind": if s.store.shared() { "postgresql" } else { "sqlite" },
            "shared": s.store.shared(),
        })
    };
    match s.store.count().await {
        Ok(games) => Json(serde_json::json!({
            "ok": true,
            "games": games,
            "database": database(true),
            "engine": {
                "replies": s.engine.replies_started(),
                "reviews": s.reviews.started(),
            },
            "egdb": s.games.egdb_health(),
        }))
        .into_response(),
        Err(e) => {
            tracing::warn!("health check: the database does not answer: {e:?}");
            let mut db = database(false);
            db["error"] = "the database does not answer".into();
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(serde_json::json!({
                    "ok": false,
                    "error": "the database does not answer",
                    "code": "storage",
                    "database": db,
                })),
            )
                .into_response()
        }
    }
}
