//! Explanations in words, made from the rules core: every capture, sowing and feeding named
//! here is what [`Position::explain`] and [`Position::legal_moves`] say, never a second copy of
//! the rules.

use oware_core::{Move, MoveDetail, Position, Rules, Side, PITS};

use crate::Value;

/// Seeds in a pit from which its sowing goes round the whole board (a kroo).
pub const KROO: u8 = 12;

/// What a sentence of an explanation is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoteKind {
    /// What the best move would have captured.
    BestCaptures,
    /// The best line, when the best move captures nothing at once.
    BestLine,
    /// The capture the played move allowed the opponent.
    Allowed,
    /// The played move sowed a kroo.
    KrooSown,
    /// The played move built a kroo.
    KrooBuilt,
    /// The best move sowed or built a kroo and the played move did neither.
    KrooMissed,
    /// The opponent's row was empty: the mover had to feed it.
    ForcedFeed,
    /// Every other move was much worse (or there was no other).
    OnlyMove,
    /// A proven win was let go.
    MissedWin,
}

impl NoteKind {
    /// A short machine-readable name: `best-captures`, `allowed`, `kroo-built`, …
    pub const fn name(self) -> &'static str {
        match self {
            NoteKind::BestCaptures => "best-captures",
            NoteKind::BestLine => "best-line",
            NoteKind::Allowed => "allowed",
            NoteKind::KrooSown => "kroo-sown",
            NoteKind::KrooBuilt => "kroo-built",
            NoteKind::KrooMissed => "kroo-missed",
            NoteKind::ForcedFeed => "forced-feed",
            NoteKind::OnlyMove => "only-move",
            NoteKind::MissedWin => "missed-win",
        }
    }
}

/// One sentence of an explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// What it is about.
    pub kind: NoteKind,
    /// The sentence in English, ending with a full stop.
    pub text: String,
    /// Which sentence it is (`best-captures`, `allowed-next`, `kroo-missed-built`, …): with
    /// [`Note::args`], what a page needs to say it in its own language (`docs/review.md`).
    pub code: &'static str,
    /// The sentence's facts by name (`move`, `pits`, `seeds`, …).
    pub args: Vec<(&'static str, NoteArg)>,
}

/// A fact a note's sentence holds, for a page that words the sentence in its own language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoteArg {
    /// A side: `S` or `N`.
    Side(Side),
    /// A move's or a pit's letter.
    Letter(char),
    /// A number of seeds or moves.
    Count(u32),
    /// Letters of pits or moves, in the sentence's order.
    Letters(Vec<char>),
    /// Pits and the seeds each held, in the sentence's order.
    Left(Vec<(char, u32)>),
    /// Seeds in centi-seeds.
    Centiseeds(i32),
    /// A move's value.
    Value(Value),
    /// A word from a fixed set (a result: `win`, `draw`, `loss`), or a line of moves.
    Text(String),
}

/// A sentence (without its full stop) with its code and facts.
#[derive(Debug, Clone)]
struct Said {
    text: String,
    code: &'static str,
    args: Vec<(&'static str, NoteArg)>,
}

/// The letter of absolute pit `pit` (0–11): `A`–`F` for South's, `a`–`f` for North's.
pub fn pit_letter(pit: usize) -> char {
    let side = Side::owner_of(pit % PITS);
    Move::new(pit % 6).map_or('?', |m| m.letter(side))
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn seeds(n: u32) -> String {
    if n == 1 {
        "1 seed".to_string()
    } else {
        format!("{n} seeds")
    }
}

/// What `m` captures in `pos`, as a sentence without its full stop ("F captures d, c and b: 7
/// seeds"), or `None` when it captures nothing or is illegal. A kroo is named.
pub fn capture_sentence(pos: &Position, m: Move, rules: &Rules) -> Option<String> {
    capture_said(pos, m, rules).map(|s| s.text)
}

/// [`capture_sentence`] with its facts: code `captures` (`move`, `pits`, `seeds`) or
/// `captures-kroo` (and `sown`).
fn capture_said(pos: &Position, m: Move, rules: &Rules) -> Option<Said> {
    let d = pos.explain(m, rules).ok()?;
    if d.captured == 0 {
        return None;
    }
    let letter = m.letter(pos.turn());
    let pits: Vec<String> = d
        .captured_pits
        .iter()
        .map(|&p| pit_letter(p).to_string())
        .collect();
    let sown = d.sown.len();
    let what = if sown >= usize::from(KROO) {
        format!("{letter}, a kroo of {sown} seeds,")
    } else {
        letter.to_string()
    };
    let mut args = vec![
        ("move", NoteArg::Letter(letter)),
        (
            "pits",
            NoteArg::Letters(d.captured_pits.iter().map(|&p| pit_letter(p)).collect()),
        ),
        ("seeds", NoteArg::Count(u32::from(d.captured))),
    ];
    let code = if sown >= usize::from(KROO) {
        args.push(("sown", NoteArg::Count(sown as u32)));
        "captures-kroo"
    } else {
        "captures"
    };
    Some(Said {
        text: format!(
            "{what} captures {}: {}",
            and_list(&pits),
            seeds(u32::from(d.captured))
        ),
        code,
        args,
    })
}

/// The capture `reply` makes in `after` (the position after `played`, the opponent to move),
/// told as what `played` left behind: "E left C with 2 seeds and B with 1: North captured 5
/// with d next move" (`actual`: the game's next move) or "… North can capture 5 with d" (the
/// engine's reply). `None` when the reply captures nothing.
pub fn allowed_sentence(
    after: &Position,
    played_letter: char,
    reply: Move,
    actual: bool,
    rules: &Rules,
) -> Option<String> {
    allowed_said(after, played_letter, reply, actual, rules).map(|s| s.text)
}

/// [`allowed_sentence`] with its facts: code `allowed-next` (the game's next move) or
/// `allowed-can`, with `move`, `left` (pits and their seeds), `side`, `seeds` and `reply`.
fn allowed_said(
    after: &Position,
    played_letter: char,
    reply: Move,
    actual: bool,
    rules: &Rules,
) -> Option<Said> {
    let d = after.explain(reply, rules).ok()?;
    if d.captured == 0 {
        return None;
    }
    let opponent = after.turn();
    let mut left: Vec<String> = Vec::new();
    for (i, &p) in d.captured_pits.iter().enumerate() {
        let n = u32::from(after.pit(p));
        let unit = if i == 0 { seeds(n) } else { n.to_string() };
        left.push(format!("{} with {unit}", pit_letter(p)));
    }
    let r = reply.letter(opponent);
    let how = if actual {
        format!("{opponent} captured {} with {r} next move", d.captured)
    } else {
        format!("{opponent} can capture {} with {r}", d.captured)
    };
    let held = d
        .captured_pits
        .iter()
        .map(|&p| (pit_letter(p), u32::from(after.pit(p))))
        .collect();
    Some(Said {
        text: format!("{played_letter} left {}: {how}", and_list(&left)),
        code: if actual {
            "allowed-next"
        } else {
            "allowed-can"
        },
        args: vec![
            ("move", NoteArg::Letter(played_letter)),
            ("left", NoteArg::Left(held)),
            ("side", NoteArg::Side(opponent)),
            ("seeds", NoteArg::Count(u32::from(d.captured))),
            ("reply", NoteArg::Letter(r)),
        ],
    })
}

/// The mover's pits (absolute) holding a kroo after `d` that did not before (the emptied pit
/// aside).
fn kroos_built(before: &Position, d: &MoveDetail, mover: Side) -> Vec<usize> {
    let first = mover.first_pit();
    (first..first + 6)
        .filter(|&p| p != d.from && before.pit(p) < KROO && d.after.pit(p) >= KROO)
        .collect()
}

/// What `m` does with kroos in `pos`: "F sowed a kroo of 14 seeds round the board" or "D built
/// a kroo: F holds 12 seeds", without the full stop; `None` when neither.
pub fn kroo_sentence(pos: &Position, m: Move, rules: &Rules) -> Option<(NoteKind, String)> {
    kroo_said(pos, m, rules).map(|(k, s)| (k, s.text))
}

/// [`kroo_sentence`] with its facts: code `kroo-sown` (`move`, `sown`), `kroo-sown-capture`
/// (and `seeds`) or `kroo-built` (`move`, `pit`, `seeds`).
fn kroo_said(pos: &Position, m: Move, rules: &Rules) -> Option<(NoteKind, Said)> {
    let d = pos.explain(m, rules).ok()?;
    let letter = m.letter(pos.turn());
    if d.sown.len() >= usize::from(KROO) {
        let capture = if d.captured > 0 {
            format!(", capturing {}", seeds(u32::from(d.captured)))
        } else {
            String::new()
        };
        let mut args = vec![
            ("move", NoteArg::Letter(letter)),
            ("sown", NoteArg::Count(d.sown.len() as u32)),
        ];
        if d.captured > 0 {
            args.push(("seeds", NoteArg::Count(u32::from(d.captured))));
        }
        return Some((
            NoteKind::KrooSown,
            Said {
                text: format!(
                    "{letter} sowed a kroo of {} seeds round the board{capture}",
                    d.sown.len()
                ),
                code: if d.captured > 0 {
                    "kroo-sown-capture"
                } else {
                    "kroo-sown"
                },
                args,
            },
        ));
    }
    let built = kroos_built(pos, &d, pos.turn());
    let &p = built.first()?;
    Some((
        NoteKind::KrooBuilt,
        Said {
            text: format!(
                "{letter} built a kroo: {} holds {} seeds, a lap round the board",
                pit_letter(p),
                d.after.pit(p)
            ),
            code: "kroo-built",
            args: vec![
                ("move", NoteArg::Letter(letter)),
                ("pit", NoteArg::Letter(pit_letter(p))),
                ("seeds", NoteArg::Count(u32::from(d.after.pit(p)))),
            ],
        },
    ))
}

/// When the opponent's row is empty: "North's row was empty: South had to feed it, and only
/// C and D reach it", without the full stop.
pub fn forced_feed_sentence(pos: &Position, rules: &Rules) -> Option<String> {
    forced_feed_said(pos, rules).map(|s| s.text)
}

/// [`forced_feed_sentence`] with its facts: code `forced-feed`, with `side` (the mover),
/// `opponent` and `moves` (the moves that feed).
fn forced_feed_said(pos: &Position, rules: &Rules) -> Option<Said> {
    let me = pos.turn();
    let opp = me.other();
    if pos.row_seeds(opp) != 0 {
        return None;
    }
    let legal = pos.legal_moves(rules);
    let letters: Vec<String> = legal.iter().map(|m| m.letter(me).to_string()).collect();
    let verb = if letters.len() == 1 {
        "reaches"
    } else {
        "reach"
    };
    Some(Said {
        text: format!(
            "{opp}'s row was empty: {me} had to feed it, and only {} {verb} it",
            and_list(&letters)
        ),
        code: "forced-feed",
        args: vec![
            ("side", NoteArg::Side(me)),
            ("opponent", NoteArg::Side(opp)),
            (
                "moves",
                NoteArg::Letters(legal.iter().map(|m| m.letter(me)).collect()),
            ),
        ],
    })
}

/// A line of moves as letters from the side to move of `pos`: `DfBa`.
pub fn line_text(pos: &Position, line: &[Move]) -> String {
    oware_core::movetext::letters(pos.turn(), line.iter().copied()).collect()
}

/// Everything the review knows about one move, for its explanation.
#[derive(Debug, Clone)]
pub(crate) struct Facts<'a> {
    pub before: &'a Position,
    pub rules: &'a Rules,
    pub played: Move,
    pub best: Move,
    /// The played move's line (the move first, then the engine's replies).
    pub played_line: &'a [Move],
    /// The best move's line.
    pub best_line: &'a [Move],
    /// The move the opponent played next in the game.
    pub next_in_game: Option<Move>,
    pub played_value: Value,
    pub best_value: Value,
    /// Whether the move cost at least an inaccuracy.
    pub costly: bool,
    /// The least loss of any other legal move when it is at least a mistake, for "only move".
    pub only_move_margin: Option<i32>,
    pub legal: usize,
    pub missed_win: bool,
}

/// The explanation of a reviewed move: a few sentences, the most important first.
pub(crate) fn explain(f: &Facts<'_>) -> Vec<Note> {
    let mut notes = Vec::new();
    let mut add = |kind: NoteKind, said: Said| {
        notes.push(Note {
            kind,
            text: format!("{}.", said.text),
            code: said.code,
            args: said.args,
        })
    };
    let me = f.before.turn();
    let played = f.played.letter(me);
    let best = f.best.letter(me);
    if f.missed_win {
        let mut args = vec![
            ("side", NoteArg::Side(me)),
            ("value", NoteArg::Value(f.best_value)),
            ("best", NoteArg::Letter(best)),
            ("move", NoteArg::Letter(played)),
        ];
        let (after, code) = match f.played_value.result_word() {
            Some(r) => {
                let word = match r {
                    "a draw" => "draw",
                    "a loss" => "loss",
                    _ => "win",
                };
                args.push(("result", NoteArg::Text(word.to_string())));
                (r.to_string(), "missed-win")
            }
            None => {
                args.push(("after", NoteArg::Value(f.played_value)));
                (format!("only {}", f.played_value), "missed-win-eval")
            }
        };
        add(
            NoteKind::MissedWin,
            Said {
                text: format!(
                    "{me} had a proven win ({} with {best}) and let it go: after {played}, {after}",
                    f.best_value
                ),
                code,
                args,
            },
        );
    }
    if f.costly {
        match capture_said(f.before, f.best, f.rules) {
            Some(s) => add(
                NoteKind::BestCaptures,
                Said {
                    text: format!("Best was {best}: {}", s.text),
                    code: if s.code == "captures-kroo" {
                        "best-captures-kroo"
                    } else {
                        "best-captures"
                    },
                    args: s.args,
                },
            ),
            None => {
                let line = line_text(f.before, f.best_line);
                add(
                    NoteKind::BestLine,
                    Said {
                        text: format!("Best was {best} ({}), line {line}", f.best_value),
                        code: "best-line",
                        args: vec![
                            ("move", NoteArg::Letter(best)),
                            ("value", NoteArg::Value(f.best_value)),
                            ("line", NoteArg::Text(line)),
                        ],
                    },
                )
            }
        }
        if let Ok(d) = f.before.explain(f.played, f.rules) {
            let after = d.after;
            let allowed = f
                .next_in_game
                .and_then(|r| allowed_said(&after, played, r, true, f.rules))
                .or_else(|| {
                    f.played_line
                        .get(1)
                        .and_then(|&r| allowed_said(&after, played, r, false, f.rules))
                });
            if let Some(s) = allowed {
                add(NoteKind::Allowed, s);
            }
        }
        if kroo_said(f.before, f.played, f.rules).is_none() {
            if let Some((_, s)) = kroo_said(f.before, f.best, f.rules) {
                let code = match s.code {
                    "kroo-sown" => "kroo-missed-sown",
                    "kroo-sown-capture" => "kroo-missed-sown-capture",
                    _ => "kroo-missed-built",
                };
                add(
                    NoteKind::KrooMissed,
                    Said {
                        text: format!("Missed: {}", s.text),
                        code,
                        args: s.args,
                    },
                );
            }
        }
    }
    if let Some((kind, s)) = kroo_said(f.before, f.played, f.rules) {
        add(kind, s);
    }
    if let Some(s) = forced_feed_said(f.before, f.rules) {
        add(NoteKind::ForcedFeed, s);
    }
    if f.legal == 1 {
        add(
            NoteKind::OnlyMove,
            Said {
                text: format!("{played} was the only legal move"),
                code: "only-legal",
                args: vec![("move", NoteArg::Letter(played))],
            },
        );
    } else if let Some(margin) = f.only_move_margin {
        add(
            NoteKind::OnlyMove,
            Said {
                text: format!(
                    "{best} was the only move: every other move costs at least {:.2} seeds",
                    f64::from(margin) / 100.0
                ),
                code: "only-move",
                args: vec![
                    ("move", NoteArg::Letter(best)),
                    ("lost", NoteArg::Centiseeds(margin)),
                ],
            },
        );
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::fen;

    fn pos(text: &str) -> Position {
        fen::parse(text).unwrap()
    }

    fn mv(c: char) -> Move {
        Move::from_letter(c).unwrap().1
    }

    #[test]
    fn pit_letters_follow_the_board() {
        assert_eq!(pit_letter(0), 'A');
        assert_eq!(pit_letter(5), 'F');
        assert_eq!(pit_letter(6), 'a');
        assert_eq!(pit_letter(11), 'f');
    }

    #[test]
    fn a_chain_capture_names_its_pits_from_the_last_seed_back() {
        // South's F (4 seeds) ends on d: d, c and b hold 2, 1 and 1 and become 3, 2 and 2.
        let p = pos("1-1-1-1-1-4-4-1-1-2-4-4-12-11-S");
        let s = capture_sentence(&p, mv('F'), &Rules::default()).unwrap();
        assert_eq!(s, "F captures d, c and b: 7 seeds");
        assert_eq!(capture_sentence(&p, mv('A'), &Rules::default()), None);
    }

    #[test]
    fn a_kroo_capture_says_so() {
        // F holds 13 seeds: it laps the board and ends on b (1 + 2 seeds = 3).
        let p = pos("0-0-0-0-0-13-2-1-3-3-3-3-10-10-S");
        let s = capture_sentence(&p, mv('F'), &Rules::default()).unwrap();
        assert_eq!(s, "F, a kroo of 13 seeds, captures b: 3 seeds");
        let (kind, k) = kroo_sentence(&p, mv('F'), &Rules::default()).unwrap();
        assert_eq!(kind, NoteKind::KrooSown);
        assert_eq!(
            k,
            "F sowed a kroo of 13 seeds round the board, capturing 3 seeds"
        );
    }

    #[test]
    fn what_a_move_left_behind_is_told_with_the_reply() {
        // South plays E (1 seed into F), leaving B with 2 and C with 1; North's d (5 seeds)
        // then ends on C and captures C (2) and B (3).
        let before = pos("3-2-1-5-1-0-3-3-3-5-3-3-8-8-S");
        let rules = Rules::default();
        let after = before.play(mv('E'), &rules).unwrap();
        let s = allowed_sentence(&after, 'E', mv('d'), true, &rules).unwrap();
        assert_eq!(
            s,
            "E left C with 1 seed and B with 2: North captured 5 with d next move"
        );
        let said = allowed_said(&after, 'E', mv('d'), true, &rules).unwrap();
        assert_eq!(said.code, "allowed-next");
        assert_eq!(
            said.args,
            vec![
                ("move", NoteArg::Letter('E')),
                ("left", NoteArg::Left(vec![('C', 1), ('B', 2)])),
                ("side", NoteArg::Side(Side::North)),
                ("seeds", NoteArg::Count(5)),
                ("reply", NoteArg::Letter('d')),
            ]
        );
        let s = allowed_sentence(&after, 'E', mv('d'), false, &rules).unwrap();
        assert!(s.ends_with("North can capture 5 with d"), "{s}");
        assert_eq!(allowed_sentence(&after, 'E', mv('a'), true, &rules), None);
    }

    #[test]
    fn a_kroo_built_names_the_pit() {
        // E's 3 seeds reach F (11 -> 12) and a, b.
        let p = pos("2-2-2-2-3-11-4-4-4-4-0-0-5-5-S");
        let (kind, s) = kroo_sentence(&p, mv('E'), &Rules::default()).unwrap();
        assert_eq!(kind, NoteKind::KrooBuilt);
        assert_eq!(s, "E built a kroo: F holds 12 seeds, a lap round the board");
        assert_eq!(kroo_sentence(&p, mv('A'), &Rules::default()), None);
    }

    #[test]
    fn an_empty_row_forces_a_feed() {
        // North has nothing: only E (2 seeds) and F (1 seed) reach its row.
        let p = pos("3-2-1-0-2-1-0-0-0-0-0-0-20-19-S");
        let s = forced_feed_sentence(&p, &Rules::default()).unwrap();
        assert_eq!(
            s,
            "North's row was empty: South had to feed it, and only E and F reach it"
        );
        assert_eq!(
            forced_feed_sentence(&Position::start(), &Rules::default()),
            None
        );
    }
}
