// The app's one state object: the game, the engine's report on the position
// on the board, and what the page is doing. Every module of the app reads and
// writes it here; none keeps mutable state of its own.

import { colour } from '../i18n.js';

export const $ = (id) => document.getElementById(id);

export const app = {
  /** The engine (yomi.js), once it has started. */
  yomi: null,
  /**
   * The game: where it started, the moves played up to the position on the
   * board, the moves after it (newest last: Redo takes the last one), and per
   * ply of the whole line what is known of it.
   */
  game: {
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
    variations: [], // the other lines tried from the same origin, each whole: the game's tree, leaf by leaf
  },
  /** The engine's report on the position on the board (yomi.state). */
  state: null,
  /** Bumped whenever the game changes: late answers are dropped. */
  generation: 0,
  /** Counts setGame calls: only the latest one's answer is applied. */
  changes: 0,
  /** What the engine is doing for the page: 'think', 'hints', 'analyse', 'solve' or null. */
  work: null,
  /** Stepping through the game: the engine does not move on its own. */
  paused: false,
  /** The last solve's per-move results, while its position is on the board. */
  solved: null,
  /**
   * The hints' scores drawn last, with the generation they belong to: a
   * redraw of the same turn (the book or the explorer coming in) keeps them.
   */
  hinted: null,
  /** The last finished solve's position and line, for "Replay the line". */
  lastSolve: null,
  /** The board editor's squares and side, while it is open. */
  editing: null,
  /** The game a New game or a load replaced, to restore it. */
  previous: null,
  /** The engine's levels: name, depth, seconds, solver thresholds. */
  levelDetails: [],
  /** The clocks, when the game has a time control: minutes, time left per side, who runs, who lost on time. */
  clock: null,
  /** The games of the opened file (GGF or WTHOR), to choose from. */
  fileGames: [],
  /** The whole-game analysis running now: Stop sets `cancelled`. */
  analysisRun: { cancelled: false },
  /** The main board (a BoardView). */
  board: null,
  /**
   * What the page does after the game changed, set by app.js: the model
   * calls up through these, so it never imports the views that draw it.
   */
  view: { render() {}, continueGame() {}, train() {}, judge() {} },
  /**
   * A drill of the opening trainer, while one runs: the opening's name and
   * line, your side, the loss in discs that counts as a miss, your moves
   * past the line, the moves played so far, a missed line played again,
   * and the misses.
   */
  trainer: null,
};

/** A colour's name as the page says it (in its language). */
export const sideName = colour;

export function showError(message) {
  $('error').textContent = message;
}

/** A line above the board, with an optional button ({ label, run }). */
export function notice(message, action, { untilOver = false } = {}) {
  const p = $('notice');
  p.hidden = !message;
  // A notice of the game's course (a pass) goes when the game ends.
  if (untilOver) p.dataset.untilOver = '1';
  else delete p.dataset.untilOver;
  p.replaceChildren(message ?? '');
  if (action) {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: action.label });
    b.addEventListener('click', () => action.run());
    p.append(' ', b);
  }
}

/** A listener that runs an async action and shows its error. */
export const act = (f) => () => f().catch((e) => showError(e.message));

/** A game's whole line: the moves played, then the ones Redo would replay. */
export const lineOf = (g) => [...g.moves, ...[...g.redo].reverse()];
export const line = () => lineOf(app.game);

/** Hands `blob` to the browser as a download named `name`. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
