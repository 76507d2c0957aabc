// `yomi analyse --svg`: the graph it writes, opened in real Chromium as a
// report or a page would show it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from './browser.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'yomi-analyse-'));
const sessions = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

// The command line `cargo test` built; built here if it is missing.
function yomi() {
  const bin = join(ROOT, 'target/debug/yomi');
  if (!existsSync(bin)) execFileSync('cargo', ['build', '--bin', 'yomi'], { cwd: ROOT, stdio: 'inherit' });
  return bin;
}

test('the analysis graph opens in the browser with the score line and every mistake marked', async () => {
  const svg = join(dir, 'game.svg');
  // A 4x4 game to its end, every move exact, the lowest square each time.
  const out = execFileSync(yomi(), ['analyse', '--board', '4x4', '--moves', 'b1a1a2c1d1a3a4d2d3b4c4d4', '--exact', '16', '--json', '--svg', svg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const review = JSON.parse(out);
  const mistakes = review.moves.filter((m) => m.mistake);
  assert.ok(mistakes.length > 0, 'the lowest square every time makes mistakes');

  const b = await start();
  sessions.push(b);
  await b.page.goto(`file://${svg}`);
  const seen = await b.page.evaluate(() => {
    const root = document.documentElement;
    const line = root.querySelector('polyline.score');
    const box = line.getBBox();
    const view = root.viewBox.baseVal;
    return {
      tag: root.tagName,
      title: root.querySelector('title').textContent,
      points: line.points.numberOfItems,
      inside: box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height,
      drawn: root.getBoundingClientRect().width,
      dots: [...root.querySelectorAll('circle.mistake')].map((c) => c.querySelector('title').textContent),
    };
  });
  assert.equal(seen.tag, 'svg');
  assert.match(seen.title, /b1a1a2c1d1a3a4d2d3b4c4d4/);
  assert.equal(seen.points, review.moves.length);
  assert.ok(seen.inside, 'the line stays inside the graph');
  assert.equal(seen.drawn, 640);
  assert.deepEqual(seen.dots, mistakes.map((m) => `${m.number} ${m.player === 'black' ? 'Black' : 'White'}: ${m.played} lost ${m.loss.toFixed(1)} (best ${m.best})`));
  assert.deepEqual(b.errors, []);
});
