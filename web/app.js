// The app: play against the engine or another person, analyse, edit and
// solve positions. The page keeps the game (its origin and moves); the
// engine (yomi.js, in a worker) answers questions about it.
import { Yomi } from './yomi.js';
import { BoardView, BOARD_CSS } from './board-view.js';
import { signed as fmt, count as big } from './format.js';

const $ = (id) => document.getElementById(id);
document.head.append(Object.assign(document.createElement('style'), { textContent: BOARD_CSS }));
let yomi;

// The game: where it started, the moves since (squares and 'pass'), the
// moves undone (for redo), and what the engine said of each ply.
const game = {
  origin: { board: '8x8', start: 'othello' },
  moves: [],
  redo: [],
  scoring: 'world',
  players: { black: 'human', white: 'hard' },
  evals: [], // ply → Black's score by the engine, if known
  discs: [], // ply → Black's discs less White's, for the plies seen
};
let state = null;
let generation = 0; // bumped whenever the game changes: late answers are dropped
let busy = false; // the engine is thinking, analysing or solving for the page
let lastSolve = null;
let editing = null;

const board = new BoardView($('board'), {
  onSquare: (name) => (editing ? editSquare(name) : humanPlay(name)),
  selectable: (name) => editing != null || (humanToMove() && state?.legal.includes(name)),
});
const diagram = new BoardView($('diagram'), { selectable: () => false });

function showError(message) {
  $('error').textContent = message;
}

function humanToMove() {
  return state && state.status === 'move' && game.players[state.toMove] === 'human';
}


// ---- the game -------------------------------------------------------------

// `fresh`: a new game or position, so the graph's history starts over.
async function setGame(next, { keepRedo = false, fresh = false } = {}) {
  // Stop the engine first: the worker answers in order, so a state request
  // would wait behind a running search.
  generation++;
  await cancelWork();
  let s;
  try {
    s = await yomi.state(next);
  } catch (e) {
    // A bad position or move: the game stays as it was, and goes on.
    render();
    continueGame();
    throw e;
  }
  Object.assign(game, next);
  if (!keepRedo) game.redo = [];
  if (fresh) {
    game.evals = [];
    game.discs = [];
  }
  game.evals.length = Math.min(game.evals.length, game.moves.length + 1);
  game.discs.length = game.moves.length + 1;
  game.discs[game.moves.length] = s.black - s.white;
  state = s;
  showError('');
  render();
  continueGame();
}

async function cancelWork() {
  if (busy) {
    busy = false;
    await yomi.stop();
  }
}

function render({ hints = new Map(), best = new Set() } = {}) {
  const last = [...game.moves].reverse().find((m) => m !== 'pass') ?? null;
  board.draw(state, { hints, best, last, interactive: !editing });
  $('black-count').textContent = state.black;
  $('white-count').textContent = state.white;
  $('record').textContent = state.record;
  $('position').textContent = state.position;
  $('undo').disabled = game.moves.length === 0;
  $('redo').disabled = game.redo.length === 0;
  $('status').textContent = statusText();
  drawGraph();
}

function statusText() {
  const side = state.toMove === 'black' ? 'Black' : 'White';
  if (state.status === 'over') {
    const score = game.scoring === 'paper' ? state.scorePaper : state.scoreWorld;
    const rule = game.scoring === 'paper' ? 'paper 001 scoring' : 'world scoring';
    const counts = `${state.black}–${state.white}, ${rule}`;
    if (score === 0) return `Game over: a draw (${counts}).`;
    return `Game over: ${score > 0 ? 'Black' : 'White'} wins by ${Math.abs(score)} (${counts}).`;
  }
  const who = game.players[state.toMove] === 'human' ? '' : ` (the engine, ${game.players[state.toMove]})`;
  return state.status === 'pass' ? `${side} must pass.` : `${side} to move${who}.`;
}

function continueGame() {
  const gen = generation;
  if (state.status === 'over') {
    $('pass-note').textContent = '';
    return;
  }
  if (state.status === 'pass') {
    const side = state.toMove === 'black' ? 'Black' : 'White';
    setTimeout(() => {
      if (gen !== generation) return;
      $('pass-note').textContent = `${side} has no legal move and passes.`;
      playMove('pass', { note: true });
    }, 300);
    return;
  }
  if (game.players[state.toMove] !== 'human') think(gen);
  else if ($('hints').checked) showHints(gen);
}

async function playMove(move, { note = false } = {}) {
  const next = { ...game, moves: [...game.moves, move] };
  const redo = game.redo.at(-1) === move ? game.redo.slice(0, -1) : [];
  if (!note) $('pass-note').textContent = '';
  await setGame(next);
  game.redo = redo;
  $('redo').disabled = redo.length === 0;
}

async function humanPlay(square) {
  if (!humanToMove() || !state.legal.includes(square)) return;
  try {
    await playMove(square);
  } catch (e) {
    showError(e.message);
  }
}

// The engine's move: a search at its level, progress shown as it thinks.
async function think(gen) {
  busy = true;
  $('stop').disabled = false;
  const level = game.players[state.toMove];
  const sign = state.toMove === 'black' ? 1 : -1;
  const ply = game.moves.length;
  try {
    const r = await yomi.search(state.position, {
      board: state.board, level, scoring: game.scoring,
      onProgress: (p) => gen === generation && showThinking(p),
    });
    if (gen !== generation) return;
    busy = false;
    $('stop').disabled = true;
    showThinking(r);
    if (r.best == null) return;
    game.evals[ply] = sign * r.score;
    await playMove(r.best, { note: r.best === 'pass' });
  } catch (e) {
    if (gen === generation) showError(e.message);
  }
}

function showThinking(r) {
  const kind = r.kind === 'exact' ? 'exact' : r.kind === 'wld' ? 'win/draw/loss' : `depth ${r.depth}`;
  $('thinking').textContent = `${kind} · ${fmt(r.score)} · ${r.pv.join(' ')} · ${big(r.nodes)} nodes · `
    + `${big(r.nodesPerSecond)} nodes/s · ${r.seconds.toFixed(1)} s${r.stopped ? ' · stopped' : ''}`;
}

// Every legal move's score for the human to move.
async function showHints(gen) {
  busy = true;
  const sign = state.toMove === 'black' ? 1 : -1;
  const ply = game.moves.length;
  const draw = (r) => {
    if (gen !== generation || !r?.moves?.length) return;
    const digits = r.kind === 'midgame' ? 1 : 0;
    const hints = new Map(r.moves.map(([sq, v]) => [sq, fmt(v, digits)]));
    const top = r.moves[0][1];
    render({ hints, best: new Set(r.moves.filter(([, v]) => v === top).map(([sq]) => sq)) });
    showThinking(r);
  };
  try {
    const r = await yomi.analyse(state.position, {
      board: state.board, level: $('hint-level').value, scoring: game.scoring, onProgress: draw,
    });
    if (gen !== generation) return;
    busy = false;
    draw(r);
    if (r.moves?.length) game.evals[ply] = sign * r.moves[0][1];
    drawGraph();
  } catch (e) {
    if (gen === generation) showError(e.message);
  }
}

function drawGraph() {
  const svg = $('graph');
  const n = Math.max(game.moves.length, 1);
  const limit = state.rows * state.cols;
  const x = (i) => (i / n) * 296 + 2;
  const y = (v) => 50 - (Math.max(-limit, Math.min(limit, v)) / limit) * 46;
  // The page keeps only the current state, so the disc line has the
  // plies that were on the board (all of them, in a game played here).
  const discs = [];
  game.discs.forEach((v, i) => v != null && discs.push(`${x(i)},${y(v)}`));
  const evals = [];
  game.evals.forEach((v, i) => v != null && evals.push(`${x(i)},${y(v)}`));
  svg.innerHTML = `<line x1="0" y1="50" x2="300" y2="50" class="axis"/>`
    + `<polyline points="${discs.join(' ')}" class="discs"/>`
    + `<polyline points="${evals.join(' ')}" class="evals"/>`;
}

// ---- setup, undo, redo, load, copy, edit ------------------------------------

$('setup').addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    game.scoring = $('scoring').value;
    game.players = { black: $('black-player').value, white: $('white-player').value };
    await setGame({ ...game, origin: { board: $('board-size').value, start: $('start').value }, moves: [] }, { fresh: true });
  } catch (err) {
    showError(err.message);
  }
});

for (const id of ['black-player', 'white-player']) {
  $(id).addEventListener('change', async () => {
    game.players = { black: $('black-player').value, white: $('white-player').value };
    generation++;
    await cancelWork();
    render();
    continueGame();
  });
}
$('scoring').addEventListener('change', () => {
  game.scoring = $('scoring').value;
  render();
});
$('hints').addEventListener('change', async () => {
  generation++;
  await cancelWork();
  render();
  continueGame();
});
$('hint-level').addEventListener('change', () => $('hints').checked && $('hints').dispatchEvent(new Event('change')));

// Undo goes back to the last position a person chose a move in (the
// engine's replies and forced passes are taken back with it).
async function undo() {
  if (game.moves.length === 0) return;
  const moves = [...game.moves];
  const redo = [...game.redo];
  do {
    redo.push(moves.pop());
  } while (moves.length && (redo.at(-1) === 'pass' || !isHumanAfter(moves)));
  await setGame({ ...game, moves }, { keepRedo: true });
  game.redo = redo;
  render();
}

// Whether the side to move after `moves` is a person (by parity of the
// plies: passes are explicit moves in the list, so colours alternate).
function isHumanAfter(moves) {
  if (game.players.black !== 'human' && game.players.white !== 'human') return true;
  const firstBlack = game.origin.position == null || /\s[Xx*]\s*$/.test(game.origin.position);
  const black = (moves.length % 2 === 0) === firstBlack;
  return game.players[black ? 'black' : 'white'] === 'human';
}

async function redo() {
  if (game.redo.length === 0) return;
  const redo = [...game.redo];
  const move = redo.pop();
  await setGame({ ...game, moves: [...game.moves, move] }, { keepRedo: true });
  game.redo = redo;
  render();
}

$('undo').addEventListener('click', () => undo().catch((e) => showError(e.message)));
$('redo').addEventListener('click', () => redo().catch((e) => showError(e.message)));
$('stop').addEventListener('click', () => yomi.stop());
document.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.target.matches('input, textarea, select')) return;
  if (e.key === 'z') { e.preventDefault(); undo(); }
  if (e.key === 'y') { e.preventDefault(); redo(); }
});

$('load').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = $('load-text').value.trim();
  // A position string has a space before its side to move; a record has
  // only squares (and passes).
  const isPosition = /\s[XxOo*]\s*(;|$)/.test(text);
  // The length names the board for 4×4, 6×6 and 8×8; others need the menu's.
  const squares = text.split(/\s/)[0].length;
  const board = $('board-size').value;
  try {
    if (!text) throw new Error('nothing to load: paste a record or a position string');
    const next = isPosition
      ? { origin: { position: text, board: [16, 36, 64].includes(squares) ? null : board }, moves: [] }
      : { origin: { board, start: $('start').value }, moves: splitRecord(text) };
    await setGame({ ...game, ...next }, { fresh: true });
  } catch (err) {
    showError(err.message);
  }
});

// "f5d6 c3, pass" → ['f5', 'd6', 'c3', 'pass']; anything else is kept as
// written so the engine can say what is wrong with it.
function splitRecord(text) {
  const moves = [];
  const re = /\s*[,-]?\s*(pass|pa|[a-p](?:1[0-6]|[1-9]))/iy;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) {
      const rest = text.slice(at).trim();
      if (rest) throw new Error(`character ${at + 1} of the record ('${rest[0]}') is not a move: expected a square like f5, or pass`);
      break;
    }
    moves.push(/^pa(ss)?$/i.test(m[1]) ? 'pass' : m[1].toLowerCase());
    at = re.lastIndex;
  }
  return moves;
}

for (const b of document.querySelectorAll('.copy')) {
  b.addEventListener('click', async () => {
    const text = $(b.dataset.copy).textContent;
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = 'Copied';
    } catch {
      getSelection().selectAllChildren($(b.dataset.copy));
      b.textContent = 'Selected: press Ctrl+C';
    }
    setTimeout(() => (b.textContent = 'Copy'), 1500);
  });
}

$('edit').addEventListener('click', async () => {
  generation++;
  await cancelWork();
  editing = { cells: [...state.cells], side: state.toMove === 'white' ? 'O' : 'X' };
  $('edit-side').value = editing.side;
  $('editor').hidden = false;
  $('edit').disabled = true;
  drawEditor();
});

function drawEditor() {
  board.draw({ ...state, cells: editing.cells, legal: [], status: 'over' }, { interactive: false });
  $('status').textContent = 'Editing the position.';
}

function editSquare(name) {
  const i = [...$('board').children].findIndex((b) => b.dataset.square === name);
  editing.cells[i] = (editing.cells[i] + 1) % 3;
  drawEditor();
}

function endEditing() {
  editing = null;
  $('editor').hidden = true;
  $('edit').disabled = false;
}

$('edit-clear').addEventListener('click', () => {
  editing.cells.fill(0);
  drawEditor();
});
$('edit-cancel').addEventListener('click', () => {
  endEditing();
  render();
  continueGame();
});
$('edit-done').addEventListener('click', async () => {
  const text = editing.cells.map((c) => '-XO'[c]).join('') + ' ' + $('edit-side').value;
  const next = { origin: { position: text, board: state.board }, moves: [] };
  endEditing();
  try {
    await setGame({ ...game, ...next }, { fresh: true });
  } catch (err) {
    render();
    showError(err.message);
  }
});

// ---- solve ------------------------------------------------------------------

$('solve').addEventListener('submit', (e) => {
  e.preventDefault();
  solveCurrent();
});
$('solve-stop').addEventListener('click', () => yomi.stop());

async function solveCurrent() {
  generation++;
  await cancelWork();
  const gen = generation;
  const solved = { ...state };
  const wld = $('solve-kind').value === 'wld';
  const allMoves = $('solve-all').checked;
  busy = true;
  $('solve-stop').disabled = false;
  $('solve').querySelector('button[type=submit]').disabled = true;
  const bar = $('solve-progress');
  bar.removeAttribute('value'); // indeterminate until a move is done
  const t0 = performance.now();
  const tick = setInterval(() => {
    $('solve-stats').textContent = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  }, 200);
  try {
    const r = await yomi.solve(solved.position, {
      board: solved.board, scoring: game.scoring, wld, allMoves,
      onProgress: (p) => {
        bar.max = p.total;
        bar.value = p.done;
        $('solve-stats').textContent = `${p.done} of ${p.total} moves · ${p.seconds.toFixed(1)} s · `
          + `${big(p.nodes / Math.max(p.seconds, 1e-3))} nodes/s`;
      },
    });
    busy = false;
    bar.max = 1;
    bar.value = r.stopped ? 0 : 1;
    $('solve-stats').textContent = `${r.seconds.toFixed(2)} s · ${big(r.nodes)} nodes · `
      + `${big(r.nodesPerSecond)} nodes/s${r.stopped ? ' · stopped' : ''}`;
    showSolution(solved, r, wld);
  } catch (e) {
    busy = false;
    showError(e.message);
  } finally {
    clearInterval(tick);
    $('solve-stop').disabled = true;
    $('solve').querySelector('button[type=submit]').disabled = false;
    if (gen === generation) continueGame();
  }
}

function showSolution(solved, r, wld) {
  $('solve-out').hidden = false;
  const side = solved.toMove === 'black' ? 'Black' : 'White';
  if (r.stopped) {
    $('solve-result').textContent = 'Stopped before the end: no result.';
    lastSolve = null;
    $('replay').disabled = true;
  } else {
    const what = wld ? r.result : `${r.result} by ${Math.abs(r.score)}`.replace('draw by 0', 'draw');
    const rule = game.scoring === 'paper' ? 'paper 001 scoring' : 'world scoring';
    $('solve-result').textContent = solved.status === 'over'
      ? `The game is over: ${side} ${r.score > 0 ? 'won' : r.score < 0 ? 'lost' : 'drew'} (${fmt(r.score, 0)}).`
      : `${side} to move: ${what} with perfect play (score ${fmt(r.score, 0)}, ${rule}; `
        + `final discs Black ${r.black}, White ${r.white}). Best move: ${r.best ?? '–'}.`;
    lastSolve = { gen: generation, moves: [...game.moves], pv: r.pv };
    $('replay').disabled = r.pv.length === 0;
  }
  $('solve-line').textContent = r.pv.join(' ');
  // Paper 001's diagram: the numbers of the perfect line's moves.
  const numbers = new Map();
  let k = 0;
  for (const m of r.pv) {
    k++;
    if (m !== 'pass' && !numbers.has(m)) numbers.set(m, k);
  }
  diagram.draw(solved, { numbers, interactive: false });
  const body = $('solve-moves').tBodies[0];
  body.replaceChildren();
  for (const [sq, v] of r.moves) {
    const row = body.insertRow();
    row.insertCell().textContent = sq;
    row.insertCell().textContent = wld ? ['loss', 'draw', 'win'][Math.sign(v) + 1] : fmt(v, 0);
    row.dataset.square = sq;
    row.dataset.score = v;
  }
  $('solve-moves').hidden = r.moves.length === 0;
}

// The perfect line goes onto the redo list: Redo (or the button again) steps
// through it.
$('replay').addEventListener('click', async () => {
  if (!lastSolve) return;
  try {
    game.players = { black: 'human', white: 'human' };
    $('black-player').value = 'human';
    $('white-player').value = 'human';
    await setGame({ ...game, moves: lastSolve.moves });
    game.redo = [...lastSolve.pv].reverse();
    render();
    $('redo').focus();
  } catch (e) {
    showError(e.message);
  }
});

for (const b of document.querySelectorAll('.mini')) {
  b.addEventListener('click', async () => {
    $('board-size').value = b.dataset.board;
    $('start').value = 'othello';
    $('scoring').value = 'paper';
    $('black-player').value = 'human';
    $('white-player').value = 'human';
    $('solve-kind').value = 'exact';
    game.scoring = 'paper';
    game.players = { black: 'human', white: 'human' };
    try {
      await setGame({ ...game, origin: { board: b.dataset.board, start: 'othello' }, moves: [] }, { fresh: true });
      await solveCurrent();
    } catch (e) {
      showError(e.message);
    }
  });
}

// ---- start ------------------------------------------------------------------

(async () => {
  try {
    yomi = await Yomi.create();
    $('isolated').textContent = yomi.isolated ? 'yes' : 'no — one thread runs everything';
    $('thread-count').textContent = yomi.threads;
    $('cores').textContent = navigator.hardwareConcurrency ?? 'unknown';
    $('engine-note').textContent = yomi.isolated
      ? `The engine runs on ${yomi.threads} thread${yomi.threads === 1 ? '' : 's'}.`
      : 'This page is not cross-origin isolated, so the engine runs on one thread '
        + '(slower; stopping restarts it).';
    $('engine-note').dataset.isolated = yomi.isolated;
    for (const b of yomi.boards) $('board-size').add(new Option(b.replace('x', ' × '), b, false, b === '8x8'));
    for (const id of ['black-player', 'white-player']) {
      $(id).add(new Option('Human', 'human'));
      yomi.levels.forEach((l, i) => $(id).add(new Option(`Engine: ${l} (${i + 1})`, l)));
    }
    yomi.levels.forEach((l) => $('hint-level').add(new Option(l, l, false, l === 'medium')));
    $('black-player').value = 'human';
    $('white-player').value = 'hard';
    await setGame({ ...game });
    document.body.dataset.ready = 'true';
  } catch (e) {
    showError(e.message);
    $('engine-note').textContent = e.message;
  }
})();
