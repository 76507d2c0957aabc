// Serves the assembled site (target/site, made by web/site.sh) on localhost
// with the headers threads need: cross-origin isolation (COOP/COEP) so
// SharedArrayBuffer exists, and the wasm MIME type. Without them
// (--no-isolation) it serves as GitHub Pages does, and the site's service
// worker adds them. `node web/serve.mjs [--port N] [--no-isolation] [--root DIR]`;
// also imported by tests.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
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
  '.webmanifest': 'application/manifest+json',
};

// Text and wasm go out gzipped when the browser accepts it (the wasm module
// shrinks about 8×); compressed once per file version.
const COMPRESS = new Set(['.webmanifest', '.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt', '.obf', '.ybk']);
const gzipped = new Map();
function gzipOnce(file, mtime, body) {
  const hit = gzipped.get(file);
  if (hit?.mtime === mtime) return hit.body;
  const out = gzipSync(body, { level: 6 });
  gzipped.set(file, { mtime, body: out });
  return out;
}

/** Where web/site.sh assembles the site. */
export const SITE_ROOT = fileURLToPath(new URL('../target/site/', import.meta.url));

/** Starts the server; resolves to { server, port, url }. Port 0 picks a free one. */
export function serve({ port = 8000, root = SITE_ROOT, isolation = true, host = '127.0.0.1' } = {}) {
  const base = resolve(root);
  if (!existsSync(join(base, 'index.html'))) {
    return Promise.reject(new Error(`${base} holds no site: run bash web/build.sh, then bash web/site.sh`));
  }
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
  const root = args.includes('--root') ? args[args.indexOf('--root') + 1] : SITE_ROOT;
  let url;
  try {
    ({ url } = await serve({ port, isolation, root }));
  } catch (e) {
    console.error(`web/serve.mjs: ${e.message}`);
    process.exit(2);
  }
  console.log(`Yomi is served at ${url}${isolation ? '' : ' (without cross-origin isolation)'}`);
  console.log('Press Ctrl+C to stop.');
}
