//! `oware bench`, `oware analyse` and `oware match` run as the user runs them.

mod run;

use std::process::Command;

use run::oware;

#[test]
fn bench_prints_nodes_last_and_is_deterministic() {
    let (ok, out, _) = oware(&["bench", "6"]);
    assert!(ok);
    let last = out.lines().last().unwrap();
    let fields: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(fields.len(), 4, "{last}");
    assert_eq!(fields[1], "nodes");
    assert_eq!(fields[3], "nps");
    let (_, again, _) = oware(&["bench", "6", "--verbose"]);
    assert_eq!(
        again.lines().last().unwrap().split_whitespace().next(),
        Some(fields[0])
    );
    assert_eq!(again.lines().count(), 42);
}

#[test]
fn analyse_scores_every_legal_move() {
    let (ok, out, err) = oware(&["analyse", "--depth", "6", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"]);
    assert!(ok, "{err}");
    assert!(out.contains("best "));
    for m in ["A ", "B ", "C ", "D ", "E ", "F "] {
        assert!(out.lines().any(|l| l.starts_with(m)), "{m} missing: {out}");
    }
    // A winning capture is found and shown as a win.
    let (ok, out, _) = oware(&["analyse", "--depth", "4", "0-0-0-0-3-1-1-2-4-4-4-4-23-2-S"]);
    assert!(ok);
    assert!(out.contains("best E"), "{out}");
    assert!(out.contains("win in 1"), "{out}");
    // OGN text works too.
    let (ok, out, _) = oware(&["analyse", "--depth", "4", "1. F c 2. A d *"]);
    assert!(ok);
    assert!(out.contains("1-7-6-6-5-1-5-5-0-0-6-6-0-0-S"), "{out}");
    let (ok, _, err) = oware(&["analyse", "not a position"]);
    assert!(!ok);
    assert!(err.contains("not position text"), "{err}");
}

#[test]
fn match_between_levels_writes_ogn() {
    let dir = std::env::temp_dir().join(format!("oware-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ogn = dir.join("games.ogn");
    let (ok, out, err) = oware(&[
        "match",
        "easy",
        "medium",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--ogn",
        ogn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("Elo difference"), "{out}");
    let text = std::fs::read_to_string(&ogn).unwrap();
    let games: Vec<&str> = text.split("[Variant").skip(1).collect();
    assert_eq!(games.len(), 4);
    for g in games {
        let record = oware_core::ogn::parse(&format!("[Variant{g}")).unwrap();
        let game = record.to_game().unwrap();
        assert!(game.is_over());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_engine_sending_illegal_moves_forfeits() {
    let dir = std::env::temp_dir().join(format!("oware-forfeit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ogn = dir.join("games.ogn");
    let bad = "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo bestmove Z;; quit) exit 0;; esac; done";
    let me = env!("CARGO_BIN_EXE_oware");
    let good = format!("{me} uci --hash 1");
    let (ok, out, err) = oware(&[
        "match",
        "--engine",
        &format!("sh -c '{bad}'"),
        "--engine",
        &good,
        "--games",
        "2",
        "--movetime",
        "20",
        "--concurrency",
        "1",
        "--ogn",
        ogn.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let second = out.lines().nth(2).unwrap();
    assert!(second.contains("100.0%"), "{out}");
    let text = std::fs::read_to_string(&ogn).unwrap();
    assert_eq!(text.matches("forfeits").count(), 2, "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_refuses_time_scales_it_cannot_use() {
    for scale in ["inf", "1e300", "NaN", "0"] {
        let (ok, _, err) = oware(&["match", "easy", "easy", "--level-time-scale", scale]);
        assert!(!ok, "{scale}");
        assert!(err.contains("--level-time-scale must be"), "{scale}: {err}");
        assert!(!err.contains("panicked"), "{scale}: {err}");
    }
    let (ok, _, err) = oware(&[
        "match",
        "easy",
        "easy",
        "--movetime",
        "18446744073709551615",
    ]);
    assert!(!ok && err.contains("--movetime must be at most"), "{err}");
    let (ok, _, err) = oware(&["match", "easy", "easy", "--concurrency", "100000"]);
    assert!(!ok && err.contains("--concurrency must be"), "{err}");
}

#[test]
fn match_fails_when_an_engine_cannot_start() {
    let dir = std::env::temp_dir().join(format!("oware-nostart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ogn = dir.join("games.ogn");
    let (ok, _, err) = oware(&[
        "match",
        "easy",
        "--engine",
        "/nonexistent/engine",
        "--games",
        "2",
        "--ogn",
        ogn.to_str().unwrap(),
    ]);
    assert!(!ok, "{err}");
    assert!(
        err.contains("engine '/nonexistent/engine' does not start") && err.contains("not found"),
        "{err}"
    );
    assert!(!ogn.exists(), "no games were played");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_engine_that_never_answers_is_ended_with_what_it_started() {
    let dir = std::env::temp_dir().join(format!("oware-hang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("sleep.pid");
    // Answers the handshake, then on `go` waits on a child of its own and reads nothing more.
    let script = dir.join("hang.sh");
    std::fs::write(
        &script,
        format!(
            "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; \
             go*) sleep 600 & echo $! > {}; wait;; esac; done\n",
            pid_file.display()
        ),
    )
    .unwrap();
    let me = env!("CARGO_BIN_EXE_oware");
    let (ok, _, err) = oware(&[
        "match",
        "--engine",
        &format!("sh {}", script.display()),
        "--engine",
        &format!("{me} uci --hash 1"),
        "--games",
        "1",
        "--movetime",
        "10",
        "--ogn",
        dir.join("games.ogn").to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(dir.join("games.ogn")).unwrap();
    assert!(text.contains("forfeits"), "{text}");
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let pid = pid.trim();
    let alive = |pid: &str| std::path::Path::new(&format!("/proc/{pid}")).exists();
    // The kill is sent before `oware match` exits; the kernel may take a moment to reap.
    let mut left = alive(pid);
    for _ in 0..50 {
        if !left {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        left = alive(pid)
            && !std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .unwrap_or_default()
                .contains(") Z ");
    }
    if left {
        // Clean up the process this test started before failing.
        let _ = Command::new("kill").arg(pid).status();
    }
    assert!(!left, "the engine's child {pid} outlived the match");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn analyse_refuses_a_ply_beyond_the_game() {
    let (ok, _, err) = oware(&["analyse", "1. F c 2. A d", "--ply", "99", "--depth", "2"]);
    assert!(!ok);
    assert!(err.contains("--ply 99: the game has 4 moves"), "{err}");
    let (ok, out, err) = oware(&["analyse", "1. F c 2. A d", "--ply", "2", "--depth", "2"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("(South to move)") || out.contains("to move"),
        "{out}"
    );
    let (ok, _, err) = oware(&[
        "analyse",
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "--hash",
        "1000000",
    ]);
    assert!(!ok && err.contains("--hash must be"), "{err}");
}
