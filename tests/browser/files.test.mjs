// Game files in the app: a WTHOR database (with its player and tournament
// files) and a GGF file open into a list of games to filter and open; a
// pasted GGF game loads; the game on the board saves as GGF and reads back.
// Also the model's promise that a stale answer never brings an old game back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appSession, newGame } from './app-page.mjs';
import { start } from './browser.mjs';

const { page, text } = appSession();

/** A WTHOR header: created 2026-11-27, `games` games or `names` names, of `year`. */
function header(games, names, year) {
  const h = Buffer.alloc(16);
  h.set([20, 26, 11, 27]);
  h.writeUInt32LE(games, 4);
  h.writeUInt16LE(names, 8);
  h.writeUInt16LE(year, 10);
  h.set([8, 0, 22, 0], 12);
  return h;
}

// Two games of 1990 at tournament 0, in the published layout: the tiger
// (f5 d6 c3 d3 c4) by Tastet against Shaman, then f5 f6 the other way round.
function wthorFiles() {
  const games = [[0, 1, [56, 64, 33, 34, 43]], [1, 0, [56, 66]]].map(([black, white, moves]) => {
    const rec = Buffer.alloc(68);
    rec.set([0, 0, black, 0, white, 0, 32, 32]);
    rec.set(moves, 8);
    return rec;
  });
  const names = (list, width) => Buffer.concat([header(0, list.length, 0), ...list.map((n) => {
    const b = Buffer.alloc(width);
    b.write(n, 'latin1');
    return b;
  })]);
  return [
    { name: 'WTH_1990.wtb', mimeType: 'application/octet-stream', buffer: Buffer.concat([header(2, 0, 1990), ...games]) },
    { name: 'WTHOR.JOU', mimeType: 'application/octet-stream', buffer: names(['Tastet Marc', 'Shaman David'], 20) },
    { name: 'WTHOR.TRN', mimeType: 'application/octet-stream', buffer: names(['Paris Open'], 26) },
  ];
}

const listed = () => page().$$eval('#file-list button', (bs) => bs.map((b) => b.textContent));
const recordIs = (r) => page().waitForFunction((want) => document.querySelector('#record').textContent === want, r);

test('a WTHOR database opens as a list with names; a filter narrows it; a game opens at its end, the engine waiting', async () => {
  await newGame(page(), { white: 'hard' });
  await page().setInputFiles('#game-file', wthorFiles());
  await page().waitForFunction(() => !document.querySelector('#file-games').hidden);
  assert.deepEqual(await listed(), [
    '#1 Tastet Marc - Shaman David, Paris Open, 1990 (32–32)',
    '#2 Shaman David - Tastet Marc, Paris Open, 1990 (32–32)',
  ]);
  assert.match(await text('#file-count'), /^2 games$/);
  await page().fill('#file-filter', 'shaman 1990');
  assert.equal((await listed()).length, 2);
  await page().fill('#file-filter', 'nobody');
  assert.deepEqual(await listed(), []);
  assert.match(await text('#file-count'), /0 of 2 games match/);
  await page().fill('#file-filter', 'paris');
  await page().click('#file-list button[data-game="1"]');
  await recordIs('f5 d6 c3 d3 c4');
  assert.match(await text('#notice'), /Opened game #1: Tastet Marc - Shaman David/);
  // From the Othello start, so the opening has its name; hard (White) waits.
  assert.match(await text('#opening'), /Tiger/i);
  assert.match(await text('#status'), /paused/);
  await page().waitForTimeout(500);
  assert.equal(await text('#record'), 'f5 d6 c3 d3 c4');
});

test('a file that is not a game file says which file and what is wrong, beside the input', async () => {
  await page().setInputFiles('#game-file', [{ name: 'broken.wtb', mimeType: 'application/octet-stream', buffer: Buffer.from('not a database') }]);
  await page().waitForFunction(() => document.querySelector('#file-error').textContent !== '');
  assert.match(await text('#file-error'), /^broken\.wtb: /);
  assert.equal(await page().getAttribute('#game-file', 'aria-invalid'), 'true');
  await page().setInputFiles('#game-file', [{ name: 'games.ggf', mimeType: 'text/plain', buffer: Buffer.from('(;GM[Othello]BO[8 nonsense;)') }]);
  await page().waitForFunction(() => /^games\.ggf: /.test(document.querySelector('#file-error').textContent));
});

test('a game saves as GGF, and the GGF pasted back (or opened as a file) is the same game', async () => {
  await newGame(page());
  for (const sq of ['f5', 'd6', 'c3']) {
    await page().click(`#board [data-square="${sq}"]`);
  }
  await recordIs('f5 d6 c3');
  const [download] = await Promise.all([page().waitForEvent('download'), page().click('#save-ggf')]);
  assert.match(download.suggestedFilename(), /^yomi-\d{4}\.\d\d\.\d\d\.ggf$/);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const ggf = Buffer.concat(chunks).toString('utf8').trim();
  assert.match(ggf, /^\(;GM\[Othello\]PC\[Yomi\]DT\[\d{4}\.\d\d\.\d\d\]PB\[Human\]PW\[Human\]RE\[\?\]TY\[8\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[f5\]W\[d6\]B\[c3\];\)$/);

  await newGame(page());
  await page().fill('#load-text', ggf);
  await page().click('#load button[type=submit]');
  await recordIs('f5 d6 c3');
  assert.equal(await text('#load-error'), '');

  // Two games in one file: a list, each opens.
  const two = `${ggf}\n${ggf.replace('B[c3]', 'B[c5]')}\n`;
  await page().setInputFiles('#game-file', [{ name: 'two.ggf', mimeType: 'text/plain', buffer: Buffer.from(two) }]);
  await page().waitForFunction(() => document.querySelector('#file-source').textContent === 'two.ggf');
  const games = await listed();
  assert.equal(games.length, 2);
  assert.match(games[1], /^#2 Human - Human, Yomi, \d{4}$/);
  await page().click('#file-list button[data-game="2"]');
  await recordIs('f5 d6 c5');
});

test('GGF cannot hold a 4x6 board: saving says so beside the button', async () => {
  await newGame(page(), { board: '4x6' });
  await page().click('#save-ggf');
  await page().waitForFunction(() => document.querySelector('#ggf-error').textContent !== '');
  assert.match(await text('#ggf-error'), /GGF has square boards only; this game is on 4x6/);
});

// The engine's answer about the old game, on its way when New game came,
// must not bring the old game back: the page applies only the latest
// change. The test holds the worker's answer to the move's state request
// until the new game is on the board.
test('an answer that comes after New game is dropped: the new game stays', async () => {
  const b = await start();
  try {
    await b.page.addInitScript(() => {
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          const states = new Set();
          const post = this.postMessage.bind(this);
          this.postMessage = (m, ...rest) => {
            if (m?.cmd === 'state' && window.holdNextState) {
              window.holdNextState = false;
              states.add(m.id);
            }
            return post(m, ...rest);
          };
          let handler = null;
          Object.defineProperty(this, 'onmessage', {
            get: () => handler,
            set: (h) => {
              handler = h;
              super.onmessage = (e) => {
                if (e.data?.type === 'result' && states.has(e.data.id)) {
                  states.delete(e.data.id);
                  setTimeout(() => handler(e), 800);
                } else {
                  handler(e);
                }
              };
            },
          });
        }
      };
    });
    await b.page.goto(b.url);
    await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await newGame(b.page);
    await b.page.evaluate(() => (window.holdNextState = true));
    await b.page.click('#board [data-square="f5"]');
    await b.page.click('#toolbar-new');
    await b.page.waitForTimeout(1500);
    assert.equal(await b.page.textContent('#record'), '');
    assert.equal(await b.page.textContent('#black-count'), '2');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
