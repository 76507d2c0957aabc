// Whose turn it is and what happens then: a person's click, the engine's
// move (a search at its level, progress shown as it thinks), a forced pass,
// and the hints (every legal move's score) for a person to move.
import { signed as fmt, count as big } from '../format.js';
import { $, app, notice, sideName, showError } from './state.js';
import { engineToMove, humanToMove, noteValue, save, setGame, setWork } from './model.js';
import { drawGraph, drawMoveList, render } from './board.js';
import { flagged, secondsLeft } from './clock.js';
import { t } from '../i18n.js';

export function continueGame() {
  const { state } = app;
  const gen = app.generation;
  // No game yet (the first one failed to load) is nothing to continue.
  if (!state || app.editing) return;
  // A drill of the opening trainer plays the other side itself.
  if (app.trainer) return app.view.train(gen);
  if (state.status === 'over' || flagged()) return;
  if (state.status === 'pass') {
    if (app.paused) return;
    setTimeout(() => {
      if (gen !== app.generation || app.paused) return;
      notice(t('{side} had no legal move and passed.', { side: sideName(state.toMove) }), null, { untilOver: true });
      playMove('pass', { keepNotice: true });
    }, 300);
    return;
  }
  if (engineToMove()) {
    if (!app.paused) think(gen);
  } else if ($('hints').checked) {
    showHints(gen);
  }
}

export async function playMove(move, { keepNotice = false, seconds } = {}) {
  const { game } = app;
  const ply = game.moves.length;
  const fromBook = !!app.state?.book?.moves.some((m) => m.move === move);
  const redo = game.redo.at(-1) === move ? game.redo.slice(0, -1) : [];
  if (!keepNotice) notice(null);
  if (!(await setGame({ origin: game.origin, moves: [...game.moves, move] }, { redo, animate: true }))) return false;
  if (seconds != null || fromBook) {
    if (seconds != null) game.times[ply] = seconds;
    if (fromBook) game.book[ply] = true;
    drawMoveList();
    save();
  }
  return true;
}

export async function humanPlay(square) {
  if (!humanToMove() || !app.state.legal.includes(square)) return;
  // In a drill of the opening trainer, a move is judged before it is played.
  if (app.trainer) return app.view.judge(square);
  app.paused = false;
  try {
    await playMove(square);
  } catch (e) {
    showError(e.message);
  }
}

// The engine's move: a search at its level, progress shown as it thinks.
async function think(gen) {
  const { state, game } = app;
  setWork('think');
  const level = game.players[state.toMove];
  const side = state.toMove;
  const sign = side === 'black' ? 1 : -1;
  const ply = game.moves.length;
  try {
    const r = await app.yomi.search(state.position, {
      board: state.board, level, scoring: game.scoring, clock: secondsLeft(side),
      onProgress: (p) => gen === app.generation && showThinking(p, side, t('{side} ({level}) thinks', { side: sideName(side), level: t(level) })),
    });
    if (gen !== app.generation) return;
    setWork(null);
    if (r.best == null) return;
    noteValue(ply, r.kind, sign * r.score);
    const said = describeSearch(r, side);
    // A notice stays until the person acts: the engine's reply does not clear it.
    if (!(await playMove(r.best, { seconds: r.seconds, keepNotice: true }))) return;
    $('thinking').textContent = t('{side} ({level}) played {move}: {said}', { side: sideName(side), level: t(level), move: r.best, said });
  } catch (e) {
    if (gen === app.generation) {
      setWork(null);
      showError(e.message);
    }
  }
}

/** A search report in words, its score said from `side`'s point of view. */
function describeSearch(r, side) {
  const who = sideName(side);
  let what;
  if (r.kind === 'book') {
    return t('from the opening book: {score} for {who}', { score: fmt(r.score, 0), who })
      + (r.pv?.length ? ` · ${t('book line')} ${r.pv.join(' ')}` : '');
  }
  if (r.kind === 'exact') what = t('exact: {score} for {who}', { score: fmt(r.score, 0), who });
  else if (r.kind === 'wld') what = t(r.score > 0 ? 'solved: a win for {who}' : r.score < 0 ? 'solved: a loss for {who}' : 'solved: a draw for {who}', { who });
  else what = t('depth {depth}: {score} for {who}', { depth: r.depth, score: fmt(r.score), who });
  const speed = r.seconds >= 0.05 && r.nodes > 0 ? ` · ${t('{n} nodes/s', { n: big(r.nodesPerSecond) })}` : '';
  const pv = r.pv?.length ? ` · ${r.pv.join(' ')}` : '';
  return `${what}${pv} · ${t('{n} nodes', { n: big(r.nodes) })}${speed} · ${t('{s} s', { s: r.seconds.toFixed(1) })}${r.stopped ? ` · ${t('stopped')}` : ''}`;
}

function showThinking(r, side, prefix) {
  $('thinking').textContent = `${prefix}: ${describeSearch(r, side)}`;
}

export const wldWord = (v) => (v > 0 ? 'win' : v < 0 ? 'loss' : 'draw');

// Every legal move's score for the person to move.
async function showHints(gen) {
  const { state, game } = app;
  setWork('hints');
  const side = state.toMove;
  const sign = side === 'black' ? 1 : -1;
  const ply = game.moves.length;
  // One value a move: where the book knows a move (and is shown), its value,
  // backed up from deeper searches, stands for that move's estimate; a
  // solve's exact or win/draw/loss values stand for themselves.
  const book = $('book-moves').checked && state.book ? new Map(state.book.moves.map((m) => [m.move, m.value])) : new Map();
  const merged = (r) => {
    const fromBook = new Set(r.kind === 'midgame' ? r.moves.map(([sq]) => sq).filter((sq) => book.has(sq)) : []);
    const moves = r.moves.map(([sq, v]) => [sq, fromBook.has(sq) ? book.get(sq) : v]).sort((a, b) => b[1] - a[1]);
    return { moves, fromBook };
  };
  const draw = (r) => {
    if (gen !== app.generation || !r?.moves?.length) return;
    const { moves, fromBook } = merged(r);
    // Whole discs unless tenths are asked for: estimates crowd a small board.
    const digits = r.kind === 'midgame' && $('hint-decimals').checked ? 1 : 0;
    const hints = new Map(moves.map(([sq, v]) => [sq, r.kind === 'wld' ? wldWord(v) : fmt(v, fromBook.has(sq) ? 0 : digits)]));
    const top = moves[0][1];
    app.hinted = { generation: gen, hints, best: new Set(moves.filter(([, v]) => v === top).map(([sq]) => sq)), book: fromBook };
    render(app.hinted);
    const head = t('Scores for {side} at {level}', { side: sideName(side), level: t($('hint-level').value) });
    const note = fromBook.size ? t(' ({n} of them from the opening book, in italics)', { n: fromBook.size }) : '';
    showThinking(r, side, head + note);
  };
  try {
    // Every legal move's score: a search, never the book (which the board
    // shows apart, and which knows only some moves).
    const r = await app.yomi.analyse(state.position, {
      board: state.board, level: $('hint-level').value, scoring: game.scoring, book: false, onProgress: draw,
    });
    if (gen !== app.generation) return;
    setWork(null);
    draw(r);
    if (r.moves?.length) noteValue(ply, r.kind, sign * merged(r).moves[0][1]);
    drawGraph();
  } catch (e) {
    if (gen === app.generation) {
      setWork(null);
      showError(e.message);
    }
  }
}
