#!/usr/bin/env bash
# Builds the threaded WebAssembly engine into web/pkg, first installing what
# a fresh machine lacks: the rust-src component and wasm32 target (std is
# rebuilt with atomics), and the wasm-bindgen CLI of the exact version in
# Cargo.lock.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

rustup component list --installed | grep -q '^rust-src' || rustup component add rust-src
rustup target list --installed | grep -q '^wasm32-unknown-unknown$' || rustup target add wasm32-unknown-unknown

want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$want"
fi

# RUSTC_BOOTSTRAP lets stable rebuild std with atomics; it must be in the
# process environment, which is why it is set here and not in .cargo/config.toml.
RUSTC_BOOTSTRAP=1 cargo build --release --lib -p yomi --target wasm32-unknown-unknown \
  -Z build-std=panic_abort,std
wasm-bindgen --target web --out-dir web/pkg target/wasm32-unknown-unknown/release/yomi.wasm
echo "built web/pkg ($(wc -c < web/pkg/yomi_bg.wasm) bytes of wasm)"
