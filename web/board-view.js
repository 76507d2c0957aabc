// Draws a board as a grid of buttons, for the app and for <yomi-board>.
// Keyboard: arrow keys move between squares (one tab stop for the whole
// board), Enter or Space plays; every square has a spoken label.

const COLS = 'abcdefghijklmnop';

/** The board's look, for a page's stylesheet or a shadow root. */
export const BOARD_CSS = `
.yomi-board {
  --cell: min(3rem, calc((100vw - 2rem) / var(--cols, 8)));
  display: grid;
  grid-template-columns: repeat(var(--cols, 8), var(--cell));
  gap: 2px; padding: 2px; width: max-content;
  background: #0f4d2d; border-radius: 4px;
}
.yomi-board .square {
  width: var(--cell); height: var(--cell); border: 0; padding: 0; margin: 0;
  background: #1f7a4a; color: #fff; font: 600 calc(var(--cell) * .3) system-ui, sans-serif;
  display: grid; place-items: center; cursor: default; position: relative;
}
.yomi-board .square::after { content: ''; border-radius: 50%; position: absolute; }
.yomi-board .square[data-disc='black']::after { width: 80%; height: 80%; background: #111; }
.yomi-board .square[data-disc='white']::after { width: 80%; height: 80%; background: #fafafa; box-shadow: inset 0 0 0 1px #bbb; }
.yomi-board .square[data-disc='white'] { color: #111; }
.yomi-board .square.numbered { z-index: 0; }
.yomi-board .square.numbered::after { z-index: -1; }
.yomi-board .square.legal { cursor: pointer; }
.yomi-board .square.legal:not(.hinted)::after { width: 28%; height: 28%; background: rgba(0, 0, 0, .35); }
.yomi-board .square.legal:hover, .yomi-board .square.legal:focus-visible { background: #26915a; }
.yomi-board .square.hinted { color: #fff; }
.yomi-board .square.best { color: #ffd23f; }
.yomi-board .square.last { box-shadow: inset 0 0 0 3px rgba(255, 210, 63, .7); }
.yomi-board .square:focus-visible { outline: 3px solid #ffd23f; outline-offset: -3px; }
`;
const DISC = ['empty', 'black', 'white'];

export function squareName(row, col) {
  return `${COLS[col]}${row + 1}`;
}

export class BoardView {
  /**
   * `root`: an element to draw into. `onSquare(name)`: called when a
   * square is chosen (by click or keyboard) and `selectable(name)` allows it.
   */
  constructor(root, { onSquare, selectable } = {}) {
    this.root = root;
    this.onSquare = onSquare ?? (() => {});
    this.selectable = selectable ?? ((name) => this.legal.has(name));
    this.legal = new Set();
    this.focus = null;
    root.classList.add('yomi-board');
    root.setAttribute('role', 'grid');
    root.addEventListener('keydown', (e) => this.#key(e));
  }

  /**
   * Draws `state` (from Yomi.state). Options: `hints` (Map square → short
   * text drawn on it, e.g. a move's score), `best` (squares to mark as
   * best), `last` (the last move), `numbers` (Map square → move number, for
   * paper 001's diagram), `interactive` (legal moves can be played).
   */
  draw(state, { hints = new Map(), best = new Set(), last = null, numbers = new Map(), interactive = true } = {}) {
    const { rows, cols, cells } = state;
    this.rows = rows;
    this.cols = cols;
    this.legal = new Set(interactive && state.status === 'move' ? state.legal : []);
    this.root.style.setProperty('--cols', cols);
    this.root.style.setProperty('--rows', rows);
    const want = rows * cols;
    if (this.root.children.length !== want) {
      this.root.replaceChildren();
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'square';
          b.dataset.square = squareName(r, c);
          b.tabIndex = -1;
          b.addEventListener('click', () => this.#choose(b.dataset.square));
          this.root.append(b);
        }
      }
    }
    const tabStop = this.focus && this.root.querySelector(`[data-square="${this.focus}"]`)
      ? this.focus
      : ([...this.legal][0] ?? 'a1');
    [...this.root.children].forEach((b, i) => {
      const name = b.dataset.square;
      const disc = DISC[cells[i]];
      const legal = this.legal.has(name);
      b.dataset.disc = disc;
      b.classList.toggle('legal', legal);
      b.classList.toggle('best', best.has(name));
      b.classList.toggle('last', last === name);
      b.tabIndex = name === tabStop ? 0 : -1;
      const hint = hints.get(name);
      const number = numbers.get(name);
      b.textContent = number ?? hint ?? '';
      b.classList.toggle('numbered', number != null);
      b.classList.toggle('hinted', number == null && hint != null);
      let label = `${name}, ${disc}`;
      if (legal) label += ', legal move';
      if (hint != null) label += `, score ${hint}`;
      if (number != null) label += `, move ${number}`;
      b.setAttribute('aria-label', label);
      b.setAttribute('aria-disabled', String(!this.selectable(name)));
    });
  }

  #choose(name) {
    this.focus = name;
    if (this.selectable(name)) this.onSquare(name);
  }

  #key(e) {
    const target = e.target.closest?.('.square');
    if (!target) return;
    const i = [...this.root.children].indexOf(target);
    let r = Math.floor(i / this.cols);
    let c = i % this.cols;
    switch (e.key) {
      case 'ArrowUp': r = Math.max(0, r - 1); break;
      case 'ArrowDown': r = Math.min(this.rows - 1, r + 1); break;
      case 'ArrowLeft': c = Math.max(0, c - 1); break;
      case 'ArrowRight': c = Math.min(this.cols - 1, c + 1); break;
      case 'Home': c = 0; break;
      case 'End': c = this.cols - 1; break;
      default: return; // Enter and Space click the button
    }
    e.preventDefault();
    const next = this.root.children[r * this.cols + c];
    target.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
    this.focus = next.dataset.square;
  }
}
