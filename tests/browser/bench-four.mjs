// Score Four's speed in the browser against native: the eight bench
// positions of `yomi four bench` searched to a fixed depth, the browser at
// 1 and N threads (each its own engine instance) and the native binary,
// alternating rounds. Prints nodes/s and speed-ups.
//   node tests/browser/bench-four.mjs [--depth 10] [--rounds 2]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { start } from './browser.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const depth = arg('depth', 10);
const rounds = arg('rounds', 2);
const yomi = fileURLToPath(new URL('../../target/release/yomi', import.meta.url));

const b = await start();
await b.page.goto(b.url + 'four.html');
await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
const cores = await b.page.evaluate(() => navigator.hardwareConcurrency);

const browser = (threads) => b.page.evaluate(async ({ threads, depth }) => {
  const { Yomi } = await import('./yomi.js');
  const y = await Yomi.create({ threads });
  // The bench positions, as `yomi four bench` makes them, from the command line's record.
  let seconds = 0, nodes = 0;
  for (const game of window.benchGames) {
    const r = await y.fourSearch(game, { depth, mode: 'ybw' });
    seconds += r.seconds;
    nodes += r.nodes;
  }
  y.terminate();
  return { seconds, nodes };
}, { threads, depth });

const native = (threads) => {
  const r = JSON.parse(execFileSync(yomi, ['four', 'bench', '--json', '--threads', String(threads), '--depth', String(depth), '--rounds', '1']));
  return { seconds: r.rows[0].best, nodes: r.rows[0].nodes };
};

const games = JSON.parse(execFileSync(yomi, ['four', 'bench', '--positions']).toString());
await b.page.evaluate((g) => { window.benchGames = g; }, games);
const runs = { native1: [], browser1: [], browserN: [] };
for (let r = 0; r < rounds; r++) {
  runs.native1.push(native(1));
  runs.browser1.push(await browser(1));
  runs.browserN.push(await browser(cores));
}
const best = (xs) => xs.reduce((a, x) => (x.seconds < a.seconds ? x : a));
const n1 = best(runs.native1), b1 = best(runs.browser1), bN = best(runs.browserN);
const rate = (x) => (x.nodes / x.seconds / 1e6).toFixed(2);
console.log(`depth ${depth}, ${rounds} rounds, best of each:`);
console.log(`native 1 thread: ${n1.seconds.toFixed(3)} s, ${rate(n1)} M nodes/s`);
console.log(`browser 1 thread: ${b1.seconds.toFixed(3)} s, ${rate(b1)} M nodes/s = ${(100 * (b1.nodes / b1.seconds) / (n1.nodes / n1.seconds)).toFixed(0)} % of native`);
console.log(`browser ${cores} threads: ${bN.seconds.toFixed(3)} s, ${rate(bN)} M nodes/s, ${(b1.seconds / bN.seconds).toFixed(2)}x over 1 thread`);
await b.close();
