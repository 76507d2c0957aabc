// Shared set-up for the browser tests: the real server (web/serve.mjs) with
// its real headers, and Debian's Chromium on a fresh profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../web/serve.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Serves the assembled site (or `root`) and opens a fresh Chromium on it.
 * `isolation: false` serves as GitHub Pages does; the site's service worker
 * is then blocked unless `serviceWorkers: 'allow'`, to test the
 * single-thread build.
 */
export async function start({ isolation = true, root, serviceWorkers = isolation ? 'allow' : 'block' } = {}) {
  const { server, url } = await serve({ port: 0, isolation, root });
  // Every byte the server sends, for the tests that measure a visit.
  const sockets = new Set();
  server.on('connection', (s) => sockets.add(s));
  const profile = mkdtempSync(join(tmpdir(), 'yomi-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    serviceWorkers,
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
    context,
    page,
    /** Bytes the server has sent so far. */
    sent: () => [...sockets].reduce((n, s) => n + s.bytesWritten, 0),
    errors,
    warnings,
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
