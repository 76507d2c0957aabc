// Exact-solve speed, native and in the browser: FFO #20-#39 solved with a
// fresh table each, native 1 thread, browser 1 thread, browser N threads
// (each its own engine with that pool), rounds alternating; best and median.
// Also the first load: bytes transferred and time to an interactive board,
// and the tab's memory during a solve.
//   node tests/browser/bench-ffo.mjs [--rounds 3] [--from 20] [--to 39]
// Needs `cargo build --release` and `bash web/build.sh` first.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { start } from './browser.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const rounds = arg('rounds', 3);
const from = arg('from', 20);
const to = arg('to', 39);
const ROOT = new URL('../../', import.meta.url).pathname;
const lines = readFileSync(`${ROOT}engine/data/ffo/fforum-20-39.obf`, 'utf8').split('\n').filter((l) => l.trim())
  .slice(from - 20, to - 19).map((l) => l.split(';')[0].trim());

// Native gets the browser engine's table size (asked below), so that both
// search the same tree.
function native(tableMib) {
  let seconds = 0;
  let nodes = 0;
  for (const pos of lines) {
    const r = JSON.parse(execFileSync(`${ROOT}target/release/yomi`, ['solve', '--json', '--hash', String(tableMib), '--threads', '1', pos], { encoding: 'utf8' }));
    seconds += r.seconds;
    nodes += r.nodes;
  }
  return { seconds, nodes };
}

const b = await start();
// First load: every response's bytes (as sent: the server does not compress)
// and the time until the board can be played.
let bytes = 0;
b.page.on('response', async (r) => {
  try { bytes += (await r.body()).length; } catch { /* redirects have no body */ }
});
const t0 = Date.now();
await b.page.goto(b.url);
await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
const firstLoad = Date.now() - t0;
await b.page.waitForTimeout(500);
console.log(`first load: ${(bytes / 1e6).toFixed(2)} MB transferred uncompressed, interactive board after ${firstLoad} ms`);

const threads = await b.page.evaluate(() => navigator.hardwareConcurrency);
const tableMib = await b.page.evaluate(async () => {
  const { Yomi } = await import('./yomi.js');
  const e = await Yomi.create({ threads: 1 });
  e.terminate();
  return e.tableMib;
});
await b.page.evaluate(async () => {
  const { Yomi } = await import('./yomi.js');
  window.solveSet = async (k, positions) => {
    const e = await Yomi.create({ threads: k });
    let seconds = 0;
    let nodes = 0;
    for (const p of positions) {
      const r = await e.solve(p, { fresh: true });
      seconds += r.seconds;
      nodes += r.nodes;
    }
    e.terminate();
    return { seconds, nodes };
  };
});
const runs = { 'native 1': [], 'browser 1': [], [`browser ${threads}`]: [] };
for (let r = 0; r < rounds; r++) {
  runs['native 1'].push(native(tableMib));
  runs['browser 1'].push(await b.page.evaluate((p) => window.solveSet(1, p), lines));
  runs[`browser ${threads}`].push(await b.page.evaluate(([k, p]) => window.solveSet(k, p), [threads, lines]));
  console.log(`round ${r + 1}: ${Object.entries(runs).map(([k, v]) => `${k} ${v.at(-1).seconds.toFixed(2)} s`).join(', ')}`);
}
const cdp = await b.page.context().newCDPSession(b.page);
await cdp.send('Performance.enable');
const solving = b.page.evaluate(([k, p]) => window.solveSet(k, p), [threads, lines.slice(-3)]);
await new Promise((r) => setTimeout(r, 3000));
const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
// Everything the page holds, workers and wasm memories included (needs
// cross-origin isolation, which the page has).
const uaBytes = await b.page.evaluate(() => Promise.race([
  performance.measureUserAgentSpecificMemory?.().then((m) => m.bytes) ?? null,
  new Promise((r) => setTimeout(() => r(null), 20_000)),
]));
await solving;
await b.close();

const median = (xs) => [...xs].sort((a, c) => a - c)[Math.floor(xs.length / 2)];
console.log(`FFO #${from}-#${to}, ${rounds} alternating rounds, ${availableParallelism()} cores, load ${loadavg()[0].toFixed(2)}`);
const best1 = Math.min(...runs['browser 1'].map((x) => x.seconds));
const med1 = median(runs['browser 1'].map((x) => x.seconds));
const nat = Math.min(...runs['native 1'].map((x) => x.seconds));
for (const [name, xs] of Object.entries(runs)) {
  const best = Math.min(...xs.map((x) => x.seconds));
  const med = median(xs.map((x) => x.seconds));
  const nodes = xs[0].nodes;
  console.log(`${name.padEnd(12)} best ${best.toFixed(2)} s  median ${med.toFixed(2)} s  ${nodes} nodes  `
    + `${(nodes / best / 1e6).toFixed(2)} M nodes/s  vs browser 1: ${(best1 / best).toFixed(2)}x best, ${(med1 / med).toFixed(2)}x median`);
}
const nps = (name) => runs[name][0].nodes / Math.min(...runs[name].map((x) => x.seconds));
console.log(`browser 1 thread nodes/s = ${((nps('browser 1') / nps('native 1')) * 100).toFixed(0)} % of native (native best ${nat.toFixed(2)} s)`);
console.log(`tab memory during a solve: JS heap ${(metrics.JSHeapUsedSize / 1e6).toFixed(1)} MB used of ${(metrics.JSHeapTotalSize / 1e6).toFixed(1)} MB; `
  + `; everything the page holds (workers and wasm memory included): ${uaBytes == null ? 'not measurable' : `${(uaBytes / 1e6).toFixed(0)} MB`}`);
