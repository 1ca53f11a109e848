// www/shared/assets.js, the one module that names the files the embed loads: each literal
// new URL('../…', import.meta.url) (what bundlers follow) and its path from the package's folder
// (used under an asset base) name the same file; the asset base is validated like every option.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ASSETS, setAssetBase, assetBase, parseAssetBase } from '../../www/shared/assets.js';
import { readOption } from '../../www/game/options.js';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ENDGAME_FILE } from '../../www/ai/endgame.js';

const ROOT = new URL('../../', import.meta.url);
const SOURCE = readFileSync(new URL('www/shared/assets.js', ROOT), 'utf8');
const named = () => [
  ['playWasm', ASSETS.playWasm], ['recordsWasm', ASSETS.recordsWasm], ['aiWasm', ASSETS.aiWasm], ['network', ASSETS.network], ['endgame', ASSETS.endgame],
  ...Object.entries(ASSETS.sheets),
];

test('each asset: its literal URL (next to the modules) and its path under a base name one file, which exists', () => {
  setAssetBase(null);
  const here = Object.fromEntries(named().map(([k, f]) => [k, f().href]));
  assert.ok(setAssetBase('https://cdn.example/npm/game2048-board@1.0.0'));
  try {
    for (const [k, f] of named()) {
      const path = f().href.slice('https://cdn.example/npm/game2048-board@1.0.0/'.length);
      assert.equal(here[k], new URL(path, ROOT).href, `${k}: ${path}`);
      if (!path.startsWith('www/pkg/')) assert.ok(existsSync(fileURLToPath(new URL(path, ROOT))), `${path} exists`);
    }
    assert.equal(ASSETS.network().href, `https://cdn.example/npm/game2048-board@1.0.0/${NETWORK_FILE}`, 'the network is NETWORK_FILE');
    assert.equal(ASSETS.endgame().href, `https://cdn.example/npm/game2048-board@1.0.0/${ENDGAME_FILE}`, 'the endgame set is ENDGAME_FILE');
  } finally {
    setAssetBase(null);
  }
  // The AI worker: the literal at its new Worker and the path under a base.
  assert.match(SOURCE, /new Worker\(new URL\('\.\.\/ai\/worker\.js', import\.meta\.url\), \{ type: 'module' \}\)/);
  assert.match(SOURCE, /startWorker\(new URL\('www\/ai\/worker\.js', /);
});

test('setAssetBase takes an http(s) folder URL (a / added) or null; anything else changes nothing', () => {
  assert.ok(setAssetBase(new URL('https://cdn.example/p')));
  assert.equal(assetBase().href, 'https://cdn.example/p/');
  for (const bad of ['javascript:alert(1)', 'data:text/plain,x', 'not a url', 42, {}, 'https://cdn.example/p/?v=1']) {
    assert.equal(setAssetBase(bad), false, String(bad));
    assert.equal(assetBase().href, 'https://cdn.example/p/', `${bad} leaves the base`);
  }
  assert.ok(setAssetBase(null));
  assert.equal(assetBase(), null);
  assert.equal(parseAssetBase(' http://127.0.0.1:8081/pkg ')?.href, 'http://127.0.0.1:8081/pkg/');
});

test('the assets option: a valid base passes as its URL; a bad one warns once, naming it, and falls back', () => {
  const warnings = [];
  const warn = (m) => warnings.push(m);
  assert.equal(readOption('assets', 'https://cdn.example/npm/x@1', warn), 'https://cdn.example/npm/x@1/');
  assert.deepEqual(warnings, []);
  assert.equal(readOption('assets', 'ftp://cdn.example/', warn), undefined);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /^2048: assets="ftp:\/\/cdn\.example\/" is not valid; using the default \(the files next to the modules\)\.$/);
});
