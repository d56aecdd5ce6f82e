//! Rebuilds the crate when anything under `locales/` changes, a new file included: rust-embed
//! embeds the files there, but cargo only knows about the files it embedded last time.

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
