// Draws a board as an ARIA grid of buttons with its coordinates around it,
// for the app and for <yomi-board>. Keyboard: arrow keys move between
// squares (one tab stop for the whole board), Enter or Space plays; every
// square has a spoken label. Discs that change colour turn over (and new
// ones drop in) unless the visitor asks for reduced motion.

const COLS = 'abcdefghijklmnop';

/** The board's look, for a page's stylesheet or a shadow root. */
export const BOARD_CSS = `
.yomi-board {
  --cell: var(--board-cell, min(3rem, calc((100vw - 3rem) / (var(--cols, 8) + .7))));
  --coord: calc(var(--cell) * .45 + .4rem);
  display: grid;
  grid-template-columns: var(--coord) repeat(var(--cols, 8), var(--cell)) calc(var(--coord) * .35);
  gap: 2px; padding: 2px; width: max-content;
  background: #0c3520; border-radius: 6px; color: #d5eadc;
}
.yomi-board [role='row'] { display: contents; }
.yomi-board .coord {
  display: grid; place-items: center; font: 600 max(.65rem, calc(var(--cell) * .24)) system-ui, sans-serif;
  color: #d5eadc; min-height: calc(var(--coord) * .8); user-select: none;
}
.yomi-board .square {
  /* Square at every size: a page's minimum button height must not stretch it. */
  width: var(--cell); height: var(--cell); min-width: 0; min-height: 0; border: 0; padding: 0; margin: 0; border-radius: 2px;
  background: #15603a; color: #fff; font: 700 calc(var(--cell) * .3) system-ui, sans-serif;
  display: grid; place-items: center; cursor: default; position: relative;
  -webkit-tap-highlight-color: transparent;
}
.yomi-board .square::after { content: ''; border-radius: 50%; position: absolute; }
.yomi-board .square[data-disc='black']::after { width: 80%; height: 80%; background: radial-gradient(circle at 35% 30%, #4a4a4a, #0d0d0d 65%); box-shadow: 0 2px 3px rgba(0,0,0,.45); }
.yomi-board .square[data-disc='white']::after { width: 80%; height: 80%; background: radial-gradient(circle at 35% 30%, #fff, #dcdcdc 70%); box-shadow: 0 2px 3px rgba(0,0,0,.35); }
.yomi-board .square[data-disc='white'] { color: #111; }
.yomi-board .square.numbered { z-index: 0; }
.yomi-board .square.numbered::after { z-index: -1; }
.yomi-board .square.legal { cursor: pointer; }
.yomi-board .square.legal:not(.hinted)::after { width: 26%; height: 26%; background: #cfeedd; opacity: .9; }
.yomi-board .square.legal:hover { background: #1b7548; }
.yomi-board .square.hinted { color: #fff; }
.yomi-board .square.best { color: #ffe680; text-decoration: underline; text-underline-offset: .15em; }
/* The opening book's values, told apart from a search's scores. */
.yomi-board .square.hinted.book-value { color: #bfe3ff; font-style: italic; }
.yomi-board .square.best.book-value { color: #d6f0ff; }
.yomi-board .square.last::before {
  content: ''; position: absolute; width: 18%; height: 18%; border-radius: 50%;
  background: #ff9a8f; box-shadow: 0 0 0 2px #15603a; z-index: 1;
}
.yomi-board .square[data-disc='white'].last::before { background: #c5221f; }
.yomi-board .square:focus-visible { outline: 3px solid #fff; outline-offset: -5px; box-shadow: inset 0 0 0 6px #000; }
.yomi-board .square.flip::after { animation: yomi-flip .32s ease-in-out; }
.yomi-board .square.placed::after { animation: yomi-drop .18s ease-out; }
@keyframes yomi-flip { 0% { transform: scaleX(1); } 50% { transform: scaleX(.05); } 100% { transform: scaleX(1); } }
@keyframes yomi-drop { from { transform: scale(.4); opacity: .4; } to { transform: scale(1); opacity: 1; } }
@media (prefers-reduced-motion: reduce) {
  .yomi-board .square.flip::after, .yomi-board .square.placed::after { animation: none; }
}
`;
const DISC = ['empty', 'black', 'white'];

export function squareName(row, col) {
  return `${COLS[col]}${row + 1}`;
}

export class BoardView {
  /**
   * `root`: an element to draw into. `onSquare(name)`: called when a
   * square is chosen (by click or keyboard) and `selectable(name)` allows it.
   * `label`: the grid's accessible name.
   */
  constructor(root, { onSquare, selectable, label = 'Board' } = {}) {
    this.root = root;
    this.onSquare = onSquare ?? (() => {});
    this.selectable = selectable ?? ((name) => this.legal.has(name));
    this.legal = new Set();
    this.focus = null;
    /** The square buttons, row by row from a1. */
    this.squares = [];
    root.classList.add('yomi-board');
    root.setAttribute('role', 'grid');
    root.setAttribute('aria-label', label);
    root.addEventListener('keydown', (e) => this.#key(e));
  }

  #build(rows, cols) {
    this.root.replaceChildren();
    this.squares = [];
    const coord = (text, role) => Object.assign(document.createElement('span'), { className: 'coord', textContent: text, role });
    const header = document.createElement('div');
    header.setAttribute('role', 'row');
    header.append(coord('', 'presentation'));
    for (let c = 0; c < cols; c++) header.append(coord(COLS[c], 'columnheader'));
    header.append(coord('', 'presentation'));
    this.root.append(header);
    for (let r = 0; r < rows; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.append(coord(String(r + 1), 'rowheader'));
      for (let c = 0; c < cols; c++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'square';
        b.setAttribute('role', 'gridcell');
        b.dataset.square = squareName(r, c);
        b.tabIndex = -1;
        b.addEventListener('click', () => this.#choose(b.dataset.square));
        b.addEventListener('animationend', () => b.classList.remove('flip', 'placed'));
        row.append(b);
        this.squares.push(b);
      }
      row.append(coord('', 'presentation'));
      this.root.append(row);
    }
    this.built = `${rows}x${cols}`;
  }

  /**
   * Draws `state` (from Yomi.state). Options: `hints` (Map square → short
   * text drawn on it, e.g. a move's score), `best` (squares to mark as
   * best), `last` (the last move), `numbers` (Map square → move number, for
   * paper 001's diagram), `book` (true: the hints are the opening book's
   * values, drawn apart; or a Set of the squares whose hints are),
   * `interactive` (legal moves are shown and can be played),
   * `animate` (discs that changed turn over).
   */
  draw(state, { hints = new Map(), best = new Set(), book = false, last = null, numbers = new Map(), interactive = true, animate = false } = {}) {
    const { rows, cols, cells } = state;
    this.rows = rows;
    this.cols = cols;
    this.legal = new Set(interactive && state.status === 'move' ? state.legal : []);
    this.root.style.setProperty('--cols', cols);
    this.root.style.setProperty('--rows', rows);
    this.root.classList.toggle('book', book === true);
    const fresh = this.built !== `${rows}x${cols}`;
    if (fresh) this.#build(rows, cols);
    const tabStop = this.focus && this.root.querySelector(`[data-square="${this.focus}"]`)
      ? this.focus
      : ([...this.legal][0] ?? 'a1');
    this.squares.forEach((b, i) => {
      const name = b.dataset.square;
      const disc = DISC[cells[i]];
      const legal = this.legal.has(name);
      const before = b.dataset.disc;
      if (animate && !fresh && before !== disc && disc !== 'empty') {
        b.classList.add(before === 'empty' ? 'placed' : 'flip');
      }
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
      const fromBook = hint != null && (book === true || (book instanceof Set && book.has(name)));
      b.classList.toggle('book-value', fromBook);
      let label = `${name}, ${disc}`;
      if (legal) label += ', legal move';
      if (last === name) label += ', last move';
      if (hint != null) label += `, ${fromBook ? 'book value' : 'score'} ${hint}${best.has(name) ? ', best' : ''}`;
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
    const i = this.squares.indexOf(target);
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
    const next = this.squares[r * this.cols + c];
    target.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
    this.focus = next.dataset.square;
  }
}
