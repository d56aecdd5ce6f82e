// Player names (`oware_server::clean_name`, what every name a client sends goes through: a
// seat, a game on one device, a pool, a tournament, a guest's chat name) fed hostile text: the
// first byte says how many times the rest is repeated (1 to 64, up to 256 KB from a 4 KB
// input), the rest is read as UTF-8 (lossy). Work budget: at most four steps per byte read,
// and no more than `NAME_INPUT_BYTES` bytes are read whatever the length. The name is within
// `NAME_MAX` grapheme clusters, holds no control or format character (a joiner only inside an
// emoji sequence), has no space at either end nor two in a row, and is cleaned again unchanged.
// Folding it (`fold_name`, `is_site_name`) takes no more than the bytes read. Never a panic.
// Shared by the fuzz target `names` and the replay test of oware-server.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_server::{clean_name, clean_name_counted, NAME_INPUT_BYTES, NAME_MAX};

    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest).repeat(1 + usize::from(first % 64));
    let (name, steps) = clean_name_counted(&text);
    let read = text.len().min(NAME_INPUT_BYTES) as u64;
    assert!(steps <= 4 * read + 8, "{steps} steps for {read} bytes read");
    assert!(name.len() <= NAME_INPUT_BYTES);
    let clusters = unicode_segmentation::UnicodeSegmentation::graphemes(name.as_str(), true);
    assert!(clusters.count() <= NAME_MAX, "{name:?}");
    assert!(!name.chars().any(char::is_control), "{name:?}");
    assert!(
        !name.chars().any(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200B}' | '\u{FEFF}')),
        "{name:?}"
    );
    assert_eq!(name.trim(), name, "{name:?}");
    assert!(!name.contains("  "), "{name:?}");
    assert_eq!(clean_name(&name), name, "cleaned again");
    let folded = oware_server::fold_name(&text);
    assert!(folded.len() <= 3 * NAME_INPUT_BYTES);
    let _ = oware_server::is_site_name(&name);
}
