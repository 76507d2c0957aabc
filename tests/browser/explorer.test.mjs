// The opening explorer in the app, in real Chromium over the real server:
// it follows the board, counts positions whatever the order of moves or the
// board's orientation, shows what `yomi explore --json` says (whose counts
// tests/book.rs checks against the games file), and plays a move on a click.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appSession, ROOT, yomi } from './app-page.mjs';

const { session, page, text, newGame } = appSession();

async function loadRecord(record) {
  await page().fill('#load-text', record);
  await page().click('#load button[type=submit]');
  await page().waitForFunction((r) => document.querySelector('#record').textContent === r, record.match(/../g).join(' '));
}

/** The explorer's rows as the page shows them. */
function rows() {
  return page().$$eval('#explorer-moves tbody tr', (trs) => trs.map((tr) => {
    const td = [...tr.cells].map((c) => c.textContent.trim());
    return { move: td[0], games: Number(td[1].replace(/,/g, '')), bar: tr.querySelector('.wdl').getAttribute('aria-label'),
      margin: td[3], years: td[4], book: td[5], opening: td[6] };
  }));
}

const waitNote = (re) => page().waitForFunction((s) => new RegExp(s).test(document.querySelector('#explorer-note').textContent), re.source,
  { timeout: 30_000 });

test('after the first paint the explorer loads and shows every game at the start', async () => {
  await waitNote(/131,212 tournament games reached this position/);
  const r = await rows();
  assert.equal(r.length, 1, 'every game of the base starts with f5');
  assert.equal(r[0].move, 'f5');
  assert.equal(r[0].games, 131212);
  assert.equal(r[0].years, '1977–2023');
});

test('after f5 d6 c3 d3 c4 it shows what yomi explore counts, and the same position turned shows the same games', async () => {
  await newGame();
  await loadRecord('f5d6c3d3c4');
  const want = JSON.parse(yomi(['explore', 'f5d6c3d3c4', '--json']));
  await waitNote(new RegExp(`^${want.games.toLocaleString('en')} tournament games`));
  const r = await rows();
  assert.deepEqual(r.map((m) => [m.move, m.games]), want.moves.map((m) => [m.move, m.games]));
  const pct = (n, of) => `${Math.round((100 * n) / of)} %`;
  const top = want.moves[0];
  assert.equal(r[0].bar, `Black wins ${pct(top.black_wins, top.games)}, draws ${pct(top.draws, top.games)}, White wins ${pct(top.white_wins, top.games)}`);
  assert.equal(r[0].opening, 'Tiger');
  assert.equal(r[0].book, top.book_value > 0 ? `+${top.book_value}` : top.book_value < 0 ? `−${-top.book_value}` : '0');
  // d3 c5 f6 f5 e6 is the same line mirrored on the a8-h1 diagonal: its f4 is e3.
  await loadRecord('d3c5f6f5e6');
  await waitNote(new RegExp(`^${want.games.toLocaleString('en')} tournament games`));
  const turned = await rows();
  assert.deepEqual(turned.map((m) => m.games), r.map((m) => m.games));
  assert.equal(turned[0].move, 'e3');
});

test('a click on an explorer move plays it on a person\'s turn', async () => {
  await newGame();
  await loadRecord('f5d6c3d3c4');
  await page().waitForSelector('#explorer-moves button[data-move="f4"]:not([disabled])');
  await page().click('#explorer-moves button[data-move="f4"]');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'f5 d6 c3 d3 c4 f4');
  await waitNote(/tournament games reached this position/);
  // Black to move: with the engine as Black its moves are shown but cannot be played from here.
  await page().selectOption('#black-player', 'easy');
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length >= 7);
  await page().selectOption('#black-player', 'human');
});

test('positions the explorer does not keep, and other boards, say why', async () => {
  await page().selectOption('#start', 'reversi');
  await waitNote(/Fewer than 3 of the 131,212 tournament games reached this position/);
  assert.ok(await page().locator('#explorer-table').isHidden());
  await page().selectOption('#start', 'othello');
  await newGame({ board: '6x6' });
  await waitNote(/The explorer knows 8×8 tournament games/);
  await newGame();
  await waitNote(/131,212 tournament games/);
  assert.deepEqual(session().errors, []);
  assert.deepEqual(session().warnings, []);
  assert.match(await text('#explorer summary'), /Opening explorer/);
});

test('the book holds the lines people play: along the most played line, every position to ply 20 shows book values', async () => {
  await newGame();
  let record = '';
  const seen = [];
  for (let ply = 0; ply <= 20; ply++) {
    const r = JSON.parse(yomi(record ? ['explore', record, '--json'] : ['explore', '--json']));
    if (ply > 0) {
      await loadRecord(record);
      // The book's values on the board: the position is in the book (tests/book.rs counts them all).
      await page().waitForFunction(() => document.querySelectorAll('#board .square.book-value').length > 0, null, { timeout: 30_000 });
      seen.push(r.games);
    }
    if (ply < 20) record += r.moves[0].move;
  }
  assert.ok(seen.at(-1) >= 20, `${seen}`);
  const positions = Number(yomi(['book', 'stats', '--file', `${ROOT}engine/book/book.ybk`]).match(/^(\d+) positions/)[1]);
  assert.match(await text('#book-note'), new RegExp(`knows ${positions.toLocaleString('en')} positions`));
});
