//! What the examples share (`mod common;` in each): one player's event stream.

use std::collections::VecDeque;
use std::time::Instant;

use oware_protocol::sse::{Frame, FrameParser};
use serde_json::Value;

/// One player's event stream: `update` events' states, read as they come (cut by the
/// protocol's reader).
pub struct Stream {
    resp: reqwest::Response,
    parser: FrameParser,
    /// Frames read and not yet looked at.
    ready: VecDeque<Frame>,
}

impl Stream {
    /// Sends `req` (a `GET` of a game's events) and holds its answer's stream.
    pub async fn open(req: reqwest::RequestBuilder) -> Result<Stream, reqwest::Error> {
        let resp = req.send().await?.error_for_status()?;
        Ok(Stream {
            resp,
            parser: FrameParser::default(),
            ready: VecDeque::new(),
        })
    }

    /// The next `update` event's state (other events, and updates whose data is not JSON,
    /// skipped); `None` when the stream ended or broke the reader's cap (1 MiB a line or an
    /// event).
    pub async fn next_state(&mut self) -> Result<Option<Value>, reqwest::Error> {
        loop {
            while let Some(frame) = self.ready.pop_front() {
                if frame.event.as_deref() != Some("update") {
                    continue;
                }
                if let Ok(v) = serde_json::from_str::<Value>(&frame.data) {
                    return Ok(Some(v["state"].clone()));
                }
            }
            let Some(chunk) = self.resp.chunk().await? else {
                return Ok(None);
            };
            match self.parser.push(&chunk) {
                Ok(frames) => self.ready.extend(frames),
                Err(_) => return Ok(None),
            }
        }
    }

    /// Reads until a state at `ply` or later; answers when it arrived.
    pub async fn until_ply(
        &mut self,
        ply: u64,
    ) -> Result<Option<(Instant, Value)>, reqwest::Error> {
        while let Some(st) = self.next_state().await? {
            if st["ply"].as_u64().unwrap_or(0) >= ply {
                return Ok(Some((Instant::now(), st)));
            }
        }
        Ok(None)
    }
}
