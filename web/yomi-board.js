// <yomi-board>: a board that plays and shows the solver's values, for any
// page (it is what the tutorial uses).
//
//   <script type="module" src="…/yomi-board.js"></script>
//   <yomi-board board="4x4" start="othello" scoring="paper" analyse></yomi-board>
//
// Attributes: board ('RxC', default 4x4), start ('othello' | 'reversi'),
// scoring ('world' | 'paper'), moves (a record to start from, e.g.
// "d3 d4"), position (a position string instead of board/start), analyse
// (show every legal move's value: exact when the position has at most
// `exact-from` empties, default 16, else the search at `level`), level.
// Properties and methods: state, values, moves, play(square), undo(),
// redo(), reset(). Events: 'yomi-change' (detail: { state, values }) after every
// move and every analysis; 'yomi-error' (detail: { message }).
import { Yomi } from './yomi.js';
import { BoardView, BOARD_CSS } from './board-view.js';
import { signed } from './format.js';

const STYLE = `${BOARD_CSS}
:host { display: inline-block; font-family: system-ui, sans-serif; }
.status { margin: .4rem 0; min-height: 1.3em; font-size: .95rem; }
.error { color: #a40000; font-weight: 600; }
.error:empty { display: none; }
.controls { display: flex; gap: .4rem; flex-wrap: wrap; }
.controls button {
  font: inherit; font-size: .9rem; padding: .35rem .75rem; min-height: 2.25rem; cursor: pointer;
  color: inherit; background: Canvas; border: 1px solid #b9bdb6; border-radius: 6px;
}
.controls button:disabled { opacity: .5; cursor: not-allowed; }
@media (pointer: coarse) { .controls button { min-height: 2.75rem; } }
`;

class YomiBoard extends HTMLElement {
  static observedAttributes = ['board', 'start', 'scoring', 'moves', 'position', 'analyse', 'level', 'exact-from'];
  #view;
  #moves = [];
  #redo = [];
  #state = null;
  #values = null;
  #generation = 0;
  #connected = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>
      <div part="board" class="board" aria-label="Board"></div>
      <p part="status" class="status" role="status" aria-live="polite">Loading the solver…</p>
      <p class="error" role="alert"></p>
      <div part="controls" class="controls">
        <button type="button" data-act="undo">Undo</button>
        <button type="button" data-act="redo">Redo</button>
        <button type="button" data-act="reset">Start again</button>
      </div>`;
    this.#view = new BoardView(root.querySelector('.board'), { onSquare: (sq) => this.play(sq) });
    root.querySelector('[data-act=undo]').addEventListener('click', () => this.undo());
    root.querySelector('[data-act=redo]').addEventListener('click', () => this.redo());
    root.querySelector('[data-act=reset]').addEventListener('click', () => this.reset());
  }

  connectedCallback() {
    this.#connected = true;
    this.reset();
  }

  disconnectedCallback() {
    this.#connected = false;
  }

  attributeChangedCallback() {
    if (this.#connected) this.reset();
  }

  /** The state as Yomi.state gives it (null until loaded). */
  get state() { return this.#state; }
  /** The last analysis: [[square, value]], best first (null while thinking). */
  get values() { return this.#values; }
  /** The moves played since the start. */
  get moves() { return [...this.#moves]; }

  #origin() {
    const position = this.getAttribute('position');
    if (position) return { position, board: this.getAttribute('board') };
    return { board: this.getAttribute('board') || '4x4', start: this.getAttribute('start') || 'othello' };
  }

  /** Back to the start (and the `moves` attribute's record). */
  reset() {
    const record = (this.getAttribute('moves') || '').toLowerCase().match(/pass|[a-p](?:1[0-6]|[1-9])/g) ?? [];
    return this.#go(record);
  }

  /** Plays `square` (or 'pass') for the side to move. */
  play(square) {
    // The move Redo would replay keeps the rest of the line; another drops it.
    const redo = this.#redo.at(-1) === square ? this.#redo.slice(0, -1) : [];
    return this.#go([...this.#moves, square], redo);
  }

  /** Takes back the last move (a forced pass with it); Redo replays it. */
  undo() {
    if (!this.#moves.length) return Promise.resolve();
    const moves = [...this.#moves];
    const redo = [...this.#redo];
    do redo.push(moves.pop()); while (moves.length && moves.at(-1) === 'pass');
    return this.#go(moves, redo);
  }

  /** Replays the last move taken back. */
  redo() {
    if (!this.#redo.length) return Promise.resolve();
    const redo = [...this.#redo];
    return this.#go([...this.#moves, redo.pop()], redo);
  }

  async #go(moves, redo = []) {
    const gen = ++this.#generation;
    const shadow = this.shadowRoot;
    try {
      const yomi = await Yomi.shared();
      const state = await yomi.state({ origin: this.#origin(), moves });
      if (gen !== this.#generation) return;
      // A forced pass is made at once: there is nothing to choose.
      if (state.status === 'pass') return this.#go([...moves, 'pass'], redo.at(-1) === 'pass' ? redo.slice(0, -1) : redo);
      this.#moves = moves;
      this.#redo = redo;
      this.#state = state;
      this.#values = null;
      shadow.querySelector('.error').textContent = '';
      this.#draw();
      this.#changed();
      if (this.hasAttribute('analyse') && state.status === 'move') await this.#analyse(yomi, state, gen);
    } catch (e) {
      if (gen !== this.#generation) return;
      shadow.querySelector('.error').textContent = e.message;
      this.dispatchEvent(new CustomEvent('yomi-error', { detail: { message: e.message } }));
      if (!this.#state) shadow.querySelector('.status').textContent = '';
    }
  }

  async #analyse(yomi, state, gen) {
    const scoring = this.getAttribute('scoring') || 'world';
    const empties = state.cells.filter((c) => c === 0).length;
    const exactFrom = Number(this.getAttribute('exact-from') ?? 16);
    const r = empties <= exactFrom
      ? await yomi.solve(state.position, { board: state.board, scoring, allMoves: true })
      : await yomi.analyse(state.position, { board: state.board, scoring, level: this.getAttribute('level') || 'medium' });
    if (gen !== this.#generation || r.stopped) return;
    this.#values = r.moves;
    this.#exact = empties <= exactFrom || r.kind === 'exact';
    this.#draw();
    this.#changed();
  }
  #exact = false;

  #draw() {
    const state = this.#state;
    const values = this.#values ?? [];
    const digits = this.#exact ? 0 : 1;
    const show = (v) => signed(v, digits);
    const top = values[0]?.[1];
    this.#view.draw(state, {
      hints: new Map(values.map(([sq, v]) => [sq, show(v)])),
      best: new Set(values.filter(([, v]) => v === top).map(([sq]) => sq)),
      last: [...this.#moves].reverse().find((m) => m !== 'pass') ?? null,
    });
    const side = state.toMove === 'black' ? 'Black' : 'White';
    const scoring = this.getAttribute('scoring') || 'world';
    let text;
    if (state.status === 'over') {
      const score = scoring === 'paper' ? state.scorePaper : state.scoreWorld;
      text = `Game over, ${state.black}–${state.white}: ${score === 0 ? 'a draw' : `${score > 0 ? 'Black' : 'White'} wins by ${Math.abs(score)}`}.`;
    } else if (this.hasAttribute('analyse')) {
      text = values.length
        ? `${side} to move. Best: ${values.filter(([, v]) => v === top).map(([sq]) => sq).join(', ')} (${show(top)}${this.#exact ? ', exact' : ''}).`
        : `${side} to move. Solving…`;
    } else {
      text = `${side} to move.`;
    }
    this.shadowRoot.querySelector('.status').textContent = text;
    this.shadowRoot.querySelector('[data-act=undo]').disabled = this.#moves.length === 0;
    this.shadowRoot.querySelector('[data-act=redo]').disabled = this.#redo.length === 0;
  }

  #changed() {
    this.dispatchEvent(new CustomEvent('yomi-change', { detail: { state: this.#state, values: this.#values } }));
  }
}

customElements.define('yomi-board', YomiBoard);
