// tools/serve.mjs: MIME types, 404, path traversal, the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tools/serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Raw request so "../" is sent as is (fetch would normalise it away).
function get(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves files with the right MIME types, 404s and refuses traversal', async () => {
  const server = await serve({ port: 0, root: ROOT });
  try {
    assert.match(server.url, /^http:\/\/localhost:\d+\/$/);
    const { port } = server;
    const index = await get(port, '/');
    assert.equal(index.status, 200);
    assert.match(index.type, /^text\/html/);
    assert.match((await get(port, '/www/game/main.js')).type, /^text\/javascript/);
    assert.match((await get(port, '/tools/serve.mjs')).type, /^text\/javascript/);
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
  const child = spawn(process.execPath, [fileURLToPath(new URL('../../tools/serve.mjs', import.meta.url)), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const line = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
        if (out.includes('\n')) resolve(out.trim());
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const m = /^Serving (.+) at http:\/\/localhost:(\d+)\/$/.exec(line);
    assert.ok(m, line);
    assert.equal(m[1].replace(/\/$/, ''), ROOT.replace(/\/$/, ''));
    const res = await get(Number(m[2]), '/index.html');
    assert.equal(res.status, 200);
  } finally {
    child.kill();
  }
});
