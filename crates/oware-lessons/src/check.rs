//! Playing a learner's moves in a step, checking its goal, and saying what happened.

use std::fmt;

use oware_core::{EndReason, Game, Move, MoveDetail, Outcome, PlayError, Position, Rules, Side};

use crate::format::{Goal, Step};

/// The most moves of the learner in one step.
pub const MOVES_MAX: usize = 8;

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
                write!(f, "this step takes at most {max} move{}", plural(*max))
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

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

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

fn who(side: Side) -> &'static str {
    if side == ME {
        "You"
    } else {
        "North"
    }
}

fn letter(pit: usize) -> char {
    let side = Side::owner_of(pit);
    Move::ALL[pit - side.first_pit()].letter(side)
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The seeds in `pit` once the sowing of `d` from `before` is done, before any capture.
fn after_sowing(before: &Position, d: &MoveDetail, pit: usize) -> usize {
    usize::from(before.pit(pit)) + d.sown.iter().filter(|&&p| p == pit).count()
}

/// What move `d` of `side` from `before` did, in words.
fn describe(before: &Position, d: &MoveDetail, side: Side) -> String {
    let me = who(side);
    let n = d.sown.len();
    let mut out = Vec::new();
    let names: Vec<String> = d.sown.iter().map(|&p| letter(p).to_string()).collect();
    let from = letter(d.from);
    if n <= 6 {
        out.push(format!(
            "{me} sowed {n} seed{} from {from}: one in {}.",
            plural(n),
            list(&names)
        ));
    } else {
        out.push(format!(
            "{me} sowed {n} seeds from {from}, one in each pit from {} round to {}.",
            names[0],
            names[n - 1]
        ));
    }
    if n >= 12 {
        out.push(format!(
            "With 12 seeds or more, the sowing skipped {from}, the pit they came from."
        ));
    }
    let Some(&last) = d.sown.last() else {
        return out.join(" ");
    };
    let count = after_sowing(before, d, last);
    let own = Side::owner_of(last) == side;
    out.push(format!(
        "The last seed landed in {}, on {} side, which now holds {count}.",
        letter(last),
        if side == ME {
            if own {
                "your"
            } else {
                "North's"
            }
        } else if own {
            "North's"
        } else {
            "your"
        }
    ));
    if d.grand_slam {
        out.push(
            "That would take every seed on the other side: a grand slam. It is allowed, \
             but it captures nothing."
                .into(),
        );
    } else if d.captured > 0 {
        let pits: Vec<String> = d
            .captured_pits
            .iter()
            .map(|&p| format!("{} ({})", letter(p), after_sowing(before, d, p)))
            .collect();
        out.push(format!(
            "{me} captured {} seed{} from {}.",
            d.captured,
            plural(usize::from(d.captured)),
            list(&pits)
        ));
    } else if !own {
        out.push(format!("{count} is not 2 or 3, so nothing is captured."));
    }
    if before.row_seeds(side.other()) == 0 {
        out.push(format!(
            "{} had no seeds, and this move gave them some.",
            if side == ME { "North" } else { "You" }
        ));
    }
    out.join(" ")
}

/// How the game ended, in words.
fn ending(o: &Outcome) -> String {
    let score = format!("{} to {}", o.scores[ME], o.scores[THEM]);
    let result = if o.scores[ME] > o.scores[THEM] {
        "You win!"
    } else if o.scores[ME] < o.scores[THEM] {
        "North wins."
    } else {
        "It is a draw."
    };
    let why = match o.reason {
        EndReason::Capture => "Someone has 25 seeds or more: the game is over.",
        EndReason::Draw => "Both players have 24 seeds: the game is over.",
        EndReason::NoFeed => {
            "The player to move cannot give the other side any seeds: the game is over, \
             and each player takes the seeds on their own row."
        }
        EndReason::Cycle | EndReason::AgreedCycle => {
            "The game went round in a cycle and the players agreed to stop: each player \
             takes the seeds on their own row."
        }
    };
    format!("{why} It ends {score}. {result}")
}

fn illegal(e: PlayError, m: Move) -> String {
    let pit = m.letter(ME);
    match e {
        PlayError::EmptyPit { .. } => {
            format!("Pit {pit} is empty: there is nothing to sow. Pick a pit with seeds.")
        }
        PlayError::MustFeed { .. } => format!(
            "North has no seeds. When you can give them some, you must: the seeds of {pit} \
             do not reach North's side. Pick a pit whose seeds reach across."
        ),
        PlayError::GameOver => "The game is already over.".into(),
        other => format!("{pit} cannot be played here: {other}."),
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
/// not, why.
fn verdict(
    goal: Goal,
    game: &Game,
    d: Option<&MoveDetail>,
    before: &Position,
) -> Result<(), String> {
    let rules = game.rules();
    let now = game.position();
    let ok = |met: bool, why: String| if met { Ok(()) } else { Err(why) };
    match (goal, d) {
        (Goal::LandIn { pit }, Some(d)) => {
            let last = d.sown.last().map_or('?', |&p| letter(p));
            ok(
                last == pit,
                format!("Your last seed must land in {pit}; it landed in {last}."),
            )
        }
        (Goal::CaptureAtLeast { seeds }, Some(d)) => ok(
            d.captured >= seeds,
            format!(
                "The goal is to capture {seeds} seeds or more in one move; this move captured {}.",
                d.captured
            ),
        ),
        (Goal::GrandSlam, Some(d)) => ok(
            d.grand_slam,
            "This move does not reach every one of North's seeds.".into(),
        ),
        (Goal::Feed, Some(_)) => ok(
            before.row_seeds(THEM) == 0 && now.row_seeds(THEM) > 0,
            "North still has no seeds.".into(),
        ),
        (Goal::WinGame | Goal::Draw, _) => match game.outcome() {
            None => Err("The game is not over yet.".into()),
            Some(o) => {
                let (me, them) = (o.scores[ME], o.scores[THEM]);
                if goal == Goal::WinGame {
                    ok(
                        me > them,
                        "The game is over, but you did not win it.".into(),
                    )
                } else {
                    ok(
                        me == them,
                        "The game is over, but it is not 24 to 24.".into(),
                    )
                }
            }
        },
        (Goal::AgreeCycle, None) => match game.outcome() {
            Some(o) if o.scores[ME] >= o.scores[THEM] => Ok(()),
            _ => Err("Agreeing now would not give you your share.".into()),
        },
        (Goal::AgreeCycle, Some(_)) => Err(
            "The seeds just keep going round. Here the goal is to agree with North to stop \
             the game: choose Agree."
                .into(),
        ),
        (Goal::PitHolds { seeds }, Some(_)) => {
            let b = biggest(now);
            ok(
                b >= seeds,
                format!("Your biggest pit holds {b}; the goal is a pit of {seeds} or more."),
            )
        }
        (Goal::SafeFromCapture, Some(_)) => {
            let t = threats(now, rules);
            let words: Vec<String> = t.iter().map(|(l, n)| format!("{l} captures {n}")).collect();
            ok(
                t.is_empty() || now.outcome(rules).is_some(),
                format!(
                    "Now North can capture: {}. Look for your pits with 1 or 2 seeds that North can reach.",
                    list(&words)
                ),
            )
        }
        (Goal::MovesLeft { at_least }, Some(_)) => {
            let k = with_seeds(now);
            ok(
                k >= at_least,
                format!("Now only {k} of your pits hold seeds; the goal is to keep {at_least}."),
            )
        }
        (Goal::OpponentMustFeed, Some(_)) => {
            if now.row_seeds(ME) > 0 {
                Err(format!(
                    "You still have {} seeds on your side.",
                    now.row_seeds(ME)
                ))
            } else {
                ok(
                    !now.legal_moves(rules).is_empty(),
                    "North cannot give you any seeds, so the game ends.".into(),
                )
            }
        }
        (_, None) => Err("This step is about playing a pit, not agreeing to stop.".into()),
    }
}

/// Whether `goal` is judged only once the game is over (after the opponent's reply).
fn at_the_end(goal: Goal) -> bool {
    matches!(goal, Goal::WinGame | Goal::Draw)
}

/// Plays the learner's `moves` (`A`–`F`, `1`–`6` or `agree`) from `step`'s position, the
/// step's scripted replies in between, and answers what happened. A move that cannot be
/// played, or the last allowed move that misses the goal, ends the attempt with `over` and
/// an explanation; the step may be tried again from its start.
pub fn check(step: &Step, moves: &[String]) -> Result<Attempt, CheckError> {
    let max = step.solution.len();
    if moves.len() > max {
        return Err(CheckError::TooMany { max });
    }
    let inputs = moves
        .iter()
        .map(|m| input(m))
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = Game::from_position(step.start(), Rules::ABAPA);
    let mut played = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let finish = |game: &Game, played, words: Vec<String>, met, over| Attempt {
        met,
        over,
        played,
        explanation: words.join(" "),
        position: *game.position(),
        end: game.outcome().copied(),
    };
    for (i, m) in inputs.into_iter().enumerate() {
        words.clear();
        let before = *game.position();
        let detail = match m {
            Input::Agree => match game.agree_cycle() {
                Ok(_) => {
                    played.push(Played {
                        side: ME,
                        letter: '=',
                        detail: None,
                        text: "You and North agreed to stop the game.".into(),
                    });
                    words.push("You and North agreed to stop the game.".into());
                    None
                }
                Err(e) => {
                    words.push(format!("You cannot agree to stop here: {e}. Try again."));
                    return Ok(finish(&game, played, words, false, true));
                }
            },
            Input::Pit(mv) => match before.explain(mv, game.rules()) {
                Ok(d) => {
                    let text = describe(&before, &d, ME);
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
                Err(e) => {
                    words.push(illegal(e, mv));
                    words.push("Try again.".into());
                    return Ok(finish(&game, played, words, false, true));
                }
            },
        };
        let mut judged = verdict(step.goal, &game, detail.as_ref(), &before);
        let last = i + 1 == max;
        if judged.is_err() && !game.is_over() {
            if let Some(reply) = step.replies.get(i) {
                play_reply(&mut game, reply, &mut played, &mut words);
                if at_the_end(step.goal) {
                    judged = verdict(step.goal, &game, detail.as_ref(), &before);
                }
            }
        }
        if let Some(o) = game.outcome() {
            words.push(ending(o));
        }
        match judged {
            Ok(()) => {
                words.push(step.success.clone());
                return Ok(finish(&game, played, words, true, true));
            }
            Err(why) if last || game.is_over() => {
                words.push(why);
                words.push("Try again.".into());
                return Ok(finish(&game, played, words, false, true));
            }
            Err(_) => {}
        }
    }
    Ok(finish(&game, played, words, false, false))
}

/// Plays the opponent's scripted `reply`, or its first legal move if the script's is not
/// legal after the learner's moves.
fn play_reply(game: &mut Game, reply: &str, played: &mut Vec<Played>, words: &mut Vec<String>) {
    let before = *game.position();
    let scripted = reply
        .chars()
        .next()
        .and_then(Move::from_letter)
        .map(|(_, m)| m);
    let legal = game.legal_moves();
    let Some(m) = scripted
        .filter(|m| legal.contains(m))
        .or_else(|| legal.first().copied())
    else {
        return;
    };
    let Ok(d) = before.explain(m, game.rules()) else {
        return;
    };
    let text = describe(&before, &d, THEM);
    let _ = game.play(m);
    words.push(text.clone());
    played.push(Played {
        side: THEM,
        letter: m.letter(THEM),
        detail: Some(d),
        text,
    });
}
