// The tutorial's live parts, built only on the public embedding API
// (yomi.js and <yomi-board>), as another site would use them.
import { Yomi } from './yomi.js';
import './yomi-board.js';

const $ = (id) => document.getElementById(id);

// The position under the first board as the paper's two 16-bit words,
// written in the board's own order: a1 b1 c1 d1, then row 2, … so each group
// of four is one row as drawn (bit 0, a1, first). The hex is the number.
const word = (bits) => Array.from({ length: 16 }, (_, i) => (bits >> i) & 1).join('').replace(/(\d{4})(?=\d)/g, '$1 ');
const hex = (bits) => `0x${bits.toString(16).toUpperCase().padStart(4, '0')}`;
$('explore').addEventListener('yomi-change', ({ detail: { state } }) => {
  let black = 0;
  let white = 0;
  let legal = 0;
  state.cells.forEach((c, i) => {
    if (c === 1) black |= 1 << i;
    if (c === 2) white |= 1 << i;
  });
  for (const sq of state.legal) legal |= 1 << ((Number(sq.slice(1)) - 1) * 4 + sq.charCodeAt(0) - 97);
  const [p, o] = state.toMove === 'black' ? [black, white] : [white, black];
  const side = state.toMove === 'black' ? 'Black' : 'White';
  $('bits').textContent = '                    row 1 row 2 row 3 row 4\n'
    + `P (${side}, to move)  ${word(p)}  = ${hex(p)}\n`
    + `O (the opponent)    ${word(o)}  = ${hex(o)}\n`
    + `legal moves         ${word(state.status === 'move' ? legal : 0)}  = ${hex(state.status === 'move' ? legal : 0)}\n`
    + '(a1 first, as the board reads; the hex puts bit 15, d4, on the left)';
});

// The stepped solve: the perfect line from the start, one move per press.
// A move played on the board that leaves the line is solved from there, so
// the line shown is always the board's: its moves so far, then perfect play.
const stepper = $('stepper');
let line = [];
let yomi = null;
let asked = 0; // only the latest re-solve's line is shown
const onLine = () => stepper.moves.every((m, i) => m === line[i]);

function ending() {
  const { black, white } = stepper.state;
  if (black === white) return `the end: a draw, ${black}–${white}`;
  return `the end: ${black > white ? 'Black' : 'White'} wins by ${Math.abs(black - white)}`;
}

function showStep() {
  const k = stepper.moves.length;
  $('step-back').disabled = k === 0;
  $('step-next').disabled = !onLine() || k >= line.length;
  $('step-line').textContent = line.map((m, i) => (i === k ? `[${m}]` : m)).join(' ')
    + (k >= line.length && stepper.state?.status === 'over' ? `  — ${ending()}` : '');
}

async function follow() {
  if (onLine()) return showStep();
  // Off the line: the perfect play from the board's position.
  const mine = ++asked;
  $('step-next').disabled = true;
  $('step-line').textContent = `${stepper.moves.join(' ')} — off the line found first; solving from here…`;
  const { state } = stepper;
  const r = state.status === 'over' ? { pv: [] } : await yomi.solve(state.position, { board: state.board, scoring: 'paper' });
  if (mine !== asked) return;
  line = [...stepper.moves, ...r.pv];
  showStep();
}

stepper.addEventListener('yomi-change', () => follow().catch((e) => ($('step-line').textContent = e.message)));
$('step-next').addEventListener('click', () => stepper.play(line[stepper.moves.length]));
$('step-back').addEventListener('click', () => stepper.undo());

(async () => {
  yomi = await Yomi.shared();
  $('isolation-note').textContent = yomi.isolated
    ? `isolated, ${yomi.threads} threads.`
    : 'not isolated: one thread.';
  const start = await yomi.state({ origin: { board: '4x4', start: 'othello' } });
  const r = await yomi.solve(start.position, { scoring: 'paper' });
  line = r.pv;
  showStep();
  document.body.dataset.ready = 'true';
})().catch((e) => {
  $('step-line').textContent = e.message;
});
