// The board and what is drawn around it: the discs and hints, the counts and
// status, the game-over banner, the move list, the score graph, the players'
// levels, and the board as an image. It reads the state object and draws.
import { BOARD_CSS } from '../board-view.js';
import { signed as fmt } from '../format.js';
import { $, app, download, line, notice, sideName, showError } from './state.js';
import { branchOf, engineToMove, followLine, humanToMove, jumpTo } from './model.js';
import { drawEditor } from './editor.js';
import { drawExplorer } from './explorer.js';
import { flagged, syncClock, timeLoss } from './clock.js';
import { t } from '../i18n.js';

document.head.append(Object.assign(document.createElement('style'), { textContent: BOARD_CSS }));

// Measured with `yomi match "level=A,weights=browser" "level=B,weights=browser" --games 20 --random-plies 6`
// on 8×8, the evaluation this page plays once its network has come (engine/README.md, the levels
// table): each level's points against the level below.
export const LEVEL_RESULTS = {
  beginner: '20–0 against random moves',
  easy: '17½–2½ against beginner',
  medium: '17½–2½ against easy',
  hard: '16½–3½ against medium',
  expert: '6–4 against hard (10 games)',
  maximum: 'not measured: at up to 30 s a move, 20 games take hours',
};

export function render({ hints, best, book = false, animate = false } = {}) {
  const { game, state, editing, solved, paused } = app;
  if (!state) return;
  if (editing) return drawEditor();
  const last = [...game.moves].reverse().find((m) => m !== 'pass') ?? null;
  if (!hints && solved) {
    hints = solved.hints;
    best = solved.best;
  } else if (!hints && app.hinted?.generation === app.generation) {
    ({ hints, best, book } = app.hinted);
  } else if (!hints && state.book && state.status === 'move' && !flagged() && $('book-moves').checked && !app.trainer) {
    // (A drill of the opening trainer hides them: they would give its answers away.)
    // The book's values, drawn apart from a search's scores.
    ({ hints, best } = bookHints(state.book));
    book = true;
  }
  syncClock();
  app.board.draw(state, { hints: hints ?? new Map(), best: best ?? new Set(), book, last, interactive: humanToMove(), animate });
  // The opening's name stays as the books write it: a name, not a phrase to translate.
  const [before, after] = t('Opening: {name}').split('{name}');
  const name = Object.assign(document.createElement('span'), { className: 'opening-name', textContent: state.opening ?? '' });
  $('opening').replaceChildren(before, name, after);
  $('opening').hidden = !state.opening;
  $('black-count').textContent = state.black;
  $('white-count').textContent = state.white;
  $('to-move').textContent = state.status === 'over' || flagged() ? '' : t('· {side} to move', { side: sideName(state.toMove) });
  $('record').textContent = game.moves.filter((m) => m !== 'pass').join(' ');
  $('record').dataset.copy = state.record;
  $('position').textContent = state.position;
  $('undo').disabled = game.moves.length === 0;
  $('first').disabled = game.moves.length === 0;
  $('redo').disabled = game.redo.length === 0;
  $('last').disabled = game.redo.length === 0;
  // A quarter turn needs a square board.
  $('rotate').disabled = state.rows !== state.cols;
  $('status').textContent = statusText();
  const resume = paused && state.status !== 'over' && (engineToMove() || state.status === 'pass');
  $('resume').hidden = !resume;
  $('resume').textContent = t(engineToMove() ? 'Engine plays from here' : 'Continue');
  drawBanner();
  drawMoveList();
  drawGraph();
  drawExplorer();
  describePlayers();
}

// What the book knows of a position as board hints: every book move's
// value in whole discs for the side to move, the best marked.
export function bookHints(book) {
  const hints = new Map(book.moves.map((m) => [m.move, fmt(m.value, 0)]));
  const best = new Set(book.moves.filter((m) => m.value === book.moves[0].value).map((m) => m.move));
  return { hints, best };
}

export function finalScore() {
  const { game, state } = app;
  return game.scoring === 'paper' ? state.scorePaper : state.scoreWorld;
}

function statusText() {
  const { game, state, paused } = app;
  const side = sideName(state.toMove);
  if (flagged()) return timeLoss(flagged());
  if (state.status === 'over') {
    const score = finalScore();
    const rule = t(game.scoring === 'paper' ? 'paper 001 scoring' : 'world scoring');
    const counts = `${state.black}–${state.white}, ${rule}`;
    if (score === 0) return t('Game over: a draw ({counts}).', { counts });
    return t('Game over: {winner} wins by {n} ({counts}).', { winner: sideName(score > 0 ? 'black' : 'white'), n: Math.abs(score), counts });
  }
  if (state.status === 'pass') return t('{side} has no legal move and must pass.', { side });
  const player = game.players[state.toMove];
  if (player === 'human') return t('{side} to move.', { side });
  return paused ? t('{side} to move (the engine, {player}): paused while you look through the game.', { side, player })
    : t('{side} to move: the engine ({player}) is thinking.', { side, player });
}

function drawBanner() {
  const { state, editing } = app;
  const over = (state.status === 'over' || flagged()) && !editing;
  $('banner').hidden = !over;
  if (!over) return;
  // What was said of the last moves (a pass) is over with the game.
  if ($('notice').dataset.untilOver) notice(null);
  if (flagged()) {
    $('banner-text').textContent = timeLoss(flagged());
    return;
  }
  const score = finalScore();
  $('banner-text').textContent = score === 0
    ? t('A draw, {black}–{white}', { black: state.black, white: state.white })
    : t('{winner} wins {high}–{low} (by {n})', {
      winner: sideName(score > 0 ? 'black' : 'white'), high: Math.max(state.black, state.white), low: Math.min(state.black, state.white), n: Math.abs(score),
    });
}

export function drawMoveList() {
  const { game } = app;
  const list = $('move-list');
  const all = line();
  const frag = document.createDocumentFragment();
  const start = document.createElement('li');
  start.append(moveButton(0, t('start'), game.moves.length === 0));
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
    if (a?.grade) {
      // The engine's grade (tools/review.rs: best under 1 disc, good 1-3,
      // inaccuracy 3-6, mistake 6-12, blunder 12 or more), marked as
      // annotators do: ?! ? ??; whole discs lost from a disc on.
      const mark = { inaccuracy: '?!', mistake: '?', blunder: '??' }[a.grade];
      if (mark) b.append(Object.assign(document.createElement('span'), { className: `grade ${a.grade}`, textContent: mark, title: t(a.grade) }));
      if (a.loss >= 1) {
        b.append(Object.assign(document.createElement('span'), { className: 'loss', textContent: `−${Math.round(a.loss)}` }));
      }
      label += a.loss > 0 ? `, ${a.grade}: loses ${+a.loss.toFixed(1)} against ${a.bestMove}` : `, ${a.grade}`;
      if (a.mistake) b.classList.add('mistake');
    }
    if (game.book[i]) {
      b.append(Object.assign(document.createElement('span'), { className: 'book', textContent: t('book'), title: t('a move of the opening book') }));
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
  drawVariations();
  // Keep the current move in view inside the list (never scroll the page).
  const current = list.querySelector('[aria-current]');
  if (current && list.scrollHeight > list.clientHeight) {
    const top = current.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

// The other lines of the game: each where it leaves the line now, and its
// first moves from there; choosing one follows it (and keeps this one).
function drawVariations() {
  const { variations = [] } = app.game;
  $('variations').hidden = variations.length === 0;
  $('variation-list').replaceChildren(...variations.map((v) => {
    const at = branchOf(v);
    const rest = v.slice(at);
    const b = Object.assign(document.createElement('button'), { type: 'button' });
    b.textContent = `at move ${at + 1}: ${rest.slice(0, 6).join(' ')}${rest.length > 6 ? ' …' : ''}`;
    b.setAttribute('aria-label', `the line with ${rest[0]} at move ${at + 1}, ${v.length} moves in all`);
    b.addEventListener('click', () => followLine(v).catch((e) => showError(e.message)));
    const li = document.createElement('li');
    li.append(b);
    return li;
  }));
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

export function drawGraph() {
  const { game, state } = app;
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
  out += `<text x="${(x0 + x1) / 2}" y="148" text-anchor="middle">${t('move')}</text>`
    + `<text x="8" y="${(y0 + y1) / 2}" text-anchor="middle" transform="rotate(-90 8 ${(y0 + y1) / 2})">${t("Black's score")}</text>`;
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
    if (a?.mistake && v != null) {
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

export function levelText(name) {
  const { levelDetails } = app;
  const l = levelDetails.find((d) => d.name === name);
  if (!l) return name;
  const time = l.seconds ? t(', up to {s} s a move', { s: l.seconds }) : '';
  const solve = l.perfect ? t(', exact from {n} empties', { n: l.perfect }) : '';
  const depth = l.depth >= 60 ? t('as deep as time allows') : t(l.depth === 1 ? '1 ply deep' : '{n} plies deep', { n: l.depth });
  return `${depth}${time}${solve}`;
}

function describePlayers() {
  const { game } = app;
  const parts = ['black', 'white'].filter((c) => game.players[c] !== 'human')
    .map((c) => `${sideName(c)}: ${t(game.players[c])} — ${levelText(game.players[c])} (${t(LEVEL_RESULTS[game.players[c]])}).`);
  $('level-note').textContent = parts.join(' ');
}

// The board as a PNG to keep or share: the discs with coordinates and the
// last move, then the counts, who is to move (or the result), and the
// record, wrapped to the image's width.
export function boardImage() {
  const { game, state } = app;
  const cell = 56;
  const margin = 28;
  const { rows, cols, cells } = state;
  const width = cols * cell + margin * 2;
  const g0 = document.createElement('canvas').getContext('2d');
  g0.font = '14px ui-monospace, monospace';
  const record = game.moves.filter((m) => m !== 'pass');
  const lines = [];
  for (const m of record) {
    const next = lines.length ? `${lines.at(-1)} ${m}` : m;
    if (lines.length && g0.measureText(next).width <= width - margin * 2) lines[lines.length - 1] = next;
    else lines.push(m);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = rows * cell + margin * 2 + 30 + lines.length * 20;
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
  const top = rows * cell + margin * 2;
  g.textAlign = 'left';
  g.fillStyle = '#d5eadc';
  g.font = '600 15px system-ui, sans-serif';
  const turn = state.status === 'over' ? statusText().replace(/^Game over: /, '') : `${sideName(state.toMove)} to move`;
  g.fillText(`Black ${state.black} · White ${state.white} · ${turn}`, margin, top + 6);
  g.font = '14px ui-monospace, monospace';
  lines.forEach((l, i) => g.fillText(l, margin, top + 30 + i * 20));
  return canvas;
}

$('save-image').addEventListener('click', () => {
  boardImage().toBlob((blob) => download(blob, `yomi-${app.state.board}-move-${app.game.moves.length}.png`), 'image/png');
});
