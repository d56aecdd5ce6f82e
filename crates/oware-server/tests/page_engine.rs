//! Games against the computer whose moves the page's own engine plays (`"engine": "page"`,
//! docs/web.md "The engine in the page"): the server never searches them and takes the
//! computer's moves from the seat token, each checked as any move; the field is refused where it
//! has no use.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_page_plays_the_computers_moves_and_the_server_checks_them() {
    let (_dir, _s, api) = fresh_server().await;
    let (id, token, created) = api
        .new_game(json!({ "opponent": "medium", "starts": "computer", "engine": "page" }))
        .await;
    let state = &created["state"];
    assert_eq!(state["human"], "N");
    assert_eq!(state["computer_to_move"], true);
    assert_eq!(state["thinking"], false, "the server is not searching");
    let path = format!("/api/games/{id}/moves");
    // The computer's move, sent by the page. Had the server searched, it would have moved first
    // and this move would be refused.
    let (st, body) = api
        .post(&path, Some(&token), Some(json!({ "move": "C" })))
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["state"]["ply"], 1);
    assert_eq!(body["state"]["computer_to_move"], false);
    // Checked as any move: a pit of the wrong row, an empty pit, no token.
    let (st, body) = api
        .post(&path, Some(&token), Some(json!({ "move": "A" })))
        .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (st, _) = api.post(&path, None, Some(json!({ "move": "a" }))).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    // The person's move, then the computer's again from the page.
    let (st, body) = api
        .post(&path, Some(&token), Some(json!({ "move": "d" })))
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["state"]["computer_to_move"], true);
    let (st, body) = api
        .post(&path, Some(&token), Some(json!({ "move": "D" })))
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(api.state(&id).await["ply"], 3);
}

#[tokio::test]
async fn the_engine_field_is_refused_where_it_has_no_use() {
    let (_dir, _s, api) = fresh_server().await;
    let (st, body) = api
        .create(json!({ "opponent": "easy", "engine": "cloud" }))
        .await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    for opponent in ["friend", "online"] {
        let (st, body) = api
            .create(json!({ "opponent": opponent, "engine": "page" }))
            .await;
        assert_error(
            st,
            &body,
            StatusCode::UNPROCESSABLE_ENTITY,
            "not-applicable",
        );
    }
    // "server" is the default, said aloud.
    let (st, body) = api
        .create(json!({ "opponent": "easy", "engine": "server" }))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
}
