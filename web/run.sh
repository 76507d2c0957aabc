#!/usr/bin/env bash
# Sets up and runs the app: builds the threaded wasm (installing the wasm
# toolchain on first use), then serves web/ on localhost with the
# cross-origin isolation headers threads need, and prints the URL.
#   bash web/run.sh [--port N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/web/build.sh"
exec node "$root/web/serve.mjs" "$@"
