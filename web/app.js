// The page: a thin view over the engine worker's messages (see
// engine-worker.js for the protocol).
const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
const pending = new Map();
let nextId = 1;

worker.onmessage = ({ data }) => {
  const { resolve, reject } = pending.get(data.id);
  pending.delete(data.id);
  data.ok ? resolve(data.result) : reject(new Error(data.error));
};
worker.onerror = (e) => showError(`the engine failed to start: ${e.message ?? 'unknown error'}`);

function call(cmd, args = {}) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, cmd, ...args });
  });
}

const $ = (id) => document.getElementById(id);
const boardEl = $('board');
let current = null;
let threads = 1;

function squareName(i, cols) {
  return String.fromCharCode(97 + (i % cols)) + (Math.floor(i / cols) + 1);
}

function showError(message) {
  $('error').textContent = message ? `Error: ${message}` : '';
}

function render(s) {
  current = s;
  boardEl.style.setProperty('--cols', s.cols);
  boardEl.style.setProperty('--rows', s.rows);
  boardEl.replaceChildren();
  const legal = new Set(s.legal);
  for (let r = 0; r < s.rows; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'row';
    for (let c = 0; c < s.cols; c++) {
      const i = r * s.cols + c;
      const name = squareName(i, s.cols);
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'square';
      cell.dataset.square = name;
      cell.setAttribute('role', 'gridcell');
      const content = ['empty', 'black', 'white'][s.cells[i]];
      cell.dataset.disc = content;
      const isLegal = legal.has(name) && s.status === 'move';
      if (isLegal) cell.classList.add('legal');
      cell.disabled = !isLegal;
      cell.setAttribute('aria-label', `${name}, ${content}${isLegal ? ', legal move' : ''}`);
      row.append(cell);
    }
    boardEl.append(row);
  }
  $('black-count').textContent = s.black;
  $('white-count').textContent = s.white;
  $('record').textContent = s.record || '(no moves yet)';
  $('position').textContent = s.position;
  $('undo').disabled = s.moves.length === 0;
  const who = s.toMove === 'black' ? 'Black' : 'White';
  if (s.status === 'over') {
    const scoring = $('scoring').value;
    const score = scoring === 'paper' ? s.scorePaper : s.scoreWorld;
    const verdict = score > 0 ? `Black wins by ${score}` : score < 0 ? `White wins by ${-score}` : 'A draw';
    $('status').textContent = `Game over: ${verdict} (${s.black}–${s.white}, ${scoring} scoring).`;
  } else {
    $('status').textContent = `${who} to move.`;
  }
}

async function act(cmd, args) {
  try {
    let s = await call(cmd, args);
    showError('');
    $('pass-note').textContent = '';
    // A side without a move passes; the rules allow nothing else, so the
    // page does it and says so.
    if (s.status === 'pass' && cmd !== 'undo') {
      const who = s.toMove === 'black' ? 'Black' : 'White';
      s = await call('pass');
      $('pass-note').textContent = `${who} has no legal move and passes.`;
    }
    render(s);
  } catch (e) {
    showError(e.message);
  }
}

boardEl.addEventListener('click', (e) => {
  const cell = e.target.closest('.square');
  if (cell && !cell.disabled) act('play', { square: cell.dataset.square });
});

$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  act('new', { board: $('board-size').value, start: $('start').value });
});
$('scoring').addEventListener('change', () => current && render(current));
$('undo').addEventListener('click', async () => {
  // Undo past an automatic pass too, back to the last real move.
  await act('undo');
  if (current?.moves.at(-1) === 'pass') await act('undo');
});
$('load').addEventListener('submit', (e) => {
  e.preventDefault();
  act('load', { text: $('load-text').value, board: $('board-size').value });
});

$('perft').addEventListener('submit', async (e) => {
  e.preventDefault();
  const button = e.submitter ?? $('perft').querySelector('button');
  const board = $('board-size').value;
  const start = $('start').value;
  const depth = Number($('perft-depth').value);
  button.disabled = true;
  try {
    const one = await call('perft', { board, start, depth, parallel: false });
    addPerftRow(board, depth, 1, one, one.seconds);
    const all = await call('perft', { board, start, depth, parallel: true });
    addPerftRow(board, depth, threads, all, one.seconds);
    if (all.count !== one.count) showError(`perft counts differ: ${one.count} and ${all.count}`);
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = false;
  }
});

function addPerftRow(board, depth, n, { count, seconds }, oneSeconds) {
  const row = document.createElement('tr');
  const rate = seconds > 0 ? Math.round(count / seconds).toLocaleString('en') : '–';
  for (const v of [board, depth, n, count.toLocaleString('en'), seconds.toFixed(3), rate,
    `${(oneSeconds / seconds).toFixed(2)}×`]) {
    const td = document.createElement('td');
    td.textContent = v;
    row.append(td);
  }
  row.dataset.threads = n;
  row.dataset.count = count;
  $('perft-results').tBodies[0].append(row);
}

(async () => {
  try {
    const hello = await call('hello');
    threads = hello.threads;
    $('isolated').textContent = hello.isolated ? 'yes' : 'no — threads are unavailable; one thread runs everything';
    $('thread-count').textContent = hello.threads;
    $('cores').textContent = navigator.hardwareConcurrency ?? 'unknown';
    const select = $('board-size');
    for (const b of hello.boards) select.add(new Option(b.replace('x', ' × '), b, false, b === '8x8'));
    $('perft').querySelector('button').disabled = false;
    await act('new', { board: '8x8', start: 'othello' });
    document.body.dataset.ready = 'true';
  } catch (e) {
    showError(e.message);
  }
})();
