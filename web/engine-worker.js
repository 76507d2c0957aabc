// The engine's worker: it owns the threaded wasm and the game, and answers
// the page's messages. Parallel work must start here, never on the page's
// main thread, where rayon would spin and freeze the page.
//
// Protocol: the page posts { id, cmd, ...args }; the worker answers
// { id, ok: true, result } or { id, ok: false, error } with the engine's
// own error message.
//   hello                     → { isolated, threads, boards }
//   new { board, start }      → state
//   load { text, board }      → state  (a position string, or a record from the start)
//   play { square } | pass | undo → state
//   perft { board, start, depth, parallel } → { count, seconds }
import init, { initThreadPool, Game, perft, threadCount, supportedBoards } from './pkg/yomi.js';

let game = null;
let start = 'othello';

const ready = (async () => {
  await init();
  // Without cross-origin isolation there is no SharedArrayBuffer to share
  // with helper workers; everything then runs on this one thread.
  if (self.crossOriginIsolated) await initThreadPool(navigator.hardwareConcurrency || 2);
})();

function state() {
  return {
    board: game.board,
    rows: game.rows,
    cols: game.cols,
    cells: Array.from(game.cells()),
    toMove: game.toMove,
    status: game.status,
    legal: game.legalMoves(),
    black: game.black,
    white: game.white,
    scoreWorld: game.score('world'),
    scorePaper: game.score('paper'),
    record: game.record(),
    moves: game.moves(),
    position: game.position(),
  };
}

const commands = {
  hello: () => ({ isolated: self.crossOriginIsolated, threads: threadCount(), boards: supportedBoards() }),
  new: ({ board, start: s }) => {
    const next = new Game(board, s);
    game?.free();
    game = next;
    start = s;
    return state();
  },
  load: ({ text, board }) => {
    const t = text.trim();
    // A position string has a space before its side to move; a record has
    // only squares. Try the position form when it looks like one.
    const next = /\s[XxOo*]\s*(;|$)/.test(t) ? Game.fromPosition(t, board) : recordGame(board, t);
    game?.free();
    game = next;
    return state();
  },
  play: ({ square }) => (game.play(square), state()),
  pass: () => (game.pass(), state()),
  undo: () => (game.undo(), state()),
  perft: ({ board, start: s, depth, parallel }) => {
    const t0 = performance.now();
    const count = perft(board, s, depth, parallel);
    return { count, seconds: (performance.now() - t0) / 1000 };
  },
};

function recordGame(board, record) {
  const g = new Game(board, start);
  try {
    g.playRecord(record);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

self.onmessage = async ({ data }) => {
  const { id, cmd, ...args } = data;
  try {
    await ready;
    const run = commands[cmd];
    if (!run) throw new Error(`unknown command '${cmd}'`);
    self.postMessage({ id, ok: true, result: run(args) });
  } catch (e) {
    self.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
};
