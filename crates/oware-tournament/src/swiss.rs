//! A Swiss tournament: players, rounds, results, and the pairing of each round.

use std::fmt;

use crate::standings::{standings, BoardResult, Entrant, PlayedGame, Standing};
use crate::PlayerId;

/// Points for a bye.
pub const BYE_POINTS: f64 = 1.0;
/// The pairing search's budget, in steps, before it gives up avoiding rematches.
const PAIRING_BUDGET: u32 = 200_000;

/// What a player who joins after the first round gets for the rounds they missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LateJoin {
    /// Nothing: they start on 0 points.
    Zero,
    /// Half a point for each missed round (a "half-point bye" per round); these do not use
    /// up the player's one bye.
    HalfPointPerRound,
}

/// One game of a round. South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    /// The player who moves first.
    pub south: PlayerId,
    /// The other player.
    pub north: PlayerId,
    /// The result, once the game has ended.
    pub result: Option<BoardResult>,
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Round {
    /// The round's number, 1 first.
    pub number: u32,
    /// The games, board 1 (the highest standing) first.
    pub boards: Vec<Board>,
    /// The player with the bye ([`BYE_POINTS`]), if the number of players was odd.
    pub bye: Option<PlayerId>,
}

impl Round {
    /// Whether every game of the round has a result.
    pub fn is_complete(&self) -> bool {
        self.boards.iter().all(|b| b.result.is_some())
    }
}

/// Why a player could not join.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// The player is already in the tournament.
    AlreadyJoined,
    /// Every round has been paired.
    Finished,
}

impl fmt::Display for JoinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JoinError::AlreadyJoined => "already in the tournament",
            JoinError::Finished => "the tournament has no rounds left to join",
        })
    }
}

impl std::error::Error for JoinError {}

/// Why a player could not withdraw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithdrawError {
    /// The player is not in the tournament.
    NotJoined,
    /// The player has already withdrawn.
    AlreadyWithdrawn,
}

impl fmt::Display for WithdrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WithdrawError::NotJoined => "not in the tournament",
            WithdrawError::AlreadyWithdrawn => "already withdrawn",
        })
    }
}

impl std::error::Error for WithdrawError {}

/// Why the next round could not be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairError {
    /// A game of the current round has no result yet.
    RoundInProgress,
    /// Every round has been paired.
    Finished,
    /// Fewer than two players are left to pair.
    TooFewPlayers,
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PairError::RoundInProgress => "the current round has games in progress",
            PairError::Finished => "every round has been paired",
            PairError::TooFewPlayers => "fewer than two players to pair",
        })
    }
}

impl std::error::Error for PairError {}

/// Why a result could not be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// No such round.
    NoSuchRound,
    /// The round has no game with that player as South.
    NoSuchBoard,
    /// The game already has a result.
    AlreadyRecorded,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RecordError::NoSuchRound => "no such round",
            RecordError::NoSuchBoard => "no game with that player as south in the round",
            RecordError::AlreadyRecorded => "the game already has a result",
        })
    }
}

impl std::error::Error for RecordError {}

/// A player of a Swiss tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SwissPlayer {
    /// The player.
    pub id: PlayerId,
    /// Their rating at joining: the pairing order within equal points.
    pub rating: i32,
    /// The first round they could be paired in (1 for those who joined before the start).
    pub first_round: u32,
    /// Whether they withdrew: no longer paired, their results stand.
    pub withdrawn: bool,
}

/// A Swiss tournament of a fixed number of rounds: plain data in, pairings and standings
/// out; the caller stores it and drives it.
///
/// # The pairing system
///
/// A simpler Swiss than FIDE's Dutch system (`docs/tournaments.md` says more):
///
/// 1. The players to pair are those joined and not withdrawn, in order of points, then
///    rating (higher first), then id.
/// 2. With an odd number, the lowest in that order who has not had a bye gets it
///    ([`BYE_POINTS`], at most one per player; a second bye only when every player has had
///    one), provided the others can still be paired without rematches; otherwise the next
///    one up.
/// 3. Score groups are paired from the top. A group takes the players floated down from the
///    group above first; each of these meets the highest player of the group they have not
///    met. The rest of the group is split into a top half and a bottom half, and the top
///    half's players meet the bottom half's in order (1st–1st, 2nd–2nd…), with the bottom
///    half's order changed when that avoids a rematch (Dutch "transpositions"; then pairs
///    within a half, like Dutch "exchanges"). If the group has an odd number, or cannot be
///    paired without a rematch, its lowest players float down to the next group, as few as
///    possible. No two players meet twice while any pairing avoids it; the whole pairing
///    is searched again with a later choice whenever a lower group cannot be paired.
/// 4. Sides: South (who moves first) goes to the player who has had North more often;
///    when equal, to the one who had North in the latest round where their sides differed;
///    when their histories are the same, the higher player gets the side opposite to their
///    last one; in a first game, the higher player is South on odd boards and North on
///    even ones.
///
/// Known differences from the Dutch system: no absolute colour criteria (Dutch forbids the
/// same colour three times running and a colour difference above two; here sides are a
/// preference, never a reason to change the pairing); colour preferences do not choose
/// between transpositions; floaters are the lowest of the group, not chosen by Dutch's
/// float history; board 1's colour in round 1 is fixed (South) rather than drawn by lot;
/// a bye is given before the groups are paired rather than as part of the last group.
/// For the same input the pairing is always the same.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Swiss {
    total_rounds: u32,
    late_join: LateJoin,
    players: Vec<SwissPlayer>,
    rounds: Vec<Round>,
}

impl Swiss {
    /// A tournament of `total_rounds` rounds with no players yet.
    pub fn new(total_rounds: u32, late_join: LateJoin) -> Swiss {
        Swiss {
            total_rounds,
            late_join,
            players: Vec::new(),
            rounds: Vec::new(),
        }
    }

    /// The number of rounds.
    pub fn total_rounds(&self) -> u32 {
        self.total_rounds
    }

    /// The players, in the order they joined.
    pub fn players(&self) -> &[SwissPlayer] {
        &self.players
    }

    /// The rounds paired so far, first first.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Adds a player. Before round 1 is paired they play from round 1; later they play from
    /// the next round to be paired, with the rounds they missed scored by the
    /// [`LateJoin`] rule.
    pub fn join(&mut self, id: PlayerId, rating: i32) -> Result<(), JoinError> {
        if self.players.iter().any(|p| p.id == id) {
            return Err(JoinError::AlreadyJoined);
        }
        if self.rounds.len() as u32 >= self.total_rounds {
            return Err(JoinError::Finished);
        }
        let first_round = self.rounds.len() as u32 + 1;
        self.players.push(SwissPlayer {
            id,
            rating,
            first_round,
            withdrawn: false,
        });
        Ok(())
    }

    /// Withdraws a player: not paired from the next round on. Their games already paired
    /// are still to be played or scored by the caller.
    pub fn withdraw(&mut self, id: PlayerId) -> Result<(), WithdrawError> {
        let p = self
            .players
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(WithdrawError::NotJoined)?;
        if p.withdrawn {
            return Err(WithdrawError::AlreadyWithdrawn);
        }
        p.withdrawn = true;
        Ok(())
    }

    /// Records the result of the game in round `round` (1 first) where `south` is South.
    pub fn record(
        &mut self,
        round: u32,
        south: PlayerId,
        result: BoardResult,
    ) -> Result<(), RecordError> {
        let r = round
            .checked_sub(1)
            .and_then(|i| self.rounds.get_mut(i as usize))
            .ok_or(RecordError::NoSuchRound)?;
        let board = r
            .boards
            .iter_mut()
            .find(|b| b.south == south)
            .ok_or(RecordError::NoSuchBoard)?;
        if board.result.is_some() {
            return Err(RecordError::AlreadyRecorded);
        }
        board.result = Some(result);
        Ok(())
    }

    /// Whether every round has been paired and played.
    pub fn is_finished(&self) -> bool {
        self.rounds.len() as u32 >= self.total_rounds && self.rounds.iter().all(Round::is_complete)
    }

    /// A player's points so far: games, bye, missed rounds. `None` if not a player.
    pub fn points(&self, id: PlayerId) -> Option<f64> {
        let p = self.players.iter().find(|p| p.id == id)?;
        Some(self.points_of(p))
    }

    fn unplayed_points(&self, p: &SwissPlayer) -> f64 {
        let missed = p
            .first_round
            .saturating_sub(1)
            .min(self.rounds.len() as u32);
        let late = match self.late_join {
            LateJoin::Zero => 0.0,
            LateJoin::HalfPointPerRound => 0.5 * f64::from(missed),
        };
        let byes = self.rounds.iter().filter(|r| r.bye == Some(p.id)).count();
        late + BYE_POINTS * byes as f64
    }

    fn points_of(&self, p: &SwissPlayer) -> f64 {
        let mut points = self.unplayed_points(p);
        for b in self.rounds.iter().flat_map(|r| &r.boards) {
            if let Some(result) = b.result {
                let (s, n) = result.points();
                if b.south == p.id {
                    points += s;
                } else if b.north == p.id {
                    points += n;
                }
            }
        }
        points
    }

    /// The standings: points, Buchholz, Sonneborn–Berger (see [`standings`]).
    pub fn standings(&self) -> Vec<Standing> {
        let entrants: Vec<Entrant> = self
            .players
            .iter()
            .map(|p| Entrant {
                id: p.id,
                rating: p.rating,
                unplayed_points: self.unplayed_points(p),
                withdrawn: p.withdrawn,
            })
            .collect();
        let games: Vec<PlayedGame> = self
            .rounds
            .iter()
            .flat_map(|r| &r.boards)
            .filter_map(|b| {
                b.result.map(|result| PlayedGame {
                    south: b.south,
                    north: b.north,
                    result,
                })
            })
            .collect();
        standings(&entrants, &games)
    }

    /// Pairs the next round (see the pairing system above) and returns it.
    pub fn pair_next_round(&mut self) -> Result<&Round, PairError> {
        if self.rounds.len() as u32 >= self.total_rounds {
            return Err(PairError::Finished);
        }
        if !self.rounds.last().is_none_or(Round::is_complete) {
            return Err(PairError::RoundInProgress);
        }
        let number = self.rounds.len() as u32 + 1;
        let mut ranked: Vec<(SwissPlayer, f64)> = self
            .players
            .iter()
            .filter(|p| !p.withdrawn && p.first_round <= number)
            .map(|p| (*p, self.points_of(p)))
            .collect();
        if ranked.len() < 2 {
            return Err(PairError::TooFewPlayers);
        }
        ranked.sort_by(|(a, pa), (b, pb)| {
            pb.total_cmp(pa)
                .then(b.rating.cmp(&a.rating))
                .then(a.id.cmp(&b.id))
        });
        let n = ranked.len();
        let ids: Vec<PlayerId> = ranked.iter().map(|(p, _)| p.id).collect();
        let points: Vec<f64> = ranked.iter().map(|&(_, pts)| pts).collect();
        let history: Vec<History> = ids.iter().map(|&id| self.history(id)).collect();
        let met: Vec<Vec<bool>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| history[i].opponents.contains(&ids[j]))
                    .collect()
            })
            .collect();

        // The bye: lowest without one first, then (only if all had one) lowest at all.
        let mut bye_order: Vec<usize> = (0..n).rev().filter(|&i| !history[i].had_bye).collect();
        if bye_order.is_empty() {
            bye_order = (0..n).rev().collect();
        }
        let candidates: Vec<Option<usize>> = if n % 2 == 1 {
            bye_order.into_iter().map(Some).collect()
        } else {
            vec![None]
        };

        let mut pairer = Pairer {
            met: &met,
            budget: PAIRING_BUDGET,
            rematches: false,
        };
        let mut chosen = None;
        for rematches in [false, true] {
            pairer.rematches = rematches;
            pairer.budget = PAIRING_BUDGET;
            for &bye in &candidates {
                let groups = score_groups(&points, bye);
                if let Some(pairs) = pairer.groups(&groups, Vec::new()) {
                    chosen = Some((pairs, bye));
                    break;
                }
                if !rematches && pairer.budget == 0 {
                    break;
                }
            }
            if chosen.is_some() {
                break;
            }
        }
        // Without the rematch rule every even set pairs, so this is always found.
        let (mut pairs, bye) = chosen.unwrap_or_default();
        for pair in &mut pairs {
            if pair.0 > pair.1 {
                *pair = (pair.1, pair.0);
            }
        }
        pairs.sort_by(|a, b| {
            let key = |p: &(usize, usize)| points[p.0].max(points[p.1]);
            key(b).total_cmp(&key(a)).then(a.0.cmp(&b.0))
        });
        let boards = pairs
            .iter()
            .enumerate()
            .map(|(k, &(hi, lo))| {
                let hi_south = south_first(&history[hi].sides, &history[lo].sides, k + 1);
                let (south, north) = if hi_south { (hi, lo) } else { (lo, hi) };
                Board {
                    south: ids[south],
                    north: ids[north],
                    result: None,
                }
            })
            .collect();
        self.rounds.push(Round {
            number,
            boards,
            bye: bye.map(|i| ids[i]),
        });
        Ok(self.rounds.last().expect("just pushed"))
    }

    fn history(&self, id: PlayerId) -> History {
        let mut h = History::default();
        for r in &self.rounds {
            if r.bye == Some(id) {
                h.had_bye = true;
            }
            for b in &r.boards {
                if b.south == id {
                    h.opponents.push(b.north);
                    h.sides.push(Side::South);
                } else if b.north == id {
                    h.opponents.push(b.south);
                    h.sides.push(Side::North);
                }
            }
        }
        h
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    South,
    North,
}

#[derive(Default)]
struct History {
    opponents: Vec<PlayerId>,
    sides: Vec<Side>,
    had_bye: bool,
}

/// Whether the higher player of a pair gets South (see the pairing system, point 4).
fn south_first(hi: &[Side], lo: &[Side], board: usize) -> bool {
    let balance = |s: &[Side]| {
        s.iter()
            .map(|&x| if x == Side::South { 1i64 } else { -1 })
            .sum::<i64>()
    };
    let (bh, bl) = (balance(hi), balance(lo));
    if bh != bl {
        return bh < bl;
    }
    for (a, b) in hi.iter().rev().zip(lo.iter().rev()) {
        if a != b {
            return *a == Side::North;
        }
    }
    match (hi.last(), lo.last()) {
        (Some(&last), _) => last == Side::North,
        (None, Some(&last)) => last == Side::South,
        (None, None) => board % 2 == 1,
    }
}

/// The score groups of the ranked players (indices, best first), without the bye.
fn score_groups(points: &[f64], bye: Option<usize>) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in (0..points.len()).filter(|&i| Some(i) != bye) {
        match groups.last_mut() {
            Some(g) if points[g[0]] == points[i] => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    groups
}

struct Pairer<'a> {
    met: &'a [Vec<bool>],
    budget: u32,
    rematches: bool,
}

impl Pairer<'_> {
    fn allowed(&self, a: usize, b: usize) -> bool {
        self.rematches || !self.met[a][b]
    }

    fn tick(&mut self) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }

    /// Pairs the groups from the top, `carry` being the players floated into the first.
    fn groups(&mut self, groups: &[Vec<usize>], carry: Vec<usize>) -> Option<Vec<(usize, usize)>> {
        let Some((group, rest)) = groups.split_first() else {
            return carry.is_empty().then(Vec::new);
        };
        let mut members = carry.clone();
        members.extend_from_slice(group);
        let n_float = carry.len();
        let max_out = if rest.is_empty() { 0 } else { members.len() };
        let mut out_count = members.len() % 2;
        while out_count <= max_out {
            // The floaters: the lowest `out_count` members first, then the next choices.
            for out in combinations_from_bottom(members.len(), out_count) {
                if !self.tick() {
                    return None;
                }
                let stay: Vec<usize> = (0..members.len())
                    .filter(|k| !out.contains(k))
                    .map(|k| members[k])
                    .collect();
                let stay_float = (0..n_float).filter(|k| !out.contains(k)).count();
                let down: Vec<usize> = out.iter().map(|&k| members[k]).collect();
                let mut b = Bracket {
                    members: stay,
                    n_float: stay_float,
                    used: Vec::new(),
                    split: None,
                    pairs: Vec::new(),
                };
                b.used = vec![false; b.members.len()];
                if let Some(found) = self.bracket(&mut b, rest, &down) {
                    return Some(found);
                }
                if self.budget == 0 {
                    return None;
                }
            }
            out_count += 2;
        }
        None
    }

    fn bracket(
        &mut self,
        b: &mut Bracket,
        rest: &[Vec<usize>],
        down: &[usize],
    ) -> Option<Vec<(usize, usize)>> {
        let Some(i) = b.used.iter().position(|u| !u) else {
            let mut more = self.groups(rest, down.to_vec())?;
            let mut pairs = b.pairs.clone();
            pairs.append(&mut more);
            return Some(pairs);
        };
        if !self.tick() {
            return None;
        }
        let m = b.members.len();
        let mut set_split = false;
        let candidates: Vec<usize> = if i < b.n_float {
            // A floater meets the highest resident, then the other floaters.
            (b.n_float..m)
                .chain(i + 1..b.n_float)
                .filter(|&j| !b.used[j])
                .collect()
        } else {
            if b.split.is_none() {
                let remainder: Vec<usize> = (i..m).filter(|&j| !b.used[j]).collect();
                b.split = Some(remainder[remainder.len() / 2]);
                set_split = true;
            }
            let first_s2 = b.split.unwrap_or(m);
            if i < first_s2 {
                (first_s2..m)
                    .chain(i + 1..first_s2)
                    .filter(|&j| !b.used[j])
                    .collect()
            } else {
                (i + 1..m).filter(|&j| !b.used[j]).collect()
            }
        };
        b.used[i] = true;
        for j in candidates {
            if !self.allowed(b.members[i], b.members[j]) {
                continue;
            }
            b.used[j] = true;
            b.pairs.push((b.members[i], b.members[j]));
            if let Some(found) = self.bracket(b, rest, down) {
                return Some(found);
            }
            b.pairs.pop();
            b.used[j] = false;
            if self.budget == 0 {
                break;
            }
        }
        b.used[i] = false;
        if set_split {
            b.split = None;
        }
        None
    }
}

/// A score group being paired: `members` (indices in ranked order, the floaters from above
/// first), which are used, and where the bottom half starts once the floaters are paired.
struct Bracket {
    members: Vec<usize>,
    n_float: usize,
    used: Vec<bool>,
    split: Option<usize>,
    pairs: Vec<(usize, usize)>,
}

/// The `k`-subsets of `0..n`, the lowest-ranked (highest indices) first: for k = 1,
/// `[n-1]`, `[n-2]`, …; for k = 2, `[n-2, n-1]`, `[n-3, n-1]`, … `[0, n-1]`, then
/// `[n-3, n-2]`, ….
fn combinations_from_bottom(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, k: usize, start: usize, acc: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if acc.len() == k {
            out.push(acc.iter().map(|&x| n - 1 - x).rev().collect());
            return;
        }
        for x in start..n {
            acc.push(x);
            go(n, k, x + 1, acc, out);
            acc.pop();
        }
    }
    let mut out = Vec::new();
    if k <= n {
        go(n, k, 0, &mut Vec::new(), &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use BoardResult::{Draw, NorthWon, SouthWon};

    /// Players 1..=n, rated 2000, 1900, … so that the id is the pairing number.
    fn swiss(n: u64, rounds: u32) -> Swiss {
        let mut s = Swiss::new(rounds, LateJoin::Zero);
        for id in 1..=n {
            s.join(PlayerId(id), 2100 - 100 * id as i32).unwrap();
        }
        s
    }

    fn pair(s: &mut Swiss) -> Vec<(u64, u64)> {
        let r = s.pair_next_round().unwrap();
        r.boards.iter().map(|b| (b.south.0, b.north.0)).collect()
    }

    /// Records each board's result from the winner's id (0 for a draw).
    fn play(s: &mut Swiss, results: &[(u64, u64, u64)]) {
        let round = s.rounds().len() as u32;
        for &(south, north, winner) in results {
            let result = match winner {
                0 => Draw,
                w if w == south => SouthWon,
                w if w == north => NorthWon,
                _ => panic!("winner {winner} not in {south}-{north}"),
            };
            s.record(round, PlayerId(south), result).unwrap();
        }
    }

    /// Round 1 of eight by rating: the top half meets the bottom half in order (1–5, 2–6,
    /// 3–7, 4–8), as in FIDE's Dutch system (C.04.3) and every Swiss; sides alternate by
    /// board, board 1's top player South.
    #[test]
    fn round_one_is_top_half_against_bottom_half_with_alternating_sides() {
        let mut s = swiss(8, 5);
        assert_eq!(pair(&mut s), [(1, 5), (6, 2), (3, 7), (8, 4)]);
        assert_eq!(s.rounds()[0].bye, None);
    }

    /// Round 2 after the higher player won every game: the winners 1, 2, 3, 4 make one group
    /// (1–3, 2–4), the losers another (5–7, 6–8), the textbook second round. Sides: 1 and 3
    /// were both South, so the higher (1) alternates to North; 2 and 4 were both North, so 2
    /// is South; likewise 5 South against 7, 6 North against 8.
    #[test]
    fn round_two_pairs_within_score_groups_and_alternates_sides() {
        let mut s = swiss(8, 5);
        pair(&mut s);
        play(&mut s, &[(1, 5, 1), (6, 2, 2), (3, 7, 3), (8, 4, 4)]);
        assert_eq!(pair(&mut s), [(3, 1), (2, 4), (5, 7), (8, 6)]);
    }

    /// Six players, round 1 1–4, 2–5, 3–6, all drawn: one group of six, S1 = 1, 2, 3 and
    /// S2 = 4, 5, 6. 1–4 is a rematch, so S2's order is changed, in lexicographic order:
    /// 4 5 6 and 4 6 5 (1–4 again), 5 4 6 (3–6 again), 5 6 4: 1–5, 2–6, 3–4, the Dutch
    /// system's first transposition without a rematch.
    #[test]
    fn rematch_is_avoided_by_the_first_transposition_that_works() {
        let mut s = swiss(6, 3);
        assert_eq!(pair(&mut s), [(1, 4), (5, 2), (3, 6)]);
        play(&mut s, &[(1, 4, 0), (5, 2, 0), (3, 6, 0)]);
        let r2 = pair(&mut s);
        let mut pairs: Vec<(u64, u64)> = r2.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort();
        assert_eq!(pairs, [(1, 5), (2, 6), (3, 4)]);
        // Sides: 1 (South before) against 5 (South before): 1 alternates to North; 2 (North)
        // is South against 6 (North); 3 (South) against 4 (North): 4 is South.
        assert_eq!(r2, [(5, 1), (2, 6), (4, 3)]);
    }

    /// Four players over three rounds must make a round robin: round 1 1–3, 2–4 (1 and 4
    /// win), round 2 1–4 and 2–3 (1 and 2 win); in round 3 the lone leader 1 floats down to
    /// the 1-point group {2, 4} and meets 2, the highest there not yet met, and 4 floats
    /// down to meet 3, the only pairing without a rematch.
    #[test]
    fn floats_down_and_never_repeats_a_pairing() {
        let mut s = swiss(4, 3);
        assert_eq!(pair(&mut s), [(1, 3), (4, 2)]);
        play(&mut s, &[(1, 3, 1), (4, 2, 4)]);
        // 1 and 4 were both South in round 1: the higher (1) alternates to North; 2 and 3
        // were both North: 2 is South.
        assert_eq!(pair(&mut s), [(4, 1), (2, 3)]);
        play(&mut s, &[(4, 1, 1), (2, 3, 2)]);
        let mut r3: Vec<(u64, u64)> = pair(&mut s)
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        r3.sort();
        assert_eq!(r3, [(1, 2), (3, 4)]);
        assert_eq!(s.pair_next_round().unwrap_err(), PairError::Finished);
    }

    /// Five players: the bye goes to the lowest (5) in round 1 and is worth a point; in round
    /// 2 the points are 1: 1, 2, 5 and 0: 3, 4, and the bye goes to the lowest without one,
    /// 4. The 1-point group {1, 2, 5} is odd: 5 floats down to meet 3.
    #[test]
    fn bye_to_the_lowest_without_one_worth_a_point() {
        let mut s = swiss(5, 4);
        assert_eq!(pair(&mut s), [(1, 3), (4, 2)]);
        assert_eq!(s.rounds()[0].bye, Some(PlayerId(5)));
        assert_eq!(s.points(PlayerId(5)), Some(1.0));
        play(&mut s, &[(1, 3, 1), (4, 2, 2)]);
        let r2 = pair(&mut s);
        assert_eq!(s.rounds()[1].bye, Some(PlayerId(4)));
        let mut pairs: Vec<(u64, u64)> = r2.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort();
        assert_eq!(pairs, [(1, 2), (3, 5)]);
        // No one gets a second bye while someone has had none.
        let mut byes = vec![5, 4];
        for _ in 2..4 {
            let round = s.rounds().len() as u32;
            let boards = s.rounds().last().unwrap().boards.clone();
            for b in boards {
                s.record(round, b.south, SouthWon).unwrap();
            }
            s.pair_next_round().unwrap();
            byes.push(s.rounds().last().unwrap().bye.unwrap().0);
        }
        let mut sorted = byes.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 4, "{byes:?}");
        assert_eq!(s.pair_next_round().unwrap_err(), PairError::Finished);
    }

    #[test]
    fn late_joiners_score_zero_or_half_a_point_per_missed_round() {
        for (rule, expected) in [(LateJoin::Zero, 0.0), (LateJoin::HalfPointPerRound, 1.0)] {
            let mut s = Swiss::new(4, rule);
            for id in 1..=4 {
                s.join(PlayerId(id), 1500).unwrap();
            }
            for _ in 0..2 {
                s.pair_next_round().unwrap();
                let round = s.rounds().len() as u32;
                for b in s.rounds().last().unwrap().boards.clone() {
                    s.record(round, b.south, Draw).unwrap();
                }
            }
            s.join(PlayerId(9), 2000).unwrap();
            assert_eq!(s.points(PlayerId(9)), Some(expected));
            s.pair_next_round().unwrap();
            let r3 = s.rounds().last().unwrap();
            // Five players, the four others on 1 point. On 0 the joiner is the lowest and
            // takes the bye; on 1 they rank first (rating 2000) and play, and the lowest of
            // the others (4, by id among equal ratings) gets the bye.
            let plays = r3
                .boards
                .iter()
                .any(|b| b.south == PlayerId(9) || b.north == PlayerId(9));
            if rule == LateJoin::Zero {
                assert_eq!((plays, r3.bye), (false, Some(PlayerId(9))));
            } else {
                assert_eq!((plays, r3.bye), (true, Some(PlayerId(4))));
            }
            assert_eq!(
                s.players()
                    .iter()
                    .find(|p| p.id == PlayerId(9))
                    .unwrap()
                    .first_round,
                3
            );
        }
    }

    #[test]
    fn withdrawn_players_are_not_paired_and_keep_their_points() {
        let mut s = swiss(4, 3);
        pair(&mut s);
        play(&mut s, &[(1, 3, 3), (4, 2, 0)]);
        s.withdraw(PlayerId(3)).unwrap();
        assert_eq!(
            s.withdraw(PlayerId(3)),
            Err(WithdrawError::AlreadyWithdrawn)
        );
        assert_eq!(s.withdraw(PlayerId(8)), Err(WithdrawError::NotJoined));
        pair(&mut s);
        let r2 = s.rounds().last().unwrap();
        assert_eq!(r2.boards.len(), 1);
        assert!(r2
            .boards
            .iter()
            .all(|b| b.south != PlayerId(3) && b.north != PlayerId(3)));
        assert!(r2.bye.is_some());
        assert_eq!(s.points(PlayerId(3)), Some(1.0));
        let line = s
            .standings()
            .into_iter()
            .find(|l| l.id == PlayerId(3))
            .unwrap();
        assert!(line.withdrawn);
    }

    #[test]
    fn errors_for_joining_recording_and_pairing_out_of_turn() {
        let mut s = swiss(2, 1);
        assert_eq!(s.join(PlayerId(1), 1500), Err(JoinError::AlreadyJoined));
        pair(&mut s);
        assert_eq!(s.join(PlayerId(3), 1500), Err(JoinError::Finished));
        assert_eq!(
            s.record(2, PlayerId(1), Draw),
            Err(RecordError::NoSuchRound)
        );
        assert_eq!(
            s.record(0, PlayerId(1), Draw),
            Err(RecordError::NoSuchRound)
        );
        assert_eq!(
            s.record(1, PlayerId(2), Draw),
            Err(RecordError::NoSuchBoard)
        );
        s.record(1, PlayerId(1), Draw).unwrap();
        assert_eq!(
            s.record(1, PlayerId(1), Draw),
            Err(RecordError::AlreadyRecorded)
        );
        assert!(s.is_finished());
        assert_eq!(s.pair_next_round().unwrap_err(), PairError::Finished);
        let mut lonely = swiss(1, 3);
        assert_eq!(
            lonely.pair_next_round().unwrap_err(),
            PairError::TooFewPlayers
        );
        assert_eq!(
            PairError::RoundInProgress.to_string(),
            "the current round has games in progress"
        );
    }

    /// When every pairing would be a rematch (two players, two rounds) they meet again
    /// rather than not play.
    #[test]
    fn unavoidable_rematch_is_paired() {
        let mut s = swiss(2, 2);
        assert_eq!(pair(&mut s), [(1, 2)]);
        play(&mut s, &[(1, 2, 1)]);
        assert_eq!(pair(&mut s), [(2, 1)]);
    }

    /// A 20-player, 7-round event with varied results: no pair meets twice, no one has two
    /// byes, everyone plays every round but the one bye, and the same history pairs the same.
    #[test]
    fn a_longer_event_has_no_rematches_and_is_deterministic() {
        let mut s = swiss(19, 7);
        for round in 1..=7u32 {
            s.pair_next_round().unwrap();
            let boards = s.rounds().last().unwrap().boards.clone();
            for (k, b) in boards.iter().enumerate() {
                let result = match (k as u32 + round) % 3 {
                    0 => SouthWon,
                    1 => NorthWon,
                    _ => Draw,
                };
                s.record(round, b.south, result).unwrap();
            }
        }
        assert!(s.is_finished());
        let mut seen = std::collections::HashSet::new();
        for b in s.rounds().iter().flat_map(|r| &r.boards) {
            assert!(
                seen.insert((b.south.min(b.north), b.south.max(b.north))),
                "{b:?}"
            );
        }
        let byes: Vec<PlayerId> = s.rounds().iter().filter_map(|r| r.bye).collect();
        assert_eq!(byes.len(), 7);
        let mut distinct = byes.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 7);
        let total: f64 = s.standings().iter().map(|l| l.points).sum();
        assert_eq!(total, 7.0 * 9.0 + 7.0 * BYE_POINTS);
        let mut again = swiss(19, 7);
        for r in s.rounds() {
            again.pair_next_round().unwrap();
            assert_eq!(again.rounds().last().unwrap().boards.len(), r.boards.len());
            for b in &r.boards {
                again.record(r.number, b.south, b.result.unwrap()).unwrap();
            }
        }
        assert_eq!(again.rounds(), s.rounds());
    }

    #[test]
    fn combinations_come_from_the_bottom() {
        assert_eq!(combinations_from_bottom(3, 0), [Vec::<usize>::new()]);
        assert_eq!(combinations_from_bottom(3, 1), [[2], [1], [0]]);
        assert_eq!(
            combinations_from_bottom(4, 2)[..4],
            [[2, 3], [1, 3], [0, 3], [1, 2]]
        );
        assert!(combinations_from_bottom(2, 3).is_empty());
    }
}
