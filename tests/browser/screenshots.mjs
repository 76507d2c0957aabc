// Screenshots of every page at a phone's width (390 px) and a laptop's
// (1280 px), light and dark, in real Chromium over the real server, into web/screenshots/.
// `node tests/browser/screenshots.mjs` after `bash web/build.sh`; web/README.md
// links the files. The app is shown mid-game (a record loaded, analysed,
// every move's score on the board), the others as they open.
import { mkdirSync } from 'node:fs';
import { start } from './browser.mjs';

const OUT = new URL('../../web/screenshots/', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

const PAGES = [
  {
    name: 'play', path: '', prepare: async (page) => {
      await page.selectOption('#white-player', 'human');
      await page.fill('#load-text', 'f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1');
      await page.click('#load button[type=submit]');
      await page.waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 18);
      await page.selectOption('#hint-level', 'easy');
      await page.click('#analyse');
      await page.waitForFunction(() => /^Analysed/.test(document.querySelector('#analyse-note').textContent), null, { timeout: 120_000 });
      await page.check('#hints');
      await page.waitForFunction(() => document.querySelectorAll('#board .hinted').length > 0, null, { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('#stop').disabled, null, { timeout: 60_000 });
      await page.evaluate(() => scrollTo(0, 0));
    },
  },
  {
    // The opening trainer after a miss: the Tiger as White, f4 tried where the line goes d6.
    name: 'trainer', path: '', prepare: async (page) => {
      await page.selectOption('#white-player', 'human');
      await page.$eval('#trainer', (d) => (d.open = true));
      await page.waitForFunction(() => document.querySelector('#trainer-opening').options.length > 1);
      await page.selectOption('#trainer-opening', { label: 'Tiger · f5 d6 c3 d3 c4' });
      await page.selectOption('#trainer-side', 'white');
      await page.click('#trainer-start');
      await page.waitForFunction(() => document.querySelector('#record').textContent === 'f5');
      await page.click('#board [data-square="f4"]');
      await page.waitForFunction(() => /Try again/.test(document.querySelector('#notice').textContent));
      await page.evaluate(() => scrollTo(0, 0));
    },
  },
  { name: 'bench', path: 'bench.html' },
  { name: 'tutorial', path: 'tutorial.html', wait: () => /the end|\[/.test(document.querySelector('#step-line').textContent) },
  { name: 'four', path: 'four.html' },
];

const b = await start();
try {
  // Light at both widths, then dark (the system's scheme, which the pages follow) at both.
  for (const [width, scheme] of [[390, 'light'], [1280, 'light'], [390, 'dark'], [1280, 'dark']]) {
    await b.page.emulateMedia({ colorScheme: scheme });
    for (const p of PAGES) {
      await b.page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await b.page.goto(b.url + p.path);
      await b.page.evaluate(() => localStorage.clear());
      await b.page.reload();
      await b.page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      if (p.wait) await b.page.waitForFunction(p.wait, null, { timeout: 60_000 });
      await p.prepare?.(b.page);
      await b.page.waitForTimeout(400); // animations settle
      const file = `${OUT}${p.name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`;
      await b.page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${file}`);
    }
  }
} finally {
  await b.close();
}
