//! [`ClassStore`] on PostgreSQL (`store/classes.rs`).

use tokio_postgres::Row;

use super::PostgresStore;
use crate::store::classes::*;
use crate::store::{int, numbered, StoreFuture};

fn class_row(r: &Row) -> ClassRow {
    ClassRow {
        id: r.get(0),
        teacher: r.get(1),
        name: r.get(2),
        arena: r.get(3),
        created_ms: unsigned(r.get(4)),
        pupils: u32::try_from(r.get::<_, i64>(5)).unwrap_or(u32::MAX),
    }
}

fn pupil_row(r: &Row) -> PupilRow {
    PupilRow {
        user_id: r.get(0),
        class_id: r.get(1),
        name: r.get(2),
        username: r.get(3),
        open: r.get::<_, i64>(4) != 0,
        count_level: u8::try_from(r.get::<_, i64>(5)).unwrap_or(0),
        count_ms: unsigned(r.get(6)),
    }
}

impl ClassStore for PostgresStore {
    fn create_class(&self, c: ClassRow) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(CREATE_CLASS),
                &[&c.id, &c.teacher, &c.name, &c.arena, &int(c.created_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn classes_of(&self, teacher: String) -> StoreFuture<'_, Vec<ClassRow>> {
        Box::pin(async move {
            self.rows(&numbered(&classes_of_sql()), &[&teacher], class_row)
                .await
        })
    }

    fn class(&self, id: String) -> StoreFuture<'_, Option<ClassRow>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(&class_sql()), &[&id], class_row)
                .await?;
            Ok(rows.into_iter().next())
        })
    }

    fn class_of_arena(&self, tournament: String) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(CLASS_OF_ARENA), &[&tournament], |r| {
                    r.get::<_, String>(0)
                })
                .await?;
            Ok(rows.into_iter().next())
        })
    }

    fn set_arena(&self, id: String, arena: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(&numbered(SET_ARENA), &[&id, &arena]).await?;
            Ok(())
        })
    }

    fn delete_class(&self, id: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            for sql in DELETE_CLASS {
                tx.execute(&numbered(sql), &[&id])
                    .await
                    .map_err(|e| self.failed(e))?;
            }
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(())
        })
    }

    fn add_pupil(&self, p: NewPupil) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(ADD_PUPIL),
                &[&p.user_id, &p.class_id, &p.name, &int(p.at_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn pupils(&self, class_id: String) -> StoreFuture<'_, Vec<PupilRow>> {
        Box::pin(async move {
            self.rows(&numbered(&pupils_sql()), &[&class_id], pupil_row)
                .await
        })
    }

    fn pupil(&self, user_id: String) -> StoreFuture<'_, Option<PupilRow>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(&pupil_sql()), &[&user_id], pupil_row)
                .await?;
            Ok(rows.into_iter().next())
        })
    }

    fn set_open(&self, class_id: String, user_id: String, open: bool) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let n = self
                .exec(
                    &numbered(SET_OPEN),
                    &[&class_id, &user_id, &i64::from(open)],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn counted(&self, user_id: String, level: u8, at_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(COUNTED),
                &[&user_id, &i64::from(level), &int(at_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn add_work(&self, w: WorkRow) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(ADD_WORK),
                &[
                    &w.id,
                    &w.class_id,
                    &w.kind,
                    &w.target,
                    &w.due,
                    &int(w.created_ms),
                ],
            )
            .await?;
            Ok(())
        })
    }

    fn work(&self, class_id: String) -> StoreFuture<'_, Vec<WorkRow>> {
        Box::pin(async move {
            self.rows(&numbered(WORK_OF), &[&class_id], |r| WorkRow {
                id: r.get(0),
                class_id: r.get(1),
                kind: r.get(2),
                target: r.get(3),
                due: r.get(4),
                created_ms: unsigned(r.get(5)),
            })
            .await
        })
    }

    fn delete_work(&self, class_id: String, id: String) -> StoreFuture<'_, bool> {
        Box::pin(
            async move { Ok(self.exec(&numbered(DELETE_WORK), &[&class_id, &id]).await? == 1) },
        )
    }

    fn class_stars(&self, class_id: String) -> StoreFuture<'_, Vec<PupilStars>> {
        Box::pin(async move {
            self.rows(&numbered(CLASS_STARS), &[&class_id], |r| {
                (
                    r.get::<_, String>(0),
                    r.get::<_, String>(1),
                    u32::try_from(r.get::<_, i64>(2)).unwrap_or(0),
                    u8::try_from(r.get::<_, i64>(3)).unwrap_or(0),
                    unsigned(r.get(4)),
                )
            })
            .await
        })
    }

    fn class_rounds(&self, class_id: String) -> StoreFuture<'_, Vec<PupilRound>> {
        Box::pin(async move {
            self.rows(&numbered(CLASS_ROUNDS), &[&class_id], |r| {
                (
                    r.get::<_, String>(0),
                    r.get::<_, String>(1),
                    r.get::<_, i64>(2) != 0,
                    unsigned(r.get(3)),
                )
            })
            .await
        })
    }

    fn spent(&self, on: TimeKey, at_ms: u64, gap_max_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(SPENT),
                &[
                    &on.user_id,
                    &on.kind,
                    &on.target,
                    &int(at_ms),
                    &int(gap_max_ms),
                ],
            )
            .await?;
            Ok(())
        })
    }

    fn class_time(&self, class_id: String) -> StoreFuture<'_, Vec<PupilTime>> {
        Box::pin(async move {
            self.rows(&numbered(CLASS_TIME), &[&class_id], |r| {
                (
                    r.get::<_, String>(0),
                    r.get::<_, String>(1),
                    r.get::<_, String>(2),
                    unsigned(r.get(3)),
                )
            })
            .await
        })
    }
}
