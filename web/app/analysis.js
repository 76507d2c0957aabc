// Whole-game analysis: every move of the line against the best move at the
// hint level; what each lost shows in the move list and the graph, and the
// mistakes are summed per player. Stop keeps what is done.
import { $, act, app, line, notice, sideName } from './state.js';
import { cancelWork, noteValue, save, setWork } from './model.js';
import { drawGraph, drawMoveList, render } from './board.js';
import { t } from '../i18n.js';

async function analyseGame() {
  const { game } = app;
  const all = line();
  if (all.length === 0) return notice('There are no moves to analyse yet.');
  app.generation++;
  await cancelWork();
  const gen = app.generation;
  const run = (app.analysisRun = { cancelled: false });
  app.paused = true;
  setWork('analyse');
  const level = $('hint-level').value;
  const bar = $('analyse-progress');
  bar.hidden = false;
  bar.max = all.length;
  $('analyse').disabled = true;
  let done = 0;
  try {
    for (let i = 0; i < all.length && !run.cancelled && gen === app.generation; i++) {
      bar.value = i;
      $('analyse-note').textContent = t('move {i} of {n}', { i: i + 1, n: all.length });
      const s = await app.yomi.state({ origin: game.origin, moves: all.slice(0, i) });
      game.discs[i] = s.black - s.white;
      if (all[i] === 'pass') continue;
      // The engine judges the move played (its grade and whether it is a
      // mistake: one rule with `yomi analyse`).
      const r = await app.yomi.analyse(s.position, { board: s.board, level, scoring: game.scoring, book: false, played: all[i] });
      if (r.stopped || run.cancelled || gen !== app.generation) break;
      const sign = s.toMove === 'black' ? 1 : -1;
      const { best, played, loss, bestMove, grade, mistake } = r.review;
      game.analysis[i] = { best, played, loss, bestMove, grade, mistake, kind: r.kind, mover: s.toMove };
      noteValue(i, r.kind, sign * best);
      noteValue(i + 1, r.kind, sign * played);
      done++;
      drawMoveList();
      drawGraph();
    }
  } finally {
    if (app.work === 'analyse') setWork(null);
    bar.hidden = true;
    $('analyse').disabled = false;
  }
  if (gen !== app.generation) return;
  // Older saved analyses did not keep who moved: the engine says, from the line.
  const { movers } = await app.yomi.state({ origin: game.origin, moves: all });
  // Each player's graded moves, summed by the engine's rule (as `yomi
  // analyse` sums them): mistakes with the discs they lost, the mean loss a
  // move, and the accuracy (the share of best and good moves).
  const graded = game.analysis.flatMap((a, i) => (a?.grade ? [{ mover: a.mover ?? movers[i], loss: a.loss, grade: a.grade }] : []));
  const by = await app.yomi.reviewSummary(graded);
  if (gen !== app.generation) return;
  const say = (c) => {
    const s = by[c];
    const mistakes = t(s.mistakes === 1 ? '{side} 1 mistake ({discs} discs)' : '{side} {n} mistakes ({discs} discs)', {
      side: sideName(c), n: s.mistakes, discs: +s.mistakeLoss.toFixed(1),
    });
    return s.moves === 0 ? mistakes : `${mistakes}${t(', {loss} a move, accuracy {acc} %', {
      loss: s.meanLoss.toFixed(1), acc: Math.round(s.accuracy),
    })}`;
  };
  $('analyse-note').textContent = t(run.cancelled ? 'Stopped after {n} moves. ' : 'Analysed {n} moves at {level}. ', { n: done, level: t(level) })
    + t('{black}; {white}.', { black: say('black'), white: say('white') });
  render();
  save();
}

$('analyse').addEventListener('click', act(analyseGame));
$('banner-analyse').addEventListener('click', act(analyseGame));
