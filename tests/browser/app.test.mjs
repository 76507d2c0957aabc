// The app in real Chromium over the real server and headers: games against
// the engine to the end, the solver's values against the command line's,
// paper 001's 4x4 result and its line replayed, stop, and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { appSession, stopSolveAfter, solveLive, waitSaying } from './app-page.mjs';
import { start } from './browser.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
// The CLI the browser's answers are checked against (cargo test builds it).
const yomi = [`${ROOT}target/release/yomi`, `${ROOT}target/debug/yomi`].find(existsSync);
const { session, page, text, cell, newGame } = appSession();

// The score the status must show, from the discs alone (world rule: the
// empties go to the winner).
function worldScore(black, white, squares) {
  const diff = black - white;
  const empties = squares - black - white;
  return diff + Math.sign(diff) * empties;
}

async function expectOverWithRightScore(squares, board) {
  await page().waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'),
    null, { timeout: 240_000 });
  // The final discs as the command line replays the page's record, not as the page counts them.
  const record = (await text('#record')).replace(/ /g, '');
  const cli = JSON.parse(execFileSync(yomi, ['show', '--json', '--board', board, '--moves', record], { encoding: 'utf8' }));
  assert.equal(cli.status, 'over', record);
  const { black, white } = cli;
  assert.equal(Number(await text('#black-count')), black);
  assert.equal(Number(await text('#white-count')), white);
  const score = worldScore(black, white, squares);
  assert.equal(score, cli.score, 'the CLI scores the same game the same way');
  const expected = score === 0
    ? `Game over: a draw (${black}–${white}, world scoring).`
    : `Game over: ${score > 0 ? 'Black' : 'White'} wins by ${Math.abs(score)} (${black}–${white}, world scoring).`;
  assert.equal(await text('#status'), expected);
  assert.equal(await page().locator('#board .legal').count(), 0);
}

test('the page is cross-origin isolated and its pool has every core', async () => {
  assert.equal(await page().evaluate(() => self.crossOriginIsolated), true);
  assert.equal(await text('#isolated'), 'yes');
  const cores = await page().evaluate(() => navigator.hardwareConcurrency);
  assert.equal(Number(await text('#thread-count')), cores);
  assert.deepEqual(session().errors, []);
});

test('a whole 8x8 game against the engine reaches the end with the right score', async () => {
  await newGame({ white: 'beginner' });
  for (let ply = 0; ply < 80; ply++) {
    const status = await text('#status');
    if (status.startsWith('Game over')) break;
    if (status === 'Black to move.') {
      // The person plays the first legal move in board order.
      const before = await text('#record');
      await page().locator('#board .legal').first().click();
      await page().waitForFunction((r) => document.querySelector('#record').textContent !== r, before);
    } else {
      await page().waitForFunction((s) => document.querySelector('#status').textContent !== s, status, { timeout: 60_000 });
    }
  }
  await expectOverWithRightScore(64, '8x8');
  assert.ok((await text('#record')).length >= 40, 'a real game was played');
  // The graph has a point for every ply.
  const points = await page().$eval('#graph .discs', (l) => l.getAttribute('points').trim().split(' ').length);
  assert.ok(points > 20);
});

// A game change once carried the players it was started with and put them
// back when it landed: a player chosen meanwhile showed in the menu but
// never played (the clock test saw White's engine silent, about one run in
// forty, when a menu change met a new game still on its way).
test('a player chosen while a new game is on its way plays in that game', async () => {
  await newGame();
  await page().evaluate(() => {
    document.querySelector('#notice').textContent = '';
    document.querySelector('#setup button[type=submit]').click();
    const white = document.querySelector('#white-player');
    white.value = 'easy';
    white.dispatchEvent(new Event('change'));
  });
  // The new game's notice comes once it is in, and names who plays.
  await page().waitForFunction(() => document.querySelector('#notice').textContent !== '');
  assert.match(await text('#notice'), /against easy/);
  await cell('f5').click();
  await waitSaying(page(), () => document.querySelector('#record').textContent.split(' ').length === 2);
});

test('a whole 6x6 game between two engine levels reaches the end with the right score', async () => {
  await newGame({ board: '6x6', black: 'easy', white: 'medium' });
  await expectOverWithRightScore(36, '6x6');
});

test("the solver's values for an FFO position equal `yomi solve --all-moves` and the file's", async () => {
  // FFO #1 (14 empties); the file gives every move's exact score.
  const line = readFileSync(`${ROOT}engine/data/ffo/fforum-1-19.obf`, 'utf8').split('\n')[0];
  const [position] = line.split(';');
  const fileScores = Object.fromEntries([...line.matchAll(/([A-H][1-8]):([+-]\d+)/g)].map((m) => [m[1].toLowerCase(), Number(m[2])]));
  assert.ok(yomi, 'the yomi binary is built (cargo test builds it)');
  const cli = JSON.parse(execFileSync(yomi, ['solve', '--all-moves', '--json', position.trim()], { encoding: 'utf8' }));
  const cliScores = cli.moves; // { square: score }

  await newGame({});
  await page().fill('#load-text', position.trim());
  await page().click('#load button[type=submit]');
  await page().waitForFunction((p) => document.querySelector('#position').textContent === p, position.trim());
  await page().check('#solve-all');
  await page().selectOption('#solve-kind', 'exact');
  await page().click('#solve button[type=submit]');
  await page().waitForFunction(() => /^\d+\.\d\d s · /.test(document.querySelector('#solve-stats').textContent)
    && !document.querySelector('#solve-out').hidden && document.querySelector('#solve-moves tbody tr'), null, { timeout: 120_000 });
  const shown = Object.fromEntries(await page().$$eval('#solve-moves tbody tr', (rows) =>
    rows.map((r) => [r.dataset.square, Number(r.dataset.score)])));
  assert.deepEqual(shown, cliScores);
  assert.deepEqual(shown, fileScores);
  assert.equal(Number(await page().$eval('#solve-progress', (p) => p.value)), 1);
});

test('the browser searches exactly the nodes native does: a 26-empty FFO position in a fresh table of the same size', async () => {
  // Same moves, flips, evaluation, cutoffs and table size (the engine's
  // `tableMib`): the same tree, node for node. A browser-only search
  // choice, or wasm code that reads a board differently, shows here as a
  // different count. The set's one 26-empty position: 1.5 M nodes, table,
  // cutoffs and probes all at work, in a fraction of a second.
  const position = readFileSync(`${ROOT}engine/data/ffo/fforum-20-39.obf`, 'utf8').split('\n')
    .map((l) => l.split(';')[0].trim()).find((p) => (p.slice(0, 64).match(/-/g) || []).length === 26);
  assert.ok(position);
  const web = await page().evaluate(async (p) => {
    const { Yomi } = await import('./yomi.js');
    const e = await Yomi.create({ threads: 1 });
    try {
      const r = await e.solve(p, { fresh: true });
      return { score: r.score, nodes: r.nodes, tableMib: e.tableMib };
    } finally {
      e.terminate();
    }
  }, position);
  const cli = JSON.parse(execFileSync(yomi, ['solve', '--json', '--hash', String(web.tableMib), '--threads', '1', position], { encoding: 'utf8' }));
  assert.equal(web.score, cli.score);
  assert.equal(web.nodes, cli.nodes);
});

test('a level and a time mean the same in the page and the command line: the time replaces the level\'s, the depth stays', async () => {
  // One rule (engine/src/play/strength.rs) for every front end: medium
  // with 20 s searches medium's 6 plies, not as deep as 20 s would allow.
  // The page evaluates with the compact weights (wasm has no bit extract).
  const cli = JSON.parse(execFileSync(yomi, ['search', '--json', '--level', 'medium', '--time', '20', '--no-book', '--weights', 'compact', '--moves', 'f5d6c3d3c4f4f6f3e6e7'], { encoding: 'utf8' }));
  const web = await page().evaluate(async (position) => {
    const { Yomi } = await import('./yomi.js');
    const e = await Yomi.create({ threads: 1 });
    try {
      const r = await e.search(position, { level: 'medium', time: 20, book: false });
      let bad;
      await e.search(position, { level: 'medium', time: -1 }).catch((err) => { bad = err.message; });
      return { best: r.best, score: r.score, depth: r.depth, selectivity: r.selectivity, bad };
    } finally {
      e.terminate();
    }
  }, cli.position);
  assert.deepEqual(web.depth, 6);
  assert.deepEqual({ best: web.best, score: web.score, depth: web.depth, selectivity: web.selectivity },
    { best: cli.best, score: cli.score, depth: cli.depth, selectivity: cli.selectivity });
  let message;
  try {
    execFileSync(yomi, ['search', '--level', 'medium', '--time', '-1'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    message = err.stderr.trim().replace(/^yomi: error: /, '');
  }
  assert.equal(web.bad, message);
  assert.equal(message, 'time -1 is not a positive number of seconds');
});

test('the evaluation fetched after the first paint is the one `--weights browser` reads natively, and bad or second loads throw', async () => {
  // The app's engine loads it by itself and says so; a fresh engine is
  // given it here, then searches as the command line does with it.
  await page().waitForFunction(() => /network over them \(\d+\.\d MB/.test(document.querySelector('#evaluation').textContent),
    null, { timeout: 60_000 });
  const cli = JSON.parse(execFileSync(yomi, ['search', '--json', '--level', 'medium', '--no-book', '--weights', 'browser', '--moves', 'f5d6c3d3c4f4f6f3e6e7'], { encoding: 'utf8' }));
  const compact = JSON.parse(execFileSync(yomi, ['search', '--json', '--level', 'medium', '--no-book', '--weights', 'compact', '--moves', 'f5d6c3d3c4f4f6f3e6e7'], { encoding: 'utf8' }));
  const web = await page().evaluate(async (position) => {
    const { Yomi } = await import('./yomi.js');
    const e = await Yomi.create({ threads: 1 });
    const message = (p) => p.then(() => null, (err) => err.message);
    try {
      const bad = await message(e.loadEvaluation('pkg/book.ybk', 'pkg/evaluation-probcut.txt'));
      const missing = await message(e.loadEvaluation('pkg/no-such.ywp', 'pkg/evaluation-probcut.txt'));
      const loaded = await e.loadEvaluation('pkg/evaluation.ywp', 'pkg/evaluation-probcut.txt');
      const again = await message(e.loadEvaluation('pkg/evaluation.ywp', 'pkg/evaluation-probcut.txt'));
      const r = await e.search(position, { level: 'medium', book: false });
      return { loaded, bad, missing, again, best: r.best, score: r.score, depth: r.depth };
    } finally {
      e.terminate();
    }
  }, cli.position);
  assert.deepEqual(web.loaded, { families: 14, network: true, bytes: statSync(`${ROOT}engine/weights/patterns-browser.ywp`).size });
  assert.equal(web.bad, 'bad weights file: not a Yomi pattern weights file (wrong magic)');
  assert.equal(web.missing, 'the evaluation (pkg/no-such.ywp) could not be fetched: HTTP 404');
  assert.equal(web.again, 'an evaluation is already installed; a new engine is needed to change it');
  assert.deepEqual({ best: web.best, score: web.score, depth: web.depth }, { best: cli.best, score: cli.score, depth: cli.depth });
  // The network is read: the same search with the compact tables alone scores otherwise.
  assert.notEqual(cli.score, compact.score);
});

test('4x16 shows its stored solution at once, +64 from a 3.3-hour job, and its line replays to 61-0', async () => {
  await page().click('.mini[data-board="4x16"]');
  await page().waitForFunction(() => /\+64 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 10_000 });
  assert.match(await text('#solve-result'), /Black to move: win by 64 with perfect play — Black wins 61–0/);
  assert.match(await text('#solve-stats'), /^stored result: solved in 3\.3 h, [\d,.]+ [GT]? ?nodes on 1 thread\(s\); checked: the perfect line replays/);
  // Shown, not solved: nothing runs.
  assert.equal(await page().isDisabled('#solve-stop'), true);
  assert.equal(await text('#position'), '4x16:-----------------------OX--------------XO----------------------- X');
  await page().click('#replay');
  await page().waitForFunction(() => !document.querySelector('#redo').disabled);
  await page().click('#last');
  await page().waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'));
  assert.equal(await text('#status'), 'Game over: Black wins by 64 (61–0, paper 001 scoring).');
});

test('without the stored solutions, 4x14 and 4x16 say so and are never solved live', async () => {
  const b = await start({ serviceWorkers: 'block' });
  try {
    await b.page.route('**/solved.json', (route) => route.fulfill({ status: 404, body: '' }));
    await b.page.goto(b.url);
    await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await b.page.click('.mini[data-board="4x16"]');
    await b.page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#solve-warning').textContent));
    assert.equal(await b.page.textContent('#solve-warning'),
      'The stored solution of 4×16 could not be loaded (it comes with the site: reload when online). Solving it here would take hours.');
    await b.page.waitForTimeout(300);
    assert.equal(await b.page.isDisabled('#solve-stop'), true);
    assert.equal(await b.page.isHidden('#solve-out'), true);
    // A small board is solved live instead.
    await b.page.click('.mini[data-board="4x4"]');
    await b.page.waitForFunction(() => /−8 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 30_000 });
    assert.doesNotMatch(await b.page.textContent('#solve-stats'), /stored result/);
  } finally {
    await b.close();
  }
});

test("4x4 solves to -8 under paper 001's rule, and its perfect line replays to the end", async () => {
  await page().click('.mini[data-board="4x4"]');
  await page().waitForFunction(() => /−8 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 30_000 });
  assert.match(await text('#solve-result'), /Black to move: loss by 8 with perfect play — White wins 11–3 \(−8 for Black, disc-difference scoring\)/);
  // A board solved from the start shows its stored result, and says so.
  assert.match(await text('#solve-stats'), /stored result: solved in .* checked: the same value on 2 threads/);
  assert.equal(await page().$$eval('#solve-moves tbody tr', (rows) => rows.length), 4);
  // The setup said what it changed.
  assert.match(await text('#notice'), /4×4, disc-difference scoring, both players human/);
  // The diagram numbers the line's moves.
  const numbered = await page().$$eval('#diagram .numbered', (els) => els.map((e) => Number(e.textContent)));
  assert.ok(numbered.includes(1) && numbered.length >= 9);
  await page().click('#replay');
  await page().waitForFunction(() => !document.querySelector('#redo').disabled);
  while (!(await page().isDisabled('#redo'))) {
    const before = await text('#record');
    await page().click('#redo');
    await page().waitForFunction((r) => document.querySelector('#record').textContent !== r, before);
  }
  assert.equal(await text('#status'), 'Game over: White wins by 8 (3–11, paper 001 scoring).');
});

test('stop ends a long solve within 500 ms, and the next command works', async () => {
  await solveLive(page(), '6x6');
  const ms = await stopSolveAfter(page(), 1500);
  console.log(`stop of a 6x6 solve took ${ms.toFixed(1)} ms`);
  assert.ok(ms < 500, `stop took ${ms} ms`);
  assert.match(await text('#solve-result'), /Stopped/);
  // No result, so no line and no diagram; a bound in the page's own signs.
  assert.equal(await page().isVisible('#solve-line-label'), false);
  assert.equal(await page().isVisible('#diagram'), false);
  assert.doesNotMatch(await text('#solve-result'), />=|<=|-\d/);
  await solveLive(page(), '4x4');
  await page().waitForFunction(() => /−8 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 30_000 });
  assert.equal(await page().isVisible('#solve-line-label'), true);
  assert.equal(await page().isVisible('#diagram'), true);
});

test('a malformed record or position shows a clear error and leaves the game as it was', async () => {
  await newGame({});
  await cell('f5').click();
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'f5');
  const before = await text('#position');
  for (const [input, message] of [
    ['f5d6c3z9', /not a move|z9/],
    ['f5f5', /move 2 \(f5\)/],
    ['XXXXOOOO-- X', /64|squares|length|board/i],
    ['---------------------------O X', /character|squares|length|board/i],
  ]) {
    await page().fill('#load-text', input);
    await page().click('#load button[type=submit]');
    await page().waitForFunction(() => document.querySelector('#load-error').textContent !== '');
    assert.match(await text('#load-error'), message, input);
    assert.doesNotMatch(await text('#load-error'), /(move \d+ \(\w+\)).*\1/, 'the error says the move once');
    // Beside the input, in view, not at the top of the panel.
    const [input_, error] = await Promise.all(['#load-text', '#load-error'].map((q) => page().locator(q).boundingBox()));
    assert.ok(error.y > input_.y && error.y - input_.y < 120, `the error is ${error.y - input_.y} px below the input`);
    assert.equal(await text('#position'), before);
    assert.equal(await text('#record'), 'f5');
    await page().fill('#load-text', '');
    await page().locator('#load-text').press('a');
    assert.equal(await text('#load-error'), '', 'typing clears the error');
  }
  // A bad position is a position's error, not a record's.
  await page().fill('#load-text', `${'-'.repeat(27)}OX------XO${'-'.repeat(26)}? X`);
  await page().click('#load button[type=submit]');
  await page().waitForFunction(() => document.querySelector('#load-error').textContent !== '');
  assert.doesNotMatch(await text('#load-error'), /record/, 'a position error');
});

test('a copied record with a pass pastes back: passes are implied where the side to move has no move', async () => {
  // A 6x6 game whose White must pass before e6; Copy writes no pass.
  const record = 'c2b2b3d2c1a3e3f3e2c5e4e1b4a5a2a1a4b5a6f2f1d1d5b6c6d6b1e5f4e6f6f5';
  await newGame({ board: '6x6' });
  for (const pasted of [record, '1. c2 b2 2. b3 d2 c1a3e3f3e2c5e4e1b4a5a2a1a4b5a6f2f1d1d5b6c6d6b1e5f4 -- e6f6f5']) {
    await page().evaluate(() => (document.querySelector('#record').textContent = ''));
    await page().fill('#load-text', pasted);
    await page().click('#load button[type=submit]');
    await page().waitForFunction((r) => document.querySelector('#record').textContent.replace(/\s/g, '') === r, record);
    assert.equal(await text('#load-error'), '');
    assert.match(await text('#status'), /Black wins by 16/);
  }
  // Standard numbering: the pass has no number, so the last move is 32, not 33.
  const nums = await page().$$eval('#move-list .num', (ns) => ns.map((n) => n.textContent));
  assert.equal(nums.length, 33);
  assert.equal(nums[29], '', 'the pass is not numbered');
  assert.equal(nums.at(-1), '32.');
});

test('the score graph draws a win/draw/loss result as a band, not as a disc score near zero', async () => {
  // FFO #23 (18 empties): hints at hard are a win/draw/loss solve there.
  const line = readFileSync(`${ROOT}engine/data/ffo/fforum-20-39.obf`, 'utf8').split('\n')[3];
  const position = line.split(';')[0].trim();
  await newGame({});
  await page().selectOption('#hint-level', 'hard');
  if (!(await page().isChecked('#hints'))) await page().check('#hints');
  await page().fill('#load-text', position);
  await page().click('#load button[type=submit]');
  await page().waitForSelector('#graph .wld', { timeout: 60_000 });
  assert.match(await page().$eval('#graph .wld title', (t) => t.textContent), /win\/draw\/loss/);
  // No point of the score line stands for the result.
  assert.equal(await page().locator('#graph polyline.evals').count(), 0);
  await page().uncheck('#hints');
});

test('keyboard play: arrows move between squares and Enter plays', async () => {
  await newGame({});
  await page().locator('#board [tabindex="0"]').focus();
  // To a1 (arrows stop at the edges), then four down and five right.
  for (const [key, n] of [['ArrowUp', 7], ['ArrowLeft', 7], ['ArrowDown', 4], ['ArrowRight', 5]]) {
    for (let i = 0; i < n; i++) await page().keyboard.press(key);
  }
  assert.equal(await page().evaluate(() => document.activeElement.dataset.square), 'f5');
  await page().keyboard.press('Enter');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'f5');
  assert.match(await cell('f5').getAttribute('aria-label'), /^f5, black/);
});

test('the board editor sets up a position', async () => {
  await newGame({ board: '4x4' });
  await page().click('#edit');
  await page().click('#edit-clear');
  for (const [sq, clicks] of [['a1', 1], ['b1', 1], ['d4', 2], ['d4', 1]]) {
    for (let i = 0; i < clicks; i++) await cell(sq).click();
  }
  await page().selectOption('#edit-side', 'O');
  await page().click('#edit-done');
  // d4 cycled through black and white back to empty; White has no disc. The position string
  // follows the editor's clicks, so wait for the game itself: the editor closed and the status
  // no longer says it is editing (Done sets the game up asynchronously, through the engine).
  await page().waitForFunction(() => document.querySelector('#editor').hidden
    && document.querySelector('#status').textContent !== 'Editing the position.');
  assert.equal(await text('#position'), 'XX-------------- O');
  assert.equal(await text('#status'), 'Game over: Black wins by 16 (2–0, world scoring).');
});

test('hint scores are whole discs unless tenths are asked for, and the page says why estimates vary', async () => {
  await newGame({});
  await page().selectOption('#hint-level', 'medium');
  if (await page().isChecked('#hint-decimals')) await page().uncheck('#hint-decimals');
  // The book's values (whole discs) stand for its moves while it is shown: the search's own here.
  if (await page().isChecked('#book-moves')) await page().uncheck('#book-moves');
  await page().check('#hints');
  await page().waitForFunction(() => document.querySelectorAll('#board .hinted').length === 4, null, { timeout: 60_000 });
  const whole = await page().$$eval('#board .hinted', (bs) => bs.map((b) => b.textContent));
  assert.ok(whole.every((t) => /^[+−-]?\d+$/.test(t)), whole.join(' '));
  await page().check('#hint-decimals');
  await page().waitForFunction(() => [...document.querySelectorAll('#board .hinted')].some((b) => b.textContent.includes('.')),
    null, { timeout: 60_000 });
  await page().uncheck('#hint-decimals');
  await page().uncheck('#hints');
  await page().check('#book-moves');
  assert.match(await text('#hint-note'), /estimates/);
});
