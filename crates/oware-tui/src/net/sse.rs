//! The server-sent events of a game's stream: the protocol's one event-stream reader
//! ([`oware_protocol::sse::FrameParser`], no second client just for SSE) cuts the streaming
//! body into events, looking at each byte once; [`event_parser`] gives it the client's limit
//! [`MAX_EVENT`] and [`refusal`] words its errors; [`parse_update`] reads an `update` event's
//! data.

use oware_protocol::sse::{FrameError, FrameParser};

use crate::checked::{self, MAX_EVENT};
use crate::lang::t;
use crate::wire::GameState;
use oware_protocol::StateView;

/// Reads the data of an `update` event (the protocol's [`UpdateEvent`](oware_protocol::UpdateEvent))
/// into a checked state; the error is a sentence for the status line.
pub fn parse_update(data: &str) -> Result<GameState, String> {
    GameState::try_from(read_update(data)?).map_err(|e| refused(&e))
}

/// The state an `update` event carries, as sent: perhaps only the end of the record
/// (`since`), which [`Whole::join`] completes.
pub fn read_update(data: &str) -> Result<StateView, String> {
    let update =
        serde_json::from_str::<oware_protocol::UpdateEvent>(data).map_err(|e| refused(&e))?;
    Ok(update.state)
}

/// What the status line says of an update it could not read.
fn refused(e: &dyn std::fmt::Display) -> String {
    t(
        "term-update-refused",
        &[("error", checked::clean(&e.to_string()).into())],
    )
}

/// The last whole state of a stream, to which updates carrying only the end of the record
/// (every one after the stream's first) are joined.
#[derive(Default)]
pub struct Whole {
    held: Option<StateView>,
}

impl Whole {
    /// `state` made whole and checked, `Ok(None)` when it cannot be joined to what is held
    /// (an update was missed): the caller then asks for the whole state and gives it to
    /// [`Whole::join`] again.
    pub fn join(&mut self, state: StateView) -> Result<Option<GameState>, String> {
        let whole = match &self.held {
            Some(held) => state.completed(held),
            None => state.since.is_none().then_some(state),
        };
        let Some(whole) = whole else {
            return Ok(None);
        };
        let checked = GameState::try_from(whole.clone()).map_err(|e| refused(&e))?;
        self.held = Some(whole);
        Ok(Some(checked))
    }
}

/// The parser of a game's event stream with the client's limit: a line, or an event's data,
/// larger than [`MAX_EVENT`] gives the stream up ([`refusal`] says so).
pub fn event_parser() -> FrameParser {
    FrameParser::new(MAX_EVENT)
}

/// Why an event stream is given up, as the status line says it.
pub fn refusal(e: &FrameError) -> String {
    let id = match e {
        FrameError::LineTooLong { .. } => "term-event-line-too-large",
        FrameError::FrameTooLarge { .. } => "term-event-too-large",
    };
    t(id, &[("mib", (MAX_EVENT >> 20).into())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_line_or_event_past_the_limit_is_refused_in_the_clients_words() {
        // The parsing itself is `oware_protocol::sse`'s and tested there; here the client's
        // limit and its sentences.
        let mut p = event_parser();
        let chunk = vec![b'a'; 64 * 1024];
        let mut fed = 0;
        let err = loop {
            match p.push(&chunk) {
                Ok(events) => assert!(events.is_empty()),
                Err(e) => break e,
            }
            fed += chunk.len();
            assert!(fed <= MAX_EVENT, "{fed} bytes kept without a line end");
        };
        assert_eq!(
            refusal(&err),
            "the server sent an event line larger than 1 MiB"
        );
        // A line just under the limit is read.
        let line = format!("data: {}\n\n", "b".repeat(MAX_EVENT - 7));
        let got = event_parser().push(line.as_bytes()).unwrap();
        assert_eq!(got[0].data.len(), MAX_EVENT - 7);
        assert_eq!(got[0].name(), "message");
        // Data lines that add up past the limit.
        let mut p = event_parser();
        let half = format!("data: {}\n", "c".repeat(MAX_EVENT / 2));
        assert_eq!(p.push(half.as_bytes()), Ok(vec![]));
        let err = p.push(half.as_bytes()).unwrap_err();
        assert_eq!(refusal(&err), "the server sent an event larger than 1 MiB");
    }
}
