// The board editor: click a square to cycle it (empty, black, white), choose
// the side to move, and Done starts a game there. The engine checks the
// position; a refused one keeps the editor open with the message.
import { $, act, app } from './state.js';
import { cancelWork, setGame } from './model.js';
import { t } from '../i18n.js';

const editedSquares = () => app.editing.cells.map((c) => '-XO'[c]).join('');

// The board, the disc counts and the position string follow every click.
export function drawEditor() {
  const { editing, state } = app;
  app.board.draw({ ...state, cells: editing.cells, legal: [], status: 'over' }, { interactive: false });
  $('black-count').textContent = editing.cells.filter((c) => c === 1).length;
  $('white-count').textContent = editing.cells.filter((c) => c === 2).length;
  $('position').textContent = `${editedSquares()} ${$('edit-side').value}`;
  $('to-move').textContent = t('· {side} to move', { side: t($('edit-side').value === 'X' ? 'Black' : 'White') });
  $('status').textContent = t('Editing the position.');
  $('banner').hidden = true;
}

export function editSquare(name) {
  const i = app.board.squares.findIndex((b) => b.dataset.square === name);
  app.editing.cells[i] = (app.editing.cells[i] + 1) % 3;
  drawEditor();
}

function openEditor(editing) {
  app.editing = editing;
  $('editor').hidden = false;
  $('edit').disabled = true;
}

export function endEditing() {
  app.editing = null;
  $('editor').hidden = true;
  $('edit').disabled = false;
}

$('edit').addEventListener('click', act(async () => {
  app.generation++;
  await cancelWork();
  openEditor({ cells: [...app.state.cells] });
  $('edit-side').value = app.state.toMove === 'white' ? 'O' : 'X';
  app.view.render();
  $('editor').scrollIntoView?.({ block: 'nearest' });
}));
$('edit-side').addEventListener('change', () => app.editing && drawEditor());
$('edit-clear').addEventListener('click', () => {
  app.editing.cells.fill(0);
  drawEditor();
});
$('edit-cancel').addEventListener('click', () => {
  endEditing();
  app.view.render();
  app.view.continueGame();
});
$('edit-done').addEventListener('click', act(async () => {
  // The board goes beside the squares: the engine need not guess it from their count.
  const next = { origin: { position: `${editedSquares()} ${$('edit-side').value}`, board: app.state.board }, moves: [] };
  const keep = app.editing;
  endEditing();
  try {
    app.paused = false;
    await setGame(next, { fresh: true });
  } catch (err) {
    // Back to editing, with the message: the edit is not lost.
    openEditor(keep);
    app.view.render();
    throw err;
  }
}));
