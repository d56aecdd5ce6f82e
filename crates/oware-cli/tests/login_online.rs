//! `oware login` and rated games in `oware play --online`, end to end with real processes: a
//! real `oware serve --port 0` on a temporary SQLite file, two accounts made through the API
//! (as the page signs up), `oware login` typed in tmux (the password not shown, the session kept
//! for the user only), then `oware play --online SERVER --new --rated` creating a rated game
//! that shows the account's name and rating, the opponent (Ama, an account, through the API)
//! joining and resigning, the change of both ratings on the board, the account's seat found on
//! "another device" (no seat token kept), and the server's refusal of a rated game without a
//! log-in, in its words.
//!
//! tmux comes from Debian's packages (`scripts/test.sh` installs it when missing); without it
//! these tests say so and skip.

#[path = "run/mod.rs"]
mod run;
mod tmux;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use run::Serve;
use serde_json::{json, Value};
use tmux::{files_in, need_tmux, Tmux, PROMPT_SEEN};

const KOFI_PASSWORD: &str = "kente cloth 1957";
const AMA_PASSWORD: &str = "adinkra symbols 42";

/// A folder for one test's database, config and data folders.
fn test_dir(name: &str) -> PathBuf {
    run::fresh_dir(&format!("login-{name}"))
}

/// A player of the page: its own requests, with the session cookie once signed up.
struct Page {
    rt: tokio::runtime::Runtime,
    client: reqwest::Client,
    base: String,
    cookie: String,
    token: String,
}

impl Page {
    fn new(base: &str) -> Page {
        Page {
            rt: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap(),
            client: reqwest::Client::new(),
            base: base.to_string(),
            cookie: String::new(),
            token: String::new(),
        }
    }

    /// One request with the cookie and the seat token, if any: status, JSON body and the
    /// session cookie set, if any.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value, Option<String>) {
        let mut r = run::json_request(&self.client, method, format!("{}{path}", self.base), body);
        if !self.cookie.is_empty() {
            r = r.header("cookie", format!("oware_session={}", self.cookie));
        }
        if !self.token.is_empty() {
            r = r.header("x-seat-token", &self.token);
        }
        self.rt.block_on(async move {
            let res = r.send().await.expect("the server answers");
            let status = res.status().as_u16();
            let cookie = run::session_cookie(res.headers());
            let text = res.text().await.unwrap();
            (
                status,
                serde_json::from_str(&text).unwrap_or(Value::Null),
                cookie,
            )
        })
    }

    /// Signs up `name` (the page's sign-up: the answer logs in).
    fn sign_up(&mut self, name: &str, password: &str) {
        let (status, v, cookie) = self.call(
            "POST",
            "/api/account/signup",
            Some(json!({ "name": name, "password": password })),
        );
        assert!(status == 200 || status == 201, "{status} {v}");
        assert_eq!(v["name"], name);
        self.cookie = cookie.expect("a session cookie");
    }

    /// Plays a legal pit chosen from the server's `pits_info`.
    fn play_any(&self, id: &str) {
        let (_, st, _) = self.call("GET", &format!("/api/games/{id}"), None);
        let letter = run::first_legal_pit(&st);
        let (status, v, _) = self.call(
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": letter })),
        );
        assert_eq!(status, 200, "{v}");
    }
}

fn oware() -> &'static str {
    env!("CARGO_BIN_EXE_oware")
}

/// The shell's environment of a terminal user whose config and data folders are under `home`.
fn user_env(home: &Path) -> String {
    format!(
        "XDG_CONFIG_HOME='{}' XDG_DATA_HOME='{}'",
        home.join("config").display(),
        home.join("data").display()
    )
}

/// The files of `home`'s kept sessions.
fn session_files(home: &Path) -> Vec<PathBuf> {
    files_in(&home.join("config/oware/sessions"))
}

#[test]
fn login_keeps_the_session_and_a_rated_game_shows_names_ratings_and_their_change() {
    need_tmux!();
    let dir = test_dir("rated");
    let server = Serve::in_dir(&dir);
    let base = server.base.clone();
    // Both accounts are made as the page makes them.
    let mut kofi_page = Page::new(&base);
    kofi_page.sign_up("Kofi", KOFI_PASSWORD);
    let mut ama = Page::new(&base);
    ama.sign_up("Ama", AMA_PASSWORD);

    // Kofi logs in from the terminal: the name on a line, the password not shown.
    let home = dir.join("kofi");
    let t = Tmux::start_with("rated", &user_env(&home));
    t.type_line(&format!("{} login {base}", oware()));
    t.wait_for("the name's question", |s| s.contains("Name on "));
    t.type_line("Kofi");
    t.wait_for("the password's question", |s| {
        s.contains("Password (not shown):")
    });
    t.run(&["send-keys", "-t", "t", "-l", KOFI_PASSWORD]);
    t.keys(&["Enter"]);
    let s = t.wait_for("the log-in", |s| {
        s.contains(&format!("Logged in to {base} as Kofi."))
    });
    assert!(!s.contains(KOFI_PASSWORD), "the password was shown:\n{s}");
    t.check_restored();
    let files = session_files(&home);
    assert_eq!(files.len(), 1, "{files:?}");
    let kept = std::fs::read_to_string(&files[0]).unwrap();
    let mut lines = kept.lines();
    let cookie = lines.next().unwrap();
    assert!(
        cookie.len() == 64 && cookie.bytes().all(|b| b.is_ascii_hexdigit()),
        "{kept}"
    );
    assert_eq!(lines.next(), Some("Kofi"));
    assert!(!kept.contains(KOFI_PASSWORD));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&files[0]).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the session file is the user's only");
    }
    // The server knows the session as Kofi's.
    let mut probe = Page::new(&base);
    probe.cookie = cookie.to_string();
    assert_eq!(probe.call("GET", "/api/account", None).1["name"], "Kofi");

    // A rated challenge from the terminal: the account's name and its provisional rating.
    let play = format!(
        "{} play --online {base} --new --rated --side S --clock 3+2 --no-animation \
         --egdb-path ./no-tables",
        oware()
    );
    t.type_line(&play);
    let s = t.wait_for("the rated challenge", |s| {
        s.contains(" Board ") && s.contains("Waiting for an opponent")
    });
    assert!(s.contains("South: Kofi (you) 1500?"), "{s}");
    assert!(s.contains("3+2 rated"), "{s}");
    assert!(s.contains("Logged in as Kofi."), "{s}");
    let link = s
        .lines()
        .find_map(|l| l.split("http://").nth(1))
        .map(|r| format!("http://{}", r.split_whitespace().next().unwrap()))
        .expect("the invite link on screen");
    // The link may wrap over two lines of the pane: the id is read from the lobby instead.
    let (_, lobby, _) = ama.call("GET", "/api/lobby", None);
    let challenge = lobby["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Kofi")
        .cloned()
        .unwrap_or_else(|| panic!("Kofi's challenge in the lobby: {lobby} ({link})"));
    assert_eq!(challenge["rated"], true, "{challenge}");
    let id = challenge["id"].as_str().unwrap().to_string();

    // Ama (an account) takes it; Kofi moves first, then Ama.
    let (status, v, _) = ama.call("POST", &format!("/api/games/{id}/join"), Some(json!({})));
    assert_eq!(status, 200, "{v}");
    ama.token = v["token"].as_str().unwrap().to_string();
    t.wait_for("Ama on the board", |s| {
        s.contains("North: Ama 1500?") && s.contains("Your move")
    });
    t.keys(&["1"]);
    t.wait_for("Kofi's move", |s| s.contains("  1. A"));
    ama.play_any(&id);
    t.wait_for("Ama's move", |s| {
        s.contains("Your move") && s.contains("  1. A     ")
    });

    // Kofi leaves and comes back on "another device": no seat token there, the session finds
    // the account's seat.
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.trim_end().ends_with(PROMPT_SEEN));
    t.type_line(&format!(
        "XDG_DATA_HOME=./other-device {} play --online {base}/game/{id} --no-animation \
         --egdb-path ./no-tables",
        oware()
    ));
    let s = t.wait_for("the account's seat", |s| {
        s.contains("Welcome back: your account's seat, you play South") && s.contains(" Board ")
    });
    assert!(s.contains("South: Kofi (you) 1500?"), "{s}");

    // Ama resigns: each rating's change is on the board, as the server computed it.
    let (status, v, _) = ama.call("POST", &format!("/api/games/{id}/resign"), None);
    assert_eq!(status, 200, "{v}");
    let (_, st, _) = ama.call("GET", &format!("/api/games/{id}"), None);
    let diff = |side: &str| {
        st["online"]["seats"][side]["rating"]["diff"]
            .as_i64()
            .unwrap()
    };
    let (ds, dn) = (diff("S"), diff("N"));
    assert!(ds > 0 && dn < 0, "{st}");
    let s = t.wait_for("the rating changes", |s| {
        s.contains("Game over: Kofi (South) wins")
    });
    assert!(
        s.contains(&format!("South: Kofi (you) 1500? {ds:+}")),
        "Kofi's change:\n{s}"
    );
    assert!(
        s.contains(&format!("North: Ama 1500? {dn:+}")),
        "Ama's change:\n{s}"
    );
    t.keys(&["q"]);
    let s = t.wait_for("the ratings printed", |s| s.contains("ratings: "));
    assert!(
        s.contains(&format!("ratings:  Kofi 1500? {ds:+}, Ama 1500? {dn:+}")),
        "{s}"
    );

    // Logged out, a rated challenge is the server's refusal, with how to log in.
    t.type_line(&format!("{} logout {base}", oware()));
    t.wait_for("the log-out", |s| {
        s.contains(&format!("Logged out of {base} (Kofi)."))
    });
    assert!(session_files(&home).is_empty(), "the session is forgotten");
    assert_eq!(
        probe.call("GET", "/api/account", None).1["name"],
        Value::Null
    );
    t.type_line(&format!("{play}; echo EXIT=$?"));
    // The typed command itself may wrap so that a line of the pane starts with "EXIT=$?":
    // only the status the shell printed, digits after "EXIT=", ends the wait.
    let s = t.wait_for("the refusal", |s| {
        s.lines().any(|l| {
            l.trim_end()
                .strip_prefix("EXIT=")
                .is_some_and(|code| !code.is_empty() && code.bytes().all(|b| b.is_ascii_digit()))
        })
    });
    assert!(
        s.contains(&format!(
            "oware: log in to play a rated game (oware login {base} logs in)"
        )),
        "{s}"
    );
    assert!(s.lines().any(|l| l.trim_end() == "EXIT=1"), "{s}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_wrong_password_is_the_servers_sentence_and_keeps_nothing() {
    let dir = test_dir("wrong");
    let server = Serve::in_dir(&dir);
    let mut page = Page::new(&server.base);
    page.sign_up("Kofi", KOFI_PASSWORD);
    let home = dir.join("kofi");
    // From a pipe: the name, then the password, one a line.
    let login = |input: &str| {
        let mut child = Command::new(oware())
            .args(["login", &server.base])
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (code, out) = login("Kofi\nnot the password\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("oware: wrong user name or password"), "{out}");
    assert!(!out.contains("not the password"), "{out}");
    assert!(session_files(&home).is_empty());
    let (code, out) = login(&format!("Kofi\n{KOFI_PASSWORD}\n"));
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains(KOFI_PASSWORD), "{out}");
    assert_eq!(session_files(&home).len(), 1);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
