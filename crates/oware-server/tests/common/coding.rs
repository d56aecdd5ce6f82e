//! Decoding a compressed answer in the tests that ask for one (`compression.rs`,
//! `egdb_files.rs`). Not part of `common/mod.rs`: the CLI's tests compile that module too, and
//! they have no gzip or brotli decoder.

use std::io::Read;

/// `bytes` decoded from `coding` (`gzip` or `br`).
pub fn decoded(coding: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match coding {
        "gzip" => flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut out)
            .unwrap(),
        "br" => brotli::Decompressor::new(bytes, 4096)
            .read_to_end(&mut out)
            .unwrap(),
        other => panic!("unexpected coding {other}"),
    };
    out
}
