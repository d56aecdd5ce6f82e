//! [`LessonStore`] on SQLite (`store/lessons.rs`).

use rusqlite::{params, OptionalExtension};

use super::SqliteStore;
use crate::store::lessons::{
    LessonStore, StarsRow, FORGET_TRIES, MISSED, SAVE_STARS, STARS_OF, TRIES_OF,
};
use crate::store::{int, StoreFuture};

impl LessonStore for SqliteStore {
    fn save_stars(&self, user: String, rows: Vec<StarsRow>, at_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            for (lesson, step, stars) in rows {
                tx.execute(
                    SAVE_STARS,
                    params![user, lesson, i64::from(step), i64::from(stars), int(at_ms)],
                )?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn stars(&self, user: String) -> StoreFuture<'_, Vec<StarsRow>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(STARS_OF)?;
            let rows = st.query_map(params![user], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    u32::try_from(r.get::<_, i64>(1)?).unwrap_or(0),
                    u8::try_from(r.get::<_, i64>(2)?).unwrap_or(0),
                ))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn missed(&self, user: String, lesson: String, step: u32, hinted: bool) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(
                MISSED,
                params![user, lesson, i64::from(step), i64::from(hinted)],
            )?;
            Ok(())
        })
    }

    fn solved(&self, user: String, lesson: String, step: u32) -> StoreFuture<'_, (u32, bool)> {
        self.run(move |c| {
            let tx = c.transaction()?;
            let tries = tx
                .query_row(TRIES_OF, params![user, lesson, i64::from(step)], |r| {
                    Ok((
                        u32::try_from(r.get::<_, i64>(0)?).unwrap_or(u32::MAX),
                        r.get::<_, i64>(1)? != 0,
                    ))
                })
                .optional()?
                .unwrap_or((0, false));
            tx.execute(FORGET_TRIES, params![user, lesson, i64::from(step)])?;
            tx.commit()?;
            Ok(tries)
        })
    }
}
