//! Property tests: seeds are conserved, legality agrees everywhere, text forms round-trip, and
//! every rule variant plays random games to an end.

use oware_core::movetext::{self, MoveText};
use oware_core::ogn::{self, Record};
use oware_core::{fen, BySide, EndReason, Game, Move, Position, Rules, Setup, Side};
use proptest::prelude::*;

/// A valid position: each of the 48 seeds dropped in one of 12 pits or 2 stores.
fn position() -> impl Strategy<Value = Position> {
    (prop::collection::vec(0usize..14, 48), any::<bool>()).prop_map(|(slots, north)| {
        let mut counts = [0u8; 14];
        for s in slots {
            counts[s] += 1;
        }
        let mut pits = [0u8; 12];
        pits.copy_from_slice(&counts[..12]);
        Position::from_setup(&Setup {
            pits,
            stores: BySide::new(counts[12], counts[13]),
            turn: if north { Side::North } else { Side::South },
        })
        .unwrap()
    })
}

fn all_rules() -> Vec<Rules> {
    Rules::every().collect()
}

fn rules() -> impl Strategy<Value = Rules> {
    prop::sample::select(all_rules())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn seeds_are_conserved_and_legality_agrees(pos in position(), rules in rules()) {
        let legal = pos.legal_moves(&rules);
        for m in Move::ALL {
            prop_assert_eq!(pos.is_legal(m, &rules), legal.contains(&m));
            match pos.play(m, &rules) {
                Ok(next) => {
                    prop_assert!(legal.contains(&m));
                    let total = next.pits().iter().map(|&n| u32::from(n)).sum::<u32>()
                        + u32::from(next.store(Side::South)) + u32::from(next.store(Side::North));
                    prop_assert_eq!(total, 48);
                    prop_assert_eq!(next.turn(), pos.turn().other());
                    prop_assert!(next.store(pos.turn()) >= pos.store(pos.turn()));
                    let d = pos.explain(m, &rules).unwrap();
                    prop_assert_eq!(d.after, next);
                    prop_assert_eq!(d.sown.len(), usize::from(pos.pit(m.pit(pos.turn()))));
                }
                Err(_) => prop_assert!(!legal.contains(&m)),
            }
        }
        prop_assert_eq!(legal.is_empty(), pos.outcome(&rules).is_some());
    }

    #[test]
    fn flipping_mirrors_the_rules(pos in position(), rules in rules()) {
        let flipped = pos.flipped();
        prop_assert_eq!(flipped.flipped(), pos);
        // The flipped position is the same game seen from the other side: same moves, mirrored
        // results.
        let a = pos.legal_moves(&rules);
        let rot = pos.flipped();
        let b = rot.legal_moves(&rules);
        prop_assert_eq!(a, b);
        for &m in a.iter() {
            prop_assert_eq!(pos.play_unchecked(m, &rules).flipped(), rot.play_unchecked(m, &rules));
        }
    }

    #[test]
    fn position_text_round_trips(pos in position()) {
        let text = fen::write(&pos);
        prop_assert_eq!(fen::parse(&text).unwrap(), pos);
        prop_assert_eq!(text.parse::<Position>().unwrap(), pos);
    }

    #[test]
    fn move_text_round_trips(i in 0usize..6, north in any::<bool>(), cap in prop::option::of(0u8..=48)) {
        let side = if north { Side::North } else { Side::South };
        let m = MoveText { side, mv: Move::new(i).unwrap(), captured: cap };
        prop_assert_eq!(m.to_string().parse::<MoveText>().unwrap(), m);
        prop_assert_eq!(movetext::parse_list(&m.to_string()).unwrap(), vec![m]);
    }

    #[test]
    fn random_games_end_and_records_round_trip(seed in any::<u64>(), rules in rules()) {
        let mut rng = seed | 1;
        let mut game = Game::new(rules);
        let mut plies = 0;
        while !game.is_over() {
            rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
            let legal = game.legal_moves();
            let m = legal[(rng % legal.len() as u64) as usize];
            game.play(m).unwrap();
            plies += 1;
            prop_assert!(plies < 20_000, "game did not end");
        }
        let o = game.outcome().unwrap();
        let total = u32::from(o.scores.south.halves()) + u32::from(o.scores.north.halves());
        if o.reason == EndReason::Capture {
            // Abapa sweeps nothing once 25 are captured.
            prop_assert!(total <= 96 && o.scores.south.max(o.scores.north).halves() >= 50);
        } else {
            prop_assert_eq!(total, 96);
        }
        let rec = Record::from_game(&game, &[("Event", "proptest")]);
        let text = rec.to_string();
        let back = ogn::parse(&text).unwrap();
        prop_assert_eq!(&back, &rec);
        prop_assert_eq!(back.to_game().unwrap(), game);
    }
}
