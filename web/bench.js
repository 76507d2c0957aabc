// The visitor's benchmark: exact FFO solves at 1, 2, … N threads (each
// thread count its own engine with a pool of that size, rounds alternating),
// paper 000's sweep on one thread and on all, and perft. A finished run of
// solves gives a link that shows it again (bench-share.js), and every run is
// set beside the machines this project measured (bench-machines.js).
import { Yomi } from './yomi.js';
import { count as big } from './format.js';
import { MACHINES } from './bench-machines.js';
import { runFragment, runFromFragment } from './bench-share.js';

const $ = (id) => document.getElementById(id);
const results = { browser: '', cores: null, isolated: null, threads: null, ffo: [], sweep: [], perft: [] };
let yomi;
let running = null; // { engine, cancelled }
let shared = null; // the run a link opened, shown until the visitor runs their own

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function showError(message) {
  $('error').textContent = message;
}

function browserName() {
  const brands = navigator.userAgentData?.brands?.filter((b) => !/not.?a.?brand/i.test(b.brand));
  if (brands?.length) return brands.map((b) => `${b.brand} ${b.version}`).join(', ');
  return navigator.userAgent;
}

// "1,2,4" or "1-4" → [1, 2, 4] / [1, 2, 3, 4]; every count 1 to 64.
function parseThreads(text) {
  const out = new Set();
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) throw new Error(`threads: '${part}' is not a number or a range like 1-4`);
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    if (a < 1 || b > 64 || a > b) throw new Error(`threads: '${part}' must be within 1 to 64`);
    for (let k = a; k <= b; k++) out.add(k);
  }
  if (out.size === 0) throw new Error('threads: give at least one thread count');
  return [...out].sort((x, y) => x - y);
}

function defaultThreads(n) {
  const counts = [1];
  for (let k = 2; k < n; k *= 2) counts.push(k);
  if (n > 1) counts.push(n);
  return counts.join(',');
}

function setRunning(form, on) {
  for (const f of ['ffo-form', 'sweep-form', 'perft']) $(f).querySelector('button[type=submit]').disabled = on;
  $(form).querySelector('.stop') && ($(form).querySelector('.stop').disabled = !on);
}

// ---- exact solves -------------------------------------------------------------

$('ffo-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  let counts;
  try {
    counts = parseThreads($('ffo-threads').value);
    if (!yomi.isolated && counts.some((k) => k > 1)) {
      throw new Error('threads: this page is not cross-origin isolated, so only 1 thread can run');
    }
  } catch (err) {
    showError(err.message);
    return;
  }
  showError('');
  const [lo, hi] = $('ffo-set').value.split('-').map(Number);
  const positions = (await yomi.ffoPositions()).filter((p) => p.number >= lo && p.number <= hi);
  const rounds = Math.max(1, Math.min(20, Number($('ffo-rounds').value) || 1));
  const rows = new Map(counts.map((k) => [k, { threads: k, seconds: [], nodes: [], right: 0, solved: 0 }]));
  shared = null;
  $('shared-note').hidden = true;
  results.ffo = [...rows.values()];
  results.ffoSolves = [];
  drawSolves();
  results.ffoSet = `FFO #${lo}-#${hi}`;
  drawFfo();
  setRunning('ffo-form', true);
  running = { engine: null, cancelled: false };
  const total = rounds * counts.length * positions.length;
  let done = 0;
  try {
    for (let round = 1; round <= rounds && !running.cancelled; round++) {
      for (const k of counts) {
        if (running.cancelled) break;
        $('ffo-status').textContent = `round ${round}: starting an engine with ${k} thread${k > 1 ? 's' : ''}…`;
        const engine = await Yomi.create({ threads: k });
        running.engine = engine;
        let seconds = 0;
        let nodes = 0;
        let finished = true;
        try {
          for (const p of positions) {
            $('ffo-status').textContent = `round ${round}, ${k} thread${k > 1 ? 's' : ''}: FFO #${p.number} (${p.empties} empties)`;
            const r = await engine.solve(p.position, { fresh: true });
            if (r.stopped || running.cancelled) {
              finished = false;
              break;
            }
            seconds += r.seconds;
            nodes += r.nodes;
            const row = rows.get(k);
            row.solved++;
            if (r.score === p.score) row.right++;
            results.ffoSolves.push({ round, threads: k, number: p.number, empties: p.empties, seconds: r.seconds,
              nodes: r.nodes, score: r.score, published: p.score });
            drawSolves();
            $('ffo-progress').value = ++done / total;
          }
        } finally {
          engine.terminate();
          running.engine = null;
        }
        if (!finished) break;
        rows.get(k).seconds.push(seconds);
        rows.get(k).nodes.push(nodes);
        drawFfo();
      }
    }
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    $('ffo-status').textContent = running.cancelled
      ? `Stopped: ${plural(results.ffoSolves.length, 'solve')} kept.`
      : `Done: ${plural(positions.length, 'position')} × ${plural(counts.length, 'thread count')} × ${plural(rounds, 'round')}.`;
  } catch (err) {
    showError(err.message);
  } finally {
    running = null;
    setRunning('ffo-form', false);
    drawFfo();
    offerLink();
  }
});

/** This page's run of solves in the form a link carries, or null before one has a whole round. */
function currentRun() {
  if (shared) return shared;
  const rows = results.ffo.filter((r) => r.seconds.length).map((r) => ({
    threads: r.threads, seconds: r.seconds, nodes: Math.round(median(r.nodes)), right: r.right, solved: r.solved,
  }));
  if (!rows.length) return null;
  return {
    set: results.ffoSet, browser: results.browser, cores: results.cores, isolated: results.isolated,
    date: new Date().toISOString().slice(0, 10), rows,
  };
}

/** Shows the link to the run just made, or hides it. */
function offerLink() {
  const run = currentRun();
  $('share').hidden = !run;
  if (run) $('share-link').value = `${location.origin}${location.pathname}${runFragment(run)}`;
}

/** Shows the run a link carries (if any) in the table and charts, without running it. */
function showShared() {
  let run;
  try {
    run = runFromFragment(location.hash);
  } catch (err) {
    $('shared-note').hidden = false;
    $('shared-note').classList.add('error');
    $('shared-note').textContent = err.message;
    return;
  }
  $('shared-note').classList.remove('error');
  $('shared-note').hidden = !run;
  if (!run) return;
  shared = run;
  results.ffoSet = run.set;
  results.ffo = run.rows.map((r) => ({ threads: r.threads, seconds: r.seconds, nodes: [r.nodes], right: r.right, solved: r.solved }));
  results.ffoSolves = [];
  $('shared-note').textContent = `A run shared by a link: ${run.set} on ${run.browser}, ${run.cores ?? 'unknown'} cores`
    + `${run.isolated ? '' : ' (not cross-origin isolated)'}, ${run.date}. It is shown as it was measured, not run again; `
    + 'run the benchmark to set this machine beside it.';
  $('share').hidden = true;
  drawSolves();
  drawFfo();
}
addEventListener('hashchange', showShared);

function ffoRows() {
  const one = results.ffo.find((r) => r.threads === 1 && r.seconds.length);
  return results.ffo.filter((r) => r.seconds.length).map((r) => {
    const best = Math.min(...r.seconds);
    const med = median(r.seconds);
    const nodes = Math.round(median(r.nodes));
    return {
      threads: r.threads,
      best, median: med, nodes,
      nodesPerSecond: nodes / best,
      speedupBest: one ? Math.min(...one.seconds) / best : null,
      speedupMedian: one ? median(one.seconds) / med : null,
      right: r.right, solved: r.solved, rounds: r.seconds.length,
    };
  });
}

// Below this many seconds a round on one thread, the pool's start-up and the
// machine's noise are a large share of each time: the speed-up is not worth reading.
const SHORTEST_READABLE = 2;

function drawFfo() {
  const body = $('ffo-table').tBodies[0];
  body.replaceChildren();
  const rows = ffoRows();
  const one = rows.find((r) => r.threads === 1);
  const short = one != null && one.best < SHORTEST_READABLE;
  $('ffo-short').hidden = !short;
  $('ffo-short').textContent = short
    ? `One thread took ${one.best.toFixed(2)} s a round: too short to read a speed-up from (start-up and noise are a large share). Choose a larger set, FFO #20–#39, for a figure to compare.`
    : '';
  for (const r of rows) {
    const tr = body.insertRow();
    tr.dataset.threads = r.threads;
    for (const v of [r.threads, r.best.toFixed(2), r.median.toFixed(2), big(r.nodes), big(r.nodesPerSecond),
      r.speedupBest == null ? '–' : `${r.speedupBest.toFixed(2)}× / ${r.speedupMedian.toFixed(2)}×`,
      `${r.right} of ${r.solved}`]) {
      tr.insertCell().textContent = v;
    }
  }
  // Speed-up bars, with the ideal (the thread count) as a dashed mark; axis
  // titles and a legend say which is which.
  const svg = $('ffo-chart');
  const max = Math.max(2, ...rows.map((r) => Math.max(r.threads, r.speedupBest ?? 0)));
  const [left, right, top, bottom] = [34, 330, 22, 118];
  const w = (right - left) / Math.max(rows.length, 1);
  const y = (v) => bottom - (v / max) * (bottom - top);
  let out = `<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" class="axis"/>`
    + `<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" class="axis"/>`
    + `<text x="10" y="${(top + bottom) / 2}" text-anchor="middle" transform="rotate(-90 10 ${(top + bottom) / 2})">speed-up (best)</text>`
    + `<text x="${(left + right) / 2}" y="146" text-anchor="middle">threads</text>`
    + `<rect x="${left + 4}" y="4" width="10" height="8" class="bar legend"/><text x="${left + 18}" y="11">measured speed-up</text>`
    + `<line x1="${left + 110}" x2="${left + 126}" y1="8" y2="8" class="ideal"/><text x="${left + 130}" y="11">ideal (= thread count)</text>`;
  for (let v = 0; v <= max; v += Math.max(1, Math.round(max / 4))) {
    out += `<text x="${left - 3}" y="${y(v) + 3}" text-anchor="end">${v}×</text>`;
  }
  out += rows.map((r, i) => {
    const h = bottom - y(r.speedupBest ?? 0);
    const x = left + i * w;
    return `<rect x="${x + w * 0.15}" y="${bottom - h}" width="${w * 0.7}" height="${h}" class="bar"><title>${r.threads} threads: ${(r.speedupBest ?? 0).toFixed(2)}×</title></rect>`
      + `<line x1="${x + w * 0.1}" x2="${x + w * 0.9}" y1="${y(r.threads)}" y2="${y(r.threads)}" class="ideal"/>`
      + `<text x="${x + w / 2}" y="${bottom + 11}" text-anchor="middle">${r.threads}</text>`
      + `<text x="${x + w / 2}" y="${bottom - h - 3}" text-anchor="middle">${(r.speedupBest ?? 0).toFixed(2)}×</text>`;
  }).join('');
  svg.innerHTML = out;
  drawCompare();
  exportResults();
}

// ---- beside the measured machines --------------------------------------------------

/** Speed-up of each row over the row at one thread (best against best), or null without one. */
function speedups(rows) {
  const one = rows.find((r) => r.threads === 1);
  return rows.map((r) => (one ? Math.min(...one.seconds) / Math.min(...r.seconds) : null));
}

function drawCompare() {
  const mine = currentRun();
  const runs = [
    ...(mine ? [{ label: shared ? 'The shared run' : 'This machine, now', cpu: shared ? '–' : `${mine.cores ?? '?'} cores`, ...mine, visitor: true }] : []),
    ...MACHINES.map((m) => ({ label: m.machine, ...m })),
  ];
  const body = $('compare-table').tBodies[0];
  body.replaceChildren();
  for (const run of runs) {
    const ups = speedups(run.rows);
    run.rows.forEach((r, k) => {
      const tr = body.insertRow();
      if (run.visitor) tr.className = 'visitor';
      const best = Math.min(...r.seconds);
      for (const v of [k === 0 ? run.label : '', k === 0 ? run.cpu : '', k === 0 ? run.browser : '', k === 0 ? run.set : '',
        r.threads, best.toFixed(2), median(r.seconds).toFixed(2), ups[k] == null ? '–' : `${ups[k].toFixed(2)}×`]) {
        tr.insertCell().textContent = v;
      }
    });
  }
  // Speed-up against threads, one line a run, the ideal dashed.
  const svg = $('compare-chart');
  const curves = runs.map((run) => ({ run, points: run.rows.map((r, k) => [r.threads, speedups(run.rows)[k]]).filter((p) => p[1] != null) }))
    .filter((c) => c.points.length);
  const maxT = Math.max(2, ...curves.flatMap((c) => c.points.map((p) => p[0])));
  const maxS = Math.max(2, ...curves.flatMap((c) => c.points.map((p) => p[1])));
  const [left, right, top, bottom] = [34, 330, 14, 118];
  const x = (t) => left + ((t - 1) / (maxT - 1)) * (right - left);
  const y = (v) => bottom - (v / maxS) * (bottom - top);
  let out = `<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" class="axis"/>`
    + `<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" class="axis"/>`
    + `<line x1="${x(1)}" y1="${y(1)}" x2="${x(Math.min(maxT, maxS))}" y2="${y(Math.min(maxT, maxS))}" class="ideal"/>`
    + `<text x="10" y="${(top + bottom) / 2}" text-anchor="middle" transform="rotate(-90 10 ${(top + bottom) / 2})">speed-up (best)</text>`
    + `<text x="${(left + right) / 2}" y="140" text-anchor="middle">threads</text>`;
  for (let v = 0; v <= maxS; v += Math.max(1, Math.round(maxS / 4))) out += `<text x="${left - 3}" y="${y(v) + 3}" text-anchor="end">${v}×</text>`;
  for (const t of new Set(curves.flatMap((c) => c.points.map((p) => p[0])))) {
    out += `<text x="${x(t)}" y="${bottom + 11}" text-anchor="middle">${t}</text>`;
  }
  curves.forEach(({ run, points }, k) => {
    const cls = `s${k % 4}`;
    out += `<polyline class="series ${cls}" points="${points.map(([t, v]) => `${x(t)},${y(v)}`).join(' ')}"/>`;
    out += points.map(([t, v]) => `<circle class="dot ${cls}" cx="${x(t)}" cy="${y(v)}" r="2.5"><title>${run.label}: ${t} threads, ${v.toFixed(2)}×</title></circle>`).join('');
    out += `<line class="series ${cls}" x1="${left + 4}" x2="${left + 18}" y1="${152 + (k % 2) * 10}" y2="${152 + (k % 2) * 10}" transform="translate(${Math.floor(k / 2) * 150} 0)"/>`
      + `<text x="${left + 22 + Math.floor(k / 2) * 150}" y="${155 + (k % 2) * 10}">${escapeXml(run.label)}</text>`;
  });
  svg.innerHTML = out;
}

const escapeXml = (text) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

function drawSolves() {
  const body = $('ffo-solves').tBodies[0];
  body.replaceChildren();
  for (const r of results.ffoSolves ?? []) {
    const tr = body.insertRow();
    for (const v of [r.round, r.threads, `#${r.number}`, r.empties, r.seconds.toFixed(2), big(r.nodes),
      `${r.score > 0 ? '+' : ''}${r.score} (${r.published > 0 ? '+' : ''}${r.published})`]) tr.insertCell().textContent = v;
  }
  $('ffo-solve-count').textContent = (results.ffoSolves ?? []).length;
  exportResults();
}

// ---- paper 000's sweep ------------------------------------------------------------

$('sweep-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const from = Number($('sweep-from').value);
  const to = Number($('sweep-to').value);
  const games = Number($('sweep-games').value);
  if (!(from >= 1 && to <= 9 && from <= to) || !(games >= 2 && games <= 1000)) {
    showError('sweep: X runs from 1 to 9 (from ≤ to), with 2 to 1000 games per setting');
    return;
  }
  showError('');
  setRunning('sweep-form', true);
  running = { engine: yomi, cancelled: false };
  results.sweep = [];
  const settings = [];
  for (let x = from; x <= to; x++) for (const mode of yomi.threads > 1 ? ['serial', 'ybw'] : ['serial']) settings.push([x, mode]);
  let done = 0;
  try {
    for (const [x, mode] of settings) {
      if (running.cancelled) break;
      const threads = mode === 'serial' ? 1 : yomi.threads;
      const row = { x, threads, games: 0, wins: 0, losses: 0, draws: 0, engineDiscs: 0, randomDiscs: 0, seconds: 0, nodes: 0 };
      results.sweep.push(row);
      const r = await yomi.sweep(x, games, {
        mode,
        onProgress: (p) => {
          Object.assign(row, p);
          $('sweep-progress').value = (done + p.games) / (settings.length * games);
          $('sweep-status').textContent = `X = ${x}, ${threads} thread${threads > 1 ? 's' : ''}: game ${p.games} of ${games}`;
          drawSweep();
        },
      });
      Object.assign(row, r.x ? r : {});
      done += games;
      drawSweep();
    }
    $('sweep-status').textContent = running.cancelled ? 'Stopped.' : 'Done.';
  } catch (err) {
    showError(err.message);
  } finally {
    running = null;
    setRunning('sweep-form', false);
  }
});

function drawSweep() {
  const body = $('sweep-table').tBodies[0];
  body.replaceChildren();
  for (const r of results.sweep) {
    const tr = body.insertRow();
    tr.dataset.x = r.x;
    tr.dataset.threads = r.threads;
    for (const v of [r.x, r.threads, r.wins, r.losses, r.draws, `${r.engineDiscs}–${r.randomDiscs}`, r.seconds.toFixed(1), big(r.nodes)]) {
      tr.insertCell().textContent = v;
    }
  }
  exportResults();
}

// ---- perft ------------------------------------------------------------------------

$('perft').addEventListener('submit', async (e) => {
  e.preventDefault();
  const depth = Number($('perft-depth').value);
  setRunning('perft', true);
  try {
    const one = await yomi.perft('8x8', 'othello', depth, false);
    addPerft(depth, 1, one, one.seconds);
    if (yomi.threads > 1) {
      const all = await yomi.perft('8x8', 'othello', depth, true);
      addPerft(depth, yomi.threads, all, one.seconds);
      if (all.count !== one.count) showError(`perft counts differ: ${one.count} and ${all.count}`);
    }
  } catch (err) {
    showError(err.message);
  } finally {
    setRunning('perft', false);
  }
});

function addPerft(depth, threads, { count, seconds }, oneSeconds) {
  const row = { depth, threads, count, seconds, leavesPerSecond: count / seconds, speedup: oneSeconds / seconds };
  results.perft.push(row);
  const tr = $('perft-results').tBodies[0].insertRow();
  tr.dataset.threads = threads;
  tr.dataset.count = count;
  for (const v of [depth, threads, count.toLocaleString('en'), seconds.toFixed(3), big(row.leavesPerSecond), `${row.speedup.toFixed(2)}×`]) {
    tr.insertCell().textContent = v;
  }
  exportResults();
}

// ---- export ------------------------------------------------------------------------

function exportJson() {
  return JSON.stringify({ ...results, ffo: ffoRows(), date: new Date().toISOString() }, null, 2);
}

function exportText() {
  const lines = [`Yomi benchmark, ${new Date().toISOString()}`,
    `browser: ${results.browser}`, `cores: ${results.cores}, cross-origin isolated: ${results.isolated}, pool: ${results.threads} threads`];
  const rows = ffoRows();
  if (rows.length) {
    lines.push('', `exact solves, ${results.ffoSet}`, 'threads  best s  median s  nodes  nodes/s  speed-up best/median  right');
    for (const r of rows) {
      lines.push(`${r.threads}  ${r.best.toFixed(2)}  ${r.median.toFixed(2)}  ${r.nodes}  ${Math.round(r.nodesPerSecond)}  `
        + `${r.speedupBest?.toFixed(2) ?? '-'} / ${r.speedupMedian?.toFixed(2) ?? '-'}  ${r.right}/${r.solved}`);
    }
  }
  if (results.ffoSolves?.length) {
    lines.push('', 'every finished solve', 'round  threads  FFO  empties  seconds  nodes  score (published)');
    for (const r of results.ffoSolves) {
      lines.push(`${r.round}  ${r.threads}  #${r.number}  ${r.empties}  ${r.seconds.toFixed(2)}  ${r.nodes}  ${r.score} (${r.published})`);
    }
  }
  if (results.sweep.length) {
    lines.push('', "paper 000's sweep", 'X  threads  wins  losses  draws  discs  seconds  nodes');
    for (const r of results.sweep) {
      lines.push(`${r.x}  ${r.threads}  ${r.wins}  ${r.losses}  ${r.draws}  ${r.engineDiscs}-${r.randomDiscs}  ${r.seconds.toFixed(1)}  ${r.nodes}`);
    }
  }
  if (results.perft.length) {
    lines.push('', 'perft 8x8', 'depth  threads  leaves  seconds  leaves/s  speed-up');
    for (const r of results.perft) {
      lines.push(`${r.depth}  ${r.threads}  ${r.count}  ${r.seconds.toFixed(3)}  ${Math.round(r.leavesPerSecond)}  ${r.speedup.toFixed(2)}`);
    }
  }
  return lines.join('\n');
}

function exportResults() {
  $('export').value = exportText();
}

async function copy(text, button) {
  $('export').value = text;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    $('export').select();
    button.textContent = 'Selected: press Ctrl+C';
  }
  setTimeout(() => (button.textContent = button.id === 'copy-json' ? 'Copy as JSON' : 'Copy as text'), 1500);
}
$('copy-text').addEventListener('click', (e) => copy(exportText(), e.target));
$('copy-link').addEventListener('click', async (e) => {
  try {
    await navigator.clipboard.writeText($('share-link').value);
    e.target.textContent = 'Copied';
  } catch {
    $('share-link').select();
    e.target.textContent = 'Selected: press Ctrl+C';
  }
  setTimeout(() => (e.target.textContent = 'Copy the link'), 1500);
});
$('copy-json').addEventListener('click', (e) => copy(exportJson(), e.target));

for (const b of document.querySelectorAll('.stop')) {
  b.addEventListener('click', () => {
    if (!running) return;
    running.cancelled = true;
    running.engine?.stop();
  });
}

(async () => {
  // A shared run needs no engine: it is shown at once.
  showShared();
  drawCompare();
  try {
    yomi = await Yomi.create();
    Object.assign(results, {
      browser: browserName(), cores: navigator.hardwareConcurrency ?? null, isolated: yomi.isolated, threads: yomi.threads,
    });
    if (shared) drawFfo();
    $('browser').textContent = results.browser;
    $('cores').textContent = results.cores ?? 'unknown';
    $('isolated').textContent = yomi.isolated ? 'yes' : 'no';
    $('engine-note').classList.toggle('ok', yomi.isolated);
    $('engine-note').textContent = yomi.isolated
      ? `Ready: up to ${yomi.threads} threads (one per core the browser reports).`
      : 'This page is not cross-origin isolated: only one thread can run here.';
    $('ffo-threads').value = yomi.isolated ? defaultThreads(yomi.threads) : '1';
    // Each set's empties from the positions themselves.
    const ffo = await yomi.ffoPositions();
    for (const o of $('ffo-set').options) {
      const [lo, hi] = o.value.split('-').map(Number);
      const e = ffo.filter((p) => p.number >= lo && p.number <= hi).map((p) => p.empties);
      o.textContent = `FFO #${lo}–#${hi}: ${e.length} positions, ${Math.min(...e)}–${Math.max(...e)} empties${hi >= 39 ? ' (minutes)' : ''}`;
    }
    for (const f of ['ffo-form', 'sweep-form', 'perft']) $(f).querySelector('button[type=submit]').disabled = false;
    exportResults();
    document.body.dataset.ready = 'true';
  } catch (e) {
    showError(e.message);
  }
})();
