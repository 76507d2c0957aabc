// Steps on the app's page (index.html) that several test files take.

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
