// The app: play against the engine or another person, step through and
// analyse the game, edit and solve positions. The page keeps the game (its
// origin and its line of moves); the engine (yomi.js, in a worker) answers
// questions about it. The game and the settings survive a reload
// (localStorage) and travel as a link (the URL's #fragment).
import { Yomi } from './yomi.js';
import { BoardView, BOARD_CSS } from './board-view.js';
import { signed as fmt, count as big } from './format.js';

const $ = (id) => document.getElementById(id);
document.head.append(Object.assign(document.createElement('style'), { textContent: BOARD_CSS }));
let yomi;

// Measured with `yomi match level=A level=B --games 20 --random-plies 6`
// on 8×8 (engine/README.md, the levels table): each level's points against the level below.
const LEVEL_RESULTS = {
  beginner: '19–1 against random moves',
  easy: '20–0 against beginner',
  medium: '20–0 against easy',
  hard: '15–5 against medium',
  expert: '8–2 against hard (10 games)',
  maximum: 'not measured (up to 30 s a move: hours for 20 games)',
};

// The game: where it started, the moves played up to the position on the
// board, the moves after it (newest last: Redo takes the last one), and per
// ply of the whole line what is known of it.
const game = {
  origin: { board: '8x8', start: 'othello' },
  moves: [],
  redo: [],
  scoring: 'world',
  players: { black: 'human', white: 'hard' },
  evals: [], // ply → Black's disc score by the engine, if known
  results: [], // ply → a solved win/draw/loss for Black (1, 0, −1) where that is all that is known
  discs: [], // ply → Black's discs less White's, for the plies seen
  times: [], // ply → seconds the engine took for the move played there
  book: [], // ply → true if the move played there was one of the opening book's
  analysis: [], // ply → { best, played, loss, bestMove, kind, mover } of the move played there
};
let state = null;
let generation = 0; // bumped whenever the game changes: late answers are dropped
let changes = 0; // counts setGame calls: only the latest one's answer is applied
let work = null; // what the engine is doing for the page: 'think', 'hints', 'analyse', 'solve'
let paused = false; // stepping through the game: the engine does not move on its own
let solved = null; // the last solve's per-move results, while its position is on the board
let lastSolve = null;
let editing = null;
let previous = null; // the game a New game replaced, to restore it
let levelDetails = [];

const board = new BoardView($('board'), {
  onSquare: (name) => (editing ? editSquare(name) : humanPlay(name)),
  selectable: (name) => editing != null || (humanToMove() && state?.legal.includes(name)),
  label: 'Board',
});
const diagram = new BoardView($('diagram'), { selectable: () => false, label: 'The solved position with the line numbered' });

const sideName = (color) => (color === 'black' ? 'Black' : 'White');

function showError(message) {
  $('error').textContent = message;
}

function notice(message, action) {
  const p = $('notice');
  p.hidden = !message;
  p.replaceChildren(message ?? '');
  if (action) {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: action.label });
    b.addEventListener('click', () => action.run());
    p.append(' ', b);
  }
}

function humanToMove() {
  return state && !editing && state.status === 'move' && game.players[state.toMove] === 'human';
}

function engineToMove() {
  return state && state.status !== 'over' && game.players[state.toMove] !== 'human';
}

/** Whether the line's first move is Black's (a position may give White the move). */
const blackMovesFirst = () => game.origin.position == null || /\s[Xx*]\s*(;|$)/.test(game.origin.position);

/** A game's whole line: the moves played, then the ones Redo would replay. */
const lineOf = (g) => [...g.moves, ...[...g.redo].reverse()];
const line = () => lineOf(game);

// ---- the game -------------------------------------------------------------

// Goes to `next` (origin and moves). `fresh`: a new game or position, so
// what was known of the old line goes. `redo`: the moves after it.
async function setGame(next, { redo = [], fresh = false, animate = false } = {}) {
  // Stop the engine first: the worker answers in order, so a state request
  // would wait behind a running search.
  generation++;
  const mine = ++changes;
  await cancelWork();
  let s;
  try {
    s = await yomi.state(next);
  } catch (e) {
    if (mine !== changes) return false;
    // A bad position or move: the game stays as it was, and goes on.
    render();
    continueGame();
    throw e;
  }
  // A later change of the game (a New game while the engine's move was on
  // its way) wins: this one is stale and must not bring the old game back.
  if (mine !== changes) return false;
  const oldLine = line();
  Object.assign(game, next);
  game.redo = redo;
  if (fresh) {
    for (const k of ['evals', 'results', 'discs', 'times', 'book', 'analysis']) game[k] = [];
  } else {
    // What is known of plies past the point where the line changed goes.
    const now = line();
    let same = 0;
    while (same < now.length && same < oldLine.length && now[same] === oldLine[same]) same++;
    for (const k of ['evals', 'results', 'discs']) game[k].length = Math.min(game[k].length, same + 1);
    for (const k of ['times', 'book', 'analysis']) game[k].length = Math.min(game[k].length, same);
  }
  game.discs[game.moves.length] = s.black - s.white;
  state = s;
  solved = null;
  showError('');
  $('thinking').textContent = '';
  render({ animate });
  save();
  continueGame();
  return true;
}

// A setting of the turn changed (players, hints, scoring): what the engine
// was doing for it ends, and the game goes on under the new setting.
async function restartTurn() {
  generation++;
  await cancelWork();
  render();
  save();
  continueGame();
}

async function cancelWork() {
  if (work) {
    work = null;
    updateStop();
    await yomi.stop();
  }
}

function setWork(kind) {
  work = kind;
  updateStop();
}

// Stop is there whenever the engine works for the page; while it thinks
// about its own move, stopping it means "play the best move found so far".
function updateStop() {
  $('stop').disabled = work == null;
  $('stop').textContent = work === 'think' ? 'Move now' : 'Stop';
  $('stop').title = work === 'think' ? 'The engine plays the best move it has found so far'
    : work ? 'Stop the engine' : 'Nothing is running';
}

function render({ hints, best, book = false, animate = false } = {}) {
  if (!state) return;
  if (editing) return drawEditor();
  const last = [...game.moves].reverse().find((m) => m !== 'pass') ?? null;
  if (!hints && solved) {
    hints = solved.hints;
    best = solved.best;
  } else if (!hints && state.book && state.status === 'move' && $('book-moves').checked) {
    // The book's values, drawn apart from a search's scores.
    ({ hints, best } = bookHints(state.book));
    book = true;
  }
  board.draw(state, { hints: hints ?? new Map(), best: best ?? new Set(), book, last, interactive: humanToMove(), animate });
  $('opening').textContent = state.opening ? `Opening: ${state.opening}` : '';
  $('opening').hidden = !state.opening;
  $('black-count').textContent = state.black;
  $('white-count').textContent = state.white;
  $('to-move').textContent = state.status === 'over' ? '' : `· ${sideName(state.toMove)} to move`;
  $('record').textContent = game.moves.filter((m) => m !== 'pass').join(' ');
  $('record').dataset.copy = state.record;
  $('position').textContent = state.position;
  $('undo').disabled = game.moves.length === 0;
  $('first').disabled = game.moves.length === 0;
  $('redo').disabled = game.redo.length === 0;
  $('last').disabled = game.redo.length === 0;
  $('status').textContent = statusText();
  const resume = paused && state.status !== 'over' && (engineToMove() || state.status === 'pass');
  $('resume').hidden = !resume;
  $('resume').textContent = engineToMove() ? 'Engine plays from here' : 'Continue';
  drawBanner();
  drawMoveList();
  drawGraph();
  describePlayers();
}

// What the book knows of a position as board hints: every book move's
// value in whole discs for the side to move, the best marked.
function bookHints(book) {
  const hints = new Map(book.moves.map((m) => [m.move, fmt(m.value, 0)]));
  const best = new Set(book.moves.filter((m) => m.value === book.moves[0].value).map((m) => m.move));
  return { hints, best };
}

function finalScore() {
  return game.scoring === 'paper' ? state.scorePaper : state.scoreWorld;
}

function statusText() {
  const side = sideName(state.toMove);
  if (state.status === 'over') {
    const score = finalScore();
    const rule = game.scoring === 'paper' ? 'paper 001 scoring' : 'world scoring';
    const counts = `${state.black}–${state.white}, ${rule}`;
    if (score === 0) return `Game over: a draw (${counts}).`;
    return `Game over: ${score > 0 ? 'Black' : 'White'} wins by ${Math.abs(score)} (${counts}).`;
  }
  if (state.status === 'pass') return `${side} has no legal move and must pass.`;
  const player = game.players[state.toMove];
  if (player === 'human') return `${side} to move.`;
  return paused ? `${side} to move (the engine, ${player}): paused while you look through the game.`
    : `${side} to move: the engine (${player}) is thinking.`;
}

function drawBanner() {
  const over = state.status === 'over' && !editing;
  $('banner').hidden = !over;
  if (!over) return;
  const score = finalScore();
  $('banner-text').textContent = score === 0
    ? `A draw, ${state.black}–${state.white}`
    : `${score > 0 ? 'Black' : 'White'} wins ${Math.max(state.black, state.white)}–${Math.min(state.black, state.white)} (by ${Math.abs(score)})`;
}

function continueGame() {
  const gen = generation;
  // No game yet (the first one failed to load) is nothing to continue.
  if (!state || editing || state.status === 'over') return;
  if (state.status === 'pass') {
    if (paused) return;
    setTimeout(() => {
      if (gen !== generation || paused) return;
      notice(`${sideName(state.toMove)} had no legal move and passed.`);
      playMove('pass', { keepNotice: true });
    }, 300);
    return;
  }
  if (engineToMove()) {
    if (!paused) think(gen);
  } else if ($('hints').checked) {
    showHints(gen);
  }
}

async function playMove(move, { keepNotice = false, seconds } = {}) {
  const ply = game.moves.length;
  const fromBook = !!state?.book?.moves.some((m) => m.move === move);
  const redo = game.redo.at(-1) === move ? game.redo.slice(0, -1) : [];
  if (!keepNotice) notice(null);
  if (!(await setGame({ ...game, moves: [...game.moves, move] }, { redo, animate: true }))) return false;
  if (seconds != null || fromBook) {
    if (seconds != null) game.times[ply] = seconds;
    if (fromBook) game.book[ply] = true;
    drawMoveList();
    save();
  }
  return true;
}

async function humanPlay(square) {
  if (!humanToMove() || !state.legal.includes(square)) return;
  paused = false;
  try {
    await playMove(square);
  } catch (e) {
    showError(e.message);
  }
}

// The engine's move: a search at its level, progress shown as it thinks.
async function think(gen) {
  setWork('think');
  const level = game.players[state.toMove];
  const side = state.toMove;
  const sign = side === 'black' ? 1 : -1;
  const ply = game.moves.length;
  try {
    const r = await yomi.search(state.position, {
      board: state.board, level, scoring: game.scoring,
      onProgress: (p) => gen === generation && showThinking(p, side, `${sideName(side)} (${level}) thinks`),
    });
    if (gen !== generation) return;
    setWork(null);
    if (r.best == null) return;
    noteValue(ply, r.kind, sign * r.score);
    const said = describeSearch(r, side);
    // A notice stays until the person acts: the engine's reply does not clear it.
    if (!(await playMove(r.best, { seconds: r.seconds, keepNotice: true }))) return;
    $('thinking').textContent = `${sideName(side)} (${level}) played ${r.best}: ${said}`;
  } catch (e) {
    if (gen === generation) {
      setWork(null);
      showError(e.message);
    }
  }
}

/** A search report in words, its score said from `side`'s point of view. */
function describeSearch(r, side) {
  const who = sideName(side);
  let what;
  if (r.kind === 'book') return `from the opening book: ${fmt(r.score, 0)} for ${who}${r.pv?.length ? ` · book line ${r.pv.join(' ')}` : ''}`;
  if (r.kind === 'exact') what = `exact: ${fmt(r.score, 0)} for ${who}`;
  else if (r.kind === 'wld') what = `solved: ${r.score > 0 ? 'a win' : r.score < 0 ? 'a loss' : 'a draw'} for ${who}`;
  else what = `depth ${r.depth}: ${fmt(r.score)} for ${who}`;
  const speed = r.seconds >= 0.05 && r.nodes > 0 ? ` · ${big(r.nodesPerSecond)} nodes/s` : '';
  const pv = r.pv?.length ? ` · ${r.pv.join(' ')}` : '';
  return `${what}${pv} · ${big(r.nodes)} nodes${speed} · ${r.seconds.toFixed(1)} s${r.stopped ? ' · stopped' : ''}`;
}

function showThinking(r, side, prefix) {
  $('thinking').textContent = `${prefix}: ${describeSearch(r, side)}`;
}

// Every legal move's score for the person to move.
async function showHints(gen) {
  setWork('hints');
  const side = state.toMove;
  const sign = side === 'black' ? 1 : -1;
  const ply = game.moves.length;
  const draw = (r) => {
    if (gen !== generation || !r?.moves?.length) return;
    // Whole discs unless tenths are asked for: estimates crowd a small board.
    const digits = r.kind === 'midgame' && $('hint-decimals').checked ? 1 : 0;
    const hints = new Map(r.moves.map(([sq, v]) => [sq, r.kind === 'wld' ? wldWord(v) : fmt(v, digits)]));
    const top = r.moves[0][1];
    render({ hints, best: new Set(r.moves.filter(([, v]) => v === top).map(([sq]) => sq)), book: r.kind === 'book' });
    showThinking(r, side, `Scores for ${sideName(side)} at ${$('hint-level').value}`);
  };
  try {
    // Every legal move's score: a search, never the book (which the board
    // shows apart, and which knows only some moves).
    const r = await yomi.analyse(state.position, {
      board: state.board, level: $('hint-level').value, scoring: game.scoring, book: false, onProgress: draw,
    });
    if (gen !== generation) return;
    setWork(null);
    draw(r);
    if (r.moves?.length) noteValue(ply, r.kind, sign * r.moves[0][1]);
    drawGraph();
  } catch (e) {
    if (gen === generation) {
      setWork(null);
      showError(e.message);
    }
  }
}

const wldWord = (v) => (v > 0 ? 'win' : v < 0 ? 'loss' : 'draw');

// ---- the move list and the graph ---------------------------------------------

function drawMoveList() {
  const list = $('move-list');
  const all = line();
  const frag = document.createDocumentFragment();
  const start = document.createElement('li');
  start.append(moveButton(0, 'start', game.moves.length === 0));
  frag.append(start);
  // Standard notation numbers the moves played: a pass gets no number.
  let number = 0;
  all.forEach((m, i) => {
    const li = document.createElement('li');
    const b = moveButton(i + 1, m, i + 1 === game.moves.length);
    const pass = m === 'pass';
    if (!pass) number++;
    b.prepend(Object.assign(document.createElement('span'), { className: 'num', textContent: pass ? '' : `${number}.` }));
    if (pass) b.classList.add('pass');
    if (i >= game.moves.length) b.classList.add('future');
    const a = game.analysis[i];
    let label = pass ? `a pass (ply ${i + 1})` : `move ${number}, ${m}`;
    if (a && a.loss > 0) {
      // Whole discs, and only losses of a disc or more: smaller ones are noise here.
      if (a.loss >= 1) {
        b.append(Object.assign(document.createElement('span'), { className: 'loss', textContent: `−${Math.round(a.loss)}` }));
      }
      label += `, loses ${+a.loss.toFixed(1)} against ${a.bestMove}`;
      if (a.loss >= mistakeAt(a)) b.classList.add('mistake');
    }
    if (game.book[i]) {
      b.append(Object.assign(document.createElement('span'), { className: 'book', textContent: 'book', title: 'a move of the opening book' }));
      label += ', a book move';
    }
    if (game.times[i] != null) {
      const t = game.times[i];
      if (t >= 0.1) b.append(Object.assign(document.createElement('span'), { className: 'time', textContent: `${t < 10 ? t.toFixed(1) : Math.round(t)}s` }));
      label += `, the engine took ${t < 0.1 ? 'under 0.1' : t.toFixed(1)} s`;
    }
    b.setAttribute('aria-label', label);
    li.append(b);
    frag.append(li);
  });
  list.replaceChildren(frag);
  // Keep the current move in view inside the list (never scroll the page).
  const current = list.querySelector('[aria-current]');
  if (current && list.scrollHeight > list.clientHeight) {
    const top = current.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

function moveButton(ply, text, current) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.ply = ply;
  b.append(text);
  if (current) b.setAttribute('aria-current', 'step');
  if (ply === 0) b.setAttribute('aria-label', 'the starting position');
  b.addEventListener('click', () => jumpTo(ply).catch((e) => showError(e.message)));
  return b;
}

// A value for Black after `ply` moves: a disc score (midgame or exact) goes
// on the score line; a win/draw/loss result (±1, 0) is no disc score, so it
// is kept apart and drawn as a band, never as a point near zero.
function noteValue(ply, kind, forBlack) {
  game.evals[ply] = kind === 'wld' ? null : forBlack;
  game.results[ply] = kind === 'wld' ? Math.sign(forBlack) : null;
}

// A move that loses this much against the best is a mistake: 4 discs by the
// midgame estimate, any disc once the solver is exact, any change of result
// in a win/draw/loss solve.
const mistakeAt = (a) => (a.kind === 'midgame' ? 4 : 1);

function drawGraph() {
  const svg = $('graph');
  const all = line();
  const n = Math.max(all.length, 10);
  const limit = state.rows * state.cols;
  const step = limit >= 48 ? 16 : limit >= 24 ? 8 : 4;
  const [x0, x1, y0, y1] = [30, 334, 8, 128];
  const x = (i) => x0 + (i / n) * (x1 - x0);
  const y = (v) => (y0 + y1) / 2 - (Math.max(-limit, Math.min(limit, v)) / limit) * ((y1 - y0) / 2);
  let out = '';
  for (let v = -limit; v <= limit; v += step) {
    out += `<line x1="${x0}" x2="${x1}" y1="${y(v)}" y2="${y(v)}" class="${v === 0 ? 'axis' : 'grid'}"/>`
      + `<text x="${x0 - 3}" y="${y(v) + 3}" text-anchor="end">${v > 0 ? '+' : ''}${v}</text>`;
  }
  const tick = n > 40 ? 10 : 5;
  for (let i = 0; i <= n; i += tick) {
    out += `<line x1="${x(i)}" x2="${x(i)}" y1="${y1}" y2="${y1 + 3}" class="axis"/>`
      + `<text x="${x(i)}" y="${y1 + 11}" text-anchor="middle">${i}</text>`;
  }
  out += `<text x="${(x0 + x1) / 2}" y="148" text-anchor="middle">move</text>`
    + `<text x="8" y="${(y0 + y1) / 2}" text-anchor="middle" transform="rotate(-90 8 ${(y0 + y1) / 2})">Black's score</text>`;
  const points = (arr) => arr.map((v, i) => (v == null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean).join(' ');
  // A line per run of known values: a gap is not bridged.
  const runs = (arr) => {
    const lines = [[]];
    arr.forEach((v, i) => (v == null ? lines.push([]) : lines.at(-1).push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`)));
    return lines.filter((r) => r.length).map((r) => r.join(' '));
  };
  // Solved win/draw/loss results: a band from the axis, a tick for a draw.
  const w = Math.max(2, (x1 - x0) / n);
  (game.results ?? []).forEach((r, i) => {
    if (r == null) return;
    const what = r > 0 ? 'Black wins' : r < 0 ? 'White wins' : 'a draw';
    out += r === 0
      ? `<rect x="${(x(i) - w / 2).toFixed(1)}" y="${y(0) - 1.5}" width="${w.toFixed(1)}" height="3" class="wld draw"><title>after ${i} moves: ${what} (solved, win/draw/loss)</title></rect>`
      : `<rect x="${(x(i) - w / 2).toFixed(1)}" y="${r > 0 ? y0 : y(0)}" width="${w.toFixed(1)}" height="${(y1 - y0) / 2}" class="wld ${r > 0 ? 'win' : 'loss'}"><title>after ${i} moves: ${what} (solved, win/draw/loss)</title></rect>`;
  });
  out += `<polyline points="${points(game.discs)}" class="discs"/>`;
  for (const r of runs(game.evals)) out += `<polyline points="${r}" class="evals"/>`;
  game.analysis.forEach((a, i) => {
    // On the score line, or on the axis where only a result is known.
    const v = game.evals[i + 1] ?? (game.results?.[i + 1] != null ? 0 : null);
    if (a && a.loss >= mistakeAt(a) && v != null) {
      out += `<circle cx="${x(i + 1)}" cy="${y(v)}" r="2.6" class="bad"><title>move ${i + 1} (${all[i]}) loses ${+a.loss.toFixed(1)}</title></circle>`;
    }
  });
  out += `<line x1="${x(game.moves.length)}" x2="${x(game.moves.length)}" y1="${y0}" y2="${y1}" class="now"/>`;
  svg.innerHTML = out;
  svg.dataset.plies = n;
}

$('graph').addEventListener('click', (e) => {
  const svg = $('graph');
  const box = svg.getBoundingClientRect();
  const vx = ((e.clientX - box.left) / box.width) * 340;
  const n = Number(svg.dataset.plies);
  const ply = Math.round(((vx - 30) / (334 - 30)) * n);
  jumpTo(Math.max(0, Math.min(line().length, ply))).catch((err) => showError(err.message));
});

// ---- moving through the game ----------------------------------------------------

// Goes to the position after `ply` moves of the line; the rest stays on
// Redo. The engine then waits ("Engine plays from here" lets it go on).
async function jumpTo(ply) {
  const all = line();
  if (ply < 0 || ply > all.length) return;
  paused = true;
  await setGame({ ...game, moves: all.slice(0, ply) }, { redo: all.slice(ply).reverse() });
}

// Undo goes back to the last position a person chose a move in (the
// engine's replies and forced passes are taken back with it).
async function undo() {
  if (game.moves.length === 0) return;
  let k = game.moves.length;
  do k--; while (k > 0 && (game.moves[k] === 'pass' || !isHumanAfter(game.moves.slice(0, k))));
  await jumpTo(k);
}

// Whether the side to move after `moves` is a person (by parity of the
// plies: passes are explicit moves in the list, so colours alternate).
function isHumanAfter(moves) {
  if (game.players.black !== 'human' && game.players.white !== 'human') return true;
  const black = (moves.length % 2 === 0) === blackMovesFirst();
  return game.players[black ? 'black' : 'white'] === 'human';
}

async function redo() {
  if (game.redo.length === 0) return;
  await jumpTo(game.moves.length + 1);
}

const act = (f) => () => f().catch((e) => showError(e.message));
$('undo').addEventListener('click', act(undo));
$('redo').addEventListener('click', act(redo));
$('first').addEventListener('click', act(() => jumpTo(0)));
$('last').addEventListener('click', act(() => jumpTo(line().length)));
$('stop').addEventListener('click', () => {
  if (work === 'analyse') analysisRun.cancelled = true;
  // The search answers with what it has; think() then plays it.
  yomi.stop();
});
$('resume').addEventListener('click', () => {
  paused = false;
  render();
  continueGame();
});
$('swap').addEventListener('click', act(async () => {
  game.players = { black: game.players.white, white: game.players.black };
  $('black-player').value = game.players.black;
  $('white-player').value = game.players.white;
  paused = false;
  await restartTurn();
}));
document.addEventListener('keydown', (e) => {
  if (e.target.matches('input, textarea, select')) return;
  if (e.ctrlKey || e.metaKey) {
    if (e.key === 'z') { e.preventDefault(); act(undo)(); }
    if (e.key === 'y') { e.preventDefault(); act(redo)(); }
  } else if (!e.target.closest('.yomi-board')) {
    if (e.key === 'Home') { e.preventDefault(); act(() => jumpTo(0))(); }
    if (e.key === 'End') { e.preventDefault(); act(() => jumpTo(line().length))(); }
  }
});

// ---- players, levels, hints -------------------------------------------------------

function levelText(name) {
  const l = levelDetails.find((d) => d.name === name);
  if (!l) return name;
  const time = l.seconds ? `, up to ${l.seconds} s a move` : '';
  const solve = l.perfect ? `, exact from ${l.perfect} empties` : '';
  return `${l.depth >= 60 ? 'as deep as time allows' : `${l.depth} plies deep`}${time}${solve}`;
}

function describePlayers() {
  const parts = ['black', 'white'].filter((c) => game.players[c] !== 'human')
    .map((c) => `${sideName(c)}: ${game.players[c]} — ${levelText(game.players[c])} (${LEVEL_RESULTS[game.players[c]]}).`);
  $('level-note').textContent = parts.join(' ');
}

for (const id of ['black-player', 'white-player']) {
  $(id).addEventListener('change', act(async () => {
    game.players = { black: $('black-player').value, white: $('white-player').value };
    await restartTurn();
  }));
}
$('hints').addEventListener('change', act(restartTurn));
$('book-moves').addEventListener('change', () => {
  save();
  render();
});
// A hint setting changed: kept, and the hints shown again under it.
for (const id of ['hint-level', 'hint-decimals']) {
  $(id).addEventListener('change', () => {
    save();
    if ($('hints').checked) $('hints').dispatchEvent(new Event('change'));
  });
}

// ---- whole-game analysis ----------------------------------------------------------

let analysisRun = { cancelled: false };

// Every move of the line against the best move at the hint level: what it
// lost, shown in the move list and the graph. Stop keeps what is done.
async function analyseGame() {
  const all = line();
  if (all.length === 0) return notice('There are no moves to analyse yet.');
  generation++;
  await cancelWork();
  const gen = generation;
  const run = (analysisRun = { cancelled: false });
  paused = true;
  setWork('analyse');
  const level = $('hint-level').value;
  const bar = $('analyse-progress');
  bar.hidden = false;
  bar.max = all.length;
  $('analyse').disabled = true;
  let done = 0;
  try {
    for (let i = 0; i < all.length && !run.cancelled && gen === generation; i++) {
      bar.value = i;
      $('analyse-note').textContent = `move ${i + 1} of ${all.length}`;
      const s = await yomi.state({ origin: game.origin, moves: all.slice(0, i) });
      game.discs[i] = s.black - s.white;
      if (all[i] === 'pass') continue;
      const r = await yomi.analyse(s.position, { board: s.board, level, scoring: game.scoring, book: false });
      if (r.stopped || run.cancelled || gen !== generation) break;
      const sign = s.toMove === 'black' ? 1 : -1;
      const best = r.moves[0][1];
      const played = r.moves.find(([sq]) => sq === all[i])?.[1] ?? best;
      game.analysis[i] = { best, played, loss: Math.max(0, best - played), bestMove: r.moves[0][0], kind: r.kind, mover: s.toMove };
      noteValue(i, r.kind, sign * best);
      noteValue(i + 1, r.kind, sign * played);
      done++;
      drawMoveList();
      drawGraph();
    }
  } finally {
    if (work === 'analyse') setWork(null);
    bar.hidden = true;
    $('analyse').disabled = false;
  }
  if (gen !== generation) return;
  const lost = { black: [0, 0], white: [0, 0] };
  const firstBlack = blackMovesFirst();
  game.analysis.forEach((a, i) => {
    if (!a || a.loss < mistakeAt(a)) return;
    // The engine said who moved (a pass shifts the parity); older saved analyses did not.
    const c = a.mover ?? ((i % 2 === 0) === firstBlack ? 'black' : 'white');
    lost[c][0]++;
    lost[c][1] += a.loss;
  });
  const say = (c) => `${sideName(c)} ${lost[c][0]} mistake${lost[c][0] === 1 ? '' : 's'} (${+lost[c][1].toFixed(1)} discs)`;
  $('analyse-note').textContent = `${run.cancelled ? `Stopped after ${done} moves. ` : `Analysed ${done} moves at ${level}. `}`
    + `${say('black')}, ${say('white')}.`;
  render();
  save();
}

$('analyse').addEventListener('click', act(analyseGame));
$('banner-analyse').addEventListener('click', act(analyseGame));

// ---- new game, setup, load, copy, share, image, edit --------------------------------

async function newGame(origin, { scoring = game.scoring, message } = {}) {
  const leaving = game.moves.length + game.redo.length > 0 && !game.moves.every((m) => m === 'pass')
    ? structuredClone({ ...game }) : null;
  if (editing) endEditing();
  paused = false;
  game.scoring = scoring;
  await setGame({ ...game, origin, moves: [] }, { fresh: true });
  const who = whoPlays();
  if (leaving) {
    previous = leaving;
    notice(message ?? `${who} The previous game (${lineOf(leaving).length} moves) is kept for now:`, {
      label: 'Restore it', run: act(restorePrevious),
    });
  } else {
    notice(message ?? who);
  }
}

/** Who plays whom, said when a game starts: "New game: you are Black against hard." */
function whoPlays() {
  const { black, white } = game.players;
  if (black === 'human' && white === 'human') return 'New game: two players at this board.';
  if (black !== 'human' && white !== 'human') return `New game: ${black} (Black) against ${white} (White).`;
  const you = black === 'human' ? 'black' : 'white';
  return `New game: you are ${sideName(you)} against ${game.players[you === 'black' ? 'white' : 'black']}.`;
}

async function restorePrevious() {
  if (!previous) return;
  const p = previous;
  previous = null;
  notice(null);
  paused = true;
  game.scoring = p.scoring;
  $('scoring').value = p.scoring;
  await setGame({ ...game, origin: p.origin, moves: p.moves }, { redo: p.redo, fresh: true });
  Object.assign(game, { evals: p.evals, discs: p.discs, times: p.times, analysis: p.analysis });
  syncMenus();
  render();
  save();
}

function syncMenus() {
  if (game.origin.board) $('board-size').value = game.origin.board;
  if (game.origin.start) $('start').value = game.origin.start;
  $('scoring').value = game.scoring;
}

/** A new game on the setup form's board, start and scoring. */
const newFromSetup = act(() => newGame({ board: $('board-size').value, start: $('start').value }, { scoring: $('scoring').value }));
$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newFromSetup();
});
for (const id of ['board-size', 'start']) $(id).addEventListener('change', newFromSetup);
$('scoring').addEventListener('change', act(() => {
  game.scoring = $('scoring').value;
  return restartTurn();
}));
$('banner-new').addEventListener('click', newFromSetup);
$('toolbar-new').addEventListener('click', newFromSetup);

$('load').addEventListener('submit', (e) => {
  e.preventDefault();
  // A failed load says why beside the input, where the eye is.
  $('load-error').textContent = '';
  loadText($('load-text').value.trim()).catch((err) => {
    $('load-error').textContent = err.message;
    $('load-text').setAttribute('aria-invalid', 'true');
  });
});
$('load-text').addEventListener('input', () => {
  $('load-error').textContent = '';
  $('load-text').removeAttribute('aria-invalid');
});

// Positions keep their board in links: an `RxC:` prefix, unless the
// length names one board (16, 36, 64 squares: 4x4, 6x6, 8x8).
const PREFIX = /^\d+x\d+:/;
const NAMED_BY_LENGTH = new Set([16, 36, 64]);

/** `position` with its board in front, unless it has it or its length names it. */
function withBoard(position, board) {
  if (!board || PREFIX.test(position)) return position;
  const [rows, cols] = board.split('x').map(Number);
  return rows === cols && NAMED_BY_LENGTH.has(rows * cols) ? position : `${board}:${position}`;
}

// What the text is (a record or a position, its board, every ply with the
// passes it leaves out) is the engine's to say, by the grammar the command
// line reads too.
async function loadText(text) {
  if (!text) throw new Error('nothing to load: paste a record or a position string');
  const r = await yomi.read(text, { board: $('board-size').value, start: $('start').value });
  const next = r.kind === 'position'
    ? { origin: { position: r.position, board: r.board }, moves: [] }
    : { origin: { board: r.board, start: r.start }, moves: r.moves };
  const before = structuredClone({ ...game });
  paused = false;
  await setGame({ ...game, ...next }, { fresh: true });
  if (before.moves.length + before.redo.length > 0) {
    previous = before;
    notice('Loaded. The game you had is kept for now:', { label: 'Restore it', run: act(restorePrevious) });
  }
  if (state.board !== $('board-size').value) $('board-size').value = state.board;
}

async function copyText(button, text, label) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    notice(`Copy this: ${text}`);
    button.textContent = 'Shown above';
  }
  setTimeout(() => (button.textContent = label), 1500);
}

for (const b of document.querySelectorAll('.copy')) {
  b.addEventListener('click', () => {
    const out = $(b.dataset.copy);
    copyText(b, out.dataset.copy ?? out.textContent, 'Copy');
  });
}

// ---- keeping the game: storage and links ---------------------------------------------

const STORE = 'yomi-app';

function gameLink() {
  const p = new URLSearchParams();
  if (game.origin.position != null) {
    p.set('position', withBoard(game.origin.position, game.origin.board));
  } else {
    p.set('board', game.origin.board);
    p.set('start', game.origin.start);
  }
  const moves = line();
  if (moves.length) p.set('moves', moves.join(''));
  if (game.moves.length !== moves.length) p.set('at', game.moves.length);
  if (game.scoring !== 'world') p.set('scoring', game.scoring);
  return `${location.origin}${location.pathname}#${p}`;
}

$('share').addEventListener('click', () => copyText($('share'), gameLink(), 'Copy a link to this game'));

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify({
      game: { origin: game.origin, moves: game.moves, redo: game.redo, scoring: game.scoring, players: game.players,
        evals: game.evals, results: game.results, discs: game.discs, times: game.times, book: game.book,
        analysis: game.analysis },
      hints: $('hints').checked,
      bookMoves: $('book-moves').checked,
      hintDecimals: $('hint-decimals').checked,
      hintLevel: $('hint-level').value,
      solveKind: $('solve-kind').value,
    }));
  } catch { /* storage full or blocked: the game just is not kept */ }
}

// A link opened in a tab that already shows the app changes only the hash.
addEventListener('hashchange', () => {
  const hash = location.hash;
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (!yomi || (!p.has('board') && !p.has('position'))) return;
  history.replaceState(null, '', location.pathname + location.search);
  act(async () => {
    const linked = await fromLink(hash);
    if (!linked) return;
    if (editing) endEditing();
    paused = linked.redo.length > 0;
    game.scoring = linked.scoring;
    await setGame({ ...game, ...linked }, { redo: linked.redo, fresh: true });
    syncMenus();
    if (state.board !== $('board-size').value) $('board-size').value = state.board;
  })();
});

async function fromLink(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (!p.has('board') && !p.has('position')) return null;
  const origin = p.has('position') ? { position: p.get('position'), board: null }
    : { board: p.get('board'), start: p.get('start') ?? 'othello' };
  // The engine reads the moves, so a link written by hand may leave passes out.
  const { moves: all } = await yomi.state({ origin, record: p.get('moves') ?? '' });
  const at = p.has('at') ? Math.max(0, Math.min(all.length, Number(p.get('at')) || 0)) : all.length;
  return { origin, moves: all.slice(0, at), redo: all.slice(at).reverse(), scoring: p.get('scoring') === 'paper' ? 'paper' : 'world' };
}

// ---- the board as an image ------------------------------------------------------------

function boardImage() {
  const cell = 56;
  const margin = 28;
  const { rows, cols, cells } = state;
  const canvas = document.createElement('canvas');
  canvas.width = cols * cell + margin * 2;
  canvas.height = rows * cell + margin * 2;
  const g = canvas.getContext('2d');
  g.fillStyle = '#0c3520';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#d5eadc';
  g.font = '600 15px system-ui, sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (let c = 0; c < cols; c++) g.fillText('abcdefghijklmnop'[c], margin + c * cell + cell / 2, margin / 2);
  for (let r = 0; r < rows; r++) g.fillText(String(r + 1), margin / 2, margin + r * cell + cell / 2);
  const last = [...game.moves].reverse().find((m) => m !== 'pass');
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = margin + c * cell;
      const y = margin + r * cell;
      g.fillStyle = '#15603a';
      g.fillRect(x + 1, y + 1, cell - 2, cell - 2);
      const v = cells[r * cols + c];
      if (v) {
        g.beginPath();
        g.arc(x + cell / 2, y + cell / 2, cell * 0.4, 0, Math.PI * 2);
        g.fillStyle = v === 1 ? '#111' : '#f6f6f6';
        g.fill();
      }
      if (last === `${'abcdefghijklmnop'[c]}${r + 1}`) {
        g.beginPath();
        g.arc(x + cell / 2, y + cell / 2, cell * 0.09, 0, Math.PI * 2);
        g.fillStyle = '#ff9a8f';
        g.fill();
      }
    }
  }
  return canvas;
}

$('save-image').addEventListener('click', () => {
  boardImage().toBlob((blob) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `yomi-${state.board}-move-${game.moves.length}.png`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }, 'image/png');
});

// ---- the editor ------------------------------------------------------------------------

$('edit').addEventListener('click', act(async () => {
  generation++;
  await cancelWork();
  editing = { cells: [...state.cells], side: state.toMove === 'white' ? 'O' : 'X' };
  $('edit-side').value = editing.side;
  $('editor').hidden = false;
  $('edit').disabled = true;
  render();
  $('editor').scrollIntoView?.({ block: 'nearest' });
}));

function editedPosition() {
  return withBoard(`${editing.cells.map((c) => '-XO'[c]).join('')} ${$('edit-side').value}`, state.board);
}

// The board, the disc counts and the position string follow every click.
function drawEditor() {
  board.draw({ ...state, cells: editing.cells, legal: [], status: 'over' }, { interactive: false });
  $('black-count').textContent = editing.cells.filter((c) => c === 1).length;
  $('white-count').textContent = editing.cells.filter((c) => c === 2).length;
  $('position').textContent = editedPosition();
  $('to-move').textContent = `· ${$('edit-side').value === 'X' ? 'Black' : 'White'} to move`;
  $('status').textContent = 'Editing the position.';
  $('banner').hidden = true;
}

function editSquare(name) {
  const i = board.squares.findIndex((b) => b.dataset.square === name);
  editing.cells[i] = (editing.cells[i] + 1) % 3;
  drawEditor();
}

function endEditing() {
  editing = null;
  $('editor').hidden = true;
  $('edit').disabled = false;
}

$('edit-side').addEventListener('change', () => editing && drawEditor());
$('edit-clear').addEventListener('click', () => {
  editing.cells.fill(0);
  drawEditor();
});
$('edit-cancel').addEventListener('click', () => {
  endEditing();
  render();
  continueGame();
});
$('edit-done').addEventListener('click', act(async () => {
  const text = editedPosition();
  const next = { origin: { position: text, board: null }, moves: [] };
  const keep = editing;
  endEditing();
  try {
    paused = false;
    await setGame({ ...game, ...next }, { fresh: true });
  } catch (err) {
    // Back to editing, with the message: the edit is not lost.
    editing = keep;
    $('editor').hidden = false;
    $('edit').disabled = true;
    render();
    throw err;
  }
}));

// ---- solve ------------------------------------------------------------------------------

$('solve').addEventListener('submit', (e) => {
  e.preventDefault();
  solveCurrent();
});
$('solve-stop').addEventListener('click', () => yomi.stop());
$('solve-kind').addEventListener('change', save);

async function solveCurrent() {
  generation++;
  await cancelWork();
  const gen = generation;
  const position = { ...state };
  const wld = $('solve-kind').value === 'wld';
  const allMoves = $('solve-all').checked;
  setWork('solve');
  $('solve-stop').disabled = false;
  $('solve').querySelector('button[type=submit]').disabled = true;
  const bar = $('solve-progress');
  bar.removeAttribute('value'); // indeterminate until a move is done
  // One line, drawn by one timer: the moves done (from the reports) and the
  // time since the start.
  const t0 = performance.now();
  const progress = { done: 0, total: 0, nodes: 0, seconds: 0 };
  const drawProgress = () => {
    const s = (performance.now() - t0) / 1000;
    const moves = progress.total ? `${progress.done} of ${progress.total} moves solved · ` : 'solving · ';
    const speed = progress.seconds >= 0.05 ? ` · ${big(progress.nodes / progress.seconds)} nodes/s` : '';
    $('solve-stats').textContent = `${moves}${s.toFixed(1)} s${speed}`;
  };
  drawProgress();
  const tick = setInterval(drawProgress, 250);
  try {
    const r = await yomi.solve(position.position, {
      board: position.board, scoring: game.scoring, wld, allMoves,
      onProgress: (p) => {
        Object.assign(progress, p);
        bar.max = p.total;
        bar.value = p.done;
      },
    });
    clearInterval(tick);
    bar.max = 1;
    bar.value = r.stopped ? 0 : 1;
    const speed = r.seconds >= 0.05 && r.nodes > 0 ? ` · ${big(r.nodesPerSecond)} nodes/s` : '';
    $('solve-stats').textContent = `${r.seconds.toFixed(2)} s · ${big(r.nodes)} nodes${speed}${r.stopped ? ' · stopped' : ''}`;
    showSolution(position, r, wld, gen);
  } catch (e) {
    showError(e.message);
  } finally {
    clearInterval(tick);
    if (work === 'solve') setWork(null);
    $('solve-stop').disabled = true;
    $('solve').querySelector('button[type=submit]').disabled = false;
    if (gen === generation) continueGame();
  }
}

function showSolution(position, r, wld, gen) {
  $('solve-out').hidden = false;
  const side = sideName(position.toMove);
  const rule = game.scoring === 'paper' ? 'disc-difference scoring' : 'world scoring';
  $('solve-line-label').textContent = wld ? 'A line that keeps the result' : 'Perfect line';
  if (r.stopped) {
    $('solve-result').textContent = 'Stopped before the end: no result.';
    lastSolve = null;
    $('replay').disabled = true;
  } else if (position.status === 'over') {
    $('solve-result').textContent = `The game is over: ${side} ${r.score > 0 ? 'won' : r.score < 0 ? 'lost' : 'drew'} (${fmt(r.score, 0)}, ${rule}).`;
  } else if (wld) {
    // A win/draw/loss solve proves the result only: its score and final
    // discs are bounds, not the game's, so none are shown.
    const result = r.result === 'win' ? 'wins' : r.result === 'loss' ? 'loses' : 'draws';
    $('solve-result').textContent = `${side} to move ${result} with perfect play. `
      + `${r.result === 'loss' ? 'Every move loses' : `${r.result === 'win' ? 'Winning' : 'Drawing'} move: ${r.best ?? '–'}`}. `
      + '(Win, draw or loss only: choose "Exact score" for the margin.)';
  } else {
    const winner = r.black > r.white ? 'Black wins' : r.white > r.black ? 'White wins' : 'A draw';
    $('solve-result').textContent = `${side} to move: ${r.result} by ${Math.abs(r.score)} with perfect play — `
      .replace('draw by 0', 'a draw')
      + `${winner} ${Math.max(r.black, r.white)}–${Math.min(r.black, r.white)} (${fmt(r.score, 0)} for ${side}, ${rule}). Best move: ${r.best ?? '–'}.`;
  }
  if (!r.stopped && position.status !== 'over') {
    lastSolve = { moves: [...game.moves], origin: game.origin, pv: r.pv };
    $('replay').disabled = r.pv.length === 0;
  }
  $('solve-line').textContent = r.pv.join(' ');
  // Paper 001's diagram: the numbers of the line's moves.
  const numbers = new Map();
  let k = 0;
  for (const m of r.pv) {
    k++;
    if (m !== 'pass' && !numbers.has(m)) numbers.set(m, k);
  }
  diagram.draw(position, { numbers, interactive: false });
  const body = $('solve-moves').tBodies[0];
  body.replaceChildren();
  for (const [sq, v] of r.moves) {
    const row = body.insertRow();
    row.insertCell().textContent = sq;
    row.insertCell().textContent = wld ? wldWord(v) : fmt(v, 0);
    row.dataset.square = sq;
    row.dataset.score = v;
  }
  $('solve-moves').hidden = r.moves.length === 0;
  // The results on the main board too, while this position is on it.
  if (gen === generation && r.moves.length) {
    const top = r.moves[0][1];
    solved = {
      hints: new Map(r.moves.map(([sq, v]) => [sq, wld ? wldWord(v) : fmt(v, 0)])),
      best: new Set(r.moves.filter(([, v]) => v === top).map(([sq]) => sq)),
    };
    render();
  }
}

// The line goes onto Redo: Redo (or the move list) steps through it.
$('replay').addEventListener('click', act(async () => {
  if (!lastSolve) return;
  paused = true;
  await setGame({ ...game, origin: lastSolve.origin, moves: lastSolve.moves }, { redo: [...lastSolve.pv].reverse() });
  $('redo').focus();
}));

for (const b of document.querySelectorAll('.mini')) {
  b.addEventListener('click', act(async () => {
    $('board-size').value = b.dataset.board;
    $('start').value = 'othello';
    $('scoring').value = 'paper';
    $('black-player').value = 'human';
    $('white-player').value = 'human';
    $('solve-kind').value = 'exact';
    game.players = { black: 'human', white: 'human' };
    await newGame({ board: b.dataset.board, start: 'othello' }, {
      scoring: 'paper',
      message: `Set up for paper 001: ${b.dataset.board.replace('x', '×')}, disc-difference scoring, both players human.`,
    });
    await solveCurrent();
  }));
}

// ---- start ------------------------------------------------------------------------------

// The opening book comes after the board is playable, so the first load is
// no slower; once it is in, the position on the board is asked for again.
async function loadBook() {
  try {
    const { positions } = await yomi.loadBook('pkg/book.ybk');
    $('book-note').textContent = `The opening book knows ${positions.toLocaleString('en')} positions. Its values `
      + '(blue, in italics, on the board) are searches of its last positions backed up move by move; engines '
      + 'at easy and above play from it, varied within a few discs of its best move.';
    const gen = generation;
    const s = await yomi.state({ origin: game.origin, moves: game.moves });
    if (gen !== generation || editing) return;
    state = s;
    render();
  } catch (e) {
    $('book-note').textContent = `No opening book: ${e.message}`;
  }
}

function fillLevels() {
  const body = $('levels').tBodies[0];
  levelDetails.forEach((l, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = `${i + 1} ${l.name}`;
    row.insertCell().textContent = l.depth >= 60 ? 'until time' : l.depth;
    row.insertCell().textContent = l.seconds ? `${l.seconds} s` : '–';
    row.insertCell().textContent = l.wld ? `${l.wld} empties` : '–';
    row.insertCell().textContent = l.perfect ? `${l.perfect} empties` : '–';
    row.insertCell().textContent = LEVEL_RESULTS[l.name] ?? '–';
  });
}

(async () => {
  try {
    yomi = await Yomi.create();
    levelDetails = yomi.levelDetails;
    $('isolated').textContent = yomi.isolated ? 'yes' : 'no — one thread runs everything';
    $('thread-count').textContent = yomi.threads;
    $('cores').textContent = navigator.hardwareConcurrency ?? 'unknown';
    $('engine-note').textContent = yomi.isolated
      ? `The engine searches on ${yomi.threads} thread${yomi.threads === 1 ? '' : 's'} here.`
      : 'This page is not cross-origin isolated, so the engine runs on one thread '
        + '(slower; stopping restarts it).';
    $('engine-note').dataset.isolated = yomi.isolated;
    for (const b of yomi.boards) $('board-size').add(new Option(b.replace('x', ' × '), b, false, b === '8x8'));
    for (const id of ['black-player', 'white-player']) {
      $(id).add(new Option('Human', 'human'));
      yomi.levels.forEach((l, i) => $(id).add(new Option(`Engine ${i + 1}: ${l}`, l)));
    }
    yomi.levels.forEach((l) => $('hint-level').add(new Option(l, l, false, l === 'medium')));
    fillLevels();

    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(STORE) ?? 'null'); } catch { saved = null; }
    if (saved) {
      $('hints').checked = !!saved.hints;
      $('hint-decimals').checked = !!saved.hintDecimals;
      $('book-moves').checked = saved.bookMoves ?? true;
      if (yomi.levels.includes(saved.hintLevel)) $('hint-level').value = saved.hintLevel;
      if (saved.solveKind) $('solve-kind').value = saved.solveKind;
      const players = saved.game?.players;
      if (players && [players.black, players.white].every((p) => p === 'human' || yomi.levels.includes(p))) game.players = players;
    }
    $('black-player').value = game.players.black;
    $('white-player').value = game.players.white;
    let linked = null;
    let linkError = null;
    try {
      linked = await fromLink(location.hash);
    } catch (e) {
      linkError = e;
    }
    let start = { ...game };
    if (linked) {
      start = { ...game, ...linked };
      paused = linked.redo.length > 0;
      history.replaceState(null, '', location.pathname + location.search);
    } else if (saved?.game?.origin) {
      start = { ...game, ...saved.game };
      paused = true; // the engine waits until someone moves or presses "Engine plays from here"
    }
    try {
      game.scoring = start.scoring;
      await setGame({ ...start }, { redo: start.redo ?? [], fresh: true });
      if (!linked && saved?.game) {
        for (const k of ['evals', 'results', 'discs', 'times', 'book', 'analysis']) game[k] = saved.game[k] ?? [];
        render();
      }
    } catch (e) {
      // A stored or linked game that no longer reads: start afresh, and say why.
      paused = false;
      game.scoring = 'world';
      await setGame({ ...game, origin: { board: '8x8', start: 'othello' }, moves: [] }, { fresh: true });
      showError(`The ${linked ? 'linked' : 'saved'} game could not be read: ${e.message}`);
    }
    if (linkError) {
      history.replaceState(null, '', location.pathname + location.search);
      showError(`The linked game could not be read: ${linkError.message}`);
    }
    syncMenus();
    if (state.board !== $('board-size').value) $('board-size').value = state.board;
    document.body.dataset.ready = 'true';
    loadBook();
  } catch (e) {
    showError(e.message);
    $('engine-note').textContent = e.message;
  }
})();
