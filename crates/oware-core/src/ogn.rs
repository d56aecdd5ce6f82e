//! Game records in OGN, the PGN-like format Aualé writes:
//!
//! ```text
//! [Variant "Oware Abapa"]
//! [Event "Club night"]
//! [South "Ama"]
//! [North "Kofi"]
//! [Result "25-19"]
//!
//! 1. D f 2. E a {a quiet move} 3. F+2 a 25-19
//! ```
//!
//! Tags come first, one `[Name "value"]` each. Written records start with `[Variant "Oware
//! Abapa"]`, Aualé's name for the rules (its older versions open a file only if it starts with
//! `[Variant`); `[FEN "…"]` gives a custom start position (see
//! [`crate::fen`]) and `[Rules "…"]` a rule set other than abapa (see [`Rules`]'s text form).
//! Moves are letters with an optional `+N` capture suffix, numbered every South move (`1.`, or
//! `1...` when North moves first from a custom start); `{…}` holds a comment on the move before
//! it; the record ends with the result, written as the final seed score (`25-19`, `23.5-24.5`)
//! or `*` for an unfinished game. A game the players ended by agreeing that it cycles
//! ([`Game::agree_cycle`]) has the tag `[Termination "agreed-cycle"]` (the name of
//! [`EndReason::AgreedCycle`]), with the split as its result; reading such a record ends the
//! replayed game the same way.
//!
//! The reader is relaxed: move numbers are optional and not checked, `;` starts a comment to the
//! end of the line, and the result may be missing. The writer is canonical, and
//! `parse(write(r)) == r` for every record.

use std::fmt;

use crate::movetext::{parse_one, MoveText, ParseMoveError};
use crate::{fen, AgreementError, EndReason, Game, PlayError, Position, Rules, Side};

/// A move with the comment written after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// The move as written.
    pub text: MoveText,
    /// The `{…}` comment after the move, if any.
    pub comment: Option<String>,
}

/// A parsed game record: tags, moves and result, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// Tags in their written order (including `FEN` and `Rules` when present).
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves.
    pub moves: Vec<RecordMove>,
    /// The result token: `25-19`, `23.5-24.5`, or `*`; `None` when not written.
    pub result: Option<String>,
}

/// Why a record could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OgnError {
    /// The text is not well-formed.
    Syntax {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The `FEN` tag is not a valid position.
    Fen(fen::ParseFenError),
    /// The `Rules` tag is not a rule set.
    Rules(crate::ParseRulesError),
    /// A move cannot be played.
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: PlayError,
    },
    /// The `Termination` tag says the players agreed on a cycle where they cannot.
    Agreement(AgreementError),
}

impl fmt::Display for OgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OgnError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            OgnError::Fen(e) => write!(f, "FEN tag: {e}"),
            OgnError::Rules(e) => write!(f, "Rules tag: {e}"),
            OgnError::IllegalMove { ply, text, error } => {
                write!(f, "ply {ply}: illegal move {text}: {error}")
            }
            OgnError::Agreement(e) => write!(f, "Termination tag: {e}"),
        }
    }
}

impl std::error::Error for OgnError {}

impl Record {
    /// The value of the first tag named `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing its value where present, otherwise appending it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The rules named by the `Rules` tag, abapa without one.
    pub fn rules(&self) -> Result<Rules, OgnError> {
        self.tag("Rules")
            .map_or(Ok(Rules::default()), |r| r.parse().map_err(OgnError::Rules))
    }

    /// The start position: the `FEN` tag, or the standard start.
    pub fn start(&self) -> Result<Position, OgnError> {
        self.tag("FEN").map_or(Ok(Position::start()), |f| {
            fen::parse(f).map_err(OgnError::Fen)
        })
    }

    /// Whether the `Termination` tag says the players ended the game by agreeing that it cycles.
    pub fn is_agreed_cycle(&self) -> bool {
        self.tag("Termination")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case(EndReason::AgreedCycle.name()))
    }

    /// Replays the record under `rules`, checking every move, and ends the game by agreement
    /// when the `Termination` tag says so.
    pub fn to_game_with(&self, rules: Rules) -> Result<Game, OgnError> {
        let mut game = Game::from_position(self.start()?, rules);
        for (i, m) in self.moves.iter().enumerate() {
            game.play_text(&m.text)
                .map_err(|error| OgnError::IllegalMove {
                    ply: i + 1,
                    text: m.text.to_string(),
                    error,
                })?;
        }
        if self.is_agreed_cycle() {
            game.agree_cycle().map_err(OgnError::Agreement)?;
        }
        Ok(game)
    }

    /// Replays the record under the rules of its `Rules` tag.
    pub fn to_game(&self) -> Result<Game, OgnError> {
        self.to_game_with(self.rules()?)
    }

    /// A record of `game`: tags `Variant`, the given `tags` (name, value), `Rules` when not abapa,
    /// `FEN` when the start is not the standard one, `Termination` for a game ended by agreement
    /// (replacing a given one), and `Result`; moves with capture suffixes.
    pub fn from_game(game: &Game, tags: &[(&str, &str)]) -> Record {
        let mut rec = Record::default();
        rec.set_tag("Variant", "Oware Abapa");
        for (n, v) in tags {
            rec.set_tag(n, *v);
        }
        if *game.rules() != Rules::default() {
            rec.set_tag("Rules", game.rules().to_string());
        }
        if *game.start() != Position::start() {
            rec.set_tag("FEN", fen::write(game.start()));
        }
        if game.is_agreed_cycle() {
            rec.set_tag("Termination", EndReason::AgreedCycle.name());
        }
        let positions = game.positions();
        for (i, mut text) in game.move_texts().into_iter().enumerate() {
            let mover = positions[i].turn();
            let captured = positions[i + 1].store(mover) - positions[i].store(mover);
            if captured > 0 {
                text.captured = Some(captured);
            }
            rec.moves.push(RecordMove {
                text,
                comment: None,
            });
        }
        let result = match game.outcome() {
            Some(o) => format!("{}-{}", o.scores.south, o.scores.north),
            None => "*".to_string(),
        };
        rec.set_tag("Result", result.clone());
        rec.result = Some(result);
        rec
    }
}

/// A tag value as written: `\` and `"` escaped, line breaks as spaces (a value is one line).
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

impl fmt::Display for Record {
    /// The canonical text: tags, a blank line, moves wrapped at 80 columns, the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{} \"{}\"]", n, escape(v))?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let first_turn = self.start().map(|p| p.turn()).unwrap_or(Side::South);
        let mut tokens: Vec<String> = Vec::new();
        if let Some(c) = &self.comment {
            tokens.push(format!("{{{c}}}"));
        }
        let mut number = 1;
        for (i, m) in self.moves.iter().enumerate() {
            let north_first = i == 0 && first_turn == Side::North;
            if m.text.side == Side::South || north_first {
                let dots = if north_first { "..." } else { "." };
                tokens.push(format!("{number}{dots}"));
            }
            if m.text.side == Side::North || north_first {
                number += 1;
            }
            tokens.push(m.text.to_string());
            if let Some(c) = &m.comment {
                tokens.push(format!("{{{c}}}"));
            }
        }
        if let Some(r) = &self.result {
            tokens.push(r.clone());
        }
        let mut width = 0;
        for t in tokens {
            if width > 0 && width + 1 + t.len() > 80 {
                writeln!(f)?;
                width = 0;
            }
            if width > 0 {
                f.write_str(" ")?;
                width += 1;
            }
            f.write_str(&t)?;
            width += t.len();
        }
        writeln!(f)
    }
}

impl std::str::FromStr for Record {
    type Err = OgnError;
    fn from_str(s: &str) -> Result<Record, OgnError> {
        parse(s)
    }
}

/// Parses a record (syntax only; see [`Record::to_game`] for the rules).
pub fn parse(text: &str) -> Result<Record, OgnError> {
    let mut rec = Record::default();
    let bytes = text.as_bytes();
    let mut i = 0;
    let line_at = |pos: usize| text[..pos].matches('\n').count() + 1;
    let err = |pos: usize, message: String| OgnError::Syntax {
        line: line_at(pos),
        message,
    };
    while i < bytes.len() {
        let begun = !rec.moves.is_empty() || rec.result.is_some();
        match shared_token(text, i, begun).map_err(|m| err(i, m))? {
            Some(Shared::Skip(next)) => {
                i = next;
                continue;
            }
            Some(Shared::Tag(name, value, next)) => {
                rec.tags.push((name, value));
                i = next;
                continue;
            }
            Some(Shared::Comment(comment, next)) => {
                match rec.moves.last_mut() {
                    Some(m) => m.comment = Some(comment),
                    None => rec.comment = Some(comment),
                }
                i = next;
                continue;
            }
            None => {}
        }
        match bytes[i] {
            b'*' => {
                rec.result = Some("*".into());
                i += 1;
            }
            b'0'..=b'9' => {
                let mut j = i;
                while j < bytes.len() && (bytes[j].is_ascii_digit() || bytes[j] == b'.') {
                    j += 1;
                }
                if j < bytes.len() && bytes[j] == b'-' {
                    // A result: N-M with optional halves.
                    let mut k = j + 1;
                    while k < bytes.len() && (bytes[k].is_ascii_digit() || bytes[k] == b'.') {
                        k += 1;
                    }
                    let token = &text[i..k];
                    if !is_score(token) {
                        return Err(err(i, format!("'{token}' is not a result like 25-19")));
                    }
                    rec.result = Some(token.to_string());
                    i = k;
                } else if text[i..j].contains('.') {
                    i = j; // a move number
                } else {
                    return Err(err(i, format!("unexpected '{}'", &text[i..j])));
                }
            }
            _ => {
                if rec.result.is_some() {
                    return Err(err(i, "moves after the result".into()));
                }
                let (m, next) =
                    parse_one(text, i).map_err(|e: ParseMoveError| err(e.offset, e.message))?;
                if next < bytes.len() && !b" \t\r\n{;*".contains(&bytes[next]) {
                    return Err(err(next, "moves must be separated by spaces".into()));
                }
                rec.moves.push(RecordMove {
                    text: m,
                    comment: None,
                });
                i = next;
            }
        }
    }
    Ok(rec)
}

fn is_score(token: &str) -> bool {
    let half = |s: &str| {
        let digits = s.strip_suffix(".5").unwrap_or(s);
        !digits.is_empty() && digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit())
    };
    token
        .split_once('-')
        .is_some_and(|(a, b)| half(a) && half(b))
}

/// What both record readers (this one and [`crate::playstrategy`]'s) read alike.
pub(crate) enum Shared {
    /// Blank space, or a `;` comment to the end of the line: reading goes on at this offset.
    Skip(usize),
    /// A tag `[Name "value"]`: its name, its value and the offset after it.
    Tag(String, String, usize),
    /// A `{…}` comment: its trimmed text and the offset after it.
    Comment(String, usize),
}

/// Reads the token at byte `i` of `text` if it is one of the [`Shared`] kinds (`None`: another
/// kind, for the caller to read). `begun` tells whether moves or a result came already, after
/// which a tag is an error. An error is about offset `i`.
pub(crate) fn shared_token(text: &str, i: usize, begun: bool) -> Result<Option<Shared>, String> {
    let bytes = text.as_bytes();
    Ok(Some(match bytes[i] {
        b' ' | b'\t' | b'\r' | b'\n' => Shared::Skip(i + 1),
        b';' => Shared::Skip(line_end(bytes, i)),
        b'[' => {
            if begun {
                return Err("tags must come before the moves".into());
            }
            let (name, value, next) = parse_tag(text, i)?;
            Shared::Tag(name, value, next)
        }
        b'{' => {
            let end = text[i..].find('}').ok_or("unclosed comment '{'")?;
            Shared::Comment(text[i + 1..i + end].trim().to_string(), i + end + 1)
        }
        _ => return Ok(None),
    }))
}

/// The offset of the first line break at or after `i` (the text's length if none).
pub(crate) fn line_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |k| i + k)
}

fn parse_tag(text: &str, start: usize) -> Result<(String, String, usize), String> {
    let rest = &text[start + 1..];
    let name_end = rest
        .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
        .ok_or("unclosed tag '['")?;
    let name = &rest[..name_end];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("bad tag name '{name}'"));
    }
    let after = rest[name_end..].trim_start();
    let mut chars = after.char_indices();
    if chars.next().map(|(_, c)| c) != Some('"') {
        return Err(format!("tag {name}: value must be in double quotes"));
    }
    let mut value = String::new();
    let mut escaped = false;
    for (k, c) in chars {
        if c == '\n' {
            // A value is on one line, escaped or not: the writer never breaks one.
            break;
        } else if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            let tail = after[k + 1..].trim_start();
            if !tail.starts_with(']') {
                return Err(format!("tag {name}: expected ']' after the value"));
            }
            let consumed = text.len() - tail.len() + 1;
            return Ok((name.to_string(), value, consumed));
        } else {
            value.push(c);
        }
    }
    Err(format!("tag {name}: unclosed value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "[Variant \"Oware Abapa\"]\n[Event \"Club \\\"night\\\"\"]\n\
        [South \"Ama\"]\n[North \"Kofi\"]\n\n1. D f 2. E {quiet} a 3. F+2 a *\n";

    #[test]
    fn written_records_start_with_aualés_variant_tag() {
        for rules in [Rules::default(), Rules::AWARI] {
            let mut game = Game::new(rules);
            game.play(crate::Move::ALL[2]).unwrap();
            let text = Record::from_game(&game, &[("Event", "e")]).to_string();
            assert!(text.starts_with("[Variant \"Oware Abapa\"]\n"), "{text}");
            // A caller's own Variant value replaces the name but keeps the first line.
            let text = Record::from_game(&game, &[("Event", "e"), ("Variant", "x")]).to_string();
            assert!(text.starts_with("[Variant \"x\"]\n"), "{text}");
        }
    }

    #[test]
    fn reads_aualé_style() {
        let r = parse(SAMPLE).unwrap();
        assert_eq!(r.tag("event"), Some("Club \"night\""));
        assert_eq!(r.moves.len(), 6);
        assert_eq!(r.moves[2].comment.as_deref(), Some("quiet"));
        assert_eq!(r.moves[4].text.captured, Some(2));
        assert_eq!(r.result.as_deref(), Some("*"));
        assert_eq!(parse(&r.to_string()).unwrap(), r);
    }

    #[test]
    fn game_round_trip() {
        let mut g = Game::new(Rules::AWARI);
        for m in crate::movetext::parse_list("FcAdBe").unwrap() {
            g.play_text(&m).unwrap();
        }
        let r = Record::from_game(&g, &[("South", "Ama")]);
        let text = r.to_string();
        assert!(text.contains("[Rules \"awari\"]"));
        let back = parse(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.to_game().unwrap(), g);
    }

    #[test]
    fn agreed_cycle_round_trip() {
        let start = fen::parse("1-0-0-2-0-0-1-0-3-0-0-0-20-21-S").unwrap();
        for rules in [Rules::ABAPA, Rules::AWARI] {
            let mut g = Game::from_position(start, rules);
            for m in crate::movetext::parse_list("Aa").unwrap() {
                g.play_text(&m).unwrap();
            }
            g.agree_cycle().unwrap();
            let r = Record::from_game(&g, &[("South", "Ama"), ("Termination", "x")]);
            let text = r.to_string();
            assert!(text.contains("[Termination \"agreed-cycle\"]"), "{text}");
            assert!(text.contains("[Result \"23-25\"]"), "{text}");
            assert!(text.trim_end().ends_with("1. A a 23-25"), "{text}");
            let back = parse(&text).unwrap();
            assert_eq!(back, r);
            let replayed = back.to_game().unwrap();
            assert_eq!(replayed, g);
            assert_eq!(replayed.outcome().unwrap().reason, EndReason::AgreedCycle);
            assert_eq!(Record::from_game(&replayed, &[]).to_string(), {
                Record::from_game(&g, &[]).to_string()
            });
        }
        // A game that goes on has no Termination tag.
        let g = Game::from_position(start, Rules::ABAPA);
        assert!(!Record::from_game(&g, &[])
            .to_string()
            .contains("Termination"));
        // An agreement the position does not allow is an error, not a silent change.
        let text = "[FEN \"0-0-0-0-3-4-0-0-0-0-0-0-20-21-S\"]\n[Termination \"agreed-cycle\"]\n*";
        assert_eq!(
            parse(text).unwrap().to_game(),
            Err(OgnError::Agreement(AgreementError::EmptyRow {
                side: Side::North
            }))
        );
        // Other terminations (a match's forfeit, an online game's time) change nothing.
        let text = "[Termination \"South forfeits: hang\"]\n1. A";
        assert!(!parse(text).unwrap().to_game().unwrap().is_over());
    }

    #[test]
    fn north_first_numbering() {
        let start = fen::parse("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N").unwrap();
        let mut g = Game::from_position(start, Rules::ABAPA);
        for m in crate::movetext::parse_list("aFb").unwrap() {
            g.play_text(&m).unwrap();
        }
        let text = Record::from_game(&g, &[]).to_string();
        assert!(text.contains("1... a 2. F b *"), "{text}");
        assert_eq!(parse(&text).unwrap().to_game().unwrap(), g);
    }

    #[test]
    fn errors() {
        assert!(matches!(
            parse("[Event \"x\""),
            Err(OgnError::Syntax { .. })
        ));
        assert!(matches!(parse("1. D {open"), Err(OgnError::Syntax { .. })));
        assert!(matches!(parse("1. G"), Err(OgnError::Syntax { .. })));
        assert!(matches!(parse("1. Df"), Err(OgnError::Syntax { .. })));
        let r = parse("1. D D").unwrap();
        assert!(matches!(
            r.to_game(),
            Err(OgnError::IllegalMove { ply: 2, .. })
        ));
        let r = parse("[FEN \"1-2-3\"]\n1. A").unwrap();
        assert!(matches!(r.to_game(), Err(OgnError::Fen(_))));
    }

    #[test]
    fn a_tag_value_never_spans_lines() {
        // Found by the `ogn` fuzz target: an escaped line break was read into the value, which
        // the writer then wrote as a line break that cannot be read back.
        let text = "[S \"a\\\nb\"]\n1. F";
        assert!(matches!(parse(text), Err(OgnError::Syntax { .. })));
        let mut r = parse("1. F").unwrap();
        r.set_tag("Event", "two\nlines\r");
        let written = r.to_string();
        assert_eq!(parse(&written).unwrap().tag("Event"), Some("two lines "));
    }

    #[test]
    fn a_wrong_capture_suffix_is_an_illegal_move() {
        let r = parse("1. C+2").unwrap();
        let err = r.to_game().unwrap_err();
        assert!(
            matches!(
                err,
                OgnError::IllegalMove {
                    ply: 1,
                    error: PlayError::WrongCapture {
                        written: 2,
                        actual: 0,
                        ..
                    },
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("captures 0 seeds"), "{err}");
        // A record written by `from_game` carries the right suffixes and replays.
        let mut g = Game::new(Rules::default());
        while !g.is_over() && g.moves().len() < 60 {
            let m = *g.legal_moves().last().unwrap();
            g.play(m).unwrap();
        }
        let text = Record::from_game(&g, &[]).to_string();
        assert!(text.contains('+'), "the game has a capture: {text}");
        assert_eq!(parse(&text).unwrap().to_game().unwrap(), g);
    }
}
