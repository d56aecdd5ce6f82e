//! What the examples share (`mod common;` in each): one player's event stream.

use std::time::Instant;

use serde_json::Value;

/// One player's event stream: `update` events' states, read as they come.
pub struct Stream {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl Stream {
    /// Sends `req` (a `GET` of a game's events) and holds its answer's stream.
    pub async fn open(req: reqwest::RequestBuilder) -> Result<Stream, reqwest::Error> {
        let resp = req.send().await?.error_for_status()?;
        Ok(Stream {
            resp,
            buf: Vec::new(),
        })
    }

    /// The next `update` event's state (other events skipped); `None` when the stream ended.
    pub async fn next_state(&mut self) -> Result<Option<Value>, reqwest::Error> {
        loop {
            if let Some(end) = self.buf.windows(2).position(|w| w == b"\n\n") {
                let block: Vec<u8> = self.buf.drain(..end + 2).collect();
                let block = String::from_utf8_lossy(&block);
                let mut update = false;
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        update = v.trim() == "update";
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if update {
                    if let Ok(v) = serde_json::from_str::<Value>(&data) {
                        return Ok(Some(v["state"].clone()));
                    }
                }
                continue;
            }
            match self.resp.chunk().await? {
                Some(c) => self.buf.extend_from_slice(&c),
                None => return Ok(None),
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
