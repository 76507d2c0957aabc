// Starting and replacing games: a new game, a game read from a text, a file
// or a link opened in this tab, and bringing back the game they replaced.
import { $, act, app, line, lineOf, notice, sideName } from './state.js';
import { fromLink, save, setGame } from './model.js';
import { endEditing } from './editor.js';
import { setClock } from './clock.js';
import { t } from '../i18n.js';

export async function newGame(origin, { scoring = app.game.scoring, message } = {}) {
  const { game } = app;
  const leaving = game.moves.length + game.redo.length > 0 && !game.moves.every((m) => m === 'pass')
    ? structuredClone({ ...game }) : null;
  if (app.editing) endEditing();
  app.paused = false;
  game.scoring = scoring;
  setClock(Number($('clock').value));
  await setGame({ origin, moves: [] }, { fresh: true });
  const who = whoPlays();
  if (leaving) {
    app.previous = leaving;
    notice(message ?? t('{who} The previous game ({n} moves) is kept for now:', { who, n: lineOf(leaving).length }), {
      label: t('Restore it'), run: act(restorePrevious),
    });
  } else {
    notice(message ?? who);
  }
}

/** Who plays whom, said when a game starts: "New game: you are Black against hard." */
function whoPlays() {
  const { black, white } = app.game.players;
  if (black === 'human' && white === 'human') return t('New game: two players at this board.');
  if (black !== 'human' && white !== 'human') return t('New game: {black} (Black) against {white} (White).', { black, white });
  const you = black === 'human' ? 'black' : 'white';
  return t('New game: you are {side} against {engine}.', { side: sideName(you), engine: app.game.players[you === 'black' ? 'white' : 'black'] });
}

/**
 * Replaces the game with `next` ({ origin, moves, redo? }), keeping the old
 * one to restore. `paused`: the engine waits (a game opened to look through).
 */
export async function replaceGame(next, { message, paused = false }) {
  const before = structuredClone({ ...app.game });
  if (app.editing) endEditing();
  app.paused = paused;
  // A game read from a text or a file has no time control.
  setClock(null);
  await setGame(next, { redo: next.redo ?? [], fresh: true });
  if (before.moves.length + before.redo.length > 0) {
    app.previous = before;
    notice(t('{message} The game you had is kept for now:', { message }), { label: t('Restore it'), run: act(restorePrevious) });
  } else {
    notice(message);
  }
  syncMenus();
}

// The game turned or mirrored, or in its standard orientation (f5 first):
// the whole line is mapped by the engine and the same ply stays on the board.
async function transformGame(symmetry) {
  const { game } = app;
  const at = game.moves.length;
  const t = await app.yomi.transform({ origin: game.origin, moves: line() }, symmetry);
  // The variations turn with it.
  const variations = [];
  for (const v of game.variations) variations.push((await app.yomi.transform({ origin: game.origin, moves: v }, symmetry)).moves);
  await setGame({ origin: t.origin, moves: t.moves.slice(0, at) }, { redo: t.moves.slice(at).reverse(), fresh: true });
  app.game.variations = variations;
  app.view.render();
  syncMenus();
}

for (const b of document.querySelectorAll('[data-symmetry]')) {
  b.addEventListener('click', act(() => transformGame(b.dataset.symmetry)));
}

async function restorePrevious() {
  const p = app.previous;
  if (!p) return;
  app.previous = null;
  notice(null);
  app.paused = true;
  setClock(null);
  app.game.scoring = p.scoring;
  await setGame({ origin: p.origin, moves: p.moves }, { redo: p.redo, fresh: true });
  Object.assign(app.game, { evals: p.evals, results: p.results ?? [], discs: p.discs, times: p.times, book: p.book ?? [], analysis: p.analysis, variations: p.variations ?? [] });
  syncMenus();
  app.view.render();
  save();
}

/** The setup form shows the game's board, start and scoring. */
export function syncMenus() {
  const { game, state } = app;
  if (game.origin.board) $('board-size').value = game.origin.board;
  if (game.origin.start) $('start').value = game.origin.start;
  if (state && state.board !== $('board-size').value) $('board-size').value = state.board;
  $('scoring').value = game.scoring;
}

// A link opened in a tab that already shows the app changes only the hash.
addEventListener('hashchange', () => {
  const hash = location.hash;
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (!app.yomi || (!p.has('board') && !p.has('position'))) return;
  history.replaceState(null, '', location.pathname + location.search);
  act(async () => {
    const linked = await fromLink(hash);
    if (!linked) return;
    if (app.editing) endEditing();
    app.paused = linked.redo.length > 0;
    app.game.scoring = linked.scoring;
    await setGame(linked, { redo: linked.redo, fresh: true });
    syncMenus();
  })();
});
