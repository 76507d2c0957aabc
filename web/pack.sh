#!/usr/bin/env bash
# Makes the npm package for page authors, yomi-othello-VERSION.tgz (VERSION
# is the engine crate's), into target/npm: the embedding API (yomi.js,
# yomi-board.js and the modules they import), the engine's worker, the
# isolation service worker, both wasm builds with the opening book, a README
# and the licence. Nothing is published; the tarball is the product.
#   bash web/pack.sh     (after bash web/build.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
web=$root/web
out=$root/target/npm
for pkg in pkg pkg-single; do
  [ -f "$web/$pkg/yomi_bg.wasm" ] || { echo "web/pack.sh: web/$pkg is not built; run bash web/build.sh first" >&2; exit 2; }
done
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/engine/Cargo.toml" | head -1)

rm -rf "$out"
mkdir -p "$out/yomi-othello"
dir=$out/yomi-othello
cp "$web"/{yomi.js,yomi-board.js,board-view.js,format.js,engine-worker.js,coi-serviceworker.js} "$dir/"
cp "$web"/npm/README.md "$web"/npm/LICENSE "$dir/"
for pkg in pkg pkg-single; do
  (cd "$web/$pkg" && find . -type f ! -name .gitignore ! -name package.json -print0 |
    while IFS= read -r -d '' f; do mkdir -p "$dir/$pkg/$(dirname "$f")"; cp "$f" "$dir/$pkg/$f"; done)
done
node -e '
  const fs = require("fs");
  const [from, to, version] = process.argv.slice(1);
  const p = JSON.parse(fs.readFileSync(from, "utf8"));
  p.version = version;
  fs.writeFileSync(to, JSON.stringify(p, null, 2) + "\n");
' "$web/npm/package.json" "$dir/package.json" "$version"
# Every module the package's files import is in it.
for f in "$dir"/*.js; do
  for dep in $(grep -o "from '\./[^']*'" "$f" | sed "s/from '\.\/\(.*\)'/\1/"); do
    [ -f "$dir/$dep" ] || { echo "web/pack.sh: $(basename "$f") imports $dep, which the package lacks" >&2; exit 2; }
  done
done
(cd "$dir" && npm pack --silent --pack-destination "$out" >/dev/null)
tgz=$out/yomi-othello-$version.tgz
echo "packed $tgz: $(wc -c < "$tgz") bytes, $(tar tzf "$tgz" | wc -l) files"
