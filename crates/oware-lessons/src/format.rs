//! The lesson files: their types, how they are read and checked, and the lessons built in.

use std::fmt;
use std::sync::OnceLock;

use oware_core::{Position, Side};
use oware_i18n::Lang;
use serde::{Deserialize, Serialize};

/// The most stars a step gives (solved at the first try, without the hint).
pub const STARS_MAX: u8 = 3;

/// The lesson files, in the order of the path: `(file name, text)`.
const FILES: &[(&str, &str)] = &[
    ("01-sowing.toml", include_str!("../lessons/01-sowing.toml")),
    (
        "02-capturing.toml",
        include_str!("../lessons/02-capturing.toml"),
    ),
    (
        "03-grand-slam.toml",
        include_str!("../lessons/03-grand-slam.toml"),
    ),
    (
        "04-feeding.toml",
        include_str!("../lessons/04-feeding.toml"),
    ),
    (
        "05-the-end.toml",
        include_str!("../lessons/05-the-end.toml"),
    ),
    ("06-count.toml", include_str!("../lessons/06-count.toml")),
    (
        "07-big-pit.toml",
        include_str!("../lessons/07-big-pit.toml"),
    ),
    (
        "08-ones-and-twos.toml",
        include_str!("../lessons/08-ones-and-twos.toml"),
    ),
    (
        "09-reserve.toml",
        include_str!("../lessons/09-reserve.toml"),
    ),
    (
        "10-feeding-rule.toml",
        include_str!("../lessons/10-feeding-rule.toml"),
    ),
];

/// What a step asks for. Checked by the rules core after each of the learner's moves (and,
/// for [`Goal::WinGame`] and [`Goal::Draw`], after the opponent's reply that ends the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Goal {
    /// The last seed of the move lands in `pit` (a letter, `A`–`F` or `a`–`f`).
    LandIn {
        /// The pit's letter.
        pit: char,
    },
    /// The move captures at least `seeds` seeds.
    CaptureAtLeast {
        /// The seeds to capture.
        seeds: u8,
    },
    /// The move is a grand slam: it would take every seed of the opponent, so it takes none.
    GrandSlam,
    /// The opponent's row was empty and the move gives it seeds.
    Feed,
    /// The game ends and the learner has more seeds than the opponent.
    WinGame,
    /// The game ends 24–24.
    Draw,
    /// The learner ends the game by agreeing that it goes round in a cycle (the move `agree`),
    /// and has at least as many seeds as the opponent.
    AgreeCycle,
    /// After the move one of the learner's pits holds at least `seeds` seeds.
    PitHolds {
        /// The seeds one pit must hold.
        seeds: u8,
    },
    /// After the move no reply of the opponent captures anything.
    SafeFromCapture,
    /// After the move the learner still has at least `at_least` pits with seeds (moves left).
    MovesLeft {
        /// The pits with seeds to keep.
        at_least: u8,
    },
    /// After the move the learner's row is empty and the opponent can feed it: they must.
    OpponentMustFeed,
}

/// One step of a lesson in one language: a position, a goal, words around them, and the moves
/// the tests play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// A short title.
    pub title: String,
    /// What to learn here and what to do: shown before the first move.
    pub text: String,
    /// The goal in a few words, e.g. "Capture 5 seeds in one move".
    pub task: String,
    /// The position, as `oware_core::fen` writes it; South (the learner) to move.
    pub position: String,
    /// What the learner must do.
    pub goal: Goal,
    /// A hint, shown on demand.
    pub hint: String,
    /// Said when the goal is met.
    pub success: String,
    /// The intended solution: the learner's moves (`A`–`F`, or `agree`). Its length is the
    /// number of moves the learner has in the step.
    pub solution: Vec<String>,
    /// The opponent's scripted replies (`a`–`f`) after each of the learner's moves but the
    /// last; a reply that is not legal after another move is replaced by the first legal one.
    pub replies: Vec<String>,
    /// A wrong first move, which the tests check is explained and misses the goal.
    pub wrong: String,
    /// The language of the words.
    #[serde(skip)]
    pub lang: Lang,
}

impl Step {
    /// The step's position (checked when the lesson was read).
    pub fn start(&self) -> Position {
        self.position.parse().unwrap_or_default()
    }
}

/// One lesson in one language: a few steps on one idea.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lesson {
    /// Its name in addresses and progress records, e.g. `sowing` (from the file name).
    pub id: String,
    /// Its title.
    pub title: String,
    /// One or two sentences on what it teaches.
    pub intro: String,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// A step's words in one language, as a lesson file writes them (`[steps.fr]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepText {
    title: String,
    text: String,
    task: String,
    hint: String,
    success: String,
}

/// A step as a lesson file writes it: the moves, and the words in every language.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepFile {
    position: String,
    goal: Goal,
    solution: Vec<String>,
    #[serde(default)]
    replies: Vec<String>,
    wrong: String,
    en: StepText,
    fr: StepText,
    de: StepText,
    pt: StepText,
}

/// A lesson's title and introduction in one language (`[fr]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonText {
    title: String,
    intro: String,
}

/// A lesson file: its words in every language (English, French, German, Portuguese), and its
/// steps.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    en: LessonText,
    fr: LessonText,
    de: LessonText,
    pt: LessonText,
    steps: Vec<StepFile>,
}

impl LessonFile {
    fn text(&self, lang: Lang) -> &LessonText {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
            Lang::De => &self.de,
            Lang::Pt => &self.pt,
        }
    }
}

impl StepFile {
    fn text(&self, lang: Lang) -> &StepText {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
            Lang::De => &self.de,
            Lang::Pt => &self.pt,
        }
    }
}

/// Why a lesson file is not a valid lesson.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The file.
    pub file: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

impl std::error::Error for FormatError {}

/// Reads lesson file `file` (named `NN-id.toml`) from `text`, in English, and checks it: see
/// [`parse_in`].
pub fn parse(file: &str, text: &str) -> Result<Lesson, FormatError> {
    parse_in(Lang::En, file, text)
}

/// Lesson names the server's routes take for themselves beside `/api/learn/{lesson}`: a lesson
/// of that name could not be opened.
pub const RESERVED_IDS: &[&str] = &["progress"];

/// Reads lesson file `file` (named `NN-id.toml`) from `text`, its words in `lang`, and checks
/// it: a title, at least one step, every position valid with South to move, the moves letters
/// of the right side, and every text there in every language.
pub fn parse_in(lang: Lang, file: &str, text: &str) -> Result<Lesson, FormatError> {
    let err = |message: String| FormatError {
        file: file.to_string(),
        message,
    };
    let id = file
        .strip_suffix(".toml")
        .and_then(|s| s.split_once('-'))
        .map(|(_, id)| id)
        .filter(|id| {
            !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
        .ok_or_else(|| err("the file name must be NN-name.toml (lower case, digits, -)".into()))?;
    if RESERVED_IDS.contains(&id) {
        return Err(err(format!(
            "the lesson name {id:?} is taken by a route of its own (/api/learn/{id})"
        )));
    }
    let raw: LessonFile = toml::from_str(text).map_err(|e| err(e.to_string()))?;
    for l in Lang::ALL {
        let t = raw.text(l);
        if t.title.trim().is_empty() || t.intro.trim().is_empty() {
            return Err(err(format!(
                "[{}]: a lesson needs a title and an intro",
                l.code()
            )));
        }
    }
    if raw.steps.is_empty() {
        return Err(err("a lesson needs at least one step".into()));
    }
    for (i, step) in raw.steps.iter().enumerate() {
        let at = |m: &str| err(format!("step {}: {m}", i + 1));
        let pos: Position = step
            .position
            .parse()
            .map_err(|e| at(&format!("position: {e}")))?;
        if pos.turn() != Side::South {
            return Err(at("the learner plays South: the position must say S"));
        }
        if step.solution.is_empty() || step.solution.len() > crate::MOVES_MAX {
            return Err(at(&format!(
                "the solution needs 1 to {} moves",
                crate::MOVES_MAX
            )));
        }
        let own = |m: &String| matches!(m.as_str(), "A" | "B" | "C" | "D" | "E" | "F" | "agree");
        if !step.solution.iter().all(own) || !own(&step.wrong) {
            return Err(at("the learner's moves are A to F or agree"));
        }
        let north = |m: &String| matches!(m.as_str(), "a" | "b" | "c" | "d" | "e" | "f");
        if !step.replies.iter().all(north) || step.replies.len() + 1 < step.solution.len() {
            return Err(at(
                "the replies are a to f, one after each of the learner's moves but the last",
            ));
        }
        for l in Lang::ALL {
            let t = step.text(l);
            for (name, text) in [
                ("title", &t.title),
                ("text", &t.text),
                ("task", &t.task),
                ("hint", &t.hint),
                ("success", &t.success),
            ] {
                if text.trim().is_empty() {
                    return Err(at(&format!("[steps.{}]: the {name} is empty", l.code())));
                }
            }
        }
    }
    let words = raw.text(lang);
    Ok(Lesson {
        id: id.to_string(),
        title: words.title.clone(),
        intro: words.intro.clone(),
        steps: raw
            .steps
            .iter()
            .map(|s| {
                let t = s.text(lang);
                Step {
                    title: t.title.clone(),
                    text: t.text.clone(),
                    task: t.task.clone(),
                    position: s.position.clone(),
                    goal: s.goal,
                    hint: t.hint.clone(),
                    success: t.success.clone(),
                    solution: s.solution.clone(),
                    replies: s.replies.clone(),
                    wrong: s.wrong.clone(),
                    lang,
                }
            })
            .collect(),
    })
}

/// The built-in lessons in English, in order (read once).
pub fn lessons() -> &'static [Lesson] {
    lessons_in(Lang::En)
}

/// The built-in lessons with their words in `lang`, in order (read once).
pub fn lessons_in(lang: Lang) -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Vec<Lesson>>> = OnceLock::new();
    let all = LESSONS.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|&l| {
                FILES
                    .iter()
                    .filter_map(|(file, text)| parse_in(l, file, text).ok())
                    .collect()
            })
            .collect()
    });
    let at = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    &all[at]
}

/// The built-in lesson files, `(file name, text)`, for the tests that check each reads.
#[doc(hidden)]
pub fn files() -> &'static [(&'static str, &'static str)] {
    FILES
}
