//! Generated log-ins for pupils: user names and passwords a child can type, and random ids,
//! from the system's random source (no account or store here: `mod.rs` keeps them).

/// Random bytes as hex (ids).
pub(super) fn random_hex(bytes: usize) -> Result<String, getrandom::Error> {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b)?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Random numbers below `n`, `count` of them (rejection sampling, no bias).
fn random_below(n: u8, count: usize) -> Result<Vec<u8>, getrandom::Error> {
    let limit = u8::MAX - (u8::MAX % n);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut b = [0u8; 32];
        getrandom::fill(&mut b)?;
        out.extend(b.iter().filter(|&&x| x < limit).map(|x| x % n));
    }
    out.truncate(count);
    Ok(out)
}

/// A password a child can type: four syllables and two digits (`bakimoru42`, about 31 bits;
/// log-ins are limited per address and per account, `accounts/attempts.rs`).
pub(super) fn new_password() -> Result<String, getrandom::Error> {
    const CONSONANTS: &[u8] = b"bdfgkmnprstvz";
    const VOWELS: &[u8] = b"aeiou";
    let r = random_below(CONSONANTS.len() as u8, 4)?;
    let v = random_below(VOWELS.len() as u8, 4)?;
    let d = random_below(10, 2)?;
    let mut s = String::with_capacity(10);
    for i in 0..4 {
        s.push(CONSONANTS[usize::from(r[i])] as char);
        s.push(VOWELS[usize::from(v[i])] as char);
    }
    for x in d {
        s.push(char::from(b'0' + x));
    }
    Ok(s)
}

/// A user name for pupil `name`: its first ASCII letters (lower case, at most 10; `pupil` if
/// none) and four random letters or digits, e.g. `ama-k7q2`.
pub(super) fn new_username(name: &str) -> Result<String, getrandom::Error> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut base: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(10)
        .collect::<String>()
        .to_ascii_lowercase();
    if base.len() < 2 {
        base = "pupil".into();
    }
    let tail: String = random_below(ALPHABET.len() as u8, 4)?
        .into_iter()
        .map(|i| ALPHABET[usize::from(i)] as char)
        .collect();
    Ok(format!("{base}-{tail}"))
}
