// The app: play against the engine or another person, step through and
// analyse the game, edit and solve positions. The page keeps the game (its
// origin and its line of moves) in one state object (app/state.js); the
// engine (yomi.js, in a worker) answers questions about it. The game and the
// settings survive a reload (localStorage) and travel as a link (the URL's
// #fragment). This file starts the page and wires its controls; each concern
// has its module in app/:
//   state.js    the state object and the page's small helpers
//   model.js    the game: going to a position, moving through the line, storage and links
//   editor.js   the board editor
//   board.js    the board, move list, graph, banner and players' levels as drawn
//   turn.js     whose turn: a person's click, the engine's move, passes, hints
//   games.js    new games, pasted records and positions, links, restore
//   files.js    game files: GGF and WTHOR databases opened, a game saved as GGF
//   analysis.js the whole game against the best moves
//   solve.js    solving the position, the perfect line and its diagram
//   explorer.js what tournament players played from the position
//   trainer.js  the opening trainer: drills of a named opening's lines
import { Yomi } from './yomi.js';
import { addLanguageMenu, t, translatePage } from './i18n.js';
import { BoardView } from './board-view.js';
import { $, act, app, line, notice, showError } from './app/state.js';
import { humanToMove, jumpTo, redo, restartTurn, save, saved, fromLink, gameLink, setGame, undo } from './app/model.js';
import { editSquare } from './app/editor.js';
import { LEVEL_RESULTS, render } from './app/board.js';
import { continueGame, humanPlay } from './app/turn.js';
import { newGame, syncMenus } from './app/games.js';
import './app/files.js';
import './app/analysis.js';
import './app/solve.js';
import { judge, loadOpenings, train } from './app/trainer.js';

// The page's own words in its language, before the engine is asked anything.
translatePage();

app.board = new BoardView($('board'), {
  onSquare: (name) => (app.editing ? editSquare(name) : humanPlay(name)),
  selectable: (name) => app.editing != null || (humanToMove() && app.state?.legal.includes(name)),
  label: 'Board',
});
app.view = { render, continueGame, train, judge };

// ---- moving through the game, stopping, swapping sides ------------------------------

$('undo').addEventListener('click', act(undo));
$('redo').addEventListener('click', act(redo));
$('first').addEventListener('click', act(() => jumpTo(0)));
$('last').addEventListener('click', act(() => jumpTo(line().length)));
$('stop').addEventListener('click', () => {
  if (app.work === 'analyse') app.analysisRun.cancelled = true;
  // The search answers with what it has; think() then plays it.
  app.yomi.stop();
});
$('resume').addEventListener('click', () => {
  app.paused = false;
  render();
  continueGame();
});
$('swap').addEventListener('click', act(async () => {
  const { players } = app.game;
  app.game.players = { black: players.white, white: players.black };
  $('black-player').value = app.game.players.black;
  $('white-player').value = app.game.players.white;
  app.paused = false;
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

// ---- players and hints ------------------------------------------------------------

for (const id of ['black-player', 'white-player']) {
  $(id).addEventListener('change', act(async () => {
    app.game.players = { black: $('black-player').value, white: $('white-player').value };
    await restartTurn();
  }));
}
$('hints').addEventListener('change', act(restartTurn));
// A hint setting changed: kept, and the hints shown again under it (the
// book's values stand in the hints for the moves it knows), or the board
// drawn again with or without the book's values.
for (const id of ['book-moves', 'hint-level', 'hint-decimals']) {
  $(id).addEventListener('change', () => {
    save();
    if ($('hints').checked) $('hints').dispatchEvent(new Event('change'));
    else render();
  });
}

// ---- new game, copy, share -------------------------------------------------------------

/** A new game on the setup form's board, start and scoring. */
const newFromSetup = act(() => newGame({ board: $('board-size').value, start: $('start').value }, { scoring: $('scoring').value }));
$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newFromSetup();
});
for (const id of ['board-size', 'start', 'clock']) $(id).addEventListener('change', newFromSetup);
$('scoring').addEventListener('change', act(() => {
  app.game.scoring = $('scoring').value;
  return restartTurn();
}));
$('banner-new').addEventListener('click', newFromSetup);
$('toolbar-new').addEventListener('click', newFromSetup);

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

$('share').addEventListener('click', () => copyText($('share'), gameLink(), 'Copy a link to this game'));

// A move of the explorer's table plays it, as a click on its square does.
$('explorer-moves').addEventListener('click', (e) => {
  const b = e.target.closest('button[data-move]');
  if (b && !b.disabled) humanPlay(b.dataset.move);
});

// ---- start ------------------------------------------------------------------------------

// The opening book and the explorer come after the board is playable, so
// the first load is no slower; once each is in, the position on the board
// is asked for again.
async function refreshState() {
  const gen = app.generation;
  const { origin, moves } = app.game;
  const s = await app.yomi.state({ origin, moves });
  // A game set meanwhile (a New game already under way when the file came
  // in) owns the board: this answer is of the game it replaced.
  if (gen !== app.generation || app.editing || app.game.origin !== origin || app.game.moves !== moves) return;
  app.state = s;
  render();
}

async function loadBook() {
  try {
    const { positions } = await app.yomi.loadBook('pkg/book.ybk');
    $('book-note').textContent = t('The opening book knows {n} positions. Its values (blue, in italics, on the board) '
      + 'are searches of its last positions backed up move by move; engines at easy and above play from it, varied '
      + 'within a few discs of its best move.', { n: positions.toLocaleString('en') });
    await refreshState();
  } catch (e) {
    $('book-note').textContent = t('No opening book: {why}', { why: e.message });
  }
}

// The evaluation the engine embeds is the compact tables; the larger one
// (the same tables with a network over them) comes after the first paint.
async function loadEvaluation() {
  try {
    const { bytes } = await app.yomi.loadEvaluation('pkg/evaluation.ywp', 'pkg/evaluation-probcut.txt');
    $('evaluation').textContent = t('Pattern tables with a network over them ({mb} MB, fetched after the board was ready)',
      { mb: (bytes / 1e6).toFixed(1) });
  } catch (e) {
    $('evaluation').textContent = t('The compact pattern tables (no network: {why})', { why: e.message });
  }
}

async function loadExplorer() {
  try {
    app.explorerInfo = await app.yomi.loadExplorer('pkg/explorer.yex');
    await refreshState();
  } catch (e) {
    app.explorerInfo = { error: t('No opening explorer: {why}', { why: e.message }) };
    render();
  }
}

function fillLevels() {
  const body = $('levels').tBodies[0];
  app.levelDetails.forEach((l, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = `${i + 1} ${t(l.name)}`;
    row.insertCell().textContent = l.depth >= 60 ? t('until time') : l.depth;
    row.insertCell().textContent = l.seconds ? t('{s} s', { s: l.seconds }) : '–';
    row.insertCell().textContent = l.wld ? t('{n} empties', { n: l.wld }) : '–';
    row.insertCell().textContent = l.perfect ? t('{n} empties', { n: l.perfect }) : '–';
    row.insertCell().textContent = LEVEL_RESULTS[l.name] ? t(LEVEL_RESULTS[l.name]) : '–';
  });
}

// The engine's menus and notes, once it has said what it has.
function fillMenus(yomi) {
  $('isolated').textContent = yomi.isolated ? t('yes') : t('no — one thread runs everything');
  $('thread-count').textContent = yomi.threads;
  $('cores').textContent = navigator.hardwareConcurrency ?? t('unknown');
  $('engine-note').textContent = yomi.isolated
    ? t(yomi.threads === 1 ? 'The engine searches on 1 thread here.' : 'The engine searches on {n} threads here.', { n: yomi.threads })
    : t('This page is not cross-origin isolated, so the engine runs on one thread (slower; stopping restarts it).');
  $('engine-note').dataset.isolated = yomi.isolated;
  for (const b of yomi.boards) $('board-size').add(new Option(b.replace('x', ' × '), b, false, b === '8x8'));
  for (const id of ['black-player', 'white-player']) {
    $(id).add(new Option(t('Human'), 'human'));
    yomi.levels.forEach((l, i) => $(id).add(new Option(t('Engine {i}: {level}', { i: i + 1, level: t(l) }), l)));
  }
  yomi.levels.forEach((l) => $('hint-level').add(new Option(t(l), l, false, l === 'medium')));
  fillLevels();
}

// The settings a reload keeps: hints, book display, hint level, solve kind, players.
function restoreSettings(kept, levels) {
  $('hints').checked = !!kept.hints;
  $('hint-decimals').checked = !!kept.hintDecimals;
  $('book-moves').checked = kept.bookMoves ?? true;
  if (levels.includes(kept.hintLevel)) $('hint-level').value = kept.hintLevel;
  if (kept.solveKind) $('solve-kind').value = kept.solveKind;
  const players = kept.game?.players;
  if (players && [players.black, players.white].every((p) => p === 'human' || levels.includes(p))) app.game.players = players;
}

(async () => {
  try {
    addLanguageMenu();
    const yomi = (app.yomi = await Yomi.create());
    // The Theme menu came with the page's first script once the page was read.
    translatePage(document.querySelector('header.site'));
    app.levelDetails = yomi.levelDetails;
    fillMenus(yomi);
    const kept = saved();
    if (kept) restoreSettings(kept, yomi.levels);
    $('black-player').value = app.game.players.black;
    $('white-player').value = app.game.players.white;
    let linked = null;
    let linkError = null;
    try {
      linked = await fromLink(location.hash);
    } catch (e) {
      linkError = e;
    }
    let start = { ...app.game };
    if (linked) {
      start = { ...app.game, ...linked };
      app.paused = linked.redo.length > 0;
      history.replaceState(null, '', location.pathname + location.search);
    } else if (kept?.game?.origin) {
      start = { ...app.game, ...kept.game };
      app.paused = true; // the engine waits until someone moves or presses "Engine plays from here"
    }
    try {
      app.game.scoring = start.scoring;
      await setGame(start, { redo: start.redo ?? [], fresh: true });
      if (!linked && kept?.game) {
        for (const k of ['evals', 'results', 'discs', 'times', 'book', 'analysis', 'variations']) app.game[k] = kept.game[k] ?? [];
        render();
      }
    } catch (e) {
      // A stored or linked game that no longer reads: start afresh, and say why.
      app.paused = false;
      app.game.scoring = 'world';
      await setGame({ origin: { board: '8x8', start: 'othello' }, moves: [] }, { fresh: true });
      showError(`The ${linked ? 'linked' : 'saved'} game could not be read: ${e.message}`);
    }
    if (linkError) {
      history.replaceState(null, '', location.pathname + location.search);
      showError(`The linked game could not be read: ${linkError.message}`);
    }
    syncMenus();
    document.body.dataset.ready = 'true';
    await loadOpenings().catch((e) => { $('trainer-status').textContent = e.message; });
    await loadBook();
    loadExplorer();
    loadEvaluation();
  } catch (e) {
    showError(e.message);
    $('engine-note').textContent = e.message;
  }
})();
