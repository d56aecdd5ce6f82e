//! The built-in lessons: every file reads, every step's intended solution meets its goal
//! through the rules core, and every step's listed wrong move misses it with an explanation.

use oware_lessons::{check, files, lessons, parse, Goal, RESERVED_IDS};

#[test]
fn every_file_reads_and_is_well_formed() {
    assert_eq!(lessons().len(), files().len(), "a lesson file did not read");
    for (file, text) in files() {
        let lesson = parse(file, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(!lesson.intro.trim().is_empty(), "{file}: no intro");
    }
    let mut ids: Vec<&str> = lessons().iter().map(|l| l.id.as_str()).collect();
    ids.dedup();
    assert_eq!(ids.len(), lessons().len(), "two lessons share a name");
}

#[test]
fn every_solution_meets_its_goal() {
    for lesson in lessons() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let at = format!("{} step {}", lesson.id, i + 1);
            // Move by move: before the last the step goes on, the last one meets the goal.
            for k in 1..step.solution.len() {
                let partial = check(step, &step.solution[..k]).unwrap();
                assert!(
                    !partial.over,
                    "{at}: over after {k} moves: {}",
                    partial.explanation
                );
            }
            let done = check(step, &step.solution).unwrap();
            assert!(done.met && done.over, "{at}: {}", done.explanation);
            assert!(done.explanation.contains(step.success.as_str()), "{at}");
        }
    }
}

#[test]
fn every_wrong_move_is_explained() {
    for lesson in lessons() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let at = format!("{} step {}", lesson.id, i + 1);
            let mut moves = vec![step.wrong.clone()];
            // A step of several moves: the wrong first move, then the rest of the solution.
            moves.extend(step.solution.iter().skip(1).cloned());
            let mut tried = check(step, &moves[..1]).unwrap();
            if !tried.over && !tried.illegal {
                tried = check(step, &moves).unwrap();
            }
            if tried.illegal {
                // A pit that cannot be played: explained, and not counted as a try.
                assert!(!tried.over && tried.explanation.len() > 40, "{at}");
                continue;
            }
            assert!(
                !tried.met && tried.over,
                "{at}: the wrong move is not wrong"
            );
            assert!(
                tried.explanation.contains("Try again") && tried.explanation.len() > 40,
                "{at}: {}",
                tried.explanation
            );
            assert!(!tried.explanation.contains(step.success.as_str()), "{at}");
        }
    }
}

#[test]
fn illegal_moves_are_explained_and_bad_input_refused() {
    let feed = &lessons()[3].steps[0];
    assert_eq!(feed.goal, Goal::Feed);
    // A pit that cannot be played is explained and not counted: the step goes on from the
    // same position (a tap on an empty pit costs no try).
    let a = check(feed, &["A".into()]).unwrap();
    assert!(!a.met && !a.over && a.illegal && a.played.is_empty());
    assert_eq!(a.position, feed.start());
    assert!(a.explanation.contains("must"), "{}", a.explanation);
    let empty = check(feed, &["3".into()]).unwrap();
    assert!(empty.illegal && !empty.over);
    assert!(empty.explanation.contains("empty"), "{}", empty.explanation);
    let solved = check(feed, &feed.solution).unwrap();
    assert!(solved.met && !solved.illegal);
    assert!(check(feed, &["Z".into()]).is_err());
    assert!(check(feed, &["F".into(), "A".into()]).is_err());
}

#[test]
fn the_counting_sums() {
    let start = oware_core::Position::start();
    let c = oware_lessons::count(&start, 2).unwrap();
    assert_eq!((c.landing, c.seeds), ('a', 5));
    let twelve: oware_core::Position = "1-1-1-1-0-12-3-3-3-3-3-3-7-7-S".parse().unwrap();
    let c = oware_lessons::count(&twelve, 5).unwrap();
    assert_eq!((c.landing, c.seeds), ('a', 5));
    assert!(oware_lessons::count(&twelve, 4).is_none());
}

/// Every lesson and every step has its words in English, French, German and Portuguese (the
/// files are read in each), the translations are not the English left in place, and the
/// explanations of the moves come in the step's language: the solution's success, a wrong
/// move's "try again", all from the catalogue.
#[test]
fn every_step_has_its_text_in_all_four_languages() {
    use oware_lessons::{lessons_in, Lang};
    let english = lessons_in(Lang::En);
    for lang in Lang::ALL {
        let lessons = lessons_in(lang);
        assert_eq!(
            lessons.len(),
            files().len(),
            "{}: a lesson did not read",
            lang.code()
        );
        for (l, en) in lessons.iter().zip(english) {
            assert_eq!(l.id, en.id);
            assert_eq!(l.steps.len(), en.steps.len());
            assert!(!l.title.trim().is_empty() && !l.intro.trim().is_empty());
            if lang != Lang::En {
                assert_ne!(
                    l.intro,
                    en.intro,
                    "{} {}: the intro is English",
                    lang.code(),
                    l.id
                );
            }
            for (i, (s, e)) in l.steps.iter().zip(&en.steps).enumerate() {
                let at = format!("{} {} step {}", lang.code(), l.id, i + 1);
                assert_eq!(s.lang, lang, "{at}");
                for (name, text, eng) in [
                    ("title", &s.title, &e.title),
                    ("text", &s.text, &e.text),
                    ("task", &s.task, &e.task),
                    ("hint", &s.hint, &e.hint),
                    ("success", &s.success, &e.success),
                ] {
                    assert!(!text.trim().is_empty(), "{at}: no {name}");
                    if lang != Lang::En && name != "title" {
                        assert_ne!(text, eng, "{at}: the {name} is English");
                    }
                }
                assert_eq!(
                    (&s.position, &s.solution),
                    (&e.position, &e.solution),
                    "{at}"
                );
                let done = check(s, &s.solution).unwrap();
                assert!(
                    done.met && done.explanation.contains(s.success.as_str()),
                    "{at}"
                );
                let wrong = check(s, std::slice::from_ref(&s.wrong)).unwrap();
                let again = oware_i18n::tr(lang, "learn-try-again");
                if wrong.over {
                    assert!(
                        wrong.explanation.contains(&again),
                        "{at}: {}",
                        wrong.explanation
                    );
                }
                if lang != Lang::En {
                    assert!(
                        !wrong.explanation.contains("Try again"),
                        "{at}: {}",
                        wrong.explanation
                    );
                    for played in &done.played {
                        assert!(
                            !played.text.contains("You sowed")
                                && !played.text.contains("North sowed"),
                            "{at}: {}",
                            played.text
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_lesson_cannot_take_a_routes_name() {
    let (file, text) = files()[0];
    parse(file, text).expect("the first lesson reads");
    for id in RESERVED_IDS {
        let e = parse(&format!("01-{id}.toml"), text).unwrap_err();
        assert!(e.to_string().contains("route"), "{e}");
    }
}

/// The first reading of every move of every step, in every language, is short (the details
/// are the explanation, shown on demand): the solution's move by move, a wrong move's, and
/// an illegal move's.
#[test]
fn the_first_reading_is_short() {
    use oware_lessons::{lessons_in, Lang, SUMMARY_WORDS};
    for lang in Lang::ALL {
        for l in lessons_in(lang) {
            for (i, s) in l.steps.iter().enumerate() {
                let at = format!("{} {} step {}", lang.code(), l.id, i + 1);
                let mut tries: Vec<Vec<String>> = (1..=s.solution.len())
                    .map(|k| s.solution[..k].to_vec())
                    .collect();
                tries.push(vec![s.wrong.clone()]);
                tries.extend(["A", "B", "C", "D", "E", "F"].map(|m| vec![m.to_string()]));
                for moves in tries {
                    let a = check(s, &moves).unwrap();
                    let words = a.summary.split_whitespace().count();
                    assert!(
                        words > 0 && words <= SUMMARY_WORDS,
                        "{at} {moves:?}: {words} words: {}",
                        a.summary
                    );
                }
            }
        }
    }
}

/// A miss explained by the opponent's captures names each capturing reply with its own
/// seeds, as the rules core counts them (two replies of 2 are not "4 seeds").
#[test]
fn each_threat_is_counted_on_its_own() {
    for l in lessons() {
        for s in l.steps.iter().filter(|s| s.goal == Goal::SafeFromCapture) {
            let a = check(s, std::slice::from_ref(&s.wrong)).unwrap();
            let rules = oware_core::Rules::ABAPA;
            let mut found = 0;
            for &m in a.position.legal_moves(&rules).iter() {
                let d = a.position.explain(m, &rules).unwrap();
                if d.captured > 0 {
                    found += 1;
                    let said = format!(
                        "{} would take {} seed",
                        m.letter(oware_core::Side::North),
                        d.captured
                    );
                    assert!(
                        a.summary.contains(&said),
                        "{}: {said:?} in {}",
                        l.id,
                        a.summary
                    );
                }
            }
            assert!(found > 0, "{}: the wrong move leaves no capture", l.id);
        }
    }
}

/// A hint that names the button to agree names it as the page shows it.
#[test]
fn the_agree_hint_names_the_button() {
    use oware_lessons::{lessons_in, Lang};
    for lang in Lang::ALL {
        let button = oware_i18n::tr(lang, "learn-agree-button");
        for l in lessons_in(lang) {
            for s in l.steps.iter().filter(|s| s.goal == Goal::AgreeCycle) {
                assert!(
                    s.hint.contains(&format!("\u{201c}{button}\u{201d}"))
                        || s.hint.contains(&format!("«\u{a0}{button}\u{a0}»"))
                        || s.hint.contains(&format!("„{button}“"))
                        || s.hint.contains(&format!("«{button}»")),
                    "{}: the hint names the button {button:?} in quotes: {}",
                    lang.code(),
                    s.hint
                );
            }
        }
    }
}

/// After the move that ends the game, the board shows the final score: the stores hold what
/// the explanation says.
#[test]
fn the_board_at_the_end_shows_the_final_score() {
    for l in lessons() {
        for s in &l.steps {
            let a = check(s, &s.solution).unwrap();
            if let Some(o) = a.end {
                use oware_core::Side;
                assert_eq!(
                    (
                        u32::from(a.position.store(Side::South)) * 2,
                        u32::from(a.position.store(Side::North)) * 2
                    ),
                    (
                        u32::from(o.scores[Side::South].halves()),
                        u32::from(o.scores[Side::North].halves())
                    ),
                    "{}: {}",
                    l.id,
                    a.explanation
                );
            }
        }
    }
}
