// Shared set-up for the browser tests: the real server (web/serve.mjs) with
// its real headers, and Debian's Chromium on a fresh profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../web/serve.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export async function start({ isolation = true } = {}) {
  const { server, url } = await serve({ port: 0, isolation });
  const profile = mkdtempSync(join(tmpdir(), 'yomi-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Without isolation the site's service worker would add the headers
    // itself; that path is tested by blocking service workers.
    serviceWorkers: isolation ? 'allow' : 'block',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Console warnings and errors of the page and of every worker it starts
  // (the engine's worker and its pool threads).
  const warnings = [];
  const listen = (source) => source.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(`${m.type()}: ${m.text()}`);
  });
  listen(page);
  page.on('worker', listen);
  return {
    url,
    page,
    errors,
    warnings,
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
