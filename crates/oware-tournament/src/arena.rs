//! Arena tournaments: the score sheet (streaks, berserk) and the pairing of free players.

use crate::PlayerId;

/// Points for a won game (before the streak doubles it).
pub const WIN_POINTS: u32 = 2;
/// Points for a drawn game.
pub const DRAW_POINTS: u32 = 1;
/// Points for a lost game.
pub const LOSS_POINTS: u32 = 0;
/// Wins in a row after which each further win counts double ("on fire").
pub const STREAK_WINS: usize = 2;
/// The fewest moves of their own a berserk player must have played for the berserk point:
/// a win by an opponent's early resignation or disconnection earns no bonus.
pub const BERSERK_MIN_MOVES: u32 = 7;
/// A draw in a game of fewer moves than this, both players' together, scores nothing for
/// either: two players cannot farm points by agreeing draws at once.
pub const QUICK_DRAW_MOVES: u32 = 20;
/// The pairing search's budget, in steps; past it the pairing falls back to neighbours with
/// the fewest rematches found greedily (see [`pair_arena`]).
const PAIRING_BUDGET: u32 = 20_000;

/// A game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum GameResult {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// One finished arena game, from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaGame {
    /// The player's result.
    pub result: GameResult,
    /// Whether the player berserked (halved their own clock and dropped the increment).
    pub berserk: bool,
    /// Moves the player made in the game.
    pub own_moves: u32,
    /// Moves both players made in the game.
    pub game_moves: u32,
}

/// One line of a player's sheet: what a game was worth and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SheetEntry {
    /// The player's result.
    pub result: GameResult,
    /// Points the game earned, streak and berserk included.
    pub points: u32,
    /// The player was on fire: this win counted double (mark it with a flame).
    pub streak: bool,
    /// The player berserked in this game.
    pub berserk: bool,
    /// The berserk point was earned: a berserk win with at least [`BERSERK_MIN_MOVES`] moves.
    pub berserk_bonus: bool,
}

/// A player's arena score sheet: every game's points in order, and the total.
///
/// Scoring: win [`WIN_POINTS`], draw [`DRAW_POINTS`], loss [`LOSS_POINTS`]. After
/// [`STREAK_WINS`] wins in a row, each further win counts double (4) until a game is not
/// won; a draw or a loss is worth its usual points and ends the streak. A berserk win with
/// at least [`BERSERK_MIN_MOVES`] moves of the player's own adds one point, not doubled
/// (2 + 1, or 4 + 1 on fire). A draw of fewer than [`QUICK_DRAW_MOVES`] moves in all scores 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sheet {
    entries: Vec<SheetEntry>,
    points: u32,
}

impl Sheet {
    /// An empty sheet: no games, no points.
    pub fn new() -> Sheet {
        Sheet::default()
    }

    /// The sheet of these games, in the order played.
    pub fn from_games(games: impl IntoIterator<Item = ArenaGame>) -> Sheet {
        let mut sheet = Sheet::new();
        for game in games {
            sheet.record(game);
        }
        sheet
    }

    /// Adds a finished game and returns its line.
    pub fn record(&mut self, game: ArenaGame) -> SheetEntry {
        let streak = game.result == GameResult::Win && self.on_fire();
        let berserk_bonus =
            game.result == GameResult::Win && game.berserk && game.own_moves >= BERSERK_MIN_MOVES;
        let base = match game.result {
            GameResult::Win => WIN_POINTS,
            GameResult::Draw if game.game_moves < QUICK_DRAW_MOVES => 0,
            GameResult::Draw => DRAW_POINTS,
            GameResult::Loss => LOSS_POINTS,
        };
        let points = if streak { 2 * base } else { base } + u32::from(berserk_bonus);
        let entry = SheetEntry {
            result: game.result,
            points,
            streak,
            berserk: game.berserk,
            berserk_bonus,
        };
        self.entries.push(entry);
        self.points += points;
        entry
    }

    /// The total points.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// Every game's line, in the order played.
    pub fn entries(&self) -> &[SheetEntry] {
        &self.entries
    }

    /// The games won in a row at the end of the sheet.
    pub fn wins_in_a_row(&self) -> usize {
        self.entries
            .iter()
            .rev()
            .take_while(|e| e.result == GameResult::Win)
            .count()
    }

    /// Whether the player is on fire: the next win counts double.
    pub fn on_fire(&self) -> bool {
        self.wins_in_a_row() >= STREAK_WINS
    }
}

/// A free arena player waiting for a game, as the pairing needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaPlayer {
    /// The player.
    pub id: PlayerId,
    /// Their arena points so far.
    pub score: u32,
    /// Their rating (the tie-break of standing).
    pub rating: i32,
    /// The opponent of their last game in this arena, if any.
    pub last_opponent: Option<PlayerId>,
}

/// One pairing wave of an arena.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaPairing {
    /// The games to start, each with the higher standing first.
    pub pairs: Vec<(PlayerId, PlayerId)>,
    /// The player left over when the number of free players is odd: they wait for the
    /// next wave.
    pub waiting: Option<PlayerId>,
}

/// Pairs the free players of an arena.
///
/// The players are put in order of standing: score, then rating (higher first), then id
/// (lower first), so that the same input always gives the same pairs. Each player, from
/// the top, meets the nearest free player below who is not their last opponent (a rematch:
/// either player's `last_opponent` is the other); when that would force a rematch further
/// down, the search takes the next nearest instead, so no one plays the same opponent twice
/// in a row when some pairing avoids it. With an odd number, the lowest standing player who
/// can be left out waits. Should the search pass its budget (very large waves with many
/// blocked pairs), each player takes the nearest non-rematch left, or the nearest at all.
/// A repeated id counts once.
pub fn pair_arena(free: &[ArenaPlayer]) -> ArenaPairing {
    let mut players: Vec<ArenaPlayer> = Vec::with_capacity(free.len());
    for p in free {
        if !players.iter().any(|q| q.id == p.id) {
            players.push(*p);
        }
    }
    players.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let n = players.len();
    let rematch = |i: usize, j: usize| {
        players[i].last_opponent == Some(players[j].id)
            || players[j].last_opponent == Some(players[i].id)
    };
    let mut search = ArenaSearch {
        used: vec![false; n],
        pairs: Vec::new(),
        waiting: None,
        budget: PAIRING_BUDGET,
    };
    let (pairs, waiting) = if search.run(&rematch, n % 2 == 1) {
        (search.pairs, search.waiting)
    } else {
        greedy(n, &rematch)
    };
    ArenaPairing {
        pairs: pairs
            .into_iter()
            .map(|(i, j)| (players[i].id, players[j].id))
            .collect(),
        waiting: waiting.map(|i| players[i].id),
    }
}

struct ArenaSearch {
    used: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    waiting: Option<usize>,
    budget: u32,
}

impl ArenaSearch {
    /// Depth-first: the first free player meets the nearest allowed one below; on failure
    /// the next nearest; the one who waits (if any) is tried last, so it is the lowest.
    fn run(&mut self, rematch: &dyn Fn(usize, usize) -> bool, may_wait: bool) -> bool {
        let Some(i) = self.used.iter().position(|u| !u) else {
            return true;
        };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        self.used[i] = true;
        for j in i + 1..self.used.len() {
            if self.used[j] || rematch(i, j) {
                continue;
            }
            self.used[j] = true;
            self.pairs.push((i, j));
            if self.run(rematch, may_wait) {
                return true;
            }
            self.pairs.pop();
            self.used[j] = false;
            if self.budget == 0 {
                break;
            }
        }
        if may_wait {
            self.waiting = Some(i);
            if self.run(rematch, false) {
                return true;
            }
            self.waiting = None;
        }
        self.used[i] = false;
        false
    }
}

fn greedy(
    n: usize,
    rematch: &dyn Fn(usize, usize) -> bool,
) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut used = vec![false; n];
    let mut pairs = Vec::new();
    let mut waiting = None;
    for i in 0..n {
        if used[i] {
            continue;
        }
        used[i] = true;
        let free = || (i + 1..n).filter(|&j| !used[j]);
        match free().find(|&j| !rematch(i, j)).or_else(|| free().next()) {
            Some(j) => {
                used[j] = true;
                pairs.push((i, j));
            }
            None => waiting = Some(i),
        }
    }
    (pairs, waiting)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(result: GameResult) -> ArenaGame {
        ArenaGame {
            result,
            berserk: false,
            own_moves: 20,
            game_moves: 40,
        }
    }
    const W: GameResult = GameResult::Win;
    const D: GameResult = GameResult::Draw;
    const L: GameResult = GameResult::Loss;

    fn points(sheet: &Sheet) -> Vec<u32> {
        sheet.entries().iter().map(|e| e.points).collect()
    }

    #[test]
    fn win_draw_loss_score_two_one_zero() {
        let sheet = Sheet::from_games([W, D, L, W, L].map(game));
        assert_eq!(points(&sheet), [2, 1, 0, 2, 0]);
        assert_eq!(sheet.points(), 5);
        assert!(sheet
            .entries()
            .iter()
            .all(|e| !e.streak && !e.berserk_bonus));
    }

    #[test]
    fn third_win_in_a_row_and_later_ones_count_double_until_a_game_is_not_won() {
        let sheet = Sheet::from_games([W, W, W, W, D, W, W, W, L, W].map(game));
        assert_eq!(points(&sheet), [2, 2, 4, 4, 1, 2, 2, 4, 0, 2]);
        let marks: Vec<bool> = sheet.entries().iter().map(|e| e.streak).collect();
        assert_eq!(
            marks,
            [false, false, true, true, false, false, false, true, false, false]
        );
        assert_eq!(sheet.points(), 23);
    }

    #[test]
    fn draws_on_fire_are_not_doubled_and_end_the_streak() {
        let mut sheet = Sheet::from_games([W, W].map(game));
        assert!(sheet.on_fire());
        let draw = sheet.record(game(D));
        assert_eq!((draw.points, draw.streak), (1, false));
        assert!(!sheet.on_fire());
        assert_eq!(sheet.wins_in_a_row(), 0);
    }

    #[test]
    fn berserk_win_with_enough_moves_earns_one_more_point_not_doubled() {
        let berserk = |result, own_moves| ArenaGame {
            result,
            berserk: true,
            own_moves,
            game_moves: 2 * own_moves,
        };
        let mut sheet = Sheet::new();
        let e = sheet.record(berserk(W, BERSERK_MIN_MOVES));
        assert_eq!((e.points, e.berserk, e.berserk_bonus), (3, true, true));
        // Too few moves: a berserk win is an ordinary win.
        let e = sheet.record(berserk(W, BERSERK_MIN_MOVES - 1));
        assert_eq!((e.points, e.berserk, e.berserk_bonus), (2, true, false));
        // On fire and berserk: 4 + 1.
        let e = sheet.record(berserk(W, 30));
        assert_eq!((e.points, e.streak, e.berserk_bonus), (5, true, true));
        // Berserk draws and losses earn nothing extra.
        assert_eq!(sheet.record(berserk(D, 30)).points, 1);
        assert_eq!(sheet.record(berserk(L, 30)).points, 0);
        assert_eq!(sheet.points(), 11);
    }

    #[test]
    fn a_quick_draw_scores_nothing_and_ends_the_streak() {
        let draw = |game_moves| ArenaGame {
            result: D,
            berserk: false,
            own_moves: game_moves / 2,
            game_moves,
        };
        let mut sheet = Sheet::from_games([game(W), game(W)]);
        assert!(sheet.on_fire());
        let e = sheet.record(draw(QUICK_DRAW_MOVES - 1));
        assert_eq!((e.result, e.points, e.streak), (D, 0, false));
        assert!(!sheet.on_fire(), "a quick draw ends the streak as any draw");
        assert_eq!(sheet.record(draw(QUICK_DRAW_MOVES)).points, DRAW_POINTS);
        // Wins and losses do not depend on the game's length.
        let short = |result| ArenaGame {
            result,
            berserk: false,
            own_moves: 3,
            game_moves: 6,
        };
        assert_eq!(sheet.record(short(W)).points, WIN_POINTS);
        assert_eq!(sheet.record(short(L)).points, LOSS_POINTS);
        assert_eq!(points(&sheet), [2, 2, 0, 1, 2, 0]);
    }

    fn player(id: u64, score: u32, rating: i32, last: Option<u64>) -> ArenaPlayer {
        ArenaPlayer {
            id: PlayerId(id),
            score,
            rating,
            last_opponent: last.map(PlayerId),
        }
    }

    fn ids(p: &ArenaPairing) -> Vec<(u64, u64)> {
        p.pairs.iter().map(|(a, b)| (a.0, b.0)).collect()
    }

    #[test]
    fn neighbours_in_standing_meet_score_then_rating() {
        let free = [
            player(1, 0, 1500, None),
            player(2, 10, 1400, None),
            player(3, 10, 1600, None),
            player(4, 4, 1900, None),
            player(5, 4, 1200, None),
        ];
        let p = pair_arena(&free);
        // Standing: 3 (10, 1600), 2 (10, 1400), 4 (4, 1900), 5 (4, 1200), 1 (0).
        assert_eq!(ids(&p), [(3, 2), (4, 5)]);
        assert_eq!(p.waiting, Some(PlayerId(1)));
    }

    #[test]
    fn no_immediate_rematch_takes_the_next_closest() {
        let free = [
            player(1, 8, 1500, Some(2)),
            player(2, 6, 1500, Some(1)),
            player(3, 4, 1500, None),
            player(4, 2, 1500, None),
        ];
        assert_eq!(ids(&pair_arena(&free)), [(1, 3), (2, 4)]);
    }

    #[test]
    fn no_rematch_further_down_when_a_pairing_avoids_it() {
        // Greedy 1-3 would leave 2-4, who just played: 1-4 and 2-3 avoids both rematches.
        let free = [
            player(1, 8, 1500, Some(2)),
            player(2, 6, 1500, Some(4)),
            player(3, 4, 1500, None),
            player(4, 2, 1500, Some(2)),
        ];
        assert_eq!(ids(&pair_arena(&free)), [(1, 4), (2, 3)]);
    }

    #[test]
    fn unavoidable_rematch_is_played_rather_than_nobody_playing() {
        let free = [player(1, 0, 1500, Some(2)), player(2, 0, 1400, Some(1))];
        assert_eq!(ids(&pair_arena(&free)), [(1, 2)]);
    }

    #[test]
    fn odd_player_out_waits_unless_leaving_someone_higher_avoids_a_rematch() {
        let free = [
            player(1, 5, 1500, None),
            player(2, 3, 1500, None),
            player(3, 1, 1500, None),
        ];
        let p = pair_arena(&free);
        assert_eq!((ids(&p), p.waiting), (vec![(1, 2)], Some(PlayerId(3))));
        // 2 just played 3: 1-2 is still first, 3 waits.
        let free = [
            player(1, 5, 1500, None),
            player(2, 3, 1500, Some(3)),
            player(3, 1, 1500, None),
        ];
        let p = pair_arena(&free);
        assert_eq!((ids(&p), p.waiting), (vec![(1, 2)], Some(PlayerId(3))));
        // 1 just played 2: 1 meets 3 and 2, above 3, waits.
        let free = [
            player(1, 5, 1500, Some(2)),
            player(2, 3, 1500, None),
            player(3, 1, 1500, None),
        ];
        let p = pair_arena(&free);
        assert_eq!((ids(&p), p.waiting), (vec![(1, 3)], Some(PlayerId(2))));
    }

    #[test]
    fn pairing_is_deterministic_and_handles_repeats_and_few_players() {
        assert_eq!(pair_arena(&[]), ArenaPairing::default());
        let one = pair_arena(&[player(7, 0, 1500, None)]);
        assert_eq!((one.pairs.len(), one.waiting), (0, Some(PlayerId(7))));
        let twice = [player(1, 0, 1500, None), player(1, 0, 1500, None)];
        assert_eq!(pair_arena(&twice).waiting, Some(PlayerId(1)));
        let free: Vec<ArenaPlayer> = (0..500)
            .map(|i| {
                player(
                    i,
                    (i * 7 % 23) as u32,
                    1500 + (i % 13) as i32,
                    Some((i + 1) % 500),
                )
            })
            .collect();
        let a = pair_arena(&free);
        let mut reversed = free.clone();
        reversed.reverse();
        assert_eq!(a, pair_arena(&reversed));
        assert_eq!(a.pairs.len(), 250);
        let rematches = a
            .pairs
            .iter()
            .filter(|(x, y)| (x.0 + 1) % 500 == y.0 || (y.0 + 1) % 500 == x.0)
            .count();
        assert_eq!(rematches, 0);
    }
}
