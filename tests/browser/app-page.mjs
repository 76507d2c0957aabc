// The app's page (index.html) for the test files that drive it: one
// browser session per file, and the steps several files take.
import { before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { start } from './browser.mjs';

/** The repository's root. */
export const ROOT = new URL('../../', import.meta.url).pathname;

/** The `yomi` command line's output for `args` (the release build, else a debug one built here). */
export function yomi(args) {
  let bin = [`${ROOT}target/release/yomi`, `${ROOT}target/debug/yomi`].find(existsSync);
  if (!bin) {
    execFileSync('cargo', ['build', '--bin', 'yomi'], { cwd: ROOT, stdio: 'inherit' });
    bin = `${ROOT}target/debug/yomi`;
  }
  return execFileSync(bin, args, { encoding: 'utf8' });
}

/**
 * Opens the app in a fresh browser before the file's tests and closes it
 * after. Returns accessors: `session()` (start()'s object: page, errors,
 * warnings), `page()`, `text(selector)`, `cell(square)`, `newGame(options)`.
 */
export function appSession() {
  let b;
  before(async () => {
    b = await start();
    await b.page.goto(b.url);
    await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  });
  after(async () => b?.close());
  const page = () => b.page;
  return {
    session: () => b,
    page,
    text: (sel) => page().textContent(sel),
    cell: (name) => page().locator(`#board [data-square="${name}"]`),
    newGame: (options) => newGame(page(), options),
  };
}

/**
 * Waits for `condition` in the page as waitForFunction does; a timeout
 * fails with what the page shows (record, status, thinking line, error),
 * so a failure in CI says where the game stood.
 */
export async function waitSaying(page, condition, { timeout = 30_000 } = {}) {
  try {
    await page.waitForFunction(condition, null, { timeout });
  } catch (e) {
    const shown = await page.evaluate(() => Object.fromEntries(['record', 'status', 'notice', 'thinking', 'error', 'clock-black', 'clock-white']
      .map((id) => [id, document.getElementById(id)?.textContent ?? null])));
    throw new Error(`${e.message}\nthe page shows ${JSON.stringify(shown)}`);
  }
}

/**
 * A new game from the setup form. Players first: a player menu change may
 * start the engine, and New game must be the last word.
 */
export async function newGame(page, { board = '8x8', scoring = 'world', black = 'human', white = 'human' } = {}) {
  await page.selectOption('#black-player', black);
  await page.selectOption('#white-player', white);
  await page.selectOption('#board-size', board);
  await page.selectOption('#scoring', scoring);
  // The status is drawn anew for the new game: wait for that, not the old one.
  await page.evaluate(() => (document.querySelector('#status').textContent = ''));
  await page.click('#setup button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#status').textContent !== '');
}

/**
 * Waits for the running solve to show its Stop, lets it run `after` ms,
 * presses Stop and resolves to the milliseconds until the page says
 * "stopped" (measured in the page, so the test's own latency is not in it).
 */
export async function stopSolveAfter(page, after) {
  await page.waitForFunction(() => !document.querySelector('#solve-stop').disabled);
  await page.waitForTimeout(after);
  return page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    const seen = new MutationObserver(() => {
      if (/stopped/.test(document.querySelector('#solve-stats').textContent)) {
        seen.disconnect();
        resolve(performance.now() - t0);
      }
    });
    seen.observe(document.querySelector('#solve-stats'), { childList: true, characterData: true, subtree: true });
    document.querySelector('#solve-stop').click();
  }));
}

/**
 * Sets `board` up from the Othello start under paper scoring and solves it
 * with the Solve form: always a live solve, never the stored result a
 * one-click button shows.
 */
export async function solveLive(page, board) {
  await newGame(page, { board, scoring: 'paper' });
  await page.click('#solve button[type=submit]');
}
