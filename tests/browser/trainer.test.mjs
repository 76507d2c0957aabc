// The opening trainer in the app, in real Chromium over the real server: a
// drill of the Tiger as White, the page playing Black's side (the opening's
// moves, then the explorer's, the page's chance fixed so its pick is the most
// played move); a move off the opening's line, and a move that loses more
// than the chosen discs by the book's values (read from the CLI's `yomi book
// show` on the same book file), are not played and show the better move; the
// line missed comes back first; the score is kept across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { appSession, ROOT, yomi } from './app-page.mjs';

const { page, text, cell, newGame } = appSession();

/** The book's moves after `record`, best first: [{ move, value }], from the book file the site serves. */
function bookMoves(record) {
  const out = yomi(['book', 'show', '--file', `${ROOT}engine/book/book.ybk`, record]);
  return [...out.matchAll(/^([a-h][1-8])\s+([+-]?\d+)\s/gm)].map(([, move, value]) => ({ move, value: Number(value) }));
}

const record = () => text('#record');
const waitRecord = (r) => page().waitForFunction((want) => document.querySelector('#record').textContent === want, r, { timeout: 30_000 });
async function waitText(sel, re) {
  try {
    await page().waitForFunction(([s, source]) => new RegExp(source).test(document.querySelector(s).textContent),
      [sel, re.source], { timeout: 30_000 });
  } catch (e) {
    throw new Error(`${sel} never matched ${re}: it says "${await text(sel)}"`, { cause: e });
  }
}
const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const minus = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

async function choose({ opening = 'Tiger · f5 d6 c3 d3 c4', side = 'white', threshold = '2', length = '2' } = {}) {
  await page().$eval('#trainer', (d) => (d.open = true));
  await page().selectOption('#trainer-opening', { label: opening });
  await page().selectOption('#trainer-side', side);
  await page().selectOption('#trainer-threshold', threshold);
  await page().selectOption('#trainer-length', length);
}

test('the openings menu lists every named opening, begun with f5', async () => {
  await waitText('#trainer-score', /./);
  const options = await page().$$eval('#trainer-opening option', (os) => os.map((o) => o.textContent));
  const listed = readFileSync(`${ROOT}engine/book/openings.txt`, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.equal(options.length, listed.length + 1);
  assert.equal(options[0], "The book's best lines");
  assert.ok(options.includes('Tiger · f5 d6 c3 d3 c4'), options.slice(0, 5).join(' | '));
  assert.ok(options.slice(1).every((o) => / · f5( [a-h][1-8])*$/.test(o)), 'every line begins with f5');
  assert.equal(await text('#trainer-score'), 'No line tried yet with this opening and side.');
});

test('a drill of the Tiger as White: misses are not played, show the better move, and come back first', async () => {
  await newGame();
  // The page's pick among the players' moves is then always the most played one.
  await page().evaluate(() => { Math.random = () => 0; });
  await choose();
  await page().click('#trainer-start');
  await waitRecord('f5');
  await waitText('#trainer-status', /^Your move as White\.$/);
  // The book's values and the explorer would give the answers away.
  assert.equal(await page().locator('#board .square.hinted').count(), 0);
  await waitText('#explorer-note', /hidden while you train/);
  assert.equal(await page().isDisabled('#trainer-opening'), true);

  // Off the opening's line: not played, the line's move shown.
  await cell('f4').click();
  await waitText('#notice', /^Tiger goes d6 here\. Try again\.$/);
  assert.equal(await record(), 'f5');
  assert.match(await cell('d6').getAttribute('class'), /\bbest\b/);
  await cell('d6').click();
  await waitRecord('f5 d6 c3');
  await cell('d3').click();
  await waitRecord('f5 d6 c3 d3 c4');

  // Past the line: judged by the book's values.
  const moves = bookMoves('f5d6c3d3c4');
  const [best] = moves;
  const bad = moves.at(-1);
  assert.ok(best.value - bad.value > 2, JSON.stringify(moves));
  await cell(bad.move).click();
  await waitText('#notice', new RegExp(`^${literal(`${bad.move} loses ${best.value - bad.value} discs: ${best.move} keeps ${minus(best.value)}. Try again.`)}$`));
  assert.equal(await record(), 'f5 d6 c3 d3 c4');
  assert.match(await cell(best.move).getAttribute('class'), /\bbest\b/);
  await cell(best.move).click();
  await waitText('#notice', new RegExp(`^${best.move}: the best move\\.$`));
  // Black's reply: the move tournament players played most here.
  const top = JSON.parse(yomi(['explore', `f5d6c3d3c4${best.move}`, '--json'])).moves[0].move;
  const line = `f5 d6 c3 d3 c4 ${best.move} ${top}`;
  await waitRecord(line);
  const second = bookMoves(line.replaceAll(' ', ''))[0];
  await cell(second.move).click();
  await waitText('#trainer-status', /^Line done with 2 misses \(You played 2 moves past the opening\.\): it comes back first next time\.$/);
  assert.equal(await text('#trainer-score'), 'Lines known: 0 of 1 tried; 2 to review.');
  assert.equal(await page().isHidden('#trainer-stop'), true);
  await waitText('#explorer-note', /tournament games/);

  // Again: the newest miss first, now played without a miss.
  await page().click('#trainer-start');
  await waitText('#notice', /^A line you missed before comes back first\.$/);
  await waitRecord('f5');
  await cell('d6').click();
  await waitRecord('f5 d6 c3');
  await cell('d3').click();
  await waitRecord('f5 d6 c3 d3 c4');
  await cell(best.move).click();
  await waitRecord(line);
  await cell(second.move).click();
  await waitText('#trainer-status', /^Line done without a miss: You played 2 moves past the opening\.$/);
  assert.equal(await text('#trainer-score'), 'Lines known: 1 of 1 tried; 1 to review.');

  // Kept across visits.
  await page().reload();
  await page().waitForSelector('body[data-ready="true"]');
  await waitText('#trainer-opening', /Tiger/);
  await choose();
  assert.equal(await text('#trainer-score'), 'Lines known: 1 of 1 tried; 1 to review.');
  await choose({ side: 'black' });
  assert.equal(await text('#trainer-score'), 'No line tried yet with this opening and side.');
});

test('the book\'s best lines as Black: the first move is judged, and Undo ends the drill', async () => {
  await newGame();
  await choose({ opening: "The book's best lines", side: 'black', threshold: '1', length: '4' });
  await page().click('#trainer-start');
  await waitText('#trainer-status', /^Your move as Black\.$/);
  // Every first move is as good as another.
  await cell('e6').click();
  await waitText('#notice', /^e6: the best move\.$/);
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 2, null, { timeout: 30_000 });
  await page().click('#undo');
  await waitText('#trainer-status', /^Training stopped: the game left the drill\.$/);
  assert.equal(await page().isHidden('#trainer-start'), false);
});
