// Game files: a GGF file (one game or many) or a WTHOR database opened into
// a list to choose from, a pasted GGF game, and the game on the board saved
// as GGF. The engine reads and writes the formats (the command line's
// readers); the page lists, filters and opens.
import { $, act, app, download, line } from './state.js';
import { replaceGame } from './games.js';
import { t } from '../i18n.js';

// Rows listed at once: a WTHOR year holds thousands of games, and the
// filter finds the rest.
const SHOWN = 200;

const bytesOf = async (file) => (file ? new Uint8Array(await file.arrayBuffer()) : null);
const named = (files, ext) => files.filter((f) => f.name.toLowerCase().endsWith(ext));

/** Every game of the chosen files, each with the file it came from. */
async function readFiles(files) {
  const wtb = named(files, '.wtb');
  const games = [];
  const from = (file) => (g) => games.push({ ...g, file: file.name });
  if (wtb.length) {
    // The names come from WTHOR.JOU and WTHOR.TRN if they were chosen too.
    const players = await bytesOf(named(files, '.jou')[0]);
    const tournaments = await bytesOf(named(files, '.trn')[0]);
    for (const f of wtb) {
      try {
        (await app.yomi.readWthor(await bytesOf(f), { players, tournaments })).forEach(from(f));
      } catch (e) {
        throw new Error(`${f.name}: ${e.message}`);
      }
    }
  }
  for (const f of files.filter((f) => !/\.(wtb|jou|trn)$/i.test(f.name))) {
    try {
      (await app.yomi.readGgf(await f.text())).forEach(from(f));
    } catch (e) {
      throw new Error(`${f.name}: ${e.message}`);
    }
  }
  if (!wtb.length && games.length === 0 && files.some((f) => /\.(jou|trn)$/i.test(f.name))) {
    throw new Error('WTHOR.JOU and WTHOR.TRN hold only names: choose a .wtb database with them');
  }
  return games;
}

const result = (g) => (g.blackDiscs != null ? ` (${g.blackDiscs}–${64 - g.blackDiscs})` : '');

// The games whose players, event or year contain every word of the filter.
function drawList() {
  const words = $('file-filter').value.toLowerCase().split(/\s+/).filter(Boolean);
  const found = [];
  app.fileGames.forEach((g, i) => {
    const text = `${g.black} ${g.white} ${g.event} ${g.year ?? ''}`.toLowerCase();
    if (words.every((w) => text.includes(w))) found.push(i);
  });
  const frag = document.createDocumentFragment();
  for (const i of found.slice(0, SHOWN)) {
    const g = app.fileGames[i];
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: `#${i + 1} ${g.title}${result(g)}` });
    b.dataset.game = i + 1;
    b.title = `${g.moves.filter((m) => m !== 'pass').length} moves, from ${g.file}`;
    b.addEventListener('click', act(() => openGame(i)));
    const li = document.createElement('li');
    li.append(b);
    frag.append(li);
  }
  $('file-list').replaceChildren(frag);
  const total = app.fileGames.length;
  $('file-count').textContent = found.length === total
    ? `${total} game${total === 1 ? '' : 's'}${total > SHOWN ? `, the first ${SHOWN} listed` : ''}`
    : `${found.length} of ${total} games match${found.length > SHOWN ? `, the first ${SHOWN} listed` : ''}`;
}

// A game opens at its end, its whole line in the move list: the engine waits
// while it is looked through.
async function openGame(i) {
  const g = app.fileGames[i];
  const origin = g.start ? { board: g.board, start: g.start } : { position: g.position, board: g.board };
  await replaceGame({ origin, moves: g.moves, redo: [] }, { message: `Opened game #${i + 1}: ${g.title}${result(g)}.`, paused: true });
}

/** Shows `games` as the list to open from; one game opens at once. */
export async function showGames(games, source) {
  app.fileGames = games;
  $('file-filter').value = '';
  $('file-games').hidden = games.length < 2;
  $('file-source').textContent = source;
  if (games.length === 1) await openGame(0);
  else drawList();
}

$('game-file').addEventListener('change', async () => {
  const files = [...$('game-file').files];
  $('file-error').textContent = '';
  $('game-file').removeAttribute('aria-invalid');
  if (!files.length) return;
  try {
    const games = await readFiles(files);
    if (!games.length) throw new Error('the file holds no games');
    await showGames(games, files.map((f) => f.name).join(', '));
  } catch (e) {
    $('file-error').textContent = e.message;
    $('game-file').setAttribute('aria-invalid', 'true');
  }
});
$('file-filter').addEventListener('input', drawList);

// What the text is (a record or a position, its board, every ply with the
// passes it leaves out) is the engine's to say, by the grammar the command
// line reads too; a GGF game (or several) is read as a file's.
async function loadText(text) {
  if (!text) throw new Error('nothing to load: paste a record, a position string or a GGF game');
  if (text.startsWith('(;')) return showGames(await app.yomi.readGgf(text).then((gs) => gs.map((g) => ({ ...g, file: 'the pasted text' }))), 'the pasted text');
  const r = await app.yomi.read(text, { board: $('board-size').value, start: $('start').value });
  const next = r.kind === 'position'
    ? { origin: { position: r.position, board: r.board }, moves: [] }
    : { origin: { board: r.board, start: r.start }, moves: r.moves };
  await replaceGame(next, { message: `${t('Loaded')}.` });
}

$('load').addEventListener('submit', (e) => {
  e.preventDefault();
  // A failed load says why beside the input, where the eye is.
  $('load-error').textContent = '';
  loadText($('load-text').value.trim()).catch((err) => {
    $('load-error').textContent = err.message;
    $('load-text').setAttribute('aria-invalid', 'true');
  });
});
$('load-text').addEventListener('input', () => {
  $('load-error').textContent = '';
  $('load-text').removeAttribute('aria-invalid');
});


const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '.');
const playerName = (p) => (p === 'human' ? 'Human' : `Yomi (${p})`);

// The whole line (Redo's moves too), as a link keeps it.
$('save-ggf').addEventListener('click', act(async () => {
  $('ggf-error').textContent = '';
  const { game } = app;
  try {
    const text = await app.yomi.ggf({ origin: game.origin, moves: line() }, {
      black: playerName(game.players.black), white: playerName(game.players.white), date: today(), scoring: game.scoring,
    });
    download(new Blob([`${text}\n`], { type: 'text/plain' }), `yomi-${today()}.ggf`);
  } catch (e) {
    $('ggf-error').textContent = e.message;
  }
}));
