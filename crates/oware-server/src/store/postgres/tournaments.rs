//! [`TournamentStore`] on PostgreSQL: the same pool as the games.

use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

use super::PostgresStore;
use crate::store::int;
use crate::store::tournaments::{
    list_sql, sql, tournaments_of_sql, EntryRow, PairingResult, PairingRow, TournamentRow,
    TournamentStore, DUE_TOURNAMENTS, PUT_ENTRY,
};
use crate::store::{numbered, StoreError, StoreFuture};

fn uint(r: &Row, i: usize) -> u64 {
    r.get::<_, i64>(i).max(0) as u64
}

fn read_tournament(r: &Row) -> TournamentRow {
    TournamentRow {
        id: r.get(0),
        kind: r.get(1),
        name: r.get(2),
        creator: r.get(3),
        schedule_key: r.get(4),
        status: r.get(5),
        starts_ms: uint(r, 6),
        minutes: uint(r, 7),
        rounds: uint(r, 8),
        initial_s: uint(r, 9),
        increment_s: uint(r, 10),
        max_players: uint(r, 11),
        state: r.get(12),
        version: uint(r, 13),
        created_ms: uint(r, 14),
        ended_ms: uint(r, 15),
    }
}

fn read_entry(r: &Row, at: usize) -> EntryRow {
    EntryRow {
        tournament_id: r.get(at),
        user_id: r.get(at + 1),
        name: r.get(at + 2),
        rating: r.get(at + 3),
        state: r.get(at + 4),
        joined_ms: uint(r, at + 5),
    }
}

fn read_pairing(r: &Row) -> PairingRow {
    PairingRow {
        game_id: r.get(0),
        tournament_id: r.get(1),
        round: uint(r, 2),
        south: r.get(3),
        north: r.get(4),
        south_berserk: r.get::<_, i64>(5) != 0,
        north_berserk: r.get::<_, i64>(6) != 0,
        result: r.get(7),
        south_moves: uint(r, 8),
        north_moves: uint(r, 9),
        started_ms: uint(r, 10),
        ended_ms: uint(r, 11),
    }
}

impl PostgresStore {
    async fn t_rows<T>(
        &self,
        sql: &str,
        args: &[&(dyn ToSql + Sync)],
        f: impl Fn(&Row) -> T,
    ) -> Result<Vec<T>, StoreError> {
        let c = self.client().await?;
        let st = c.prepare_cached(sql).await.map_err(|e| self.failed(e))?;
        let rows = c.query(&st, args).await.map_err(|e| self.failed(e))?;
        Ok(rows.iter().map(f).collect())
    }

    async fn t_exec(&self, sql: &str, args: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError> {
        let c = self.client().await?;
        let st = c.prepare_cached(sql).await.map_err(|e| self.failed(e))?;
        c.execute(&st, args).await.map_err(|e| self.failed(e))
    }

    /// Runs `sql` with `args`, then bumps tournament `id`'s version, in one transaction
    /// (the bump only if `sql` changed a row when `only_if_changed`).
    async fn t_exec_bump(
        &self,
        sql: &str,
        args: &[&(dyn ToSql + Sync)],
        id: &str,
        only_if_changed: bool,
    ) -> Result<u64, StoreError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await.map_err(|e| self.failed(e))?;
        let n = tx.execute(sql, args).await.map_err(|e| self.failed(e))?;
        if n > 0 || !only_if_changed {
            tx.execute(&numbered(sql::BUMP), &[&id])
                .await
                .map_err(|e| self.failed(e))?;
        }
        tx.commit().await.map_err(|e| self.failed(e))?;
        Ok(n)
    }
}

async fn tournament_of_game(
    c: &tokio_postgres::Client,
    game: &str,
) -> Result<Option<String>, tokio_postgres::Error> {
    Ok(c.query_opt(&numbered(sql::TOURNAMENT_OF_GAME), &[&game])
        .await?
        .map(|r| r.get(0)))
}

impl TournamentStore for PostgresStore {
    fn create_tournament(&self, t: TournamentRow) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let n = self
                .t_exec(
                    &numbered(sql::CREATE),
                    &[
                        &t.id,
                        &t.kind,
                        &t.name,
                        &t.creator,
                        &t.schedule_key,
                        &t.status,
                        &int(t.starts_ms),
                        &int(t.minutes),
                        &int(t.rounds),
                        &int(t.initial_s),
                        &int(t.increment_s),
                        &int(t.max_players),
                        &t.state,
                        &int(t.version),
                        &int(t.created_ms),
                        &int(t.ended_ms),
                    ],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn tournament(&self, id: String) -> StoreFuture<'_, Option<TournamentRow>> {
        Box::pin(async move {
            Ok(self
                .t_rows(&numbered(sql::TOURNAMENT), &[&id], read_tournament)
                .await?
                .into_iter()
                .next())
        })
    }

    fn tournaments(&self, status: String, limit: u32) -> StoreFuture<'_, Vec<TournamentRow>> {
        Box::pin(async move {
            let sql = numbered(list_sql(&status));
            self.t_rows(&sql, &[&status, &i64::from(limit)], read_tournament)
                .await
        })
    }

    fn due_tournaments(
        &self,
        now: u64,
        after: Option<(u64, String)>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<TournamentRow>> {
        Box::pin(async move {
            let (starts, id) = after.map_or((-1, String::new()), |(s, id)| (int(s), id));
            let sql = numbered(DUE_TOURNAMENTS);
            self.t_rows(
                &sql,
                &[&int(now), &starts, &id, &i64::from(limit)],
                read_tournament,
            )
            .await
        })
    }

    fn open_created_by(&self, creator: String) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let n = self
                .t_rows(&numbered(sql::OPEN_CREATED_BY), &[&creator], |r| {
                    r.get::<_, i64>(0)
                })
                .await?;
            Ok(n.first().copied().unwrap_or(0).max(0) as u64)
        })
    }

    fn update_tournament(&self, t: TournamentRow) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let n = self
                .t_exec(
                    &numbered(sql::UPDATE),
                    &[
                        &t.id,
                        &int(t.version),
                        &t.status,
                        &t.state,
                        &int(t.ended_ms),
                    ],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn tournament_versions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        Box::pin(async move {
            self.t_rows(
                "SELECT id, version FROM tournaments WHERE id = ANY($1)",
                &[&ids],
                |r| (r.get::<_, String>(0), uint(r, 1)),
            )
            .await
        })
    }

    fn put_entry(&self, e: EntryRow, max_players: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            // The tournament's row is locked first (the version's bump): joins of one
            // tournament take turns, and each counts the players the one before committed.
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            tx.execute(&numbered(sql::BUMP), &[&e.tournament_id])
                .await
                .map_err(|e| self.failed(e))?;
            let n = tx
                .execute(
                    &numbered(PUT_ENTRY),
                    &[
                        &e.tournament_id,
                        &e.user_id,
                        &e.name,
                        &e.rating,
                        &e.state,
                        &int(e.joined_ms),
                        &int(max_players),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?;
            if n == 0 {
                // Full: nothing written (the bump is rolled back with the transaction).
                return Ok(false);
            }
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(true)
        })
    }

    fn remove_entry(&self, id: String, user: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.t_exec_bump(&numbered(sql::REMOVE_ENTRY), &[&id, &user], &id, false)
                .await?;
            Ok(())
        })
    }

    fn entries(&self, id: String) -> StoreFuture<'_, Vec<EntryRow>> {
        Box::pin(async move {
            self.t_rows(&numbered(sql::ENTRIES), &[&id], |r| read_entry(r, 0))
                .await
        })
    }

    fn tournaments_of(
        &self,
        user: String,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(TournamentRow, EntryRow)>> {
        Box::pin(async move {
            let sql = numbered(&tournaments_of_sql());
            self.t_rows(&sql, &[&user, &i64::from(limit)], |r| {
                (read_tournament(r), read_entry(r, 16))
            })
            .await
        })
    }

    fn add_pairings(&self, id: String, games: Vec<PairingRow>) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let st = tx
                .prepare(&numbered(sql::ADD_PAIRING))
                .await
                .map_err(|e| self.failed(e))?;
            for g in &games {
                tx.execute(
                    &st,
                    &[
                        &g.game_id,
                        &g.tournament_id,
                        &int(g.round),
                        &g.south,
                        &g.north,
                        &i64::from(g.south_berserk),
                        &i64::from(g.north_berserk),
                        &g.result,
                        &int(g.south_moves),
                        &int(g.north_moves),
                        &int(g.started_ms),
                        &int(g.ended_ms),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?;
            }
            tx.execute(&numbered(sql::BUMP), &[&id])
                .await
                .map_err(|e| self.failed(e))?;
            tx.commit().await.map_err(|e| self.failed(e))
        })
    }

    fn pairings(&self, id: String) -> StoreFuture<'_, Vec<PairingRow>> {
        Box::pin(async move {
            self.t_rows(&numbered(sql::PAIRINGS), &[&id], read_pairing)
                .await
        })
    }

    fn pairing(&self, game_id: String) -> StoreFuture<'_, Option<PairingRow>> {
        Box::pin(async move {
            Ok(self
                .t_rows(&numbered(sql::PAIRING), &[&game_id], read_pairing)
                .await?
                .into_iter()
                .next())
        })
    }

    fn set_result(&self, r: PairingResult) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let c = self.client().await?;
            let Some(id) = tournament_of_game(&c, &r.game_id)
                .await
                .map_err(|e| self.failed(e))?
            else {
                return Ok(false);
            };
            drop(c);
            let n = self
                .t_exec_bump(
                    &numbered(sql::SET_RESULT),
                    &[
                        &r.game_id,
                        &r.result,
                        &int(r.south_moves),
                        &int(r.north_moves),
                        &int(r.ended_ms),
                    ],
                    &id,
                    true,
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn set_berserk(&self, game_id: String, side: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            let Some(id) = tournament_of_game(&c, &game_id)
                .await
                .map_err(|e| self.failed(e))?
            else {
                return Ok(());
            };
            drop(c);
            let berserk = if side == "S" {
                sql::BERSERK_SOUTH
            } else {
                sql::BERSERK_NORTH
            };
            self.t_exec_bump(&numbered(berserk), &[&game_id], &id, true)
                .await?;
            Ok(())
        })
    }
}
