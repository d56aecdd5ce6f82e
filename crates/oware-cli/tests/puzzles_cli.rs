//! `oware puzzles generate` and `oware puzzles verify` run as the user runs them: the same seed
//! gives the same file, games from OGN files, a file proven again, and bad input refused.

mod run;

use run::{oware, oware_code, Serve};

/// Two short games in one OGN file (the second from a position).
const GAMES: &str = "[Variant \"Oware Abapa\"]\n\n1. F f 2. E a 3. D e 4. A b *\n\n\
                     [Variant \"Oware Abapa\"]\n[FEN \"0-0-0-0-2-2-2-0-2-0-0-0-22-18-S\"]\n\n1. F a *\n";

/// A quick generation: shallow searches, no tables.
fn generate(out: &std::path::Path, extra: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "puzzles",
        "generate",
        "--depth",
        "6",
        "--no-egdb",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    oware(&args)
}

#[test]
fn generate_is_reproducible_and_verify_proves_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.jsonl");
    let b = dir.path().join("b.jsonl");
    let (ok, _, err) = generate(&a, &["--selfplay", "2", "--seed", "5"]);
    assert!(ok, "{err}");
    assert!(err.contains("puzzles kept"), "{err}");
    let (ok, _, err) = generate(&b, &["--selfplay", "2", "--seed", "5"]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&a).unwrap();
    // The header records the command, which names the output: compare the puzzles.
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&text), body(&std::fs::read_to_string(&b).unwrap()));
    let (_, puzzles) = oware_puzzles::read(&text).unwrap();
    assert!(!puzzles.is_empty());
    // The recorded proof only (the deep check's 22 plies on every puzzle would be slow here;
    // it has its own test below).
    let (ok, out, err) = oware(&[
        "puzzles",
        "verify",
        a.to_str().unwrap(),
        "--no-egdb",
        "--shallow",
    ]);
    assert!(ok, "{out}{err}");
    let n = puzzles.len();
    assert!(
        out.contains(&format!(
            "{n} puzzles: 0 proven by tables, {n} by search, 0 failed"
        )),
        "{out}"
    );
}

/// The endgame tables up to 16 seeds (the shipped server's), built once into the target's
/// temporary folder, shared with `oware-puzzles`' tests (the same folder).
fn tables_16() -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("puzzle-tables-16");
    let options = oware_egdb::BuildOptions {
        max_seeds: 16,
        threads: 2,
        memory: 1 << 30,
    };
    oware_egdb::build(&dir, &oware_core::Rules::ABAPA, &options, &mut |_| {})
        .expect("the test tables build");
    dir
}

#[test]
fn verify_fails_on_the_old_records_that_have_a_second_win_or_a_wrong_answer() {
    // Three records of the set shipped before the deep check: B and D both win, every move
    // wins, the answer A draws where B wins.
    let old = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../oware-puzzles/tests/data/old-records.jsonl"
    );
    let tables = tables_16();
    let egdb = tables.to_str().unwrap();
    // The recorded proof (depth 16, no tables in the search) lets them through.
    let (ok, out, err) = oware(&["puzzles", "verify", old, "--egdb", egdb, "--shallow"]);
    assert!(ok, "{out}{err}");
    let (code, out, err) = oware_code(&["puzzles", "verify", old, "--egdb", egdb]);
    assert_eq!(code, Some(1), "{out}{err}");
    for id in ["95b4f0caab47", "2c9c9fce2755", "a381e713ae09"] {
        assert!(out.contains(&format!("{id}: not proven")), "{out}");
    }
    assert!(out.contains("D 1200"), "{out}");
    assert!(out.contains("0 by search, 3 failed"), "{out}");
    // Filtering keeps none of them, and says so.
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.jsonl");
    let (ok, out, err) = oware(&[
        "puzzles",
        "verify",
        old,
        "--egdb",
        egdb,
        "--jobs",
        "2",
        "--keep",
        kept.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("0 puzzles kept"), "{out}");
    let (_, puzzles) = oware_puzzles::read(&std::fs::read_to_string(&kept).unwrap()).unwrap();
    assert!(puzzles.is_empty());
}

#[test]
fn generate_reads_games_from_ogn_files() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("club.ogn");
    std::fs::write(&games, GAMES).unwrap();
    let out = dir.path().join("p.jsonl");
    let (ok, _, err) = generate(&out, &["--games", games.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(err.contains("2 games"), "{err}");
    let (_, puzzles) = oware_puzzles::read(&std::fs::read_to_string(&out).unwrap()).unwrap();
    // The second game's start: E wins at once, F does not.
    let p = puzzles
        .iter()
        .find(|p| p.source == "club.ogn game 2 ply 0")
        .expect("the won position is a puzzle");
    assert_eq!(p.line_text(), "E");
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.jsonl");
    let (ok, _, err) = generate(&out, &[]);
    assert!(!ok);
    assert!(err.contains("nothing to look at"), "{err}");
    let path = out.to_str().unwrap();
    let (ok, _, err) = oware(&[
        "puzzles",
        "generate",
        "--selfplay",
        "1",
        "--depth",
        "1",
        "--out",
        path,
    ]);
    assert!(!ok);
    assert!(err.contains("--depth must be from 2 to 30"), "{err}");
    assert!(!out.exists());
    let bad = dir.path().join("bad.ogn");
    std::fs::write(&bad, "[Variant \"Oware Abapa\"]\n\n1. F F *\n").unwrap();
    let (ok, _, err) = generate(&out, &["--games", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("bad.ogn: game 1"), "{err}");
    // A file with a malformed line: the line is named, nothing is proven.
    let file = dir.path().join("f.jsonl");
    std::fs::write(
        &file,
        "{\"format\":\"oware-puzzles\",\"version\":1,\"rules\":\"abapa\",\"margin\":200,\"count\":1,\"command\":\"x\"}\n{\"id\":\"x\"}\n",
    )
    .unwrap();
    let (code, _, err) = oware_code(&["puzzles", "verify", file.to_str().unwrap(), "--no-egdb"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("line 2: not a puzzle"), "{err}");
    // A puzzle whose solution is not the only good move: verify fails and says why.
    let p = "0-0-0-0-2-2-2-0-2-0-0-0-22-18-S";
    let id = oware_puzzles::Puzzle::id_of(&oware_core::fen::parse(p).unwrap());
    std::fs::write(
        &file,
        format!(
            "{{\"format\":\"oware-puzzles\",\"version\":1,\"rules\":\"abapa\",\"margin\":200,\"count\":1,\"command\":\"x\"}}\n\
             {{\"id\":\"{id}\",\"position\":\"{p}\",\"line\":\"F\",\"themes\":[],\"rating\":1500,\"proof\":\"search\",\"depth\":6,\"value\":0,\"second\":1200,\"source\":\"hand\"}}\n"
        ),
    )
    .unwrap();
    let (code, out, _) = oware_code(&["puzzles", "verify", file.to_str().unwrap(), "--no-egdb"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("the only good move is E"), "{out}");
    assert!(out.contains("0 by search, 1 failed"), "{out}");
}

#[test]
fn the_daily_puzzle_offline_is_the_sites_and_a_servers_is_read_from_it() {
    let set = oware_puzzles::shipped().unwrap();
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let want = &set[oware_puzzles::daily_index((secs / 86_400) as i64, set.len())].id;
    // No input: the puzzle is shown, then the end of the input stops it.
    let (ok, out, err) = oware(&["puzzle", "--daily"]);
    assert!(ok, "{err}");
    assert!(out.contains(&format!("Puzzle {want}")), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let serve = Serve::start(
        0,
        &["--db".as_ref(), db.as_os_str()],
        &dir.path().join("serve.log"),
    );
    let (ok, out, err) = oware(&["puzzle", "--daily", "--server", &serve.base]);
    assert!(ok, "{err}");
    assert!(out.contains("The puzzle of the day at http://"), "{out}");
    assert!(out.contains(&format!("Puzzle {want}")), "{out}");
    let (ok, _, err) = oware(&["puzzle", "--server", &serve.base]);
    assert!(!ok && err.contains("--daily"), "{err}");
}

/// A fake server whose puzzle of the day carries terminal escapes and a bidi override in its
/// date and, at the second request, its id: answers `GET /api/puzzle/daily` with them.
fn hostile_daily(good_id: &str) -> String {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let good_id = good_id.to_string();
    std::thread::spawn(move || {
        for (n, conn) in listener.incoming().enumerate() {
            let Ok(mut conn) = conn else { continue };
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
                line.clear();
            }
            let id = if n == 0 {
                good_id.clone()
            } else {
                format!("\u{1b}]0;owned\u{7}{good_id}\u{202e}")
            };
            let body = serde_json::json!({
                "date": "2026-12-02\u{1b}[2J\u{1b}[31m\u{202e}\u{9b}",
                "puzzle": {
                    "id": id,
                    "board": { "fen": "", "pits": vec![4; 12], "store_s": 0, "store_n": 0, "turn": "S", "legal": [] },
                    "solver": "S", "rating": 1500, "plays": 0, "themes": [], "solver_moves": 1,
                    "round": "", "up": 0, "down": 0
                }
            })
            .to_string();
            let _ = write!(
                conn,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    base
}

#[test]
fn a_hostile_servers_text_is_cleaned_before_it_is_printed() {
    let set = oware_puzzles::shipped().unwrap();
    let base = hostile_daily(&set[0].id);
    let shown = |s: &str| {
        !s.chars()
            .any(|c| matches!(c, '\u{1b}' | '\u{7}' | '\u{9b}' | '\u{202e}'))
    };
    let (ok, out, err) = oware(&["puzzle", "--daily", "--server", &base]);
    assert!(ok, "{err}");
    assert!(out.contains("2026-12-02[2J[31m."), "{out}");
    assert!(out.contains(&format!("Puzzle {}", set[0].id)), "{out}");
    assert!(shown(&out) && shown(&err), "{out:?} {err:?}");
    let (ok, out, err) = oware(&["puzzle", "--daily", "--server", &base]);
    assert!(!ok, "{out}");
    assert!(err.contains("no puzzle ]0;owned"), "{err}");
    assert!(shown(&out) && shown(&err), "{out:?} {err:?}");
}
