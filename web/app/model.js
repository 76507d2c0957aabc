// The game model: going to a game (the engine reports on it), what is known
// of each ply, moving through the line, and keeping the game in storage and
// in links. It draws nothing: it calls app.view when the game changed.
import { $, app, line, showError } from './state.js';
import { t } from '../i18n.js';

export function humanToMove() {
  const { state, game } = app;
  // In a drill of the opening trainer, you play your side and the trainer the other.
  const yours = app.trainer ? state?.toMove === app.trainer.side : game.players[state?.toMove] === 'human';
  return state && !app.editing && !app.clock?.flagged && state.status === 'move' && yours;
}

export function engineToMove() {
  const { state, game } = app;
  return state && !app.trainer && state.status !== 'over' && !app.clock?.flagged && game.players[state.toMove] !== 'human';
}

// Goes to the line `origin` and `moves`. `fresh`: a new game or position,
// so what was known of the old line goes. `redo`: the moves after it. Only
// the line: the players and the scoring are the menus' own, so a change
// still on its way never brings back the ones it started with.
export async function setGame({ origin, moves }, { redo = [], fresh = false, animate = false } = {}) {
  const { game } = app;
  // Stop the engine first: the worker answers in order, so a state request
  // would wait behind a running search.
  app.generation++;
  const mine = ++app.changes;
  await cancelWork();
  let s;
  try {
    s = await app.yomi.state({ origin, moves });
  } catch (e) {
    if (mine !== app.changes) return false;
    // A bad position or move: the game stays as it was, and goes on.
    app.view.render();
    app.view.continueGame();
    throw e;
  }
  // A later change of the game (a New game while the engine's move was on
  // its way) wins: this one is stale and must not bring the old game back.
  if (mine !== app.changes) return false;
  const oldLine = line();
  Object.assign(game, { origin, moves, redo });
  if (fresh) {
    for (const k of ['evals', 'results', 'discs', 'times', 'book', 'analysis', 'variations']) game[k] = [];
  } else {
    // What is known of plies past the point where the line changed goes.
    const now = line();
    const same = shared(now, oldLine);
    for (const k of ['evals', 'results', 'discs']) game[k].length = Math.min(game[k].length, same + 1);
    for (const k of ['times', 'book', 'analysis']) game[k].length = Math.min(game[k].length, same);
    keepLine(oldLine, now);
  }
  game.discs[game.moves.length] = s.black - s.white;
  app.state = s;
  app.solved = null;
  showError('');
  $('thinking').textContent = '';
  app.view.render({ animate });
  save();
  app.view.continueGame();
  return true;
}

/** How many first moves two lines share. */
const shared = (a, b) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

// A line left for another (a different move tried) stays as a variation,
// unless it is part of the line now or of one kept already; the line now
// is no variation of itself.
function keepLine(old, now) {
  const { game } = app;
  const within = (a, b) => shared(a, b) === a.length;
  game.variations = (game.variations ?? []).filter((v) => !within(v, now) && !within(v, old));
  if (!within(old, now) && !game.variations.some((v) => within(old, v))) game.variations.push(old);
}

/** Goes to where `variation` leaves the line now, with its moves on Redo. */
export async function followLine(variation) {
  const same = shared(line(), variation);
  app.paused = true;
  await setGame({ origin: app.game.origin, moves: variation.slice(0, same + 1) }, { redo: variation.slice(same + 1).reverse() });
}

/** Where each variation leaves the line now: the number of moves it shares with it. */
export const branchOf = (variation) => shared(line(), variation);

// A setting of the turn changed (players, hints, scoring): what the engine
// was doing for it ends, and the game goes on under the new setting.
export async function restartTurn() {
  app.generation++;
  await cancelWork();
  app.view.render();
  save();
  app.view.continueGame();
}

export async function cancelWork() {
  if (app.work) {
    app.work = null;
    updateStop();
    await app.yomi.stop();
  }
}

export function setWork(kind) {
  app.work = kind;
  updateStop();
}

// Stop is there whenever the engine works for the page; while it thinks
// about its own move, stopping it means "play the best move found so far".
function updateStop() {
  const { work } = app;
  $('stop').disabled = work == null;
  $('stop').textContent = t(work === 'think' ? 'Move now' : 'Stop');
  $('stop').title = t(work === 'think' ? 'The engine plays the best move it has found so far'
    : work ? 'Stop the engine' : 'Nothing is running');
}

// A value for Black after `ply` moves: a disc score (midgame or exact) goes
// on the score line; a win/draw/loss result (±1, 0) is no disc score, so it
// is kept apart and drawn as a band, never as a point near zero.
export function noteValue(ply, kind, forBlack) {
  app.game.evals[ply] = kind === 'wld' ? null : forBlack;
  app.game.results[ply] = kind === 'wld' ? Math.sign(forBlack) : null;
}

// A move that loses this much against the best is a mistake: 4 discs by the
// midgame estimate, any disc once the solver is exact, any change of result
// in a win/draw/loss solve.

// ---- moving through the game ----------------------------------------------

// Goes to the position after `ply` moves of the line; the rest stays on
// Redo. The engine then waits ("Engine plays from here" lets it go on).
export async function jumpTo(ply) {
  const all = line();
  if (ply < 0 || ply > all.length) return;
  app.paused = true;
  await setGame({ origin: app.game.origin, moves: all.slice(0, ply) }, { redo: all.slice(ply).reverse() });
}

// Undo goes back to the last position a person chose a move in (the
// engine's replies and forced passes are taken back with it). Who moved at
// each ply is the engine's to say: a pass or a position with White to move
// makes parity wrong.
export async function undo() {
  const { moves, players } = app.game;
  if (moves.length === 0) return;
  const movers = app.state.movers;
  const anyHuman = players.black === 'human' || players.white === 'human';
  const person = (k) => !anyHuman || players[movers[k]] === 'human';
  let k = moves.length;
  do k--; while (k > 0 && (moves[k] === 'pass' || !person(k)));
  await jumpTo(k);
}

// Redo undoes Undo: it replays a person's move and the engine's replies
// and forced passes after it, and once the whole line is back the engine
// goes on as before, so Ctrl+Z then Ctrl+Y brings the game back.
export async function redo() {
  const { game } = app;
  if (game.redo.length === 0) return;
  const all = line();
  const { players } = game;
  const anyHuman = players.black === 'human' || players.white === 'human';
  let k = game.moves.length + 1;
  if (anyHuman) {
    const { movers } = await app.yomi.state({ origin: game.origin, moves: all });
    while (k < all.length && (all[k] === 'pass' || players[movers[k]] !== 'human')) k++;
  }
  await jumpTo(k);
  if (k === all.length) {
    app.paused = false;
    app.view.render();
    app.view.continueGame();
  }
}

// ---- keeping the game: storage and links -------------------------------------

const STORE = 'yomi-app';

export function save() {
  const { game } = app;
  try {
    localStorage.setItem(STORE, JSON.stringify({
      game: { origin: game.origin, moves: game.moves, redo: game.redo, scoring: game.scoring, players: game.players,
        evals: game.evals, results: game.results, discs: game.discs, times: game.times, book: game.book,
        analysis: game.analysis, variations: game.variations },
      hints: $('hints').checked,
      bookMoves: $('book-moves').checked,
      hintDecimals: $('hint-decimals').checked,
      hintLevel: $('hint-level').value,
      solveKind: $('solve-kind').value,
    }));
  } catch { /* storage full or blocked: the game just is not kept */ }
}

/** What save() kept, or null. */
export function saved() {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? 'null');
  } catch {
    return null;
  }
}

// A position travels with its board beside it, so nothing has to guess the
// board from the string's length (links with an `RxC:` prefix still read).
export function gameLink() {
  const { game } = app;
  const p = new URLSearchParams();
  if (game.origin.position != null) {
    p.set('position', game.origin.position);
    p.set('board', app.state?.board ?? game.origin.board);
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

/** The game a link's #fragment names ({ origin, moves, redo, scoring }), or null. */
export async function fromLink(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (!p.has('board') && !p.has('position')) return null;
  const origin = p.has('position') ? { position: p.get('position'), board: p.get('board') }
    : { board: p.get('board'), start: p.get('start') ?? 'othello' };
  // The engine reads the moves, so a link written by hand may leave passes out.
  const { moves: all } = await app.yomi.state({ origin, record: p.get('moves') ?? '' });
  const at = p.has('at') ? Math.max(0, Math.min(all.length, Number(p.get('at')) || 0)) : all.length;
  return { origin, moves: all.slice(0, at), redo: all.slice(at).reverse(), scoring: p.get('scoring') === 'paper' ? 'paper' : 'world' };
}
