// A small static server for the built site, on 127.0.0.1 only.
//   node scripts/serve.mjs DIR [PORT]     (PORT 0 picks a free port)
// Prints "Serving DIR at http://127.0.0.1:PORT/" once listening.
// It serves as a static host would: the brotli or gzip file the build wrote
// beside a file (FILE.br, FILE.gz) to a browser that accepts it, and
// validators (ETag, Last-Modified), so that a browser checking a file it
// has gets "304 Not Modified" instead of the file again.
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

// Only the site's own files (and compiling wasm, in the worker) are allowed;
// pages add their own stricter policy in a meta tag. frame-ancestors is open
// so that a wiki can embed the calculator.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

// The encodings a request accepts, of those the build writes (q=0 refuses one).
function accepted(header) {
  const ok = new Set();
  for (const part of String(header || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br' || name === 'gzip') ok.add(name);
  }
  return ok;
}

// A file as it is sent: the best encoding the request accepts that the build
// wrote, with a strong validator for that representation. The digest of the
// file is kept while its size and time stay the same.
const digests = new Map();
function representation(file, acceptEncoding) {
  const stat = fs.statSync(file);
  const ok = accepted(acceptEncoding);
  for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!ok.has(enc)) continue;
    try {
      const s = fs.statSync(file + ext);
      if (s.mtimeMs >= stat.mtimeMs) return { path: file + ext, encoding: enc, stat, size: s.size };
    } catch { /* not written for this file */ }
  }
  return { path: file, encoding: null, stat, size: stat.size };
}
function etagOf(rep) {
  const key = `${rep.path}:${rep.size}:${rep.stat.mtimeMs}`;
  let tag = digests.get(rep.path);
  if (!tag || tag.key !== key) {
    tag = { key, value: crypto.createHash('sha256').update(fs.readFileSync(rep.path)).digest('base64url').slice(0, 22) };
    digests.set(rep.path, tag);
  }
  return `"${tag.value}${rep.encoding ? '-' + rep.encoding : ''}"`;
}
// Whether the browser's copy (If-None-Match, else If-Modified-Since) is this one.
function notModified(req, etag, mtime) {
  const inm = req.headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
  const ims = Date.parse(req.headers['if-modified-since'] || '');
  return Number.isFinite(ims) && Math.floor(mtime / 1000) * 1000 <= ims;
}

// `log({url, status, encoding, bytes, dest, cacheControl})`, if given, hears
// of every response (bytes: its body's length as sent; dest and cacheControl:
// the request's Sec-Fetch-Dest and Cache-Control).
export function createServer(dir, { log = null } = {}) {
  const root = path.resolve(dir);
  return http.createServer((req, res) => {
    if (log) {
      res.on('finish', () => log({ url: req.url, status: res.statusCode, encoding: res.getHeader('content-encoding') || '',
        bytes: Number(res.getHeader('content-length') || 0), dest: req.headers['sec-fetch-dest'] || '',
        cacheControl: req.headers['cache-control'] || '' }));
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = path.resolve(root, '.' + pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if (fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      const rep = representation(file, req.headers['accept-encoding']);
      const etag = etagOf(rep);
      const headers = {
        // Checked with the server on every use: the files keep their names from build to build.
        'Cache-Control': 'no-cache',
        ETag: etag,
        'Last-Modified': new Date(rep.stat.mtimeMs).toUTCString(),
        Vary: 'Accept-Encoding',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': CSP,
        'Referrer-Policy': 'no-referrer',
      };
      if (notModified(req, etag, rep.stat.mtimeMs)) {
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        res.writeHead(304).end();
        return;
      }
      const body = fs.readFileSync(rep.path);
      for (const [k, v] of Object.entries({
        ...headers,
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': body.length,
        ...(rep.encoding ? { 'Content-Encoding': rep.encoding } : {}),
      })) res.setHeader(k, v);
      res.writeHead(200);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'build/site';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`serve: ${dir}/index.html is missing; run scripts/build first`);
    process.exit(1);
  }
  const server = createServer(dir);
  server.on('error', (e) => {
    console.error(e.code === 'EADDRINUSE' ? `serve: port ${port} is in use; set PORT to another` : `serve: ${e.message}`);
    process.exit(1);
  });
  server.listen(port, '127.0.0.1', () => {
    console.log(`Serving ${dir} at http://127.0.0.1:${server.address().port}/`);
  });
}
