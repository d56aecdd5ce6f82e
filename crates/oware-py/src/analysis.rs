//! A position's analysis, as `oware analyse` prints it: the best line, then every legal move
//! with its score and line.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use oware_core::{Game, Move};
use oware_engine::{Engine, Limits, Prober, MATE};

/// One legal move's analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// The move.
    pub mv: Move,
    /// Its score in centi-seeds from the mover's view (see `oware_engine`'s docs for proven
    /// results).
    pub score: i32,
    /// The depth searched after the move, plus one (0 when the move ends the game).
    pub depth: u32,
    /// The line, starting with the move.
    pub pv: Vec<Move>,
}

/// What [`analyse`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The best move, `None` when the game is over.
    pub best: Option<Move>,
    /// The score of the position in centi-seeds from the side to move's view.
    pub score: i32,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched for the best line.
    pub nodes: u64,
    /// The best line.
    pub pv: Vec<Move>,
    /// Every legal move, best first.
    pub moves: Vec<MoveAnalysis>,
}

/// Analyses the current position of `game` (its history counts for cycles) within `limits`:
/// one search for the best line, then one after each legal move.
pub fn analyse(
    game: &Game,
    limits: &Limits,
    hash_mb: usize,
    threads: usize,
    egdb: Option<Arc<Prober>>,
    stop: &AtomicBool,
) -> Result<Analysis, String> {
    let mut engine = Engine::try_new(hash_mb)
        .map_err(|e| format!("hash {hash_mb} MB: {e}; try a smaller size"))?;
    engine.set_threads(threads);
    engine.set_egdb(egdb);
    if game.is_over() {
        return Ok(Analysis {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            moves: Vec::new(),
        });
    }
    let me = game.position().turn();
    let r = engine.search(game, limits, stop, &mut |_| {});
    let mut moves = Vec::new();
    for &m in game.legal_moves().iter() {
        let mut g = game.clone();
        g.play(m).map_err(|e| e.to_string())?;
        let row = match g.outcome() {
            Some(o) => {
                let d = i32::from(o.scores[me].halves()) - i32::from(o.scores[me.other()].halves());
                MoveAnalysis {
                    mv: m,
                    score: d.signum() * (MATE - 1),
                    depth: 0,
                    pv: vec![m],
                }
            }
            None => {
                let child = engine.search(&g, limits, stop, &mut |_| {});
                let mut pv = vec![m];
                pv.extend(child.info.pv);
                MoveAnalysis {
                    mv: m,
                    score: -child.info.score,
                    depth: child.info.depth + 1,
                    pv,
                }
            }
        };
        moves.push(row);
    }
    moves.sort_by_key(|r| -r.score);
    Ok(Analysis {
        best: r.best,
        score: r.info.score,
        depth: r.info.depth,
        nodes: r.info.nodes,
        pv: r.info.pv,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{fen, Rules};

    #[test]
    fn a_winning_capture_is_found_and_scored_as_a_win() {
        // South's only move, F, sows into a (2 → 3) and captures 3 (not North's last seed, so no
        // grand slam): 27 seeds, a win.
        let pos = fen::parse("0-0-0-0-0-1-2-0-0-0-0-1-24-20-S").unwrap();
        let game = Game::from_position(pos, Rules::ABAPA);
        let a = analyse(
            &game,
            &Limits::depth(6),
            1,
            1,
            None,
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(a.best, Some(Move::new(5).unwrap()));
        assert_eq!(a.moves[0].mv, Move::new(5).unwrap());
        assert_eq!(a.moves.len(), 1);
        assert_eq!(a.moves[0].score, MATE - 1, "the move wins at once");
    }

    #[test]
    fn a_finished_game_has_no_moves() {
        let pos = fen::parse("0-0-0-0-0-0-0-0-0-0-0-0-25-23-S").unwrap();
        let game = Game::from_position(pos, Rules::ABAPA);
        let a = analyse(
            &game,
            &Limits::depth(4),
            1,
            1,
            None,
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(a.best, None);
        assert!(a.moves.is_empty());
    }
}
