//! [`SearchStore`] on PostgreSQL (`store/search.rs`).

use tokio_postgres::types::ToSql;

use super::PostgresStore;
use crate::store::search::{search_sql, Arg, SearchQuery, SearchRow, SearchStore, RECORD};
use crate::store::{int, numbered, StoreFuture};

fn read(r: &tokio_postgres::Row) -> SearchRow {
    SearchRow {
        game_id: r.get(0),
        side: r.get(1),
        user_id: r.get(2),
        opponent_id: r.get(3),
        opponent_name: r.get(4),
        result: r.get(5),
        rated: r.get::<_, i64>(6) != 0,
        control: r.get(7),
        ending: r.get(8),
        plies: r.get::<_, i64>(9).max(0) as u64,
        opening: r.get(10),
        at_ms: r.get::<_, i64>(11).max(0) as u64,
    }
}

/// A parameter as PostgreSQL's value.
type Value = Box<dyn ToSql + Sync + Send>;

/// `q`'s statement (PostgreSQL's placeholders) and its parameters.
fn statement(q: &SearchQuery) -> (String, Vec<Value>) {
    let (sql, args) = search_sql(q);
    let values = args
        .into_iter()
        .map(|a| -> Value {
            match a {
                Arg::Text(t) => Box::new(t),
                Arg::Int(i) => Box::new(i),
            }
        })
        .collect();
    (numbered(&sql), values)
}

/// The parameters as a statement takes them.
fn refs(values: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    values
        .iter()
        .map(|v| v.as_ref() as &(dyn ToSql + Sync))
        .collect()
}

impl SearchStore for PostgresStore {
    fn record(&self, rows: Vec<SearchRow>) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let sql = numbered(RECORD);
            for r in rows {
                let rated = i64::from(r.rated);
                let (plies, at) = (int(r.plies), int(r.at_ms));
                self.exec(
                    &sql,
                    &[
                        &r.game_id,
                        &r.side,
                        &r.user_id,
                        &r.opponent_id,
                        &r.opponent_name,
                        &r.result,
                        &rated,
                        &r.control,
                        &r.ending,
                        &plies,
                        &r.opening,
                        &at,
                    ],
                )
                .await?;
            }
            Ok(())
        })
    }

    fn search(&self, q: SearchQuery) -> StoreFuture<'_, Vec<SearchRow>> {
        Box::pin(async move {
            let (sql, values) = statement(&q);
            self.rows(&sql, &refs(&values), read).await
        })
    }

    fn explain(&self, q: SearchQuery) -> StoreFuture<'_, String> {
        Box::pin(async move {
            let (sql, values) = statement(&q);
            let c = self.client().await?;
            let tx_sql = format!("EXPLAIN {sql}");
            // A test's table is small enough for a sequential scan to be cheapest; a site's is
            // not. The plan is asked as the planner would choose for many rows.
            c.batch_execute("SET enable_seqscan = off")
                .await
                .map_err(|e| self.failed(e))?;
            let rows = c.query(&tx_sql, &refs(&values)).await;
            let reset = c.batch_execute("RESET enable_seqscan").await;
            let rows = rows.map_err(|e| self.failed(e))?;
            reset.map_err(|e| self.failed(e))?;
            Ok(rows
                .iter()
                .map(|r| r.get::<_, String>(0))
                .collect::<Vec<_>>()
                .join("\n"))
        })
    }
}
