//! The puzzles without the network: the shipped set, drawn and followed by the server's own
//! functions (`oware_puzzles::pick`, `oware_puzzles::views`).

use std::cell::OnceCell;

use oware_puzzles::views as pv;
use oware_puzzles::{pick, Puzzle, Theme};

use crate::{to_json, Request};

/// The most ids a `skip` list holds (the shipped set has 2,433 puzzles).
const SKIP_MAX: usize = 4000;

thread_local! {
    static SET: OnceCell<Result<Vec<Puzzle>, String>> = const { OnceCell::new() };
}

/// Answers a puzzle op with the shipped set (read the first time).
pub(crate) fn answer(r: &Request) -> Result<String, String> {
    SET.with(|cell| {
        let set = cell
            .get_or_init(|| oware_puzzles::shipped().map_err(|e| e.to_string()))
            .as_ref()?;
        op(set, r)
    })
}

fn find<'a>(set: &'a [Puzzle], id: Option<&str>) -> Result<&'a Puzzle, String> {
    let id = id.ok_or("no puzzle")?;
    set.iter().find(|p| p.id == id).ok_or_else(|| {
        let shown: String = id.chars().take(40).collect();
        format!("there is no puzzle \"{shown}\"")
    })
}

/// A puzzle as this module serves it: its starting rating, no rated rounds, no votes.
fn view(p: &Puzzle) -> oware_protocol::PuzzleView {
    pv::puzzle_view(p, p.rating as i32, 0, "offline".into(), (0, 0))
}

fn op(set: &[Puzzle], r: &Request) -> Result<String, String> {
    Ok(match r.op.as_str() {
        "puzzle-themes" => to_json(&pv::themes(set)),
        "puzzle" => to_json(&view(find(set, r.puzzle.as_deref())?)),
        "puzzle-daily" => {
            let day = r.day.ok_or("puzzle-daily: no day")?;
            if set.is_empty() {
                return Err("no puzzle".into());
            }
            to_json(&view(&set[oware_puzzles::daily_index(day, set.len())]))
        }
        "puzzle-next" => to_json(&view(next(set, r)?)),
        _ => {
            let p = find(set, r.puzzle.as_deref())?;
            let step = pv::follow(p, &r.moves).map_err(|e| e.to_string())?;
            let mut answer = step.answer(p);
            if step.over() {
                answer.unrated = Some("offline".into());
            }
            to_json(&answer)
        }
    })
}

/// The next puzzle, drawn as the server's `/api/puzzle/next` draws it, by the starting ratings.
fn next<'a>(set: &'a [Puzzle], r: &Request) -> Result<&'a Puzzle, String> {
    if r.skip.len() > SKIP_MAX {
        return Err(format!("puzzle-next: at most {SKIP_MAX} ids to skip"));
    }
    let theme = match r.theme.as_deref().filter(|t| !t.is_empty()) {
        None => None,
        Some(t) => Some(
            t.parse::<Theme>()
                .map_err(|_| format!("no theme \"{}\"", t.chars().take(40).collect::<String>()))?,
        ),
    };
    let target = match (r.streak, r.rating) {
        (Some(n), _) => pick::STREAK_START + pick::STREAK_STEP * f64::from(n.min(100)),
        (None, Some(x)) if x.is_finite() => x.clamp(0.0, 4000.0),
        _ => 1500.0,
    };
    let ratings: Vec<f64> = set.iter().map(|p| f64::from(p.rating)).collect();
    let skipped: std::collections::HashSet<&str> = r.skip.iter().map(String::as_str).collect();
    let after = r.after.as_deref();
    let fresh =
        |i: usize| skipped.contains(set[i].id.as_str()) || Some(set[i].id.as_str()) == after;
    let again = |i: usize| Some(set[i].id.as_str()) == after;
    let i = pick::draw(set, &ratings, theme, target, &fresh, r.roll)
        .or_else(|| pick::draw(set, &ratings, theme, target, &again, r.roll))
        .ok_or("no puzzle of this theme is left to play")?;
    Ok(&set[i])
}

#[cfg(test)]
mod tests {
    use crate::handle;

    fn call(request: &str) -> serde_json::Value {
        serde_json::from_str(&handle(request)).unwrap()
    }

    #[test]
    fn a_shipped_puzzle_is_served_and_its_round_followed_unrated() {
        let set = oware_puzzles::shipped().unwrap();
        let p = set.iter().find(|p| p.line.len() >= 3).unwrap();
        let v = call(&format!(r#"{{"op":"puzzle","puzzle":"{}"}}"#, p.id));
        assert_eq!(v["id"], p.id.as_str());
        assert!(
            v.get("line").is_none() && v.get("solution").is_none(),
            "{v}"
        );
        let line = p.line_text();
        let first = &line[..1];
        let a = call(&format!(
            r#"{{"op":"puzzle-round","puzzle":"{}","moves":"{first}"}}"#,
            p.id
        ));
        assert_eq!(a["result"], "continue", "{a}");
        assert!(a.get("solution").is_none(), "{a}");
        let moves: Vec<String> = line.chars().map(String::from).collect();
        let done = call(&format!(
            r#"{{"op":"puzzle-round","puzzle":"{}","moves":"{}"}}"#,
            p.id,
            moves.join(" ")
        ));
        assert_eq!(done["result"], "solved", "{done}");
        assert_eq!(
            (done["rated"].as_bool(), done["unrated"].as_str()),
            (Some(false), Some("offline"))
        );
        let illegal = call(&format!(
            r#"{{"op":"puzzle-round","puzzle":"{}","moves":"ZZ"}}"#,
            p.id
        ));
        assert!(illegal["error"].is_string(), "{illegal}");
        assert!(call(r#"{"op":"puzzle","puzzle":"nope"}"#)["error"].is_string());
    }

    #[test]
    fn next_daily_and_themes_answer_from_the_shipped_set() {
        let themes = call(r#"{"op":"puzzle-themes"}"#);
        assert!(!themes["themes"].as_array().unwrap().is_empty());
        let a = call(r#"{"op":"puzzle-next","rating":1500,"roll":3}"#);
        let id = a["id"].as_str().unwrap().to_string();
        let b = call(&format!(
            r#"{{"op":"puzzle-next","rating":1500,"roll":3,"skip":["{id}"]}}"#
        ));
        assert_ne!(b["id"].as_str().unwrap(), id);
        let d1 = call(r#"{"op":"puzzle-daily","day":20000}"#);
        let d2 = call(r#"{"op":"puzzle-daily","day":20000}"#);
        assert_eq!(d1["id"], d2["id"]);
        assert!(call(r#"{"op":"puzzle-next","theme":"nope"}"#)["error"].is_string());
        assert!(call(r#"{"op":"puzzle-daily"}"#)["error"].is_string());
    }
}
