//! The puzzle file: JSON lines. The first line is a header, each further line one puzzle (see
//! `docs/puzzles.md`):
//!
//! ```text
//! {"format":"oware-puzzles","version":1,"rules":"abapa","margin":200,"count":2,"command":"oware puzzles generate --selfplay 400 --seed 1"}
//! {"id":"5455168e8a5f","position":"1-2-7-7-0-6-1-6-1-7-7-1-0-2-N","line":"b","themes":["capture-chain"],"rating":980,"proof":"search","depth":16,"value":1182,"second":485,"source":"selfplay 1 0 ply 7"}
//! {"id":"f8aefcd77268","position":"1-0-1-1-1-2-0-0-0-0-0-1-20-21-S","line":"AfF","themes":["feeding-forced","endgame-exact","defend"],"rating":1350,"proof":"tables","seeds":7,"value":1200,"second":-1200,"source":"selfplay 1 8 ply 114"}
//! ```
//!
//! One object a line keeps the file diffable; reading checks every field (a malformed line is
//! an error naming the line, never a panic).

use std::collections::HashSet;
use std::fmt;

use oware_core::{fen, movetext, Rules};
use serde::{Deserialize, Serialize};

use crate::judge::{Method, MARGIN};
use crate::puzzle::Puzzle;
use crate::themes::Theme;

/// The version of the format this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The longest line read, in bytes.
pub const MAX_LINE_BYTES: usize = 4096;

/// The largest file read, in bytes (64 MiB: some 300,000 puzzles).
pub const MAX_FILE_BYTES: usize = 64 << 20;

/// The longest line of moves read, in plies.
const MAX_LINE_PLIES: usize = 99;

/// The deepest search a proof may ask for.
const MAX_DEPTH: u32 = 64;

/// The header line: what the file holds and how it was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always `oware-puzzles`.
    pub format: String,
    /// [`FORMAT_VERSION`].
    pub version: u32,
    /// The rules the puzzles are played by: `abapa`.
    pub rules: String,
    /// The margin rule's margin, in centi-seeds ([`MARGIN`]).
    pub margin: i32,
    /// The number of puzzles that follow.
    pub count: usize,
    /// The command that made the file.
    pub command: String,
}

impl Header {
    /// The header of a file of `count` puzzles made by `command`.
    pub fn new(count: usize, command: &str) -> Header {
        Header {
            format: "oware-puzzles".into(),
            version: FORMAT_VERSION,
            rules: Rules::ABAPA.to_string(),
            margin: MARGIN,
            count,
            command: command.to_string(),
        }
    }
}

/// One puzzle line as written.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    id: String,
    position: String,
    line: String,
    themes: Vec<String>,
    rating: u32,
    proof: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seeds: Option<u8>,
    value: i32,
    second: Option<i32>,
    source: String,
}

/// Why a puzzle file could not be read: the line (from 1; 0 for the whole file) and what is
/// wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The line, from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for FormatError {}

/// Writes a file: the header, then one line per puzzle, each ending with a newline.
pub fn write(header: &Header, puzzles: &[Puzzle]) -> String {
    let mut out = serde_json::to_string(header).expect("a header serialises");
    out.push('\n');
    for p in puzzles {
        let (proof, depth, seeds) = match p.proof {
            Method::Tables { seeds } => ("tables", None, Some(seeds)),
            Method::Search { depth } => ("search", Some(depth), None),
        };
        let line = Line {
            id: p.id.clone(),
            position: fen::write(&p.position),
            line: p.line_text(),
            themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
            rating: p.rating,
            proof: proof.into(),
            depth,
            seeds,
            value: p.value,
            second: p.second,
            source: p.source.clone(),
        };
        out.push_str(&serde_json::to_string(&line).expect("a puzzle serialises"));
        out.push('\n');
    }
    out
}

/// Reads a file written by [`write()`]: the header and the puzzles, every field checked (the
/// line replays legally from the position, alternating sides; the id is the position's; no id
/// twice; the header's count is the number of puzzles).
pub fn read(text: &str) -> Result<(Header, Vec<Puzzle>), FormatError> {
    let whole = |message: String| FormatError { line: 0, message };
    if text.len() > MAX_FILE_BYTES {
        return Err(whole(format!(
            "the file is {} bytes, more than the {MAX_FILE_BYTES} read",
            text.len()
        )));
    }
    let mut header: Option<Header> = None;
    let mut puzzles = Vec::new();
    let mut ids = HashSet::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let err = |message: String| FormatError { line: n, message };
        if raw.len() > MAX_LINE_BYTES {
            return Err(err(format!(
                "{} bytes, more than the {MAX_LINE_BYTES} a line may hold",
                raw.len()
            )));
        }
        if raw.trim().is_empty() {
            continue;
        }
        match &header {
            None => header = Some(read_header(raw).map_err(err)?),
            Some(_) => {
                let p = read_puzzle(raw).map_err(err)?;
                if !ids.insert(p.id.clone()) {
                    return Err(err(format!("puzzle {} is already in the file", p.id)));
                }
                puzzles.push(p);
            }
        }
    }
    let header = header.ok_or_else(|| whole("the file is empty: no header line".into()))?;
    if header.count != puzzles.len() {
        return Err(whole(format!(
            "the header says {} puzzles, the file holds {}",
            header.count,
            puzzles.len()
        )));
    }
    Ok((header, puzzles))
}

fn read_header(raw: &str) -> Result<Header, String> {
    let h: Header =
        serde_json::from_str(raw).map_err(|e| format!("not a puzzle file's header: {e}"))?;
    if h.format != "oware-puzzles" {
        return Err(format!("format '{}', expected 'oware-puzzles'", h.format));
    }
    if h.version != FORMAT_VERSION {
        return Err(format!(
            "format version {}, this program reads version {FORMAT_VERSION}",
            h.version
        ));
    }
    if h.rules.parse::<Rules>().ok() != Some(Rules::ABAPA) {
        return Err(format!("rules '{}': puzzles are abapa", h.rules));
    }
    Ok(h)
}

fn read_puzzle(raw: &str) -> Result<Puzzle, String> {
    let l: Line = serde_json::from_str(raw).map_err(|e| format!("not a puzzle: {e}"))?;
    let position = fen::parse(&l.position).map_err(|e| format!("position: {e}"))?;
    let texts = movetext::parse_list(&l.line).map_err(|e| format!("line: {e}"))?;
    if texts.is_empty() || texts.len() % 2 == 0 || texts.len() > MAX_LINE_PLIES {
        return Err(format!(
            "line '{}': an odd number of moves from 1 to {MAX_LINE_PLIES} (solver first and last)",
            l.line
        ));
    }
    let rules = Rules::ABAPA;
    let mut pos = position;
    let mut line = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        let m = t
            .to_move(&pos, &rules)
            .map_err(|e| format!("line '{}': move {} ({}): {e}", l.line, i + 1, t.letter()))?;
        pos = pos.play_unchecked(m, &rules);
        line.push(m);
    }
    let id = Puzzle::id_of(&position);
    if l.id != id {
        return Err(format!("id '{}' is not the position's ({id})", l.id));
    }
    let themes = l
        .themes
        .iter()
        .map(|t| t.parse::<Theme>())
        .collect::<Result<Vec<_>, _>>()?;
    if l.rating > 4000 {
        return Err(format!("rating {} (at most 4000)", l.rating));
    }
    let proof = match (l.proof.as_str(), l.depth, l.seeds) {
        ("search", Some(depth), None) if (1..=MAX_DEPTH).contains(&depth) => {
            Method::Search { depth }
        }
        ("tables", None, Some(seeds)) if seeds == position.seeds_on_board() => {
            Method::Tables { seeds }
        }
        _ => {
            return Err(format!(
                "proof '{}': expected \"search\" with a depth from 1 to {MAX_DEPTH}, or \"tables\" \
                 with seeds, the seeds on the board ({})",
                l.proof,
                position.seeds_on_board()
            ))
        }
    };
    Ok(Puzzle {
        id,
        position,
        line,
        themes,
        rating: l.rating,
        proof,
        value: l.value,
        second: l.second,
        source: l.source,
    })
}
