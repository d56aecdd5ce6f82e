//! `oware learn`: the lessons of `/learn` in the terminal, offline, from the same lesson files
//! (the crate `oware-lessons`). Line by line on standard input: a lesson's number or name in
//! the list; in a step a pit `A`–`F` or `1`–`6`, `hint`, `agree`, `quit`. The stars are kept
//! in the per-user data folder (`oware/lessons.json`), or the file `--progress` names. The
//! lessons and this command's words are in the language of `--lang`, else of `LC_ALL`,
//! `LC_MESSAGES` or `LANG` (as `oware play`); the commands `hint`, `agree` and `quit` are also
//! understood in that language.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use oware_i18n::{t, tr, Lang};
use oware_lessons::{CheckError, Lesson, Step, STARS_MAX};

use crate::cmd::show::draw_in;

/// The longest line read, in bytes.
const MAX_LINE_BYTES: usize = 256;
/// The largest progress file read, in bytes.
const MAX_PROGRESS_BYTES: u64 = 64 * 1024;

/// Arguments of `oware learn`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Start this lesson (its number in the list, or its name, e.g. `sowing`).
    pub lesson: Option<String>,
    /// The progress file [default: the per-user data folder's `oware/lessons.json`].
    #[arg(long)]
    pub progress: Option<PathBuf>,
    /// The language of the lessons: en, fr, de or pt [default: from LC_ALL, LC_MESSAGES or
    /// LANG, else en].
    #[arg(long, value_parser = ["en", "fr", "de", "pt"])]
    pub lang: Option<String>,
}

/// The stars of each step, `lesson/step` → stars.
type Progress = BTreeMap<String, u8>;

fn progress_file(args: &Args) -> Option<PathBuf> {
    args.progress
        .clone()
        .or_else(|| dirs::data_dir().map(|d| d.join("oware").join("lessons.json")))
}

/// The stars kept in `path`; none if there is no file or it cannot be read (said once).
fn load(lang: Lang, path: Option<&Path>) -> Progress {
    let Some(path) = path else {
        return Progress::new();
    };
    let Ok(file) = std::fs::File::open(path) else {
        return Progress::new();
    };
    let mut text = String::new();
    let read = std::io::Read::read_to_string(
        &mut std::io::Read::take(file, MAX_PROGRESS_BYTES),
        &mut text,
    );
    match read
        .ok()
        .and_then(|_| serde_json::from_str::<Progress>(&text).ok())
    {
        Some(p) => p
            .into_iter()
            .filter(|(k, v)| known(k) && (1..=STARS_MAX).contains(v))
            .collect(),
        None => {
            eprintln!(
                "{}",
                t(
                    lang,
                    "learn-cli-cannot-read",
                    &[("path", path.display().to_string().into())]
                )
            );
            Progress::new()
        }
    }
}

/// Whether `key` names a step of the lessons.
fn known(key: &str) -> bool {
    key.split_once('/').is_some_and(|(id, n)| {
        oware_lessons::lessons().iter().any(|l| {
            l.id == id
                && n.parse::<usize>()
                    .is_ok_and(|n| n >= 1 && n <= l.steps.len())
        })
    })
}

fn save(lang: Lang, path: Option<&Path>, p: &Progress) {
    let Some(path) = path else { return };
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, serde_json::to_string_pretty(p).unwrap_or_default()));
    if let Err(e) = written {
        eprintln!(
            "{}",
            t(
                lang,
                "learn-cli-cannot-keep",
                &[
                    ("path", path.display().to_string().into()),
                    ("error", e.to_string().into()),
                ]
            )
        );
    }
}

/// The stars drawn as the web page draws them: `★★☆`.
fn stars_text(n: u8) -> String {
    format!(
        "{}{}",
        "★".repeat(n.into()),
        "☆".repeat((STARS_MAX - n.min(STARS_MAX)).into())
    )
}

/// The terminal's width in columns (`COLUMNS`, else the terminal's own, else 80), at least 20.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .or_else(|| {
            crossterm::terminal::size()
                .ok()
                .map(|(w, _)| usize::from(w))
        })
        .filter(|&w| w > 0)
        .unwrap_or(80)
        .max(20)
}

/// `text` broken into lines of at most `width` characters between words (a word longer than a
/// line stands alone), each line after the first of a paragraph indented by `indent` spaces.
/// The text's own line breaks are kept.
fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    for (k, para) in text.lines().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        // The paragraph's own indentation is kept (a list's numbers are right-aligned).
        let lead = para.len() - para.trim_start_matches(' ').len();
        out.push_str(&para[..lead]);
        let mut col = lead;
        let mut first = true;
        for word in para.split(' ').filter(|w| !w.is_empty()) {
            let n = word.chars().count();
            if first {
                first = false;
            } else if col + 1 + n > width {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                col = indent;
            } else {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += n;
        }
    }
    out
}

/// Prints `text` wrapped at the terminal's width.
fn say(text: &str) {
    println!("{}", wrap(text, width(), 0));
}

/// Reads one line; `None` at the end of the input.
fn line(lang: Lang, prompt: &str, input: &mut dyn BufRead) -> anyhow::Result<Option<String>> {
    loop {
        print!("{prompt}");
        std::io::stdout()
            .flush()
            .context("cannot write to standard output")?;
        let mut text = String::new();
        let n = <&mut dyn BufRead as std::io::Read>::take(&mut *input, MAX_LINE_BYTES as u64 + 1)
            .read_line(&mut text)
            .context("cannot read standard input")?;
        if n == 0 {
            return Ok(None);
        }
        if text.len() > MAX_LINE_BYTES {
            say(&tr(lang, "learn-cli-line-too-long"));
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest).ok();
            continue;
        }
        return Ok(Some(text.trim().to_string()));
    }
}

fn lesson_stars(l: &Lesson, p: &Progress) -> (usize, u32) {
    let got: Vec<u8> = (1..=l.steps.len())
        .filter_map(|n| p.get(&format!("{}/{n}", l.id)).copied())
        .collect();
    (got.len(), got.iter().map(|&s| u32::from(s)).sum())
}

/// The lessons, one a line (a title too long for the terminal goes on under itself, never
/// under the numbers): its number, its title, and its stars.
fn print_list(lang: Lang, p: &Progress) {
    println!();
    say(&tr(lang, "learn-cli-list"));
    let done_word = tr(lang, "learn-cli-done");
    let width = width();
    for (i, l) in oware_lessons::lessons_in(lang).iter().enumerate() {
        let (done, stars) = lesson_stars(l, p);
        let stars = t(
            lang,
            "learn-cli-stars",
            &[
                ("count", stars.into()),
                ("total", (3 * l.steps.len()).into()),
            ],
        );
        let mark = if done == l.steps.len() {
            format!("{done_word} {stars}")
        } else {
            stars
        };
        let line = format!("{:>3}. {} · {mark}", i + 1, l.title);
        println!("{}", wrap(&line, width, 5));
    }
}

fn find(choice: &str) -> Option<usize> {
    let lessons = oware_lessons::lessons();
    choice
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=lessons.len()).contains(n))
        .map(|n| n - 1)
        .or_else(|| lessons.iter().position(|l| l.id == choice))
}

/// How a step went: its stars, or the learner quit.
enum StepEnd {
    Stars(u8),
    Quit,
}

/// Whether `text` is the command `id` (`learn-cli-word-hint`): its English word, its first
/// letter, or its word in `lang`.
fn is_command(lang: Lang, text: &str, english: &str, id: &str) -> bool {
    let text = text.to_lowercase();
    let word = tr(lang, id).to_lowercase();
    text == english || text == english[..1] || text == word
}

fn play_step(
    lang: Lang,
    l: &Lesson,
    n: usize,
    s: &Step,
    input: &mut dyn BufRead,
) -> anyhow::Result<StepEnd> {
    println!();
    say(&t(
        lang,
        "learn-cli-step",
        &[
            ("lesson", l.title.as_str().into()),
            ("step", n.into()),
            ("steps", l.steps.len().into()),
            ("title", s.title.as_str().into()),
        ],
    ));
    say(s.text.trim());
    say(&t(
        lang,
        "learn-cli-goal",
        &[("task", s.task.as_str().into())],
    ));
    let words = [
        ("hint", tr(lang, "learn-cli-word-hint").into()),
        ("agree", tr(lang, "learn-cli-word-agree").into()),
        ("quit", tr(lang, "learn-cli-word-quit").into()),
    ];
    let prompt = t(lang, "learn-cli-move", &words);
    let (mut tries, mut hinted) = (0u32, false);
    let mut moves: Vec<String> = Vec::new();
    let mut pos = s.start();
    loop {
        print!("{}", draw_in(&pos, lang));
        let Some(text) = line(lang, &prompt, input)? else {
            return Ok(StepEnd::Quit);
        };
        if is_command(lang, &text, "quit", "learn-cli-word-quit") {
            return Ok(StepEnd::Quit);
        }
        if is_command(lang, &text, "hint", "learn-cli-word-hint") {
            hinted = true;
            say(&t(
                lang,
                "learn-cli-hint",
                &[("hint", s.hint.as_str().into())],
            ));
            continue;
        }
        let mv = if text.eq_ignore_ascii_case("agree")
            || text.to_lowercase() == tr(lang, "learn-cli-word-agree").to_lowercase()
        {
            "agree".to_string()
        } else {
            text.to_ascii_uppercase()
        };
        moves.push(mv);
        let a = match oware_lessons::check(s, &moves) {
            Ok(a) => a,
            Err(e) => {
                moves.pop();
                match e {
                    CheckError::BadMove(m) => {
                        let mut args = words.to_vec();
                        args.push(("move", m.chars().take(16).collect::<String>().into()));
                        say(&t(lang, "learn-cli-bad-move", &args));
                    }
                    other => say(&format!("{other}.")),
                }
                continue;
            }
        };
        if a.illegal {
            // Not counted: the same position, no try lost.
            moves.pop();
            say(&a.explanation);
            continue;
        }
        say(&a.explanation);
        pos = a.position;
        if !a.over {
            continue;
        }
        tries += 1;
        if a.met {
            let stars = match (tries, hinted) {
                (1, false) => 3,
                (1, true) | (2, _) => 2,
                _ => 1,
            };
            print!("{}", draw_in(&pos, lang));
            say(&t(
                lang,
                "learn-cli-step-done",
                &[("stars", stars_text(stars).into())],
            ));
            return Ok(StepEnd::Stars(stars));
        }
        // The board the missed move left, then the step again from its start.
        print!("{}", draw_in(&pos, lang));
        say(&tr(lang, "learn-cli-again"));
        moves.clear();
        pos = s.start();
    }
}

/// Plays lesson `i`; `false` if the learner quit.
fn play_lesson(
    lang: Lang,
    i: usize,
    p: &mut Progress,
    file: Option<&Path>,
    input: &mut dyn BufRead,
) -> anyhow::Result<bool> {
    let l = &oware_lessons::lessons_in(lang)[i];
    println!();
    say(&t(
        lang,
        "learn-cli-lesson",
        &[
            ("number", (i + 1).into()),
            ("title", l.title.as_str().into()),
        ],
    ));
    say(&l.intro);
    for (k, s) in l.steps.iter().enumerate() {
        match play_step(lang, l, k + 1, s, input)? {
            StepEnd::Quit => return Ok(false),
            StepEnd::Stars(n) => {
                let e = p.entry(format!("{}/{}", l.id, k + 1)).or_insert(0);
                *e = (*e).max(n);
                save(lang, file, p);
            }
        }
    }
    let (_, stars) = lesson_stars(l, p);
    println!();
    say(&t(
        lang,
        "learn-cli-complete",
        &[
            ("title", l.title.as_str().into()),
            ("count", stars.into()),
            ("total", (3 * l.steps.len()).into()),
        ],
    ));
    Ok(true)
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let lang = oware_i18n::from_process_env(args.lang.as_deref());
    let file = progress_file(&args);
    let mut progress = load(lang, file.as_deref());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    if let Some(choice) = &args.lesson {
        let i = find(choice).with_context(|| {
            t(
                lang,
                "learn-cli-no-lesson",
                &[
                    ("choice", choice.as_str().into()),
                    ("count", oware_lessons::lessons().len().into()),
                ],
            )
        })?;
        play_lesson(lang, i, &mut progress, file.as_deref(), &mut input)?;
        return Ok(ExitCode::SUCCESS);
    }
    loop {
        print_list(lang, &progress);
        let prompt = t(
            lang,
            "learn-cli-choose",
            &[("quit", tr(lang, "learn-cli-word-quit").into())],
        );
        let Some(choice) = line(lang, &prompt, &mut input)? else {
            println!(); // the end of the input: off the prompt's line
            break;
        };
        if is_command(lang, &choice, "quit", "learn-cli-word-quit") {
            break;
        }
        match find(&choice) {
            Some(i) => {
                if !play_lesson(lang, i, &mut progress, file.as_deref(), &mut input)? {
                    break;
                }
            }
            None => say(&t(
                lang,
                "learn-cli-type-number",
                &[("count", oware_lessons::lessons().len().into())],
            )),
        }
    }
    say(&tr(lang, "learn-cli-bye"));
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn lines_break_between_words() {
        let text = "A chain of captures: after a capture, look at the pit just before it.";
        let out = wrap(text, 20, 2);
        assert!(out.lines().all(|l| l.chars().count() <= 20), "{out}");
        assert_eq!(
            out.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
        assert!(out.lines().skip(1).all(|l| l.starts_with("  ")), "{out}");
        assert_eq!(wrap("one\ntwo", 80, 0), "one\ntwo");
        assert_eq!(wrap("  1. Sowing", 80, 5), "  1. Sowing");
    }
}
