// The chat's text check (`oware_server::check_chat_text`, what `POST /api/games/{id}/chat`
// runs on every message) fed hostile text: the first byte says how many times the rest is
// repeated (1 to 64, so a 4 KB input becomes up to 256 KB: the long runs of joiners,
// selectors and marks that once made the check quadratic), the rest is read as UTF-8 (lossy).
// Work budget: the steps the check counts are at most three per byte of a text within
// `CHAT_TEXT_BYTES_MAX`, and none at all for a longer text, refused on its length alone. What
// is accepted is the text trimmed, within the limits, holds no control or format character
// (a joiner only inside an emoji sequence) and is accepted again unchanged. Never a panic.
// Shared by the fuzz target `chat_text` and the replay test of oware-server.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_server::{check_chat_text, check_chat_text_counted, CHAT_TEXT_BYTES_MAX};

    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest).repeat(1 + usize::from(first % 64));
    let (answer, steps) = check_chat_text_counted(&text);
    if text.len() > CHAT_TEXT_BYTES_MAX {
        assert!(answer.is_err(), "a text of {} bytes accepted", text.len());
        assert_eq!(steps, 0, "a text over the byte limit is not read");
        return;
    }
    assert!(
        steps <= 3 * text.len() as u64,
        "{steps} steps for {} bytes",
        text.len()
    );
    let Ok(kept) = answer else {
        return;
    };
    assert_eq!(kept, text.trim());
    assert!(!kept.is_empty());
    assert!(kept.len() <= CHAT_TEXT_BYTES_MAX);
    assert!(!kept.chars().any(char::is_control), "{kept:?}");
    assert!(
        !kept.chars().any(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200B}' | '\u{FEFF}')),
        "{kept:?}"
    );
    let graphemes = unicode_segmentation::UnicodeSegmentation::graphemes(kept.as_str(), true);
    assert!(graphemes.count() <= oware_server::CHAT_TEXT_MAX);
    assert_eq!(check_chat_text(&kept), Ok(kept.clone()), "accepted again");
}
