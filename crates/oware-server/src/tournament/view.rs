//! The JSON of tournaments: the list (upcoming, running, finished) and one tournament with
//! its standings, games and, at the end, the podium.

use std::collections::HashMap;
use std::sync::Arc;

use oware_tournament::{arena_standings, podium, PlayerId};
use serde::Serialize;

use super::wave::{arena_end, arena_sheets, ids, swiss_of};
use super::{TournamentError, Tournaments, WaveTime};
use crate::accounts::User;
use crate::store::tournaments::{EntryRow, PairingRow, TournamentRow};

/// A tournament in a list.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentSummary {
    /// The id (`/tournament/ID`).
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// `created` (upcoming), `started` or `finished`.
    pub status: String,
    /// When it starts (epoch ms).
    pub starts_ms: u64,
    /// When an arena ends (epoch ms); `null` for a Swiss.
    pub ends_ms: Option<u64>,
    /// An arena's minutes.
    pub minutes: Option<u64>,
    /// A Swiss's rounds.
    pub rounds: Option<u64>,
    /// The clock's initial seconds.
    pub initial_s: u64,
    /// The clock's increment.
    pub increment_s: u64,
    /// The most players (`null`: no limit).
    pub max_players: Option<u64>,
    /// Made by the schedule (not by a player).
    pub scheduled: bool,
}

impl TournamentSummary {
    fn of(t: &TournamentRow) -> TournamentSummary {
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
            initial_s: t.initial_s,
            increment_s: t.increment_s,
            max_players: (t.max_players > 0).then_some(t.max_players),
            scheduled: !t.schedule_key.is_empty(),
        }
    }
}

/// `GET /api/tournaments`.
#[derive(Debug, Clone, Serialize)]
pub struct ListView {
    /// Not started yet, soonest first.
    pub upcoming: Vec<TournamentSummary>,
    /// Running.
    pub running: Vec<TournamentSummary>,
    /// The last finished ones, newest first.
    pub finished: Vec<TournamentSummary>,
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize)]
pub struct StandingLine {
    /// The place (equal points share it in an arena; all tie-breaks in a Swiss).
    pub rank: u32,
    /// The player's name.
    pub name: String,
    /// Points: an arena's (2 a win, streaks, berserk), a Swiss's (1 a win, ½ a draw).
    pub points: f64,
    /// Games played.
    pub games: usize,
    /// The rating at joining.
    pub rating: i64,
    /// `active`, `paused` or `withdrawn`.
    pub state: String,
    /// Arena: on fire (the next win counts double).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_fire: Option<bool>,
    /// Arena: each game's points with its marks, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<Vec<SheetMark>>,
    /// Swiss: Buchholz.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buchholz: Option<f64>,
    /// Swiss: Sonneborn–Berger.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sonneborn_berger: Option<f64>,
}

/// One game of an arena sheet.
#[derive(Debug, Clone, Serialize)]
pub struct SheetMark {
    /// The points it earned.
    pub points: u32,
    /// A win on fire (doubled).
    pub streak: bool,
    /// The berserk point was earned.
    pub berserk: bool,
}

/// A game of the tournament.
#[derive(Debug, Clone, Serialize)]
pub struct GameLine {
    /// The game (`/game/ID`).
    pub id: String,
    /// A Swiss's round (0 in an arena).
    pub round: u64,
    /// South's name.
    pub south: String,
    /// North's name.
    pub north: String,
    /// `null` while playing; `S`/`N` the winner, `D` a draw, `X` aborted.
    pub result: Option<String>,
    /// South berserked.
    pub south_berserk: bool,
    /// North berserked.
    pub north_berserk: bool,
}

/// A Swiss round's bye: the player without a game, who scored a point.
#[derive(Debug, Clone, Serialize)]
pub struct ByeLine {
    /// The round, 1 first.
    pub round: u64,
    /// The player's name.
    pub name: String,
}

/// The viewer's part: whether they play, and their game in play.
#[derive(Debug, Clone, Serialize)]
pub struct Me {
    /// `active`, `paused`, `withdrawn`, or `null`: not a player.
    pub state: Option<String>,
    /// Their game in play, if any.
    pub game: Option<String>,
    /// They may berserk in it now (an arena's game before their first move).
    pub can_berserk: bool,
}

/// `GET /api/tournaments/{id}`.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentView {
    /// What the list shows.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// Bumped by every change (the event stream says it).
    pub version: u64,
    /// The server's time now (epoch ms), for the page's countdown.
    pub now_ms: u64,
    /// The players.
    pub players: usize,
    /// A Swiss's round being played (0 before round 1).
    pub round: u64,
    /// The standings.
    pub standings: Vec<StandingLine>,
    /// The games, the latest first (at most 200).
    pub games: Vec<GameLine>,
    /// A Swiss's player without a game this round.
    pub bye: Option<String>,
    /// A Swiss's byes of every round so far, the first round first (empty in an arena).
    pub byes: Vec<ByeLine>,
    /// Once finished, the first three of the standings among those who took part (played a
    /// game or scored a point); one who never played takes no place.
    pub podium: Vec<String>,
    /// The viewer (logged in): their state and game.
    pub me: Me,
    /// The last pairing wave on this instance: players paired and its time.
    pub last_wave: Option<WaveTime>,
}

impl Tournaments {
    /// The list: upcoming, running and the last 20 finished.
    pub async fn list(&self) -> Result<ListView, TournamentError> {
        let tables = self.tables();
        let rows = |status: &'static str, limit| tables.tournaments(status.to_string(), limit);
        let summaries = |v: Vec<TournamentRow>| v.iter().map(TournamentSummary::of).collect();
        Ok(ListView {
            upcoming: summaries(rows("created", 50).await?),
            running: summaries(rows("started", 50).await?),
            finished: summaries(rows("finished", 20).await?),
        })
    }

    /// The tournaments account `user` played in (for the profile), newest first.
    pub async fn of_player(&self, user: &str) -> Result<Vec<TournamentSummary>, TournamentError> {
        let rows = self.tables().tournaments_of(user.to_string(), 20).await?;
        Ok(rows.iter().map(|(t, _)| TournamentSummary::of(t)).collect())
    }

    /// Tournament `id` as `viewer` sees it.
    pub async fn view(
        self: &Arc<Self>,
        id: &str,
        viewer: Option<&User>,
    ) -> Result<TournamentView, TournamentError> {
        let (tables, t) = self.tables_and_row(id).await?;
        let entries = tables.entries(id.to_string()).await?;
        let pairings = tables.pairings(id.to_string()).await?;
        let names: HashMap<&str, &str> = entries
            .iter()
            .map(|e| (e.user_id.as_str(), e.name.as_str()))
            .collect();
        let name = |u: &str| names.get(u).copied().unwrap_or("?").to_string();
        let (standings, round, byes) = if t.kind == "arena" {
            (arena_lines(&t, &entries, &pairings), 0, Vec::new())
        } else {
            swiss_lines(&t, &entries)?
        };
        let podium = if t.status == "finished" {
            podium_names(&standings)
        } else {
            Vec::new()
        };
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
        let me = match viewer {
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
                let can_berserk = match current {
                    Some(p) if t.kind == "arena" => {
                        let south = p.south == u.id;
                        let already = if south {
                            p.south_berserk
                        } else {
                            p.north_berserk
                        };
                        !already
                            && self
                                .games
                                .standing(&p.game_id)
                                .await
                                .ok()
                                .flatten()
                                .is_some_and(|s| {
                                    if south {
                                        s.south_moves == 0
                                    } else {
                                        s.north_moves == 0
                                    }
                                })
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
            summary: TournamentSummary::of(&t),
            version: t.version,
            now_ms: self.now(),
            players: entries.len(),
            round,
            standings,
            games,
            bye,
            byes,
            podium,
            me,
            last_wave: self.wave_time(id),
        })
    }
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
