//! Runs the `oware` binary built for these tests as a user runs it, with no input.
#![allow(dead_code)] // each test file uses its own part

use std::process::Command;

/// Runs `oware ARGS…`: its exit code (`None` when a signal ended it), standard output and
/// standard error.
pub fn oware_code(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(args)
        .output()
        .expect("oware runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `oware ARGS…`: whether it succeeded, standard output and standard error.
pub fn oware(args: &[&str]) -> (bool, String, String) {
    let (code, out, err) = oware_code(args);
    (code == Some(0), out, err)
}

/// A real `oware serve` on loopback, killed (as `kill -9` does) when dropped.
pub struct Serve {
    /// The process.
    pub child: std::process::Child,
    /// Its address, e.g. `http://127.0.0.1:41234` (no trailing slash).
    pub base: String,
    /// Its port.
    pub port: u16,
}

impl Serve {
    /// Starts `oware serve --port PORT` (0: a free one) with one search thread, no endgame
    /// tables (an empty folder beside `log`) and `args` (`--db …` and the like), its standard
    /// error in the file `log`; returns once it says it is ready, or panics with its log.
    pub fn start(port: u16, args: &[&std::ffi::OsStr], log: &std::path::Path) -> Serve {
        use std::io::{BufRead, BufReader};
        let no_tables = log.with_extension("no-tables");
        let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
            .args(["serve", "--port", &port.to_string()])
            .args(["--no-egdb-build", "--engine-threads", "1", "--egdb"])
            .arg(&no_tables)
            .args(args)
            .env("RUST_LOG", "info")
            .stdout(std::process::Stdio::piped())
            .stderr(std::fs::File::create(log).expect("a log file"))
            .spawn()
            .expect("oware serve starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let ready = lines.next().and_then(Result::ok).unwrap_or_default();
        // Keep reading what it prints, so that it never writes into a closed pipe.
        std::thread::spawn(move || for _ in lines {});
        let Some(base) = ready
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .map(|u| u.trim_end_matches('/').to_string())
        else {
            let _ = child.kill();
            let _ = child.wait();
            let log = std::fs::read_to_string(log).unwrap_or_default();
            panic!("oware serve did not start: {ready}\n{log}");
        };
        let port = base
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap();
        Serve { child, base, port }
    }

    /// [`Serve::start`] on a free port with the database `dir/games.sqlite`, its log
    /// `dir/serve.log`.
    pub fn in_dir(dir: &std::path::Path) -> Serve {
        let db = dir.join("games.sqlite");
        Serve::start(
            0,
            &["--db".as_ref(), db.as_os_str()],
            &dir.join("serve.log"),
        )
    }

    /// Stops the process as a supervisor does (SIGTERM) and waits for it to exit: its status.
    pub fn stop(&mut self) -> std::process::ExitStatus {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        self.child.wait().expect("oware serve exits")
    }

    /// Ends the process at once, as `kill -9` does (no shutdown of any kind).
    pub fn kill_9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        self.kill_9();
    }
}

/// An empty folder `oware-{name}-{pid}` in the temporary folder (emptied if it was there).
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A request of `method` (`"GET"`, `"POST"` …) to `url`, with `body` as JSON when there is one.
pub fn json_request(
    client: &reqwest::Client,
    method: &str,
    url: String,
    body: Option<serde_json::Value>,
) -> reqwest::RequestBuilder {
    let r = client.request(method.parse().unwrap(), url);
    match body {
        Some(b) => r
            .header("content-type", "application/json")
            .body(b.to_string()),
        None => r,
    }
}

/// The session cookie's value an answer sets (`Set-Cookie: oware_session=…`), if it sets one.
pub fn session_cookie(headers: &reqwest::header::HeaderMap) -> Option<String> {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("oware_session="))
        .map(|v| v.split(';').next().unwrap().to_string())
}

/// The letter of the first legal pit of a game's state as the API answers it (`pits_info`).
pub fn first_legal_pit(state: &serde_json::Value) -> String {
    state["pits_info"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["legal"] == true)
        .map(|p| p["letter"].as_str().unwrap().to_string())
        .unwrap_or_else(|| panic!("a legal pit: {state}"))
}
