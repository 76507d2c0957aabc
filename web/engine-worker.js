// The engine's worker: it owns one instance of the wasm engine and answers
// the messages of yomi.js. Parallel work must start here, never on a page's
// main thread, where rayon would spin and freeze the page.
//
// Start-up: `new Worker('engine-worker.js?threads=N', { type: 'module' })`.
// With cross-origin isolation it loads the threaded build (pkg/) and starts
// a pool of N threads (default: every core); without it, the single-thread
// build (pkg-single/). It then posts
//   { type: 'ready', isolated, threads, boards, levels, levelDetails, stop, stopUpto }
// where `stop` is a one-byte view of the engine's stop flag in shared memory
// and `stopUpto` a one-u32 view of the newest request id a stop is meant for
// (both null in the single-thread build): `Atomics.store(stopUpto, 0, id)`
// then `Atomics.store(stop, 0, 1)` ends request `id` and every earlier one,
// running or still queued, within milliseconds; later requests run. If loading fails: { type: 'failed', error }.
//
// Requests: { id, cmd, ...args }. Answers: { id, type: 'result', result },
// { id, type: 'error', error } (the engine's own message), and any number of
// { id, type: 'progress', progress } before the result. Commands:
//   hello                                  → { isolated, threads, tableMib, boards, levels, levelDetails }
//   state { origin, moves, record }        → the game's state (see state() below);
//   read { text, board, start }            → what a pasted text is (yomi.js read);
//         origin is { board, start } or { position, board }, moves a list
//         of squares and 'pass'
//   readGgf { text }                       → the games of a GGF file
//   readWthor { wtb, players, tournaments } → the games of a WTHOR base
//   transform { origin, moves, symmetry }  → { origin, moves }: the game turned
//   ggf { origin, moves, black, white, date, scoring } → the game as GGF text
//   solve { position, board, options }     → solve report, progress per move with allMoves
//   search { position, board, options }    → search report, progress per iteration
//   perft { board, start, depth, parallel } → { count, seconds }
//   ffo                                    → FFO #20–#39 [{ number, position, empties, score }]
//   sweep { x, games, mode, seed }         → paper 000's sweep for one X, progress per game
//   fourState { game }                     → a Score Four game's state (yomi.js fourState)
//   fourSearch { game, options }           → a Score Four search, progress per iteration
//   fourPerft { game, depth, parallel }    → { count, seconds }
//   fourExperiment { search, positions, depth, margins } → paper 003's table and curve, progress per block
//   fourLevels                             → the Score Four levels
//   loadBook { url }                       → { positions, bytes }: the opening book file,
//         fetched here and kept; searches at levels with a book bound answer from it,
//         and state() reports its moves
//   openings                               → [{ name, moves }]: the named openings, begun with f5
//   reviewSummary { moves }                → { black, white }: each player's graded moves summed
//         ({ moves, mistakes, lost, mistakeLoss, grades, meanLoss, accuracy })
//   loadEvaluation { url, probcutUrl }     → { families, network, bytes }: the evaluation file and
//         its ProbCut statistics, fetched here; searches set up from then on use them
//   loadExplorer { url }                   → { positions, games, minGames, bytes }: the opening explorer
//         file, fetched here and kept; state() reports what tournament players
//         played from the position (`explorer`, as `yomi explore --json` prints it)

const threadsWanted = Number(new URL(self.location.href).searchParams.get('threads')) || 0;
let engine;

const ready = (async () => {
  if (self.crossOriginIsolated) {
    engine = await import('./pkg/yomi.js');
    await engine.default();
    await engine.initThreadPool(threadsWanted || navigator.hardwareConcurrency || 2);
  } else {
    // No SharedArrayBuffer: no shared memory, no helper workers.
    engine = await import('./pkg-single/yomi.js');
    await engine.default();
  }
  return {
    isolated: self.crossOriginIsolated,
    threads: engine.threadCount(),
    tableMib: engine.tableMib(),
    boards: engine.supportedBoards(),
    levels: engine.levels(),
    levelDetails: engine.levelDetails(),
  };
})();

ready.then(
  (hello) => {
    const stop = self.crossOriginIsolated ? engine.stopSignal() : null;
    const stopUpto = self.crossOriginIsolated ? engine.stopRequests() : null;
    self.postMessage({ type: 'ready', ...hello, stop, stopUpto });
  },
  (e) => self.postMessage({ type: 'failed', error: e instanceof Error ? e.message : String(e) }),
);

function gameFrom(origin, moves) {
  const game = origin.position != null
    ? engine.Game.fromPosition(origin.position, origin.board || undefined)
    : new engine.Game(origin.board, origin.start);
  try {
    moves.forEach((m, i) => {
      try {
        if (m === 'pass') game.pass();
        else game.play(m);
      } catch (e) {
        // The rules' own messages already name the move ("move 5 (a1) is
        // illegal for Black"); a square that does not parse does not.
        throw new Error(/^move \d/.test(e.message) ? e.message : `move ${i + 1} (${m}): ${e.message}`);
      }
    });
  } catch (e) {
    game.free();
    throw e;
  }
  return game;
}

function state({ origin, moves = [], record = '' }) {
  const game = gameFrom(origin, moves);
  try {
    // A record in the engine's grammar: move numbers and implied passes.
    if (record) game.playRecord(record);
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
      movers: game.movers(),
      position: game.position(),
      // The standard opening's name, and what the book knows here (null if
      // nothing, or before the book is loaded).
      opening: game.opening ?? null,
      book: engine.bookMoves(game.position(), game.board),
      // What tournament players played here (null before the explorer is loaded).
      explorer: game.explorer(),
    };
  } finally {
    game.free();
  }
}

const commands = {
  hello: () => ready,
  state,
  read: ({ text, board, start }) => engine.readText(text, board, start),
  readGgf: ({ text }) => engine.readGgf(text),
  readWthor: ({ wtb, players, tournaments }) => engine.readWthor(wtb, players ?? undefined, tournaments ?? undefined),
  transform: ({ origin, moves, symmetry }) => {
    const game = gameFrom(origin, moves);
    let t;
    try {
      t = game.transformed(symmetry);
    } finally {
      game.free();
    }
    try {
      const start = t.startName();
      return { origin: start ? { board: t.board, start } : { position: t.startPosition(), board: t.board }, moves: t.moves() };
    } finally {
      t.free();
    }
  },
  ggf: ({ origin, moves, black, white, date, scoring }) => {
    const game = gameFrom(origin, moves);
    try {
      return game.toGgf(black, white, date, scoring);
    } finally {
      game.free();
    }
  },
  solve: ({ position, board, options }, progress) => engine.solve(position, board || undefined, options, progress),
  search: ({ position, board, options }, progress) => engine.search(position, board || undefined, options, progress),
  perft: ({ board, start, depth, parallel }) => {
    const t0 = performance.now();
    const count = engine.perft(board, start, depth, parallel);
    return { count, seconds: (performance.now() - t0) / 1000 };
  },
  ffo: () => engine.ffoPositions(),
  sweep: ({ x, games, mode, seed = 1 }, progress) => engine.sweepGames(x, games, mode, seed, progress),
  fourState: ({ game }) => engine.fourState(game),
  fourSearch: ({ game, options }, progress) => engine.fourSearch(game, options, progress),
  fourPerft: ({ game, depth, parallel }) => {
    const t0 = performance.now();
    const count = engine.fourPerft(game, depth, parallel);
    return { count, seconds: (performance.now() - t0) / 1000 };
  },
  fourExperiment: ({ search, positions, depth, margins }, progress) =>
    engine.fourExperiment(positions, Float32Array.from(margins),
      (done, total, table) => progress({ done, total, table }), search, depth),
  fourLevels: () => engine.fourLevels(),
  loadBook: async ({ url }) => {
    const res = await fetch(new URL(url, self.location.href));
    if (!res.ok) throw new Error(`the opening book (${url}) could not be fetched: HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { positions: engine.loadBook(bytes), bytes: bytes.length };
  },
  loadEvaluation: async ({ url, probcutUrl }) => {
    const [weights, stats] = await Promise.all([url, probcutUrl].map(async (u) => {
      const res = await fetch(new URL(u, self.location.href));
      if (!res.ok) throw new Error(`the evaluation (${u}) could not be fetched: HTTP ${res.status}`);
      return res;
    }));
    const bytes = new Uint8Array(await weights.arrayBuffer());
    return { ...engine.loadEvaluation(bytes, await stats.text()), bytes: bytes.length };
  },
  openings: () => engine.openings(),
  reviewSummary: ({ moves }) => engine.reviewSummary(moves),
  loadExplorer: async ({ url }) => {
    const res = await fetch(new URL(url, self.location.href));
    if (!res.ok) throw new Error(`the opening explorer (${url}) could not be fetched: HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { ...engine.loadExplorer(bytes), bytes: bytes.length };
  },
};

self.onmessage = async ({ data }) => {
  const { id, cmd, ...args } = data;
  try {
    await ready;
    const run = commands[cmd];
    if (!run) throw new Error(`unknown command '${cmd}'`);
    const progress = (p) => self.postMessage({ id, type: 'progress', progress: p });
    // Searches poll the stop flag; a stop meant for this request that came
    // while it waited in the queue still applies.
    engine.setRequest(id);
    self.postMessage({ id, type: 'result', result: await run(args, progress) });
  } catch (e) {
    self.postMessage({ id, type: 'error', error: e instanceof Error ? e.message : String(e) });
  }
};
