//! The rules of online play, step by step.

use super::offers::OFFER_COOLDOWN_MS;
use super::*;
use oware_core::{Game, Move, Rules, Side};

fn playing(clock: Option<TimeControl>) -> Online {
    let mut o = Online::new(Side::South, "A".into(), "ta".into(), clock, true, 0);
    o.join(None, "B".into(), "tb".into(), 0).unwrap();
    o
}

fn play(o: &mut Online, g: &mut Game, pit: usize, now: u64) {
    let mover = g.position().turn();
    g.play(Move::new(pit).unwrap()).unwrap();
    o.after_move(mover, g, now);
}

#[test]
fn the_clock_starts_after_both_moved_and_charges_with_increment() {
    let tc = TimeControl {
        initial_s: 60,
        increment_s: 2,
    };
    let mut o = playing(Some(tc));
    let mut g = Game::new(Rules::default());
    play(&mut o, &mut g, 0, 1_000);
    assert_eq!(o.clock.as_ref().unwrap().running, None);
    play(&mut o, &mut g, 0, 5_000);
    let c = o.clock.as_ref().unwrap();
    assert_eq!(
        (c.running, c.south_ms, c.north_ms),
        (Some(Side::South), 60_000, 60_000)
    );
    play(&mut o, &mut g, 1, 15_000);
    let c = o.clock.as_ref().unwrap();
    assert_eq!((c.running, c.south_ms), (Some(Side::North), 52_000));
    assert!(!o.check_flag(15_000 + 59_999));
    assert!(o.check_flag(15_000 + 60_000));
    assert_eq!(
        (o.end.map(EndReason::name), o.winner),
        (Some("time"), Some(Side::South))
    );
}

#[test]
fn a_draw_offer_lapses_when_the_offerer_moves_and_cannot_be_accepted_after() {
    let mut o = playing(None);
    let mut g = Game::new(Rules::default());
    o.draw(Side::South, OfferAction::Offer, 0).unwrap();
    play(&mut o, &mut g, 0, 0);
    assert_eq!(o.draw_offer, None);
    let e = o.draw(Side::North, OfferAction::Accept, 0).unwrap_err();
    assert_eq!(e.code, "no-offer");
    let e = o.draw(Side::South, OfferAction::Accept, 0).unwrap_err();
    assert_eq!(e.code, "no-offer");
}

#[test]
fn a_claim_before_both_moved_aborts_and_absence_counts_from_the_join() {
    // The creator left an hour before anyone joined; the joiner claims at once.
    let mut o = Online::new(Side::South, "A".into(), "ta".into(), None, true, 0);
    o.join(None, "B".into(), "tb".into(), 3_600_000).unwrap();
    let g = Game::new(Rules::default());
    let gone_since_creation = Some(3_600_000);
    let e = o
        .claim(
            Side::North,
            Claim::Win,
            &g,
            gone_since_creation,
            60_000,
            3_600_000,
        )
        .unwrap_err();
    assert_eq!(e.code, "cannot-claim", "{e}");
    assert_eq!(o.status, Status::Playing);
    // A minute after the join: allowed, but nobody has moved: aborted, no result.
    o.claim(
        Side::North,
        Claim::Win,
        &g,
        Some(3_660_000),
        60_000,
        3_660_000,
    )
    .unwrap();
    assert_eq!(o.status, Status::Aborted);
    assert_eq!(
        (o.end.map(EndReason::name), o.winner),
        (Some("aborted"), None)
    );
    assert_eq!(o.result_tag(), Some("*"));
}

#[test]
fn a_claim_after_both_moved_wins_by_abandon() {
    let mut o = playing(None);
    let mut g = Game::new(Rules::default());
    play(&mut o, &mut g, 0, 1_000);
    play(&mut o, &mut g, 0, 2_000);
    // South to move and away since 2 s; North claims after the 60 s delay.
    let e = o
        .claim(Side::North, Claim::Win, &g, Some(30_000), 60_000, 32_000)
        .unwrap_err();
    assert_eq!(e.code, "cannot-claim");
    o.claim(Side::North, Claim::Win, &g, Some(60_000), 60_000, 62_000)
        .unwrap();
    assert_eq!(
        (o.status, o.end.map(EndReason::name), o.winner),
        (Status::Over, Some("abandon"), Some(Side::North))
    );
}

#[test]
fn an_offer_declined_or_withdrawn_cannot_be_made_again_during_the_cool_down() {
    let mut o = playing(None);
    let mut g = Game::new(Rules::default());
    play(&mut o, &mut g, 0, 0);
    play(&mut o, &mut g, 0, 0);
    o.draw(Side::South, OfferAction::Offer, 1_000).unwrap();
    o.draw(Side::North, OfferAction::Decline, 2_000).unwrap();
    let e = o.draw(Side::South, OfferAction::Offer, 3_000).unwrap_err();
    assert_eq!(
        (e.kind, e.code),
        (OnlineErrorKind::TooSoon, "offer-too-soon")
    );
    assert_eq!(e.retry_after_s, 29, "{e}");
    assert_eq!(o.draw_offer, None, "the refused offer changed nothing");
    // The other side was not refused anything, and another kind of offer is free.
    o.draw(Side::North, OfferAction::Offer, 3_000).unwrap();
    o.draw(Side::North, OfferAction::Withdraw, 3_500).unwrap();
    assert_eq!(
        o.draw(Side::North, OfferAction::Offer, 4_000)
            .unwrap_err()
            .code,
        "offer-too-soon"
    );
    assert!(o
        .takeback(Side::South, OfferAction::Offer, &g, 4_000)
        .is_ok());
    // Once the cool-down has run: allowed again.
    o.draw(Side::South, OfferAction::Offer, 2_000 + OFFER_COOLDOWN_MS)
        .unwrap();
    assert_eq!(o.draw_offer, Some(Side::South));
    // Stored with the game: a reload keeps it.
    let back: Online = serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
    assert_eq!(back.cooldowns, o.cooldowns);
}

#[test]
fn a_rematch_offer_declined_cools_down_too() {
    let mut o = playing(None);
    o.resign(Side::South, 0).unwrap();
    assert!(!o.rematch(Side::South, OfferAction::Offer, 0).unwrap());
    assert!(!o.rematch(Side::North, OfferAction::Decline, 10).unwrap());
    let e = o.rematch(Side::South, OfferAction::Offer, 20).unwrap_err();
    assert_eq!(e.code, "offer-too-soon");
    assert!(!o
        .rematch(Side::South, OfferAction::Offer, 10 + OFFER_COOLDOWN_MS)
        .unwrap());
}

#[test]
fn absurd_clocks_are_refused() {
    for (i, inc) in [
        (0.0, 0.0),
        (10_801.0, 0.0),
        (300.0, 181.0),
        (-5.0, 0.0),
        (1.5, 0.0),
        (f64::NAN, 0.0),
    ] {
        let e = TimeControl::checked(Some(i), Some(inc), 30).unwrap_err();
        assert_eq!(e.code, "bad-clock", "{i}+{inc}");
    }
    assert!(TimeControl::checked(Some(300.0), Some(3.0), 30).is_ok());
}

#[test]
fn a_cycle_is_agreed_while_both_rows_hold_seeds_and_lapses_with_a_move() {
    use oware_core::fen;
    // North's row is empty: proposing and accepting are refused, nothing changes.
    let mut o = playing(None);
    let start = fen::parse("0-0-0-0-3-4-0-0-0-0-0-0-20-21-S").unwrap();
    let mut g = Game::from_position(start, Rules::default());
    let e = o
        .cycle(Side::South, OfferAction::Offer, &mut g, 0)
        .unwrap_err();
    assert_eq!(e.code, "cannot-agree-cycle");
    assert!(e.message.contains("both rows hold seeds"), "{}", e.message);
    assert_eq!((o.cycle_offer, g.is_over()), (None, false));

    // Both rows hold seeds: proposed, lapsed by a move, proposed again and accepted.
    let mut o = playing(None);
    let start = fen::parse("0-0-0-0-3-4-1-0-2-0-0-0-18-20-S").unwrap();
    let mut g = Game::from_position(start, Rules::default());
    o.cycle(Side::North, OfferAction::Offer, &mut g, 0).unwrap();
    assert_eq!(o.cycle_offer, Some(Side::North));
    play(&mut o, &mut g, 4, 10);
    assert_eq!(o.cycle_offer, None, "a move withdraws it");
    o.cycle(Side::South, OfferAction::Offer, &mut g, 20)
        .unwrap();
    let before = *g.position();
    o.cycle(Side::North, OfferAction::Accept, &mut g, 30)
        .unwrap();
    assert_eq!(o.status, Status::Over);
    assert_eq!(o.end, Some(EndReason::AgreedCycle));
    let out = g.outcome().unwrap();
    let split = |side: Side| oware_core::Score::seeds(before.row_seeds(side) + before.store(side));
    assert_eq!(
        (out.scores.south, out.scores.north),
        (split(Side::South), split(Side::North))
    );
    assert!(o.result_tag().is_none(), "the score is the result");
}

#[test]
fn a_clocked_game_whose_first_moves_are_not_made_in_time_is_aborted() {
    let tc = TimeControl {
        initial_s: 180,
        increment_s: 2,
    };
    // Nobody moves: aborted FIRST_MOVE_MS after the start, no result.
    let mut o = Online::new(Side::South, "A".into(), "ta".into(), Some(tc), true, 0);
    o.join(None, "B".into(), "tb".into(), 5_000).unwrap();
    assert_eq!(o.time_deadline(), Some(5_000 + FIRST_MOVE_MS));
    assert!(!o.check_flag(5_000 + FIRST_MOVE_MS - 1));
    assert!(o.check_flag(5_000 + FIRST_MOVE_MS));
    assert_eq!(
        (o.status, o.end.map(EndReason::name), o.winner),
        (Status::Aborted, Some("aborted"), None)
    );
    assert_eq!(o.time_deadline(), None);

    // South moves in time: North's first move counts from South's.
    let mut o = playing(Some(tc));
    let mut g = Game::new(Rules::default());
    play(&mut o, &mut g, 0, 20_000);
    assert_eq!(o.time_deadline(), Some(20_000 + FIRST_MOVE_MS));
    assert!(!o.check_flag(20_000 + FIRST_MOVE_MS - 1));
    play(&mut o, &mut g, 0, 20_000 + FIRST_MOVE_MS - 1);
    // Both moved: the clock runs and only the flag ends the game.
    assert_eq!(o.first_move_deadline(), None);
    assert!(!o.check_flag(20_000 + 2 * FIRST_MOVE_MS));
    assert_eq!(o.status, Status::Playing);

    // Correspondence clocks and games without a clock wait for their first moves.
    let mut o = playing(Some(TimeControl::correspondence(3.0).unwrap()));
    assert_eq!(o.first_move_deadline(), None);
    assert!(!o.check_flag(FIRST_MOVE_MS * 1000));
    let mut o = playing(None);
    assert!(!o.check_flag(FIRST_MOVE_MS * 1000));
}
