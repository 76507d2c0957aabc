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

# wasm-opt (binaryen from npm: Debian's 108 breaks threaded modules) shrinks
# both modules for the first load.
(cd web/tools && npm ci --no-audit --no-fund --loglevel=error)
shrink() {
  local pkg=$1 before
  before=$(wc -c < "$pkg/yomi_bg.wasm")
  web/tools/node_modules/.bin/wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-mutable-globals \
    --enable-simd --enable-nontrapping-float-to-int --enable-sign-ext \
    "$pkg/yomi_bg.wasm" -o "$pkg/yomi_bg.wasm"
  echo "built $pkg: $before bytes of wasm, $(wc -c < "$pkg/yomi_bg.wasm") after wasm-opt, $(gzip -9c "$pkg/yomi_bg.wasm" | wc -c) gzipped"
}

# The threaded build. RUSTC_BOOTSTRAP lets stable rebuild std with atomics;
# it must be in the process environment, which is why it is set here and not
# in .cargo/config.toml.
threaded() {
  RUSTC_BOOTSTRAP=1 cargo build --release --lib -p yomi --features threads \
    --target wasm32-unknown-unknown -Z build-std=panic_abort,std
  wasm-bindgen --target web --out-dir web/pkg target/wasm32-unknown-unknown/release/yomi.wasm
  # wasm-bindgen-rayon 1.3 (the newest) starts each pool worker with
  # init(module, memory), the form wasm-bindgen 0.2.9x+ deprecates: every
  # thread then logs a warning in the visitor's console. Its helper gets the
  # one-object form here; the build fails if the line is no longer there.
  local helper
  helper=$(ls web/pkg/snippets/wasm-bindgen-rayon-*/src/workerHelpers.no-bundler.js)
  grep -q 'await pkg.default(data.module, data.memory);' "$helper"
  sed -i 's/await pkg.default(data.module, data.memory);/await pkg.default({ module_or_path: data.module, memory: data.memory });/' "$helper"
  shrink web/pkg
}

# The single-thread build, for pages that are not cross-origin isolated (no
# SharedArrayBuffer there, so no shared memory and no workers). RUSTFLAGS
# replaces the threaded flags of .cargo/config.toml; its own target folder
# keeps the two builds from rebuilding each other.
single() {
  RUSTFLAGS="-C target-feature=+simd128" cargo build --release --lib -p yomi \
    --target wasm32-unknown-unknown --target-dir target/wasm-single
  wasm-bindgen --target web --out-dir web/pkg-single target/wasm-single/wasm32-unknown-unknown/release/yomi.wasm
  shrink web/pkg-single
}

# The two side by side: each ends in long steps on one core (the engine's
# codegen, then wasm-opt), so together they take little more than the longer
# one (engine/MEASUREMENTS.md, 2026-12-07, seventh stretch).
threaded & t=$!
single & s=$!
wait "$t" || { kill "$s" 2>/dev/null; exit 1; }
wait "$s"

# The opening book, the explorer and the evaluation's network, fetched by the engine's worker after the first paint.
cp engine/book/book.ybk web/pkg/book.ybk
cp engine/explorer/explorer.yex web/pkg/explorer.yex
cp engine/weights/patterns-browser.ywp web/pkg/evaluation.ywp
cp engine/weights/probcut-browser.txt web/pkg/evaluation-probcut.txt
