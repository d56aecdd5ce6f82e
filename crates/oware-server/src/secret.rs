//! Comparing secrets (seat tokens, presence keys) in constant time, so the time an answer takes
//! tells nothing about how much of a guess was right.

use subtle::ConstantTimeEq;

/// Whether `a` and `b` are the same bytes, in a time that depends on their lengths only.
pub(crate) fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.ct_eq(b).into()
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn equal_bytes_only() {
        assert!(same_secret(b"token-1", b"token-1"));
        assert!(same_secret(b"", b""));
        assert!(!same_secret(b"token-1", b"token-2"));
        assert!(!same_secret(b"token", b"token-1"));
        assert!(!same_secret(b"token-1", b""));
    }
}
