// Score Four: play against the engine, with the four layers side by side and
// a rotatable 3-D drawing of the pegs, and paper 003's experiment on the
// visitor's machine. The page keeps the game (a start and a list of pegs);
// the engine's worker answers every question about it.
import { Yomi } from './yomi.js';
import { count, signed } from './format.js';

const $ = (id) => document.getElementById(id);
const PEGS = 'abcd';
const pegName = (peg) => `${PEGS[peg % 4]}${Math.floor(peg / 4) + 1}`;
const pegOf = (name) => PEGS.indexOf(name[0]) + 4 * (Number(name[1]) - 1);
const cellName = (c) => `${pegName(c % 16)}, height ${Math.floor(c / 16) + 1}`;
const PROVEN = 30000 - 64;

let yomi;
let levels = [];
// The game: where it started ('' is the empty board, else a position) and
// the pegs played; `future` holds undone pegs for Redo.
const game = { start: '', startStones: 0, moves: [], future: [] };
let state = null;
let busy = null; // 'engine' | 'hint' while a search runs
let rotation = 0;
let focusCell = 0;
let hintPeg = null;
let generation = 0; // a new game or a load makes older answers stale

const gameText = (moves = game.moves) => (game.start ? `${game.start};${moves.map(pegName).join('')}` : moves.map(pegName).join(''));
const playerOf = (colour) => $(`${colour}-player`).value;
const engineToMove = () => state && !state.winner && playerOf(state.toMove) !== 'human';

function showError(message) {
  $('error').textContent = message;
}

// ---- drawing -------------------------------------------------------------------

function buildLayers() {
  const root = $('layers');
  for (let z = 0; z < 4; z++) {
    const layer = document.createElement('div');
    layer.className = 'layer';
    const title = document.createElement('p');
    title.className = 'layer-title';
    title.textContent = `Layer ${z + 1}${z === 0 ? ' (bottom)' : z === 3 ? ' (top)' : ''}`;
    layer.append(title);
    const grid = document.createElement('div');
    grid.className = 'layer-grid';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', `Layer ${z + 1}`);
    for (let y = 3; y >= 0; y--) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'layer-row';
      const label = document.createElement('span');
      label.className = 'coord';
      label.textContent = y + 1;
      label.setAttribute('aria-hidden', 'true');
      row.append(label);
      for (let x = 0; x < 4; x++) {
        const c = x + 4 * y + 16 * z;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'cell';
        b.dataset.cell = c;
        b.setAttribute('role', 'gridcell');
        b.tabIndex = c === focusCell ? 0 : -1;
        b.addEventListener('click', () => dropOn(c % 16));
        b.addEventListener('focus', () => { focusCell = c; });
        row.append(b);
      }
      grid.append(row);
    }
    const cols = document.createElement('div');
    cols.className = 'layer-row coords';
    cols.setAttribute('aria-hidden', 'true');
    cols.innerHTML = '<span class="coord"></span>' + [...PEGS].map((l) => `<span class="coord">${l}</span>`).join('');
    grid.append(cols);
    layer.append(grid);
    root.append(layer);
  }
  root.addEventListener('keydown', onKey);
}

function onKey(e) {
  const x = focusCell % 4, y = Math.floor(focusCell / 4) % 4, z = Math.floor(focusCell / 16);
  const moves = {
    ArrowLeft: [-1, 0, 0], ArrowRight: [1, 0, 0], ArrowUp: [0, 1, 0], ArrowDown: [0, -1, 0],
    PageUp: [0, 0, 1], PageDown: [0, 0, -1],
  };
  if (moves[e.key]) {
    const [dx, dy, dz] = moves[e.key];
    const nx = Math.min(3, Math.max(0, x + dx)), ny = Math.min(3, Math.max(0, y + dy)), nz = Math.min(3, Math.max(0, z + dz));
    setFocus(nx + 4 * ny + 16 * nz);
    e.preventDefault();
  } else if (e.key === 'Enter' || e.key === ' ') {
    dropOn(focusCell % 16);
    e.preventDefault();
  }
}

function setFocus(c) {
  for (const b of document.querySelectorAll('#layers .cell')) b.tabIndex = -1;
  const b = document.querySelector(`#layers .cell[data-cell="${c}"]`);
  b.tabIndex = 0;
  b.focus();
  focusCell = c;
}

function drawLayers() {
  const legal = new Set(state.legal.map(pegOf));
  const line = new Set(state.line);
  const last = state.moveCells.at(-1);
  const human = !state.winner && !busy && !engineToMove();
  for (const b of document.querySelectorAll('#layers .cell')) {
    const c = Number(b.dataset.cell);
    const v = state.cells[c];
    const peg = c % 16;
    const dropCell = legal.has(peg) && (c < 16 || state.cells[c - 16] !== 0) && v === 0;
    b.className = 'cell' + (v === 1 ? ' black' : v === 2 ? ' white' : '')
      + (line.has(c) ? ' win' : '') + (c === last ? ' last' : '')
      + (dropCell && human ? ' drop' : '') + (dropCell && hintPeg === peg ? ' hinted' : '');
    const who = v === 1 ? 'black stone' : v === 2 ? 'white stone' : 'empty';
    b.setAttribute('aria-label', `${cellName(c)}: ${who}${c === last ? ', last move' : ''}${line.has(c) ? ', winning line' : ''}`
      + (dropCell && human ? ', a stone dropped here lands here' : ''));
    b.disabled = false;
    b.setAttribute('aria-disabled', String(!(human && legal.has(peg))));
  }
}

// The 3-D view: pegs on a base, seen from above at an angle, rotated in
// quarter turns; stones drawn back to front.
function project(x, y, z) {
  let [u, v] = [x - 1.5, y - 1.5];
  for (let r = 0; r < rotation; r++) [u, v] = [-v, u];
  return [160 + (u - v) * 30, 175 + (u + v) * 15 - z * 34];
}

function drawIso() {
  const svg = $('iso');
  const parts = [];
  const corner = [[-0.6, -0.6], [3.6, -0.6], [3.6, 3.6], [-0.6, 3.6]].map(([x, y]) => project(x, y, -0.35).join(','));
  parts.push(`<polygon class="base" points="${corner.join(' ')}"/>`);
  const depth = (x, y) => { const [, sy] = project(x, y, 0); return sy; };
  const pegs = [];
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) pegs.push([x, y]);
  pegs.sort((a, b) => depth(...a) - depth(...b));
  const line = new Set(state.line);
  const last = state.moveCells.at(-1);
  for (const [x, y] of pegs) {
    const [bx, by] = project(x, y, -0.3);
    const [tx, ty] = project(x, y, 3.55);
    parts.push(`<line class="peg" x1="${bx}" y1="${by}" x2="${tx}" y2="${ty}"/>`);
    const [lx, ly] = project(x, y, -0.55);
    parts.push(`<text class="peg-label" x="${lx}" y="${ly + 10}">${pegName(x + 4 * y)}</text>`);
    for (let z = 0; z < 4; z++) {
      const c = x + 4 * y + 16 * z;
      const v = state.cells[c];
      if (!v) continue;
      const [cx, cy] = project(x, y, z);
      const cls = (v === 1 ? 'black' : 'white') + (line.has(c) ? ' win' : '') + (c === last ? ' last' : '');
      parts.push(`<ellipse class="stone ${cls}" cx="${cx}" cy="${cy}" rx="13" ry="9"><title>${cellName(c)}</title></ellipse>`);
    }
  }
  if (state.line.length === 4) {
    const pts = state.line.map((c) => project(c % 4, Math.floor(c / 4) % 4, Math.floor(c / 16)).join(','));
    parts.push(`<polyline class="win-line" points="${pts.join(' ')}"/>`);
  }
  svg.innerHTML = parts.join('');
  $('iso-angle').textContent = rotation ? `, turned ${rotation * 90}°` : '';
  svg.setAttribute('aria-label', `3-D view: ${state.stones} stones; ${statusText()}`);
}

function statusText() {
  if (!state) return '';
  if (state.winner === 'draw') return 'Game over: a draw — the board is full.';
  if (state.winner) {
    const line = state.line.map((c) => `${pegName(c % 16)}:${Math.floor(c / 16) + 1}`).join(' ');
    return `Game over: ${state.winner === 'black' ? 'Black' : 'White'} wins with the line ${line} (peg:height).`;
  }
  const who = state.toMove === 'black' ? 'Black' : 'White';
  if (busy === 'engine') return `${who} (engine, ${playerOf(state.toMove)}) is thinking…`;
  return `${who} to move${playerOf(state.toMove) === 'human' ? '' : ' (engine)'}.`;
}

function draw() {
  drawLayers();
  drawIso();
  $('status').textContent = statusText();
  $('record').textContent = state.record || '(no moves yet)';
  $('position').textContent = state.position;
  $('undo').disabled = !!busy || game.moves.length === 0;
  $('redo').disabled = !!busy || game.future.length === 0;
  $('hint').disabled = !!busy || !!state.winner || engineToMove();
  $('stop').disabled = !busy;
  $('stop').textContent = busy === 'engine' ? 'Move now' : 'Stop';
  $('stop').title = busy === 'engine' ? 'The engine plays the best move it has found so far' : 'Stop the analysis';
}

// ---- playing -------------------------------------------------------------------

async function refresh() {
  const g = generation;
  const s = await yomi.fourState(gameText());
  if (g !== generation) return;
  state = s;
  draw();
  maybeEngine();
}

let updating = false; // a move is on its way to the engine and back

async function dropOn(peg) {
  if (!state || state.winner || busy || updating || engineToMove()) return;
  if (!state.legal.includes(pegName(peg))) {
    showError(`Peg ${pegName(peg)} is full.`);
    return;
  }
  showError('');
  hintPeg = null;
  $('hint-text').textContent = '';
  game.moves.push(peg);
  game.future = [];
  updating = true;
  try {
    await refresh();
  } finally {
    updating = false;
  }
}

function describe(r, colour) {
  const who = colour === 'black' ? 'Black' : 'White';
  if (r.result === 'win') return `${who} wins in ${r.plies} plies (proven)`;
  if (r.result === 'loss') return `${who === 'Black' ? 'White' : 'Black'} wins in ${r.plies} plies (proven)`;
  if (r.result === 'draw') return 'a draw with best play (proven)';
  if (r.score >= PROVEN) return `${who} wins (found with pruning)`;
  if (r.score <= -PROVEN) return `${who === 'Black' ? 'White' : 'Black'} wins (found with pruning)`;
  return `${signed(r.score, 0)} points for ${who}`;
}

function thinkingLine(r, colour) {
  return `depth ${r.depth}: ${r.best ?? '–'}, ${describe(r, colour)}; line ${r.pv.join(' ') || '–'}; `
    // A search of a few milliseconds has no rate worth a number.
    + `${count(r.nodes)} nodes${r.seconds >= 0.05 && r.nodes > 0 ? `, ${count(r.nodesPerSecond)} nodes/s` : ''}`;
}

async function maybeEngine() {
  if (!engineToMove() || busy) return;
  const g = generation;
  const colour = state.toMove;
  busy = 'engine';
  draw();
  try {
    const r = await yomi.fourSearch(gameText(), {
      level: playerOf(colour), eval: $('evaluation').value,
      onProgress: (p) => { if (g === generation) $('thinking').textContent = thinkingLine(p, colour); },
    });
    if (g !== generation) return;
    $('thinking').textContent = (r.stopped ? 'Moved now, with the last finished search: ' : '') + thinkingLine(r, colour);
    busy = null;
    if (r.best) {
      game.moves.push(pegOf(r.best));
      game.future = [];
    }
    await refresh();
  } catch (e) {
    if (g !== generation) return;
    busy = null;
    showError(e.message);
    draw();
  }
}

async function hint() {
  if (busy || !state || state.winner) return;
  const g = generation;
  const colour = state.toMove;
  busy = 'hint';
  draw();
  $('hint-text').textContent = 'Analysing…';
  try {
    const r = await yomi.fourSearch(gameText(), { level: 'hard', eval: $('evaluation').value, allMoves: true });
    if (g !== generation) return;
    hintPeg = r.best ? pegOf(r.best) : null;
    const all = r.moves.map(([p, v]) => `${p} ${Math.abs(v) >= PROVEN ? (v > 0 ? 'wins' : 'loses') : signed(v, 0)}`).join(', ');
    $('hint-text').textContent = `${r.stopped ? 'Stopped. ' : ''}Hint at depth ${r.depth}: ${r.best} (${describe(r, colour)}). Every peg: ${all}.`;
  } catch (e) {
    if (g === generation) showError(e.message);
  } finally {
    if (g === generation) {
      busy = null;
      draw();
    }
  }
}

async function stop() {
  if (busy) await yomi.stop();
}

async function undo() {
  if (busy || game.moves.length === 0) return;
  // Back to the last position where a human was to move.
  const toMove = () => ((game.startStones + game.moves.length) % 2 === 0 ? 'black' : 'white');
  do {
    game.future.push(game.moves.pop());
  } while (game.moves.length > 0 && playerOf(toMove()) !== 'human');
  hintPeg = null;
  $('hint-text').textContent = '';
  generation++;
  const s = await yomi.fourState(gameText());
  state = s;
  draw();
}

async function redo() {
  if (busy || game.future.length === 0) return;
  game.moves.push(game.future.pop());
  await refresh();
}

async function newGame(e) {
  e?.preventDefault();
  if (busy) await stop();
  generation++;
  busy = null;
  game.start = '';
  game.startStones = 0;
  game.moves = [];
  game.future = [];
  hintPeg = null;
  $('thinking').textContent = '';
  $('hint-text').textContent = '';
  showError('');
  await refresh();
}

async function load(e) {
  e.preventDefault();
  const text = $('load-text').value.trim();
  try {
    const s = await yomi.fourState(text);
    if (busy) await stop();
    generation++;
    busy = null;
    // A position keeps its text as the start; a record its pegs.
    const isRecord = !/[xXoO-]{17,}/.test(text);
    game.start = isRecord ? '' : text.split(';')[0].trim();
    game.moves = s.moves.map(pegOf);
    game.startStones = s.stones - s.moves.length;
    game.future = [];
    showError('');
    $('thinking').textContent = '';
    await refresh();
  } catch (err) {
    showError(err.message);
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard access the text stays selectable in the page.
  }
}

// ---- the experiment ------------------------------------------------------------

const PAPER = { 2: '99 %, 3.0×', 1: '81 %, 40×' };
let experimentRunning = false;

/** Fills the table and the chart with the rows so far. */
function showExperiment(table) {
  $('exp-chart').innerHTML = table.svg;
  const body = $('exp-table').tBodies[0];
  body.replaceChildren();
  for (const r of table.rows) {
    const tr = body.insertRow();
    tr.dataset.configuration = r.configuration;
    tr.dataset.hitRate = r.hitRate;
    tr.dataset.speedup = r.speedup;
    for (const v of [r.configuration === 'paper' ? "Paper 003's" : "Yomi's", r.search === 'paper' ? "Paper 003's α-β" : "Yomi's", `${r.margin}σ`,
      r.positions, `${(r.hitRate * 100).toFixed(1)} %`, `${r.speedup.toFixed(2)}×`, count(r.plainNodes), count(r.prunedNodes),
      PAPER[r.margin] ?? '']) {
      tr.insertCell().textContent = v;
    }
  }
}

async function runExperiment(e) {
  e.preventDefault();
  if (experimentRunning || busy) return;
  const margins = $('exp-margins').value.split(',').map((s) => Number(s.trim()));
  if (!margins.length || margins.some((m) => !(m > 0))) {
    $('exp-status').textContent = 'Margins must be positive numbers of σ, separated by commas.';
    return;
  }
  const positions = Number($('exp-positions').value);
  const depth = Number($('exp-depth').value);
  experimentRunning = true;
  $('exp-stop').disabled = false;
  $('exp-status').textContent = 'Running…';
  $('exp-progress').value = 0;
  const t0 = performance.now();
  try {
    const table = await yomi.fourExperiment({
      search: $('exp-search').value, positions, depth, margins,
      onProgress: (done, total, soFar) => {
        $('exp-progress').value = done / total;
        $('exp-status').textContent = `${done} of ${total} positions, ${((performance.now() - t0) / 1000).toFixed(1)} s`;
        showExperiment(soFar);
      },
    });
    showExperiment(table);
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    $('exp-status').textContent = table.stopped
      ? `Stopped after ${secs} s: the table has the ${table.positions} positions finished before the stop.`
      : `Done in ${secs} s.`;
  } catch (err) {
    $('exp-status').textContent = /stopped/.test(err.message) ? 'Stopped.' : err.message;
  } finally {
    experimentRunning = false;
    $('exp-stop').disabled = true;
  }
}

// ---- start ---------------------------------------------------------------------

(async () => {
  try {
    yomi = await Yomi.create();
    $('engine-note').textContent = yomi.isolated
      ? `The engine runs on ${yomi.threads} thread${yomi.threads === 1 ? '' : 's'} of this machine.`
      : 'This page is not cross-origin isolated, so the engine runs on one thread (stopping restarts it).';
    $('engine-note').dataset.isolated = yomi.isolated;
    levels = await yomi.fourLevels();
    for (const id of ['black-player', 'white-player']) {
      $(id).add(new Option('Human', 'human'));
      levels.forEach((l, i) => $(id).add(new Option(
        `Engine: ${l.name} (${i + 1}) — depth ${l.depth}${l.seconds ? `, ≤ ${l.seconds} s` : ''}`, l.name)));
    }
    $('black-player').value = 'human';
    $('white-player').value = 'medium';
    buildLayers();
    $('setup').addEventListener('submit', newGame);
    $('load').addEventListener('submit', load);
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('hint').addEventListener('click', hint);
    $('stop').addEventListener('click', stop);
    $('copy').addEventListener('click', () => copy(state?.record ?? ''));
    $('copy-position').addEventListener('click', () => copy(state?.position ?? ''));
    $('rotate-left').addEventListener('click', () => { rotation = (rotation + 3) % 4; drawIso(); });
    $('rotate-right').addEventListener('click', () => { rotation = (rotation + 1) % 4; drawIso(); });
    $('exp-form').addEventListener('submit', runExperiment);
    $('exp-stop').addEventListener('click', () => yomi.stop());
    for (const id of ['black-player', 'white-player']) $(id).addEventListener('change', () => { if (state) { draw(); maybeEngine(); } });
    document.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'z') { undo(); e.preventDefault(); }
      if ((e.ctrlKey || e.metaKey) && e.key === 'y') { redo(); e.preventDefault(); }
    });
    await refresh();
    document.body.dataset.ready = 'true';
  } catch (e) {
    showError(e.message);
    $('engine-note').textContent = e.message;
  }
})();
