//! [`LessonStore`] on PostgreSQL (`store/lessons.rs`).

use super::PostgresStore;
use crate::store::lessons::{
    LessonStore, StarsRow, FORGET_TRIES, MISSED, SAVE_STARS, STARS_OF, TRIES_OF,
};
use crate::store::{int, numbered, StoreFuture};

impl LessonStore for PostgresStore {
    fn save_stars(&self, user: String, rows: Vec<StarsRow>, at_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let sql = numbered(SAVE_STARS);
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            for (lesson, step, stars) in rows {
                tx.execute(
                    &sql,
                    &[
                        &user,
                        &lesson,
                        &i64::from(step),
                        &i64::from(stars),
                        &int(at_ms),
                    ],
                )
                .await
                .map_err(|e| self.failed(e))?;
            }
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(())
        })
    }

    fn stars(&self, user: String) -> StoreFuture<'_, Vec<StarsRow>> {
        Box::pin(async move {
            self.rows(&numbered(STARS_OF), &[&user], |r| {
                (
                    r.get::<_, String>(0),
                    u32::try_from(r.get::<_, i64>(1)).unwrap_or(0),
                    u8::try_from(r.get::<_, i64>(2)).unwrap_or(0),
                )
            })
            .await
        })
    }

    fn missed(&self, user: String, lesson: String, step: u32, hinted: bool) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.exec(
                &numbered(MISSED),
                &[&user, &lesson, &i64::from(step), &i64::from(hinted)],
            )
            .await?;
            Ok(())
        })
    }

    fn solved(&self, user: String, lesson: String, step: u32) -> StoreFuture<'_, (u32, bool)> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let step = i64::from(step);
            let row = tx
                .query_opt(&numbered(TRIES_OF), &[&user, &lesson, &step])
                .await
                .map_err(|e| self.failed(e))?;
            let tries = row.map_or((0, false), |r| {
                (
                    u32::try_from(r.get::<_, i64>(0)).unwrap_or(u32::MAX),
                    r.get::<_, i64>(1) != 0,
                )
            });
            tx.execute(&numbered(FORGET_TRIES), &[&user, &lesson, &step])
                .await
                .map_err(|e| self.failed(e))?;
            tx.commit().await.map_err(|e| self.failed(e))?;
            Ok(tries)
        })
    }
}
