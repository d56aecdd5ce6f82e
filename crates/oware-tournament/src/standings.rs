//! Standings: points and tie-breaks (Buchholz, Sonneborn–Berger), arena standings, podium.

use std::cmp::Ordering;

use crate::{PlayerId, Sheet};

/// Who won a game between South (who moves first) and North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum BoardResult {
    /// South won.
    SouthWon,
    /// A draw.
    Draw,
    /// North won.
    NorthWon,
}

impl BoardResult {
    /// The points South and North score: (1, 0), (½, ½) or (0, 1).
    pub fn points(self) -> (f64, f64) {
        match self {
            BoardResult::SouthWon => (1.0, 0.0),
            BoardResult::Draw => (0.5, 0.5),
            BoardResult::NorthWon => (0.0, 1.0),
        }
    }
}

/// A played game of a crosstable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayedGame {
    /// The player who moved first.
    pub south: PlayerId,
    /// The other player.
    pub north: PlayerId,
    /// The result.
    pub result: BoardResult,
}

/// A player of a crosstable, with the points that come from no game.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entrant {
    /// The player.
    pub id: PlayerId,
    /// Their rating (the last tie-break, and the pairing order).
    pub rating: i32,
    /// Points scored without a game: a bye (1), rounds missed by joining late (0 or ½ each).
    pub unplayed_points: f64,
    /// Whether the player withdrew (they stay in the standings with the points they had).
    pub withdrawn: bool,
}

/// One line of Swiss standings.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standing {
    /// The place, 1 first; players equal on points and both tie-breaks share a place.
    pub rank: u32,
    /// The player.
    pub id: PlayerId,
    /// Points: games won 1, drawn ½, plus the unplayed points.
    pub points: f64,
    /// Buchholz: the sum of the points of the opponents met over the board.
    pub buchholz: f64,
    /// Sonneborn–Berger: the points of each opponent beaten plus half those of each
    /// opponent drawn with.
    pub sonneborn_berger: f64,
    /// The player's rating.
    pub rating: i32,
    /// Whether the player withdrew.
    pub withdrawn: bool,
}

/// Standings from a crosstable: points, then Buchholz, then Sonneborn–Berger (all higher
/// first); equal on all three share a rank, and are listed by rating (higher first), then id.
///
/// Both tie-breaks use the opponents' final points, unplayed points included, and count
/// only games played over the board: a bye or a missed round adds nothing to them (FIDE's
/// "virtual opponent" for unplayed rounds is not used). Games naming a player who is not
/// an entrant are ignored.
pub fn standings(entrants: &[Entrant], games: &[PlayedGame]) -> Vec<Standing> {
    let index = |id: PlayerId| entrants.iter().position(|e| e.id == id);
    let mut points: Vec<f64> = entrants.iter().map(|e| e.unplayed_points).collect();
    // (opponent, own score) for every game of each entrant.
    let mut met: Vec<Vec<(usize, f64)>> = vec![Vec::new(); entrants.len()];
    for g in games {
        let (Some(s), Some(n)) = (index(g.south), index(g.north)) else {
            continue;
        };
        let (ps, pn) = g.result.points();
        points[s] += ps;
        points[n] += pn;
        met[s].push((n, ps));
        met[n].push((s, pn));
    }
    let mut lines: Vec<Standing> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| Standing {
            rank: 0,
            id: e.id,
            points: points[i],
            buchholz: met[i].iter().map(|&(o, _)| points[o]).sum(),
            sonneborn_berger: met[i].iter().map(|&(o, own)| own * points[o]).sum(),
            rating: e.rating,
            withdrawn: e.withdrawn,
        })
        .collect();
    let key = |s: &Standing| (s.points, s.buchholz, s.sonneborn_berger);
    let by_score = |a: &Standing, b: &Standing| {
        let (a, b) = (key(a), key(b));
        b.0.total_cmp(&a.0)
            .then(b.1.total_cmp(&a.1))
            .then(b.2.total_cmp(&a.2))
    };
    lines.sort_by(|a, b| {
        by_score(a, b)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && by_score(&lines[i - 1], &lines[i]) == Ordering::Equal {
            lines[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    lines
}

/// One line of arena standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaStanding {
    /// The place, 1 first; equal points share a place.
    pub rank: u32,
    /// The player.
    pub id: PlayerId,
    /// Arena points.
    pub points: u32,
    /// Games played.
    pub games: usize,
    /// Whether the player is on fire now (the next win counts double).
    pub on_fire: bool,
    /// The player's rating.
    pub rating: i32,
}

/// Arena standings: points (higher first) decide the place; equal points share it and are
/// listed by rating (higher first), then id.
pub fn arena_standings<'a>(
    players: impl IntoIterator<Item = (PlayerId, i32, &'a Sheet)>,
) -> Vec<ArenaStanding> {
    let mut lines: Vec<ArenaStanding> = players
        .into_iter()
        .map(|(id, rating, sheet)| ArenaStanding {
            rank: 0,
            id,
            points: sheet.points(),
            games: sheet.entries().len(),
            on_fire: sheet.on_fire(),
            rating,
        })
        .collect();
    lines.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && lines[i - 1].points == lines[i].points {
            lines[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    lines
}

/// The podium: the first three lines of sorted standings (fewer if fewer played).
pub fn podium<T>(standings: &[T]) -> &[T] {
    &standings[..standings.len().min(3)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ArenaGame, GameResult};

    fn entrant(id: u64) -> Entrant {
        Entrant {
            id: PlayerId(id),
            rating: 1500,
            unplayed_points: 0.0,
            withdrawn: false,
        }
    }

    fn game(south: u64, north: u64, result: BoardResult) -> PlayedGame {
        PlayedGame {
            south: PlayerId(south),
            north: PlayerId(north),
            result,
        }
    }

    fn line(s: &[Standing], id: u64) -> Standing {
        *s.iter().find(|l| l.id == PlayerId(id)).unwrap()
    }

    /// A four-player round robin worked by hand:
    ///
    /// ```text
    ///        1    2    3    4   points  Buchholz  Sonneborn–Berger
    /// 1 A    ·    1    0    1   2       2+1+1=4   B 2 + D 1 = 3
    /// 2 B    0    ·    1    1   2       2+1+1=4   C 1 + D 1 = 2
    /// 3 C    1    0    ·    0   1       2+2+1=5   A 2       = 2
    /// 4 D    0    0    1    ·   1       2+2+1=5   C 1       = 1
    /// ```
    ///
    /// In a round robin Buchholz cannot split equal points; Sonneborn–Berger does.
    #[test]
    fn round_robin_crosstable_ties_split_by_sonneborn_berger() {
        use BoardResult::*;
        let entrants = [entrant(1), entrant(2), entrant(3), entrant(4)];
        let games = [
            game(1, 2, SouthWon),
            game(3, 1, SouthWon),
            game(1, 4, SouthWon),
            game(2, 3, SouthWon),
            game(4, 2, NorthWon),
            game(3, 4, NorthWon),
        ];
        let s = standings(&entrants, &games);
        let order: Vec<u64> = s.iter().map(|l| l.id.0).collect();
        assert_eq!(order, [1, 2, 3, 4]);
        let table: Vec<(u32, f64, f64, f64)> = s
            .iter()
            .map(|l| (l.rank, l.points, l.buchholz, l.sonneborn_berger))
            .collect();
        assert_eq!(
            table,
            [
                (1, 2.0, 4.0, 3.0),
                (2, 2.0, 4.0, 2.0),
                (3, 1.0, 5.0, 2.0),
                (4, 1.0, 5.0, 1.0)
            ]
        );
    }

    /// Two Swiss rounds of four, by hand: round 1 A beat B, C beat D; round 2 A drew C,
    /// B beat D. Points A 1½, C 1½, B 1, D 0. Buchholz: A = B 1 + C 1½ = 2½, C = D 0 + A 1½ =
    /// 1½, B = A 1½ + D 0 = 1½, D = C 1½ + B 1 = 2½. Sonneborn–Berger: A = B 1 + ½·C 1½ = 1¾,
    /// C = D 0 + ½·A 1½ = ¾, B = D 0 = 0, D = 0.
    #[test]
    fn swiss_crosstable_ties_split_by_buchholz() {
        use BoardResult::*;
        let entrants = [entrant(1), entrant(2), entrant(3), entrant(4)];
        let games = [
            game(1, 2, SouthWon),
            game(4, 3, NorthWon),
            game(3, 1, Draw),
            game(2, 4, SouthWon),
        ];
        let s = standings(&entrants, &games);
        let table: Vec<(u64, u32, f64, f64, f64)> = s
            .iter()
            .map(|l| (l.id.0, l.rank, l.points, l.buchholz, l.sonneborn_berger))
            .collect();
        assert_eq!(
            table,
            [
                (1, 1, 1.5, 2.5, 1.75),
                (3, 2, 1.5, 1.5, 0.75),
                (2, 3, 1.0, 1.5, 0.0),
                (4, 4, 0.0, 2.5, 0.0)
            ]
        );
        assert_eq!(
            podium(&s).iter().map(|l| l.id.0).collect::<Vec<_>>(),
            [1, 3, 2]
        );
    }

    #[test]
    fn unplayed_points_count_for_the_player_and_their_opponents_but_add_no_opponent() {
        let mut bye = entrant(3);
        bye.unplayed_points = 1.0;
        let entrants = [entrant(1), entrant(2), bye];
        let s = standings(&entrants, &[game(1, 3, BoardResult::Draw)]);
        assert_eq!(line(&s, 3).points, 1.5);
        assert_eq!(line(&s, 3).buchholz, 0.5);
        assert_eq!(line(&s, 1).buchholz, 1.5);
        assert_eq!(line(&s, 1).sonneborn_berger, 0.75);
        assert_eq!(line(&s, 2).points, 0.0);
    }

    #[test]
    fn full_ties_share_a_rank_and_list_by_rating() {
        let mut strong = entrant(9);
        strong.rating = 1800;
        let s = standings(&[entrant(1), strong, entrant(5)], &[]);
        let order: Vec<(u64, u32)> = s.iter().map(|l| (l.id.0, l.rank)).collect();
        assert_eq!(order, [(9, 1), (1, 1), (5, 1)]);
    }

    #[test]
    fn arena_standings_sort_by_points_and_show_fire() {
        let g = |result| ArenaGame {
            result,
            berserk: false,
            own_moves: 10,
            game_moves: 20,
        };
        let a = Sheet::from_games([g(GameResult::Win), g(GameResult::Win)]);
        let b = Sheet::from_games([g(GameResult::Draw)]);
        let c = Sheet::from_games([g(GameResult::Win), g(GameResult::Loss)]);
        let s = arena_standings([
            (PlayerId(1), 1500, &b),
            (PlayerId(2), 1400, &a),
            (PlayerId(3), 1600, &c),
        ]);
        let table: Vec<(u64, u32, u32, bool)> = s
            .iter()
            .map(|l| (l.id.0, l.rank, l.points, l.on_fire))
            .collect();
        assert_eq!(table, [(2, 1, 4, true), (3, 2, 2, false), (1, 3, 1, false)]);
        assert_eq!(podium(&s[..2]).len(), 2);
    }
}
