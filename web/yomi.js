// Yomi's embedding API: the engine in a worker, behind promises.
//
//   import { Yomi } from './yomi.js';
//   const yomi = await Yomi.create();            // { threads } to size the pool
//   const s = await yomi.state({ origin: { board: '4x4', start: 'othello' }, moves: ['b1'] });
//   const r = await yomi.solve(s.position, { scoring: 'paper', allMoves: true,
//                                           onProgress: (p) => console.log(p.done, p.total) });
//   yomi.stop();                                 // ends any search; the engine stays usable
//
// Every call returns a promise; a bad argument rejects it with the engine's
// own message (the same as the command line's). Progress also goes out as a
// 'progress' event on the Yomi object. With cross-origin isolation the
// engine runs a rayon pool over web workers and `stop()` writes a flag in
// shared memory; without it a single-thread build runs and `stop()` replaces
// the worker (the table is lost, nothing else: the engine keeps no game).
// The files this needs next to it: engine-worker.js, pkg/ and pkg-single/.

export class Yomi extends EventTarget {
  #threads;
  #worker = null;
  #info = null;
  #stopView = null;
  #stopUpto = null;
  #pending = new Map();
  #nextId = 1;
  #starting = null;

  /** Starts an engine; resolves once it is ready. */
  static async create({ threads } = {}) {
    const yomi = new Yomi(threads);
    await yomi.#start();
    return yomi;
  }

  /** One engine per page for every caller that does not need its own. */
  static shared() {
    Yomi.#shared ??= Yomi.create();
    return Yomi.#shared;
  }
  static #shared = null;

  constructor(threads) {
    super();
    this.#threads = threads;
  }

  /** True if the page is cross-origin isolated (threads available). */
  get isolated() { return this.#info.isolated; }
  /** Threads in the engine's pool (1 without isolation). */
  get threads() { return this.#info.threads; }
  /** The engine's transposition table in MiB (shared by its searches). */
  get tableMib() { return this.#info.tableMib; }
  /** Every supported board as 'RxC'. */
  get boards() { return this.#info.boards; }
  /** The playing levels by name, weakest first. */
  get levels() { return this.#info.levels; }
  /** What each level searches: [{ name, depth, seconds, wld, perfect }]. */
  get levelDetails() { return this.#info.levelDetails; }

  #start() {
    const url = new URL('./engine-worker.js', import.meta.url);
    if (this.#threads) url.searchParams.set('threads', this.#threads);
    const worker = new Worker(url, { type: 'module' });
    this.#worker = worker;
    this.#starting = new Promise((resolve, reject) => {
      worker.onerror = (e) => reject(new Error(`the engine failed to start: ${e.message ?? 'unknown error'}`));
      worker.onmessage = ({ data }) => {
        if (data.type === 'ready') {
          this.#info = data;
          this.#stopView = data.stop;
          this.#stopUpto = data.stopUpto;
          worker.onmessage = (e) => this.#receive(e.data);
          worker.onerror = (e) => this.#failAll(new Error(`the engine stopped: ${e.message ?? 'unknown error'}`));
          resolve();
        } else if (data.type === 'failed') {
          reject(new Error(`the engine failed to start: ${data.error}`));
        }
      };
    });
    return this.#starting;
  }

  #receive({ id, type, result, error, progress }) {
    const call = this.#pending.get(id);
    if (!call) return;
    if (type === 'progress') {
      call.last = progress;
      call.onProgress?.(progress);
      this.dispatchEvent(new CustomEvent('progress', { detail: { cmd: call.cmd, progress } }));
      return;
    }
    this.#pending.delete(id);
    if (type === 'result') call.resolve(result);
    else call.reject(new Error(error));
  }

  #failAll(err) {
    for (const call of this.#pending.values()) call.reject(err);
    this.#pending.clear();
  }

  async #call(cmd, args = {}, onProgress) {
    await this.#starting;
    let call;
    const promise = new Promise((resolve, reject) => {
      call = { cmd, resolve, reject, onProgress, last: null, started: performance.now() };
    });
    call.settled = promise.then(() => {}, () => {});
    const id = this.#nextId++;
    this.#pending.set(id, call);
    this.#worker.postMessage({ id, cmd, ...args });
    return promise;
  }

  /**
   * A game's state from its origin ({ board, start } or { position, board })
   * and moves (squares and 'pass'), then a record in the engine's grammar
   * if given (passes implied): { board, rows, cols, cells (0 empty,
   * 1 black, 2 white, row by row from a1), toMove, status ('move', 'pass',
   * 'over'), legal, black, white, scoreWorld, scorePaper, record, moves,
   * movers ('black' or 'white': who made each move), position, opening (the standard opening's name or null), book (see
   * loadBook) }. A bad position or illegal move rejects with what and where.
   */
  state({ origin, moves = [], record = '' }) {
    return this.#call('state', { origin, moves, record });
  }

  /**
   * What a pasted text is, by the engine's one grammar (the command line's
   * too): a position string (with an optional RxC: prefix), or a record of
   * moves from the start of `board` and `start`, where move numbers ("1.")
   * are skipped and passes may be left out. Resolves to { kind ('record' or
   * 'position'), board, position (where the game starts), start (a record's;
   * null for a position), moves (squares and 'pass', passes explicit),
   * movers ('black' or 'white' per move), toMove }. A text that reads as
   * neither rejects with what is wrong and where.
   */
  read(text, { board = '8x8', start = 'othello' } = {}) {
    return this.#call('read', { text, board, start });
  }

  /**
   * Every game of a GGF text (one game or many): resolves to [{ black,
   * white, event, year, blackDiscs, title (one line for a list), board,
   * position (where it starts), moves }]. A text that is not GGF rejects
   * with what is wrong and where.
   */
  readGgf(text) {
    return this.#call('readGgf', { text });
  }

  /**
   * Every game of a WTHOR database: `wtb` the bytes of a .wtb file,
   * `players` and `tournaments` those of WTHOR.JOU and WTHOR.TRN if at hand
   * (names show as numbers without them). Resolves as readGgf does.
   */
  readWthor(wtb, { players = null, tournaments = null } = {}) {
    return this.#call('readWthor', { wtb, players, tournaments });
  }

  /**
   * A game ({ origin, moves }) under a symmetry of its board: 'rotate-90'
   * (a quarter turn clockwise), 'rotate-180', 'rotate-270',
   * 'flip-horizontal', 'flip-vertical', 'transpose', 'anti-transpose', or
   * 'f5' (the standard orientation: the first move on f5, the start kept).
   * Resolves to { origin, moves }, the origin a named start where the image
   * is one. Quarter turns of a board that is not square reject.
   */
  transform({ origin, moves = [] }, symmetry) {
    return this.#call('transform', { origin, moves, symmetry });
  }

  /**
   * A game ({ origin, moves }, as state() takes it) written as GGF, with
   * the players' names, the date ("2026.11.27") and its result under
   * `scoring` once it is over. Rejects on a board GGF cannot hold.
   */
  ggf({ origin, moves = [] }, { black = '?', white = '?', date = '', scoring = 'world' } = {}) {
    return this.#call('ggf', { origin, moves, black, white, date, scoring });
  }

  /**
   * Solves a position exactly (or win/draw/loss with wld). Options: board
   * (when the length does not say), scoring ('world' | 'paper'), wld,
   * allMoves, mode ('ybw', 'lazy', 'msai', 'predict', 'serial'), fresh,
   * onProgress ({ done, total, move, score, nodes, seconds } per move with
   * allMoves). Resolves to { position, empties, score, result, lower,
   * upper, proven (the bounds in words: '+4', '>= +2', 'nothing yet'),
   * best, pv, black, white, moves: [[square, score]], nodes, leaves,
   * seconds, nodesPerSecond, stopped }: after a stop, lower/upper and best
   * are what was proven so far.
   */
  solve(position, { board, onProgress, ...options } = {}) {
    return this.#call('solve', { position, board, options }, onProgress);
  }

  /**
   * Chooses a move. Options: board, level (name or 1-6), scoring, allMoves,
   * mode, nodes, time (seconds at most), clock (seconds left on the mover's game
   * clock: the move takes its share, by the rule `yomi gtp` uses too), book,
   * played, onProgress (a report per iteration). Resolves to { best,
   * score, kind ('midgame' | 'wld' | 'exact'), depth, selectivity, pv,
   * moves, nodes, seconds, nodesPerSecond, stopped }.
   */
  search(position, { board, onProgress, ...options } = {}) {
    return this.#call('search', { position, board, options }, onProgress);
  }

  /** Every legal move's score: exact when the solver reaches the end, else the level's estimate. */
  analyse(position, options = {}) {
    return this.search(position, { level: 'medium', ...options, allMoves: true });
  }

  /** perft from a board's start: { count, seconds }. */
  perft(board, start, depth, parallel = true) {
    return this.#call('perft', { board, start, depth, parallel });
  }

  /** FFO #20-#39 with their exact scores. */
  ffoPositions() {
    return this.#call('ffo');
  }

  /** Paper 000's sweep at setting x: games against the random player. */
  sweep(x, games, { mode = 'ybw', seed = 1, onProgress } = {}) {
    return this.#call('sweep', { x, games, mode, seed }, onProgress);
  }

  /**
   * Score Four (paper 003's 3-D four-in-a-row). A game is text: a record of
   * pegs ('a1b2b2c4'), or a position (64 cells X, O, - in cell order
   * x + 4y + 16z, a space, the side to move) and ';' and a record.
   * Resolves to { cells (64: 0 empty, 1 black, 2 white), toMove, legal
   * (peg names), winner ('black' | 'white' | 'draw' | null), line (the
   * winning cells), record, moves, moveCells, position, stones }.
   */
  fourState(game) {
    return this.#call('fourState', { game });
  }

  /**
   * Chooses a peg. Options: level (name or 1-6), depth, time, eval
   * ('threat' | 'paper' | 'forced'), margin (σ) or noMargin, mode, allMoves,
   * onProgress (a report per iteration). Resolves to { best, score,
   * result ('win' | 'loss' | 'draw' once proven), winner, plies, depth, pv,
   * moves: [[peg, score]], nodes, seconds, nodesPerSecond, stopped, proven }.
   */
  fourSearch(game, { onProgress, ...options } = {}) {
    return this.#call('fourSearch', { game, options }, onProgress);
  }

  /** Score Four perft: { count, seconds }. */
  fourPerft(game, depth, parallel = true) {
    return this.#call('fourPerft', { game, depth, parallel });
  }

  /**
   * Paper 003's experiment as the paper ran it, on this machine: the first
   * `positions` of a fixed shuffle of the test set (every position of 100
   * games of the paper's search against itself), the paper's configuration
   * and Yomi's, searched by 'paper' (the paper's plain alpha-beta) or
   * 'engine' (Yomi's search). Resolves to { rows: [{ configuration, eval,
   * search, margin, positions, hits, hitRate, speedup, plainNodes,
   * prunedNodes }], positions, stopped, svg } (svg: the curve);
   * onProgress(done, total, tableSoFar) after each block of positions.
   */
  fourExperiment({ search = 'paper', positions = 200, depth = 8, margins = [3, 2.5, 2, 1.5, 1, 0.5], onProgress } = {}) {
    return this.#call('fourExperiment', { search, positions, depth, margins },
      onProgress && ((p) => onProgress(p.done, p.total, p.table)));
  }

  /** The Score Four levels, weakest first: [{ name, depth, seconds }]. */
  fourLevels() {
    return this.#call('fourLevels');
  }

  /**
   * Ends the running search; its promise resolves with what it had
   * (stopped: true). Resolves once the engine takes commands again: if it
   * has not answered within STOP_GRACE_MS, its worker is replaced, so a
   * stop always gives control back.
   */
  async stop() {
    if (this.#stopView) {
      // Every request sent so far, running or still queued in the worker:
      // the id first, then the flag the running search polls.
      Atomics.store(this.#stopUpto, 0, this.#nextId - 1);
      Atomics.store(this.#stopView, 0, 1);
      const calls = [...this.#pending.values()];
      if (calls.length === 0) return;
      const answered = Promise.all(calls.map((c) => c.settled)).then(() => true);
      const late = new Promise((resolve) => setTimeout(() => resolve(false), Yomi.STOP_GRACE_MS));
      if (await Promise.race([answered, late])) return;
    }
    await this.#replace();
  }

  /** How long a stop waits for the engine's answer before replacing it. */
  static STOP_GRACE_MS = 2000;

  // The single-thread build cannot read messages while it searches, and a
  // threaded engine that did not answer a stop is stuck: the worker is
  // replaced (the table is lost, nothing else: the engine keeps no game).
  // Calls in flight end as stopped.
  async #replace() {
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    this.#worker.terminate();
    for (const call of calls) {
      const seconds = (performance.now() - call.started) / 1000;
      if (call.cmd === 'search' || call.cmd === 'sweep' || call.cmd === 'fourSearch') {
        // The last report is all there is: the best move of the last
        // finished iteration, or the games played so far.
        call.resolve({ moves: [], pv: [], nodes: 0, nodesPerSecond: 0, ...call.last, seconds, stopped: true });
      } else if (call.cmd === 'solve') {
        const nodes = call.last?.nodes ?? 0;
        call.resolve({ score: 0, result: null, best: null, pv: [], moves: [], nodes, leaves: 0, seconds,
          nodesPerSecond: nodes / Math.max(seconds, 1e-3), stopped: true });
      } else {
        call.reject(new Error('stopped'));
      }
    }
    await this.#start();
    // The new engine knows no book until it is given the old one's again.
    if (this.#bookUrl) await this.#call('loadBook', { url: this.#bookUrl }).catch(() => {});
    if (this.#explorerUrl) await this.#call('loadExplorer', { url: this.#explorerUrl }).catch(() => {});
    if (this.#evaluation) await this.#call('loadEvaluation', this.#evaluation).catch(() => {});
  }

  /**
   * Loads the opening book file at `url` (relative to the engine's worker,
   * e.g. 'pkg/book.ybk') into the engine; kept across stops that replace
   * it. Resolves to { positions, bytes }. From then on, state() reports
   * `book` ({ value, moves: [{ move, value, source ('book', 'leaf', 'end'),
   * depth }] } or null) and searches at levels with a book bound answer
   * from it with kind 'book' (option `book: false` to search anyway).
   */
  async loadBook(url) {
    const r = await this.#call('loadBook', { url });
    this.#bookUrl = url;
    return r;
  }

  #bookUrl = null;

  /**
   * Loads the opening explorer file at `url` (relative to the engine's
   * worker, e.g. 'pkg/explorer.yex'); kept across stops that replace the
   * engine. Resolves to { positions, games, minGames, bytes }: the
   * positions it keeps, the games it counts, and the fewest games a kept
   * position was reached by. From then on, state()
   * reports `explorer`: what tournament players played from the position,
   * as `yomi explore --json` prints it ({ games, moves: [{ move, games,
   * black_wins, draws, white_wins, mean_black_discs, first_year,
   * last_year, book_value, opening }] }).
   */
  async loadExplorer(url) {
    const r = await this.#call('loadExplorer', { url });
    this.#explorerUrl = url;
    return r;
  }

  #explorerUrl = null;

  /**
   * Installs the pattern evaluation file at `url` with the ProbCut
   * statistics measured on it at `probcutUrl` (both relative to the
   * engine's worker, e.g. 'pkg/evaluation.ywp' and
   * 'pkg/evaluation-probcut.txt'): searches started from then on evaluate
   * with it instead of the compact tables the engine embeds. Once per
   * engine, kept across stops that replace it. Resolves to { families,
   * network, bytes }: the pattern families read, whether a network is read
   * over them, the file's size.
   */
  async loadEvaluation(url, probcutUrl) {
    const r = await this.#call('loadEvaluation', { url, probcutUrl });
    this.#evaluation = { url, probcutUrl };
    return r;
  }

  #evaluation = null;

  /**
   * The named openings: [{ name, moves }], each line from the Othello start
   * begun with f5 (alternative names separated by a slash), a line before
   * the lines that go on from it.
   */
  openings() {
    return this.#call('openings');
  }

  /**
   * Each player's summary of a reviewed game by the engine's rule (the one
   * `yomi analyse` uses): `moves` is [{ mover ('black' or 'white'), loss,
   * grade }], as searches with `played` review them. Resolves to { black,
   * white }, each { moves, mistakes, lost, mistakeLoss, grades (best, good,
   * inaccuracy, mistake, blunder), meanLoss, accuracy (per cent) }.
   */
  reviewSummary(moves) {
    return this.#call('reviewSummary', { moves });
  }

  /** Ends the engine's worker (and its pool). */
  terminate() {
    this.#worker?.terminate();
    this.#failAll(new Error('the engine was terminated'));
  }
}
