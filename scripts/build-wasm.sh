#!/bin/sh
# Builds the rules core and the engine for the page (crates/oware-wasm) and puts the modules at
# crates/oware-server/static/wasm/ (oware.wasm, oware-learn.wasm), where the server embeds them (rust-embed): run it
# before building the server. Needs only cargo and the target
# (added with rustup when missing). The file is generated, not committed (.gitignore).
set -eu
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
# A fresh machine has the native target only: rustup adds this one (a download from Rust's own
# servers, as rustup itself does).
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
# Two modules: the engine and the rules (every page that plays, offline games included) and the
# same with the lessons (crate feature `lessons`, every language's lesson text), which only the
# lessons page loads, and only without the network.
changed=0
build() { # features, output name
    cargo build -q --profile wasm --target wasm32-unknown-unknown -p oware-wasm $1
    built="$target_dir/wasm32-unknown-unknown/wasm/oware_wasm.wasm"
    out=crates/oware-server/static/wasm/$2
    mkdir -p "$(dirname "$out")"
    if ! cmp -s "$built" "$out" 2>/dev/null; then
        cp "$built" "$out"
        changed=1
    fi
    echo "$out: $(wc -c <"$out") bytes"
}
build --no-default-features oware.wasm
build "" oware-learn.wasm
# rust-embed reads the folder when the server compiles: a module that changed must make the
# server's assets compile again.
if [ "$changed" = 1 ]; then
    touch crates/oware-server/src/http/assets.rs
fi
