//! Learn Oware (issue 41): the lessons of `/learn`, a step's moves checked by the rules core
//! (through `oware-lessons`, which holds the lessons as data), the stars of each account, and
//! the counting trainer's answers. No HTTP: `http/learn.rs` calls this.
//!
//! A guest's stars are kept by the page (in the browser); an account's here, one row per step
//! (`store/lessons.rs`). A guest who signs up or logs in sends the page's stars, which are
//! merged (the higher count of each step is kept).

use std::fmt;
use std::sync::Arc;

use oware_core::Position;
use oware_i18n::Lang;
use oware_lessons::views::{self, ViewError};
use oware_lessons::{CheckError, Lesson, STARS_MAX};
use oware_protocol::{
    CountAnswer, CountReq, LessonList, LessonView, ProgressAnswer, StepAnswer, StepSolved,
    StepStars,
};

use crate::store::{Store, StoreError};
use crate::time::Clock;

/// Why a lessons' request is refused.
#[derive(Debug)]
pub enum LearnError {
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
    /// Stars out of range, or too many entries.
    BadStars(String),
    /// Stars claimed for a step whose moves do not meet its goal.
    NotSolved {
        /// The lesson.
        lesson: String,
        /// The step, from 1.
        step: u32,
    },
    /// The counting trainer's question is not valid.
    BadQuestion(String),
    /// The store failed.
    Store(StoreError),
}

impl fmt::Display for LearnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnError::NoSuchLesson(id) => write!(
                f,
                "there is no lesson \"{}\"",
                id.chars().take(40).collect::<String>()
            ),
            LearnError::NoSuchStep { lesson, steps } => {
                write!(f, "lesson {lesson} has steps 1 to {steps}")
            }
            LearnError::BadMoves(e) => write!(f, "{e}"),
            LearnError::BadStars(m) | LearnError::BadQuestion(m) => f.write_str(m),
            LearnError::NotSolved { lesson, step } => write!(
                f,
                "step {step} of lesson {lesson}: the moves sent do not meet its goal, so no stars are kept (play the step to earn them)"
            ),
            LearnError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl From<ViewError> for LearnError {
    fn from(e: ViewError) -> Self {
        match e {
            ViewError::NoSuchLesson(id) => LearnError::NoSuchLesson(id),
            ViewError::NoSuchStep { lesson, steps } => LearnError::NoSuchStep { lesson, steps },
            ViewError::BadMoves(e) => LearnError::BadMoves(e),
            ViewError::BadQuestion(m) => LearnError::BadQuestion(m),
        }
    }
}

impl From<StoreError> for LearnError {
    fn from(e: StoreError) -> Self {
        LearnError::Store(e)
    }
}

/// The lessons' service.
pub struct Learn {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
}

fn find(id: &str) -> Result<&'static Lesson, LearnError> {
    Ok(views::find_in(Lang::En, id)?)
}

/// The stars of a step solved after `misses` missed tries (`hinted`: the hint was shown): 3 at
/// the first try without the hint, 2 at the second try or with the hint, 1 later.
pub fn stars_for(misses: u32, hinted: bool) -> u8 {
    match (misses, hinted) {
        (0, false) => 3,
        (0 | 1, _) => 2,
        _ => 1,
    }
}

fn steps_total() -> usize {
    oware_lessons::lessons().iter().map(|l| l.steps.len()).sum()
}

fn stars_view(rows: Vec<(String, u32, u8)>) -> Vec<StepStars> {
    rows.into_iter()
        .map(|(lesson, step, stars)| StepStars {
            lesson,
            step,
            stars,
        })
        .collect()
}

impl Learn {
    /// The service on `store`, writing times from `clock`.
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> Learn {
        Learn { store, clock }
    }

    /// The lessons in `lang`, and account `user`'s stars (none for a guest).
    pub async fn list(&self, user: Option<&str>, lang: Lang) -> Result<LessonList, LearnError> {
        let stars = match user {
            Some(id) => stars_view(self.store.lessons().stars(id.to_string()).await?),
            None => Vec::new(),
        };
        Ok(LessonList {
            lessons: views::summaries(lang),
            account: user.is_some(),
            stars,
        })
    }

    /// Lesson `id` in `lang`, its steps without their solutions.
    pub fn lesson(&self, id: &str, lang: Lang) -> Result<LessonView, LearnError> {
        Ok(views::lesson_view(id, lang)?)
    }

    /// Plays `moves` in step `step` (from 1) of lesson `id` and says what they did, in `lang`.
    pub fn play(
        &self,
        id: &str,
        step: usize,
        moves: &[String],
        lang: Lang,
    ) -> Result<StepAnswer, LearnError> {
        Ok(views::step_answer(id, step, moves, lang)?)
    }

    /// Counts a logged-in account's try that `answer` ended on step `step` (from 1) of lesson
    /// `id`: a miss is remembered, a step solved keeps its stars from the misses since it was
    /// last solved and the hint (`hinted`, or shown in a missed try). Nothing for moves that
    /// leave the step going on, or an illegal move (not a try).
    pub async fn tried(
        &self,
        user: &str,
        id: &str,
        step: usize,
        answer: &StepAnswer,
        hinted: bool,
    ) -> Result<(), LearnError> {
        if !answer.over || answer.illegal {
            return Ok(());
        }
        let lessons = self.store.lessons();
        let step = u32::try_from(step).unwrap_or(u32::MAX);
        if !answer.met {
            return Ok(lessons
                .missed(user.to_string(), id.to_string(), step, hinted)
                .await?);
        }
        let (misses, hint_before) = lessons
            .solved(user.to_string(), id.to_string(), step)
            .await?;
        let stars = stars_for(misses, hinted || hint_before);
        lessons
            .save_stars(
                user.to_string(),
                vec![(id.to_string(), step, stars)],
                self.clock.now_ms(),
            )
            .await?;
        Ok(())
    }

    /// Keeps the steps of `stars` on account `user` and answers all of the account's stars.
    /// Every entry must name a step that exists, with 1 to 3 stars, and the moves that solve
    /// it: they are played again through the rules core against the step's goal, and a claim
    /// they do not meet is refused (nothing is kept). The count claimed is not believed: the
    /// stars of a step come from the tries the server counted ([`Learn::tried`]); a step it
    /// did not see played keeps 1 (the higher count of each step is kept).
    pub async fn save(
        &self,
        user: &str,
        stars: Vec<StepSolved>,
    ) -> Result<ProgressAnswer, LearnError> {
        if stars.len() > steps_total() {
            return Err(LearnError::BadStars(format!(
                "at most {} entries, one per step",
                steps_total()
            )));
        }
        let mut rows = Vec::with_capacity(stars.len());
        for e in stars {
            let l = find(&e.lesson)?;
            if e.step == 0 || e.step as usize > l.steps.len() {
                return Err(LearnError::NoSuchStep {
                    lesson: l.id.clone(),
                    steps: l.steps.len(),
                });
            }
            if e.stars == 0 || e.stars > STARS_MAX {
                return Err(LearnError::BadStars(format!(
                    "a step gives 1 to {STARS_MAX} stars, not {}",
                    e.stars
                )));
            }
            let step = &l.steps[e.step as usize - 1];
            let solved = oware_lessons::check(step, &e.moves)
                .map_err(LearnError::BadMoves)?
                .met;
            if !solved {
                return Err(LearnError::NotSolved {
                    lesson: l.id.clone(),
                    step: e.step,
                });
            }
            rows.push((l.id.clone(), e.step, 1));
        }
        let lessons = self.store.lessons();
        if !rows.is_empty() {
            lessons
                .save_stars(user.to_string(), rows, self.clock.now_ms())
                .await?;
        }
        Ok(ProgressAnswer {
            stars: stars_view(lessons.stars(user.to_string()).await?),
        })
    }

    /// The lessons account `user` completed (a star on every step), in the path's order.
    pub async fn completed(&self, user: &str) -> Result<Vec<String>, LearnError> {
        let stars = self.store.lessons().stars(user.to_string()).await?;
        Ok(oware_lessons::lessons()
            .iter()
            .filter(|l| {
                (1..=l.steps.len() as u32).all(|n| {
                    stars
                        .iter()
                        .any(|(id, s, k)| *id == l.id && *s == n && *k > 0)
                })
            })
            .map(|l| l.id.clone())
            .collect())
    }

    /// The seeds in the pit a counting question sows, if the question reads (its level).
    pub fn pit_seeds(&self, q: &CountReq) -> Option<u8> {
        let p: Position = q.position.get(..64.min(q.position.len()))?.parse().ok()?;
        let pit = (q.pit as usize)
            .checked_sub('A' as usize)
            .filter(|&i| i < 6)?;
        Some(p.pit(pit))
    }

    /// Checks the counting trainer's answer: where the last seed of `q.pit` lands in
    /// `q.position`, and how many seeds that pit then holds (explained in `lang`).
    pub fn count(&self, q: &CountReq, lang: Lang) -> Result<CountAnswer, LearnError> {
        Ok(views::count_answer(q, lang)?)
    }
}
