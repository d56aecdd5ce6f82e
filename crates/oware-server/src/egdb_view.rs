//! Endgame database values for the page: for each legal move, how many of the seeds now on the
//! board the mover ends up with under perfect play ("wins 14 of the 18 seeds").

use std::sync::Arc;

use oware_core::{Position, Rules, Side};

/// Something that knows exact endgame values: bounds `(lo, hi)` on the final difference (side to
/// move's seeds minus the opponent's) of the seeds on the board, or `None` when the position is
/// not covered.
pub trait Probe: Send + Sync {
    /// Bounds for `pos`, from the side to move's view.
    fn probe(&self, pos: &Position) -> Option<(i8, i8)>;
    /// The largest number of seeds on the board that is covered.
    fn max_seeds(&self) -> Option<u8>;
}

/// The endgame tables the server was started with, for one rule set.
#[derive(Clone)]
pub struct Tables {
    rules: Rules,
    probe: Arc<dyn Probe>,
    /// The same tables for the engine's searches (games under rules these tables are for).
    prober: Option<Arc<oware_engine::Prober>>,
    /// A background build filling the folder, if one was started.
    build: Option<Arc<oware_egdb::Background>>,
}

impl Tables {
    /// Tables for `rules` answered by `probe`.
    pub fn new(rules: Rules, probe: Arc<dyn Probe>) -> Tables {
        Tables {
            rules,
            probe,
            prober: None,
            build: None,
        }
    }

    /// Tables read from `egdb` (which a background build may be filling: new levels are used at
    /// once), for the page and the engine.
    pub fn from_egdb(egdb: Arc<oware_egdb::Egdb>) -> Tables {
        Tables {
            rules: *egdb.rules(),
            probe: Arc::clone(&egdb) as Arc<dyn Probe>,
            prober: Some(Arc::new(oware_engine::Prober::shared(egdb))),
            build: None,
        }
    }

    /// These tables with the background build that fills them.
    pub fn with_build(mut self, build: Arc<oware_egdb::Background>) -> Tables {
        self.build = Some(build);
        self
    }

    /// The prober for the engine's search of a game under `rules`, when these tables are for
    /// them (`abapa` tables serve `playstrategy` too: the repetition rule does not change them).
    pub fn prober_for(&self, rules: &Rules) -> Option<Arc<oware_engine::Prober>> {
        let same = oware_egdb::format::tag(rules) == oware_egdb::format::tag(&self.rules);
        self.prober.clone().filter(|_| same)
    }

    /// The tables' handle when they were read from a folder ([`Tables::from_egdb`]): what the
    /// page's levels are read from (`egdb_files`).
    pub fn egdb(&self) -> Option<Arc<oware_egdb::Egdb>> {
        self.prober.as_ref().map(|p| Arc::clone(p.egdb()))
    }

    /// What `/api/health` says about the tables: the levels available and the build's state.
    pub fn health(&self) -> oware_protocol::EgdbHealth {
        let build = self.build.as_ref().map(|b| b.status());
        oware_protocol::EgdbHealth {
            rules: self.rules.to_string(),
            max_seeds: self.max_seeds(),
            building: build.as_ref().is_some_and(|b| !b.is_finished()),
            target: build.as_ref().map(|b| b.target),
            status: build.as_ref().map(|b| b.to_string()),
        }
    }

    /// The rules the tables were built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The largest covered seed count.
    pub fn max_seeds(&self) -> Option<u8> {
        self.probe.max_seeds()
    }
}

impl Probe for oware_egdb::Egdb {
    fn probe(&self, pos: &Position) -> Option<(i8, i8)> {
        match oware_egdb::Egdb::probe(self, pos) {
            Ok(Some(b)) => Some((b.lo, b.hi)),
            _ => None,
        }
    }

    fn max_seeds(&self) -> Option<u8> {
        oware_egdb::Egdb::max_seeds(self)
    }
}

/// The database value of one move (the protocol's type).
pub use oware_protocol::PitValue;

fn halves_text(h: u8) -> String {
    if h.is_multiple_of(2) {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}

/// The value of every legal move of `pos` under `rules`, or `None` when the tables do not cover
/// every one of them (or were built for other rules).
pub fn pit_values(tables: &Tables, pos: &Position, rules: &Rules) -> Option<Vec<PitValue>> {
    if *rules != tables.rules {
        return None;
    }
    let n = pos.seeds_on_board();
    if tables.max_seeds().is_none_or(|m| n > m) {
        return None;
    }
    let mover: Side = pos.turn();
    let legal = pos.legal_moves(rules);
    if legal.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for &m in legal.iter() {
        let after = pos.play_unchecked(m, rules);
        let captured = after.store(mover) - pos.store(mover);
        let (lo, hi) = match after.outcome(rules) {
            Some(o) => {
                // Final scores are whole game scores: take away what the mover had before.
                let h = o.scores[mover]
                    .halves()
                    .saturating_sub(2 * pos.store(mover));
                (h, h)
            }
            None => {
                let (dlo, dhi) = tables.probe.probe(&after)?;
                let rest = i16::from(after.seeds_on_board());
                // The opponent's difference d over `rest` seeds gives the mover (rest - d) / 2.
                let lo = 2 * i16::from(captured) + rest - i16::from(dhi);
                let hi = 2 * i16::from(captured) + rest - i16::from(dlo);
                (
                    u8::try_from(lo.clamp(0, 2 * i16::from(n))).ok()?,
                    u8::try_from(hi.clamp(0, 2 * i16::from(n))).ok()?,
                )
            }
        };
        // "of the 2 seeds", and "of the 1 seed" when one is left.
        let seeds = crate::text::count(u64::from(n), "seed");
        let text = if lo == hi {
            format!("wins {} of the {seeds}", halves_text(lo))
        } else {
            format!(
                "wins {} to {} of the {seeds}",
                halves_text(lo),
                halves_text(hi)
            )
        };
        out.push(PitValue {
            letter: m.letter(mover),
            pit: m.index(),
            lo_halves: lo,
            hi_halves: hi,
            text,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::fen;

    /// Exact values by brute force (no cycles in these tiny positions' short horizon).
    struct Brute;

    /// The final difference (mover minus opponent) of the seeds on the board, by minimax.
    fn best_diff(pos: &Position, rules: &Rules, depth: u32) -> i8 {
        let n = pos.seeds_on_board() as i8;
        if let Some(o) = pos.outcome(rules) {
            let me = pos.turn();
            let mine = (o.scores[me].halves() / 2) as i8 - pos.store(me) as i8;
            return 2 * mine - n;
        }
        if depth == 0 {
            return 0;
        }
        pos.legal_moves(rules)
            .iter()
            .map(|&m| {
                let after = pos.play_unchecked(m, rules);
                let captured = (after.store(pos.turn()) - pos.store(pos.turn())) as i8;
                captured - best_diff(&after, rules, depth - 1)
            })
            .max()
            .unwrap_or(0)
    }

    impl Probe for Brute {
        fn probe(&self, pos: &Position) -> Option<(i8, i8)> {
            let d = best_diff(pos, &Rules::ABAPA, 12);
            Some((d, d))
        }
        fn max_seeds(&self) -> Option<u8> {
            Some(6)
        }
    }

    #[test]
    fn values_add_up() {
        let tables = Tables::new(Rules::ABAPA, Arc::new(Brute));
        // South: one seed in F; North: one seed in a. 46 seeds captured.
        let pos = fen::parse("0-0-0-0-0-1-1-0-0-0-0-0-23-23-S").unwrap();
        let v = pit_values(&tables, &pos, &Rules::ABAPA).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].letter, 'F');
        assert!(v[0].lo_halves <= v[0].hi_halves && v[0].hi_halves <= 4);
        assert!(v[0].text.ends_with("of the 2 seeds"), "{}", v[0].text);
        // One seed left: "of the 1 seed", not "of the 1 seeds".
        let one = fen::parse("0-0-0-0-0-1-0-0-0-0-0-0-23-24-S").unwrap();
        let v = pit_values(&tables, &one, &Rules::ABAPA).unwrap();
        assert!(v[0].text.ends_with("of the 1 seed"), "{}", v[0].text);
        // Not covered: too many seeds.
        assert!(pit_values(&tables, &Position::start(), &Rules::ABAPA).is_none());
        // Other rules: not covered.
        assert!(pit_values(&tables, &pos, &Rules::AWARI).is_none());
    }
}
