//! A real terminal for the tests of `oware play`: tmux runs a shell, the shell runs the
//! binary, send-keys types and capture-pane reads the screen. Every wait polls the screen for
//! the text it expects, with a generous bound, instead of sleeping. tmux comes from Debian's
//! packages (`scripts/test.sh` installs it when missing); without it the tests say so and skip,
//! except under `CI=true`, where a missing tmux fails them (a CI run that skipped them would
//! pass without having checked the terminal game).
#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

pub const PROMPT: &str = "READY> ";
/// The prompt as capture-pane shows it (trailing blanks dropped).
pub const PROMPT_SEEN: &str = "READY>";
/// The longest wait for a screen: far above what any step needs (the computer's easy move is a
/// 2-ply search), so only a real failure reaches it.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Skips the test (returns from it, saying why) where tmux is not installed; fails it there
/// under `CI=true`.
macro_rules! need_tmux {
    () => {
        if !$crate::tmux::have_tmux() {
            assert!(
                !$crate::tmux::in_ci(),
                "tmux is not installed, and CI=true: the terminal tests must run in CI \
                 (scripts/test.sh installs tmux with apt-get)"
            );
            eprintln!("SKIPPED: tmux is not installed (scripts/test.sh installs it with apt-get)");
            return;
        }
    };
}
#[allow(unused_imports)] // each test file uses its own part
pub(crate) use need_tmux;

/// The files in folder `dir` (none when it does not exist).
pub fn files_in(dir: &std::path::Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

/// Whether this is a CI run (`CI=true`, as `.ci/run` and most CI services set it).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

pub fn have_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A tmux server of our own (its own socket) with one 80×24 pane running `sh`; killed on drop.
pub struct Tmux {
    pub socket: PathBuf,
    pub dir: PathBuf,
}

impl Tmux {
    pub fn start(name: &str) -> Tmux {
        Tmux::start_with(name, "")
    }

    /// [`Tmux::start`] with `env` (`NAME=value …`) added to the shell's environment. The shell
    /// starts in English (`LANG=C.UTF-8`, no `LC_ALL` or `LC_MESSAGES`) unless `env` says otherwise.
    pub fn start_with(name: &str, env: &str) -> Tmux {
        Tmux::start_sized(name, env, 80, 24)
    }

    /// [`Tmux::start_with`] on a pane of `cols` × `rows`.
    pub fn start_sized(name: &str, env: &str, cols: u16, rows: u16) -> Tmux {
        let dir = std::env::temp_dir().join(format!("oware-play-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let t = Tmux {
            socket: dir.join("tmux.sock"),
            dir,
        };
        let shell = format!(
            "cd '{}' && env -u NO_COLOR -u LC_ALL -u LC_MESSAGES PS1='{PROMPT}' TERM=xterm-256color LANG=C.UTF-8 {env} sh",
            t.dir.display()
        );
        t.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            &cols.to_string(),
            "-y",
            &rows.to_string(),
            "-s",
            "t",
            &shell,
        ]);
        t.wait_for("the shell prompt", |s| s.contains(PROMPT_SEEN));
        t
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The screen with the lines the terminal wrapped joined again: a line longer than the
    /// pane is one the program did not break itself.
    pub fn screen_joined(&self) -> String {
        self.run(&["capture-pane", "-p", "-J", "-t", "t"])
    }

    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    pub fn type_line(&self, line: &str) {
        self.run(&["send-keys", "-t", "t", "-l", line]);
        self.keys(&["Enter"]);
    }

    pub fn format(&self, f: &str) -> String {
        self.run(&["display-message", "-p", "-t", "t", f])
            .trim()
            .to_string()
    }

    /// Polls the screen until `ok` holds; fails with the screen after [`PATIENCE`].
    pub fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                return s;
            }
            if start.elapsed() > PATIENCE {
                panic!("waited {PATIENCE:?} for {what}; the screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The pane is back to the shell: main screen, cursor shown, cooked mode.
    pub fn check_restored(&self) {
        assert_eq!(self.format("#{alternate_on}"), "0", "alternate screen left");
        assert_eq!(self.format("#{cursor_flag}"), "1", "cursor visible");
        assert_eq!(self.format("#{mouse_any_flag}"), "0", "mouse reports off");
        self.type_line(
            "echo \"MODES: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' ')\"",
        );
        let s = self.wait_for("stty's answer", |s| {
            s.lines().any(|l| l.starts_with("MODES:"))
        });
        let line = s.lines().find(|l| l.starts_with("MODES:")).unwrap();
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert!(words.contains(&"icanon"), "canonical mode back:\n{s}");
        assert!(words.contains(&"echo"), "echo back:\n{s}");
        assert!(
            !words.contains(&"-icanon") && !words.contains(&"-echo"),
            "{s}"
        );
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
