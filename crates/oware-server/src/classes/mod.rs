//! Classes (issue 56): a teacher's classes, their pupils' accounts made with generated
//! log-ins, the work assigned (lessons, counting levels, puzzle themes) and each pupil's
//! progress; the pupils' safe accounts (`safety.rs`); printable worksheets (`worksheet.rs`).
//! No HTTP: `http/classes.rs` calls this.
//!
//! A pupil's account is an ordinary account made by the teacher (a generated user name and
//! password, no e-mail), marked as a pupil by its row in `class_pupils`. Its password is
//! shown once, to the teacher, and kept only as its hash; the teacher can make a new one.
//! Progress is read from what the account already keeps: its lesson stars
//! (`POST /api/learn/progress`), its puzzle rounds (`/api/puzzle/{id}/round`), and the best
//! counting level it answered right (recorded here, from `POST /api/counting`).
//! `docs/classes.md` says what is kept and what deleting a class deletes.

mod csv;
mod logins;
mod safety;
pub mod worksheet;

use std::fmt;
use std::sync::Arc;

use oware_protocol::classes::PUZZLES_TO_SOLVE;
use oware_protocol::{
    ClassList, ClassSummary, ClassView, NewTournament, NewWorkReq, PupilClass, PupilLogin,
    PupilLogins, PupilView, WorkProgress, WorkView,
};

use crate::accounts::{AccountError, Accounts, User};
use crate::budget::Budget;
use crate::limits::LimitError;
use crate::store::classes::{
    ClassRow, NewPupil, PupilRound, PupilRow, PupilStars, PupilTime, TimeKey, WorkRow,
};
use crate::store::{Store, StoreError};
use crate::time::Clock;
use crate::tournament::{TournamentError, Tournaments};
use crate::training::Training;
use csv::{csv_field, iso_time, minutes};

/// The longest class or pupil name, in characters.
pub const NAME_CHARS_MAX: usize = 40;
/// The most pieces of work a class holds at once.
pub const WORK_MAX: usize = 50;
/// The longest gap between a pupil's checked moves or answers that counts whole in the time
/// spent (5 minutes): a longer one counts this much, so an idle tab does not count hours.
pub const IDLE_GAP_MS: u64 = 5 * 60 * 1000;

/// Why a classes' request is refused.
#[derive(Debug)]
pub enum ClassError {
    /// No such class (or not this teacher's), pupil or work.
    NotFound(&'static str),
    /// A bad field.
    Invalid {
        /// The error's code.
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A count of the budget is full (classes per teacher, pupils per class).
    Limit(LimitError),
    /// A pupil's account is kept to the class (`safety.rs`).
    Safe(String),
    /// An account operation failed.
    Account(AccountError),
    /// The arena could not be made.
    Tournament(TournamentError),
    /// The store failed.
    Store(StoreError),
}

impl fmt::Display for ClassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassError::NotFound(what) => write!(f, "no such {what}"),
            ClassError::Invalid { message, .. } | ClassError::Safe(message) => f.write_str(message),
            ClassError::Limit(e) => f.write_str(&e.message),
            ClassError::Account(e) => write!(f, "{e}"),
            ClassError::Tournament(e) => write!(f, "{e}"),
            ClassError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl From<StoreError> for ClassError {
    fn from(e: StoreError) -> Self {
        ClassError::Store(e)
    }
}

impl From<AccountError> for ClassError {
    fn from(e: AccountError) -> Self {
        ClassError::Account(e)
    }
}

fn invalid(code: &'static str, message: impl Into<String>) -> ClassError {
    ClassError::Invalid {
        code,
        message: message.into(),
    }
}

/// A failure of the system's random source, as the classes' error.
fn no_random(e: getrandom::Error) -> ClassError {
    ClassError::Account(AccountError::Internal(format!("random: {e}")))
}

/// Random bytes as hex (ids).
fn random_hex(bytes: usize) -> Result<String, ClassError> {
    logins::random_hex(bytes).map_err(no_random)
}

/// A password a child can type (see [`logins::new_password`]).
pub fn new_password() -> Result<String, ClassError> {
    logins::new_password().map_err(no_random)
}

/// A user name for pupil `name` (see [`logins::new_username`]).
pub fn new_username(name: &str) -> Result<String, ClassError> {
    logins::new_username(name).map_err(no_random)
}

/// A class or pupil name cleaned (`names::clean`) and checked: 1 to [`NAME_CHARS_MAX`]
/// characters.
fn clean_name(raw: &str, what: &str) -> Result<String, ClassError> {
    if raw.len() > NAME_CHARS_MAX * 8 || raw.trim().chars().count() > NAME_CHARS_MAX {
        return Err(invalid(
            "bad-name",
            format!("a {what} name has at most {NAME_CHARS_MAX} characters"),
        ));
    }
    let name = crate::names::clean(raw);
    let n = name.chars().count();
    if n == 0 || n > NAME_CHARS_MAX {
        return Err(invalid(
            "bad-name",
            format!("a {what} name has 1 to {NAME_CHARS_MAX} characters"),
        ));
    }
    Ok(name)
}

/// Whether `s` is a date `YYYY-MM-DD` (month 1–12, day 1–31).
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| s.get(r).and_then(|x| x.parse::<u32>().ok());
    matches!(
        (num(0..4), num(5..7), num(8..10)),
        (Some(2000..=2999), Some(1..=12), Some(1..=31))
    )
}

/// The counting level of a question whose pit holds `seeds` (the trainer's ranges start at
/// 1, 4, 8 and 12 seeds: a right answer with a pit of 12 or more is level 4).
pub fn counting_level(seeds: u8) -> u8 {
    match seeds {
        12.. => 4,
        8..=11 => 3,
        4..=7 => 2,
        _ => 1,
    }
}

/// The classes' service.
pub struct Classes {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    budget: Arc<Budget>,
    training: Arc<Training>,
}

impl Classes {
    /// The service on `store`, its counts asked of `budget`, the puzzles' themes from
    /// `training`.
    pub fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        budget: Arc<Budget>,
        training: Arc<Training>,
    ) -> Classes {
        Classes {
            store,
            clock,
            budget,
            training,
        }
    }

    /// The shipped puzzles (for the worksheets).
    pub fn training(&self) -> &Arc<Training> {
        &self.training
    }

    /// Class `id` if `user` teaches it (else 404: a class is nobody else's business).
    async fn own(&self, user: &User, id: &str) -> Result<ClassRow, ClassError> {
        if id.len() > 64 {
            return Err(ClassError::NotFound("class"));
        }
        match self.store.classes().class(id.to_string()).await? {
            Some(c) if c.teacher == user.id => Ok(c),
            _ => Err(ClassError::NotFound("class")),
        }
    }

    /// Pupil `username` of class `class`.
    async fn pupil_of(&self, class: &ClassRow, username: &str) -> Result<PupilRow, ClassError> {
        self.store
            .classes()
            .pupils(class.id.clone())
            .await?
            .into_iter()
            .find(|p| p.username.eq_ignore_ascii_case(username))
            .ok_or(ClassError::NotFound("pupil"))
    }

    /// `user`'s classes, and their class if they are a pupil.
    pub async fn list(&self, user: &User) -> Result<ClassList, ClassError> {
        let classes = self.store.classes().classes_of(user.id.clone()).await?;
        let pupil_of = match self.store.classes().pupil(user.id.clone()).await? {
            Some(p) => self.pupil_class(&p).await?,
            None => None,
        };
        Ok(ClassList {
            classes: classes
                .into_iter()
                .map(|c| ClassSummary {
                    id: c.id,
                    name: c.name,
                    pupils: c.pupils,
                })
                .collect(),
            classes_max: crate::budget::CLASSES_PER_TEACHER,
            pupils_max: crate::budget::PUPILS_PER_CLASS,
            pupil_of,
        })
    }

    /// A pupil's class, with their progress on its work.
    async fn pupil_class(&self, p: &PupilRow) -> Result<Option<PupilClass>, ClassError> {
        let Some(class) = self.store.classes().class(p.class_id.clone()).await? else {
            return Ok(None);
        };
        let teacher = self
            .store
            .accounts()
            .user_by_id(class.teacher.clone())
            .await?
            .map(|u| u.name)
            .unwrap_or_default();
        let work = self.store.classes().work(class.id.clone()).await?;
        let stars: Vec<PupilStars> = self
            .store
            .classes()
            .class_stars(class.id.clone())
            .await?
            .into_iter()
            .filter(|s| s.0 == p.user_id)
            .collect();
        let rounds: Vec<PupilRound> = self
            .store
            .classes()
            .class_rounds(class.id.clone())
            .await?
            .into_iter()
            .filter(|r| r.0 == p.user_id)
            .collect();
        Ok(Some(PupilClass {
            name: class.name,
            teacher,
            open: p.open,
            work: work
                .iter()
                .map(|w| self.progress(w, p, &stars, &rounds))
                .collect(),
        }))
    }

    /// Makes class `name` for `user` (not a pupil), within the classes a teacher may have.
    pub async fn create(&self, user: &User, name: &str) -> Result<ClassSummary, ClassError> {
        if self.store.classes().pupil(user.id.clone()).await?.is_some() {
            return Err(ClassError::Safe(
                "a pupil's account cannot make classes: ask your teacher".into(),
            ));
        }
        let name = clean_name(name, "class")?;
        let held = self
            .store
            .classes()
            .classes_of(user.id.clone())
            .await?
            .len();
        self.budget
            .classes(held as u64)
            .map_err(ClassError::Limit)?;
        let row = ClassRow {
            id: random_hex(8)?,
            teacher: user.id.clone(),
            name,
            arena: String::new(),
            created_ms: self.clock.now_ms(),
            pupils: 0,
        };
        self.store.classes().create_class(row.clone()).await?;
        tracing::info!(teacher = %user.name, class = %row.id, "class created");
        Ok(ClassSummary {
            id: row.id,
            name: row.name,
            pupils: 0,
        })
    }

    /// Deletes class `id` of `user` and what is kept for it (the pupils' accounts closed).
    pub async fn delete(&self, user: &User, id: &str) -> Result<(), ClassError> {
        let class = self.own(user, id).await?;
        self.store.classes().delete_class(class.id.clone()).await?;
        tracing::info!(teacher = %user.name, class = %class.id, "class deleted");
        Ok(())
    }

    /// Adds pupils `names` to class `id` of `user`, each an account with a generated user
    /// name and password (shown once, here), within the pupils a class may have.
    pub async fn add_pupils(
        &self,
        accounts: &Accounts,
        user: &User,
        id: &str,
        names: &[String],
    ) -> Result<PupilLogins, ClassError> {
        let class = self.own(user, id).await?;
        if names.is_empty() {
            return Err(invalid("bad-pupils", "give at least one pupil's name"));
        }
        self.budget
            .pupils(u64::from(class.pupils), names.len() as u64)
            .map_err(ClassError::Limit)?;
        let names = names
            .iter()
            .map(|n| clean_name(n, "pupil"))
            .collect::<Result<Vec<_>, _>>()?;
        let mut logins = Vec::with_capacity(names.len());
        for name in names {
            let password = new_password()?;
            // A generated name may be taken (four random characters): try a few.
            let mut made = None;
            for _ in 0..5 {
                let username = new_username(&name)?;
                match accounts.create_managed(&username, &password).await {
                    Ok(u) => {
                        made = Some(u);
                        break;
                    }
                    Err(AccountError::Taken) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
            let made = made.ok_or_else(|| {
                ClassError::Account(AccountError::Internal("no free user name".into()))
            })?;
            self.store
                .classes()
                .add_pupil(NewPupil {
                    user_id: made.id.clone(),
                    class_id: class.id.clone(),
                    name: name.clone(),
                    at_ms: self.clock.now_ms(),
                })
                .await?;
            logins.push(PupilLogin {
                name,
                username: made.name,
                password,
            });
        }
        tracing::info!(teacher = %user.name, class = %class.id, pupils = logins.len(), "pupils added");
        Ok(PupilLogins {
            class: class.name,
            logins,
        })
    }

    /// A new password for pupil `username` of class `id` (their sessions end).
    pub async fn reset(
        &self,
        accounts: &Accounts,
        user: &User,
        id: &str,
        username: &str,
    ) -> Result<PupilLogins, ClassError> {
        let class = self.own(user, id).await?;
        let p = self.pupil_of(&class, username).await?;
        let password = new_password()?;
        accounts.set_managed_password(&p.user_id, &password).await?;
        Ok(PupilLogins {
            class: class.name,
            logins: vec![PupilLogin {
                name: p.name,
                username: p.username,
                password,
            }],
        })
    }

    /// Opens or closes pupil `username`'s account (see `safety.rs`).
    pub async fn set_open(
        &self,
        user: &User,
        id: &str,
        username: &str,
        open: bool,
    ) -> Result<(), ClassError> {
        let class = self.own(user, id).await?;
        let p = self.pupil_of(&class, username).await?;
        self.store
            .classes()
            .set_open(class.id, p.user_id, open)
            .await?;
        Ok(())
    }

    /// Assigns work to class `id`.
    pub async fn assign(
        &self,
        user: &User,
        id: &str,
        req: &NewWorkReq,
    ) -> Result<WorkView, ClassError> {
        let class = self.own(user, id).await?;
        match req.kind.as_str() {
            "lesson" => {
                if !oware_lessons::lessons().iter().any(|l| l.id == req.target) {
                    return Err(invalid(
                        "bad-work",
                        format!(
                            "there is no lesson \"{}\"",
                            req.target.chars().take(40).collect::<String>()
                        ),
                    ));
                }
            }
            "counting" => {
                if !matches!(req.target.as_str(), "1" | "2" | "3" | "4") {
                    return Err(invalid("bad-work", "a counting level is 1 to 4"));
                }
            }
            "puzzles" => {
                if req.target.parse::<oware_puzzles::Theme>().is_err() {
                    return Err(invalid(
                        "bad-work",
                        format!(
                            "a puzzle theme is one of {}",
                            oware_puzzles::Theme::ALL.map(|t| t.name()).join(", ")
                        ),
                    ));
                }
            }
            _ => {
                return Err(invalid(
                    "bad-work",
                    "the kind of work is lesson, counting or puzzles",
                ))
            }
        }
        if !is_date(&req.due) {
            return Err(invalid("bad-work", "the due date is written YYYY-MM-DD"));
        }
        let work = self.store.classes().work(class.id.clone()).await?;
        if work.len() >= WORK_MAX {
            return Err(invalid(
                "too-much-work",
                format!("a class holds at most {WORK_MAX} pieces of work: remove some first"),
            ));
        }
        // Later than every piece before it, so that the list keeps the order work was given.
        let created_ms = work
            .iter()
            .map(|w| w.created_ms + 1)
            .max()
            .unwrap_or(0)
            .max(self.clock.now_ms());
        let row = WorkRow {
            id: random_hex(6)?,
            class_id: class.id,
            kind: req.kind.clone(),
            target: req.target.clone(),
            due: req.due.clone(),
            created_ms,
        };
        self.store.classes().add_work(row.clone()).await?;
        Ok(work_view(&row))
    }

    /// Removes work `work` from class `id`.
    pub async fn unassign(&self, user: &User, id: &str, work: &str) -> Result<(), ClassError> {
        let class = self.own(user, id).await?;
        if !self
            .store
            .classes()
            .delete_work(class.id, work.to_string())
            .await?
        {
            return Err(ClassError::NotFound("work"));
        }
        Ok(())
    }

    /// Class `id` as its teacher sees it: the work, each pupil's progress.
    pub async fn view(&self, user: &User, id: &str) -> Result<ClassView, ClassError> {
        let class = self.own(user, id).await?;
        let classes = self.store.classes();
        let pupils = classes.pupils(class.id.clone()).await?;
        let work = classes.work(class.id.clone()).await?;
        let stars = classes.class_stars(class.id.clone()).await?;
        let rounds = classes.class_rounds(class.id.clone()).await?;
        let times = classes.class_time(class.id.clone()).await?;
        let pupils = pupils
            .iter()
            .map(|p| {
                let mine_stars: Vec<PupilStars> =
                    stars.iter().filter(|s| s.0 == p.user_id).cloned().collect();
                let mine_rounds: Vec<PupilRound> = rounds
                    .iter()
                    .filter(|r| r.0 == p.user_id)
                    .cloned()
                    .collect();
                let mine_time: Vec<&PupilTime> =
                    times.iter().filter(|t| t.0 == p.user_id).collect();
                let last = mine_stars
                    .iter()
                    .map(|s| s.4)
                    .chain(mine_rounds.iter().map(|r| r.3))
                    .chain((p.count_ms > 0).then_some(p.count_ms))
                    .max();
                PupilView {
                    name: p.name.clone(),
                    username: p.username.clone(),
                    open: p.open,
                    stars: mine_stars.iter().map(|s| u32::from(s.3)).sum(),
                    puzzles_solved: mine_rounds.iter().filter(|r| r.2).count() as u32,
                    last_ms: last,
                    spent_ms: mine_time.iter().map(|t| t.3).sum(),
                    work: work
                        .iter()
                        .map(|w| {
                            let mut progress = self.progress(w, p, &mine_stars, &mine_rounds);
                            progress.spent_ms = spent_on(&mine_time, w);
                            progress
                        })
                        .collect(),
                }
            })
            .collect();
        Ok(ClassView {
            id: class.id,
            name: class.name,
            arena: (!class.arena.is_empty()).then_some(class.arena),
            work: work.iter().map(work_view).collect(),
            pupils,
            pupils_max: crate::budget::PUPILS_PER_CLASS,
        })
    }

    /// Class `id`'s progress as CSV (RFC 4180, a header line, one line per pupil and piece of
    /// work), the header's words in `lang`.
    pub async fn csv(
        &self,
        user: &User,
        id: &str,
        lang: oware_i18n::Lang,
    ) -> Result<String, ClassError> {
        let view = self.view(user, id).await?;
        let head = [
            "classes-csv-pupil",
            "classes-csv-username",
            "classes-csv-kind",
            "classes-csv-target",
            "classes-csv-due",
            "classes-csv-done",
            "classes-csv-score",
            "classes-csv-of",
            "classes-csv-tried",
            "classes-csv-last",
            "classes-csv-minutes",
        ];
        let mut out = head
            .iter()
            .map(|k| csv_field(&oware_i18n::t(lang, k, &[])))
            .collect::<Vec<_>>()
            .join(",");
        out.push_str("\r\n");
        for p in &view.pupils {
            for w in &p.work {
                let last = w.last_ms.map(iso_time).unwrap_or_default();
                let fields = [
                    p.name.clone(),
                    p.username.clone(),
                    w.work.kind.clone(),
                    w.work.target.clone(),
                    w.work.due.clone(),
                    if w.done { "1" } else { "0" }.to_string(),
                    w.score.to_string(),
                    w.of.to_string(),
                    w.tried.to_string(),
                    last,
                    minutes(w.spent_ms),
                ];
                out.push_str(
                    &fields
                        .iter()
                        .map(|f| csv_field(f))
                        .collect::<Vec<_>>()
                        .join(","),
                );
                out.push_str("\r\n");
            }
        }
        Ok(out)
    }

    /// The class's arena: a tournament made by the teacher, open to the class only, starting
    /// in five minutes, 30 minutes long, 3 minutes + 2 seconds a move.
    pub async fn arena(
        &self,
        user: &User,
        id: &str,
        tournaments: &Arc<Tournaments>,
    ) -> Result<String, ClassError> {
        let class = self.own(user, id).await?;
        let t = tournaments
            .create(
                user,
                NewTournament {
                    kind: "arena".into(),
                    name: Some(class.name.clone()),
                    starts_ms: None,
                    minutes: Some(30),
                    rounds: None,
                    initial_s: 180.0,
                    increment_s: Some(2.0),
                    max_players: Some(u64::from(class.pupils).clamp(2, 1000) + 1),
                },
            )
            .await
            .map_err(ClassError::Tournament)?;
        self.store
            .classes()
            .set_arena(class.id, t.summary.id.clone())
            .await?;
        Ok(t.summary.0.id)
    }

    /// Records a right counting answer of account `user` on a pit of `seeds` (nothing for an
    /// account that is no pupil).
    pub async fn counted(&self, user: &str, seeds: u8) -> Result<(), ClassError> {
        self.store
            .classes()
            .counted(user.to_string(), counting_level(seeds), self.clock.now_ms())
            .await?;
        Ok(())
    }

    /// Account `user` worked on `kind` `target` (a lesson's checked move, a counting answer):
    /// the time since its last one there, at most [`IDLE_GAP_MS`], is added to its time (for a
    /// pupil only; nothing is kept for other accounts).
    pub async fn worked(&self, user: &str, kind: &str, target: &str) -> Result<(), ClassError> {
        self.store
            .classes()
            .spent(
                TimeKey {
                    user_id: user.to_string(),
                    kind: kind.to_string(),
                    target: target.to_string(),
                },
                self.clock.now_ms(),
                IDLE_GAP_MS,
            )
            .await?;
        Ok(())
    }

    /// Pupil `p`'s progress on work `w`, from their stars and rounds.
    fn progress(
        &self,
        w: &WorkRow,
        p: &PupilRow,
        stars: &[PupilStars],
        rounds: &[PupilRound],
    ) -> WorkProgress {
        let (done, score, of, tried, last_ms) = match w.kind.as_str() {
            "lesson" => {
                let steps = oware_lessons::lessons()
                    .iter()
                    .find(|l| l.id == w.target)
                    .map_or(0, |l| l.steps.len() as u32);
                let mine: Vec<&PupilStars> = stars
                    .iter()
                    .filter(|s| s.0 == p.user_id && s.1 == w.target && s.3 > 0)
                    .collect();
                let done = steps > 0 && (1..=steps).all(|n| mine.iter().any(|s| s.2 == n));
                let score = mine.iter().map(|s| u32::from(s.3)).sum();
                let of = steps * u32::from(oware_lessons::STARS_MAX);
                (done, score, of, 0, mine.iter().map(|s| s.4).max())
            }
            "counting" => {
                let target: u8 = w.target.parse().unwrap_or(4);
                let level = p.count_level;
                (
                    level >= target,
                    u32::from(level),
                    4,
                    0,
                    (p.count_ms > 0).then_some(p.count_ms),
                )
            }
            _ => {
                let theme = w.target.parse::<oware_puzzles::Theme>().ok();
                let mine: Vec<&PupilRound> = rounds
                    .iter()
                    .filter(|r| {
                        r.0 == p.user_id && theme.is_some_and(|t| self.training.has_theme(&r.1, t))
                    })
                    .collect();
                let solved = mine.iter().filter(|r| r.2).count() as u32;
                (
                    solved >= PUZZLES_TO_SOLVE,
                    solved,
                    PUZZLES_TO_SOLVE,
                    mine.len() as u32,
                    mine.iter().map(|r| r.3).max(),
                )
            }
        };
        WorkProgress {
            work: work_view(w),
            done,
            score,
            of,
            tried,
            last_ms,
            spent_ms: 0,
        }
    }
}

/// A pupil's time on work `w` (ms): on the lesson, or on the counting trainer; puzzles are not
/// timed.
fn spent_on(times: &[&PupilTime], w: &WorkRow) -> u64 {
    let kind = w.kind.as_str();
    let target = match kind {
        "lesson" => w.target.as_str(),
        "counting" => "",
        _ => return 0,
    };
    times
        .iter()
        .filter(|t| t.1 == kind && t.2 == target)
        .map(|t| t.3)
        .sum()
}

fn work_view(w: &WorkRow) -> WorkView {
    WorkView {
        id: w.id.clone(),
        kind: w.kind.clone(),
        target: w.target.clone(),
        due: w.due.clone(),
    }
}

#[cfg(test)]
mod tests;
