// Score Four in real Chromium over the real server and headers: a whole game
// against the engine with the result checked by the command line, records
// pasted and copied, bad input, keyboard play, undo/redo, "Move now" during
// a long think, and paper 003's experiment run in the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { start } from './browser.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const yomi = [`${ROOT}target/release/yomi`, `${ROOT}target/debug/yomi`].find(existsSync);
let b;
before(async () => {
  b = await start();
  await b.page.goto(b.url + 'four.html');
  await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
});
after(async () => b?.close());

const page = () => b.page;
const text = (sel) => page().textContent(sel);
const cli = (...args) => JSON.parse(execFileSync(yomi, ['four', ...args], { encoding: 'utf8' }));

async function newGame(black, white) {
  await page().selectOption('#black-player', black);
  await page().selectOption('#white-player', white);
  await page().evaluate(() => (document.querySelector('#status').textContent = ''));
  await page().click('#setup button[type=submit]');
  await page().waitForFunction(() => document.querySelector('#status').textContent !== '');
}

async function load(t) {
  await page().fill('#load-text', t);
  await page().click('#load button[type=submit]');
}

test('a whole game against the engine ends with the result the command line gives', async () => {
  await newGame('human', 'easy');
  for (let ply = 0; ply < 64; ply++) {
    await page().waitForFunction(() => /to move\.|Game over/.test(document.querySelector('#status').textContent)
      && !/engine\)/.test(document.querySelector('#status').textContent), null, { timeout: 60_000 });
    if (/Game over/.test(await text('#status'))) break;
    // The human drops on the first peg with room, and waits for the move to land.
    const before = await text('#record');
    await page().locator('#layers .cell.drop').first().click();
    await page().waitForFunction((r) => document.querySelector('#record').textContent !== r, before);
  }
  const status = await text('#status');
  assert.match(status, /Game over/);
  const record = await text('#record');
  const shown = cli('show', '--json', record);
  if (shown.winner === 'draw') assert.match(status, /draw/);
  else assert.match(status, new RegExp(`${shown.winner === 'black' ? 'Black' : 'White'} wins with the line`));
  if (shown.winner !== 'draw') {
    assert.equal(await page().locator('#layers .cell.win').count(), 4);
    assert.equal(await page().locator('#iso .stone.win').count(), 4);
  }
  assert.equal(await page().locator('#layers .cell.last').count(), 1);
  assert.equal(await page().locator('#layers .cell.drop').count(), 0, 'no drops after the end');
  assert.deepEqual(b.errors, []);
});

test('records and positions load, copy out the same, and bad ones change nothing', async () => {
  await newGame('human', 'human');
  await load('a1 b2 b2 c4');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'a1b2b2c4');
  // White's b2 at the bottom (cell 5), Black's b2 on it (cell 5 + 16).
  assert.match(await page().getAttribute('#layers .cell[data-cell="5"]', 'class'), /white/);
  assert.match(await page().getAttribute('#layers .cell[data-cell="21"]', 'class'), /black/);
  const position = await text('#position');
  assert.equal(position, cli('show', '--json', 'a1b2b2c4').position);
  await load(`${position};d4`);
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'd4');
  assert.equal(await text('#position'), cli('show', '--json', `${position};d4`).position);

  await load('a1b2b2c4');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'a1b2b2c4');
  for (const [bad, message] of [
    ['a1e2', "record character 3 is 'e'"],
    ['a1a1a1a1a1', 'move 5 (a1) is on a full peg'],
    ['a1a2b1b2c1c2d1d2', 'move 8 comes after the end of the game'],
    [`${'-'.repeat(16)}X${'-'.repeat(47)} O`, 'floats above an empty cell'],
  ]) {
    await load(bad);
    await page().waitForFunction((m) => document.querySelector('#error').textContent.includes(m), message);
    assert.equal(await text('#record'), 'a1b2b2c4', `unchanged after ${bad}`);
  }
  assert.deepEqual(b.errors, []);
});

test('keyboard play, undo and redo', async () => {
  await newGame('human', 'human');
  await page().locator('#layers .cell[data-cell="0"]').focus();
  await page().keyboard.press('ArrowRight');
  await page().keyboard.press('ArrowUp');
  await page().keyboard.press('Enter');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'b2');
  await page().keyboard.press('PageUp');
  await page().keyboard.press('Enter');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'b2b2');
  assert.match(await page().getAttribute('#layers .cell[data-cell="21"]', 'class'), /white/);
  await page().click('#undo');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'b2');
  await page().click('#redo');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'b2b2');
  await page().click('#rotate-right');
  assert.match(await text('#iso-caption'), /turned 90°/);
});

test('"Move now" ends a long think within 500 ms and the engine plays', async () => {
  await newGame('human', 'maximum');
  await page().locator('#layers .cell[data-cell="5"]').click();
  await page().waitForFunction(() => /thinking/.test(document.querySelector('#status').textContent));
  await page().waitForTimeout(400);
  const t0 = Date.now();
  await page().click('#stop');
  await page().waitForFunction(() => document.querySelector('#record').textContent.length === 4, null, { timeout: 5000 });
  const ms = Date.now() - t0;
  console.log(`Score Four: the engine moved ${ms} ms after "Move now"`);
  assert.ok(ms < 500, `${ms} ms`);
  assert.match(await text('#thinking'), /Moved now/);
  console.log(`Score Four engine in the browser: ${await text('#thinking')}`);
  assert.match(await text('#status'), /Black to move/);
});

test("paper 003's experiment runs in the page, the curve drawn as it fills", async () => {
  await page().fill('#exp-positions', '24');
  await page().fill('#exp-depth', '5');
  await page().fill('#exp-margins', '2,1');
  // Count the chart's redraws: one per block of positions (8 here), not one at the end.
  await page().evaluate(() => {
    window.chartDraws = 0;
    new MutationObserver(() => { window.chartDraws += 1; }).observe(document.querySelector('#exp-chart'), { childList: true });
  });
  await page().click('#exp-form button[type=submit]');
  await page().waitForFunction(() => /^Done/.test(document.querySelector('#exp-status').textContent), null, { timeout: 180_000 });
  const rows = await page().$$eval('#exp-table tbody tr', (trs) => trs.map((tr) => ({
    cells: [...tr.cells].map((c) => c.textContent), config: tr.dataset.configuration,
    hit: Number(tr.dataset.hitRate), speedup: Number(tr.dataset.speedup),
  })));
  assert.deepEqual(rows.map((r) => [r.config, r.cells[2]]), [['paper', '2σ'], ['paper', '1σ'], ['yomi', '2σ'], ['yomi', '1σ']]);
  for (const r of rows) {
    assert.ok(r.hit >= 0 && r.hit <= 1);
    assert.ok(r.speedup >= 1, `speed-up ${r.speedup}`);
    assert.equal(r.cells[3], '24');
    assert.equal(r.cells[1], "Paper 003's α-β");
  }
  assert.equal(rows[0].cells[8], '99 %, 3.0×');
  const chart = await page().evaluate(() => ({
    lines: document.querySelectorAll('#exp-chart svg polyline').length,
    points: document.querySelectorAll('#exp-chart svg circle').length,
    paper: document.querySelectorAll('#exp-chart svg path').length,
    draws: window.chartDraws,
  }));
  assert.deepEqual({ ...chart, draws: undefined }, { lines: 2, points: 4, paper: 2, draws: undefined });
  assert.ok(chart.draws >= 3, `the chart was drawn ${chart.draws} times for three blocks`);
  console.log(`browser experiment (24 test positions, depth 5): ${rows.map((r) => r.cells.slice(0, 6).join(' ')).join('; ')}`);

  // Yomi's search instead of the paper's.
  await page().fill('#exp-positions', '8');
  await page().selectOption('#exp-search', 'engine');
  await page().click('#exp-form button[type=submit]');
  await page().waitForFunction(() => /^Done/.test(document.querySelector('#exp-status').textContent)
    && document.querySelector('#exp-table tbody tr td:nth-child(4)')?.textContent === '8', null, { timeout: 180_000 });
  const engine = await page().$$eval('#exp-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(engine.length, 4);
  for (const cells of engine) assert.equal(cells[1], "Yomi's");
  console.log(`browser experiment, Yomi's search: ${engine.map((c) => c.slice(0, 6).join(' ')).join('; ')}`);

  // A bad margin is named beside the form, and nothing runs.
  await page().fill('#exp-margins', '2,x');
  await page().click('#exp-form button[type=submit]');
  assert.match(await page().textContent('#exp-status'), /Margins must be positive/);
  await page().fill('#exp-margins', '2,1');
  assert.deepEqual(b.errors, []);
});

test('at 1280 px the layers hold their cells, round and apart; the load field is one line; dark mode darkens the 3-D view', async () => {
  await page().setViewportSize({ width: 1280, height: 800 });
  await page().waitForTimeout(200);
  const seen = await page().evaluate(() => {
    const boxes = [...document.querySelectorAll('#layers .cell')].map((c) => c.getBoundingClientRect());
    const grids = [...document.querySelectorAll('#layers .layer-grid')].map((g) => g.getBoundingClientRect());
    const inside = boxes.every((r) => grids.some((g) => r.left >= g.left - 0.5 && r.right <= g.right + 0.5 && r.top >= g.top - 0.5 && r.bottom <= g.bottom + 0.5));
    let overlaps = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlaps++;
      }
    }
    const round = boxes.every((r) => Math.abs(r.width - r.height) < 1);
    const field = document.querySelector('#load-text').getBoundingClientRect();
    return { count: boxes.length, inside, overlaps, round, fieldHeight: field.height };
  });
  assert.equal(seen.count, 64);
  assert.deepEqual({ inside: seen.inside, overlaps: seen.overlaps, round: seen.round }, { inside: true, overlaps: 0, round: true });
  assert.ok(seen.fieldHeight < 60, `the load field is ${seen.fieldHeight} px tall`);
  // The engine's line has its room before it comes, and a long one wraps: the
  // layers do not move when it comes or goes.
  const line = 'depth 9: +12 · a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4 · 12,345,678 nodes · 1,234,567 nodes/s · 10.0 s';
  await page().evaluate(() => (document.querySelector('#thinking').textContent = ''));
  const y = await page().locator('#layers').boundingBox();
  await page().evaluate((l) => (document.querySelector('#thinking').textContent = l), line);
  assert.deepEqual(await page().locator('#layers').boundingBox(), y);
  await page().evaluate(() => (document.querySelector('#thinking').textContent = ''));
  await page().emulateMedia({ colorScheme: 'dark' });
  const bg = await page().$eval('#iso', (s) => getComputedStyle(s).backgroundColor);
  assert.notEqual(bg, 'rgb(255, 255, 255)');
  await page().emulateMedia({ colorScheme: 'light' });
});

test("the 3-D view's caption reads as one sentence, and numbers use the page's minus sign", async () => {
  // The picture is named by the caption's words alone, not its buttons'.
  assert.match(await page().locator('#iso').ariaSnapshot().then((s) => s.match(/img "([^"]*)"/)[1]), /^The pegs in 3-D(, turned \d+°)?\.$/);
  assert.doesNotMatch(await page().evaluate(() => document.querySelector('#iso-caption').innerText), /\n/);
  await newGame('human', 'human');
  await load('a1d4b1c1a2');
  await page().click('#hint');
  await page().waitForFunction(() => /Every peg/.test(document.querySelector('#hint-text').textContent), null, { timeout: 60_000 });
  const hint = await text('#hint-text');
  assert.doesNotMatch(hint, /(^|[\s(])-\d/, hint);
  assert.match(hint, /−\d|\+\d|wins|loses/);
});
