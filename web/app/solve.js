// Solving the position on the board: exact or win/draw/loss, every move's
// result if asked, with progress while it runs; the perfect line as paper
// 001's numbered diagram, and Replay to step through it on the board.
import { signed as fmt, count as big } from '../format.js';
import { BoardView } from '../board-view.js';
import { $, act, app, sideName, showError } from './state.js';
import { cancelWork, save, setGame, setWork } from './model.js';
import { render } from './board.js';
import { wldWord } from './turn.js';
import { newGame } from './games.js';
import { t } from '../i18n.js';

const diagram = new BoardView($('diagram'), { selectable: () => false, label: 'The solved position with the line numbered' });

$('solve').addEventListener('submit', (e) => {
  e.preventDefault();
  solveCurrent();
});
$('solve-stop').addEventListener('click', () => app.yomi.stop());
$('solve-kind').addEventListener('change', save);

// What to expect of a solve on 8×8, from the measurements (engine/MEASUREMENTS.md):
// FFO's 20–22-empty positions take seconds, its 30–34-empty ones minutes to
// an hour, and each further empty square multiplies the time by about 3.
function expectation(position, wld) {
  if (position.rows * position.cols < 64 || position.status !== 'move') return '';
  const empties = position.cells.filter((c) => c === 0).length;
  const kind = wld ? 'A win/draw/loss solve' : 'An exact solve';
  if (empties >= 36) {
    return `${kind} of ${empties} empty squares can take days: no engine solves positions this early. `
      + 'Stop keeps what the moves solved so far prove.';
  }
  if (empties >= 28) {
    return `${kind} of ${empties} empty squares can take from minutes to hours here.`
      + `${wld ? '' : ' Win, draw or loss is several times faster.'} Stop keeps what is proven so far.`;
  }
  if (empties >= 24) return `${kind} of ${empties} empty squares may take a minute or more.`;
  return '';
}

async function solveCurrent() {
  app.generation++;
  await cancelWork();
  const gen = app.generation;
  const position = { ...app.state };
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
  $('solve-warning').textContent = expectation(position, wld);
  try {
    const r = await app.yomi.solve(position.position, {
      board: position.board, scoring: app.game.scoring, wld, allMoves,
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
    if (app.work === 'solve') setWork(null);
    $('solve-stop').disabled = true;
    $('solve').querySelector('button[type=submit]').disabled = false;
    if (gen === app.generation) app.view.continueGame();
  }
}

/** What a stopped solve proved, as the page writes numbers: "≥ +4", "≤ −2", "between −2 and +4". */
function bounds(lower, upper) {
  if (lower != null && upper != null) return lower === upper ? fmt(lower, 0) : t('between {low} and {high}', { low: fmt(lower, 0), high: fmt(upper, 0) });
  return lower != null ? `≥ ${fmt(lower, 0)}` : `≤ ${fmt(upper, 0)}`;
}

function showSolution(position, r, wld, gen) {
  $('solve-out').hidden = false;
  const side = sideName(position.toMove);
  const rule = t(app.game.scoring === 'paper' ? 'disc-difference scoring' : 'world scoring');
  $('solve-line-label').textContent = t(wld ? 'A line that keeps the result' : 'Perfect line');
  if (r.stopped) {
    // What the moves solved before the stop prove, as `yomi solve --time` says it.
    const n = r.moves.length;
    const solved = n ? t(n === 1 ? ' (1 move solved)' : ' ({n} moves solved)', { n }) : '';
    const best = r.best ? t(', best move so far {move}', { move: r.best }) : '';
    $('solve-result').textContent = r.lower == null && r.upper == null
      ? t('Stopped before the end: no result, nothing proven yet.')
      : t('Stopped before the end: no result. Proven so far for {side}: {proven}{best}{solved}.', { side, proven: bounds(r.lower, r.upper), best, solved });
    app.lastSolve = null;
    $('replay').disabled = true;
  } else if (position.status === 'over') {
    const how = r.score > 0 ? 'The game is over: {side} won ({score}, {rule}).' : r.score < 0 ? 'The game is over: {side} lost ({score}, {rule}).'
      : 'The game is over: {side} drew ({score}, {rule}).';
    $('solve-result').textContent = t(how, { side, score: fmt(r.score, 0), rule });
  } else if (wld) {
    // A win/draw/loss solve proves the result only: its score and final
    // discs are bounds, not the game's, so none are shown.
    const result = r.result === 'win' ? '{side} to move wins with perfect play.' : r.result === 'loss' ? '{side} to move loses with perfect play.'
      : '{side} to move draws with perfect play.';
    const move = r.result === 'loss' ? t('Every move loses.')
      : t(r.result === 'win' ? 'Winning move: {move}.' : 'Drawing move: {move}.', { move: r.best ?? '–' });
    $('solve-result').textContent = `${t(result, { side })} ${move} ${t('(Win, draw or loss only: choose "Exact score" for the margin.)')}`;
  } else {
    const winner = t(r.black > r.white ? 'Black wins' : r.white > r.black ? 'White wins' : 'A draw');
    const outcome = r.result === 'draw' ? t('{side} to move: a draw with perfect play — ', { side })
      : t(r.result === 'win' ? '{side} to move: win by {n} with perfect play — ' : '{side} to move: loss by {n} with perfect play — ', { side, n: Math.abs(r.score) });
    $('solve-result').textContent = outcome + t('{winner} {high}–{low} ({score} for {side}, {rule}). Best move: {move}.', {
      winner, high: Math.max(r.black, r.white), low: Math.min(r.black, r.white), score: fmt(r.score, 0), side, rule, move: r.best ?? '–',
    });
  }
  if (!r.stopped && position.status !== 'over') {
    app.lastSolve = { moves: [...app.game.moves], origin: app.game.origin, pv: r.pv };
    $('replay').disabled = r.pv.length === 0;
  }
  // A stopped solve has no line: neither the line nor its diagram is shown.
  $('solve-line').closest('p').hidden = r.stopped;
  $('diagram').closest('figure').hidden = r.stopped;
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
  if (gen === app.generation && r.moves.length) {
    const top = r.moves[0][1];
    app.solved = {
      hints: new Map(r.moves.map(([sq, v]) => [sq, wld ? wldWord(v) : fmt(v, 0)])),
      best: new Set(r.moves.filter(([, v]) => v === top).map(([sq]) => sq)),
    };
    render();
  }
}

// The line goes onto Redo: Redo (or the move list) steps through it.
$('replay').addEventListener('click', act(async () => {
  const { lastSolve } = app;
  if (!lastSolve) return;
  app.paused = true;
  await setGame({ origin: lastSolve.origin, moves: lastSolve.moves }, { redo: [...lastSolve.pv].reverse() });
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
    app.game.players = { black: 'human', white: 'human' };
    await newGame({ board: b.dataset.board, start: 'othello' }, {
      scoring: 'paper',
      message: `Set up for paper 001: ${b.dataset.board.replace('x', '×')}, disc-difference scoring, both players human.`,
    });
    const stored = (await solvedBoards)?.find((s) => s.board === b.dataset.board && s.start === 'othello' && s.scoring === 'paper');
    if (stored) showStored(stored);
    else if (b.hasAttribute('data-stored-only')) {
      // Hours of solving: never started by a click, only shown when kept.
      $('solve-out').hidden = true;
      $('solve-warning').textContent = t('The stored solution of {board} could not be loaded (it comes with the site: reload when online). Solving it here would take hours.', { board: b.dataset.board.replace('x', '×') });
    } else await solveCurrent();
  }));
}

// Boards solved from the start (engine/solves/solved.json), fetched after
// the first paint: a one-click solve of one of them shows it at once.
// Offline before the file was kept: null, and the small boards are solved live.
const solvedBoards = fetch('solved.json').then((r) => (r.ok ? r.json() : null)).then((boards) => (Array.isArray(boards) ? boards : null), () => null);

/** Seconds said in the unit that reads best: "0.35 s", "19 min", "3.3 h". */
function duration(seconds) {
  if (seconds < 120) return t('{n} s', { n: seconds.toFixed(2) });
  if (seconds < 7200) return t('{n} min', { n: Math.round(seconds / 60) });
  return t('{n} h', { n: (seconds / 3600).toFixed(1) });
}

/** A stored solution of the start shown as a finished solve, said to be stored. */
function showStored(s) {
  app.generation++;
  const position = { ...app.state };
  const r = {
    score: s.value, result: s.value > 0 ? 'win' : s.value < 0 ? 'loss' : 'draw', stopped: false,
    black: s.final.black, white: s.final.white, best: s.line[0], pv: s.line,
    moves: Object.entries(s.moves ?? {}), seconds: s.seconds, nodes: s.nodes,
  };
  const bar = $('solve-progress');
  bar.max = 1;
  bar.value = 1;
  $('solve-warning').textContent = '';
  $('solve-stats').textContent = t('stored result: solved in {time}, {nodes} nodes on {threads} thread(s); checked: {checks}. Press \u201cSolve this position\u201d to solve it again here.', {
    time: duration(s.seconds), nodes: big(s.nodes), threads: s.threads, checks: s.checks.join('; '),
  });
  showSolution(position, r, false, app.generation);
}
