//! [`SearchStore`] on SQLite (`store/search.rs`).

use rusqlite::types::Value;
use rusqlite::{params, params_from_iter};

use super::SqliteStore;
use crate::store::search::{search_sql, Arg, SearchQuery, SearchRow, SearchStore, RECORD};
use crate::store::{int, StoreFuture};

fn value(a: Arg) -> Value {
    match a {
        Arg::Text(t) => Value::Text(t),
        Arg::Int(i) => Value::Integer(i),
    }
}

fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<SearchRow> {
    Ok(SearchRow {
        game_id: r.get(0)?,
        side: r.get(1)?,
        user_id: r.get(2)?,
        opponent_id: r.get(3)?,
        opponent_name: r.get(4)?,
        result: r.get(5)?,
        rated: r.get::<_, i64>(6)? != 0,
        control: r.get(7)?,
        ending: r.get(8)?,
        plies: r.get::<_, i64>(9)?.max(0) as u64,
        opening: r.get(10)?,
        at_ms: r.get::<_, i64>(11)?.max(0) as u64,
    })
}

impl SearchStore for SqliteStore {
    fn record(&self, rows: Vec<SearchRow>) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            {
                let mut st = tx.prepare_cached(RECORD)?;
                for r in rows {
                    st.execute(params![
                        r.game_id,
                        r.side,
                        r.user_id,
                        r.opponent_id,
                        r.opponent_name,
                        r.result,
                        i64::from(r.rated),
                        r.control,
                        r.ending,
                        int(r.plies),
                        r.opening,
                        int(r.at_ms)
                    ])?;
                }
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn search(&self, q: SearchQuery) -> StoreFuture<'_, Vec<SearchRow>> {
        self.run(move |c| {
            let (sql, args) = search_sql(&q);
            let mut st = c.prepare_cached(&sql)?;
            let rows = st
                .query_map(params_from_iter(args.into_iter().map(value)), read)?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }

    fn explain(&self, q: SearchQuery) -> StoreFuture<'_, String> {
        self.run(move |c| {
            let (sql, args) = search_sql(&q);
            let mut st = c.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
            let lines = st
                .query_map(params_from_iter(args.into_iter().map(value)), |r| {
                    r.get::<_, String>(3)
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(lines.join("\n"))
        })
    }
}
