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

    /// The next `update` event's ply and data (other events, and updates whose data is not
    /// JSON, skipped); `None` when the stream ended or broke the reader's cap (1 MiB a line or
    /// an event). Only the ply is read: the generator reads the rest of the few states it
    /// plays from, so that its own CPU goes less to states it skips.
    async fn next_update(&mut self) -> Result<Option<(u64, String)>, reqwest::Error> {
        #[derive(serde::Deserialize)]
        struct Update {
            state: Ply,
        }
        #[derive(serde::Deserialize)]
        struct Ply {
            #[serde(default)]
            ply: u64,
        }
        loop {
            while let Some(frame) = self.ready.pop_front() {
                if frame.event.as_deref() != Some("update") {
                    continue;
                }
                if let Ok(u) = serde_json::from_str::<Update>(&frame.data) {
                    return Ok(Some((u.state.ply, frame.data)));
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

    /// Reads until a state at `ply` or later; answers when it arrived, and the state.
    #[allow(dead_code)] // not every example reads the state
    pub async fn until_ply(
        &mut self,
        ply: u64,
    ) -> Result<Option<(Instant, Value)>, reqwest::Error> {
        while let Some((at, data)) = self.next_update().await? {
            if at >= ply {
                let arrived = Instant::now();
                let v: Value = serde_json::from_str(&data).unwrap_or(Value::Null);
                return Ok(Some((arrived, v["state"].clone())));
            }
        }
        Ok(None)
    }

    /// Reads until a state at `ply` or later without reading the state; answers when it
    /// arrived.
    #[allow(dead_code)] // not every example skips states
    pub async fn reach_ply(&mut self, ply: u64) -> Result<Option<Instant>, reqwest::Error> {
        while let Some((at, _)) = self.next_update().await? {
            if at >= ply {
                return Ok(Some(Instant::now()));
            }
        }
        Ok(None)
    }
}
