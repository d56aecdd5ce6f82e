//! One pairing wave of one tournament (run by the instance holding its claim): the start,
//! the arena's free players paired, a Swiss's next round when the last one is over, the end.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use oware_core::{Rules, Side};
use oware_tournament::{
    pair_arena, ArenaGame, ArenaPlayer, BoardResult, GameResult, LateJoin, PlayerId, Sheet, Swiss,
};

use super::{TournamentError, Tournaments};
use crate::accounts::User;
use crate::online::TimeControl;
use crate::round::{NewPaired, PairedPlayer};
use crate::store::tournaments::{EntryRow, PairingRow, TournamentRow};

/// A Swiss's pairing state as stored (a new one before round 1).
pub(super) fn swiss_of(t: &TournamentRow) -> Result<Swiss, TournamentError> {
    if t.state.is_empty() {
        return Ok(Swiss::new(t.rounds as u32, LateJoin::Zero));
    }
    serde_json::from_str(&t.state).map_err(|e| {
        TournamentError::Game(crate::games::GameError::Internal(format!(
            "tournament {}: damaged Swiss state: {e}",
            t.id
        )))
    })
}

/// When an arena ends (epoch ms).
pub(super) fn arena_end(t: &TournamentRow) -> u64 {
    t.starts_ms + t.minutes * 60_000
}

/// Each player's arena sheet from the games that ended by the arena's end, in order.
pub(super) fn arena_sheets(t: &TournamentRow, pairings: &[PairingRow]) -> HashMap<String, Sheet> {
    let end = arena_end(t);
    let mut done: Vec<&PairingRow> = pairings
        .iter()
        .filter(|p| matches!(p.result.as_str(), "S" | "N" | "D") && p.ended_ms <= end)
        .collect();
    done.sort_by_key(|p| (p.ended_ms, p.started_ms));
    let mut sheets: HashMap<String, Sheet> = HashMap::new();
    for p in done {
        for side in [Side::South, Side::North] {
            let (user, berserk, moves) = match side {
                Side::South => (&p.south, p.south_berserk, p.south_moves),
                Side::North => (&p.north, p.north_berserk, p.north_moves),
            };
            let result = match (p.result.as_str(), side) {
                ("D", _) => GameResult::Draw,
                ("S", Side::South) | ("N", Side::North) => GameResult::Win,
                _ => GameResult::Loss,
            };
            sheets.entry(user.clone()).or_default().record(ArenaGame {
                result,
                berserk,
                own_moves: moves as u32,
                game_moves: (p.south_moves + p.north_moves) as u32,
            });
        }
    }
    sheets
}

/// Player ids of the tournament crate: the index of each account in the join order.
pub(super) fn ids(entries: &[EntryRow]) -> HashMap<String, PlayerId> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.user_id.clone(), PlayerId(i as u64 + 1)))
        .collect()
}

fn board_result(result: &str) -> Option<BoardResult> {
    match result {
        "S" => Some(BoardResult::SouthWon),
        "N" => Some(BoardResult::NorthWon),
        // An aborted game counts as a draw in a Swiss: the round must end.
        "D" | "X" => Some(BoardResult::Draw),
        _ => None,
    }
}

/// What a wave reads before it pairs: the tournament's row, its entries and its pairings so far.
struct Wave {
    t: TournamentRow,
    entries: Vec<EntryRow>,
    pairings: Vec<PairingRow>,
}

impl Tournaments {
    /// One wave of tournament `t` (due: its start has come). `reconcile`: also check the
    /// games in play against the store (ends this instance did not see). Answers the number
    /// of players paired.
    pub(super) async fn wave(
        self: &Arc<Self>,
        t: TournamentRow,
        reconcile: bool,
    ) -> Result<usize, TournamentError> {
        let tables = self.tables();
        let id = t.id.clone();
        let mut pairings = tables.pairings(id.clone()).await?;
        if reconcile {
            let mut any = false;
            for p in pairings.iter().filter(|p| p.result.is_empty()) {
                any |= self.record_end(&p.game_id).await.unwrap_or(false);
            }
            if any {
                pairings = tables.pairings(id.clone()).await?;
            }
        }
        let entries = tables.entries(id.clone()).await?;
        // The row again: the reads above may have bumped its version.
        let t = self.row(&id).await?;
        let arena = t.kind == "arena";
        let wave = Wave {
            t,
            entries,
            pairings,
        };
        if arena {
            self.arena_wave(wave).await
        } else {
            self.swiss_wave(wave).await
        }
    }

    async fn arena_wave(self: &Arc<Self>, wave: Wave) -> Result<usize, TournamentError> {
        let (mut t, entries, pairings) = (wave.t, &wave.entries[..], &wave.pairings[..]);
        let tables = self.tables();
        let now = self.now();
        if now >= arena_end(&t) {
            // A game's end recorded meanwhile (a flag, a first move not made: the same
            // moment when the clock jumps) bumps the version: read the row again and write
            // the end again rather than leave it to the next wave.
            for _ in 0..3 {
                t.status = "finished".into();
                t.ended_ms = arena_end(&t);
                if tables.update_tournament(t.clone()).await? {
                    break;
                }
                t = self.row(&t.id).await?;
                if t.status == "finished" {
                    break;
                }
            }
            return Ok(0);
        }
        if t.status == "created" {
            t.status = "started".into();
            if !tables.update_tournament(t.clone()).await? {
                return Ok(0);
            }
            t.version += 1;
        }
        let busy: HashSet<&str> = pairings
            .iter()
            .filter(|p| p.result.is_empty())
            .flat_map(|p| [p.south.as_str(), p.north.as_str()])
            .collect();
        let sheets = arena_sheets(&t, pairings);
        let ids = ids(entries);
        let mut last: HashMap<&str, &str> = HashMap::new();
        let mut souths: HashMap<&str, i64> = HashMap::new();
        for p in pairings {
            last.insert(&p.south, &p.north);
            last.insert(&p.north, &p.south);
            *souths.entry(&p.south).or_default() += 1;
            *souths.entry(&p.north).or_default() -= 1;
        }
        let free: Vec<ArenaPlayer> = entries
            .iter()
            .filter(|e| e.state == "active" && !busy.contains(e.user_id.as_str()))
            .map(|e| ArenaPlayer {
                id: ids[&e.user_id],
                score: sheets.get(&e.user_id).map_or(0, Sheet::points),
                rating: e.rating as i32,
                last_opponent: last
                    .get(e.user_id.as_str())
                    .and_then(|o| ids.get(*o).copied()),
            })
            .collect();
        if free.len() < 2 {
            return Ok(0);
        }
        let pairing = pair_arena(&free);
        let by_id: HashMap<PlayerId, &EntryRow> =
            entries.iter().map(|e| (ids[&e.user_id], e)).collect();
        let mut boards = Vec::with_capacity(pairing.pairs.len());
        for (a, b) in pairing.pairs {
            let (a, b) = (by_id[&a], by_id[&b]);
            // South to the one who had it less often.
            let sa = souths.get(a.user_id.as_str()).copied().unwrap_or(0);
            let sb = souths.get(b.user_id.as_str()).copied().unwrap_or(0);
            boards.push(if sb < sa { (b, a) } else { (a, b) });
        }
        self.start_games(&t, 0, &boards).await
    }

    async fn swiss_wave(self: &Arc<Self>, wave: Wave) -> Result<usize, TournamentError> {
        let (mut t, entries, pairings) = (wave.t, &wave.entries[..], &wave.pairings[..]);
        let tables = self.tables();
        let mut swiss = swiss_of(&t)?;
        let before = swiss.clone();
        let ids = ids(entries);
        let mut status = t.status.clone();
        // Players who joined or withdrew since the last wave.
        for e in entries {
            let pid = ids[&e.user_id];
            let known = swiss.players().iter().find(|p| p.id == pid).copied();
            match (known, e.state.as_str()) {
                (None, "active") => {
                    let _ = swiss.join(pid, e.rating as i32);
                }
                (Some(p), "withdrawn") if !p.withdrawn => {
                    let _ = swiss.withdraw(pid);
                }
                _ => {}
            }
        }
        // Results of the games that ended.
        for p in pairings {
            if let (Some(result), Some(s)) = (board_result(&p.result), ids.get(&p.south)) {
                let round = p.round as u32;
                let open = swiss
                    .rounds()
                    .get(round as usize - 1)
                    .and_then(|r| r.boards.iter().find(|b| b.south == *s))
                    .is_some_and(|b| b.result.is_none());
                if open {
                    let _ = swiss.record(round, *s, result);
                }
            }
        }
        if status == "created" {
            status = "started".into();
        }
        let round_over = swiss.rounds().last().is_none_or(|r| r.is_complete());
        let mut paired_round = None;
        if round_over {
            let present = swiss.players().iter().filter(|p| !p.withdrawn).count();
            if swiss.is_finished() || present < 2 {
                status = "finished".into();
                t.ended_ms = self.now();
            } else if let Ok(round) = swiss.pair_next_round() {
                paired_round = Some(round.number);
            }
        }
        if swiss != before || status != t.status {
            t.state = serde_json::to_string(&swiss).unwrap_or_default();
            t.status = status;
            if !tables.update_tournament(t.clone()).await? {
                return Ok(0);
            }
        }
        // Every board of the current round gets its game (also after a crash between storing
        // the round and making its games).
        let Some(round) = swiss.rounds().last() else {
            return Ok(0);
        };
        if t.status == "finished" && paired_round.is_none() {
            return Ok(0);
        }
        let have: HashSet<(u64, &str)> = pairings
            .iter()
            .map(|p| (p.round, p.south.as_str()))
            .collect();
        let by_id: HashMap<PlayerId, &EntryRow> =
            entries.iter().map(|e| (ids[&e.user_id], e)).collect();
        let boards: Vec<(&EntryRow, &EntryRow)> = round
            .boards
            .iter()
            .filter(|b| b.result.is_none())
            .filter_map(|b| Some((*by_id.get(&b.south)?, *by_id.get(&b.north)?)))
            .filter(|(s, _)| !have.contains(&(u64::from(round.number), s.user_id.as_str())))
            .collect();
        if boards.is_empty() {
            return Ok(0);
        }
        self.start_games(&t, u64::from(round.number), &boards).await
    }

    /// Starts a rated game for each (South, North) of `boards` and stores the pairings: the
    /// number of players paired. A game that cannot be made is left out (logged), its players
    /// wait for the next wave.
    async fn start_games(
        self: &Arc<Self>,
        t: &TournamentRow,
        round: u64,
        boards: &[(&EntryRow, &EntryRow)],
    ) -> Result<usize, TournamentError> {
        let clock = TimeControl {
            initial_s: t.initial_s,
            increment_s: t.increment_s,
        };
        let now = self.now();
        let player = |e: &EntryRow| PairedPlayer {
            name: e.name.clone(),
            user: Some(User {
                id: e.user_id.clone(),
                name: e.name.clone(),
            }),
        };
        let made = futures_util::future::join_all(boards.iter().map(|(s, n)| {
            let round = Arc::clone(&self.round);
            let req = NewPaired {
                rules: Rules::default(),
                clock: Some(clock),
                rated: true,
                south: player(s),
                north: player(n),
            };
            async move { round.create_paired(req).await }
        }))
        .await;
        let mut rows = Vec::with_capacity(boards.len());
        for ((s, n), r) in boards.iter().zip(made) {
            match r {
                Ok(paired) => rows.push(PairingRow {
                    game_id: paired.id,
                    tournament_id: t.id.clone(),
                    round,
                    south: s.user_id.clone(),
                    north: n.user_id.clone(),
                    south_berserk: false,
                    north_berserk: false,
                    result: String::new(),
                    south_moves: 0,
                    north_moves: 0,
                    started_ms: now,
                    ended_ms: 0,
                }),
                Err(e) => {
                    tracing::warn!(tournament = %t.id, "a tournament game was not made: {e}")
                }
            }
        }
        let paired = rows.len() * 2;
        if !rows.is_empty() {
            self.tables().add_pairings(t.id.clone(), rows).await?;
        }
        Ok(paired)
    }
}
