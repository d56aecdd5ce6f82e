//! Cutting a byte stream into lines with a cap: the server's NDJSON streams and the engine's
//! standard output are both read through a [`LineCutter`], whatever the chunks' boundaries, and
//! a line longer than the cap is an error before anything else is done with it.

/// The longest line read from the server or an engine, in bytes (a `gameState` of a long game
/// is a few KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// A line longer than the cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineTooLong {
    /// The cap, in bytes.
    pub max: usize,
}

impl std::fmt::Display for LineTooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a line longer than {} bytes", self.max)
    }
}

impl std::error::Error for LineTooLong {}

/// Cuts bytes into lines (`\n`, an optional `\r` before it dropped); text that is not UTF-8 is
/// read lossily. Each byte is looked at once for a line end; the partial line kept between
/// chunks never grows past the cap. After an error the cutter is not to be fed again.
#[derive(Debug)]
pub struct LineCutter {
    buf: Vec<u8>,
    /// How much of `buf` has been looked at for a line end.
    seen: usize,
    max: usize,
}

impl LineCutter {
    /// A cutter refusing lines longer than `max` bytes.
    pub fn new(max: usize) -> LineCutter {
        LineCutter {
            buf: Vec::new(),
            seen: 0,
            max,
        }
    }

    /// Feeds bytes; returns the lines they complete (empty lines included: to the NDJSON
    /// streams they are keep-alives).
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<String>, LineTooLong> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        let mut start = 0;
        loop {
            let from = self.seen;
            let Some(at) = self.buf[from..].iter().position(|&b| b == b'\n') else {
                self.seen = self.buf.len();
                break;
            };
            let end = from + at;
            let raw = &self.buf[start..end];
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            if raw.len() > self.max {
                return Err(LineTooLong { max: self.max });
            }
            out.push(String::from_utf8_lossy(raw).into_owned());
            start = end + 1;
            self.seen = start;
        }
        self.buf.drain(..start);
        self.seen -= start;
        // A partial line may end in the `\r` of its line end.
        if self.buf.len() > self.max + 1 {
            return Err(LineTooLong { max: self.max });
        }
        Ok(out)
    }

    /// The partial line at the end of the input, if any (a stream that ends without a last
    /// line end).
    pub fn finish(&mut self) -> Option<String> {
        if self.buf.is_empty() {
            return None;
        }
        let raw = std::mem::take(&mut self.buf);
        self.seen = 0;
        let raw = raw.strip_suffix(b"\r").unwrap_or(&raw);
        Some(String::from_utf8_lossy(raw).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_whatever_the_chunks() {
        let stream = b"{\"type\":\"gameStart\"}\n\n\r\n{\"a\":1}\r\nbestmove Fc\nlast";
        let mut whole = LineCutter::new(MAX_LINE);
        let got = whole.push(stream).unwrap();
        assert_eq!(
            got,
            vec![
                "{\"type\":\"gameStart\"}",
                "",
                "",
                "{\"a\":1}",
                "bestmove Fc"
            ]
        );
        assert_eq!(whole.finish().as_deref(), Some("last"));
        assert_eq!(whole.finish(), None);
        for size in 1..9 {
            let mut c = LineCutter::new(MAX_LINE);
            let split: Vec<String> = stream
                .chunks(size)
                .flat_map(|chunk| c.push(chunk).unwrap())
                .collect();
            assert_eq!(split, got, "chunks of {size}");
            assert_eq!(c.finish().as_deref(), Some("last"), "chunks of {size}");
        }
    }

    #[test]
    fn a_line_past_the_cap_is_an_error_before_it_is_kept_whole() {
        let mut c = LineCutter::new(100);
        // A line of exactly the cap is read, with or without `\r`.
        let line = format!("{}\r\n{}\n", "a".repeat(100), "b".repeat(100));
        assert_eq!(c.push(line.as_bytes()).unwrap().len(), 2);
        // One byte more, in one chunk or byte by byte: refused, never kept past the cap.
        assert_eq!(
            LineCutter::new(100).push(format!("{}\n", "c".repeat(101)).as_bytes()),
            Err(LineTooLong { max: 100 })
        );
        let mut c = LineCutter::new(100);
        let mut fed = 0;
        let err = loop {
            match c.push(b"d") {
                Ok(lines) => assert!(lines.is_empty()),
                Err(e) => break e,
            }
            fed += 1;
            assert!(fed <= 101, "{fed} bytes kept without a line end");
        };
        assert_eq!(err.to_string(), "a line longer than 100 bytes");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_read_lossily() {
        let got = LineCutter::new(MAX_LINE).push(b"ab\xffc\n").unwrap();
        assert_eq!(got, vec!["ab\u{fffd}c"]);
    }
}
