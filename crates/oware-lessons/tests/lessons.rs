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
            if !tried.over {
                tried = check(step, &moves).unwrap();
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
    let a = check(feed, &["A".into()]).unwrap();
    assert!(!a.met && a.over && a.played.is_empty());
    assert!(a.explanation.contains("must"), "{}", a.explanation);
    let empty = check(feed, &["3".into()]).unwrap();
    assert!(empty.explanation.contains("empty"), "{}", empty.explanation);
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
