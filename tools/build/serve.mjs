#!/usr/bin/env node
// Tiny dependency-free static file server for the page and the browser tests.
// Usage: node tools/build/serve.mjs [--port N] [--host ADDRESS] [--root DIR] [--prefix /sub/path/] [--cors] [--csp] [--header "Name: value"]...
//   (port 0 = any free port; --host 0.0.0.0 serves every address, not only the loopback one,
//   and prints the URLs another device on the network can open; --prefix serves the root under a sub-path; --cors adds
//   Access-Control-Allow-Origin: *; --csp adds the strict Content-Security-Policy below)
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { stat, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve, join, extname, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseFlags, UsageError, whole } from '../lib/cli.mjs';
import { SW_SOURCE, serviceWorker } from './sw.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

// What a static host compresses (`gzip`), by its type: text, JSON and wasm, not raster images
// or the network (application/octet-stream: gzipped already).
const compressed = (type) => /^(text\/|application\/(json|wasm|manifest\+json)|image\/svg\+xml)/.test(type ?? '');

const DEFAULT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The policy an embed must work under: no inline code or styles, no eval, same-origin only. */
export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; worker-src 'self'";
/**
 * The strict policy for a page whose board is served from another origin (a CDN, docs/embed.md):
 * its modules, stylesheets and files from `origin`, and the AI's worker started through a
 * same-origin blob (a page cannot start a worker from another origin), whose imports from
 * `origin` the browser checks as worker scripts.
 */
export const cdnCsp = (origin) => `default-src 'self'; script-src 'self' ${origin} 'wasm-unsafe-eval'; style-src 'self' ${origin}; connect-src 'self' ${origin}; worker-src 'self' ${origin} blob:`;

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

async function handle(site, req, res) {
  const { root, prefix, extra } = site;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...extra, 'Access-Control-Allow-Methods': 'GET, HEAD', Allow: 'GET, HEAD' });
    return res.end();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
  }
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  } catch {
    return send(res, 400, 'Bad Request\n');
  }
  if (prefix !== '/') {
    if (pathname === prefix.slice(0, -1)) {
      res.writeHead(301, { Location: prefix });
      return res.end();
    }
    if (!pathname.startsWith(prefix)) return send(res, 404, 'Not Found\n', extra);
    pathname = pathname.slice(prefix.length - 1);
  }
  if (pathname.includes('\0')) return send(res, 400, 'Bad Request\n');
  // The working tree has no sw.js: it is made from the files as they are now (tools/build/sw.mjs).
  if (pathname === '/sw.js' && !existsSync(join(root, 'sw.js')) && existsSync(join(root, SW_SOURCE))) {
    const { text } = serviceWorker(root);
    res.writeHead(200, { ...extra, 'Content-Type': MIME['.js'], 'Cache-Control': 'no-cache' });
    return res.end(req.method === 'HEAD' ? undefined : text);
  }
  let file = resolve(join(root, pathname));
  // Refuse anything that escapes the root (../, encoded %2e%2e, absolute tricks).
  if (file !== root && !file.startsWith(root + sep)) return send(res, 403, 'Forbidden\n');
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { Location: prefix.slice(0, -1) + pathname + '/' });
        return res.end();
      }
      file = join(file, 'index.html');
      info = await stat(file);
    }
    if (!info.isFile()) return send(res, 404, 'Not Found\n', extra);
    // A validator, so a revisit (or a worker loading the same files) gets 304s, not the bytes again.
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const type = MIME[extname(file).toLowerCase()];
    const headers = {
      ...extra,
      'Content-Type': type || 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    let body = await readFile(file);
    if (site.gzip && compressed(type)) {
      headers.Vary = 'Accept-Encoding';
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        // Each file once per version (its ETag), at level 9 as a static host's precompressed copy.
        const key = `${file} ${etag}`;
        if (!site.gzipped.has(key)) site.gzipped.set(key, gzipSync(body, { level: 9 }));
        body = site.gzipped.get(key);
        headers['Content-Encoding'] = 'gzip';
      }
    }
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    send(res, 404, 'Not Found\n', extra);
  }
}

/** Whether `host` listens on every address of the machine (HOST=0.0.0.0), not one. */
const everyAddress = (host) => host === '0.0.0.0' || host === '::';

/** The machine's addresses another device on its network can reach (IPv4, not loopback). */
function networkAddresses() {
  return Object.values(networkInterfaces()).flat().filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address);
}

/**
 * Start serving `root`; resolves to { url, port, close, lan }. host: the address to listen
 * on (the loopback one by default; '0.0.0.0' for every address, so that a phone on the same
 * network can open the page: `lan` then lists the URLs it can use); prefix: the URL path
 * the root is served under ('/static/games/2048/'); cors: allow any origin; headers: extra
 * response headers (e.g. { 'Content-Security-Policy': STRICT_CSP }); gzip: text and wasm
 * gzipped to a client that accepts it, as a static host serves them.
 */
export function serve({ port = 8080, root = DEFAULT_ROOT, host = '127.0.0.1', prefix = '/', cors = false, headers = {}, gzip = false } = {}) {
  const absRoot = resolve(root);
  const site = {
    gzip,
    gzipped: new Map(),
    root: absRoot,
    prefix: `/${prefix}/`.replace(/\/+/g, '/'),
    extra: { ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}), ...headers },
  };
  const server = createServer((req, res) => {
    handle(site, req, res).catch(() => send(res, 500, 'Internal Server Error\n'));
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const actual = server.address().port;
      ok({
        url: `http://localhost:${actual}${site.prefix}`,
        lan: everyAddress(host) ? networkAddresses().map((a) => `http://${a}:${actual}${site.prefix}`) : [],
        port: actual,
        root: absRoot,
        close: () => new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        }),
      });
    });
  });
}

const USAGE = 'Usage: node tools/build/serve.mjs [--port N] [--host ADDRESS] [--root DIR] [--prefix /sub/path/] [--cors] [--csp] [--gzip] [--header "Name: value"]...';

function parseCommandLine() {
  return parseFlags({
    name: 'serve',
    usage: USAGE,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      root: { type: 'string', short: 'r' },
      prefix: { type: 'string' },
      cors: { type: 'boolean' },
      csp: { type: 'boolean' },
      gzip: { type: 'boolean' },
      header: { type: 'string', multiple: true },
    },
    check(values) {
      const opts = { root: values.root, host: values.host, prefix: values.prefix, cors: values.cors, gzip: values.gzip };
      if (values.port !== undefined) opts.port = whole('port', values.port, 0, 65535);
      const headers = values.csp ? { 'Content-Security-Policy': STRICT_CSP } : {};
      for (const header of values.header ?? []) {
        const [name, ...rest] = header.split(':');
        if (!name.trim() || !rest.length) throw new UsageError(`--header takes "Name: value", got ${JSON.stringify(header)}`);
        headers[name.trim()] = rest.join(':').trim();
      }
      opts.headers = headers;
      return Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
    },
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = parseCommandLine();
  serve(opts).then(
    (s) => {
      console.log(`Serving ${s.root} at ${s.url}`);
      for (const url of s.lan) console.log(`On this machine's network: ${url}`);
    },
    (err) => { console.error(`serve: ${err.message}`); process.exit(1); },
  );
}
