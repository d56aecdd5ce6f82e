//! Ending a local game as a cycle by agreement: `e` proposes, the computer answers (made-up
//! engine reports, as in `screens.rs`) or the other person answers y/n, and the computer's own
//! proposal is answered by the person.

mod common;

use common::{config, no_tables, press, screen};
use oware_core::{fen, EndReason, Game, Rules, Side};
use oware_engine::Level;
use oware_tui::app::Tone;
use oware_tui::lang::tr;
use oware_tui::{App, Effect, EngineEvent, Opponent};

/// Two lone seeds chasing each other round the board: nobody can capture.
const CHASE: &str = "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S";

fn app(opponent: Opponent, text: &str) -> App {
    let game = Game::from_position(fen::parse(text).unwrap(), Rules::default());
    let mut app = App::new(config(), opponent, game, no_tables());
    app.start();
    app
}

fn vs_computer(text: &str) -> App {
    app(
        Opponent::Computer {
            level: Level::Medium,
            human: Side::South,
        },
        text,
    )
}

fn answer_request(fx: &[Effect]) -> u64 {
    match fx {
        [Effect::AnswerCycle {
            id,
            level: Level::Medium,
            side: Side::North,
            game,
        }] => {
            assert_eq!(game.position().to_string(), CHASE);
            *id
        }
        _ => panic!("the computer must be asked: {fx:?}"),
    }
}

#[test]
fn the_computer_accepts_a_proposal_and_the_game_ends_by_agreement() {
    let mut app = vs_computer(CHASE);
    let fx = press(&mut app, 'e');
    let id = answer_request(&fx);
    assert!(app
        .status
        .1
        .contains("each keeps their row: South 24, North 24"));
    assert!(screen(&app).contains(&tr("keys-cycle")));
    // Other keys wait for the answer.
    press(&mut app, '1');
    assert_eq!(app.game.moves().len(), 0);
    assert_eq!(app.status.0, Tone::Error);
    app.on_engine(EngineEvent::CycleAnswer { id, accept: true });
    let o = app.game.outcome().unwrap();
    assert_eq!(o.reason, EndReason::AgreedCycle);
    assert_eq!(o.winner(), None);
    assert_eq!(app.cycle_offer, None);
    let text = screen(&app);
    assert!(
        text.contains("agreed cycle: each keeps their row's seeds"),
        "{text}"
    );
    assert!(
        app.status.1.starts_with("The computer accepts"),
        "{:?}",
        app.status
    );
    assert!(app.record_text().contains("[Termination \"agreed-cycle\"]"));
}

#[test]
fn a_declined_proposal_is_said_and_play_goes_on() {
    let mut app = vs_computer(CHASE);
    let id = answer_request(&press(&mut app, 'e'));
    app.on_engine(EngineEvent::CycleAnswer { id, accept: false });
    assert!(!app.game.is_over());
    assert_eq!(app.cycle_offer, None);
    assert!(
        app.status.1.starts_with("The computer declines"),
        "{:?}",
        app.status
    );
    assert!(screen(&app).contains(&tr("keys-local")));
    // The person plays on.
    let fx = press(&mut app, '1');
    assert_eq!(app.game.moves().len(), 1);
    assert!(fx.iter().any(|f| matches!(f, Effect::Think { .. })));
}

#[test]
fn friends_answer_with_y_or_n() {
    let friend = || app(Opponent::Friend, CHASE);
    let mut a = friend();
    assert!(press(&mut a, 'e').is_empty());
    assert_eq!(a.cycle_offer, Some(Side::South));
    assert!(
        a.status.1.contains("North: y accept, n decline"),
        "{:?}",
        a.status
    );
    press(&mut a, 'y');
    assert_eq!(a.game.outcome().unwrap().reason, EndReason::AgreedCycle);
    assert!(a.status.1.starts_with("North accepts"), "{:?}", a.status);

    let mut b = friend();
    press(&mut b, 'e');
    press(&mut b, 'n');
    assert!(!b.game.is_over());
    assert_eq!(b.cycle_offer, None);
    assert!(b.status.1.starts_with("North declines"), "{:?}", b.status);
    // `n` answered the proposal: no rematch, the game is the same.
    assert_eq!(b.game.position().to_string(), CHASE);
}

#[test]
fn no_proposal_while_a_row_is_empty() {
    let mut a = app(Opponent::Friend, "0-0-0-0-3-4-0-0-0-0-0-0-20-21-S");
    assert!(press(&mut a, 'e').is_empty());
    assert_eq!(a.cycle_offer, None);
    assert_eq!(a.status.0, Tone::Error);
    assert!(
        a.status.1.contains("North's row is empty"),
        "{:?}",
        a.status
    );
}

#[test]
fn the_computer_proposes_and_the_person_answers() {
    // The person plays North: the computer (South) moves first and may propose.
    let mut app = app(
        Opponent::Computer {
            level: Level::Medium,
            human: Side::North,
        },
        CHASE,
    );
    let think = |fx: &[Effect]| match fx {
        [Effect::Think { id, propose, .. }] => (*id, *propose),
        _ => panic!("the computer must be asked to move: {fx:?}"),
    };
    let (id, propose) = think(&app.start());
    assert!(propose, "2 seeds on the board: it may propose");
    app.on_engine(EngineEvent::CycleProposal { id });
    assert_eq!(app.cycle_offer, Some(Side::South));
    assert!(!app.thinking);
    assert!(
        app.status.1.starts_with("The computer proposes"),
        "{:?}",
        app.status
    );
    // Declined: the computer moves instead, and does not propose again before a capture.
    let (id, propose) = think(&press(&mut app, 'n'));
    assert!(!propose);
    assert!(app.thinking);
    app.on_engine(EngineEvent::ComputerMove {
        id,
        mv: oware_core::Move::new(0),
    });
    let (id, propose) = think(&press(&mut app, '1'));
    assert!(!propose, "declined at these seeds");
    // A proposal accepted ends the game.
    app.cycle_declined = None;
    app.on_engine(EngineEvent::ComputerMove {
        id,
        mv: oware_core::Move::new(1),
    });
    let (id, propose) = think(&press(&mut app, '2'));
    assert!(propose);
    app.on_engine(EngineEvent::CycleProposal { id });
    press(&mut app, 'y');
    assert_eq!(app.game.outcome().unwrap().reason, EndReason::AgreedCycle);
    assert!(app.status.1.starts_with("You accept"), "{:?}", app.status);
}
