#!/usr/bin/env bash
# Runs every test of Yomi on a fresh machine of the project's kind, first
# installing what is missing: Debian's Chromium for the browser tests,
# playwright-core to drive it, and the wasm toolchain (web/build.sh).
#   1. cargo clippy, warnings as errors; rustdoc, warnings as errors.
#   2. cargo test, built once with the cluster feature (OpenMPI from Debian): the
#      engine's unit tests, the rules against the naive reference on every board,
#      perft against published counts, the solver against published results and a
#      naive negamax, the parsers fuzzed, the CLI, and the real binary under mpirun
#      with three ranks on this one machine (tests/mpi.rs); then the slow suites
#      (6x6 solved, in one process and over the ranks).
#   3. both wasm builds (threaded and single-thread), assembled into the site
#      as it is published (web/site.sh), in headless Chromium: the app, the
#      benchmark page, the tutorial, <yomi-board> in a plain page, the path
#      without isolation, the site served as GitHub Pages serves it (the
#      service worker's isolation and offline copy), and the npm package.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# Each step prints the minutes since the start, so a slow step shows in the log.
step() { printf '== %dm%02ds %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# The mpi feature: OpenMPI to run and link, libclang for rsmpi's bindings.
command -v mpirun >/dev/null 2>&1 || missing+=(openmpi-bin)
[ -e /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h ] || [ -e /usr/include/mpi.h ] || missing+=(libopenmpi-dev)
# libclang itself: a machine may hold only libclang-cpp, which bindgen cannot use.
compgen -G '/usr/lib/llvm-*/lib/libclang.so*' >/dev/null || compgen -G '/usr/lib/llvm-*/lib/libclang-[0-9]*.so*' >/dev/null || missing+=(libclang-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
step "playwright-core"
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

step "clippy and rustdoc"
# Lint first: a warning fails the run, as a failing test does.
rustup component list --installed | grep -q '^clippy' || rustup component add clippy
cargo clippy --all-targets -- -D warnings
# The library's rustdoc: every public item documented (missing_docs), no broken link.
RUSTDOCFLAGS='-D warnings' cargo doc -p yomi --lib --no-deps --quiet

# Every suite is built once, with the cluster feature: it adds only `--distributed`'s
# code, clippy above has checked the build without it, and a second build of the
# engine would cost CI four minutes. OpenMPI refuses to run as root unless told;
# test machines run as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
step "cargo test: the build"
cargo test --workspace --features mpi --no-run
step "cargo test: the run"
cargo test --workspace --features mpi
step "the slow suites"
# By name: 6x6 solved under paper 001's rule, in one process and over three ranks (minutes each).
cargo test --features mpi --test solve -- --ignored
cargo test --features mpi --test mpi -- --ignored

step "the wasm builds"
bash web/build.sh
step "the site and the package"
bash web/site.sh
bash web/pack.sh
step "the browser"
(cd tests/browser && npm test)
step "done"
