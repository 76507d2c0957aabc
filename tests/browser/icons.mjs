// The app's icons as PNG, drawn by real Chromium from web/icons/icon.svg at
// the sizes browsers ask for when installing (192 and 512 px; the maskable
// form is the same drawing, whose board already fills the square).
// `node tests/browser/icons.mjs`; the PNGs are kept in git.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const DIR = new URL('../../web/icons/', import.meta.url).pathname;
const svg = readFileSync(join(DIR, 'icon.svg'), 'utf8');
const profile = mkdtempSync(join(tmpdir(), 'yomi-icons-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  for (const size of [192, 512]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: join(DIR, `icon-${size}.png`), omitBackground: true });
    console.log(`web/icons/icon-${size}.png`);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
