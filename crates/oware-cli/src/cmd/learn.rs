//! `oware learn`: the lessons of `/learn` in the terminal, offline, from the same lesson files
//! (the crate `oware-lessons`). Line by line on standard input: a lesson's number or name in
//! the list; in a step a pit `A`–`F` or `1`–`6`, `hint`, `agree`, `quit`. The stars are kept
//! in the per-user data folder (`oware/lessons.json`), or the file `--progress` names.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use oware_lessons::{Lesson, Step, STARS_MAX};

use crate::cmd::show::draw;

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
}

/// The stars of each step, `lesson/step` → stars.
type Progress = BTreeMap<String, u8>;

fn progress_file(args: &Args) -> Option<PathBuf> {
    args.progress
        .clone()
        .or_else(|| dirs::data_dir().map(|d| d.join("oware").join("lessons.json")))
}

/// The stars kept in `path`; none if there is no file or it cannot be read (said once).
fn load(path: Option<&Path>) -> Progress {
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
                "(cannot read the progress in {}: starting afresh)",
                path.display()
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

fn save(path: Option<&Path>, p: &Progress) {
    let Some(path) = path else { return };
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, serde_json::to_string_pretty(p).unwrap_or_default()));
    if let Err(e) = written {
        eprintln!("(cannot keep the progress in {}: {e})", path.display());
    }
}

fn stars_text(n: u8) -> String {
    format!(
        "{}{}",
        "*".repeat(n.into()),
        ".".repeat((STARS_MAX - n.min(STARS_MAX)).into())
    )
}

/// Reads one line; `None` at the end of the input.
fn line(prompt: &str, input: &mut dyn BufRead) -> anyhow::Result<Option<String>> {
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
            println!("That line is too long.");
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

fn print_list(p: &Progress) {
    println!("\nLessons (the stars you have, out of 3 per step):");
    for (i, l) in oware_lessons::lessons().iter().enumerate() {
        let (done, stars) = lesson_stars(l, p);
        let mark = if done == l.steps.len() {
            "done"
        } else {
            "    "
        };
        println!(
            "{:>3}. {:<34} {mark} {stars}/{} stars",
            i + 1,
            l.title,
            3 * l.steps.len()
        );
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

fn play_step(l: &Lesson, n: usize, s: &Step, input: &mut dyn BufRead) -> anyhow::Result<StepEnd> {
    println!(
        "\n== {} - step {n} of {}: {}",
        l.title,
        l.steps.len(),
        s.title
    );
    println!("{}", s.text.trim());
    println!("Goal: {}", s.task);
    let (mut tries, mut hinted) = (0u32, false);
    let mut moves: Vec<String> = Vec::new();
    let mut pos = s.start();
    loop {
        print!("{}", draw(&pos));
        let Some(text) = line("Your move (A-F or 1-6, hint, agree, quit): ", input)? else {
            return Ok(StepEnd::Quit);
        };
        match text.to_ascii_lowercase().as_str() {
            "q" | "quit" => return Ok(StepEnd::Quit),
            "h" | "hint" => {
                hinted = true;
                println!("Hint: {}", s.hint);
                continue;
            }
            _ => {}
        }
        let mv = if text.eq_ignore_ascii_case("agree") {
            "agree".to_string()
        } else {
            text.to_ascii_uppercase()
        };
        moves.push(mv);
        let a = match oware_lessons::check(s, &moves) {
            Ok(a) => a,
            Err(e) => {
                moves.pop();
                println!("{e}.");
                continue;
            }
        };
        println!("{}", a.explanation);
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
            print!("{}", draw(&pos));
            println!("Step done: {}", stars_text(stars));
            return Ok(StepEnd::Stars(stars));
        }
        println!("(The step starts again.)");
        moves.clear();
        pos = s.start();
    }
}

/// Plays lesson `i`; `false` if the learner quit.
fn play_lesson(
    i: usize,
    p: &mut Progress,
    file: Option<&Path>,
    input: &mut dyn BufRead,
) -> anyhow::Result<bool> {
    let l = &oware_lessons::lessons()[i];
    println!("\nLesson {}: {}\n{}", i + 1, l.title, l.intro);
    for (k, s) in l.steps.iter().enumerate() {
        match play_step(l, k + 1, s, input)? {
            StepEnd::Quit => return Ok(false),
            StepEnd::Stars(n) => {
                let e = p.entry(format!("{}/{}", l.id, k + 1)).or_insert(0);
                *e = (*e).max(n);
                save(file, p);
            }
        }
    }
    let (_, stars) = lesson_stars(l, p);
    println!(
        "\nLesson complete: {} ({stars} of {} stars).",
        l.title,
        3 * l.steps.len()
    );
    Ok(true)
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let file = progress_file(&args);
    let mut progress = load(file.as_deref());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    if let Some(choice) = &args.lesson {
        let i = find(choice).with_context(|| {
            format!(
                "no lesson {choice}: give a number 1 to {} or a name (oware learn lists them)",
                oware_lessons::lessons().len()
            )
        })?;
        play_lesson(i, &mut progress, file.as_deref(), &mut input)?;
        return Ok(ExitCode::SUCCESS);
    }
    loop {
        print_list(&progress);
        let Some(choice) = line("Lesson (a number, or quit): ", &mut input)? else {
            break;
        };
        if matches!(choice.to_ascii_lowercase().as_str(), "q" | "quit") {
            break;
        }
        match find(&choice) {
            Some(i) => {
                if !play_lesson(i, &mut progress, file.as_deref(), &mut input)? {
                    break;
                }
            }
            None => println!(
                "Type a lesson number 1 to {}.",
                oware_lessons::lessons().len()
            ),
        }
    }
    println!("Bye! Your stars are kept for next time.");
    Ok(ExitCode::SUCCESS)
}
