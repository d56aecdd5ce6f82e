//! Game search (`GET /api/search/games`, `store/search.rs`) on the backend of the run (SQLite,
//! or PostgreSQL with `OWARE_TEST_BACKEND=postgres` as `scripts/test.sh` runs it): the
//! database's own plan (`EXPLAIN QUERY PLAN` / `EXPLAIN`) reads the search's indexes, pages
//! follow each other without a gap or a repeat, the filters keep exactly the rows a plain
//! filter over the same rows keeps, and a game finished through the API is found.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{assert_error, Browser};
use oware_server::{opening_code, opening_range, ManualClock, SearchQuery, SearchRow, Store};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Row `i` of the test's 45 games of account `u1`: opponents, results, endings, lengths and
/// openings vary with `i`; the time is `i` seconds.
fn row(i: u64) -> SearchRow {
    let letters: Vec<char> = (0..(i % 5 + 1))
        .map(|k| (b"abcdef"[((i + k) % 6) as usize]) as char)
        .collect();
    SearchRow {
        game_id: format!("g{i:03}"),
        side: if i.is_multiple_of(2) { "S" } else { "N" }.into(),
        user_id: "u1".into(),
        opponent_id: (!i.is_multiple_of(3))
            .then(|| if i % 3 == 1 { "u2" } else { "u3" }.to_string()),
        opponent_name: format!("p{}", i % 3),
        result: ["win", "draw", "loss"][(i % 3) as usize].into(),
        rated: i.is_multiple_of(4),
        control: ["blitz", "rapid", "none"][(i % 3) as usize].into(),
        ending: ["capture", "cycle", "time", "agreement"][(i % 4) as usize].into(),
        plies: 10 + i,
        opening: opening_code(letters),
        at_ms: 1_000 * i,
    }
}

/// Which rows a filter keeps, as a plain filter over the rows.
type Keep = Box<dyn Fn(&SearchRow) -> bool>;

async fn store(dir: &tempfile::TempDir) -> Arc<dyn Store> {
    let db = common::db(&dir.path().join("search.sqlite")).await;
    oware_server::open_store(&db.to_string_lossy())
        .await
        .unwrap()
}

/// `q` for account `u1`, 20 rows unless it says how many.
fn query(q: SearchQuery) -> SearchQuery {
    SearchQuery {
        user_id: "u1".into(),
        limit: if q.limit == 0 { 20 } else { q.limit },
        ..q
    }
}

#[tokio::test]
async fn search_reads_its_indexes_pages_and_filters_like_a_plain_filter() {
    let dir = tempfile::tempdir().unwrap();
    let s = store(&dir).await;
    let rows: Vec<SearchRow> = (0..45).map(row).collect();
    s.search().record(rows.clone()).await.unwrap();
    // Recording again keeps the rows as they are (two instances may both record an end).
    s.search().record(rows[..3].to_vec()).await.unwrap();
    // Another player's games are never in u1's answers.
    let mut other = row(7);
    other.user_id = "u9".into();
    s.search().record(vec![other]).await.unwrap();

    // Pages: newest first, 20 a page, no gap and no repeat, a short last page.
    let mut seen = Vec::new();
    for page in 0..3 {
        let got = s
            .search()
            .search(query(SearchQuery {
                offset: page * 20,
                ..Default::default()
            }))
            .await
            .unwrap();
        assert_eq!(got.len(), if page < 2 { 20 } else { 5 });
        seen.extend(got);
    }
    let mut newest_first = rows.clone();
    newest_first.reverse();
    assert_eq!(seen, newest_first);

    // Each filter keeps what the same filter over the rows keeps.
    let (low, high) = opening_range(&['c', 'd']);
    let checks: Vec<(SearchQuery, Keep)> = vec![
        (
            SearchQuery {
                opponent_id: Some("u2".into()),
                ..Default::default()
            },
            Box::new(|r: &SearchRow| r.opponent_id.as_deref() == Some("u2")),
        ),
        (
            SearchQuery {
                result: Some("loss".into()),
                rated: Some(false),
                ..Default::default()
            },
            Box::new(|r: &SearchRow| r.result == "loss" && !r.rated),
        ),
        (
            SearchQuery {
                control: Some("rapid".into()),
                ending: Some("capture".into()),
                ..Default::default()
            },
            Box::new(|r: &SearchRow| r.control == "rapid" && r.ending == "capture"),
        ),
        (
            SearchQuery {
                from_ms: Some(10_000),
                to_ms: Some(20_000),
                min_plies: Some(12),
                max_plies: Some(28),
                ..Default::default()
            },
            Box::new(|r: &SearchRow| {
                (10_000..20_000).contains(&r.at_ms) && (12..=28).contains(&r.plies)
            }),
        ),
        (
            SearchQuery {
                opening: Some((low, high)),
                ..Default::default()
            },
            Box::new(|r: &SearchRow| {
                let i: u64 = r.game_id[1..].parse().unwrap();
                // The row's first two moves are c, d: it starts at c and has two moves.
                i % 6 == 2 && i % 5 >= 1
            }),
        ),
    ];
    for (q, keep) in checks {
        let got = s
            .search()
            .search(query(SearchQuery {
                limit: 100,
                ..q.clone()
            }))
            .await
            .unwrap();
        let want: Vec<SearchRow> = newest_first.iter().filter(|r| keep(r)).cloned().collect();
        assert!(!want.is_empty(), "{q:?} keeps some rows");
        assert_eq!(got, want, "{q:?}");
    }

    // The database's own plan: the player's index, or the pair's with an opponent.
    let plan = s
        .search()
        .explain(query(SearchQuery::default()))
        .await
        .unwrap();
    assert!(plan.contains("game_search_user"), "{plan}");
    let plan = s
        .search()
        .explain(query(SearchQuery {
            opponent_id: Some("u2".into()),
            ..Default::default()
        }))
        .await
        .unwrap();
    assert!(plan.contains("game_search_pair"), "{plan}");
    let plan = s
        .search()
        .explain(query(SearchQuery {
            result: Some("win".into()),
            opening: Some((low, high)),
            min_plies: Some(3),
            ..Default::default()
        }))
        .await
        .unwrap();
    assert!(plan.contains("game_search_"), "{plan}");
    assert!(!plan.contains("SCAN game_search\n") && !plan.ends_with("SCAN game_search"));
    assert!(!plan.contains("Seq Scan"), "{plan}");
    s.close().await.unwrap();
}

#[tokio::test]
async fn a_finished_game_is_found_by_player_opponent_opening_and_ending() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("a.sqlite"), &clock).await;
    let mut a = Browser::signed_up(&s, "Kofi").await;
    let mut b = Browser::signed_up(&s, "Ama").await;
    let (id, south, north, _) = common::rated_game(&mut a, &mut b).await;
    for (who, token, m) in [(&mut a, &south, "C"), (&mut b, &north, "d")] {
        let (st, v) = who
            .post_seat(
                &format!("/api/games/{id}/moves"),
                token,
                json!({ "move": m }),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let (st, v) = b
        .post_seat(&format!("/api/games/{id}/resign"), &north, json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");

    // The row is written in the background after the end: wait for it.
    let search = |q: &'static str| {
        let mut a = Browser::new(&s);
        async move { a.get(&format!("/api/search/games?{q}")).await }
    };
    let mut found = Value::Null;
    for _ in 0..200 {
        let (st, page) = search("player=Kofi&opponent=Ama").await;
        assert_eq!(st, StatusCode::OK, "{page}");
        if page["games"].as_array().is_some_and(|g| !g.is_empty()) {
            found = page;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let game = &found["games"][0];
    assert_eq!(game["id"], id.as_str(), "{found}");
    assert_eq!(game["result"], "win");
    assert_eq!(game["ending"], "resign");
    assert_eq!(game["plies"], 2);
    assert_eq!(game["rated"], true);
    assert_eq!(game["opponent"], "Ama");
    assert_eq!(found["more"], false);
    let (_, page) = search("player=Ama&result=loss&opening=C%20d&ending=resign&rated=true").await;
    assert_eq!(page["games"][0]["id"], id.as_str(), "{page}");
    let (_, page) = search("player=Ama&opening=A").await;
    assert_eq!(page["games"], json!([]), "{page}");
    let (_, page) = search("player=Kofi&result=draw").await;
    assert_eq!(page["games"], json!([]), "{page}");

    // Mistakes: a clear refusal each.
    let (st, body) = search("player=Nobody").await;
    assert_error(st, &body, StatusCode::NOT_FOUND, "not-found");
    for q in [
        "opponent=Ama",
        "player=Kofi&result=won",
        "player=Kofi&page=0",
        "player=Kofi&opening=Z",
        "player=Kofi&opening=ABCDEFABC",
        "player=Kofi&ending=aborted",
        "player=Kofi&clock=bullet",
    ] {
        let (st, body) = search(q).await;
        assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-query");
    }
    let (st, body) = search("player=Kofi&colour=S").await;
    assert!(st.is_client_error(), "{st} {body}");
    s.shutdown().await.unwrap();
}
