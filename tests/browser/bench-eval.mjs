// The browser's two evaluations side by side: the compact tables the wasm
// module embeds, and the same tables with the network the page fetches after
// its first paint (pkg/evaluation.ywp). Each searches FFO #40-#59 (or the
// positions of --obf, relative to the repository) at a level
// (default hard: depth 10, ProbCut t = 2, no book; --time S replaces the
// level's time) on one thread, a new
// engine (and table) for each set, rounds alternating; printed: nodes, best and median seconds, nodes/s,
// and how many of the 20 best moves each found (the file's exact scores).
//   node tests/browser/bench-eval.mjs [--rounds 3] [--level hard] [--time S] [--obf FILE]
// Needs `bash web/build.sh` and `bash web/site.sh` first.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { start } from './browser.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : d;
};
const rounds = Number(arg('rounds', 3));
const level = arg('level', 'hard');
const time = arg('time', null) && Number(arg('time'));
const ROOT = new URL('../../', import.meta.url).pathname;
const obf = arg('obf', 'engine/data/ffo/fforum-40-59.obf');
const lines = readFileSync(`${ROOT}${obf}`, 'utf8').split('\n').filter((l) => l.trim());
const positions = lines.map((l) => l.split(';')[0].trim());
// A position's best moves: those of the top exact score.
const best = lines.map((l) => {
  const moves = l.split(';').slice(1).map((m) => m.trim()).filter(Boolean).map((m) => m.split(':'));
  const top = Math.max(...moves.map(([, s]) => Number(s)));
  return moves.filter(([, s]) => Number(s) === top).map(([sq]) => sq.toLowerCase());
});

const b = await start();
await b.page.goto(b.url);
await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
await b.page.evaluate(async () => {
  const { Yomi } = await import('./yomi.js');
  window.searchSet = async (network, positions, level, time) => {
    const e = await Yomi.create({ threads: 1 });
    try {
      if (network) await e.loadEvaluation('pkg/evaluation.ywp', 'pkg/evaluation-probcut.txt');
      const out = { seconds: 0, nodes: 0, moves: [] };
      for (const p of positions) {
        const r = await e.search(p, { level, book: false, ...(time ? { time } : {}) });
        out.seconds += r.seconds;
        out.nodes += r.nodes;
        out.moves.push(r.best);
      }
      return out;
    } finally {
      e.terminate();
    }
  };
});

const runs = { compact: [], network: [] };
for (let r = 0; r < rounds; r++) {
  for (const name of r % 2 ? ['network', 'compact'] : ['compact', 'network']) {
    runs[name].push(await b.page.evaluate(([n, p, l, t]) => window.searchSet(n, p, l, t), [name === 'network', positions, level, time]));
  }
  console.log(`round ${r + 1}: ${Object.entries(runs).map(([k, v]) => `${k} ${v.at(-1).seconds.toFixed(2)} s`).join(', ')}`);
}
await b.close();

const median = (xs) => [...xs].sort((a, c) => a - c)[Math.floor(xs.length / 2)];
console.log(`${obf} at ${level}${time ? ` with ${time} s a move` : ''}, ${rounds} alternating rounds, 1 thread, ${availableParallelism()} cores, load ${loadavg()[0].toFixed(2)}`);
const nps = {};
for (const [name, xs] of Object.entries(runs)) {
  const fastest = Math.min(...xs.map((x) => x.seconds));
  const { nodes, moves } = xs[0];
  nps[name] = nodes / fastest;
  const found = moves.filter((m, i) => best[i].includes(m)).length;
  console.log(`${name.padEnd(8)} ${nodes} nodes  best ${fastest.toFixed(2)} s  median ${median(xs.map((x) => x.seconds)).toFixed(2)} s  `
    + `${(nps[name] / 1e6).toFixed(2)} M nodes/s  best moves ${found} of ${positions.length}`);
}
console.log(`network / compact: ${(nps.network / nps.compact).toFixed(2)} of the nodes/s`);
