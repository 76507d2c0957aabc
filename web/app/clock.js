// Clocks: a time control per side (minutes for the whole game), the side to
// move's clock running while the game goes on, the engine's share of what it
// has left, and a loss on time when a clock reaches zero. Stepping through
// the game (paused) stops the clocks.
import { $, app, sideName } from './state.js';
import { cancelWork } from './model.js';
import { t } from '../i18n.js';

const now = () => performance.now();

/** A fresh clock of `minutes` a side, or none (null or 0). */
export function setClock(minutes) {
  app.clock = minutes > 0
    ? { minutes, left: { black: minutes * 60_000, white: minutes * 60_000 }, running: null, since: 0, flagged: null }
    : null;
  drawClocks();
}

/** Milliseconds `side` has left now. */
export function timeLeft(side) {
  const c = app.clock;
  if (!c) return Infinity;
  return Math.max(0, c.left[side] - (c.running === side ? now() - c.since : 0));
}

// The clock follows the game: time so far goes to the side whose clock ran,
// and the side to move's clock runs while the game is on and not paused.
export function syncClock() {
  const c = app.clock;
  const { state } = app;
  if (!c || !state) return;
  if (c.running) c.left[c.running] = timeLeft(c.running);
  const runs = !c.flagged && !app.paused && !app.editing && state.status === 'move';
  c.running = runs ? state.toMove : null;
  c.since = now();
  drawClocks();
}

/**
 * The seconds left on `side`'s clock, for the engine's search (which takes
 * its share by the engine's one rule, play::time_control); undefined
 * without a clock.
 */
export function secondsLeft(side) {
  return app.clock ? timeLeft(side) / 1000 : undefined;
}

const shown = (ms) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function drawClocks() {
  const c = app.clock;
  $('clocks').hidden = !c;
  if (!c) return;
  for (const side of ['black', 'white']) {
    const out = $(`clock-${side}`);
    out.textContent = shown(timeLeft(side));
    out.classList.toggle('running', c.running === side);
    out.classList.toggle('low', timeLeft(side) < 10_000);
  }
}

// A clock at zero loses the game: the engine stops, and the banner says so.
setInterval(() => {
  const c = app.clock;
  if (!c || !c.running) return;
  if (timeLeft(c.running) <= 0) {
    c.left[c.running] = 0;
    c.flagged = c.running;
    c.running = null;
    app.generation++;
    cancelWork();
    app.view.render();
  }
  drawClocks();
}, 200);

/** Who lost on time, if anyone: 'black', 'white' or null. */
export const flagged = () => app.clock?.flagged ?? null;

/** The words for a loss on time. */
export const timeLoss = (side) => t('{side} ran out of time: {other} wins on time.', { side: sideName(side), other: sideName(side === 'black' ? 'white' : 'black') });
