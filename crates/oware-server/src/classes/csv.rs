//! The teacher's CSV file's fields: text quoted as spreadsheets read it, times and minutes.

/// Milliseconds as whole minutes, rounded to the nearest, for the CSV file.
pub(super) fn minutes(ms: u64) -> String {
    ((ms + 30_000) / 60_000).to_string()
}

/// One CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled);
/// a field a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) gets a `'` first.
pub(super) fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// `ms` (epoch) as `YYYY-MM-DD HH:MM` UTC.
pub(super) fn iso_time(ms: u64) -> String {
    let day = (ms / 86_400_000) as i64;
    let in_day = (ms % 86_400_000) / 60_000;
    format!(
        "{} {:02}:{:02}",
        crate::utc_date(day),
        in_day / 60,
        in_day % 60
    )
}
