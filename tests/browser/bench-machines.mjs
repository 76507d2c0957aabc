// Measures this machine for the benchmark page's reference table
// (web/bench-machines.js): the page's own exact solves, FFO #20-#39 at 1
// and 2 threads, 3 rounds alternating, in headless Chromium over the
// assembled site. Prints the entry to paste, with the CPU and browser.
//   node tests/browser/bench-machines.mjs [--rounds 3] [--set 20-39]
// Run it on an otherwise idle machine, after bash web/build.sh and web/site.sh.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { start } from './browser.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : d;
};
const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m)?.[1] ?? 'unknown CPU';
const b = await start();
try {
  const { page } = b;
  await page.goto(`${b.url}bench.html`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  await page.selectOption('#ffo-set', arg('set', '20-39'));
  await page.fill('#ffo-threads', `1-${availableParallelism()}`);
  await page.fill('#ffo-rounds', arg('rounds', '3'));
  await page.click('#ffo-form button[type=submit]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('#ffo-status').textContent), null, { timeout: 1_800_000 });
  const json = JSON.parse(await page.evaluate(() => {
    document.querySelector('#copy-json').click();
    return document.querySelector('#export').value;
  }));
  const solves = json.ffoSolves;
  const entry = {
    machine: "This project's build machine",
    cpu: `${cpu} (${availableParallelism()} vCPUs)`,
    browser: `${json.browser.replace(/,.*$/, '')} (headless)`,
    date: json.date.slice(0, 10),
    set: json.ffoSet,
    rows: json.ffo.map((r) => ({
      threads: r.threads,
      seconds: [...new Set(solves.filter((s) => s.threads === r.threads).map((s) => s.round))]
        .map((round) => Number(solves.filter((s) => s.threads === r.threads && s.round === round).reduce((t, s) => t + s.seconds, 0).toFixed(3))),
      nodes: r.nodes, right: r.right, solved: r.solved,
    })),
  };
  console.log(JSON.stringify(entry, null, 2));
} finally {
  await b.close();
}
