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
//! cluster keeps at most [`MARKS_MAX`] combining marks and [`CLUSTER_MAX`] code points (its
//! first ones), so a name stays a few hundred bytes at most.
//!
//! Cost: only the first [`NAME_INPUT_BYTES`] bytes of what a client sends are looked at (a
//! name that fits cannot need more), before any other work, and every step is linear: each
//! character is looked at a bounded number of times (the zero-width joiner's "is the
//! character before an emoji" is kept as the scan goes, never found by scanning back). A
//! hostile 250 KB name costs what a 4 KB one does.
//!
//! The site's own words ([`SITE_NAMES`]: "Spectator", "Easy", "South", "Computer", ...) are
//! not anyone's name: accounts may not take them (`accounts/username.rs`) and a guest may not
//! write in a chat under them (`games/chat.rs`); [`fold`] is the comparison (case, spaces,
//! punctuation and marks ignored).
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

/// The most combining marks (general categories Mn, Mc, Me) one grapheme cluster keeps. Real
/// writing needs a few: Vietnamese two, pointed Hebrew with cantillation five, a Devanagari
/// conjunct with its vowel sign four; more is stacking ("Zalgo" text drawn over other lines).
pub const MARKS_MAX: usize = 8;

/// The most bytes one grapheme cluster of [`CLUSTER_MAX`] code points can take.
pub const CLUSTER_BYTES: usize = 4 * CLUSTER_MAX;

/// The most bytes of a name [`clean`] looks at: a name that fits ([`NAME_MAX`] clusters of at
/// most `CLUSTER_BYTES` bytes, 2,560 bytes) with room for the spaces and hidden characters
/// that cleaning drops. What comes after is ignored, as the part of a long name beyond its
/// [`NAME_MAX`] characters always was.
pub const NAME_INPUT_BYTES: usize = 4096;

/// Words the site writes as names of its own (the default spectator, the computer and its
/// levels, the sides, the local players), folded ([`fold`]): nobody's name.
pub const SITE_NAMES: &[&str] = &[
    "spectator",
    "spectators",
    "guest",
    "computer",
    "easy",
    "medium",
    "hard",
    "expert",
    "computereasy",
    "computermedium",
    "computerhard",
    "computerexpert",
    "south",
    "north",
    "you",
    "player",
    "players",
    "opponent",
    "friend",
    "online",
];

const ZWJ: char = '\u{200D}';

/// A player's name cleaned as the module says; empty when nothing visible is left (the
/// caller then uses its default name).
pub fn clean(s: &str) -> String {
    clean_counted(s).0
}

/// [`clean`], and the steps it took (characters looked at, over all its passes): the fuzz
/// target `names` checks that they grow linearly with the input and stop growing past
/// [`NAME_INPUT_BYTES`].
#[doc(hidden)]
pub fn clean_counted(s: &str) -> (String, u64) {
    let s = head(s, NAME_INPUT_BYTES);
    let mut steps = 0u64;
    let chars: Vec<char> = s.chars().collect();
    steps += chars.len() as u64;
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    // The last character kept that is not a variation selector or a skin tone: what a
    // zero-width joiner joins from.
    let mut base: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        steps += 1;
        if c.is_whitespace() || is_blank(c) {
            space = !out.is_empty();
            continue;
        }
        let keep = if c == ZWJ {
            joins_emoji(base, chars.get(i + 1).copied())
        } else {
            !c.is_control() && c.general_category() != GeneralCategory::Format
        };
        if keep {
            if space {
                out.push(' ');
                base = Some(' ');
                space = false;
            }
            out.push(c);
            if !is_emoji_tail(c) {
                base = Some(c);
            }
        }
    }
    let (name, cut_steps) = cut(&out);
    (name, steps + cut_steps)
}

/// The first `max` bytes of `s` at most, cut at a character boundary.
pub(crate) fn head(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// `first_hidden_counted` without the count.
#[cfg(test)]
pub(crate) fn first_hidden(s: &str) -> Option<char> {
    first_hidden_counted(s).0
}

/// The first character of `s` that [`clean`] would drop as hidden: a control character (a line
/// break too) or a format character (the zero-width joiner inside an emoji sequence is fine);
/// and the characters looked at. Chat messages (`chat.rs`) are refused rather than cleaned.
/// One pass: each character is looked at once, and once more as the next character of a
/// joiner.
pub(crate) fn first_hidden_counted(s: &str) -> (Option<char>, u64) {
    let mut steps = 0;
    let mut base: Option<char> = None;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        steps += 1;
        let hidden = if c == ZWJ {
            !joins_emoji(base, chars.peek().copied())
        } else {
            c.is_control() || c.general_category() == GeneralCategory::Format
        };
        if hidden {
            return (Some(c), steps);
        }
        if !is_emoji_tail(c) {
            base = Some(c);
        }
    }
    (None, steps)
}

/// Whether `c` is a combining mark (general category Mn, Mc or Me).
pub(crate) fn is_mark(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

/// `s` folded for comparing names: lower case, letters and digits only (spaces, punctuation,
/// `_`, `-` and combining marks ignored), so "Ex-pert", "EXPERT" and "Expért" are all
/// "expert". Looks at the first [`NAME_INPUT_BYTES`] bytes only.
pub fn fold(s: &str) -> String {
    head(s, NAME_INPUT_BYTES)
        .chars()
        .filter(|c| c.is_alphanumeric() && !is_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether two names read as the same: the same [`fold`], or, when one folds to nothing (a
/// name of emoji only), the same text in lower case.
pub fn same(a: &str, b: &str) -> bool {
    let (fa, fb) = (fold(a), fold(b));
    if fa.is_empty() || fb.is_empty() {
        head(a, NAME_INPUT_BYTES).to_lowercase() == head(b, NAME_INPUT_BYTES).to_lowercase()
    } else {
        fa == fb
    }
}

/// Whether `name` (any form) is one of the site's own words (`SITE_NAMES`).
pub fn is_site_name(name: &str) -> bool {
    let f = fold(name);
    SITE_NAMES.contains(&f.as_str())
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

/// What may follow an emoji inside its sequence, between it and a joiner: VS16 and the skin
/// tones.
fn is_emoji_tail(c: char) -> bool {
    c == '\u{FE0F}' || ('\u{1F3FB}'..='\u{1F3FF}').contains(&c)
}

/// Whether a zero-width joiner after `base` (the last character before it that is not an
/// [`is_emoji_tail`]) and ahead of `next` joins two emoji.
fn joins_emoji(base: Option<char>, next: Option<char>) -> bool {
    let emoji = |c: char| !c.is_ascii() && c.is_emoji_char();
    base.is_some_and(emoji) && next.is_some_and(emoji)
}

/// `s` (clean, single spaces) cut to [`NAME_MAX`] grapheme clusters of at most
/// [`CLUSTER_MAX`] code points and [`MARKS_MAX`] marks, at the last space that fits when there
/// is one; and the characters looked at.
fn cut(s: &str) -> (String, u64) {
    let clusters: Vec<&str> = s.graphemes(true).take(NAME_MAX + 1).collect();
    let mut steps: u64 = clusters.iter().map(|g| g.len() as u64).sum();
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
        let mut kept = 0;
        let mut marks = 0;
        let start = out.len();
        let mut dropped = false;
        for c in g.chars() {
            steps += 1;
            if kept == CLUSTER_MAX {
                dropped = true;
                break;
            }
            if is_mark(c) {
                marks += 1;
                if marks > MARKS_MAX {
                    dropped = true;
                    continue;
                }
            }
            out.push(c);
            kept += 1;
        }
        // A joiner left at the end of a cut sequence joins nothing.
        while out.len() > start && out.ends_with(ZWJ) {
            out.pop();
        }
        // A cluster that lost characters ends the name: what is left of it could join the
        // next cluster into one longer than the limits (Hangul letters after dropped marks),
        // and cleaning the name again would cut it differently.
        if dropped {
            break;
        }
    }
    (out.trim_end().to_string(), steps)
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
        let zalgo = format!("Z{}", "\u{0336}".repeat(1000));
        let c = clean(&format!("Ama {}", zalgo.repeat(3)));
        assert_eq!(
            c.graphemes(true).count(),
            5,
            "the cut cluster ends the name"
        );
        assert_eq!(c.chars().count(), 4 + 1 + MARKS_MAX);
        assert_eq!(clean(&c), c);
        // What is left of a cut cluster never joins the next one (found by the fuzzer).
        let jamo = format!("{}{}\u{1100}", "\u{1100}".repeat(5), "\u{0301}".repeat(20));
        let c = clean(&jamo.repeat(3));
        assert_eq!(clean(&c), c);
        // Long clusters without marks (conjoining Hangul letters) keep CLUSTER_MAX.
        let jamo = clean(&"\u{1100}".repeat(100));
        assert_eq!(jamo.chars().count(), CLUSTER_MAX);
        // Vietnamese and pointed Hebrew keep every mark.
        assert_eq!(clean("Nguye\u{0302}\u{0303}n"), "Nguye\u{0302}\u{0303}n");
        let hebrew = "\u{05E9}\u{05BC}\u{05C1}\u{05B8}\u{0591}\u{05A3}";
        assert_eq!(clean(hebrew), hebrew);
        let long = clean(&format!("a{}", "\u{0301}".repeat(10_000)).repeat(100));
        assert!(
            long.len() <= NAME_MAX * CLUSTER_MAX * 4,
            "{} bytes",
            long.len()
        );
    }

    #[test]
    fn only_the_first_bytes_of_a_name_are_read() {
        // A name that fits never needs more than NAME_INPUT_BYTES; what follows is not read
        // (before, all 300,000 spaces were, and the name was "Ama Kofi").
        let name = format!("Ama{}Kofi", " ".repeat(300_000));
        assert_eq!(clean(&name), "Ama");
        // A cut inside a character keeps the characters before it whole.
        let s = "\u{1F600}".repeat(NAME_INPUT_BYTES);
        assert_eq!(head(&s, 4097).len(), 4096);
        assert_eq!(head(&s, 4098).len(), 4096);
        assert_eq!(head("short", 4096), "short");
    }

    /// The inputs that were quadratic: a zero-width joiner after a long run of variation
    /// selectors (each joiner scanned back over the run), stacked marks, a joiner chain.
    fn hostile(n: usize) -> Vec<String> {
        vec![
            format!("\u{1F600}{}", "\u{FE0F}\u{200D}".repeat(n)),
            format!("\u{1F600}{}\u{200D}", "\u{FE0F}".repeat(n)),
            format!("a{}", "\u{0301}".repeat(n)),
            "\u{1F600}\u{200D}".repeat(n),
            "x ".repeat(n),
        ]
    }

    #[test]
    fn cleaning_takes_steps_in_proportion_to_the_bytes_read() {
        for n in [10, 100, 1_000, 100_000] {
            for s in hostile(n) {
                let (_, steps) = clean_counted(&s);
                let read = s.len().min(NAME_INPUT_BYTES) as u64;
                assert!(steps <= 4 * read + 8, "{n}: {steps} steps for {read} bytes");
            }
        }
    }

    #[test]
    fn first_hidden_is_one_pass_and_knows_emoji_joiners() {
        assert_eq!(first_hidden("\u{1F469}\u{200D}\u{1F4BB}"), None);
        assert_eq!(first_hidden("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"), None);
        assert_eq!(first_hidden("a\u{200D}b"), Some('\u{200D}'));
        assert_eq!(first_hidden("\u{1F600}\u{200D}"), Some('\u{200D}'));
        // A joiner after a run of selectors that follows no emoji.
        let s = format!("a{}\u{200D}\u{1F600}", "\u{FE0F}".repeat(5));
        assert_eq!(first_hidden(&s), Some('\u{200D}'));
    }

    #[test]
    fn the_sites_words_are_folded_names() {
        for n in [
            "Spectator",
            "EXPERT",
            "Ex-pert",
            "south",
            "S o u t h",
            "Expe\u{0301}rt",
            "Computer (Easy)",
        ] {
            assert!(is_site_name(n), "{n}");
        }
        for n in ["Ama", "Southgate", "Expert2", "Kofi"] {
            assert!(!is_site_name(n), "{n}");
        }
        assert_eq!(fold("Kofi_Annan-2"), "kofiannan2");
    }
}
