// The first page in real Chromium: isolation and threads, a game played by
// clicking, passes, the end, pasted records, and perft across the pool.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './browser.mjs';

let b;
before(async () => {
  b = await start();
  await b.page.goto(b.url);
  await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
});
after(async () => b?.close());

const cell = (name) => b.page.locator(`#board [data-square="${name}"]`);
const disc = (name) => cell(name).getAttribute('data-disc');

test('the page is cross-origin isolated and its pool has every core', async () => {
  assert.equal(await b.page.evaluate(() => self.crossOriginIsolated), true);
  assert.equal(await b.page.textContent('#isolated'), 'yes');
  const cores = await b.page.evaluate(() => navigator.hardwareConcurrency);
  assert.equal(Number(await b.page.textContent('#thread-count')), cores);
});

test('the 8x8 start shows four discs and four legal moves', async () => {
  assert.equal(await disc('d4'), 'white');
  assert.equal(await disc('e4'), 'black');
  assert.equal(await disc('d5'), 'black');
  assert.equal(await disc('e5'), 'white');
  const legal = await b.page.$$eval('#board .legal', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(legal, ['c4', 'd3', 'e6', 'f5']);
  assert.equal(await b.page.textContent('#status'), 'Black to move.');
});

test('clicking plays a whole game to the announced end', async () => {
  // A 9-move wipeout: Black ends with 13 discs and White with none.
  for (const sq of ['f5', 'd6', 'c5', 'f4', 'e7', 'f6', 'g5', 'e6', 'e3']) {
    const before = await b.page.textContent('#record');
    await cell(sq).click();
    await b.page.waitForFunction((r) => document.querySelector('#record').textContent !== r, before);
  }
  assert.equal(await disc('f5'), 'black');
  assert.equal(await b.page.textContent('#record'), 'f5d6c5f4e7f6g5e6e3');
  assert.equal(await b.page.textContent('#black-count'), '13');
  assert.equal(await b.page.textContent('#white-count'), '0');
  assert.equal(await b.page.textContent('#status'), 'Game over: Black wins by 64 (13–0, world scoring).');
  assert.equal(await b.page.locator('#board .legal').count(), 0);
});

test('a 4x4 game with a pass reaches the end, and paper scoring applies', async () => {
  await b.page.selectOption('#board-size', '4x4');
  await b.page.selectOption('#scoring', 'paper');
  await b.page.click('#setup button[type=submit]');
  await b.page.waitForFunction(() => document.querySelector('#position').textContent.length === 18);
  // A game in which one side must pass once; it ends 2–11 with three empties.
  let passNotes = 0;
  for (const sq of ['b1', 'a1', 'a2', 'c1', 'd1', 'a3', 'a4', 'd3', 'c4']) {
    const before = await b.page.textContent('#position');
    await cell(sq).click();
    await b.page.waitForFunction((p) => document.querySelector('#position').textContent !== p, before);
    if ((await b.page.textContent('#pass-note')).endsWith('has no legal move and passes.')) passNotes++;
  }
  assert.equal(passNotes, 1);
  assert.equal(await b.page.textContent('#status'), 'Game over: White wins by 9 (2–11, paper scoring).');
  await b.page.selectOption('#scoring', 'world');
  assert.equal(await b.page.textContent('#status'), 'Game over: White wins by 12 (2–11, world scoring).');
});

test('a malformed record shows the engine message and leaves the game alone', async () => {
  await b.page.selectOption('#board-size', '8x8');
  await b.page.click('#setup button[type=submit]');
  await b.page.waitForFunction(() => document.querySelector('#record').textContent === '(no moves yet)');
  await b.page.fill('#load-text', 'f5d6a1');
  await b.page.click('#load button');
  await b.page.waitForFunction(() => document.querySelector('#error').textContent !== '');
  assert.equal(await b.page.textContent('#error'), 'Error: move 3 (a1) is illegal for Black');
  assert.equal(await b.page.textContent('#record'), '(no moves yet)');

  await b.page.fill('#load-text', `${'-'.repeat(16)}Q${'-'.repeat(47)} X`);
  await b.page.click('#load button');
  await b.page.waitForFunction(() => document.querySelector('#error').textContent.includes('character 17'));
  assert.equal(await b.page.textContent('#error'), "Error: character 17 is 'Q'; expected X, O or -");

  await b.page.fill('#load-text', 'F5d6C3');
  await b.page.click('#load button');
  await b.page.waitForFunction(() => document.querySelector('#record').textContent === 'f5d6c3');
  assert.equal(await b.page.textContent('#error'), '');
});

test('perft on one thread and across the pool gives the published count', async () => {
  await b.page.selectOption('#board-size', '8x8');
  await b.page.fill('#perft-depth', '8');
  await b.page.click('#perft button');
  await b.page.waitForFunction(() => document.querySelectorAll('#perft-results tbody tr').length === 2, null, {
    timeout: 120_000,
  });
  const rows = await b.page.$$eval('#perft-results tbody tr', (trs) =>
    trs.map((tr) => ({ threads: Number(tr.dataset.threads), count: Number(tr.dataset.count) })));
  const cores = await b.page.evaluate(() => navigator.hardwareConcurrency);
  assert.deepEqual(rows, [{ threads: 1, count: 390216 }, { threads: cores, count: 390216 }]);
  assert.deepEqual(b.errors, []);
});
