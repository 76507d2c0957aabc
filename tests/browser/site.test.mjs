// The site as it is published: the Pages workflow's own steps assemble it
// (after the wasm build, which tests/run.sh has done), it is served as
// GitHub Pages serves it (static files, no isolation headers), and in real
// Chromium every page loads cleanly, the service worker brings threads, the
// site plays and solves offline, and a new version replaces the old whole.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';
import { newGame, solveLive } from './app-page.mjs';
import { start } from './browser.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const WORKFLOW = join(ROOT, '.github/workflows/pages.yml');
const PAGES = ['', 'bench.html', 'tutorial.html', 'four.html'];

let site = null;
let b = null;
after(async () => {
  await b?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir) => readdirSync(dir, { recursive: true })
  .filter((f) => statSync(join(dir, f)).isFile());

/** What a page or script of the site refers to by a relative path. */
function references(file, text) {
  const found = [];
  const patterns = file.endsWith('.html')
    ? [/\b(?:src|href)="([^"#?:]+)(?:[?#][^"]*)?"/g]
    : [/\bfrom\s+'(\.{1,2}\/[^']+)'/g, /\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)/g, /\bimport\s+'(\.{1,2}\/[^']+)'/g,
      /new URL\('(\.{1,2}\/[^'?]+)(?:\?[^']*)?',\s*(?:import\.meta\.url|self\.location)/g, /importScripts\('([^']+)'\)/g];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]);
  return found.filter((r) => !/^(data:|https?:|mailto:|\/\/)/.test(r) && r !== './');
}

/** Waits until the page, after the service worker's one reload, is isolated and ready. */
async function openIsolated(page, url) {
  await page.goto(url);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await page.evaluate(() => self.crossOriginIsolated && document.body?.dataset.ready === 'true').catch(() => false);
    if (ok) return;
    assert.ok(Date.now() < deadline, `${url} did not come back cross-origin isolated and ready`);
    await page.waitForTimeout(100);
  }
}

test('the Pages workflow parses, names real paths, and its own steps assemble the whole site', () => {
  const wf = parse(readFileSync(WORKFLOW, 'utf8'));
  assert.deepEqual(Object.keys(wf.jobs).sort(), ['build', 'deploy']);
  assert.ok(wf.on.push.branches.includes('main'));
  assert.equal(wf.jobs.deploy.needs, 'build');
  const steps = wf.jobs.build.steps;
  for (const s of [...steps, ...wf.jobs.deploy.steps]) {
    assert.ok(s.uses || s.run, `a step with neither uses nor run: ${JSON.stringify(s)}`);
    if (s.uses) assert.match(s.uses, /^[\w-]+\/[\w-]+@v\d+$/);
  }
  const runs = steps.filter((s) => s.run).map((s) => s.run);
  for (const r of runs) {
    for (const m of r.matchAll(/\b(?:bash|node|sh)\s+([^\s;&|]+)/g)) {
      assert.ok(existsSync(join(ROOT, m[1])), `the workflow runs ${m[1]}, which is not in the repository`);
    }
  }
  const upload = steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'));
  assert.ok(upload?.with?.path, 'the workflow uploads a folder');
  site = join(ROOT, upload.with.path);
  rmSync(site, { recursive: true, force: true });
  assert.ok(runs.some((r) => /\bweb\/build\.sh\b/.test(r)), 'the workflow builds the wasm');
  for (const r of runs.filter((r) => !/\bweb\/build\.sh\b/.test(r))) {
    execFileSync('bash', ['-euo', 'pipefail', '-c', r], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  assert.ok(existsSync(site), `the workflow's steps make no ${upload.with.path}`);
  const files = filesUnder(site);
  for (const f of ['index.html', 'app.js', 'app/model.js', 'engine-worker.js', 'pkg/yomi_bg.wasm', 'pkg/book.ybk',
    'pkg-single/yomi_bg.wasm', 'manifest.webmanifest', 'service-worker.js', 'site.js', 'icons/icon-512.png']) {
    assert.ok(files.includes(f), `the published site lacks ${f}`);
  }
  assert.ok(!files.some((f) => /serve\.mjs|site\.sh|build\.sh|\.gitignore|README/.test(f)), 'tools are not published');
  // Every page's and script's relative reference is a file of the site.
  for (const f of files.filter((f) => /\.(html|js)$/.test(f) && !f.includes('snippets'))) {
    for (const r of references(f, readFileSync(join(site, f), 'utf8'))) {
      const target = relative(site, join(site, dirname(f), r));
      assert.ok(files.includes(target), `${f} refers to ${r}, which the site does not hold`);
    }
  }
  // The service worker knows every file and this version.
  const sw = readFileSync(join(site, 'service-worker.js'), 'utf8');
  assert.match(sw, /^const VERSION = "[0-9a-f]{16}";$/m);
  for (const f of files.filter((f) => f !== 'service-worker.js')) assert.ok(sw.includes(`"${f}"`), `the worker does not keep ${f}`);
  // The manifest names icons that exist, at the sizes browsers ask for.
  const manifest = JSON.parse(readFileSync(join(site, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.display, 'standalone');
  for (const size of ['192x192', '512x512']) assert.ok(manifest.icons.some((i) => i.sizes === size && files.includes(i.src)), size);
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
});

test('served as GitHub Pages serves it, every page loads without an error, gets threads from the service worker, and solves', async () => {
  assert.ok(site, 'the workflow test assembled the site');
  b = await start({ isolation: false, root: site, serviceWorkers: 'allow' });
  const { page } = b;
  await openIsolated(page, b.url);
  const boardBytes = b.sent();
  await page.waitForFunction(() => document.documentElement.dataset.offline, null, { timeout: 120_000 });
  const version = readFileSync(join(site, 'service-worker.js'), 'utf8').match(/^const VERSION = "(.*)";$/m)[1];
  assert.equal(await page.evaluate(() => document.documentElement.dataset.offline), version);
  const firstVisit = b.sent();
  console.log(`first visit: ${(boardBytes / 1024).toFixed(0)} KiB sent until the board is ready with threads, `
    + `${(firstVisit / 1024).toFixed(0)} KiB until the whole site is kept offline`);
  assert.ok(Number(await page.textContent('#thread-count')) >= 2, 'threads on the published site');
  await solveLive(page, '4x4');
  await page.waitForFunction(() => /−8 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 30_000 });
  for (const path of PAGES.slice(1)) await openIsolated(page, b.url + path);
  assert.deepEqual(b.errors, []);
  // Chrome fetches the manifest's icons in the background; the one reload
  // that isolation takes can cut that fetch short, which it logs as a
  // warning (about one first visit in five here). Nothing else may warn.
  assert.deepEqual(b.warnings.filter((w) => !/icon from the Manifest/.test(w)), []);
});

test('with the network cut, the site reloads, plays and solves with threads', async () => {
  assert.ok(b, 'the site was visited');
  const { page } = b;
  await b.context.setOffline(true);
  try {
    const t0 = Date.now();
    await openIsolated(page, b.url);
    console.log(`offline reload: ${Date.now() - t0} ms until the board is ready with threads`);
    assert.ok(Number(await page.textContent('#thread-count')) >= 2, 'threads offline');
    await newGame(page, { black: 'human', white: 'beginner' });
    await page.locator('#board [data-square="f5"]').click();
    await page.waitForFunction(() => document.querySelector('#record').textContent.split(' ').length === 2, null, { timeout: 30_000 });
    await solveLive(page, '4x6');
    await page.waitForFunction(() => /\+16 for Black/.test(document.querySelector('#solve-result').textContent), null, { timeout: 60_000 });
    for (const path of PAGES.slice(1)) await openIsolated(page, b.url + path);
  } finally {
    await b.context.setOffline(false);
  }
  assert.deepEqual(b.errors, []);
});

test('a new version is fetched whole, offered by a bar, and replaces the old in one reload', async () => {
  assert.ok(b, 'the site was visited');
  const { page } = b;
  // Publish a new version: a changed page, and the worker's new stamp.
  const swFile = join(site, 'service-worker.js');
  const old = readFileSync(swFile, 'utf8').match(/^const VERSION = "(.*)";$/m)[1];
  const index = join(site, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head>\n  <meta name="test-version" content="new">'));
  writeFileSync(swFile, readFileSync(swFile, 'utf8').replace(`const VERSION = "${old}";`, 'const VERSION = "new-version";'));
  await openIsolated(page, b.url);
  await page.waitForSelector('#update-bar', { timeout: 60_000 });
  // Until the switch, the page is the old version's, whole.
  assert.equal(await page.locator('meta[name="test-version"]').count(), 0);
  assert.match(await page.textContent('#update-bar'), /A new version of Yomi is ready/);
  await Promise.all([page.waitForEvent('load'), page.click('#update-bar button')]);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  assert.equal(await page.locator('meta[name="test-version"]').count(), 1);
  assert.deepEqual(await page.evaluate(() => caches.keys()), ['yomi-new-version']);
  assert.equal(await page.locator('#update-bar').count(), 0);
  assert.deepEqual(b.errors, []);
});
