// The app as a player meets it, in real Chromium over the real server:
// what a new user hit (stops that did not stop, positions that lost their
// board, made-up scores, stale or misleading controls) and what players of
// the field's GUIs expect (move list, analysis, graph, links, images, dark
// mode). Each test names the behaviour it holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appSession, stopSolveAfter } from './app-page.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const { session, page, text, cell, newGame } = appSession();

/** WCAG contrast ratio of two CSS colours (rgb()/rgba() strings). */
function ratio(a, c) {
  const lum = (col) => {
    const [r, g, b] = col.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [lum(a), lum(c)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

async function load(textToLoad) {
  await page().fill('#load-text', textToLoad);
  await page().click('#load button[type=submit]');
}

/** Loads a record of two-character moves (no passes) and waits until the page shows it. */
async function loadRecord(record) {
  await load(record);
  await page().waitForFunction((r) => document.querySelector('#record').textContent === r, record.match(/../g).join(' '));
}

async function play(square) {
  const before = await text('#record');
  await cell(square).click();
  await page().waitForFunction((r) => document.querySelector('#record').textContent !== r, before);
}

test('the page loads with no console warning or error, from the page or any worker', async () => {
  // The pool's threads start with the page: give them time to log.
  await page().waitForTimeout(500);
  assert.deepEqual(session().warnings, []);
  assert.deepEqual(session().errors, []);
  // The first screen says what this is, and the board has its coordinates.
  assert.match(await text('.pitch'), /Othello engine that runs entirely in your browser/);
  const heads = await page().$$eval('#board [role=columnheader]', (els) => els.map((e) => e.textContent).join(''));
  assert.equal(heads, 'abcdefgh');
  assert.equal(await page().locator('#board [role=row]').count(), 9);
  assert.equal(await page().locator('#board [role=gridcell]').count(), 64);
  // The 8x8 board uses the screen: more than 400 px at 1280 px wide.
  await page().setViewportSize({ width: 1280, height: 800 });
  const width = await page().$eval('#board', (el) => el.getBoundingClientRect().width);
  assert.ok(width > 520, `board ${width} px wide`);
});

test('Stop during a 44-empty solve returns within 500 ms, and New game works after it', async () => {
  await newGame({});
  // 16 plies: 44 empties.
  await loadRecord('f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6');
  await page().selectOption('#solve-kind', 'exact');
  await page().click('#solve button[type=submit]');
  // It says before it starts that this can take days.
  assert.match(await text('#solve-warning'), /An exact solve of 44 empty squares can take days/);
  const ms = await stopSolveAfter(page(), 1500);
  console.log(`stop of a 44-empty solve took ${ms.toFixed(1)} ms`);
  assert.ok(ms < 500, `stop took ${ms} ms`);
  assert.match(await text('#solve-result'), /Stopped before the end: no result, nothing proven yet/);
  assert.equal(await page().isDisabled('#stop'), true);
  // The page stays usable: a new game, and a move in it.
  await newGame({});
  assert.equal(await text('#status'), 'Black to move.');
  await play('f5');
  assert.equal(await text('#record'), 'f5');
});

test('a solve stopped after some moves says what they prove and the best move so far', async () => {
  await newGame({});
  // FFO #49: 26 empties, every move solved in turn (the default).
  const position = readFileSync(`${ROOT}engine/data/ffo/fforum-40-59.obf`, 'utf8').split('\n')[9].split(';')[0].trim();
  await page().fill('#load-text', position);
  await page().click('#load button[type=submit]');
  await page().waitForFunction((p) => document.querySelector('#position').textContent === p, position);
  await page().selectOption('#solve-kind', 'exact');
  await page().check('#solve-all');
  await page().click('#solve button[type=submit]');
  assert.match(await text('#solve-warning'), /An exact solve of 26 empty squares may take a minute or more/);
  await page().waitForFunction(() => /^[1-9]\d* of \d+ moves solved/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 120_000 });
  await page().click('#solve-stop');
  await page().waitForFunction(() => document.querySelector('#solve-stop').disabled);
  const said = await text('#solve-result');
  // Stopped with at least one move solved, or (on a fast machine) finished.
  assert.match(said, /Stopped before the end: no result\. Proven so far for (Black|White): ≥ [+−]\d+, best move so far [a-h][1-8] \(\d+ moves? solved\)\.|with perfect play/);
});

test('a 4x16 position survives copy and paste, in the page and in the command line', async () => {
  await newGame({ board: '4x16' });
  await page().locator('#board .legal').first().click();
  await page().waitForFunction(() => document.querySelector('#record').textContent !== '');
  const position = await text('#position');
  assert.match(position, /^4x16:[-XO]{64} [XO]$/);
  await page().click('.copy[data-copy="position"]');
  const copied = await page().evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, position);
  // Pasted into an 8x8 game it loads as 4x16.
  await newGame({ board: '8x8' });
  await load(copied);
  await page().waitForFunction((p) => document.querySelector('#position').textContent === p, position);
  assert.equal(await page().$eval('#board-size', (s) => s.value), '4x16');
  assert.equal(await page().locator('#board [role=gridcell]').count(), 64);
  assert.equal(await page().locator('#board [role=row]').count(), 5);
  // The command line reads the same string as the same board.
  const yomi = [`${ROOT}target/release/yomi`, `${ROOT}target/debug/yomi`].find(existsSync);
  const shown = JSON.parse(execFileSync(yomi, ['show', '--json', copied], { encoding: 'utf8' }));
  assert.equal(shown.board, '4x16');
  assert.equal(shown.position, position);
});

test('a win/draw/loss solve says win, draw or loss and no score', async () => {
  const line = readFileSync(`${ROOT}engine/data/ffo/fforum-1-19.obf`, 'utf8').split('\n')[0];
  await newGame({});
  await load(line.split(';')[0].trim());
  await page().waitForFunction(() => document.querySelector('#status').textContent === 'Black to move.');
  await page().selectOption('#solve-kind', 'wld');
  await page().click('#solve button[type=submit]');
  await page().waitForFunction(() => /^\d+\.\d\d s · /.test(document.querySelector('#solve-stats').textContent), null, { timeout: 60_000 });
  const result = await text('#solve-result');
  // FFO #1: Black wins (+18).
  assert.match(result, /^Black to move wins with perfect play\. Winning move: [a-h][1-8]\./);
  assert.doesNotMatch(result, /\d+–\d+|by \d|[+−]\d/, result);
  assert.equal(await text('#solve-line-label'), 'A line that keeps the result');
  assert.doesNotMatch(await text('#solve-out'), /Perfect line/);
  // Every move's result is drawn on the main board.
  assert.equal(await cell('g8').textContent(), 'win');
  await page().selectOption('#solve-kind', 'exact');
});

test('while the engine thinks: no legal moves shown, Stop says "Move now" and plays at once', async () => {
  // Past the opening book (which answers at once): NBoard's sample game.
  await newGame({ white: 'maximum' });
  await loadRecord('f5f6d3c5e6f7e7f4');
  await play('d6');
  await page().waitForFunction(() => document.querySelector('#stop').textContent === 'Move now' && !document.querySelector('#stop').disabled);
  assert.equal(await page().locator('#board .legal').count(), 0);
  assert.match(await text('#status'), /White to move: the engine \(maximum\) is thinking/);
  await page().waitForTimeout(800);
  const t0 = Date.now();
  await page().click('#stop');
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 10, null, { timeout: 2000 });
  console.log(`"Move now" played after ${Date.now() - t0} ms`);
  assert.ok(Date.now() - t0 < 1000);
  assert.match(await text('#thinking'), /^White \(maximum\) played [a-h][1-8]: .* for White/);
  assert.equal(await page().isDisabled('#stop'), true);
  // Switched to a person while it thinks: Stop goes off.
  await play((await page().locator('#board .legal').first().getAttribute('data-square')));
  await page().waitForFunction(() => !document.querySelector('#stop').disabled);
  await page().selectOption('#white-player', 'human');
  await page().waitForFunction(() => document.querySelector('#stop').disabled);
  assert.ok(await page().locator('#board .legal').count() > 0);
});

test('hints: Stop is available while they are computed', async () => {
  await newGame({});
  await page().selectOption('#hint-level', 'maximum');
  await page().check('#hints');
  await page().waitForFunction(() => !document.querySelector('#stop').disabled && document.querySelector('#stop').textContent === 'Stop');
  // The scores say for whom they are.
  // (At the start the book's values stand for its moves: the line says how many.)
  await page().waitForFunction(() => /^Scores for Black at maximum( \(4 of them from the opening book, in italics\))?: depth \d+: [+−]?[\d.]+ for Black/.test(document.querySelector('#thinking').textContent));
  await page().click('#stop');
  await page().waitForFunction(() => document.querySelector('#stop').disabled);
  // What the engine said of that position goes with it.
  await page().uncheck('#hints');
  await page().selectOption('#hint-level', 'medium');
  await loadRecord('f5d6');
  assert.equal(await text('#thinking'), '');
});

test('numbered transcripts load; the move list jumps to any move; the engine waits there', async () => {
  await newGame({ white: 'easy' });
  await load('1. f5 d6 2. c3 d3 3. c4');
  // White (the engine) is to move after five plies: it plays.
  await page().waitForFunction(() => /^f5 d6 c3 d3 c4 [a-h][1-8]$/.test(document.querySelector('#record').textContent));
  await page().click('#move-list button[data-ply="2"]');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'f5 d6');
  assert.equal(await page().$eval('#move-list [aria-current]', (el) => el.dataset.ply), '2');
  assert.equal(await page().locator('#move-list .future').count(), 4);
  await page().click('#last');
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 6);
  await page().click('#first');
  await page().waitForFunction(() => document.querySelector('#record').textContent === '');
  // Black to move at the start: a person; at ply 1 the engine would be to
  // move, and waits for "Engine plays from here".
  await page().click('#move-list button[data-ply="1"]');
  await page().waitForFunction(() => !document.querySelector('#resume').hidden);
  assert.match(await text('#status'), /paused/);
  await page().click('#resume');
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 2);
});

test('whole-game analysis marks each move against the best, in the list and the graph; the graph jumps', async () => {
  await newGame({});
  await loadRecord('f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1');
  await page().selectOption('#hint-level', 'easy');
  await page().click('#analyse');
  await page().waitForFunction(() => /^Analysed 18 moves at easy/.test(document.querySelector('#analyse-note').textContent), null, { timeout: 120_000 });
  const analysed = await page().$$eval('#move-list button[data-ply]', (bs) => bs.filter((x) => x.dataset.ply !== '0')
    .map((x) => x.getAttribute('aria-label')));
  assert.equal(analysed.length, 18);
  // Every move is graded by the engine's one rule (tools/review.rs), by what it lost.
  const grades = await page().evaluate(() => JSON.parse(localStorage.getItem('yomi-app') ?? 'null'));
  const analysis = (grades?.game?.analysis ?? []).filter(Boolean);
  assert.equal(analysis.length, 18, 'the analysis is kept');
  const want = (loss) => (loss < 1 ? 'best' : loss < 3 ? 'good' : loss < 6 ? 'inaccuracy' : loss < 12 ? 'mistake' : 'blunder');
  for (const a of analysis) {
    if (a.kind !== 'wld') assert.equal(a.grade, want(a.loss), JSON.stringify(a));
    assert.equal(a.mistake, a.grade === 'mistake' || a.grade === 'blunder');
  }
  for (const label of analysed) assert.match(label, /, (best|good|inaccuracy|mistake|blunder)\b/);
  assert.match(await text('#analyse-note'), /Black \d+ mistakes? \([\d.]+ discs\), [\d.]+ a move, accuracy \d+ %; White/);
  // The graph marks exactly the mistakes and blunders.
  const marked = await page().locator('#move-list button.mistake').count();
  assert.equal(await page().locator('#graph circle.bad').count(), marked);
  assert.equal(marked, analysis.filter((a) => a.mistake).length);
  // Every move has its evaluation on the graph.
  const points = await page().$eval('#graph .evals', (l) => l.getAttribute('points').trim().split(' ').length);
  assert.ok(points >= 18, `${points} points`);
  assert.ok(await page().locator('#graph text').count() > 8, 'axes are labelled');
  // A click on the graph's left edge goes to the start.
  const box = await page().locator('#graph').boundingBox();
  await page().mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
  await page().waitForFunction(() => document.querySelector('#move-list [aria-current]').dataset.ply !== '18');
});

test('a game over shows a banner; swap sides hands the engine the other colour', async () => {
  await newGame({ board: '4x4' });
  await loadRecord('c4d2b1');
  // Where the board stands on the page (not in the viewport, which scrolls as moves are played).
  const boardTop = () => page().$eval('#board', (el) => el.getBoundingClientRect().top + scrollY);
  const before = await boardTop();
  // Play on to the end: every move the first legal one.
  for (let i = 0; i < 20 && !(await page().isVisible('#banner')); i++) {
    const legal = page().locator('#board .legal').first();
    if (await legal.count()) await play(await legal.getAttribute('data-square'));
    else await page().waitForTimeout(400);
  }
  assert.ok(await page().isVisible('#banner'));
  assert.match(await text('#banner-text'), /wins \d+–\d+ \(by \d+\)|A draw/);
  // The banner comes below the board: the board does not move when the game ends.
  assert.equal(await boardTop(), before);
  await newGame({ board: '8x8', white: 'beginner' });
  await page().click('#swap');
  // The engine now plays Black, and moves first.
  assert.equal(await page().$eval('#black-player', (s) => s.value), 'beginner');
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').filter(Boolean).length === 1);
});

test('the game and the settings survive a reload; a link reopens the game; the board saves as an image', async () => {
  await newGame({ white: 'human' });
  await loadRecord('f5d6c3');
  await page().click('#share');
  const link = await page().evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#board=8x8&start=othello&moves=f5d6c3$/);
  await page().reload();
  await page().waitForSelector('body[data-ready="true"]');
  assert.equal(await text('#record'), 'f5 d6 c3');
  assert.equal(await page().$eval('#white-player', (s) => s.value), 'human');
  await newGame({});
  await page().goto(link);
  await page().waitForSelector('body[data-ready="true"]');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'f5 d6 c3');
  const [download] = await Promise.all([page().waitForEvent('download'), page().click('#save-image')]);
  assert.equal(download.suggestedFilename(), 'yomi-8x8-move-3.png');
  const bytes = readFileSync(await download.path());
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
  assert.ok(bytes.length > 2000);
});

test('the editor: counts and position follow each click, New game closes it, its buttons are on screen', async () => {
  await page().setViewportSize({ width: 390, height: 844 });
  await newGame({});
  await page().click('#edit');
  assert.ok(await page().isVisible('#edit-done'));
  const box = await page().locator('#edit-done').boundingBox();
  const boardBox = await page().locator('#board').boundingBox();
  assert.ok(box.y < boardBox.y, 'the editor\'s buttons sit above the board');
  await cell('a1').click();
  assert.equal(await text('#black-count'), '3');
  assert.match(await text('#position'), /^X-{26}OX/);
  await page().click('#setup button[type=submit]');
  await page().waitForFunction(() => document.querySelector('#editor').hidden
    && document.querySelector('#black-count').textContent === '2');
  assert.equal(await text('#status'), 'Black to move.');
  await page().setViewportSize({ width: 1280, height: 800 });
});

test('dark mode follows the menu and is kept', async () => {
  await page().selectOption('#theme', 'dark');
  assert.equal(await page().evaluate(() => document.documentElement.dataset.theme), 'dark');
  const bg = await page().evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, bl] = bg.match(/\d+/g).map(Number);
  assert.ok(r + g + bl < 150, bg);
  // The score line's black disc stands out from the dark page by its ring.
  const ring = await page().$eval('.scoreline .disc.black', (d) => getComputedStyle(d).boxShadow);
  const [rr, rg, rb] = ring.match(/\d+/g).map(Number);
  assert.ok(rr + rg + rb > 300, `ring ${ring}`);
  await page().reload();
  await page().waitForSelector('body[data-ready="true"]');
  assert.equal(await page().evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page().selectOption('#theme', 'auto');
});

// The book and the explorer come in after the board is ready, and each
// redraws it: that redraw wiped the search's hints, so a visitor with hints
// kept on saw them flash and go on every visit.
/** A new game with the search's hints at easy shown, the book's values off. */
async function searchHints() {
  await newGame({});
  await page().uncheck('#book-moves');
  await page().selectOption('#hint-level', 'easy');
  await page().check('#hints');
  await page().waitForFunction(() => document.querySelectorAll('#board .best').length > 0, null, { timeout: 60_000 });
}

test('the hints stay on the board when the book and the explorer come in after a reload', async () => {
  await searchHints();
  await page().reload();
  await page().waitForSelector('body[data-ready="true"]');
  // Both in: the book's note is written and the explorer's table is shown.
  await page().waitForFunction(() => /opening book knows/.test(document.querySelector('#book-note').textContent)
    && !document.querySelector('#explorer-table').hidden, null, { timeout: 60_000 });
  await page().waitForFunction(() => /Scores for Black/.test(document.querySelector('#thinking').textContent), null, { timeout: 60_000 });
  assert.ok(await page().evaluate(() => document.querySelectorAll('#board .best').length > 0), 'the best move is still marked');
  // A score on each of Black's four moves, none of them the book's.
  assert.equal(await page().evaluate(() => document.querySelectorAll('#board .hinted:not(.book-value)').length), 4);
  // The book shown again: its values stand for the moves it knows (all four here).
  await page().check('#book-moves');
  await page().waitForFunction(() => document.querySelectorAll('#board .hinted.book-value').length === 4, null, { timeout: 60_000 });
  await page().uncheck('#hints');
  await page().selectOption('#hint-level', 'medium');
});

test('contrast on the board and touch targets on a phone', async () => {
  // The search's hints and a plain legal dot (the book's values are drawn on every book move).
  await searchHints();
  const best = await page().evaluate(() => {
    const sq = document.querySelector('#board .square[data-disc="empty"]');
    return [getComputedStyle(sq).backgroundColor, getComputedStyle(document.querySelector('#board .best')).color];
  });
  await page().uncheck('#hints');
  await play('f5');
  const colours = await page().evaluate(() => {
    const sq = document.querySelector('#board .square[data-disc="empty"]');
    const legal = document.querySelector('#board .legal:not(.hinted)') ?? sq;
    const last = document.querySelector('#board .last');
    return {
      square: getComputedStyle(sq).backgroundColor,
      dot: getComputedStyle(legal, '::after').backgroundColor,
      last: getComputedStyle(last, '::before').backgroundColor,
    };
  });
  colours.best = best[1];
  assert.equal(best[0], colours.square);
  console.log(`contrast on the square: best-move text ${ratio(colours.best, colours.square).toFixed(2)}, `
    + `legal dot ${ratio(colours.dot, colours.square).toFixed(2)}, last move ${ratio(colours.last, colours.square).toFixed(2)}`);
  assert.ok(ratio(colours.best, colours.square) >= 4.5, 'best-move text');
  assert.ok(ratio(colours.dot, colours.square) >= 3, 'legal-move dot');
  assert.ok(ratio(colours.last, colours.square) >= 3, 'last-move mark');
  // On a white disc (its darkest shade, #dcdcdc) the mark keeps 3:1 too.
  await play('d6');
  const onWhite = await page().evaluate(() => getComputedStyle(document.querySelector('#board .last'), '::before').backgroundColor);
  assert.ok(ratio(onWhite, 'rgb(220, 220, 220)') >= 3, `last-move mark on white ${ratio(onWhite, 'rgb(220, 220, 220)').toFixed(2)}`);
  // The focus ring is not the last move's colour.
  await page().locator('#board [tabindex="0"]').focus();
  await page().keyboard.press('ArrowRight');
  const focus = await page().evaluate(() => getComputedStyle(document.activeElement).outlineColor);
  assert.notEqual(focus, colours.last);
  // On a phone every button and the checkboxes are at least 44 px tall.
  await page().setViewportSize({ width: 390, height: 844 });
  const small = await page().$$eval('main button:not([hidden]), main input[type=checkbox]', (els) => els
    .filter((e) => e.offsetParent && !e.closest('.yomi-board'))
    .map((e) => [e.id || e.textContent, Math.round(e.getBoundingClientRect().height)])
    .filter(([, h]) => h < 24));
  assert.deepEqual(small, []);
  // Buttons 44 px; the checkbox 24 px inside a 44 px label that toggles it.
  const buttons = await page().$$eval('.toolbar button:not([hidden]), #setup button, label.check', (els) => els.map((e) => e.getBoundingClientRect().height));
  assert.ok(Math.min(...buttons) >= 44, `heights ${buttons}`);
  assert.ok(await page().$eval('#hints', (e) => e.getBoundingClientRect().height) >= 24);
  await page().setViewportSize({ width: 1280, height: 800 });
});

test('a new game says who plays whom', async () => {
  const said = (re) => page().waitForFunction((s) => new RegExp(s).test(document.querySelector('#notice').textContent), re.source);
  await newGame({ white: 'hard' });
  await said(/New game: you are Black against hard\./);
  // The player menus act at once: with hard still White, choosing easy for
  // Black would set the two engines playing the old game out while the
  // form is filled in. Two people at the board first, as a person would.
  await newGame({});
  await said(/New game: two players at this board\./);
  await newGame({ black: 'easy', white: 'human' });
  await said(/you are White against easy/);
  // Still there once the engine has replied.
  await page().waitForFunction(() => document.querySelector('#record').textContent !== '');
  assert.match(await text('#notice'), /you are White against easy/);
  await newGame({});
});

test('New game says so and can be undone; the Board menu starts a game on its board at once', async () => {
  await newGame({});
  await loadRecord('f5d6c3');
  await page().selectOption('#board-size', '6x6');
  await page().waitForFunction(() => document.querySelectorAll('#board [role=gridcell]').length === 36);
  assert.equal(await text('#record'), '');
  await page().waitForFunction(() => /kept for now/.test(document.querySelector('#notice').textContent));
  assert.match(await text('#notice'), /New game: two players at this board\. The previous game \(3 moves\) is kept for now/);
  await page().click('#notice button');
  await page().waitForFunction(() => document.querySelector('#record').textContent === 'f5 d6 c3');
  assert.equal(await page().$eval('#board-size', (s) => s.value), '8x8');
  assert.equal(await page().isVisible('#notice'), false);
});

test('a saved game that no longer reads starts afresh and says why', async () => {
  await page().evaluate(() => localStorage.setItem('yomi-app', JSON.stringify({
    game: { origin: { board: '8x8', start: 'othello' }, moves: ['a1'], redo: [], scoring: 'world', players: { black: 'human', white: 'human' } },
  })));
  await page().reload();
  await page().waitForSelector('body[data-ready="true"]');
  assert.equal(await text('#error'), 'The saved game could not be read: move 1 (a1) is illegal for Black');
  assert.equal(await text('#status'), 'Black to move.');
  assert.equal(await text('#record'), '');
});

test('board cells are square at 390 px on 8x8 and 4x16, and the page does not scroll sideways', async () => {
  await page().setViewportSize({ width: 390, height: 844 });
  for (const board of ['8x8', '4x16']) {
    await newGame({ board });
    const cols = Number(board.split('x')[1]);
    await page().waitForFunction((n) => document.querySelectorAll('#board [role=gridcell]').length === n, 4 * cols * (board === '8x8' ? 2 : 1));
    const sizes = await page().$$eval('#board [role=gridcell]', (cs) => cs.map((c) => {
      const r = c.getBoundingClientRect();
      return [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
    }));
    for (const [w, h] of sizes) assert.ok(Math.abs(w - h) < 0.6, `${board}: a ${w}x${h} cell`);
    const over = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(over, 0, `${board}: the page scrolls sideways by ${over} px`);
  }
  await page().setViewportSize({ width: 1280, height: 800 });
  await newGame({});
});

test('New game is in reach without scrolling at 1280x800', async () => {
  await page().setViewportSize({ width: 1280, height: 800 });
  await newGame({});
  await play('f5');
  const box = await page().locator('#toolbar-new').boundingBox();
  assert.ok(box && box.y + box.height <= 800, `New game at y ${box?.y}`);
  await page().click('#toolbar-new');
  await page().waitForFunction(() => document.querySelector('#record').textContent === '');
  assert.match(await text('#notice'), /New game/);
});


test('above the fold: the score line, the opening and the game-over banner at 1280x800; at 390x844 the status and toolbar', async () => {
  const bottom = (sel) => page().$eval(sel, (e) => e.getBoundingClientRect().bottom + scrollY);
  const top = (sel) => page().$eval(sel, (e) => e.getBoundingClientRect().top + scrollY);
  await page().setViewportSize({ width: 1280, height: 800 });
  await newGame({});
  await loadRecord('f5d6c3d3c4');
  await page().waitForFunction(() => !document.querySelector('#opening').hidden);
  for (const sel of ['.scoreline', '#opening']) assert.ok(await bottom(sel) <= 800, `${sel} ends at ${await bottom(sel)}`);
  // A finished game: its banner stays beside the board.
  await loadRecord('f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1');
  await page().waitForSelector('#banner:not([hidden])');
  assert.ok(await bottom('#banner') <= 800, `the banner ends at ${await bottom('#banner')}`);
  // A phone: the header is short, and the status and the toolbar start on the first screen.
  await page().setViewportSize({ width: 390, height: 844 });
  await newGame({});
  await loadRecord('f5d6c3d3c4');
  assert.ok(await bottom('header.site') <= 260, `the header ends at ${await bottom('header.site')}`);
  for (const sel of ['#status', '.toolbar']) assert.ok(await top(sel) < 844, `${sel} starts at ${await top(sel)}`);
  await page().setViewportSize({ width: 1280, height: 720 });
});

test('at the start every move has one value: the book\'s, with or without every move\'s score', async () => {
  await page().waitForFunction(() => /knows [\d,]+ positions/.test(document.querySelector('#book-note').textContent),
    null, { timeout: 60_000 });
  await newGame({});
  if (!(await page().isChecked('#book-moves'))) await page().check('#book-moves');
  if (await page().isChecked('#hints')) await page().uncheck('#hints');
  const shown = () => page().$$eval('#board .hinted', (bs) => bs.map((b) => `${b.dataset.square} ${b.textContent} ${b.classList.contains('book-value')}`).sort());
  await page().waitForFunction(() => document.querySelectorAll('#board .hinted.book-value').length === 4);
  const book = await shown();
  await page().selectOption('#hint-level', 'medium');
  await page().check('#hints');
  await page().waitForFunction(() => /Scores for Black at medium/.test(document.querySelector('#thinking').textContent), null, { timeout: 60_000 });
  assert.deepEqual(await shown(), book);
  await page().uncheck('#hints');
});

test("the opening book: its moves on the board apart from search scores, the opening named, the engine's book moves marked", async () => {
  await page().waitForFunction(() => /knows [\d,]+ positions/.test(document.querySelector('#book-note').textContent),
    null, { timeout: 60_000 });
  await newGame({ white: 'hard' });
  if (await page().isChecked('#hints')) await page().uncheck('#hints');
  if (!(await page().isChecked('#book-moves'))) await page().check('#book-moves');
  // At the start the four first moves are book moves, drawn as such.
  await page().waitForFunction(() => document.querySelector('#board').classList.contains('book')
    && document.querySelectorAll('#board .hinted').length === 4);
  assert.match(await cell('f5').getAttribute('aria-label'), /book value [+−-]?\d+/);
  await play('f5');
  // White (hard) answers from the book: said so, and both moves marked in the list.
  await page().waitForFunction(() => document.querySelectorAll('#move-list .book').length === 2, null, { timeout: 60_000 });
  assert.match(await text('#thinking'), /from the opening book/);
  assert.match(await page().getAttribute('#move-list button[data-ply="2"]', 'aria-label'), /a book move/);
  // One value a move: with every move's score on, the book's moves keep the
  // book's values (in italics) and only the others are the search's scores.
  const shown = () => page().$$eval('#board .hinted', (bs) => bs.map((b) => [b.dataset.square, b.textContent, b.classList.contains('book-value')]));
  await page().waitForFunction(() => document.querySelectorAll('#board .hinted.book-value').length > 0);
  const bookOnly = await shown();
  await page().check('#hints');
  await page().waitForFunction(() => /Scores for Black/.test(document.querySelector('#thinking').textContent), null, { timeout: 60_000 });
  const both = await shown();
  assert.ok(both.length >= bookOnly.length, 'the search adds the moves the book does not know');
  for (const [sq, value] of bookOnly) assert.deepEqual(both.find((h) => h[0] === sq), [sq, value, true], sq);
  assert.ok(both.filter((h) => !h[2]).every(([sq]) => !bookOnly.some((b) => b[0] === sq)));
  assert.match(await text('#thinking'), /of them from the opening book, in italics/);
  await page().uncheck('#hints');
  // The opening is named from any of the four directions.
  await newGame({});
  await loadRecord('f5d6c3d3c4');
  await page().waitForFunction(() => document.querySelector('#opening').textContent === 'Opening: Tiger');
  await loadRecord('e6f4c3c4d3');
  await page().waitForFunction(() => document.querySelector('#opening').textContent === 'Opening: Tiger');
  assert.deepEqual(session().errors, []);
});

test("the level note says each level plainly: one bracket deep, and '1 ply'", async () => {
  await newGame({ black: 'human', white: 'beginner' });
  assert.match(await text('#level-note'), /1 ply deep/);
  assert.doesNotMatch(await text('#level-note'), /1 plies/);
  await newGame({ black: 'human', white: 'maximum' });
  const note = await text('#level-note');
  assert.match(note, /not measured/);
  assert.doesNotMatch(note, /\([^()]*\(/, 'no brackets inside brackets');
  await newGame({});
});

test("the current move's 'book' tag reads on its chip, light and dark", async () => {
  await newGame({});
  await page().check('#book-moves');
  await cell('f5').click();
  await page().waitForSelector(".move-list button[aria-current='step'] .book", { timeout: 30_000 });
  for (const scheme of ['light', 'dark']) {
    await page().emulateMedia({ colorScheme: scheme });
    const [tag, chip] = await page().evaluate(() => {
      const b = document.querySelector(".move-list button[aria-current='step']");
      return [getComputedStyle(b.querySelector('.book')).color, getComputedStyle(b).backgroundColor];
    });
    assert.ok(ratio(tag, chip) >= 4.5, `${scheme}: 'book' on the current chip ${ratio(tag, chip).toFixed(2)}:1`);
  }
  await page().emulateMedia({ colorScheme: 'light' });
});

test('a pass announced just before the end goes when the game ends', async () => {
  await newGame({ black: 'human', white: 'beginner' });
  // 4x4: Black has no move; the engine's one move for White fills the board.
  await page().fill('#load-text', '-XOOXXOOOOOOOOOO X');
  await page().click('#load button[type=submit]');
  await page().waitForFunction(() => !document.querySelector('#banner').hidden || !document.querySelector('#resume').hidden, null, { timeout: 10_000 });
  if (await page().isVisible('#resume')) await page().click('#resume');
  await page().waitForFunction(() => !document.querySelector('#banner').hidden, null, { timeout: 10_000 });
  assert.equal(await page().locator('#move-list button.pass').count(), 1, 'Black passed');
  assert.equal(await page().isVisible('#notice'), false, await text('#notice'));
  await newGame({});
});

test('Ctrl+Z then Ctrl+Y brings the game back: your move and the reply, and the engine plays on', async () => {
  await newGame({ black: 'human', white: 'beginner' });
  await cell('f5').click();
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 2, null, { timeout: 30_000 });
  const before = await text('#record');
  await page().locator('body').click({ position: { x: 2, y: 2 } });
  await page().keyboard.press('Control+z');
  await page().waitForFunction(() => document.querySelector('#record').textContent === '');
  await page().keyboard.press('Control+y');
  await page().waitForFunction((r) => document.querySelector('#record').textContent === r, before);
  assert.equal(await page().isVisible('#resume'), false, 'the engine is not left paused');
  // It plays on: a move of yours gets its reply.
  const legal = await page().$$eval('#board .legal', (els) => els.map((e) => e.dataset.square));
  await cell(legal[0]).click();
  await page().waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 4, null, { timeout: 30_000 });
  await newGame({});
});

test("in dark mode Black's icon in the score line reads as a black disc, not a white one", async () => {
  await page().emulateMedia({ colorScheme: 'dark' });
  const [ring, white, bg] = await page().evaluate(() => {
    const black = document.querySelector('.scoreline .disc.black');
    const shadow = getComputedStyle(black).boxShadow.match(/rgba?\([^)]*\)/)[0];
    return [shadow, getComputedStyle(document.querySelector('.scoreline .disc.white')).backgroundColor, getComputedStyle(document.body).backgroundColor];
  });
  await page().emulateMedia({ colorScheme: 'light' });
  // Its ring is seen on the page, and far darker than a white disc.
  assert.ok(ratio(ring, bg) >= 1.5, `ring against the page ${ratio(ring, bg).toFixed(2)}`);
  assert.ok(ratio(white, ring) >= 3, `white disc against Black's ring ${ratio(white, ring).toFixed(2)}`);
});
