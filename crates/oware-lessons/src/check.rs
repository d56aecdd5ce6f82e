//! Playing a learner's moves in a step, checking its goal, and saying what happened.

use std::fmt;

use oware_core::{EndReason, Game, Move, MoveDetail, Outcome, PlayError, Position, Rules, Side};

use oware_i18n::{Arg, Lang};

use crate::format::{Goal, Step};

/// The most moves of the learner in one step.
pub const MOVES_MAX: usize = 8;

/// The most words of [`Attempt::summary`], the first reading of what a move did.
pub const SUMMARY_WORDS: usize = 25;

/// The learner's side (always South) and the opponent's.
const ME: Side = Side::South;
const THEM: Side = Side::North;

/// One move played in an attempt, by the learner or the opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Who played it.
    pub side: Side,
    /// Its letter (`A`–`F` for South, `a`–`f` for North), or `=` for the agreement.
    pub letter: char,
    /// What it did, seed by seed (`None` for the agreement).
    pub detail: Option<MoveDetail>,
    /// What it did, in words.
    pub text: String,
}

/// What a learner's moves did in a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// Whether the goal is met.
    pub met: bool,
    /// Whether the step is over: met, or missed (try again from the start). When `false` the
    /// learner has more moves to play.
    pub over: bool,
    /// The moves played, the learner's and the opponent's replies, in order.
    pub played: Vec<Played>,
    /// What the last moves did and, when the step is over, whether and why they meet the goal.
    pub explanation: String,
    /// The few words to read first (at most [`SUMMARY_WORDS`]): the step's success, why the
    /// moves miss the goal, why a pit cannot be played, or the opponent's reply. The whole
    /// story is [`Attempt::explanation`].
    pub summary: String,
    /// The last move could not be played (an empty pit, a pit that does not feed): it is not
    /// counted, nothing changed, and the learner plays again from the same position (`over`
    /// is `false`; `played` and `position` are those before it).
    pub illegal: bool,
    /// The position now.
    pub position: Position,
    /// How the game ended, if it did.
    pub end: Option<Outcome>,
}

/// Why moves could not be checked at all (not a wrong move: a wrong request).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// More moves than the step allows.
    TooMany {
        /// The moves the step allows.
        max: usize,
    },
    /// A move that is not a pit of the learner (`A`–`F`, `1`–`6`) or `agree`.
    BadMove(String),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::TooMany { max } => {
                write!(
                    f,
                    "this step takes at most {max} move{}",
                    if *max == 1 { "" } else { "s" }
                )
            }
            CheckError::BadMove(m) => write!(
                f,
                "\"{}\" is not a move: use a pit A to F (or 1 to 6), or agree",
                m.chars().take(16).collect::<String>()
            ),
        }
    }
}

impl std::error::Error for CheckError {}

/// A learner's move: a pit, or the agreement that the game cycles.
enum Input {
    Pit(Move),
    Agree,
}

fn input(text: &str) -> Result<Input, CheckError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("agree") {
        return Ok(Input::Agree);
    }
    let mut chars = t.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(CheckError::BadMove(text.to_string()));
    };
    let i = match c {
        'A'..='F' => c as usize - 'A' as usize,
        '1'..='6' => c as usize - '1' as usize,
        _ => return Err(CheckError::BadMove(text.to_string())),
    };
    Move::new(i)
        .map(Input::Pit)
        .ok_or_else(|| CheckError::BadMove(text.to_string()))
}

/// The message `id` in `lang` with `args`.
fn t(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    oware_i18n::t(lang, id, args)
}

fn letter(pit: usize) -> char {
    let side = Side::owner_of(pit);
    Move::ALL[pit - side.first_pit()].letter(side)
}

/// `items` as a list in `lang`: `C, D and E`.
fn list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => t(
            lang,
            "learn-list",
            &[
                ("first", rest.join(", ").into()),
                ("last", last.clone().into()),
            ],
        ),
    }
}

/// The seeds in `pit` once the sowing of `d` from `before` is done, before any capture.
fn after_sowing(before: &Position, d: &MoveDetail, pit: usize) -> usize {
    usize::from(before.pit(pit)) + d.sown.iter().filter(|&&p| p == pit).count()
}

/// `letter` as a message argument.
fn pit_arg(c: char) -> Arg<'static> {
    Arg::from(c.to_string())
}

/// What move `d` of `side` from `before` did, in words of `lang`: whole sentences, one message
/// each, for the learner ("You …") and for the opponent ("North …").
fn describe(lang: Lang, before: &Position, d: &MoveDetail, side: Side) -> String {
    let mine = side == ME;
    let n = d.sown.len();
    let mut out = Vec::new();
    let names: Vec<String> = d.sown.iter().map(|&p| letter(p).to_string()).collect();
    let from = letter(d.from);
    if n <= 6 {
        out.push(t(
            lang,
            if mine {
                "learn-you-sowed"
            } else {
                "learn-north-sowed"
            },
            &[
                ("count", n.into()),
                ("from", pit_arg(from)),
                ("pits", list(lang, &names).into()),
            ],
        ));
    } else {
        out.push(t(
            lang,
            if mine {
                "learn-you-sowed-round"
            } else {
                "learn-north-sowed-round"
            },
            &[
                ("count", n.into()),
                ("from", pit_arg(from)),
                ("first", names[0].clone().into()),
                ("last", names[n - 1].clone().into()),
            ],
        ));
    }
    if n >= 12 {
        out.push(t(lang, "learn-skipped", &[("from", pit_arg(from))]));
    }
    let Some(&last) = d.sown.last() else {
        return out.join(" ");
    };
    let count = after_sowing(before, d, last);
    let own = Side::owner_of(last) == side;
    let on_my_side = Side::owner_of(last) == ME;
    out.push(t(
        lang,
        if on_my_side {
            "learn-last-your-side"
        } else {
            "learn-last-north-side"
        },
        &[("pit", pit_arg(letter(last))), ("count", count.into())],
    ));
    if d.grand_slam {
        out.push(t(lang, "learn-grand-slam", &[]));
    } else if d.captured > 0 {
        let pits: Vec<String> = d
            .captured_pits
            .iter()
            .map(|&p| format!("{} ({})", letter(p), after_sowing(before, d, p)))
            .collect();
        out.push(t(
            lang,
            if mine {
                "learn-you-captured"
            } else {
                "learn-north-captured"
            },
            &[
                ("count", d.captured.into()),
                ("pits", list(lang, &pits).into()),
            ],
        ));
    } else if !own {
        out.push(t(lang, "learn-no-capture", &[("count", count.into())]));
    }
    if before.row_seeds(side.other()) == 0 {
        out.push(t(
            lang,
            if mine {
                "learn-you-fed"
            } else {
                "learn-north-fed"
            },
            &[],
        ));
    }
    out.join(" ")
}

/// How the game ended, in words of `lang`.
fn ending(lang: Lang, o: &Outcome) -> String {
    let why = match o.reason {
        EndReason::Capture => "learn-end-capture",
        EndReason::Draw => "learn-end-draw",
        EndReason::NoFeed => "learn-end-no-feed",
        EndReason::Cycle | EndReason::AgreedCycle => "learn-end-cycle",
    };
    let (me, them) = (o.scores[ME], o.scores[THEM]);
    let result = if me > them {
        "learn-end-you-win"
    } else if me < them {
        "learn-end-north-wins"
    } else {
        "learn-end-drawn"
    };
    format!(
        "{} {}",
        t(lang, why, &[]),
        t(
            lang,
            result,
            &[
                ("you", me.to_string().into()),
                ("north", them.to_string().into())
            ],
        )
    )
}

fn illegal(lang: Lang, e: PlayError, m: Move) -> String {
    let pit = pit_arg(m.letter(ME));
    match e {
        PlayError::EmptyPit { .. } => t(lang, "learn-illegal-empty", &[("pit", pit)]),
        PlayError::MustFeed { .. } => t(lang, "learn-illegal-must-feed", &[("pit", pit)]),
        PlayError::GameOver => t(lang, "learn-illegal-over", &[]),
        _ => t(lang, "learn-illegal-other", &[("pit", pit)]),
    }
}

/// The biggest of the learner's pits.
fn biggest(p: &Position) -> u8 {
    (0..6).map(|i| p.pit(ME.first_pit() + i)).max().unwrap_or(0)
}

fn with_seeds(p: &Position) -> u8 {
    (0..6).filter(|&i| p.pit(ME.first_pit() + i) > 0).count() as u8
}

/// The opponent's capturing replies in `p` (North to move): `(letter, seeds)`.
fn threats(p: &Position, rules: &Rules) -> Vec<(char, u8)> {
    p.legal_moves(rules)
        .iter()
        .filter_map(|&m| {
            let d = p.explain(m, rules).ok()?;
            (d.captured > 0).then_some((m.letter(THEM), d.captured))
        })
        .collect()
}

/// Whether `goal` is met right after the learner's move `d` (`None`: the agreement), and if
/// not, why (in `lang`).
fn verdict(
    lang: Lang,
    goal: Goal,
    game: &Game,
    d: Option<&MoveDetail>,
    before: &Position,
) -> Result<(), String> {
    let rules = game.rules();
    let now = game.position();
    let ok = |met: bool, why: String| if met { Ok(()) } else { Err(why) };
    let no = |id: &str| t(lang, id, &[]);
    match (goal, d) {
        (Goal::LandIn { pit }, Some(d)) => {
            let last = d.sown.last().map_or('?', |&p| letter(p));
            ok(
                last == pit,
                t(
                    lang,
                    "learn-miss-land-in",
                    &[("pit", pit_arg(pit)), ("landed", pit_arg(last))],
                ),
            )
        }
        (Goal::CaptureAtLeast { seeds }, Some(d)) => ok(
            d.captured >= seeds,
            t(
                lang,
                "learn-miss-capture",
                &[("goal", seeds.into()), ("count", d.captured.into())],
            ),
        ),
        (Goal::GrandSlam, Some(d)) => ok(d.grand_slam, no("learn-miss-grand-slam")),
        (Goal::Feed, Some(_)) => ok(
            before.row_seeds(THEM) == 0 && now.row_seeds(THEM) > 0,
            no("learn-miss-feed"),
        ),
        (Goal::WinGame | Goal::Draw, _) => match game.outcome() {
            None => Err(no("learn-miss-not-over")),
            Some(o) => {
                let (me, them) = (o.scores[ME], o.scores[THEM]);
                if goal == Goal::WinGame {
                    ok(me > them, no("learn-miss-win"))
                } else {
                    ok(me == them, no("learn-miss-draw"))
                }
            }
        },
        (Goal::AgreeCycle, None) => match game.outcome() {
            Some(o) if o.scores[ME] >= o.scores[THEM] => Ok(()),
            _ => Err(no("learn-miss-agree-share")),
        },
        (Goal::AgreeCycle, Some(_)) => Err(no("learn-miss-agree-instead")),
        (Goal::PitHolds { seeds }, Some(_)) => {
            let b = biggest(now);
            ok(
                b >= seeds,
                t(
                    lang,
                    "learn-miss-pit-holds",
                    &[("count", b.into()), ("goal", seeds.into())],
                ),
            )
        }
        (Goal::SafeFromCapture, Some(_)) => {
            // Each reply on its own: two replies that capture 2 each are two threats of 2,
            // not one of 4.
            let threats = threats(now, rules);
            let each: Vec<String> = threats
                .iter()
                .map(|&(l, n)| {
                    t(
                        lang,
                        "learn-threat",
                        &[("pit", pit_arg(l)), ("count", n.into())],
                    )
                })
                .collect();
            ok(
                threats.is_empty() || now.outcome(rules).is_some(),
                t(
                    lang,
                    "learn-miss-safe",
                    &[
                        ("threats", list(lang, &each).into()),
                        ("count", threats.len().into()),
                    ],
                ),
            )
        }
        (Goal::MovesLeft { at_least }, Some(_)) => {
            let k = with_seeds(now);
            ok(
                k >= at_least,
                t(
                    lang,
                    "learn-miss-moves-left",
                    &[("count", k.into()), ("goal", at_least.into())],
                ),
            )
        }
        (Goal::OpponentMustFeed, Some(_)) => {
            if now.row_seeds(ME) > 0 {
                Err(t(
                    lang,
                    "learn-miss-side-not-empty",
                    &[("count", now.row_seeds(ME).into())],
                ))
            } else {
                ok(
                    !now.legal_moves(rules).is_empty(),
                    no("learn-miss-cannot-feed"),
                )
            }
        }
        (_, None) => Err(no("learn-miss-not-agree")),
    }
}

/// Whether `goal` is judged only once the game is over (after the opponent's reply).
fn at_the_end(goal: Goal) -> bool {
    matches!(goal, Goal::WinGame | Goal::Draw)
}

/// The position to show once the game is over: the seeds each side takes at the end (its own
/// row, after a cycle or when nobody can feed) moved into its store, so that the board and
/// the final score agree. Unchanged while the game goes on, or when the stores already hold
/// the score.
fn final_position(game: &Game) -> Position {
    let now = *game.position();
    let Some(o) = game.outcome() else {
        return now;
    };
    let (s, n) = (o.scores[ME].halves(), o.scores[THEM].halves());
    if s % 2 == 1 || n % 2 == 1 || (s / 2, n / 2) == (now.store(ME), now.store(THEM)) {
        return now;
    }
    let mut setup = now.to_setup();
    setup.pits = [0; oware_core::PITS];
    setup.stores = oware_core::BySide::new(s / 2, n / 2);
    Position::from_setup(&setup).unwrap_or(now)
}

/// Plays the learner's `moves` (`A`–`F`, `1`–`6` or `agree`) from `step`'s position, the
/// step's scripted replies in between, and answers what happened, in the step's language.
/// The last allowed move that misses the goal ends the attempt with `over` and an
/// explanation; the step may be tried again from its start. A move that cannot be played
/// (an empty pit, one that does not feed) is [`Attempt::illegal`]: explained, not counted.
pub fn check(step: &Step, moves: &[String]) -> Result<Attempt, CheckError> {
    let max = step.solution.len();
    if moves.len() > max {
        return Err(CheckError::TooMany { max });
    }
    let inputs = moves
        .iter()
        .map(|m| input(m))
        .collect::<Result<Vec<_>, _>>()?;
    let lang = step.lang;
    let mut game = Game::from_position(step.start(), Rules::ABAPA);
    let mut played = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let finish =
        |game: &Game, played, words: Vec<String>, summary: Vec<String>, met, over| Attempt {
            met,
            over,
            played,
            explanation: words.join(" "),
            summary: summary.join(" "),
            illegal: false,
            position: final_position(game),
            end: game.outcome().copied(),
        };
    let refused = |game: &Game, played, why: String| Attempt {
        met: false,
        over: false,
        played,
        explanation: why.clone(),
        summary: why,
        illegal: true,
        position: *game.position(),
        end: game.outcome().copied(),
    };
    let again = t(lang, "learn-try-again", &[]);
    let mut summary: Vec<String> = Vec::new();
    for (i, m) in inputs.into_iter().enumerate() {
        words.clear();
        summary.clear();
        let before = *game.position();
        let detail = match m {
            Input::Agree => match game.agree_cycle() {
                Ok(_) => {
                    played.push(Played {
                        side: ME,
                        letter: '=',
                        detail: None,
                        text: t(lang, "learn-agreed", &[]),
                    });
                    words.push(t(lang, "learn-agreed", &[]));
                    None
                }
                Err(_) => return Ok(refused(&game, played, t(lang, "learn-cannot-agree", &[]))),
            },
            Input::Pit(mv) => match before.explain(mv, game.rules()) {
                Ok(d) => {
                    let text = describe(lang, &before, &d, ME);
                    let _ = game.play(mv);
                    words.push(text.clone());
                    played.push(Played {
                        side: ME,
                        letter: mv.letter(ME),
                        detail: Some(d.clone()),
                        text,
                    });
                    Some(d)
                }
                Err(e) => return Ok(refused(&game, played, illegal(lang, e, mv))),
            },
        };
        let mut judged = verdict(lang, step.goal, &game, detail.as_ref(), &before);
        let last = i + 1 == max;
        if judged.is_err() && !game.is_over() {
            if let Some(reply) = step.replies.get(i) {
                if let Some(said) = play_reply(lang, &mut game, reply, &mut played, &mut words) {
                    summary.push(said);
                }
                if at_the_end(step.goal) {
                    judged = verdict(lang, step.goal, &game, detail.as_ref(), &before);
                }
            }
        }
        if let Some(o) = game.outcome() {
            words.push(ending(lang, o));
        }
        match judged {
            Ok(()) => {
                words.push(step.success.clone());
                let summary = vec![step.success.clone()];
                return Ok(finish(&game, played, words, summary, true, true));
            }
            Err(why) if last || game.is_over() => {
                words.push(why.clone());
                words.push(again.clone());
                let summary = vec![why, again];
                return Ok(finish(&game, played, words, summary, false, true));
            }
            Err(_) => {}
        }
    }
    if summary.is_empty() {
        summary.push(t(lang, "learn-your-move", &[]));
    }
    Ok(finish(&game, played, words, summary, false, false))
}

/// Plays the opponent's scripted `reply`, or its first legal move if the script's is not
/// legal after the learner's moves.
fn play_reply(
    lang: Lang,
    game: &mut Game,
    reply: &str,
    played: &mut Vec<Played>,
    words: &mut Vec<String>,
) -> Option<String> {
    let before = *game.position();
    let scripted = reply
        .chars()
        .next()
        .and_then(Move::from_letter)
        .map(|(_, m)| m);
    let legal = game.legal_moves();
    let m = scripted
        .filter(|m| legal.contains(m))
        .or_else(|| legal.first().copied())?;
    let d = before.explain(m, game.rules()).ok()?;
    let text = describe(lang, &before, &d, THEM);
    let short = t(
        lang,
        "learn-north-replied",
        &[
            ("pit", pit_arg(m.letter(THEM))),
            ("captured", d.captured.into()),
        ],
    );
    let _ = game.play(m);
    words.push(text.clone());
    played.push(Played {
        side: THEM,
        letter: m.letter(THEM),
        detail: Some(d),
        text,
    });
    Some(short)
}
