// tools/build/serve.mjs: MIME types, 404, path traversal, the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tools/build/serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Raw request so "../" is sent as is (fetch would normalise it away).
function get(port, path, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** `node tools/build/serve.mjs ARGS`, its output piped. */
const serveCommand = (args) =>
  spawn(process.execPath, [fileURLToPath(new URL('../../tools/build/serve.mjs', import.meta.url)), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });

/** The lines `child` has printed once `done(output so far)` holds; rejects if it exits first. */
const printed = (child, done) => new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
    if (done(out)) resolve(out.trim().split('\n'));
  });
  child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
});

test('serves files with the right MIME types, 404s and refuses traversal', async () => {
  const server = await serve({ port: 0, root: ROOT });
  try {
    assert.match(server.url, /^http:\/\/localhost:\d+\/$/);
    const { port } = server;
    const index = await get(port, '/');
    assert.equal(index.status, 200);
    assert.match(index.type, /^text\/html/);
    assert.match((await get(port, '/www/game/main.js')).type, /^text\/javascript/);
    assert.match((await get(port, '/tools/build/serve.mjs')).type, /^text\/javascript/);
    assert.match((await get(port, '/style.css')).type, /^text\/css/);
    // The suite runs after `make build`: the wasm is there.
    const wasm = await get(port, '/www/pkg/game2048_ai_bg.wasm');
    assert.equal(wasm.status, 200);
    assert.equal(wasm.type, 'application/wasm');
    assert.equal((await get(port, '/no/such/file.js')).status, 404);
    for (const evil of ['/../../../etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/www/..%5c..%5c..%5cetc/passwd']) {
      const res = await get(port, evil);
      assert.ok(res.status === 403 || res.status === 404, `${evil}: ${res.status}`);
      assert.doesNotMatch(res.body, /root:/);
    }
  } finally {
    await server.close();
  }
});

test('command line: prints "Serving <root> at http://localhost:PORT/"', async () => {
  const child = serveCommand(['--port', '0']);
  try {
    const line = (await printed(child, (out) => out.includes('\n')))[0];
    const m = /^Serving (.+) at http:\/\/localhost:(\d+)\/$/.exec(line);
    assert.ok(m, line);
    assert.equal(m[1].replace(/\/$/, ''), ROOT.replace(/\/$/, ''));
    const res = await get(Number(m[2]), '/index.html');
    assert.equal(res.status, 200);
  } finally {
    child.kill();
  }
});

// `make run` serves on the loopback address only; `make run HOST=0.0.0.0` on every address, so
// that a phone on the same network opens the page at one of the URLs it prints.
test('the loopback address by default; with host 0.0.0.0 the machine\'s network addresses too', async (t) => {
  const lan = Object.values(networkInterfaces()).flat().find((a) => a.family === 'IPv4' && !a.internal)?.address;
  if (!lan) {
    t.skip('this machine has no network address but the loopback one');
    return;
  }
  const loopback = await serve({ port: 0, root: ROOT });
  try {
    assert.equal((await get(loopback.port, '/index.html')).status, 200);
    await assert.rejects(get(loopback.port, '/index.html', lan), /ECONNREFUSED/);
    assert.deepEqual(loopback.lan, []);
  } finally {
    await loopback.close();
  }
  const child = serveCommand(['--port', '0', '--host', '0.0.0.0']);
  try {
    const lines = await printed(child, (out) => out.includes(`${lan}:`) && out.endsWith('\n'));
    const port = Number(/localhost:(\d+)/.exec(lines[0])[1]);
    assert.ok(lines.includes(`On this machine's network: http://${lan}:${port}/`), lines.join('\n'));
    assert.equal((await get(port, '/index.html', lan)).status, 200);
  } finally {
    child.kill();
  }
});

test('gzip: text and wasm gzipped to a client that accepts it (the same bytes once decoded), as is to one that does not; images as they are', async () => {
  const { gunzipSync } = await import('node:zlib');
  const { readFileSync } = await import('node:fs');
  const raw = (port, path, encoding) => new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
  const server = await serve({ port: 0, root: ROOT, gzip: true });
  try {
    for (const path of ['/style.css', '/www/game/mount.js', '/www/pkg/game2048_play_bg.wasm']) {
      const file = readFileSync(ROOT + path.slice(1));
      const zipped = await raw(server.port, path, 'gzip, deflate, br');
      assert.equal(zipped.headers['content-encoding'], 'gzip', path);
      assert.equal(zipped.headers.vary, 'Accept-Encoding', path);
      assert.ok(zipped.body.length < file.length, `${path}: ${zipped.body.length} of ${file.length} bytes`);
      assert.ok(gunzipSync(zipped.body).equals(file), `${path} decodes to the file`);
      const plain = await raw(server.port, path, null);
      assert.equal(plain.headers['content-encoding'], undefined, path);
      assert.ok(plain.body.equals(file), `${path} as it is without Accept-Encoding`);
    }
    const icon = await raw(server.port, '/icons/icon-192.png', 'gzip');
    assert.notEqual(icon.headers['content-encoding'], 'gzip');
  } finally {
    await server.close();
  }
  // Off by default: the tests' and `make run`'s server sends every file as it is.
  const plainServer = await serve({ port: 0, root: ROOT });
  try {
    assert.equal((await raw(plainServer.port, '/style.css', 'gzip')).headers['content-encoding'], undefined);
  } finally {
    await plainServer.close();
  }
});
