//! Text from the other end made safe to print: whatever a server (or a client) sends may carry
//! terminal escape sequences, control characters or bidi overrides. The terminal client, the
//! bot bridge and the command line pass every such text through [`clean_to`] before it reaches
//! a terminal or a log.

/// Whether `c` may reach the terminal: not a control character (C0, DEL, C1) and not an
/// invisible format character (bidi embeddings, overrides and isolates, zero-width characters,
/// the byte order mark, tags, interlinear annotations, soft hyphen, line and paragraph
/// separators: Unicode's `Cc`, `Cf`, `Zl` and `Zp`).
pub fn is_shown(c: char) -> bool {
    !(c.is_control()
        || matches!(c,
            '\u{00AD}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'))
}

/// A text made safe to print: line breaks and tabs become spaces, every other character that
/// is not [`is_shown`] is dropped, and the text is cut to `max` characters (then ends in `…`).
pub fn clean_to(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(4 * max));
    let mut kept = 0;
    for c in text.chars() {
        let c = match c {
            '\t' | '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => ' ',
            c if is_shown(c) => c,
            _ => continue,
        };
        if kept == max {
            out.push('…');
            break;
        }
        out.push(c);
        kept += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_bidi_overrides_are_dropped_and_the_text_is_cut() {
        let hostile = "A\u{1b}]0;title\u{7}\u{9b}31m\u{202E}b\u{2066}\u{200B}\nc";
        assert_eq!(clean_to(hostile, 40), "A]0;title31mb c");
        assert_eq!(clean_to("abcdef", 3), "abc…");
    }
}
