//! The lessons as the web page reads them (`oware_protocol`'s lesson types): the list, one
//! lesson without its solutions, a step's moves checked, the counting trainer's answer. The
//! server's `/api/learn` routes answer with these, and so does the page's WebAssembly core
//! when the page has no network (`crates/oware-wasm`), so both say the same.

use std::fmt;

use oware_core::{Move, Position, Side};
use oware_i18n::Lang;
use oware_protocol::view::{move_detail, position_view};
use oware_protocol::{CountAnswer, CountReq, LessonSummary, LessonView, StepAnswer, StepView};

use crate::{check, count, lessons_in, CheckError, Goal, Lesson};

/// Why a lesson's request is refused.
#[derive(Debug)]
pub enum ViewError {
    /// No lesson has this name.
    NoSuchLesson(String),
    /// The lesson has no such step.
    NoSuchStep {
        /// The lesson.
        lesson: String,
        /// Its steps.
        steps: usize,
    },
    /// The moves cannot be read, or are too many.
    BadMoves(CheckError),
    /// The counting trainer's question is not valid.
    BadQuestion(String),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::NoSuchLesson(id) => write!(
                f,
                "there is no lesson \"{}\"",
                id.chars().take(40).collect::<String>()
            ),
            ViewError::NoSuchStep { lesson, steps } => {
                write!(f, "lesson {lesson} has steps 1 to {steps}")
            }
            ViewError::BadMoves(e) => write!(f, "{e}"),
            ViewError::BadQuestion(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ViewError {}

/// Lesson `id` with its words in `lang`.
pub fn find_in(lang: Lang, id: &str) -> Result<&'static Lesson, ViewError> {
    lessons_in(lang)
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| ViewError::NoSuchLesson(id.to_string()))
}

/// The lessons in `lang`, in the path's order.
pub fn summaries(lang: Lang) -> Vec<LessonSummary> {
    lessons_in(lang)
        .iter()
        .map(|l| LessonSummary {
            id: l.id.clone(),
            title: l.title.clone(),
            intro: l.intro.clone(),
            steps: l.steps.len() as u32,
        })
        .collect()
}

/// Lesson `id` in `lang`, its steps without their solutions.
pub fn lesson_view(id: &str, lang: Lang) -> Result<LessonView, ViewError> {
    let l = find_in(lang, id)?;
    Ok(LessonView {
        id: l.id.clone(),
        title: l.title.clone(),
        intro: l.intro.clone(),
        steps: l
            .steps
            .iter()
            .map(|s| StepView {
                title: s.title.clone(),
                text: s.text.clone(),
                task: s.task.clone(),
                hint: s.hint.clone(),
                position: position_view(&s.start()),
                moves: s.solution.len() as u32,
                agree: s.goal == Goal::AgreeCycle,
            })
            .collect(),
    })
}

/// Plays `moves` in step `step` (from 1) of lesson `id` and says what they did, in `lang`.
pub fn step_answer(
    id: &str,
    step: usize,
    moves: &[String],
    lang: Lang,
) -> Result<StepAnswer, ViewError> {
    let l = find_in(lang, id)?;
    let s = step
        .checked_sub(1)
        .and_then(|i| l.steps.get(i))
        .ok_or_else(|| ViewError::NoSuchStep {
            lesson: l.id.clone(),
            steps: l.steps.len(),
        })?;
    let a = check(s, moves).map_err(ViewError::BadMoves)?;
    let mut before = s.start();
    let mut played = Vec::new();
    for (ply, p) in a.played.iter().enumerate() {
        if let Some(d) = &p.detail {
            let m = Move::ALL[d.from - p.side.first_pit()];
            played.push(move_detail(ply + 1, &before, m, d));
            before = d.after;
        }
    }
    Ok(StepAnswer {
        met: a.met,
        over: a.over,
        explanation: a.explanation,
        summary: a.summary,
        illegal: a.illegal,
        played,
        position: position_view(&a.position),
    })
}

/// Checks the counting trainer's answer: where the last seed of `q.pit` lands in
/// `q.position`, and how many seeds that pit then holds (explained in `lang`).
pub fn count_answer(q: &CountReq, lang: Lang) -> Result<CountAnswer, ViewError> {
    let bad = |m: &str| ViewError::BadQuestion(m.to_string());
    if q.position.len() > 64 {
        return Err(bad("the position is too long"));
    }
    let p: Position = q
        .position
        .parse()
        .map_err(|e| ViewError::BadQuestion(format!("position: {e}")))?;
    if p.turn() != Side::South {
        return Err(bad("the position must have South to move (S)"));
    }
    let pit = match q.pit {
        'A'..='F' => q.pit as usize - 'A' as usize,
        _ => return Err(bad("the pit is a letter A to F")),
    };
    let c = count(&p, pit).ok_or_else(|| bad("that pit cannot be played in this position"))?;
    let correct = c.landing == q.landing && c.seeds == q.seeds;
    let n = p.pit(pit);
    let mut explanation = oware_i18n::t(
        lang,
        "learn-count-explained",
        &[
            ("pit", q.pit.to_string().into()),
            ("count", n.into()),
            ("landing", c.landing.to_string().into()),
            ("seeds", c.seeds.into()),
        ],
    );
    if n >= 12 {
        explanation.push(' ');
        explanation.push_str(&oware_i18n::t(
            lang,
            "learn-count-skipped",
            &[("pit", q.pit.to_string().into())],
        ));
    }
    Ok(CountAnswer {
        correct,
        landing: c.landing,
        seeds: c.seeds,
        explanation,
    })
}
