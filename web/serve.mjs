// Serves web/ on localhost with the headers threads need: cross-origin
// isolation (COOP/COEP) so SharedArrayBuffer exists, and the wasm MIME type.
// `node web/serve.mjs [--port N] [--no-isolation]`; also imported by tests.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.obf': 'text/plain; charset=utf-8',
  '.ybk': 'application/octet-stream',
};

// Text and wasm go out gzipped when the browser accepts it (the wasm module
// shrinks about 8×); compressed once per file version.
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt', '.obf', '.ybk']);
const gzipped = new Map();
function gzipOnce(file, mtime, body) {
  const hit = gzipped.get(file);
  if (hit?.mtime === mtime) return hit.body;
  const out = gzipSync(body, { level: 6 });
  gzipped.set(file, { mtime, body: out });
  return out;
}

const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Starts the server; resolves to { server, port, url }. Port 0 picks a free one. */
export function serve({ port = 8000, root = WEB_ROOT, isolation = true, host = '127.0.0.1' } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const headers = { 'Cache-Control': 'no-cache' };
    if (isolation) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
    }
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) throw Object.assign(new Error(), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      headers['Content-Type'] = TYPES[extname(file)] ?? 'application/octet-stream';
      headers['Vary'] = 'Accept-Encoding';
      if (COMPRESS.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipOnce(file, (await stat(file)).mtimeMs, body);
        headers['Content-Encoding'] = 'gzip';
      }
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 404 : 500, {
        ...headers,
        'Content-Type': 'text/plain; charset=utf-8',
      });
      res.end(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 'not found\n' : 'server error\n');
    }
  });
  return new Promise((ok, fail) => {
    let tries = 0;
    server.on('error', (e) => {
      // A busy default port moves on to the next one rather than failing.
      if (e.code === 'EADDRINUSE' && port !== 0 && tries++ < 20) server.listen(port + tries, host);
      else fail(e);
    });
    server.on('listening', () => {
      const actual = server.address().port;
      ok({ server, port: actual, url: `http://localhost:${actual}/` });
    });
    server.listen(port, host);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : Number(process.env.PORT ?? 8000);
  const isolation = !args.includes('--no-isolation');
  const { url } = await serve({ port, isolation });
  console.log(`Yomi is served at ${url}${isolation ? '' : ' (without cross-origin isolation)'}`);
  console.log('Press Ctrl+C to stop.');
}
