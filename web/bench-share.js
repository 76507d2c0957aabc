// A benchmark run as a link: the run's numbers, as compact JSON in base64url
// after `#run=`, so a link opens the page showing that run's table and chart
// without running again, and nothing is sent anywhere. A link that cannot be
// read throws an Error that says why.
//   run: { set: 'FFO #20-#39', browser, cores, isolated, date: 'YYYY-MM-DD',
//          rows: [{ threads, seconds: [per round], nodes, right, solved }] }

const VERSION = 1;
// 64 thread counts × 20 rounds of full-precision times fit well within.
const MAX_LINK = 100_000;

const toBase64Url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The `#run=…` fragment for `run`. */
export function runFragment(run) {
  const compact = {
    v: VERSION, set: run.set, b: run.browser, c: run.cores, i: run.isolated, d: run.date,
    // Times exactly as measured: rounded, a time on a .xx5 edge showed
    // another figure in the shared table than in the run's own.
    r: run.rows.map((r) => [r.threads, r.seconds, r.nodes, r.right, r.solved]),
  };
  return `#run=${toBase64Url(new TextEncoder().encode(JSON.stringify(compact)))}`;
}

const fail = (why) => { throw new Error(`this link's benchmark run cannot be read: ${why}`); };
const count = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;

/** The run in a page's fragment (`location.hash`), or null if it holds none. */
export function runFromFragment(hash) {
  const m = /(?:^#|&)run=([A-Za-z0-9_-]*)/.exec(hash);
  if (!m) return null;
  if (m[1].length === 0 || m[1].length > MAX_LINK) fail('it is empty or too long');
  let c;
  try {
    c = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(m[1])));
  } catch {
    fail('it was cut short or changed (not the numbers of a run)');
  }
  if (c?.v !== VERSION) fail(`it is of version ${JSON.stringify(c?.v)}, this page reads version ${VERSION}`);
  if (typeof c.set !== 'string' || !/^FFO #\d{1,2}-#\d{1,2}$/.test(c.set)) fail('it names no FFO set');
  if (typeof c.b !== 'string' || c.b.length > 300) fail('its browser is not a short text');
  if (!(c.c === null || count(c.c, 1, 1024))) fail('its core count is not a number from 1 to 1024');
  if (typeof c.i !== 'boolean') fail('it does not say whether the page was isolated');
  if (typeof c.d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(c.d)) fail('its date is not YYYY-MM-DD');
  if (!Array.isArray(c.r) || c.r.length < 1 || c.r.length > 64) fail('it holds no rows, or more than 64');
  const rows = c.r.map((r, k) => {
    const [threads, seconds, nodes, right, solved] = Array.isArray(r) ? r : [];
    const bad = (what) => fail(`row ${k + 1}: ${what}`);
    if (!count(threads, 1, 64)) bad('threads must be 1 to 64');
    if (!Array.isArray(seconds) || seconds.length < 1 || seconds.length > 20
      || !seconds.every((s) => typeof s === 'number' && Number.isFinite(s) && s > 0)) bad('seconds must be 1 to 20 positive times');
    if (!count(nodes, 1, Number.MAX_SAFE_INTEGER)) bad('nodes must be a positive whole number');
    if (!count(solved, 0, 100_000) || !count(right, 0, solved)) bad('the scores right must be a count up to the solves');
    return { threads, seconds, nodes, right, solved };
  });
  if (new Set(rows.map((r) => r.threads)).size !== rows.length) fail('a thread count comes twice');
  return { set: c.set, browser: c.b, cores: c.c, isolated: c.i, date: c.d, rows: rows.sort((a, b) => a.threads - b.threads) };
}
