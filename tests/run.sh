#!/usr/bin/env bash
# Runs every test of Yomi on a fresh machine of the project's kind, first
# installing what is missing: Debian's Chromium for the browser tests,
# playwright-core to drive it, and the wasm toolchain (web/build.sh).
#   1. cargo test: the engine's unit tests, the rules against the naive
#      reference on every board, perft against published counts, the
#      solver against published results and a naive negamax, the parsers
#      fuzzed, and the CLI; then the slow solver tests (6x6).
#   2. both wasm builds (threaded and single-thread), served with their real
#      headers, in headless Chromium: the app, the benchmark page, the
#      tutorial, <yomi-board> in a plain page, and the path without isolation.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "installing Debian's chromium for the browser tests"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

cargo test --workspace
# The slow suites, by name: 6x6 solved under paper 001's rule (minutes).
cargo test --test solve -- --ignored

bash web/build.sh
(cd tests/browser && npm test)
