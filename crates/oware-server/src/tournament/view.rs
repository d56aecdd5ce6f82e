//! The JSON of tournaments: the list (upcoming, running, finished) and one tournament with
//! its standings, games and, at the end, the podium.

use std::collections::HashMap;
use std::sync::Arc;

use oware_tournament::{arena_standings, podium, PlayerId};

use super::wave::{arena_end, arena_sheets, ids, swiss_of};
use super::{TournamentError, Tournaments};
use crate::accounts::User;
use crate::store::tournaments::{EntryRow, PairingRow, TournamentRow};

pub use oware_protocol::{
    ByeLine, GameLine, SheetMark, StandingLine, TimeControl, TournamentList as ListView,
    TournamentMe as Me, TournamentSummary, TournamentView,
};

/// A tournament's line in a list, from its row.
fn summary_of(t: &TournamentRow) -> TournamentSummary {
    let arena = t.kind == "arena";
    TournamentSummary {
        id: t.id.clone(),
        kind: t.kind.clone(),
        name: t.name.clone(),
        status: t.status.clone(),
        starts_ms: t.starts_ms,
        ends_ms: arena.then(|| arena_end(t)),
        minutes: arena.then_some(t.minutes),
        rounds: (!arena).then_some(t.rounds),
        clock: TimeControl {
            initial_s: t.initial_s,
            increment_s: t.increment_s,
        },
        max_players: (t.max_players > 0).then_some(t.max_players),
        scheduled: !t.schedule_key.is_empty(),
    }
}

impl Tournaments {
    /// The list: upcoming, running and the last 20 finished.
    pub async fn list(&self) -> Result<ListView, TournamentError> {
        let tables = self.tables();
        let rows = |status: &'static str, limit| tables.tournaments(status.to_string(), limit);
        let summaries = |v: Vec<TournamentRow>| v.iter().map(summary_of).collect();
        Ok(ListView {
            upcoming: summaries(rows("created", 50).await?),
            running: summaries(rows("started", 50).await?),
            finished: summaries(rows("finished", 20).await?),
        })
    }

    /// The tournaments account `user` played in (for the profile), newest first.
    pub async fn of_player(&self, user: &str) -> Result<Vec<TournamentSummary>, TournamentError> {
        let rows = self.tables().tournaments_of(user.to_string(), 20).await?;
        Ok(rows.iter().map(|(t, _)| summary_of(t)).collect())
    }

    /// Tournament `id` as `viewer` sees it, with the first page of its standings.
    pub async fn view(
        self: &Arc<Self>,
        id: &str,
        viewer: Option<&User>,
    ) -> Result<TournamentView, TournamentError> {
        self.view_page(id, viewer, 1).await
    }

    /// Tournament `id` as `viewer` sees it, with page `page` (from 1) of its standings
    /// ([`super::TournamentConfig::standings_page`] lines a page; past the last, none). The
    /// ranks and the podium are those of all the players, whose number the tournament's cap
    /// bounds (`places`).
    pub async fn view_page(
        self: &Arc<Self>,
        id: &str,
        viewer: Option<&User>,
        page: u32,
    ) -> Result<TournamentView, TournamentError> {
        let (tables, t) = self.tables_and_row(id).await?;
        let entries = tables.entries(id.to_string()).await?;
        let pairings = tables.pairings(id.to_string()).await?;
        let names: HashMap<&str, &str> = entries
            .iter()
            .map(|e| (e.user_id.as_str(), e.name.as_str()))
            .collect();
        let name = |u: &str| names.get(u).copied().unwrap_or("?").to_string();
        let (mut standings, round, byes) = if t.kind == "arena" {
            (arena_lines(&t, &entries, &pairings), 0, Vec::new())
        } else {
            swiss_lines(&t, &entries)?
        };
        let podium = if t.status == "finished" {
            podium_names(&standings)
        } else {
            Vec::new()
        };
        let (standings, page, pages) = page_of(
            std::mem::take(&mut standings),
            page,
            self.config.standings_page,
        );
        // The round being played's bye (the last round's, once it is over).
        let bye = byes
            .last()
            .filter(|b| b.round == round)
            .map(|b| b.name.clone());
        let games = pairings
            .iter()
            .rev()
            .take(200)
            .map(|p| GameLine {
                id: p.game_id.clone(),
                round: p.round,
                south: name(&p.south),
                north: name(&p.north),
                result: (!p.result.is_empty()).then(|| p.result.clone()),
                south_berserk: p.south_berserk,
                north_berserk: p.north_berserk,
            })
            .collect();
        let me =
            match viewer {
                None => Me {
                    state: None,
                    game: None,
                    can_berserk: false,
                },
                Some(u) => {
                    let state = entries
                        .iter()
                        .find(|e| e.user_id == u.id)
                        .map(|e| e.state.clone());
                    let current = pairings
                        .iter()
                        .rev()
                        .find(|p| p.result.is_empty() && (p.south == u.id || p.north == u.id));
                    let can_berserk =
                        match current {
                            Some(p) if t.kind == "arena" => {
                                let south = p.south == u.id;
                                let already = if south {
                                    p.south_berserk
                                } else {
                                    p.north_berserk
                                };
                                !already
                                    && self.standing(&p.game_id).await.ok().flatten().is_some_and(
                                        |s| {
                                            if south {
                                                s.south_moves == 0
                                            } else {
                                                s.north_moves == 0
                                            }
                                        },
                                    )
                            }
                            _ => false,
                        };
                    Me {
                        state,
                        game: current.map(|p| p.game_id.clone()),
                        can_berserk,
                    }
                }
            };
        Ok(TournamentView {
            summary: oware_protocol::ts::Named(summary_of(&t)),
            version: t.version,
            now_ms: self.now(),
            players: entries.len(),
            round,
            standings,
            page,
            pages,
            games,
            bye,
            byes,
            podium,
            me,
            last_wave: self.wave_time(id),
        })
    }
}

/// Page `page` (from 1; 0 is read as 1) of `lines`, `per_page` lines a page: the page's
/// lines, its number and the number of pages (at least 1).
fn page_of(lines: Vec<StandingLine>, page: u32, per_page: usize) -> (Vec<StandingLine>, u32, u32) {
    let per_page = per_page.max(1);
    let page = page.max(1);
    let pages = u32::try_from(lines.len().div_ceil(per_page).max(1)).unwrap_or(u32::MAX);
    let skip = (page as usize - 1).saturating_mul(per_page);
    let shown = lines.into_iter().skip(skip).take(per_page).collect();
    (shown, page, pages)
}

/// The podium: the first three lines of the standings among the players who took part, that
/// is played a game or scored a point (a Swiss bye). A player who joined and never played
/// (their game aborted, or still in play at an arena's end) takes no place ahead of one who
/// played and lost: the players are skipped before the three are taken, not after.
fn podium_names(standings: &[StandingLine]) -> Vec<String> {
    let took_part: Vec<&StandingLine> = standings
        .iter()
        .filter(|l| l.games > 0 || l.points > 0.0)
        .collect();
    podium(&took_part).iter().map(|l| l.name.clone()).collect()
}

fn arena_lines(
    t: &TournamentRow,
    entries: &[EntryRow],
    pairings: &[PairingRow],
) -> Vec<StandingLine> {
    let sheets = arena_sheets(t, pairings);
    let ids = ids(entries);
    let empty = oware_tournament::Sheet::new();
    let by_id: HashMap<PlayerId, &EntryRow> =
        entries.iter().map(|e| (ids[&e.user_id], e)).collect();
    arena_standings(entries.iter().map(|e| {
        (
            ids[&e.user_id],
            e.rating as i32,
            sheets.get(&e.user_id).unwrap_or(&empty),
        )
    }))
    .into_iter()
    .map(|s| {
        let e = by_id[&s.id];
        let sheet = sheets.get(&e.user_id).unwrap_or(&empty);
        StandingLine {
            rank: s.rank,
            name: e.name.clone(),
            points: f64::from(s.points),
            games: s.games,
            rating: e.rating,
            state: e.state.clone(),
            on_fire: Some(s.on_fire),
            sheet: Some(
                sheet
                    .entries()
                    .iter()
                    .map(|m| SheetMark {
                        points: m.points,
                        streak: m.streak,
                        berserk: m.berserk_bonus,
                    })
                    .collect(),
            ),
            buchholz: None,
            sonneborn_berger: None,
        }
    })
    .collect()
}

type SwissLines = (Vec<StandingLine>, u64, Vec<ByeLine>);

fn swiss_lines(t: &TournamentRow, entries: &[EntryRow]) -> Result<SwissLines, TournamentError> {
    let swiss = swiss_of(t)?;
    let ids = ids(entries);
    let by_id: HashMap<PlayerId, &EntryRow> =
        entries.iter().map(|e| (ids[&e.user_id], e)).collect();
    let games: HashMap<PlayerId, usize> = swiss
        .rounds()
        .iter()
        .flat_map(|r| &r.boards)
        .filter(|b| b.result.is_some())
        .flat_map(|b| [b.south, b.north])
        .fold(HashMap::new(), |mut m, p| {
            *m.entry(p).or_default() += 1;
            m
        });
    let mut lines: Vec<StandingLine> = swiss
        .standings()
        .into_iter()
        .filter_map(|s| {
            let e = by_id.get(&s.id)?;
            Some(StandingLine {
                rank: s.rank,
                name: e.name.clone(),
                points: s.points,
                games: games.get(&s.id).copied().unwrap_or(0),
                rating: e.rating,
                state: e.state.clone(),
                on_fire: None,
                sheet: None,
                buchholz: Some(s.buchholz),
                sonneborn_berger: Some(s.sonneborn_berger),
            })
        })
        .collect();
    // Players who joined since the last wave: not in the pairing state yet.
    let known: std::collections::HashSet<PlayerId> = swiss.players().iter().map(|p| p.id).collect();
    for e in entries {
        if !known.contains(&ids[&e.user_id]) {
            lines.push(StandingLine {
                rank: lines.len() as u32 + 1,
                name: e.name.clone(),
                points: 0.0,
                games: 0,
                rating: e.rating,
                state: e.state.clone(),
                on_fire: None,
                sheet: None,
                buchholz: Some(0.0),
                sonneborn_berger: Some(0.0),
            });
        }
    }
    let round = swiss.rounds().last().map_or(0, |r| u64::from(r.number));
    let byes = swiss
        .rounds()
        .iter()
        .filter_map(|r| {
            let e = by_id.get(&r.bye?)?;
            Some(ByeLine {
                round: u64::from(r.number),
                name: e.name.clone(),
            })
        })
        .collect();
    Ok((lines, round, byes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rank: u32, name: &str, points: f64, games: usize) -> StandingLine {
        StandingLine {
            rank,
            name: name.to_string(),
            points,
            games,
            rating: 1500,
            state: "active".to_string(),
            on_fire: None,
            sheet: None,
            buchholz: None,
            sonneborn_berger: None,
        }
    }

    /// An arena of four where one game counted: Ama beat Kofi; Esi and Yaw's game was aborted.
    /// The three on 0 share second place, listed by rating: those who never played come first,
    /// and must not push Kofi, who played, off the podium.
    #[test]
    fn the_podium_skips_players_without_a_game_before_taking_three() {
        let standings = [
            line(1, "Ama", 2.0, 1),
            line(2, "Esi", 0.0, 0),
            line(2, "Yaw", 0.0, 0),
            line(2, "Kofi", 0.0, 1),
        ];
        assert_eq!(podium_names(&standings), ["Ama", "Kofi"]);
    }

    /// A Swiss bye is a point without a game: it counts as taking part.
    #[test]
    fn the_podium_keeps_a_swiss_player_whose_point_is_a_bye_and_stops_at_three() {
        let standings = [
            line(1, "Ama", 1.0, 1),
            line(1, "Esi", 1.0, 0),
            line(3, "Kofi", 0.0, 1),
            line(3, "Yaw", 0.0, 1),
        ];
        assert_eq!(podium_names(&standings), ["Ama", "Esi", "Kofi"]);
    }
}
