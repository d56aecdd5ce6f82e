//! A review shown three ways: a text table, OGN comments, and JSON (for the web page and
//! `--json`).

use std::fmt::Write as _;

use oware_core::{fen, ogn::Record, Side};
use serde::Serialize;

use crate::explain::{line_text, NoteArg};
use crate::{Class, MoveReview, PlayerSummary, Review, Value};

/// The marker that starts the review's part of an OGN comment; a later review replaces what
/// follows it and keeps any comment before it.
pub const COMMENT_MARK: &str = "review:";

/// The review as a text table, one row per move, then each player's summary.
pub fn table(review: &Review) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<4}  {:<10}  {:<12}  {:<4}  {:<12}  {:>6}  notes",
        "ply", "move", "class", "value", "best", "best value", "lost"
    );
    for m in &review.moves {
        let me = m.side();
        let best = if m.best == m.played {
            "=".to_string()
        } else {
            m.best.letter(me).to_string()
        };
        let mut flags = Vec::new();
        if m.missed_win {
            flags.push("missed win");
        }
        if m.only_move {
            flags.push("only move");
        }
        let notes: Vec<String> = flags
            .iter()
            .map(|s| s.to_string())
            .chain(m.notes.iter().map(|n| n.text.clone()))
            .collect();
        let _ = writeln!(
            out,
            "{:>4}  {:<4}  {:<10}  {:<12}  {:<4}  {:<12}  {:>6}  {}",
            m.ply + 1,
            format!("{}{}", m.played.letter(me), m.class.symbol()),
            m.class.name(),
            m.played_value.to_string(),
            best,
            m.best_value.to_string(),
            format!("{:.2}", f64::from(m.lost) / 100.0),
            notes.join(" ")
        );
    }
    for side in Side::ALL {
        let _ = writeln!(out, "{side}: {}", summary_text(&review.summary[side]));
    }
    out
}

/// "accuracy 87.5 %, 20 moves: 9 best, 6 good, 3 inaccuracies, 1 mistake, 1 blunder".
pub fn summary_text(s: &PlayerSummary) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let c = s.counts;
    let mut text = format!(
        "accuracy {:.1} %, {}: {} best, {} good, {}, {}, {}",
        s.accuracy,
        plural(s.moves, "move", "moves"),
        c[0],
        c[1],
        plural(c[2], "inaccuracy", "inaccuracies"),
        plural(c[3], "mistake", "mistakes"),
        plural(c[4], "blunder", "blunders"),
    );
    if s.missed_wins > 0 {
        let _ = write!(
            text,
            ", {}",
            plural(s.missed_wins, "missed win", "missed wins")
        );
    }
    text
}

/// The review's comment on one move: `review: mistake ?, 2.30 seeds lost; E -0.40, best D
/// +1.90. Best was D: …` (never a `}`, which would end an OGN comment).
pub fn move_comment(m: &MoveReview) -> String {
    let me = m.side();
    let played = m.played.letter(me);
    let mut text = format!("{COMMENT_MARK} {}", m.class.name());
    if !m.class.symbol().is_empty() {
        let _ = write!(text, " {}", m.class.symbol());
    }
    if m.class > Class::Best {
        let _ = write!(
            text,
            ", {:.2} seeds lost; {played} {}, best {} {}",
            f64::from(m.lost) / 100.0,
            m.played_value,
            m.best.letter(me),
            m.best_value
        );
    } else {
        let _ = write!(text, ", {played} {}", m.played_value);
    }
    if m.missed_win {
        text.push_str(", missed win");
    }
    if m.only_move {
        text.push_str(", only move");
    }
    text.push('.');
    for n in &m.notes {
        text.push(' ');
        text.push_str(&n.text);
    }
    text.replace(['{', '}'], "")
}

/// `previous` without an earlier review's part, joined with `ours`.
fn merge_comment(previous: Option<&str>, ours: String) -> String {
    let kept = previous
        .map(|c| c.split(COMMENT_MARK).next().unwrap_or("").trim())
        .unwrap_or("");
    if kept.is_empty() {
        ours
    } else {
        format!("{kept} {ours}")
    }
}

/// `record` (the game reviewed) with the review as comments: one after every move, a summary
/// before the first, and an `Annotator` tag. Comments written before are kept; an earlier
/// review's part is replaced.
pub fn annotate(record: &Record, review: &Review) -> Record {
    let mut rec = record.clone();
    rec.set_tag("Annotator", format!("oware review, {}", review.settings));
    let summary = format!(
        "{COMMENT_MARK} South {}; North {}.",
        summary_text(&review.summary.south),
        summary_text(&review.summary.north)
    );
    rec.comment = Some(merge_comment(rec.comment.as_deref(), summary));
    for (m, r) in rec.moves.iter_mut().zip(&review.moves) {
        m.comment = Some(merge_comment(m.comment.as_deref(), move_comment(r)));
    }
    rec
}

/// A value as JSON: its text, its kind and its place on the clamped scale.
#[derive(Debug, Clone, Serialize)]
pub struct ValueJson {
    /// `+1.50`, `+4 exact`, `win in 7`, …
    pub text: String,
    /// `eval`, `exact`, `win` or `loss`.
    pub kind: &'static str,
    /// Centi-seeds on the clamped scale (±1200 for results).
    pub scale: i32,
    /// The final margin in half seeds (`exact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub halves: Option<i32>,
    /// The moves to the game's end (`win`, `loss`), when the search saw it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

impl From<Value> for ValueJson {
    fn from(v: Value) -> Self {
        ValueJson {
            text: v.to_string(),
            kind: v.kind(),
            scale: v.scale(),
            halves: match v {
                Value::Exact(h) => Some(h),
                _ => None,
            },
            plies: match v {
                Value::Win(p) | Value::Loss(p) => p,
                _ => None,
            },
        }
    }
}

/// One legal move's value as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct MoveValueJson {
    /// The move's letter.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value.
    pub value: ValueJson,
    /// Its line as letters.
    pub line: String,
    /// Whether the value comes from the endgame databases.
    pub tables: bool,
}

/// A sentence of an explanation as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct NoteJson {
    /// `best-captures`, `allowed`, …
    pub kind: &'static str,
    /// The sentence in English.
    pub text: String,
    /// Which sentence it is (`best-captures`, `allowed-next`, …): with `args`, what the page
    /// words in its own language (`docs/review.md`, "The explanation's codes").
    pub code: &'static str,
    /// The sentence's facts by name.
    pub args: std::collections::BTreeMap<&'static str, ArgJson>,
}

/// A fact of a note as JSON: a side (`"S"`), a letter, a word or a line as a string; a number
/// (seeds, moves, centi-seeds); letters as a list; pits with their seeds; a value.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum ArgJson {
    /// A side, a letter, a word or a line of moves.
    Text(String),
    /// A count, or centi-seeds.
    Number(i64),
    /// Letters of pits or moves.
    Letters(Vec<String>),
    /// Pits and the seeds each held.
    Left(Vec<LeftJson>),
    /// A value.
    Value(ValueJson),
}

/// A pit and the seeds it held.
#[derive(Debug, Clone, Serialize)]
pub struct LeftJson {
    /// The pit's letter.
    pub pit: String,
    /// Its seeds.
    pub seeds: u32,
}

impl From<&NoteArg> for ArgJson {
    fn from(a: &NoteArg) -> Self {
        match a {
            NoteArg::Side(s) => ArgJson::Text(s.char().to_string()),
            NoteArg::Letter(c) => ArgJson::Text(c.to_string()),
            NoteArg::Count(n) => ArgJson::Number(i64::from(*n)),
            NoteArg::Centiseeds(n) => ArgJson::Number(i64::from(*n)),
            NoteArg::Letters(l) => ArgJson::Letters(l.iter().map(char::to_string).collect()),
            NoteArg::Left(l) => ArgJson::Left(
                l.iter()
                    .map(|&(pit, seeds)| LeftJson {
                        pit: pit.to_string(),
                        seeds,
                    })
                    .collect(),
            ),
            NoteArg::Value(v) => ArgJson::Value((*v).into()),
            NoteArg::Text(t) => ArgJson::Text(t.clone()),
        }
    }
}

/// One reviewed move as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct MoveReviewJson {
    /// The move's index, from 0.
    pub ply: usize,
    /// `S` or `N`.
    pub side: Side,
    /// The position before the move.
    pub before: String,
    /// The played move's letter.
    pub played: String,
    /// The best move's letter.
    pub best: String,
    /// The depth of the values (more than the review's when the move was near a class line
    /// and searched again); absent for a review by time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The played move's value.
    pub played_value: ValueJson,
    /// The best move's value.
    pub best_value: ValueJson,
    /// Seeds lost, in centi-seeds.
    pub lost: i32,
    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub class: &'static str,
    /// `?!`, `?`, `??` or empty.
    pub symbol: &'static str,
    /// A proven win let go.
    pub missed_win: bool,
    /// Every other move was much worse.
    pub only_move: bool,
    /// The explanation.
    pub notes: Vec<NoteJson>,
    /// Every legal move, best first.
    pub moves: Vec<MoveValueJson>,
}

/// A player's summary as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryJson {
    /// Moves reviewed.
    pub moves: usize,
    /// Mean accuracy in percent, one decimal.
    pub accuracy: f64,
    /// Moves of each class by name.
    pub best: usize,
    /// Good moves.
    pub good: usize,
    /// Inaccuracies.
    pub inaccuracy: usize,
    /// Mistakes.
    pub mistake: usize,
    /// Blunders.
    pub blunder: usize,
    /// Seeds lost in all.
    pub seeds_lost: f64,
    /// Proven wins let go.
    pub missed_wins: usize,
}

impl From<&PlayerSummary> for SummaryJson {
    fn from(s: &PlayerSummary) -> Self {
        SummaryJson {
            moves: s.moves,
            accuracy: (s.accuracy * 10.0).round() / 10.0,
            best: s.counts[0],
            good: s.counts[1],
            inaccuracy: s.counts[2],
            mistake: s.counts[3],
            blunder: s.counts[4],
            seeds_lost: s.lost as f64 / 100.0,
            missed_wins: s.missed_wins,
        }
    }
}

/// A whole review as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct ReviewJson {
    /// How hard the review looked.
    pub settings: String,
    /// Whether endgame databases were used.
    pub tables: bool,
    /// The rules' name.
    pub rules: String,
    /// South's evaluation along the game (see [`Review::graph`]).
    pub graph: Vec<i32>,
    /// Each player's figures.
    pub summary: SummaryBySide,
    /// Every move.
    pub moves: Vec<MoveReviewJson>,
}

/// The two summaries.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryBySide {
    /// South's.
    pub south: SummaryJson,
    /// North's.
    pub north: SummaryJson,
}

impl From<&Review> for ReviewJson {
    fn from(r: &Review) -> Self {
        ReviewJson {
            settings: r.settings.clone(),
            tables: r.tables,
            rules: r.rules.to_string(),
            graph: r.graph(),
            summary: SummaryBySide {
                south: (&r.summary.south).into(),
                north: (&r.summary.north).into(),
            },
            moves: r.moves.iter().map(MoveReviewJson::from).collect(),
        }
    }
}

impl From<&MoveReview> for MoveReviewJson {
    fn from(m: &MoveReview) -> Self {
        let me = m.side();
        MoveReviewJson {
            ply: m.ply,
            side: me,
            before: fen::write(&m.before),
            played: m.played.letter(me).to_string(),
            best: m.best.letter(me).to_string(),
            depth: m.depth,
            played_value: m.played_value.into(),
            best_value: m.best_value.into(),
            lost: m.lost,
            class: m.class.name(),
            symbol: m.class.symbol(),
            missed_win: m.missed_win,
            only_move: m.only_move,
            notes: m
                .notes
                .iter()
                .map(|n| NoteJson {
                    kind: n.kind.name(),
                    text: n.text.clone(),
                    code: n.code,
                    args: n.args.iter().map(|(k, a)| (*k, a.into())).collect(),
                })
                .collect(),
            moves: m
                .moves
                .iter()
                .map(|v| MoveValueJson {
                    mv: v.mv.letter(me).to_string(),
                    value: v.value.into(),
                    line: line_text(&m.before, &v.line),
                    tables: v.from_tables,
                })
                .collect(),
        }
    }
}
