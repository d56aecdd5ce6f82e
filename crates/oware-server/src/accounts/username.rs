//! Account names: 2 to 20 ASCII letters, digits, `_` and `-`, unique without regard to case,
//! not one of a few reserved words (so nobody is "admin" or "system" and no name can pass for
//! the server's own words on a page: "Spectator", "Expert", "South", "Computer", the
//! `names::SITE_NAMES`). Reserved words are compared folded (`names::fold`: case, `_` and `-`
//! ignored), so "Ex-pert" and "SOUTH_" are refused too. Accounts made before a word was
//! reserved keep their name.

/// The shortest name.
pub const NAME_MIN: usize = 2;
/// The longest name.
pub const NAME_MAX: usize = 20;

/// Names nobody may take, in lower case (compared without regard to case).
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "computer",
    "guest",
    "mod",
    "moderator",
    "null",
    "oware",
    "root",
    "server",
    "staff",
    "support",
    "system",
    "undefined",
];

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    /// Shorter than [`NAME_MIN`] or longer than [`NAME_MAX`].
    Length,
    /// A character other than letters, digits, `_` and `-`.
    Characters,
    /// A reserved word.
    Reserved,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Length => write!(f, "a user name has {NAME_MIN} to {NAME_MAX} characters"),
            NameError::Characters => {
                f.write_str("a user name has only letters (a-z, A-Z), digits, '_' and '-'")
            }
            NameError::Reserved => f.write_str("this user name is reserved"),
        }
    }
}

/// `name` if it is a valid account name (as written; uniqueness is the store's check).
pub fn check(name: &str) -> Result<&str, NameError> {
    if !(NAME_MIN..=NAME_MAX).contains(&name.len()) {
        return Err(NameError::Length);
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return Err(NameError::Characters);
    }
    if reserved(name) {
        return Err(NameError::Reserved);
    }
    Ok(name)
}

/// Whether `name` (any text) folds to a reserved word or one of the site's own words, or
/// starts as the house bots' names do (`HouseBot-…`, `house/`).
pub fn reserved(name: &str) -> bool {
    let f = crate::names::fold(name);
    RESERVED.contains(&f.as_str())
        || crate::names::SITE_NAMES.contains(&f.as_str())
        || f.starts_with(HOUSE_PREFIX)
}

/// The folded start of the house bots' names, which no person may take.
const HOUSE_PREFIX: &str = "housebot";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_have_two_to_twenty_letters_digits_underscores_and_hyphens() {
        assert_eq!(check("ab"), Ok("ab"));
        assert_eq!(check("Kofi_Annan-2"), Ok("Kofi_Annan-2"));
        assert_eq!(check("a"), Err(NameError::Length));
        assert_eq!(check(&"x".repeat(21)), Err(NameError::Length));
        assert_eq!(check("kofi mensah"), Err(NameError::Characters));
        assert_eq!(check("kofí"), Err(NameError::Characters));
        assert_eq!(check("a\u{202e}b"), Err(NameError::Characters));
    }

    #[test]
    fn reserved_words_are_refused_in_any_case() {
        assert_eq!(check("ADMIN"), Err(NameError::Reserved));
        assert_eq!(check("System"), Err(NameError::Reserved));
        assert_eq!(check("Anonymous"), Err(NameError::Reserved));
    }

    #[test]
    fn the_sites_own_words_are_not_account_names() {
        for n in [
            "Spectator",
            "spectator",
            "Easy",
            "Medium",
            "Hard",
            "Expert",
            "EXPERT",
            "Ex-pert",
            "South",
            "North_",
            "Computer",
            "You",
            "Guest",
            "Computer_Easy",
        ] {
            assert_eq!(check(n), Err(NameError::Reserved), "{n}");
        }
        for n in ["Southgate", "Expert2", "Kofi", "Ama_North"] {
            assert_eq!(check(n), Ok(n), "{n}");
        }
    }
}
