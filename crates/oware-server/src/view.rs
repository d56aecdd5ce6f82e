//! The JSON the page receives, built: game state, move details, analysis events, each an
//! `oware_protocol` type filled from the rules core (the state's builder is
//! `oware_protocol::view`, shared with the page's WebAssembly core); the page only draws it.

use oware_core::{Game, Move, Side};
pub use oware_protocol::view::{
    explain_error, move_detail, ogn_text, ogn_text_with, position_view, state, GameSnapshot,
};
pub use oware_protocol::{AnalysisEvent, MoveDetailView, Purpose, StateView};

use crate::egdb_view::Tables;

/// The endgame database values of the legal moves of `game`'s position, for
/// [`GameSnapshot::egdb`]: `None` without tables, when they do not cover the position, or once
/// the game is over.
pub fn egdb_values(tables: Option<&Tables>, game: &Game) -> Option<Vec<oware_protocol::PitValue>> {
    if game.is_over() {
        return None;
    }
    tables.and_then(|t| crate::egdb_view::pit_values(t, game.position(), game.rules()))
}

/// The score for people, from the side to move's view, in the engine's wording: `+1.50`
/// (seeds), `win in 7` / `loss in 4` (plies), `proven win` / `proven loss`.
pub fn score_text(score: i32) -> String {
    oware_engine::score_to_text(score)
}

/// An analysis event from the engine's `info`.
pub fn analysis_event(
    seq: u64,
    purpose: Purpose,
    ply: usize,
    side: Side,
    info: &oware_engine::Info,
    best: Option<Option<Move>>,
) -> AnalysisEvent {
    let pv: Vec<char> = oware_core::movetext::letters(side, info.pv.iter().copied()).collect();
    let line_text = pv.iter().map(char::to_string).collect::<Vec<_>>().join(" ");
    AnalysisEvent {
        seq,
        purpose,
        ply,
        side,
        depth: info.depth,
        score: info.score,
        score_text: score_text(info.score),
        nodes: info.nodes,
        time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
        pv,
        done: best.is_some(),
        best: best.flatten().map(|m| m.letter(side)),
        line_text,
    }
}
