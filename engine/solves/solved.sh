#!/usr/bin/env bash
# Makes engine/solves/solved.json: every board Yomi has solved from the
# start, Othello start, paper 001's scoring, each checked twice.
#   bash engine/solves/solved.sh [--table]   (after cargo build --release)
# --table leaves the small boards as they are, takes the jobs' results
# again and writes README.md's table.
# Boards a plain solve finishes in minutes are solved here on one thread
# (the value, line, nodes and time), again for every first move's value
# (whose best must be the value), again on two threads (YBW), and the
# perfect line replayed by `yomi show` to its final score. Boards solved as
# jobs (`yomi solve --job`) are taken from their folder's result.json once
# finished, with the job's own checks listed in its checks.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
yomi=$root/target/release/yomi
[ -x "$yomi" ] || { echo "engine/solves/solved.sh: build first: cargo build --release" >&2; exit 2; }
out=$root/engine/solves/solved.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ "${1:-}" != "--table" ]; then
for board in 4x4 4x6 4x8 6x6 4x10 4x12; do
  echo "solving $board" >&2
  "$yomi" solve --board "$board" --scoring paper --json --threads 1 --hash 512 > "$tmp/$board.1.json"
  "$yomi" solve --board "$board" --scoring paper --all-moves --json --threads 1 --hash 512 > "$tmp/$board.all.json"
  "$yomi" solve --board "$board" --scoring paper --json --threads 2 --hash 512 > "$tmp/$board.2.json"
  line=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).pv.filter((m) => m !== "pass").join(""))' "$tmp/$board.1.json")
  "$yomi" show --board "$board" --scoring paper --moves "$line" --json > "$tmp/$board.show.json"
done

node - "$root" "$tmp" "$out" <<'EOF'
const fs = require('fs');
const path = require('path');
const [root, tmp, out] = process.argv.slice(2);
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const boards = [];
for (const board of ['4x4', '4x6', '4x8', '6x6', '4x10', '4x12']) {
  const one = read(path.join(tmp, `${board}.1.json`));
  const all = read(path.join(tmp, `${board}.all.json`));
  const two = read(path.join(tmp, `${board}.2.json`));
  const end = read(path.join(tmp, `${board}.show.json`));
  if (one.score !== two.score) throw new Error(`${board}: ${one.score} on 1 thread, ${two.score} on 2`);
  if (Math.max(...Object.values(all.moves)) !== one.score) throw new Error(`${board}: the best first move's value is not ${one.score}`);
  if (end.status !== 'over' || end.score !== one.score) throw new Error(`${board}: the line ends at ${end.score} (${end.status})`);
  boards.push({
    board, start: 'othello', scoring: 'paper', value: one.score, line: one.pv,
    final: { black: one.black, white: one.white },
    moves: Object.fromEntries(Object.entries(all.moves).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    nodes: one.nodes, seconds: Math.round(one.seconds * 1000) / 1000, threads: 1,
    checks: [
      `the same value on 2 threads (ybw, ${two.nodes} nodes)`,
      `the perfect line replays under the rules to ${end.black}-${end.white}, ${end.score >= 0 ? '+' : ''}${end.score}`,
    ],
  });
}
const squares = (b) => b.split('x').map(Number).reduce((x, y) => x * y);
boards.sort((a, b) => squares(a.board) - squares(b.board) || a.board.localeCompare(b.board));
// One board a line: the file reads as a table.
fs.writeFileSync(out, `[\n${boards.map((b) => `  ${JSON.stringify(b)}`).join(',\n')}\n]\n`);
console.error(`wrote ${out}: ${boards.map((b) => `${b.board} ${b.value >= 0 ? '+' : ''}${b.value}`).join(', ')}`);
EOF
fi

# README.md's table, from solved.json as it stands.
node - "$root" "$out" <<'EOF'
const fs = require('fs');
const path = require('path');
const [root, out] = process.argv.slice(2);
const boards = JSON.parse(fs.readFileSync(out, 'utf8'));
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const squares = (b) => b.split('x').map(Number).reduce((x, y) => x * y);
// The boards solved as jobs: their result.json, with the checks their folder lists.
const plain = boards.filter((b) => !b.job);
boards.length = 0;
boards.push(...plain);
const solves = path.join(root, 'engine/solves');
for (const dir of fs.readdirSync(solves).sort()) {
  const result = path.join(solves, dir, 'result.json');
  if (!fs.existsSync(result)) continue;
  const r = read(result);
  const checksFile = path.join(solves, dir, 'checks.txt');
  const checks = fs.existsSync(checksFile) ? fs.readFileSync(checksFile, 'utf8').split('\n').filter(Boolean) : [];
  boards.push({
    board: r.board, start: 'othello', scoring: r.scoring, value: r.value, line: r.line, final: r.final,
    nodes: r.nodes, seconds: r.seconds, threads: r.threads, job: `engine/solves/${dir}`, checks,
  });
}
boards.sort((a, b) => squares(a.board) - squares(b.board) || a.board.localeCompare(b.board));
fs.writeFileSync(out, `[\n${boards.map((b) => `  ${JSON.stringify(b)}`).join(',\n')}\n]\n`);
// README.md's table of solved boards, between its markers.
const readme = path.join(root, 'README.md');
const sign = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
const rows = boards.map((b) => {
  const final = b.final ? ` (${b.final.black}–${b.final.white})` : '';
  const time = b.seconds < 1 ? `${Math.round(b.seconds * 1000)} ms` : b.seconds < 120 ? `${b.seconds.toFixed(1)} s` : `${(b.seconds / 60).toFixed(0)} min`;
  const nodes = b.nodes >= 1e9 ? `${(b.nodes / 1e9).toFixed(1)} G` : b.nodes >= 1e6 ? `${(b.nodes / 1e6).toFixed(1)} M` : b.nodes.toLocaleString("en");
  return `| ${b.board.replace('x', '×')} | ${sign(b.value)}${final} | ${b.line.slice(0, 4).join(' ')} … (${b.line.length} plies) | ${nodes} | ${time}, ${b.threads} thread${b.threads > 1 ? 's' : ''} |`;
});
const table = ['<!-- solved:begin (bash engine/solves/solved.sh writes this table from engine/solves/solved.json) -->',
  '| board | value for Black | perfect line | nodes | time |', '|---|---|---|---|---|', ...rows, '<!-- solved:end -->'].join('\n');
const text = fs.readFileSync(readme, 'utf8');
const marked = /<!-- solved:begin[^]*?<!-- solved:end -->/;
if (!marked.test(text)) throw new Error('README.md has no solved:begin/solved:end markers');
fs.writeFileSync(readme, text.replace(marked, table));
EOF
