// The npm package for page authors, as an author gets it: the tarball
// `bash web/pack.sh` makes (tests/run.sh runs it) is installed into an empty
// folder beside a plain HTML page that uses <yomi-board> and the promise
// API, served with and without the isolation headers, in real Chromium.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from './browser.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const NPM = join(ROOT, 'target/npm');
// FFO #1: 14 empties, its best move's exact score from the published file.
const FFO1 = readFileSync(join(ROOT, 'engine/data/ffo/fforum-1-19.obf'), 'utf8').split('\n')[0];
const FFO1_SCORE = Math.max(...[...FFO1.matchAll(/[A-H][1-8]:([+-]\d+)/g)].map((m) => Number(m[1])));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An author's page</title>
<script type="importmap">{ "imports": { "yomi-othello/": "./node_modules/yomi-othello/" } }</script>
<script type="module" src="node_modules/yomi-othello/yomi-board.js"></script>
<script type="module">
  import { Yomi } from 'yomi-othello/yomi.js';
  window.results = (async () => {
    const yomi = await Yomi.create();
    const small = await yomi.state({ origin: { board: '4x4', start: 'othello' } });
    const four = await yomi.solve(small.position, { scoring: 'paper' });
    const ffo = await yomi.solve(${JSON.stringify(FFO1.split(';')[0])});
    const bad = await yomi.solve('XXQ').then(() => null, (e) => e.message);
    // The explorer the package carries: what tournament players played after f5 d6 c3 d3 c4.
    const loaded = await yomi.loadExplorer('pkg/explorer.yex');
    const tiger = (await yomi.state({ origin: { board: '8x8', start: 'othello' }, moves: ['f5', 'd6', 'c3', 'd3', 'c4'] })).explorer;
    return { isolated: yomi.isolated, threads: yomi.threads, four: four.score, ffo: ffo.score, bad, loaded, tiger };
  })();
</script></head>
<body data-ready="true"><yomi-board id="board" board="4x4" start="othello" scoring="paper" analyse></yomi-board></body></html>
`;

let folder = null;
after(() => folder && rmSync(folder, { recursive: true, force: true }));

test('the package installs into an empty folder with npm', () => {
  const tarballs = readdirSync(NPM).filter((f) => /^yomi-othello-.*\.tgz$/.test(f));
  assert.equal(tarballs.length, 1, 'bash web/pack.sh made one tarball');
  folder = mkdtempSync(join(tmpdir(), 'yomi-author-'));
  writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(NPM, tarballs[0])], { cwd: folder });
  const installed = JSON.parse(readFileSync(join(folder, 'node_modules/yomi-othello/package.json'), 'utf8'));
  assert.equal(installed.exports['./yomi.js'], './yomi.js');
  assert.equal(installed.exports['./yomi-board.js'], './yomi-board.js');
  const files = readdirSync(join(folder, 'node_modules/yomi-othello'), { recursive: true });
  for (const f of ['engine-worker.js', 'pkg/yomi_bg.wasm', 'pkg-single/yomi_bg.wasm', 'pkg/book.ybk', 'pkg/explorer.yex', 'pkg/evaluation.ywp', 'pkg/evaluation-probcut.txt', 'README.md', 'LICENSE']) {
    assert.ok(files.includes(f), `the package lacks ${f}`);
  }
  writeFileSync(join(folder, 'index.html'), PAGE);
});

for (const isolation of [true, false]) {
  test(`an author's plain page solves a 4x4 and an 8x8 endgame ${isolation ? 'with threads' : 'without isolation, on one thread'}`, async () => {
    assert.ok(folder, 'the package was installed');
    const b = await start({ isolation, root: folder });
    try {
      await b.page.goto(b.url);
      const r = await b.page.evaluate(() => window.results);
      assert.equal(r.isolated, isolation);
      if (isolation) assert.ok(r.threads >= 2, `threads: ${r.threads}`);
      else assert.equal(r.threads, 1);
      assert.equal(r.four, -8, '4x4 Othello under the paper rule');
      assert.equal(r.ffo, FFO1_SCORE, 'FFO #1');
      assert.match(r.bad, /squares|length|character/);
      assert.equal(r.loaded.games, 131212);
      assert.equal(r.tiger.moves[0].move, 'f4');
      assert.equal(r.tiger.moves[0].opening, 'Tiger');
      assert.ok(r.tiger.games > 40_000, `${r.tiger.games} games`);
      // The element: four first moves, each with its value.
      await b.page.waitForFunction(() => document.querySelector('#board').values?.length === 4, null, { timeout: 60_000 });
      assert.deepEqual(b.errors, []);
    } finally {
      await b.close();
    }
  });
}
