//! Player names as the server keeps and shows them (online seats, the lobby, names of games on
//! one device): visible text only, one space between words, at most [`NAME_MAX`] characters as
//! a person counts them.
//!
//! What goes:
//! - format characters (Unicode general category Cf): the bidirectional controls that make a
//!   name read backwards or swallow the text after it (U+202A–202E, U+2066–2069, U+200E/F,
//!   U+061C), zero-width spaces and joiners (U+200B–200D, U+2060), the byte order mark
//!   (U+FEFF), tag characters (U+E0000–E007F) and the rest of Cf; the zero-width joiner stays
//!   only inside an emoji sequence (👩‍💻), where it is part of one picture;
//! - control characters; blank "letters" that draw nothing (Hangul fillers, the combining
//!   grapheme joiner, the braille blank) count as spaces;
//! - runs of white space become one space, and none at either end.
//!
//! The cut counts grapheme clusters (what a reader sees as one character: 👍🏽, 🇬🇭 or
//! 👨‍👩‍👧 is one), never splitting one, and prefers the last space that fits, as before. A
//! cluster of more than [`CLUSTER_MAX`] code points (stacked combining marks) keeps its first
//! ones, so a name stays a few hundred bytes at most.
//!
//! Crates: `unicode-segmentation` (grapheme clusters per UAX #29) and `unicode-properties`
//! (general category and emoji properties), both unicode-rs projects with current Unicode
//! tables and no dependencies; both were already in the build (the terminal client and the
//! PostgreSQL client use them), which is why they are preferred to tables of our own.

use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};
use unicode_segmentation::UnicodeSegmentation;

/// The longest name kept, in grapheme clusters.
pub const NAME_MAX: usize = 40;

/// The most code points one grapheme cluster keeps (the longest emoji sequences, a family with
/// skin tones, have 11).
pub const CLUSTER_MAX: usize = 16;

const ZWJ: char = '\u{200D}';

/// A player's name cleaned as the module says; empty when nothing visible is left (the
/// caller then uses its default name).
pub fn clean(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len().min(4 * NAME_MAX * CLUSTER_MAX));
    let mut space = false;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_whitespace() || is_blank(c) {
            space = !out.is_empty();
            continue;
        }
        let keep = if c == ZWJ {
            joins_emoji(&out, chars.get(i + 1).copied())
        } else {
            !c.is_control() && c.general_category() != GeneralCategory::Format
        };
        if keep {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    cut(&out)
}

/// The first character of `s` that [`clean`] would drop as hidden: a control character (a line
/// break too) or a format character (the zero-width joiner inside an emoji sequence is fine).
/// Chat messages (`chat.rs`) are refused rather than cleaned.
pub(crate) fn first_hidden(s: &str) -> Option<char> {
    let chars: Vec<char> = s.chars().collect();
    chars.iter().enumerate().find_map(|(i, &c)| {
        let hidden = if c == ZWJ {
            let before: String = chars[..i].iter().collect();
            !joins_emoji(&before, chars.get(i + 1).copied())
        } else {
            c.is_control() || c.general_category() == GeneralCategory::Format
        };
        hidden.then_some(c)
    })
}

/// Characters that draw nothing but are letters or marks, not spaces or format characters:
/// used to make a name look empty.
fn is_blank(c: char) -> bool {
    matches!(
        c,
        '\u{034F}' // combining grapheme joiner
            | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
            | '\u{17B4}' | '\u{17B5}' // Khmer inherent vowels
            | '\u{2800}' // braille pattern blank
    )
}

/// Whether a zero-width joiner after `before` and ahead of `next` joins two emoji.
fn joins_emoji(before: &str, next: Option<char>) -> bool {
    let emoji = |c: char| !c.is_ascii() && c.is_emoji_char();
    // Skip what may follow an emoji inside its sequence: VS16 and the skin tones.
    let last = before
        .chars()
        .rev()
        .find(|&c| c != '\u{FE0F}' && !('\u{1F3FB}'..='\u{1F3FF}').contains(&c));
    last.is_some_and(emoji) && next.is_some_and(emoji)
}

/// `s` (clean, single spaces) cut to [`NAME_MAX`] grapheme clusters of at most
/// [`CLUSTER_MAX`] code points, at the last space that fits when there is one.
fn cut(s: &str) -> String {
    let clusters: Vec<&str> = s.graphemes(true).take(NAME_MAX + 1).collect();
    let keep = if clusters.len() <= NAME_MAX {
        clusters.len()
    } else {
        match clusters.iter().rposition(|g| *g == " ") {
            Some(i) if i > 0 => i,
            _ => NAME_MAX,
        }
    };
    let mut out = String::new();
    for g in &clusters[..keep] {
        if g.chars().nth(CLUSTER_MAX).is_none() {
            out.push_str(g);
        } else {
            let head: String = g.chars().take(CLUSTER_MAX).collect();
            out.push_str(head.trim_end_matches(ZWJ));
        }
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_at_a_word_and_controls_go() {
        let n = clean("Kwame Nkrumah Asantehene of the Golden Stool Ashanti");
        assert_eq!(n, "Kwame Nkrumah Asantehene of the Golden");
        assert_eq!(clean(&"x".repeat(50)).chars().count(), 40);
        assert_eq!(clean("  Ama\u{7}  "), "Ama");
        assert_eq!(clean("Ama\t\n  Kofi"), "Ama Kofi");
        assert_eq!(clean(""), "");
    }

    #[test]
    fn bidi_overrides_cannot_reverse_a_name() {
        // "Ama" followed by a right-to-left override: the rest would read "exe.gnp".
        assert_eq!(clean("Ama\u{202E}gnp.exe"), "Amagnp.exe");
        assert_eq!(clean("\u{202D}Kofi\u{202C}"), "Kofi");
        assert_eq!(clean("\u{2067}Yaw\u{2069} \u{200F}\u{061C}"), "Yaw");
        // An isolate left open would swallow what the page writes after the name.
        assert!(!clean("Akua\u{2068}").contains('\u{2068}'));
    }

    #[test]
    fn invisible_names_are_empty() {
        for s in [
            "\u{200B}\u{200B}\u{200B}",
            "\u{FEFF}",
            "\u{2060}\u{200C}\u{200D}",
            "\u{E0041}\u{E0064}\u{E006D}\u{E0069}\u{E006E}", // "Admin" in tag characters
            "\u{3164}\u{3164}",
            "\u{115F}\u{1160}",
            "\u{2800}",
            "\u{034F}",
            " \u{0007}\u{001B}[31m ".trim_end_matches(' '),
        ] {
            let c = clean(s);
            assert!(
                c.is_empty() || c.chars().all(|ch| ch.is_ascii_graphic()),
                "{s:?} -> {c:?}"
            );
        }
        assert_eq!(clean("\u{200B}\u{200B}"), "");
        assert_eq!(clean("\u{3164}"), "");
    }

    #[test]
    fn zero_width_and_tag_characters_cannot_hide_inside_a_name() {
        // Two "different" names that look the same.
        assert_eq!(clean("Ad\u{200B}min"), "Admin");
        assert_eq!(clean("Ad\u{00AD}min"), "Admin", "soft hyphen (Cf)");
        assert_eq!(clean("Kofi\u{E0020}\u{E0041}"), "Kofi");
        assert_eq!(clean("Ama\u{FEFF}"), "Ama");
        // A zero-width joiner between letters is not part of an emoji.
        assert_eq!(clean("a\u{200D}b"), "ab");
        assert_eq!(clean("1\u{200D}2"), "12");
        // Spaces made of zero-width characters do not separate words.
        assert_eq!(clean("Ama \u{200B} \u{200B} Kofi"), "Ama Kofi");
    }

    #[test]
    fn emoji_sequences_survive_whole() {
        let coder = "\u{1F469}\u{200D}\u{1F4BB}"; // 👩‍💻
        let family = "\u{1F468}\u{1F3FD}\u{200D}\u{1F469}\u{1F3FD}\u{200D}\u{1F467}\u{1F3FD}"; // 👨🏽‍👩🏽‍👧🏽
        let rainbow = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"; // 🏳️‍🌈
        let ghana = "\u{1F1EC}\u{1F1ED}"; // 🇬🇭
        for e in [coder, family, rainbow, ghana, "\u{1F44D}\u{1F3FD}"] {
            assert_eq!(clean(&format!("Ama {e}")), format!("Ama {e}"));
        }
    }

    #[test]
    fn the_cut_never_splits_an_emoji_sequence() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"; // 👨‍👩‍👧‍👦, 7 chars
                                                                                     // 39 letters and a family: 40 clusters (46 chars): kept whole.
        let name = format!("{}{family}", "a".repeat(39));
        assert_eq!(clean(&name), name);
        // 41 families: 40 kept, each whole (the old cut at 40 chars split the sixth).
        let many = family.repeat(41);
        let c = clean(&many);
        assert_eq!(c, family.repeat(40));
        assert_eq!(c.graphemes(true).count(), 40);
        // Flags are pairs of regional indicators: never half a flag.
        let flags = "\u{1F1EC}\u{1F1ED}".repeat(30);
        assert_eq!(clean(&flags), "\u{1F1EC}\u{1F1ED}".repeat(30));
        let flags = format!("x{}", "\u{1F1EC}\u{1F1ED}".repeat(45));
        let c = clean(&flags);
        assert_eq!(c.graphemes(true).count(), 40);
        assert_eq!(c.chars().filter(|&ch| ch == '\u{1F1EC}').count(), 39);
        assert_eq!(c.chars().filter(|&ch| ch == '\u{1F1ED}').count(), 39);
    }

    #[test]
    fn the_cut_prefers_a_word_boundary_counted_in_clusters() {
        // 38 accented letters (two code points each) then a word: cut at the space.
        let word = "e\u{0301}".repeat(38);
        let c = clean(&format!("{word} Kofi"));
        assert_eq!(c, word);
        assert_eq!(c.graphemes(true).count(), 38);
    }

    #[test]
    fn stacked_marks_are_bounded() {
        let zalgo = format!("Z{}", "\u{0336}".repeat(5000));
        let c = clean(&zalgo.repeat(3));
        assert_eq!(c.graphemes(true).count(), 3);
        assert_eq!(c.chars().count(), 3 * CLUSTER_MAX);
        let long = clean(&format!("a{}", "\u{0301}".repeat(10_000)).repeat(100));
        assert!(
            long.len() <= NAME_MAX * CLUSTER_MAX * 4,
            "{} bytes",
            long.len()
        );
    }
}
