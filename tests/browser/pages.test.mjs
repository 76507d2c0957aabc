// The benchmark page, the tutorial, the custom element in a plain page, and
// the single-thread path without cross-origin isolation, in real Chromium.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './browser.mjs';
import { solveLive } from './app-page.mjs';

const sessions = [];
after(async () => Promise.all(sessions.map((s) => s.close())));

async function open(path, options) {
  const b = await start(options);
  sessions.push(b);
  await b.page.goto(b.url + path);
  await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return b;
}

test('the benchmark solves FFO positions on 1 and 2 threads, runs the sweep and perft, and fills its tables', async () => {
  const { page, errors } = await open('bench.html');
  await page.selectOption('#ffo-set', '20-24');
  await page.fill('#ffo-threads', '1,2');
  await page.fill('#ffo-rounds', '1');
  await page.click('#ffo-form button[type=submit]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('#ffo-status').textContent), null, { timeout: 300_000 });
  const rows = await page.$$eval('#ffo-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  assert.deepEqual(rows.map((r) => r[0]), ['1', '2']);
  for (const r of rows) assert.equal(r[6], '5 of 5');
  assert.match(rows[1][5], /^\d+\.\d\d× \/ \d+\.\d\d×$/);
  console.log(`browser FFO #20-#24: ${rows.map((r) => `${r[0]} thread(s) ${r[1]} s, ${r[4]} nodes/s, ${r[5]}`).join('; ')}`);
  assert.equal(await page.locator('#ffo-chart rect:not(.legend)').count(), 2);
  assert.match(await page.textContent('#ffo-chart'), /speed-up \(best\).*threads.*ideal/);
  assert.match(await page.textContent('#ffo-status'), /^Done: 5 positions × 2 thread counts × 1 round\.$/);
  // A fraction of a second a round: the page says the speed-up is not to be read.
  assert.equal(await page.isVisible('#ffo-short'), true);
  assert.match(await page.textContent('#ffo-short'), /too short to read a speed-up/);

  await page.fill('#sweep-from', '1');
  await page.fill('#sweep-to', '2');
  await page.fill('#sweep-games', '2');
  await page.click('#sweep-form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#sweep-status').textContent === 'Done.', null, { timeout: 120_000 });
  const sweep = await page.$$eval('#sweep-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(sweep.length, 4);
  for (const r of sweep) assert.equal(Number(r[2]) + Number(r[3]) + Number(r[4]), 2);

  await page.fill('#perft-depth', '8');
  await page.click('#perft button[type=submit]');
  await page.waitForFunction(() => document.querySelectorAll('#perft-results tbody tr').length === 2);
  const counts = await page.$$eval('#perft-results tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.count)));
  assert.deepEqual(counts, [390216, 390216]);

  const json = JSON.parse(await page.evaluate(() => {
    document.querySelector('#copy-json').click();
    return document.querySelector('#export').value;
  }));
  assert.equal(json.isolated, true);
  assert.equal(json.ffo.length, 2);
  assert.ok(json.browser && json.cores >= 1);
  assert.deepEqual(errors, []);
});

test("a finished run gives a link that shows it again without running, beside the project's machines", async () => {
  const { page, errors } = await open('bench.html');
  // Before any run: the measured machines alone, one line each in the chart.
  const machines = await page.$$eval('#compare-chart polyline', (ls) => ls.length);
  assert.ok(machines >= 1);
  assert.match(await page.textContent('#compare-table'), /This project's build machine.*FFO #20-#39/);
  assert.equal(await page.isVisible('#share'), false);
  await page.selectOption('#ffo-set', '20-24');
  await page.fill('#ffo-threads', '1,2');
  await page.fill('#ffo-rounds', '2');
  await page.click('#ffo-form button[type=submit]');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('#ffo-status').textContent), null, { timeout: 300_000 });
  const table = () => page.$$eval('#ffo-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const measured = await table();
  assert.equal(await page.$$eval('#compare-chart polyline', (ls) => ls.length), machines + 1);
  assert.match(await page.textContent('#compare-table tr.visitor'), /This machine, now.*FFO #20-#24/);
  const link = await page.inputValue('#share-link');
  assert.match(link, /bench\.html#run=[A-Za-z0-9_-]+$/);

  // The link in a fresh page: the same table and chart, and no engine run.
  const other = await open('');
  await other.page.goto(link);
  await other.page.waitForSelector('body[data-ready="true"]');
  await other.page.waitForFunction(() => document.querySelectorAll('#ffo-table tbody tr').length === 2);
  assert.deepEqual(await other.page.$$eval('#ffo-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent))), measured);
  assert.match(await other.page.textContent('#shared-note'), /A run shared by a link: FFO #20-#24 on .*not run again/);
  assert.equal(await other.page.textContent('#ffo-status'), '');
  assert.equal(await other.page.locator('#ffo-chart rect:not(.legend)').count(), 2);
  assert.match(await other.page.textContent('#compare-table tr.visitor'), /The shared run/);
  assert.equal(await other.page.$$eval('#compare-chart polyline', (ls) => ls.length), machines + 1);

  // A link cut short says so where the run would be, and shows no run.
  await other.page.goto(link.slice(0, -12) + '!!');
  await other.page.reload();
  await other.page.waitForSelector('body[data-ready="true"]');
  assert.match(await other.page.textContent('#shared-note'), /cannot be read/);
  assert.equal(await other.page.$$eval('#ffo-table tbody tr', (trs) => trs.length), 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
});

test('the benchmark keeps every finished solve when stopped', async () => {
  const { page } = await open('bench.html');
  // The default set takes seconds a round, long enough to read a speed-up.
  assert.equal(await page.inputValue('#ffo-set'), '20-39');
  await page.selectOption('#ffo-set', '20-29');
  await page.fill('#ffo-threads', '1');
  await page.fill('#ffo-rounds', '1');
  await page.click('#ffo-form button[type=submit]');
  await page.waitForFunction(() => document.querySelectorAll('#ffo-solves tbody tr').length >= 2, null, { timeout: 120_000 });
  await page.click('#ffo-form .stop');
  await page.waitForFunction(() => /^Stopped: \d+ solves? kept\.$/.test(document.querySelector('#ffo-status').textContent), null, { timeout: 30_000 });
  const kept = await page.locator('#ffo-solves tbody tr').count();
  assert.ok(kept >= 2);
  assert.match(await page.inputValue('#export'), /every finished solve/);
});

test('no page scrolls sideways on a 390 px phone', async () => {
  const b = await start();
  sessions.push(b);
  await b.page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['', 'bench.html', 'tutorial.html', 'four.html']) {
    await b.page.goto(b.url + path);
    await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${path || 'index.html'} is ${width} px wide`);
  }
});

test("the tutorial's boards solve: White's replies to d3, the explorer, the stepped solve", async () => {
  const { page, errors } = await open('tutorial.html');
  await page.waitForFunction(() => /Best: d4 \(\+8, exact\)/.test(
    document.querySelector('#after-d3').shadowRoot.querySelector('.status').textContent), null, { timeout: 30_000 });
  const values = await page.$eval('#after-d3', (el) => Object.fromEntries(el.values));
  assert.deepEqual(values, { d4: 8, d2: -8, b4: -9 });
  // The explorer: Black's four first moves are all worth -8; playing one
  // updates the bitboard readout.
  await page.waitForFunction(() => document.querySelector('#explore').values?.length === 4);
  assert.deepEqual((await page.$eval('#explore', (el) => el.values)).map((v) => v[1]), [-8, -8, -8, -8]);
  await page.locator('#explore [data-square="d3"]').click();
  await page.waitForFunction(() => /P \(White, to move\)/.test(document.querySelector('#bits').textContent));
  // The readout runs in the board's order, a1 first: the word's i-th digit
  // is bit i of the number, and White's discs are where the board has them.
  const readout = await page.textContent('#bits');
  const [, word, hex] = /P \(White, to move\) +([01 ]+?) += 0x([0-9A-F]{4})/.exec(readout);
  const digits = word.replace(/ /g, '');
  assert.equal([...digits].reduce((n, d, i) => n + (d === '1' ? 1 << i : 0), 0), parseInt(hex, 16));
  const white = await page.$eval('#explore', (el) => el.state.cells.map((c) => (c === 2 ? '1' : '0')).join(''));
  assert.equal(digits, white);
  // Undo, then Redo replays d3.
  await page.locator('#explore button[data-act=undo]').click();
  await page.waitForFunction(() => document.querySelector('#explore').moves.length === 0);
  await page.locator('#explore button[data-act=redo]').click();
  await page.waitForFunction(() => document.querySelector('#explore').moves.join() === 'd3');
  // The stepped solve walks the perfect line to White's win by 8.
  let steps = 0;
  while (!(await page.isDisabled('#step-next'))) {
    const n = await page.$eval('#stepper', (el) => el.moves.length);
    await page.click('#step-next');
    await page.waitForFunction((k) => document.querySelector('#stepper').moves.length > k, n);
    steps++;
  }
  assert.ok(steps >= 9);
  assert.match(await page.textContent('#step-line'), /White wins by 8/);
  // Off the line: back to the start, a move the line does not play, then
  // Next follows the line solved from there, in step with the board.
  // Back one move at a time, each waited for: Back is disabled only once the board says so.
  for (let n = await page.$eval('#stepper', (el) => el.moves.length); n > 0; n--) {
    await page.click('#step-back');
    await page.waitForFunction((k) => document.querySelector('#stepper').moves.length < k, n);
  }
  const first = (await page.textContent('#step-line')).match(/\[([a-d][1-4])\]/)[1];
  const other = await page.$eval('#stepper', (el, f) => el.state.legal.find((m) => m !== f), first);
  await page.click(`#stepper [data-square="${other}"]`);
  await page.waitForFunction((o) => document.querySelector('#step-line').textContent.startsWith(`${o} [`), other);
  for (let i = 0; i < 20 && !(await page.isDisabled('#step-next')); i++) {
    const n = await page.$eval('#stepper', (el) => el.moves.length);
    await page.click('#step-next');
    await page.waitForFunction((k) => document.querySelector('#stepper').moves.length > k, n);
    const [shown, played] = await page.$eval('#stepper', (el) => [document.querySelector('#step-line').textContent, el.moves]);
    // The bracketed move is the next one, after exactly the moves on the board.
    const head = shown.split(' [')[0].split('  — ')[0].trim().split(' ').filter(Boolean);
    if (shown.includes('[')) assert.deepEqual(head, played);
  }
  assert.match(await page.textContent('#step-line'), /the end: (a draw|(Black|White) wins by \d+)/);
  const status = await page.$eval('#stepper', (el) => el.shadowRoot.querySelector('.status').textContent);
  assert.equal(status, 'Game over, 3–11: White wins by 8.');
  assert.deepEqual(errors, []);
});

test('<yomi-board> works in a plain page that only loads the module', async () => {
  const b = await start();
  sessions.push(b);
  // A plain page on the site (served here by the browser's request
  // routing, with the same headers): the element needs only its files.
  const html = `<!doctype html><title>embed</title>
    <script type="module" src="yomi-board.js"></script>
    <yomi-board id="e" board="4x4" start="othello" scoring="paper" analyse></yomi-board>
    <yomi-board id="bad" board="5x5"></yomi-board>`;
  await b.page.route(`${b.url}embed-test.html`, (route) => route.fulfill({
    status: 200,
    contentType: 'text/html',
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    body: html,
  }));
  await b.page.goto(`${b.url}embed-test.html`);
  assert.equal(await b.page.evaluate(() => self.crossOriginIsolated), true);
  await b.page.waitForFunction(() => document.querySelector('#e').values?.length === 4, null, { timeout: 60_000 });
  await b.page.locator('#e [data-square="c4"]').click();
  await b.page.waitForFunction(() => document.querySelector('#e').values?.length > 0
    && document.querySelector('#e').moves.length === 1);
  const values = await b.page.$eval('#e', (el) => el.values);
  assert.equal(Math.max(...values.map((v) => v[1])), 8, "White's best reply is worth +8");
  const bad = await b.page.$eval('#bad', (el) => el.shadowRoot.querySelector('.error').textContent);
  assert.match(bad, /5x5|board/);
});

test('without cross-origin isolation the single-thread build plays, solves and stops', async () => {
  const { page, errors } = await open('', { isolation: false });
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  assert.equal(await page.textContent('#thread-count'), '1');
  assert.match(await page.textContent('#engine-note'), /not cross-origin isolated/);
  await solveLive(page, '4x4');
  await page.waitForFunction(() => /−8 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 30_000 });
  // Stop replaces the worker; the engine still answers afterwards.
  await solveLive(page, '6x6');
  await page.waitForFunction(() => !document.querySelector('#solve-stop').disabled);
  await page.waitForTimeout(1000);
  const t0 = Date.now();
  await page.click('#solve-stop');
  await page.waitForFunction(() => /stopped/.test(document.querySelector('#solve-stats').textContent));
  const ms = Date.now() - t0;
  console.log(`single-thread stop (worker replaced) took ${ms} ms`);
  assert.ok(ms < 500, `stop took ${ms} ms`);
  await solveLive(page, '4x6');
  await page.waitForFunction(() => /\+16 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 60_000 });
  assert.deepEqual(errors, []);
});

test('stop ends a 50-empty solve within 500 ms, including one still queued in the worker, and the engine works after', async () => {
  const b = await start();
  sessions.push(b);
  await b.page.route(`${b.url}stop-test.html`, (route) => route.fulfill({
    status: 200,
    contentType: 'text/html',
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    body: '<!doctype html><title>stop</title>',
  }));
  await b.page.goto(`${b.url}stop-test.html`);
  const r = await b.page.evaluate(async () => {
    const { Yomi } = await import('./yomi.js');
    const yomi = await Yomi.create({ threads: 2 });
    // 50 empties (the issue's case was 44): no solve ends by itself here.
    const s = await yomi.state({ origin: { board: '8x8', start: 'othello' }, moves: 'f5 d6 c3 d3 c4 f4 f6 f3 e6 e7'.split(' ') });
    const first = yomi.solve(s.position);
    // Sent while the first still runs: the worker has not started it when
    // the stop comes, and used to clear the flag when it did.
    const queued = yomi.solve(s.position, { mode: 'serial' });
    await new Promise((res) => setTimeout(res, 1000));
    const t0 = performance.now();
    yomi.stop();
    const a = await first;
    const tFirst = performance.now() - t0;
    const q = await queued;
    const tQueued = performance.now() - t0;
    // A request sent after the stop runs normally.
    const after = await yomi.solve('-----OX--XO----- X', { scoring: 'paper' });
    yomi.terminate();
    return { a: a.stopped, q: q.stopped, tFirst, tQueued, after: after.score, afterStopped: after.stopped };
  });
  console.log(`browser stop: the running solve ended ${r.tFirst.toFixed(1)} ms after Stop, the queued one ${r.tQueued.toFixed(1)} ms`);
  assert.equal(r.a, true);
  assert.equal(r.q, true, 'the stop posted while the second solve was queued ended it');
  assert.ok(r.tFirst < 500 && r.tQueued < 500, JSON.stringify(r));
  assert.equal(r.after, -8);
  assert.equal(r.afterStopped, false);
  assert.deepEqual(b.errors, []);
});
