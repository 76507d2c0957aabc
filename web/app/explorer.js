// The opening explorer: what tournament players played from the position on
// the board (engine/explorer, 131,212 WTHOR games of 1977–2023), each move
// with its games, Black's wins, draws and losses, Black's mean final disc
// difference, the years it was played, the book's value and the opening's
// name. It follows the board; a click on a move plays it when it is a
// person's turn. The statistics come with the state (state.explorer).
import { signed } from '../format.js';
import { $, app } from './state.js';
import { humanToMove } from './model.js';
import { t } from '../i18n.js';

const pct = (n, of) => `${Math.round((100 * n) / of)} %`;

function cell(row, text, className) {
  const c = row.insertCell();
  c.textContent = text;
  if (className) c.className = className;
  return c;
}

// Black's wins, draws and White's wins as one bar, its words for readers.
function resultBar(m) {
  const bar = document.createElement('span');
  bar.className = 'wdl';
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', t('Black wins {b}, draws {d}, White wins {w}',
    { b: pct(m.black_wins, m.games), d: pct(m.draws, m.games), w: pct(m.white_wins, m.games) }));
  for (const [n, kind] of [[m.black_wins, 'b'], [m.draws, 'd'], [m.white_wins, 'w']]) {
    const part = document.createElement('span');
    part.className = kind;
    part.style.flexGrow = n;
    if (n / m.games >= 0.2) part.textContent = pct(n, m.games);
    bar.append(part);
  }
  return bar;
}

export function drawExplorer() {
  const { state } = app;
  const report = state?.explorer;
  const body = $('explorer-moves').tBodies[0];
  body.replaceChildren();
  const note = $('explorer-note');
  if (app.trainer) {
    // It would give the drill's answers away.
    $('explorer-table').hidden = true;
    note.textContent = t('The explorer is hidden while you train.');
    return;
  }
  if (!report) {
    $('explorer-table').hidden = true;
    note.textContent = app.explorerInfo?.error ?? t('The opening explorer is loading…');
    return;
  }
  const info = app.explorerInfo;
  if (!report.moves.length) {
    $('explorer-table').hidden = true;
    note.textContent = state.board !== '8x8'
      ? t('The explorer knows 8×8 tournament games.')
      : t('Fewer than {min} of the {games} tournament games reached this position.',
        { min: info?.minGames ?? 3, games: (info?.games ?? 131212).toLocaleString('en') });
    return;
  }
  $('explorer-table').hidden = false;
  note.textContent = t('{games} tournament games reached this position.', { games: report.games.toLocaleString('en') });
  const playable = humanToMove() && state.status === 'move';
  for (const m of report.moves) {
    const row = body.insertRow();
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mini mono';
    b.textContent = m.move;
    b.dataset.move = m.move;
    b.disabled = !playable || !state.legal.includes(m.move);
    b.title = b.disabled ? t('The move can be played on your turn') : t('Play {move}', { move: m.move });
    row.insertCell().append(b);
    cell(row, m.games.toLocaleString('en'), 'num');
    row.insertCell().append(resultBar(m));
    cell(row, signed(m.mean_black_discs), 'num');
    cell(row, m.first_year === m.last_year ? `${m.first_year}` : `${m.first_year}–${m.last_year}`, 'num');
    cell(row, m.book_value == null ? '–' : signed(m.book_value, 0), 'num');
    cell(row, m.opening ?? '', 'small opening-name');
  }
}
