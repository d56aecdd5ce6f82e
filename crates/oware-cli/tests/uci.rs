//! Drives `oware uci` as a child process: a whole game, stop, isready while thinking, bad input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use oware_core::{movetext, Game, Rules};

struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_oware"));
        cmd.args(["uci", "--hash", "4"]);
        Uci::start_command(cmd)
    }

    /// `oware uci ARGS` with its address space limited to 8 GB (`ulimit -v`), so that a 64 GB
    /// table is refused on any machine.
    fn start_limited(args: &str) -> Uci {
        let mut cmd = Command::new("sh");
        cmd.args([
            "-c",
            &format!(
                "ulimit -v 8000000 && exec {} uci {args}",
                env!("CARGO_BIN_EXE_oware")
            ),
        ]);
        Uci::start_command(cmd)
    }

    fn start_command(mut cmd: Command) -> Uci {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("oware starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        // Read on a thread of its own, so that a wait for a line can time out.
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
            lines.try_for_each(|line| tx.send(line))
        });
        Uci {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`; returns all lines read, that one last.
    fn expect(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        // A failed test must not leave the engine running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_and_whole_game() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name ")));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    e.send("setoption name Hash value 8");
    e.send("setoption name Threads value 2");
    e.send("setoption name OwnBook value false");
    e.send("setoption name EngineTurn value South");
    e.send("setoption name Repetition value first");
    e.send("isready");
    let lines = e.expect("readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    e.send("ucinewgame");

    let mut game = Game::new(Rules::PLAYSTRATEGY);
    while !game.is_over() {
        let texts = movetext::write_list(&game.move_texts());
        if game.moves().len().is_multiple_of(2) {
            e.send(&format!("position startpos moves {texts}"));
        } else {
            // The relaxed form: moves separated by spaces.
            let spaced: Vec<String> = texts.chars().map(String::from).collect();
            e.send(&format!("position startpos moves {}", spaced.join(" ")));
        }
        e.send("go depth 4");
        let lines = e.expect("bestmove ");
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth"))
            .expect("info lines while thinking");
        for field in ["seldepth", "score ", "nodes", "nps", "time", "pv"] {
            assert!(info.contains(field), "{info}");
        }
        assert!(
            info.contains("score cp ") || info.contains("score mate "),
            "{info}"
        );
        let best = lines.last().unwrap()["bestmove ".len()..].to_string();
        let mv: movetext::MoveText = best.parse().expect("bestmove is a move letter");
        game.play_text(&mv).expect("bestmove is legal");
        assert!(game.moves().len() < 400, "game too long");
    }
    let texts = movetext::write_list(&game.move_texts());
    e.send(&format!("position startpos moves {texts}"));
    e.send("go movetime 50");
    assert_eq!(e.expect("bestmove").last().unwrap(), "bestmove 0000");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn stop_isready_and_bad_input() {
    let mut e = Uci::start();
    e.send("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves FcAd");
    e.send("go infinite");
    e.send("isready");
    e.expect("readyok");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    let lines = e.expect("bestmove");
    assert!(lines.last().unwrap().len() == "bestmove A".len());

    for bad in [
        "position",
        "position fen 1-2-3",
        "position startpos moves FF",
        "position startpos moves XYZ",
        "go depth",
        "go movetime abc",
        "setoption name Hash value lots",
        "setoption name Level value grandmaster",
        "setoption name GrandSlam value sometimes",
        "setoption name Nonsense value 1",
        "setoption",
        "flip the board",
    ] {
        e.send(bad);
    }
    e.send_bytes(b"\xff\xfe garbage\n");
    e.send_bytes(b"go movetime \xff\n");
    e.send("isready");
    let lines = e.expect("readyok");
    let reports = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .count();
    assert!(reports >= 10, "{lines:?}");

    e.send("setoption name Level value easy");
    e.send("position startpos");
    e.send("go movetime 1000");
    let best = e.expect("bestmove").pop().unwrap();
    assert!(best.len() == "bestmove A".len(), "{best}");
    e.send("setoption name Level value expert");
    e.send("go nodes 5000");
    e.expect("bestmove");
    e.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5");
    e.expect("bestmove");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn a_hash_the_machine_refuses_keeps_the_engine_running() {
    let mut e = Uci::start_limited("--hash 65536");
    let lines = e.expect("info string Hash");
    assert!(
        lines
            .last()
            .unwrap()
            .contains("cannot allocate a 65536 MB table; using 64 MB"),
        "{lines:?}"
    );
    e.send("setoption name Hash value 16");
    e.send("setoption name Hash value 65536");
    e.send("isready");
    let lines = e.expect("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("cannot allocate a 65536 MB table; the 16 MB table is kept")),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go depth 4");
    e.expect("bestmove");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn junk_is_not_echoed_back_whole() {
    let mut e = Uci::start();
    let junk = "x".repeat(20 << 20);
    // A 20 MB line: skipped with its length.
    e.send(&junk);
    // A 500 KB token: quoted in part.
    e.send(&format!("position fen {}", &junk[..500_000]));
    e.send("isready");
    let lines = e.expect("readyok");
    let longest = lines.iter().map(String::len).max().unwrap();
    assert!(longest < 400, "a line of {longest} bytes");
    assert!(
        lines.iter().any(
            |l| l.contains(&format!("a line of {} bytes ignored", (20 << 20) + 1))
                || l.contains(&format!("a line of {} bytes ignored", 20 << 20))
        ),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("(500000 bytes)")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// Answers `requests` (JSON, one a line) with the page's WebAssembly engine in Node: the module
/// `scripts/build-wasm.sh` builds, loaded by the page's own loader (`crates/oware-wasm/tests/agree.mjs`).
fn page_engine(requests: &[String]) -> Vec<serde_json::Value> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let wasm = root.join("crates/oware-server/static/wasm/oware.wasm");
    assert!(
        wasm.is_file(),
        "{} is missing: run scripts/build-wasm.sh",
        wasm.display()
    );
    let mut child = Command::new(std::env::var("NODE").unwrap_or_else(|_| "node".into()))
        .arg(root.join("crates/oware-wasm/tests/agree.mjs"))
        .arg(&wasm)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (the browser tests need it too)");
    let mut stdin = child.stdin.take().unwrap();
    let input = requests.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "node failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The page's WebAssembly engine and `oware uci`, a real process speaking the protocol, choose
/// the same move for the same position and level: 150 positions of random games (openings to
/// bare endgames) at medium and hard, the levels whose search ends at a depth. Easy is half
/// dice: the page's dice follow the game's seed and the protocol has no seed, so its other half
/// (the 2-ply search) is medium's kind of search, checked here through medium. Both engines
/// search without endgame tables (the process gets an empty table folder) with each level's own
/// table size, a fresh table for every position, under the page's rules (abapa, third repetition).
#[test]
fn the_page_engine_and_oware_uci_choose_the_same_moves() {
    let mut state = 57_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = (state ^ (state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut positions = Vec::new();
    while positions.len() < 150 {
        let mut game = Game::new(Rules::default());
        for _ in 0..next() % 160 {
            let legal = game.legal_moves();
            if game.is_over() || legal.is_empty() {
                break;
            }
            game.play(legal[(next() % legal.len() as u64) as usize])
                .unwrap();
        }
        if !game.is_over() {
            positions.push(movetext::write_list(&game.move_texts()));
        }
    }
    let levels = [("medium", 4), ("hard", 16)];
    let requests: Vec<String> = levels
        .iter()
        .flat_map(|(level, _)| {
            positions.iter().map(move |moves| {
                format!(r#"{{"op":"reply","moves":"{moves}","level":"{level}","seed":1}}"#)
            })
        })
        .collect();
    let page = page_engine(&requests);
    assert_eq!(page.len(), requests.len());

    let no_tables = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_oware"));
    cmd.arg("uci").arg("--egdb-path").arg(no_tables.path());
    let mut e = Uci::start_command(cmd);
    // The page plays abapa with the third repetition ending the game; the protocol's default is
    // Aualé's first repetition.
    e.send("setoption name Repetition value third");
    let mut answers = page.iter();
    let mut differ = Vec::new();
    for (level, hash_mb) in levels {
        e.send(&format!("setoption name Level value {level}"));
        e.send(&format!("setoption name Hash value {hash_mb}"));
        for moves in &positions {
            e.send("ucinewgame");
            e.send(&format!("position startpos moves {moves}"));
            e.send("go");
            let line = e.expect("bestmove").pop().unwrap();
            let uci = line.split_whitespace().nth(1).unwrap().to_string();
            let want = answers.next().unwrap()["move"]
                .as_str()
                .unwrap()
                .to_string();
            if uci != want {
                differ.push(format!("{level} after '{moves}': uci {uci}, page {want}"));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
