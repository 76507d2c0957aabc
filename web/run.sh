#!/usr/bin/env bash
# Sets up and runs the app: builds both wasm builds (installing the wasm
# toolchain on first use), assembles the site as it is published
# (web/site.sh), then serves it on localhost with the cross-origin isolation
# headers threads need, and prints the URL.
#   bash web/run.sh [--port N] [--no-isolation]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/web/build.sh"
bash "$root/web/site.sh"
exec node "$root/web/serve.mjs" "$@"
