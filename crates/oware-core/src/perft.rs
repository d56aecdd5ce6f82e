//! Perft: the number of leaves of the legal-move tree, the standard check of a move generator.
//!
//! A finished game (25 captured, 24–24, no move, or a cycle under the game's repetition rule) is a
//! leaf and is not expanded; positions reached by different move orders are counted separately.

use crate::{Game, Position, Rules};

/// Leaves and positions visited by a perft run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PerftCounts {
    /// Leaves of the tree cut at the depth.
    pub leaves: u64,
    /// Moves played to reach interior nodes and leaves (depth-1 nodes are counted in bulk and
    /// not played).
    pub nodes: u64,
}

impl std::ops::AddAssign for PerftCounts {
    fn add_assign(&mut self, o: PerftCounts) {
        self.leaves += o.leaves;
        self.nodes += o.nodes;
    }
}

/// Perft from the current position of `game`, whose history counts for cycles.
pub fn perft(game: &Game, depth: u32) -> PerftCounts {
    let mut counts = PerftCounts::default();
    if game.is_over() || depth == 0 {
        counts.leaves = 1;
        return counts;
    }
    let seeds = game.position().seeds_on_board();
    let mut path: Vec<Position> = game
        .positions()
        .iter()
        .rev()
        .take_while(|p| p.seeds_on_board() == seeds)
        .copied()
        .collect();
    path.reverse();
    let rules = *game.rules();
    walk(&mut path, 0, depth, &rules, &mut counts);
    counts
}

/// Counts below the last position of `path`; `path[floor..]` are the positions since the last
/// capture (only those can recur).
fn walk(path: &mut Vec<Position>, floor: usize, depth: u32, rules: &Rules, c: &mut PerftCounts) {
    let pos = *path.last().expect("path holds the current position");
    let moves = pos.legal_moves(rules);
    if moves.is_empty() {
        c.leaves += 1;
        return;
    }
    if depth == 1 {
        c.leaves += moves.len() as u64;
        return;
    }
    for &m in moves.iter() {
        let child = pos.play_unchecked(m, rules);
        c.nodes += 1;
        let child_floor = if child.seeds_on_board() != pos.seeds_on_board() {
            // A capture: no earlier position can recur.
            path.len()
        } else {
            if rules.repetition.is_cycle(&path[floor..], &child) {
                c.leaves += 1;
                continue;
            }
            floor
        };
        path.push(child);
        walk(path, child_floor, depth - 1, rules, c);
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_counts() {
        let g = Game::new(Rules::default());
        let leaves: Vec<u64> = (1..=5).map(|d| perft(&g, d).leaves).collect();
        assert_eq!(leaves, [6, 36, 190, 1014, 5219]);
    }
}
