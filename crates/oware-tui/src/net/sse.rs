//! The server-sent events of a game's stream: [`SseParser`] cuts the streaming body into
//! events (a few lines of our own: no second client just for SSE), looking at each byte once
//! and refusing a line or an event larger than [`MAX_EVENT`]; [`parse_update`] reads an
//! `update` event's data.

use crate::checked::{self, MAX_EVENT};
use crate::wire::GameState;

/// Reads the data of an `update` event (the protocol's [`UpdateEvent`](oware_protocol::UpdateEvent))
/// into a checked state; the error is a sentence for the status line.
pub fn parse_update(data: &str) -> Result<GameState, String> {
    let refused = |e: &dyn std::fmt::Display| {
        format!(
            "Refused the server's update: {}",
            checked::clean(&e.to_string())
        )
    };
    let update =
        serde_json::from_str::<oware_protocol::UpdateEvent>(data).map_err(|e| refused(&e))?;
    GameState::try_from(update.state).map_err(|e| refused(&e))
}

/// One server-sent event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// Its name (`message` when the stream gave none).
    pub name: String,
    /// Its data lines, joined by newlines.
    pub data: String,
}

/// Why an event stream is given up: it breaks the limits of [`MAX_EVENT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SseError {
    /// A line (a field) longer than [`MAX_EVENT`] bytes, or with no end in sight past it.
    LineTooLong,
    /// An event whose data lines add up to more than [`MAX_EVENT`] bytes.
    EventTooLarge,
}

impl std::fmt::Display for SseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self {
            SseError::LineTooLong => "an event line",
            SseError::EventTooLarge => "an event",
        };
        write!(
            f,
            "the server sent {what} larger than {} MiB",
            MAX_EVENT >> 20
        )
    }
}

impl std::error::Error for SseError {}

/// The event being read: its name and data lines so far.
#[derive(Debug, Default)]
struct Pending {
    name: String,
    data: String,
    has_data: bool,
}

/// Cuts a byte stream into server-sent events (the `text/event-stream` format: `event:` and
/// `data:` fields, comments starting with `:`, a blank line ending each event), whatever the
/// chunks' boundaries.
///
/// Linear in the bytes fed: each byte is looked at once for a line end (the scan goes on where
/// the last one stopped, [`SseParser::scanned`] counts it) and moved at most once when the
/// lines read are dropped from the buffer. A line or an event larger than [`MAX_EVENT`] is an
/// error, after which the parser is not to be fed again.
#[derive(Debug, Default)]
pub struct SseParser {
    buf: Vec<u8>,
    /// How much of `buf` has been looked at for a line end.
    seen: usize,
    pending: Pending,
    scanned: u64,
}

impl SseParser {
    /// Feeds bytes; returns the events they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<SseEvent>, SseError> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        // The start of the line being read.
        let mut start = 0;
        loop {
            let from = self.seen;
            let Some(at) = self.buf[from..].iter().position(|&b| b == b'\n') else {
                self.scanned += (self.buf.len() - from) as u64;
                self.seen = self.buf.len();
                break;
            };
            self.scanned += (at + 1) as u64;
            let end = from + at;
            if end - start > MAX_EVENT {
                return Err(SseError::LineTooLong);
            }
            Self::line(&mut self.pending, &mut out, &self.buf[start..end])?;
            start = end + 1;
            self.seen = start;
        }
        // One move of the rest (the partial line) per call, not one per line.
        self.buf.drain(..start);
        self.seen -= start;
        if self.buf.len() > MAX_EVENT {
            return Err(SseError::LineTooLong);
        }
        Ok(out)
    }

    /// The bytes looked at for a line end so far: never more than the bytes fed.
    pub fn scanned(&self) -> u64 {
        self.scanned
    }

    fn line(p: &mut Pending, out: &mut Vec<SseEvent>, raw: &[u8]) -> Result<(), SseError> {
        let line = String::from_utf8_lossy(raw);
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.is_empty() {
            if p.has_data {
                out.push(SseEvent {
                    name: if p.name.is_empty() {
                        "message".into()
                    } else {
                        std::mem::take(&mut p.name)
                    },
                    data: std::mem::take(&mut p.data),
                });
            }
            *p = Pending::default();
            return Ok(());
        }
        if line.starts_with(':') {
            return Ok(());
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        match field {
            "event" => p.name = value.to_string(),
            "data" => {
                if p.data.len() + value.len() + 1 > MAX_EVENT {
                    return Err(SseError::EventTooLarge);
                }
                if p.has_data {
                    p.data.push('\n');
                }
                p.data.push_str(value);
                p.has_data = true;
            }
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_cut_whatever_the_chunks() {
        let stream = b": keep-alive\n\nevent: update\ndata: {\"a\":1}\n\nevent: thinking\r\ndata: x\r\ndata: y\r\n\r\ndata: plain\n\n";
        let whole = SseParser::default().push(stream).unwrap();
        assert_eq!(
            whole,
            vec![
                SseEvent {
                    name: "update".into(),
                    data: "{\"a\":1}".into()
                },
                SseEvent {
                    name: "thinking".into(),
                    data: "x\ny".into()
                },
                SseEvent {
                    name: "message".into(),
                    data: "plain".into()
                },
            ]
        );
        for size in 1..7 {
            let mut p = SseParser::default();
            let got: Vec<SseEvent> = stream
                .chunks(size)
                .flat_map(|c| p.push(c).unwrap())
                .collect();
            assert_eq!(got, whole, "chunks of {size}");
        }
    }

    #[test]
    fn the_event_parser_looks_at_each_byte_once() {
        // Line-less input in small chunks: the old parser rescanned its whole buffer on each
        // chunk (n²/2 bytes looked at); this one goes on where it stopped.
        let mut p = SseParser::default();
        let chunk = [b'x'; 1000];
        for _ in 0..1000 {
            assert_eq!(p.push(&chunk), Ok(vec![]));
        }
        assert_eq!(p.scanned(), 1_000_000);
        // Many short lines in one chunk, then the end of the line-less one: still each byte once.
        let mut lines = b"\n".to_vec();
        for i in 0..10_000 {
            lines.extend_from_slice(format!("data: {i}\n\n").as_bytes());
        }
        let got = p.push(&lines).unwrap();
        assert_eq!(got.len(), 10_000);
        assert_eq!(got[9_999].data, "9999");
        assert_eq!(p.scanned(), 1_000_000 + lines.len() as u64);
    }

    #[test]
    fn an_event_line_or_event_past_the_limit_is_an_error() {
        let mut p = SseParser::default();
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
        assert_eq!(err, SseError::LineTooLong);
        assert_eq!(
            err.to_string(),
            "the server sent an event line larger than 1 MiB"
        );
        // A line just under the limit is read.
        let line = format!("data: {}\n\n", "b".repeat(MAX_EVENT - 7));
        let got = SseParser::default().push(line.as_bytes()).unwrap();
        assert_eq!(got[0].data.len(), MAX_EVENT - 7);
        // Data lines that add up past the limit.
        let mut p = SseParser::default();
        let half = format!("data: {}\n", "c".repeat(MAX_EVENT / 2));
        assert_eq!(p.push(half.as_bytes()), Ok(vec![]));
        assert_eq!(p.push(half.as_bytes()), Err(SseError::EventTooLarge));
    }
}
