// How a board's solve grows with the empties, and what that says of its
// start: positions of self-play games (depth-4 players after a few random
// plies) at growing empties are solved exactly on one thread, log10 of
// their nodes is fitted by a line in the empties, and the line is carried to
// the start's empties with its 95 % prediction interval.
//   node engine/solves/growth.mjs --board 6x8 [--games 8] [--empties 16-28] [--seed 1]
// (after cargo build --release). Prints one line a solve, then the fit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const yomi = join(root, 'target/release/yomi');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const board = arg('board', '6x8');
const games = Number(arg('games', '8'));
const [lo, hi] = arg('empties', '16-28').split('-').map(Number);
const seed = arg('seed', '1');
const [rows, cols] = board.split('x').map(Number);
const squares = rows * cols;
if (!(games >= 2 && lo >= 4 && hi >= lo && hi < squares - 4)) {
  console.error('growth.mjs: --games 2 or more, --empties LO-HI within the board');
  process.exit(2);
}

const run = (args) => execFileSync(yomi, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
const tmp = mkdtempSync(join(tmpdir(), 'yomi-growth-'));
const log = join(tmp, 'games.jsonl');
run(['match', 'depth=4', 'depth=4', '--board', board, '--scoring', 'paper', '--games', String(games),
  '--random-plies', '6', '--seed', seed, '--no-book', '--log', log]);
const records = readFileSync(log, 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l).record);
rmSync(tmp, { recursive: true, force: true });

const points = [];
for (const record of records) {
  const moves = record.match(/[a-p]\d+/g);
  for (let e = lo; e <= hi; e += 2) {
    const played = squares - 4 - e;
    if (played > moves.length) continue;
    const shown = JSON.parse(run(['show', '--board', board, '--moves', moves.slice(0, played).join(''), '--json']));
    if (shown.status === 'over') continue;
    const s = JSON.parse(run(['solve', '--board', board, '--scoring', 'paper', '--threads', '1', '--hash', '256', '--json', shown.position]));
    points.push({ e, nodes: s.nodes, seconds: s.seconds });
    console.log(`${e} empties: ${s.nodes} nodes, ${s.seconds.toFixed(2)} s, ${s.score >= 0 ? '+' : ''}${s.score} (${shown.position})`);
  }
}

// Least squares of log10(nodes) on the empties, and the prediction at the start.
const n = points.length;
const xs = points.map((p) => p.e);
const ys = points.map((p) => Math.log10(Math.max(1, p.nodes)));
const mx = xs.reduce((a, b) => a + b) / n;
const my = ys.reduce((a, b) => a + b) / n;
const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / sxx;
const icpt = my - slope * mx;
const resid = Math.sqrt(ys.reduce((a, y, i) => a + (y - icpt - slope * xs[i]) ** 2, 0) / (n - 2));
const start = squares - 4;
const at = icpt + slope * start;
const half = 1.96 * resid * Math.sqrt(1 + 1 / n + (start - mx) ** 2 / sxx);
console.log(`${board}: ${n} solves at ${lo}-${hi} empties; nodes grow ×${(10 ** slope).toFixed(2)} an empty (log10 residual ${resid.toFixed(2)})`);
console.log(`carried to the start (${start} empties): 10^${at.toFixed(1)} nodes, 95 % between 10^${(at - half).toFixed(1)} and 10^${(at + half).toFixed(1)}`);
