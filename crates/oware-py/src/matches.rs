//! Matches between playing levels: pairs of games from the same random opening, one with each
//! colour, played in parallel.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use oware_core::ogn::Record;
use oware_core::{Game, Rules, Side};
use oware_engine::{choose_move_with, LevelSpec, Prober};
use rayon::prelude::*;

use crate::bulk::reason_code;
use crate::rng::{game_seed, Rng};

/// What [`play_match`] plays.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    /// The first player's level.
    pub a: LevelSpec,
    /// The second player's level.
    pub b: LevelSpec,
    /// Number of games; the first player is South in even-numbered games (from 0).
    pub games: usize,
    /// The rules.
    pub rules: Rules,
    /// Random plies from the start before the levels play (the same for games `2k` and
    /// `2k + 1`, so each opening is played once with each colour).
    pub opening_plies: usize,
    /// Multiplies the levels' time budgets.
    pub time_scale: f64,
    /// The run's seed (openings and the levels' random moves).
    pub seed: u64,
    /// Games played at once; 0 for one per core.
    pub concurrency: usize,
    /// Games still going after this many plies are stopped, unfinished.
    pub max_plies: usize,
    /// Endgame tables for the levels that use them.
    pub egdb: Option<Arc<Prober>>,
}

/// One game of a match.
#[derive(Debug, Clone)]
pub struct MatchGame {
    /// The side the first player had.
    pub a_side: Side,
    /// The game.
    pub game: Game,
}

impl MatchGame {
    /// The first player's points: 1 win, 0.5 draw or unfinished, 0 loss.
    pub fn a_points(&self) -> f64 {
        match self.game.outcome().map(|o| o.winner()) {
            Some(Some(s)) if s == self.a_side => 1.0,
            Some(Some(_)) => 0.0,
            _ => 0.5,
        }
    }

    /// The end reason's code (see [`crate::REASON_NAMES`]), or [`crate::UNFINISHED`].
    pub fn reason(&self) -> i8 {
        self.game.outcome().map_or(crate::UNFINISHED, reason_code)
    }

    /// The game as an OGN record, with the players' names.
    pub fn ogn(&self, a: &str, b: &str) -> String {
        let (south, north) = match self.a_side {
            Side::South => (a, b),
            Side::North => (b, a),
        };
        Record::from_game(&self.game, &[("South", south), ("North", north)]).to_string()
    }
}

/// A finished match.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// The games in order.
    pub games: Vec<MatchGame>,
}

impl MatchResult {
    /// The first player's wins, draws (and unfinished games) and losses.
    pub fn wdl(&self) -> (usize, usize, usize) {
        let mut wdl = (0, 0, 0);
        for g in &self.games {
            match g.game.outcome().map(|o| o.winner()) {
                Some(Some(s)) if s == g.a_side => wdl.0 += 1,
                Some(Some(_)) => wdl.2 += 1,
                _ => wdl.1 += 1,
            }
        }
        wdl
    }
}

fn play_game(options: &MatchOptions, index: usize, stop: &AtomicBool) -> MatchGame {
    let a_side = if index.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let mut game = Game::new(options.rules);
    let mut rng = Rng::new(game_seed(options.seed, (index / 2) as u64));
    while !game.is_over() && game.moves().len() < options.opening_plies {
        let legal = game.legal_moves();
        if game.play(legal[rng.below(legal.len())]).is_err() {
            break;
        }
    }
    let seed = game_seed(options.seed ^ 0x5eed, index as u64);
    while !game.is_over() && game.moves().len() < options.max_plies && !stop.load(Ordering::Relaxed)
    {
        let spec = if game.position().turn() == a_side {
            &options.a
        } else {
            &options.b
        };
        let Some(m) = choose_move_with(&game, spec, seed, options.time_scale, options.egdb.clone())
        else {
            break;
        };
        if game.play(m).is_err() {
            break;
        }
    }
    MatchGame { a_side, game }
}

/// Plays a match. The levels search with their own time limits (scaled), so unlike random
/// playouts the moves may differ from run to run; openings and random moves are seeded.
/// Once `stop` is set, each game ends before its next move (unfinished).
pub fn play_match(options: &MatchOptions, stop: &AtomicBool) -> Result<MatchResult, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.concurrency)
        .build()
        .map_err(|e| format!("cannot start the threads: {e}"))?;
    let games = pool.install(|| {
        (0..options.games)
            .into_par_iter()
            .map(|i| play_game(options, i, stop))
            .collect()
    });
    Ok(MatchResult { games })
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_engine::Level;

    #[test]
    fn colours_alternate_and_openings_pair_up() {
        let options = MatchOptions {
            a: *Level::Medium.spec(),
            b: *Level::Easy.spec(),
            games: 4,
            rules: Rules::ABAPA,
            opening_plies: 2,
            time_scale: 0.05,
            seed: 9,
            concurrency: 2,
            max_plies: 400,
            egdb: None,
        };
        let r = play_match(&options, &AtomicBool::new(false)).unwrap();
        assert_eq!(r.games.len(), 4);
        assert_eq!(r.games[0].a_side, Side::South);
        assert_eq!(r.games[1].a_side, Side::North);
        assert_eq!(r.games[0].game.moves()[..2], r.games[1].game.moves()[..2]);
        let (w, d, l) = r.wdl();
        assert_eq!(w + d + l, 4);
        assert!(r.games[0]
            .ogn("medium", "easy")
            .contains("[South \"medium\"]"));
    }
}
