// The opening trainer: choose a named opening (or the book's best lines) and
// a side; the page plays the other side, the opening's own moves first, then
// what tournament players played (the explorer), each move as often as they
// played it, or the book's best moves where the games thin out. A move of
// yours that loses more than the chosen number of discs against the best
// (the book's values where the book knows the move, else the engine's
// search of every move at medium) is not played: the page says so, shows
// the better move on the board, and you try again. Lines you missed come
// back first next time; lines known against lines tried are kept per
// opening and side in localStorage, across visits.
import { signed } from '../format.js';
import { $, act, app, notice, sideName, showError } from './state.js';
import { setGame } from './model.js';
import { playMove } from './turn.js';
import { setClock } from './clock.js';
import { t } from '../i18n.js';

const STORE = 'yomi-trainer';
const START = { board: '8x8', start: 'othello' };

/** The named openings ({ name, moves }), once the engine has listed them. */
let openings = [];

function records() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) ?? {};
  } catch {
    return {};
  }
}

function keep(all) {
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch { /* storage full or blocked: the scores are not kept */ }
}

/** What is kept for one opening and side: lines tried, known, and missed (to come back). */
function recordOf(all, drill) {
  const key = `${drill.opening ?? ''}|${drill.side}`;
  all[key] ??= { tried: [], known: [], missed: [] };
  return all[key];
}

const same = (a, b) => a.length === b.length && a.every((m, i) => m === b[i]);
const isPrefix = (a, b) => a.length <= b.length && a.every((m, i) => m === b[i]);

/** The trainer's choices as the form holds them. */
function chosen() {
  const i = $('trainer-opening').value;
  const opening = i === '' ? null : openings[Number(i)];
  return {
    opening: opening?.name ?? null,
    line: opening?.moves ?? [],
    side: $('trainer-side').value,
    threshold: Number($('trainer-threshold').value),
    length: Number($('trainer-length').value),
  };
}

/** Fills the openings menu from the engine's list. */
export async function loadOpenings() {
  openings = await app.yomi.openings();
  const menu = $('trainer-opening');
  for (const [i, o] of openings.entries()) {
    const option = new Option(`${o.name} · ${o.moves.join(' ')}`, String(i));
    option.className = 'opening-name';
    menu.add(option);
  }
  drawScore();
}

/** Starts a drill with the form's choices: a new game from the Othello start. */
export async function startDrill() {
  const choice = chosen();
  const record = recordOf(records(), choice);
  // A line missed before comes back first: the page plays its moves again
  // up to where the miss was.
  const forced = record.missed[0] ?? null;
  app.trainer = { ...choice, played: [], forced, misses: 0, missedAt: [] };
  app.paused = false;
  setClock(null);
  notice(forced ? t('A line you missed before comes back first.') : null);
  drawTrainer();
  await setGame({ origin: START, moves: [] }, { fresh: true });
}

export function stopDrill(message) {
  app.trainer = null;
  app.paused = true;
  drawTrainer(message);
  app.view.render();
}

/** The moves of yours played past the opening's line. */
function yourMovesPast(drill) {
  const movers = app.state.movers;
  return drill.played.filter((m, i) => i >= drill.line.length && m !== 'pass' && movers[i] === drill.side).length;
}

/** The other side's move: a missed line's, the opening's, the players', or the book's. */
function theirMove(drill) {
  const { state } = app;
  const ply = drill.played.length;
  if (drill.forced && ply < drill.forced.length && isPrefix(drill.played, drill.forced)) return drill.forced[ply];
  if (ply < drill.line.length) return drill.line[ply];
  const played = (state.explorer?.moves ?? []).filter((m) => state.legal.includes(m.move));
  if (played.length) {
    let r = Math.random() * played.reduce((s, m) => s + m.games, 0);
    for (const m of played) if ((r -= m.games) < 0) return m.move;
    return played.at(-1).move;
  }
  const book = state.book?.moves ?? [];
  if (book.length) {
    const near = book.filter((m) => m.value >= book[0].value - 1);
    return near[Math.floor(Math.random() * near.length)].move;
  }
  return null;
}

/** The drill's turn (app.view.train): the other side moves, or you are asked to. */
export function train(gen) {
  const drill = app.trainer;
  const { state, game } = app;
  // The game was changed from outside the drill (Undo, a new game, a load): the drill ends.
  if (!same(game.moves, drill.played) || game.origin.board !== '8x8' || game.origin.start !== 'othello') {
    stopDrill(t('Training stopped: the game left the drill.'));
    return;
  }
  if (state.status === 'over') return finish(t('The game ended.'));
  if (state.status === 'pass') {
    setTimeout(() => gen === app.generation && playTheirs('pass'), 300);
    return;
  }
  if (state.toMove === drill.side) {
    if (yourMovesPast(drill) >= drill.length) return finish(t('You played {n} moves past the opening.', { n: drill.length }));
    drawTrainer(t('Your move as {side}.', { side: sideName(drill.side) }));
    return;
  }
  const move = theirMove(drill);
  if (move == null) return finish(t('The book and the games end here.'));
  // A moment to see the position before the reply lands.
  setTimeout(() => gen === app.generation && playTheirs(move), 400);
}

async function playTheirs(move) {
  const drill = app.trainer;
  if (!drill) return;
  drill.played.push(move);
  // What was said of your last move stays until you move again.
  await playMove(move, { keepNotice: true });
}

/** Your move (app.view.judge): played if it keeps close to the best, else shown against the best. */
export async function judge(square) {
  const drill = app.trainer;
  // One move judged at a time: a second click waits for the first's answer.
  if (drill.judging) return;
  drill.judging = true;
  try {
    await judgeMove(drill, square);
  } finally {
    drill.judging = false;
  }
}

async function judgeMove(drill, square) {
  const { state, game } = app;
  const gen = app.generation;
  const ply = game.moves.length;
  let verdict;
  if (ply < drill.line.length) {
    verdict = square === drill.line[ply]
      ? { ok: true }
      : { ok: false, better: drill.line[ply], why: t('{opening} goes {move} here.', { opening: drill.opening, move: drill.line[ply] }) };
  } else {
    const book = state.book?.moves ?? [];
    const mine = book.find((m) => m.move === square);
    let best;
    let value;
    let bestMove;
    if (mine) {
      ({ value } = mine);
      [{ value: best, move: bestMove }] = book;
    } else {
      drawTrainer(t('Checking {move}…', { move: square }));
      let r;
      try {
        r = await app.yomi.analyse(state.position, { board: state.board, level: 'medium', scoring: game.scoring, book: false, played: square });
      } catch (e) {
        showError(e.message);
        return;
      }
      if (gen !== app.generation || app.trainer !== drill) return;
      ({ best, played: value, bestMove } = r.review);
    }
    const loss = best - value;
    verdict = loss > drill.threshold
      ? { ok: false, better: bestMove, hints: new Map([[bestMove, signed(best, 0)], [square, signed(value, 0)]]),
        why: t('{move} loses {loss} discs: {better} keeps {value}.', { move: square, loss: Math.round(loss), better: bestMove, value: signed(best, 0) }) }
      : { ok: true, said: loss <= 0.5 ? t('{move}: the best move.', { move: square }) : t('{move}: good, {loss} discs from the best.', { move: square, loss: Math.round(loss) }) };
  }
  if (verdict.ok) {
    notice(verdict.said ?? null);
    drill.played.push(square);
    await playMove(square, { keepNotice: !!verdict.said });
    return;
  }
  drill.misses++;
  if (!drill.missedAt.some((m) => same(m, game.moves))) drill.missedAt.push([...game.moves]);
  notice(`${verdict.why} ${t('Try again.')}`);
  app.view.render({ hints: verdict.hints ?? new Map([[verdict.better, '✓']]), best: new Set([verdict.better]) });
  drawTrainer(t('Your move as {side}.', { side: sideName(drill.side) }));
}

/** The drill's end: the line counted as tried, and known or to come back. */
function finish(why) {
  const drill = app.trainer;
  const all = records();
  const record = recordOf(all, drill);
  const line = drill.played.join(' ');
  if (!record.tried.includes(line)) record.tried.push(line);
  record.known = record.known.filter((l) => l !== line);
  if (drill.misses === 0) {
    record.known.push(line);
    // A missed line played through without a miss is learnt.
    if (drill.forced && isPrefix(drill.forced, drill.played)) record.missed = record.missed.filter((m) => !same(m, drill.forced));
  }
  // Misses come back first next time, the newest first.
  for (const m of drill.missedAt) {
    record.missed = [m, ...record.missed.filter((x) => !same(x, m))];
  }
  keep(all);
  const result = drill.misses === 0
    ? t('Line done without a miss: {why}', { why })
    : t(drill.misses === 1 ? 'Line done with one miss ({why}): it comes back first next time.'
      : 'Line done with {n} misses ({why}): it comes back first next time.', { n: drill.misses, why });
  stopDrill(result);
}

/** The trainer's panel: its buttons, the drill's state and the score. */
export function drawTrainer(message) {
  const drill = app.trainer;
  $('trainer-start').hidden = !!drill;
  $('trainer-stop').hidden = !drill;
  for (const id of ['trainer-opening', 'trainer-side', 'trainer-threshold', 'trainer-length']) $(id).disabled = !!drill;
  if (message !== undefined) $('trainer-status').textContent = message;
  else if (!drill) $('trainer-status').textContent = '';
  drawScore();
}

function drawScore() {
  const record = recordOf(records(), app.trainer ?? chosen());
  $('trainer-score').textContent = record.tried.length
    ? t('Lines known: {known} of {tried} tried; {missed} to review.', { known: record.known.length, tried: record.tried.length, missed: record.missed.length })
    : t('No line tried yet with this opening and side.');
}

$('trainer-start').addEventListener('click', act(startDrill));
$('trainer-stop').addEventListener('click', () => stopDrill(t('Training stopped.')));
for (const id of ['trainer-opening', 'trainer-side']) $(id).addEventListener('change', () => drawScore());
