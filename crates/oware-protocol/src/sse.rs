//! The one reader of `text/event-stream` bodies (server-sent events) in the workspace: the
//! server's game, lobby, pool and tournament streams as the terminal client, the tests and the
//! examples read them. [`FrameParser`] is fed the body in chunks cut anywhere and answers the
//! complete [`Frame`]s.
//!
//! It follows the WHATWG rules for interpreting an event stream:
//!
//! - lines end with `\n`, `\r\n` or `\r` (a `\r\n` cut between two chunks is one line end);
//!   one byte order mark at the very start of the stream is dropped;
//! - a line `field: value` sets a field, one space after the colon is not part of the value; a
//!   line without a colon is the field with an empty value;
//! - a line starting with `:` is a comment, ignored (the server's keep-alives);
//! - `data` lines add to the frame's data, joined with `\n`; `event` names the frame; `id` sets
//!   the last event id, which every later frame carries until the next `id` (an empty one clears
//!   it, one holding a NUL byte is ignored); `retry` and unknown fields are ignored;
//! - a blank line ends the frame; a frame without any `data` line is not emitted (its `event`
//!   is forgotten).
//!
//! Bytes that are not UTF-8 are replaced with U+FFFD (as `String::from_utf8_lossy` does), never
//! an error: a stream is text, and what a client does with a broken text is its own business.
//!
//! It is bounded and linear. A line longer than the cap (in bytes, line end excluded) is
//! [`FrameError::LineTooLong`], refused as soon as the cap is passed, before its end is seen; a
//! frame whose data grows past the cap is [`FrameError::FrameTooLarge`]. Only the unfinished
//! line is kept between chunks, so the parser holds a few times the cap at most, whatever the
//! size of the chunks. Each byte fed is looked at once: the search for a line end goes through
//! each chunk once and never goes back over bytes kept from before ([`FrameParser::scanned`]
//! counts them).

/// The cap of [`FrameParser::default`]: 1 MiB.
pub const DEFAULT_CAP: usize = 1 << 20;

/// One complete server-sent event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// Its `event` field; `None` when it had none or an empty one, which an event stream calls
    /// `message` ([`Frame::name`]). Kept apart so that a reader can tell an unnamed frame.
    pub event: Option<String>,
    /// Its `data` lines, joined with `\n` (no `\n` at the end).
    pub data: String,
    /// The last event id at this frame: the value of the stream's latest `id` field, in this
    /// frame or an earlier one; `None` before any or after an empty one.
    pub id: Option<String>,
}

impl Frame {
    /// Its name: the `event` field, or `message` without one.
    pub fn name(&self) -> &str {
        self.event.as_deref().unwrap_or("message")
    }
}

/// Why a stream is refused: it broke the parser's cap. After one, the parser answers the same
/// error to every later chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// A line longer than the cap.
    #[error("an event-stream line is longer than {cap} bytes")]
    LineTooLong {
        /// The parser's cap, in bytes.
        cap: usize,
    },
    /// A frame whose data lines add up to more than the cap.
    #[error("an event's data is larger than {cap} bytes")]
    FrameTooLarge {
        /// The parser's cap, in bytes.
        cap: usize,
    },
}

/// The UTF-8 byte order mark, dropped at the start of a stream.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Cuts an event stream into [`Frame`]s, whatever the chunks' boundaries (see the module).
#[derive(Debug)]
pub struct FrameParser {
    cap: usize,
    /// The unfinished line: the bytes after the last line end of the chunks so far. It never
    /// holds a line end and never more than `cap` bytes.
    line: Vec<u8>,
    /// The last chunk ended with `\r`: a `\n` starting the next one belongs to that line end.
    after_cr: bool,
    /// A line has been read (the byte order mark is only dropped from the first).
    started: bool,
    /// The frame being read: its `event`, its data, whether it has a `data` line.
    event: String,
    data: String,
    has_data: bool,
    /// The last event id.
    last_id: Option<String>,
    /// The bytes looked at for a line end.
    scanned: u64,
    /// The error that ended the stream.
    failed: Option<FrameError>,
}

impl Default for FrameParser {
    /// A parser with a cap of [`DEFAULT_CAP`] (1 MiB).
    fn default() -> Self {
        FrameParser::new(DEFAULT_CAP)
    }
}

impl FrameParser {
    /// A parser refusing a line or a frame's data longer than `cap_bytes`.
    pub fn new(cap_bytes: usize) -> FrameParser {
        FrameParser {
            cap: cap_bytes,
            line: Vec::new(),
            after_cr: false,
            started: false,
            event: String::new(),
            data: String::new(),
            has_data: false,
            last_id: None,
            scanned: 0,
            failed: None,
        }
    }

    /// Feeds the next chunk of the stream (any length, cut anywhere); answers the frames it
    /// completes, in order. On an error the stream is given up: the frames the same chunk
    /// completed are not answered, and every later call answers the same error.
    pub fn push(&mut self, chunk: &[u8]) -> Result<Vec<Frame>, FrameError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let read = self.feed(chunk);
        if let Err(e) = read {
            self.failed = Some(e);
            // Nothing more will be read: give the memory back.
            self.line = Vec::new();
            self.data = String::new();
            self.event = String::new();
        }
        read
    }

    /// The bytes looked at for a line end so far: the bytes fed (up to an error), each once.
    pub fn scanned(&self) -> u64 {
        self.scanned
    }

    fn feed(&mut self, mut chunk: &[u8]) -> Result<Vec<Frame>, FrameError> {
        let mut out = Vec::new();
        if self.after_cr && !chunk.is_empty() {
            self.after_cr = false;
            if chunk[0] == b'\n' {
                self.scanned += 1;
                chunk = &chunk[1..];
            }
        }
        loop {
            let Some(at) = chunk.iter().position(|&b| b == b'\n' || b == b'\r') else {
                self.scanned += chunk.len() as u64;
                if self.line.len() + chunk.len() > self.cap {
                    return Err(FrameError::LineTooLong { cap: self.cap });
                }
                self.line.extend_from_slice(chunk);
                return Ok(out);
            };
            self.scanned += at as u64 + 1;
            if self.line.len() + at > self.cap {
                return Err(FrameError::LineTooLong { cap: self.cap });
            }
            if self.line.is_empty() {
                self.line_read(&chunk[..at], &mut out)?;
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.extend_from_slice(&chunk[..at]);
                self.line_read(&line, &mut out)?;
                line.clear();
                self.line = line;
            }
            let cr = chunk[at] == b'\r';
            chunk = &chunk[at + 1..];
            if cr {
                match chunk.first() {
                    Some(b'\n') => {
                        self.scanned += 1;
                        chunk = &chunk[1..];
                    }
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
        }
    }

    /// One complete line, without its line end.
    fn line_read(&mut self, mut raw: &[u8], out: &mut Vec<Frame>) -> Result<(), FrameError> {
        if !self.started {
            self.started = true;
            raw = raw.strip_prefix(BOM).unwrap_or(raw);
        }
        if raw.is_empty() {
            self.dispatch(out);
            return Ok(());
        }
        if raw[0] == b':' {
            return Ok(());
        }
        let (field, value) = match raw.iter().position(|&b| b == b':') {
            Some(colon) => {
                let value = &raw[colon + 1..];
                (&raw[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (raw, &[][..]),
        };
        match field {
            b"event" => self.event = String::from_utf8_lossy(value).into_owned(),
            b"data" => {
                let value = String::from_utf8_lossy(value);
                let joint = usize::from(self.has_data);
                if self.data.len() + joint + value.len() > self.cap {
                    return Err(FrameError::FrameTooLarge { cap: self.cap });
                }
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(&value);
                self.has_data = true;
            }
            b"id" if !value.contains(&0) => {
                self.last_id =
                    (!value.is_empty()).then(|| String::from_utf8_lossy(value).into_owned());
            }
            _ => {}
        }
        Ok(())
    }

    /// A blank line: the frame read so far, if it has data.
    fn dispatch(&mut self, out: &mut Vec<Frame>) {
        let event = std::mem::take(&mut self.event);
        if !self.has_data {
            return;
        }
        self.has_data = false;
        out.push(Frame {
            event: (!event.is_empty()).then_some(event),
            data: std::mem::take(&mut self.data),
            id: self.last_id.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(event: Option<&str>, data: &str, id: Option<&str>) -> Frame {
        Frame {
            event: event.map(str::to_owned),
            data: data.to_owned(),
            id: id.map(str::to_owned),
        }
    }

    /// The frames of `stream` fed in the pieces that `cuts` (increasing offsets) make.
    fn cut_at(stream: &[u8], cuts: &[usize]) -> Vec<Frame> {
        let mut p = FrameParser::default();
        let mut out = Vec::new();
        let mut from = 0;
        for at in cuts.iter().copied().chain(std::iter::once(stream.len())) {
            out.extend(p.push(&stream[from..at]).unwrap());
            from = at;
        }
        assert_eq!(p.scanned(), stream.len() as u64);
        out
    }

    /// The streams of the tests below with their frames.
    fn examples() -> Vec<(&'static [u8], Vec<Frame>)> {
        vec![
            (
                &b": keep-alive\n\nevent: update\ndata: {\"a\":1}\n\n"[..],
                vec![frame(Some("update"), "{\"a\":1}", None)],
            ),
            (
                &b"event: thinking\r\ndata: x\r\ndata: y\r\n\r\ndata: plain\n\n"[..],
                vec![
                    frame(Some("thinking"), "x\ny", None),
                    frame(None, "plain", None),
                ],
            ),
            (
                &b"data:a\rdata:  b\r\rdata\n\n:c\r\n\r\n"[..],
                vec![frame(None, "a\n b", None), frame(None, "", None)],
            ),
            (
                &b"id: 1\nevent: e\ndata: one\n\ndata: two\n\nid\ndata: three\n\n"[..],
                vec![
                    frame(Some("e"), "one", Some("1")),
                    frame(None, "two", Some("1")),
                    frame(None, "three", None),
                ],
            ),
            (
                &b"\xEF\xBB\xBFdata: bom\n\nretry: 10\nfoo: bar\nevent\ndata: x\n\n"[..],
                vec![frame(None, "bom", None), frame(None, "x", None)],
            ),
            (
                &b"event: lost\n\ndata: last\n\ndata: unfinished\n"[..],
                vec![frame(None, "last", None)],
            ),
        ]
    }

    #[test]
    fn every_example_split_at_every_byte_gives_the_same_frames() {
        for (stream, want) in examples() {
            let text = String::from_utf8_lossy(stream);
            assert_eq!(cut_at(stream, &[]), want, "{text:?} whole");
            for at in 0..=stream.len() {
                assert_eq!(cut_at(stream, &[at]), want, "{text:?} cut at {at}");
            }
            // Every pair of cuts, and one byte at a time.
            for a in 0..=stream.len() {
                for b in a..=stream.len() {
                    assert_eq!(cut_at(stream, &[a, b]), want, "{text:?} cut at {a}, {b}");
                }
            }
            let every: Vec<usize> = (1..stream.len()).collect();
            assert_eq!(cut_at(stream, &every), want, "{text:?} byte by byte");
        }
    }

    #[test]
    fn a_crlf_cut_between_two_chunks_is_one_line_end() {
        let mut p = FrameParser::default();
        assert_eq!(p.push(b"data: a\r"), Ok(vec![]));
        // The `\n` ends nothing: `a` and `b` are one frame's data.
        assert_eq!(p.push(b"\ndata: b\r"), Ok(vec![]));
        assert_eq!(
            p.push(b""),
            Ok(vec![]),
            "an empty chunk keeps the pending \\r"
        );
        assert_eq!(p.push(b"\n\r"), Ok(vec![frame(None, "a\nb", None)]));
        // A lone `\r` then another line: the `\r` ended its line and nothing else.
        assert_eq!(p.push(b"data: c\r"), Ok(vec![]));
        assert_eq!(p.push(b"\r"), Ok(vec![frame(None, "c", None)]));
        assert_eq!(p.push(b"\n"), Ok(vec![]), "the \\n of that \\r\\n");
        assert_eq!(p.push(b"data: d\n\n"), Ok(vec![frame(None, "d", None)]));
    }

    #[test]
    fn comments_are_ignored_and_a_frame_without_data_is_not_emitted() {
        let mut p = FrameParser::default();
        assert_eq!(p.push(b":\n\n: keep-alive\n\n:data: x\n\n"), Ok(vec![]));
        // An `event` without data is forgotten at the blank line, not carried to the next frame.
        assert_eq!(
            p.push(b"event: first\n\ndata: x\n: between\ndata: y\n\n"),
            Ok(vec![frame(None, "x\ny", None)])
        );
    }

    #[test]
    fn data_lines_are_joined_with_newlines() {
        let mut p = FrameParser::default();
        assert_eq!(
            p.push(b"data: {\ndata:  \"a\": 1\ndata\ndata: }\n\n"),
            Ok(vec![frame(None, "{\n \"a\": 1\n\n}", None)])
        );
        assert_eq!(
            p.push(b"data:\ndata:\n\n"),
            Ok(vec![frame(None, "\n", None)])
        );
    }

    #[test]
    fn the_last_event_id_persists_until_changed_or_cleared() {
        let mut p = FrameParser::default();
        let got = p
            .push(b"id: 7\n\ndata: a\n\nid: 8\ndata: b\n\nid: x\0y\ndata: c\n\nid:\ndata: d\n\n")
            .unwrap();
        assert_eq!(
            got,
            vec![
                frame(None, "a", Some("7")),
                frame(None, "b", Some("8")),
                frame(None, "c", Some("8")),
                frame(None, "d", None),
            ]
        );
        assert_eq!(got[0].name(), "message");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_replaced() {
        let mut p = FrameParser::default();
        assert_eq!(
            p.push(b"event: \xFFx\ndata: a\xC3\xA9\xC3\n\n"),
            Ok(vec![frame(Some("\u{FFFD}x"), "a\u{e9}\u{FFFD}", None)])
        );
    }

    #[test]
    fn a_line_past_the_cap_is_refused_without_growing_memory() {
        let cap = 1000;
        // Small chunks: refused once the line passes the cap, before its end.
        let mut p = FrameParser::new(cap);
        let mut fed = 0;
        let err = loop {
            match p.push(&[b'a'; 64]) {
                Ok(frames) => assert!(frames.is_empty()),
                Err(e) => break e,
            }
            fed += 64;
            assert!(p.line.len() <= cap && fed <= cap, "{fed} bytes kept");
        };
        assert_eq!(err, FrameError::LineTooLong { cap });
        assert_eq!(
            err.to_string(),
            "an event-stream line is longer than 1000 bytes"
        );
        assert_eq!(p.line.capacity(), 0, "the memory is given back");
        // Later chunks answer the same error, and are not kept.
        assert_eq!(p.push(b"\n\ndata: x\n\n"), Err(err));
        assert_eq!(p.line.capacity(), 0);
        // One large chunk: refused without copying it.
        let mut p = FrameParser::new(cap);
        assert_eq!(p.push(&vec![b'a'; 1 << 20]), Err(err));
        assert_eq!(p.line.capacity(), 0);
        // With its end in the same chunk.
        let mut long = vec![b'a'; cap + 1];
        long.push(b'\n');
        assert_eq!(FrameParser::new(cap).push(&long), Err(err));
        // A line of exactly the cap is read, whatever its cut.
        let line = format!("data: {}\n\n", "b".repeat(cap - 6));
        for at in [0, 1, cap - 1, cap, cap + 1] {
            let mut p = FrameParser::new(cap);
            let mut got = p.push(&line.as_bytes()[..at]).unwrap();
            got.extend(p.push(&line.as_bytes()[at..]).unwrap());
            assert_eq!(got.len(), 1);
            assert_eq!(got[0].data.len(), cap - 6);
        }
    }

    #[test]
    fn a_frame_whose_data_grows_past_the_cap_is_refused() {
        let cap = 1000;
        let mut p = FrameParser::new(cap);
        let half = format!("data: {}\n", "c".repeat(cap / 2));
        assert_eq!(p.push(half.as_bytes()), Ok(vec![]));
        let err = p.push(half.as_bytes()).unwrap_err();
        assert_eq!(err, FrameError::FrameTooLarge { cap });
        assert_eq!(err.to_string(), "an event's data is larger than 1000 bytes");
        assert_eq!(p.data.capacity(), 0, "the memory is given back");
        assert_eq!(p.push(b"\n"), Err(err));
        // Exactly the cap, newline included, is read.
        let mut p = FrameParser::new(cap);
        let a = format!("data: {}\n", "c".repeat(cap / 2));
        let b = format!("data: {}\n\n", "c".repeat(cap / 2 - 1));
        assert_eq!(p.push(a.as_bytes()), Ok(vec![]));
        assert_eq!(p.push(b.as_bytes()).unwrap()[0].data.len(), cap);
        // Many frames under the cap one after the other: the cap is a frame's, not the stream's.
        let mut p = FrameParser::new(cap);
        for _ in 0..10 {
            let frames = p.push(format!("{half}\n").as_bytes()).unwrap();
            assert_eq!(frames.len(), 1);
        }
    }

    #[test]
    fn each_byte_is_looked_at_once() {
        // Line-less input in small chunks: a parser rescanning its buffer on each chunk would
        // look at n²/2 bytes; this one goes on where it stopped.
        let mut p = FrameParser::default();
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

    /// The rules read plainly, on a whole stream: the reference the parser is held to.
    fn reference(stream: &[u8]) -> Vec<Frame> {
        let stream = stream.strip_prefix(BOM).unwrap_or(stream);
        let mut lines = Vec::new();
        let mut line = Vec::new();
        let mut i = 0;
        while i < stream.len() {
            match stream[i] {
                b'\r' if stream.get(i + 1) == Some(&b'\n') => {
                    lines.push(std::mem::take(&mut line));
                    i += 1;
                }
                b'\r' | b'\n' => lines.push(std::mem::take(&mut line)),
                b => line.push(b),
            }
            i += 1;
        }
        let (mut out, mut event, mut data, mut id) = (Vec::new(), None, None::<String>, None);
        for line in lines {
            let text = String::from_utf8_lossy(&line).into_owned();
            if text.is_empty() {
                if let Some(data) = data.take() {
                    out.push(Frame {
                        event: event.take(),
                        data,
                        id: id.clone(),
                    });
                }
                event = None;
            } else if !text.starts_with(':') {
                let (field, value) = text.split_once(':').unwrap_or((text.as_str(), ""));
                let value = value.strip_prefix(' ').unwrap_or(value).to_owned();
                match field {
                    "event" => event = Some(value).filter(|v| !v.is_empty()),
                    "data" => {
                        data = Some(match data.take() {
                            Some(d) => format!("{d}\n{value}"),
                            None => value,
                        })
                    }
                    "id" if !value.contains('\0') => id = Some(value).filter(|v| !v.is_empty()),
                    _ => {}
                }
            }
        }
        out
    }

    #[test]
    fn generated_streams_read_as_the_reference_in_chunks_of_every_size() {
        // Streams built from the pieces that matter (line ends, colons, spaces, field names,
        // a split character, a broken byte), from a fixed seed: the same run every time.
        let pieces: [&[u8]; 16] = [
            b"\n",
            b"\r",
            b"\r\n",
            b":",
            b" ",
            b"data",
            b"event",
            b"id",
            b"retry",
            b"x",
            b"y",
            b"\xC3\xA9",
            b"\xC3",
            b"\0",
            b"data: ",
            b"\n\n",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let len = (next() % 40) as usize;
            let stream: Vec<u8> = (0..len)
                .flat_map(|_| pieces[(next() % 16) as usize].iter().copied())
                .collect();
            let want = reference(&stream);
            for size in 1..=stream.len().max(1) {
                let mut p = FrameParser::default();
                let got: Vec<Frame> = stream
                    .chunks(size)
                    .flat_map(|c| p.push(c).unwrap())
                    .collect();
                assert_eq!(got, want, "{stream:?} in chunks of {size}");
            }
        }
    }
}
