//! [`TournamentStore`] on SQLite: the same database thread and file as the games.

use rusqlite::{params, Connection, OptionalExtension};

use super::SqliteStore;
use crate::store::int;
use crate::store::tournaments::{
    list_sql, sql, tournaments_of_sql, EntryRow, PairingResult, PairingRow, TournamentRow,
    TournamentStore, DUE_TOURNAMENTS, PUT_ENTRY,
};
use crate::store::StoreFuture;

fn uint(r: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<u64> {
    Ok(r.get::<_, i64>(i)?.max(0) as u64)
}

fn read_tournament(r: &rusqlite::Row<'_>) -> rusqlite::Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.get(0)?,
        kind: r.get(1)?,
        name: r.get(2)?,
        creator: r.get(3)?,
        schedule_key: r.get(4)?,
        status: r.get(5)?,
        starts_ms: uint(r, 6)?,
        minutes: uint(r, 7)?,
        rounds: uint(r, 8)?,
        initial_s: uint(r, 9)?,
        increment_s: uint(r, 10)?,
        max_players: uint(r, 11)?,
        state: r.get(12)?,
        version: uint(r, 13)?,
        created_ms: uint(r, 14)?,
        ended_ms: uint(r, 15)?,
    })
}

fn read_entry(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<EntryRow> {
    Ok(EntryRow {
        tournament_id: r.get(at)?,
        user_id: r.get(at + 1)?,
        name: r.get(at + 2)?,
        rating: r.get(at + 3)?,
        state: r.get(at + 4)?,
        joined_ms: uint(r, at + 5)?,
    })
}

fn read_pairing(r: &rusqlite::Row<'_>) -> rusqlite::Result<PairingRow> {
    Ok(PairingRow {
        game_id: r.get(0)?,
        tournament_id: r.get(1)?,
        round: uint(r, 2)?,
        south: r.get(3)?,
        north: r.get(4)?,
        south_berserk: r.get::<_, i64>(5)? != 0,
        north_berserk: r.get::<_, i64>(6)? != 0,
        result: r.get(7)?,
        south_moves: uint(r, 8)?,
        north_moves: uint(r, 9)?,
        started_ms: uint(r, 10)?,
        ended_ms: uint(r, 11)?,
    })
}

fn bump(c: &Connection, id: &str) -> rusqlite::Result<()> {
    c.execute(sql::BUMP, params![id])?;
    Ok(())
}

impl TournamentStore for SqliteStore {
    fn create_tournament(&self, t: TournamentRow) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let n = c.execute(
                sql::CREATE,
                params![
                    t.id,
                    t.kind,
                    t.name,
                    t.creator,
                    t.schedule_key,
                    t.status,
                    int(t.starts_ms),
                    int(t.minutes),
                    int(t.rounds),
                    int(t.initial_s),
                    int(t.increment_s),
                    int(t.max_players),
                    t.state,
                    int(t.version),
                    int(t.created_ms),
                    int(t.ended_ms)
                ],
            )?;
            Ok(n == 1)
        })
    }

    fn tournament(&self, id: String) -> StoreFuture<'_, Option<TournamentRow>> {
        self.run(move |c| {
            Ok(c.query_row(sql::TOURNAMENT, params![id], read_tournament)
                .optional()?)
        })
    }

    fn tournaments(&self, status: String, limit: u32) -> StoreFuture<'_, Vec<TournamentRow>> {
        self.run(move |c| {
            let mut st = c.prepare(list_sql(&status))?;
            let rows = st.query_map(params![status, i64::from(limit)], read_tournament)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn due_tournaments(
        &self,
        now: u64,
        after: Option<(u64, String)>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<TournamentRow>> {
        self.run(move |c| {
            let (starts, id) = after.map_or((-1, String::new()), |(s, id)| (int(s), id));
            let mut st = c.prepare_cached(DUE_TOURNAMENTS)?;
            let rows = st.query_map(
                params![int(now), starts, id, i64::from(limit)],
                read_tournament,
            )?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn open_created_by(&self, creator: String) -> StoreFuture<'_, u64> {
        self.run(move |c| {
            let n: i64 = c.query_row(sql::OPEN_CREATED_BY, params![creator], |r| r.get(0))?;
            Ok(n.max(0) as u64)
        })
    }

    fn update_tournament(&self, t: TournamentRow) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let n = c.execute(
                sql::UPDATE,
                params![t.id, int(t.version), t.status, t.state, int(t.ended_ms)],
            )?;
            Ok(n == 1)
        })
    }

    fn tournament_versions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        self.run(move |c| {
            let mut st = c.prepare_cached("SELECT version FROM tournaments WHERE id = ?1")?;
            let mut out = Vec::with_capacity(ids.len());
            for id in ids {
                let v: Option<i64> = st.query_row(params![id], |r| r.get(0)).optional()?;
                if let Some(v) = v {
                    out.push((id, v.max(0) as u64));
                }
            }
            Ok(out)
        })
    }

    fn put_entry(&self, e: EntryRow, max_players: u64) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let n = tx.execute(
                PUT_ENTRY,
                params![
                    e.tournament_id,
                    e.user_id,
                    e.name,
                    e.rating,
                    e.state,
                    int(e.joined_ms),
                    int(max_players)
                ],
            )?;
            if n == 0 {
                return Ok(false);
            }
            bump(&tx, &e.tournament_id)?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn remove_entry(&self, id: String, user: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            tx.execute(sql::REMOVE_ENTRY, params![id, user])?;
            bump(&tx, &id)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn entries(&self, id: String) -> StoreFuture<'_, Vec<EntryRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::ENTRIES)?;
            let rows = st.query_map(params![id], |r| read_entry(r, 0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn tournaments_of(
        &self,
        user: String,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(TournamentRow, EntryRow)>> {
        self.run(move |c| {
            let mut st = c.prepare(&tournaments_of_sql())?;
            let rows = st.query_map(params![user, i64::from(limit)], |r| {
                Ok((read_tournament(r)?, read_entry(r, 16)?))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn add_pairings(&self, id: String, games: Vec<PairingRow>) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            {
                let mut st = tx.prepare_cached(sql::ADD_PAIRING)?;
                for g in &games {
                    st.execute(params![
                        g.game_id,
                        g.tournament_id,
                        int(g.round),
                        g.south,
                        g.north,
                        i64::from(g.south_berserk),
                        i64::from(g.north_berserk),
                        g.result,
                        int(g.south_moves),
                        int(g.north_moves),
                        int(g.started_ms),
                        int(g.ended_ms)
                    ])?;
                }
            }
            bump(&tx, &id)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn pairings(&self, id: String) -> StoreFuture<'_, Vec<PairingRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(sql::PAIRINGS)?;
            let rows = st.query_map(params![id], read_pairing)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn pairing(&self, game_id: String) -> StoreFuture<'_, Option<PairingRow>> {
        self.run(move |c| {
            Ok(c.query_row(sql::PAIRING, params![game_id], read_pairing)
                .optional()?)
        })
    }

    fn set_result(&self, r: PairingResult) -> StoreFuture<'_, bool> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let n = tx.execute(
                sql::SET_RESULT,
                params![
                    r.game_id,
                    r.result,
                    int(r.south_moves),
                    int(r.north_moves),
                    int(r.ended_ms)
                ],
            )?;
            if n == 1 {
                let id: String =
                    tx.query_row(sql::TOURNAMENT_OF_GAME, params![r.game_id], |row| {
                        row.get(0)
                    })?;
                bump(&tx, &id)?;
            }
            tx.commit()?;
            Ok(n == 1)
        })
    }

    fn set_berserk(&self, game_id: String, side: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let berserk = if side == "S" {
                sql::BERSERK_SOUTH
            } else {
                sql::BERSERK_NORTH
            };
            let tx = c.transaction()?;
            let id: Option<String> = tx
                .query_row(sql::TOURNAMENT_OF_GAME, params![game_id], |row| row.get(0))
                .optional()?;
            tx.execute(berserk, params![game_id])?;
            if let Some(id) = id {
                bump(&tx, &id)?;
            }
            tx.commit()?;
            Ok(())
        })
    }
}
