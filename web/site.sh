#!/usr/bin/env bash
# Assembles the site exactly as it is published: the pages, their scripts
# and modules, the styles, the app's manifest and icons, and both wasm builds
# with the book (after web/build.sh), into one folder (default target/site).
# GitHub Pages' workflow, the local server (web/run.sh) and the browser tests
# all serve this folder, so what is tested is what is published.
#   bash web/site.sh [OUT]
# The service worker gets the site's file list and a version (a hash of
# every file's contents) stamped in, so a visitor's offline copy is replaced
# whole when any file changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/target/site}")
web=$root/web

for pkg in pkg pkg-single; do
  [ -f "$web/$pkg/yomi_bg.wasm" ] || { echo "web/site.sh: web/$pkg is not built; run bash web/build.sh first" >&2; exit 2; }
done

rm -rf "$out"
mkdir -p "$out/app" "$out/icons" "$out/pkg" "$out/pkg-single"
# The pages and every browser script beside them (serve.mjs and site.sh are
# tools, not the site).
cp "$web"/*.html "$web"/*.css "$web"/manifest.webmanifest "$out/"
for f in "$web"/*.js; do cp "$f" "$out/"; done
cp "$web"/app/*.js "$out/app/"
cp "$web"/icons/*.png "$web"/icons/*.svg "$out/icons/"
# The boards solved from the start, which the app's one-click solves show.
cp "$root/engine/solves/solved.json" "$out/solved.json"
# The engine: wasm-bindgen's output, without its .gitignore, and the book.
for pkg in pkg pkg-single; do
  (cd "$web/$pkg" && find . -type f ! -name .gitignore ! -name '*.d.ts' ! -name package.json -print0 |
    while IFS= read -r -d '' f; do mkdir -p "$out/$pkg/$(dirname "$f")"; cp "$f" "$out/$pkg/$f"; done)
done

# Every file the site serves, for the service worker to keep offline.
files=$(cd "$out" && find . -type f ! -name service-worker.js | sed 's|^\./||' | LC_ALL=C sort)
version=$(cd "$out" && printf '%s\n' $files | xargs sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' $files | sed 's/.*/  "&",/')
node -e '
  const fs = require("fs");
  const [file, version, list] = process.argv.slice(1);
  const text = fs.readFileSync(file, "utf8");
  const stamped = text
    .replace(/^const VERSION = .*;$/m, `const VERSION = ${JSON.stringify(version)};`)
    .replace(/^const FILES = \[\];$/m, `const FILES = [\n  "./",\n${list}\n];`);
  if (!stamped.includes(version) || stamped.includes("const FILES = [];")) {
    console.error("web/site.sh: service-worker.js has no VERSION or FILES line to stamp");
    process.exit(2);
  }
  fs.writeFileSync(file, stamped);
' "$out/service-worker.js" "$version" "$list"

echo "assembled the site in $out: $(printf '%s\n' $files | wc -l) files, $(du -sk "$out" | cut -f1) KiB, version $version"
