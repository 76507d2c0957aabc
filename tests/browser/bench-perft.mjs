// perft speed, native and in the browser, one thread against all threads,
// alternating runs so a core that comes and goes affects both alike.
//   node tests/browser/bench-perft.mjs [--board 8x8] [--depth 11] [--reps 5]
// Needs `cargo build --release` and `bash web/build.sh` first.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { start } from './browser.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const board = arg('board', '8x8');
const depth = Number(arg('depth', 11));
const reps = Number(arg('reps', 5));
const yomi = fileURLToPath(new URL('../../target/release/yomi', import.meta.url));
const threads = cpus().length;

function native(n) {
  const out = JSON.parse(execFileSync(yomi, ['perft', '--json', '--board', board, '--threads', String(n), String(depth)]));
  const last = out.depths.at(-1);
  return { count: last.count, seconds: last.seconds };
}

const b = await start();
await b.page.goto(b.url);
await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
// An engine of its own, through the embedding API (web/yomi.js).
const browserThreads = await b.page.evaluate(async () => {
  window.engine = await (await import('./yomi.js')).Yomi.create();
  return window.engine.threads;
});
const browser = (parallel) =>
  b.page.evaluate((a) => window.engine.perft(a.board, a.start, a.depth, a.parallel), { board, start: 'othello', depth, parallel });

const runs = { 'native 1': [], [`native ${threads}`]: [], 'browser 1': [], [`browser ${browserThreads}`]: [] };
let count = null;
for (let r = 0; r < reps; r++) {
  for (const [name, run] of [
    ['native 1', () => native(1)],
    [`native ${threads}`, () => native(threads)],
    ['browser 1', () => browser(false)],
    [`browser ${browserThreads}`, () => browser(true)],
  ]) {
    const res = await run();
    if (count !== null && res.count !== count) throw new Error(`${name} counted ${res.count}, not ${count}`);
    count = res.count;
    runs[name].push(res.seconds);
  }
}
await b.close();

const median = (xs) => [...xs].sort((a, c) => a - c)[Math.floor(xs.length / 2)];
console.log(`perft ${depth} on ${board}: ${count} leaves; ${reps} alternating runs each; ` +
  `${threads} cores reported, load average ${loadavg()[0].toFixed(2)}`);
console.log('run              best s   median s   best leaves/s   vs native 1 (best)');
const base = Math.min(...runs['native 1']);
for (const [name, xs] of Object.entries(runs)) {
  const best = Math.min(...xs);
  console.log(`${name.padEnd(15)} ${best.toFixed(3).padStart(7)} ${median(xs).toFixed(3).padStart(9)} ` +
    `${Math.round(count / best).toLocaleString('en').padStart(15)}   ${(base / best).toFixed(2)}×`);
}
const b1 = Math.min(...runs['browser 1']);
const bn = Math.min(...runs[`browser ${browserThreads}`]);
console.log(`browser one thread takes ${(b1 / base).toFixed(2)}× native; browser ${browserThreads} threads ` +
  `are ${(b1 / bn).toFixed(2)}× browser one thread (median ${(median(runs['browser 1']) / median(runs[`browser ${browserThreads}`])).toFixed(2)}×)`);
