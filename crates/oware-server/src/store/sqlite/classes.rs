//! [`ClassStore`] on SQLite (`store/classes.rs`).

use rusqlite::{params, OptionalExtension, Row};

use super::SqliteStore;
use crate::store::classes::*;
use crate::store::{int, StoreFuture};

fn class_row(r: &Row<'_>) -> rusqlite::Result<ClassRow> {
    Ok(ClassRow {
        id: r.get(0)?,
        teacher: r.get(1)?,
        name: r.get(2)?,
        arena: r.get(3)?,
        created_ms: unsigned(r.get(4)?),
        pupils: u32::try_from(r.get::<_, i64>(5)?).unwrap_or(u32::MAX),
    })
}

fn pupil_row(r: &Row<'_>) -> rusqlite::Result<PupilRow> {
    Ok(PupilRow {
        user_id: r.get(0)?,
        class_id: r.get(1)?,
        name: r.get(2)?,
        username: r.get(3)?,
        open: r.get::<_, i64>(4)? != 0,
        count_level: u8::try_from(r.get::<_, i64>(5)?).unwrap_or(0),
        count_ms: unsigned(r.get(6)?),
    })
}

impl ClassStore for SqliteStore {
    fn create_class(&self, c: ClassRow) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            conn.execute(
                CREATE_CLASS,
                params![c.id, c.teacher, c.name, c.arena, int(c.created_ms)],
            )?;
            Ok(())
        })
    }

    fn classes_of(&self, teacher: String) -> StoreFuture<'_, Vec<ClassRow>> {
        self.run(move |conn| {
            let mut st = conn.prepare_cached(&classes_of_sql())?;
            let rows = st.query_map(params![teacher], class_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn class(&self, id: String) -> StoreFuture<'_, Option<ClassRow>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(&class_sql())?
                .query_row(params![id], class_row)
                .optional()?)
        })
    }

    fn class_of_arena(&self, tournament: String) -> StoreFuture<'_, Option<String>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(CLASS_OF_ARENA)?
                .query_row(params![tournament], |r| r.get::<_, String>(0))
                .optional()?)
        })
    }

    fn set_arena(&self, id: String, arena: String) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            conn.execute(SET_ARENA, params![id, arena])?;
            Ok(())
        })
    }

    fn delete_class(&self, id: String) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            let tx = conn.transaction()?;
            for sql in DELETE_CLASS {
                tx.execute(sql, params![id])?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn add_pupil(&self, p: NewPupil) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            conn.execute(
                ADD_PUPIL,
                params![p.user_id, p.class_id, p.name, int(p.at_ms)],
            )?;
            Ok(())
        })
    }

    fn pupils(&self, class_id: String) -> StoreFuture<'_, Vec<PupilRow>> {
        self.run(move |conn| {
            let mut st = conn.prepare_cached(&pupils_sql())?;
            let rows = st.query_map(params![class_id], pupil_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn pupil(&self, user_id: String) -> StoreFuture<'_, Option<PupilRow>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(&pupil_sql())?
                .query_row(params![user_id], pupil_row)
                .optional()?)
        })
    }

    fn set_open(&self, class_id: String, user_id: String, open: bool) -> StoreFuture<'_, bool> {
        self.run(move |conn| {
            let n = conn.execute(SET_OPEN, params![class_id, user_id, i64::from(open)])?;
            Ok(n == 1)
        })
    }

    fn counted(&self, user_id: String, level: u8, at_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            conn.execute(COUNTED, params![user_id, i64::from(level), int(at_ms)])?;
            Ok(())
        })
    }

    fn add_work(&self, w: WorkRow) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            conn.execute(
                ADD_WORK,
                params![w.id, w.class_id, w.kind, w.target, w.due, int(w.created_ms)],
            )?;
            Ok(())
        })
    }

    fn work(&self, class_id: String) -> StoreFuture<'_, Vec<WorkRow>> {
        self.run(move |conn| {
            let mut st = conn.prepare_cached(WORK_OF)?;
            let rows = st.query_map(params![class_id], |r| {
                Ok(WorkRow {
                    id: r.get(0)?,
                    class_id: r.get(1)?,
                    kind: r.get(2)?,
                    target: r.get(3)?,
                    due: r.get(4)?,
                    created_ms: unsigned(r.get(5)?),
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn delete_work(&self, class_id: String, id: String) -> StoreFuture<'_, bool> {
        self.run(move |conn| Ok(conn.execute(DELETE_WORK, params![class_id, id])? == 1))
    }

    fn class_stars(&self, class_id: String) -> StoreFuture<'_, Vec<PupilStars>> {
        self.run(move |conn| {
            let mut st = conn.prepare_cached(CLASS_STARS)?;
            let rows = st.query_map(params![class_id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    u32::try_from(r.get::<_, i64>(2)?).unwrap_or(0),
                    u8::try_from(r.get::<_, i64>(3)?).unwrap_or(0),
                    unsigned(r.get(4)?),
                ))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn class_rounds(&self, class_id: String) -> StoreFuture<'_, Vec<PupilRound>> {
        self.run(move |conn| {
            let mut st = conn.prepare_cached(CLASS_ROUNDS)?;
            let rows = st.query_map(params![class_id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)? != 0,
                    unsigned(r.get(3)?),
                ))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn spent(&self, on: TimeKey, at_ms: u64, gap_max_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |conn| {
            conn.execute(
                SPENT,
                params![on.user_id, on.kind, on.target, int(at_ms), int(gap_max_ms)],
            )?;
            Ok(())
        })
    }

    fn class_time(&self, class_id: String) -> StoreFuture<'_, Vec<PupilTime>> {
        self.run(move |conn| {
            let mut st = conn.prepare_cached(CLASS_TIME)?;
            let rows = st.query_map(params![class_id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    unsigned(r.get(3)?),
                ))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }
}
