// The npm package (tools/build/package.mjs, `make package`) as a web developer uses it: built and
// installed offline into a fresh project by the install commands docs/embed.md shows, bundled by Vite and webpack with no configuration, and
// by esbuild and Rollup with the asset base (set in the bundle, or on the script tag) pointing at a
// second origin that serves the package's folder (CORS), and loaded unbundled by a <script type="module"> from that second origin.
// In each, the board plays with the arrow keys, Start AI plays, and expectimax-td downloads
// the learned network from the URL that build gives it and plays with it; beside the board,
// the engine's init() (game2048-board/engine) with no argument finds its wasm where that build
// serves the package's files. Rollup builds with docs/embed.md's rollup.config.mjs as written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setup, openPage, drawn, hostCells, recordEvents, events } from './helpers.mjs';
import { serve } from '../../tools/build/serve.mjs';
import { installCommands, PACKAGE_NAME } from '../../tools/build/package.mjs';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ENDGAME_FILE } from '../../www/ai/endgame.js';
import { docFiles, docsConsumer, run } from './consumer.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const ROLLUP = join(ROOT, 'node_modules/rollup/dist/bin/rollup');
const env = setup();
let dir;
let pkg; // the staged package's folder, served by the second origin
let consumer;
let assetsServer; // the second origin: the package's folder with CORS
const servers = [];

before(async () => {
  // The docs' install commands, as written: `make package` here, `npm install ./….tgz` in the project.
  ({ dir, pkg, consumer } = docsConsumer(tmpdir()));
  assetsServer = await serve({ port: 0, root: pkg, cors: true });
  // A second origin: the test pages load from localhost, the package from 127.0.0.1.
  assetsServer.url = assetsServer.url.replace('localhost', '127.0.0.1');
});
after(async () => {
  for (const s of [assetsServer, ...servers]) await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A page whose board plays expectimax-td; `head` loads the embed.
const page = (head, attrs = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Consumer</title><link rel="icon" href="data:,">${head}</head>
<body><game-2048 id="board" size="4" persist="off" keyboard="document" strategy="expectimax-td" speed="max" controls="full"${attrs}></game-2048></body></html>`;

// Lines for an app's entry: the engine's init() with no argument, then a game of it; the page
// reads window.__engine, a game's tile count (2) or init()'s error.
const ENGINE = `import init, { Game } from '${PACKAGE_NAME}/engine';
init().then(() => { window.__engine = new Game(4, 1n).tiles().length; }, (e) => { window.__engine = String(e); });
`;

async function serveDir(root) {
  const server = await serve({ port: 0, root });
  servers.push(server);
  return server;
}

// The board is styled (style.css applies in its shadow root) and the panel explains
// expectimax-td in the engine's words (its file in the package); the board moves with the arrow keys (its cells change, a player's move event); Start AI plays
// (AI moves); the learned network is fetched from a URL `networkAt` accepts and a worker reads
// it (the network's line goes); a hint then comes from the network, not from the heuristic.
// With `assetsFrom`, every file of the package the page asks for (wasm, stylesheets, the
// explanations, the network, the worker) comes from that folder, and no request fails.
// With `engine`, the page's entry ran ENGINE: the engine's init() found its wasm.
async function plays(url, networkAt, { assetsFrom, engine = false } = {}) {
  const { page: p, done } = await openPage(env, null);
  const networks = [];
  const wrong = [];
  p.on('response', (r) => {
    if (networkAt(r.url())) networks.push({ url: r.url(), status: r.status() });
    if (!assetsFrom) return;
    const path = new URL(r.url()).pathname;
    if (r.status() >= 400 || (/\.(wasm|css|gz|json)$|\/worker\.js$/.test(path) && !r.url().startsWith(assetsFrom))) wrong.push(`${r.status()} ${r.url()}`);
  });
  await p.goto(url);
  await drawn(p, '#board');
  if (engine) {
    await p.waitForFunction(() => window.__engine !== undefined, null, { timeout: 30000 });
    assert.equal(await p.evaluate(() => window.__engine), 2, 'the engine\'s init() with no argument found its wasm, and a game has its two tiles');
  }
  const root = (sel) => `document.querySelector('#board').shadowRoot.querySelector('${sel}')`;
  assert.equal(await p.evaluate(`getComputedStyle(${root('.board')}).position`), 'absolute', 'style.css applies');
  const words = JSON.parse(readFileSync(join(pkg, 'www/pkg/strategy-texts/expectimax-td.json'), 'utf8'));
  await p.waitForFunction(`${root('.ai-explanation')}?.textContent.includes(${JSON.stringify(words.slice(0, 40))})`, null, { timeout: 30000 });
  await recordEvents(p);
  const before = await hostCells(p, '#board');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await p.keyboard.press(key);
  await p.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.detail.by === 'player'));
  assert.notDeepEqual(await hostCells(p, '#board'), before, 'the arrow keys moved the tiles');
  const board = p.locator('#board');
  const network = p.waitForResponse((r) => networkAt(r.url()), { timeout: 60000 });
  await board.locator('.ai-toggle').click();
  await p.waitForFunction(() => window.__events.filter((e) => e.type === 'move' && e.detail.by === 'ai').length >= 3, null, { timeout: 30000 });
  const response = await network;
  assert.equal(response.status(), 200, `the network from ${response.url()}`);
  await response.finished();
  // The network's line shows while it downloads and goes once a worker has read it.
  await p.waitForFunction(() => document.querySelector('#board').shadowRoot.querySelector('.ai-network')?.hidden, null, { timeout: 60000 });
  assert.equal(networks.length, 1, `one download of the network: ${JSON.stringify(networks)}`);
  await board.locator('.ai-toggle').click();
  await p.waitForFunction(() => window.__events.some((e) => e.type === 'ai-stop'));
  assert.ok((await events(p, { type: 'move' })).some((e) => e.detail.by === 'ai'), 'the AI moved');
  await board.locator('.ai-hint').click();
  await p.waitForFunction(() => /^Hint: /.test(document.querySelector('#board').shadowRoot.querySelector('.ai-status').textContent), null, { timeout: 30000 });
  const hint = await p.evaluate(() => document.querySelector('#board').shadowRoot.querySelector('.ai-status').textContent);
  assert.match(hint, /^Hint: (up|right|down|left)(?! \(from the heuristic\))\b/, 'the learned network answers the hint, not the heuristic');
  // The package ships no pages: no link to the editor, and Share gives the record itself to
  // copy, and replays it in the board.
  assert.equal(await board.locator('.editor-link').count(), 0, 'no link to an editor page the package does not ship');
  await board.locator('.share-button').click();
  const field = board.locator('.share-dialog .share-link');
  await field.waitFor();
  assert.match(await field.inputValue(), /^2048r1\./, 'Share gives the record');
  await board.locator('.share-dialog .share-open').click();
  await board.locator('.replay-embed').waitFor();
  assert.deepEqual(wrong, [], `every file from ${assetsFrom}`);
  await done();
}

test('Vite, no configuration: vite build copies every asset (wasm, worker, CSS, network) and the board plays', async () => {
  writeFileSync(join(consumer, 'index.html'), page('<script type="module" src="./main.js"></script>'));
  writeFileSync(join(consumer, 'main.js'), `import '${PACKAGE_NAME}';\n${ENGINE}`);
  const out = run(process.execPath, [VITE, 'build', '--outDir', 'dist-vite', '--logLevel', 'warn'], consumer);
  assert.doesNotMatch(out, /error/i);
  const built = readdirSync(join(consumer, 'dist-vite/assets'));
  for (const f of [/^game2048_play_bg-.*\.wasm$/, /^game2048_ai_bg-.*\.wasm$/, /^worker-.*\.js$/, /^style-.*\.css$/, /^4x6-l16\.ntw-.*\.gz$/]) {
    assert.ok(built.some((b) => f.test(b)), `vite emitted ${f}: ${built.join(', ')}`);
  }
  const site = await serveDir(join(consumer, 'dist-vite'));
  await plays(site.url, (u) => u.startsWith(`${site.url}assets/4x6-l16.ntw-`), { engine: true });
});

test('Vite\'s dev server, no configuration: its dependency pre-bundling keeps every asset found and the board plays', async () => {
  // index.html and main.js as the build test wrote them.
  const { createServer } = await import('vite');
  const server = await createServer({ root: consumer, configFile: false, logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  servers.push(server);
  const url = server.resolvedUrls.local[0];
  await plays(url, (u) => u.startsWith(url) && /4x6-l16\.ntw\.gz$/.test(new URL(u).pathname), { engine: true });
});

test('webpack 5, no configuration: its defaults (src/index.js to dist/main.js) emit every asset and the board plays', async () => {
  mkdirSync(join(consumer, 'src'), { recursive: true });
  writeFileSync(join(consumer, 'src/index.js'), `import '${PACKAGE_NAME}';\n`);
  const { default: webpack } = await import('webpack');
  // What `npx webpack --mode production` does in the project's folder (its output is cwd's dist/).
  const out = join(consumer, 'dist');
  const stats = await new Promise((resolve, reject) => {
    webpack({ context: consumer, mode: 'production', output: { path: out } }, (e, s) => (e ? reject(e) : resolve(s)));
  });
  assert.deepEqual(stats.toJson({ all: false, errors: true }).errors.map((e) => e.message), [], 'webpack builds without errors');
  const built = readdirSync(out);
  for (const f of [/\.wasm$/, /\.css$/, /\.gz$/]) assert.ok(built.some((b) => f.test(b)), `webpack emitted ${f}: ${built.join(', ')}`);
  writeFileSync(join(out, 'index.html'), page('<script src="./main.js" defer></script>'));
  const site = await serveDir(out);
  // webpack names an asset by its hash alone: the network is the .gz of the network's bytes,
  // the endgame set the .ews of the set's.
  const gz = built.filter((b) => b.endsWith('.gz'));
  assert.equal(gz.length, 1, built.join(', '));
  const set = built.filter((b) => b.endsWith('.ews') && statSync(join(out, b)).size === statSync(join(ROOT, ENDGAME_FILE)).size);
  assert.equal(set.length, 1, `webpack emitted the endgame set: ${built.join(', ')}`);
  const network = gz.filter((b) => statSync(join(out, b)).size === statSync(join(ROOT, NETWORK_FILE)).size);
  assert.equal(network.length, 1, built.join(', '));
  await plays(site.url, (u) => u === `${site.url}${network[0]}`);
});

// esbuild and Rollup copy no asset: the host names the second origin that serves the package,
// the documented ways, with the board already in the HTML when the bundle defines the element.
test('esbuild, the board in the HTML and setAssetBase(url) on the line after the import: every file from the second origin (CORS)', async () => {
  writeFileSync(join(consumer, 'entry.js'), `import { setAssetBase } from '${PACKAGE_NAME}';\nsetAssetBase(${JSON.stringify(assetsServer.url)});\n${ENGINE}`);
  const { build } = await import('esbuild');
  const out = join(consumer, 'dist-esbuild');
  await build({ absWorkingDir: consumer, entryPoints: ['entry.js'], bundle: true, splitting: true, format: 'esm', outdir: out, logLevel: 'silent' });
  writeFileSync(join(out, 'index.html'), page('<script type="module" src="./entry.js"></script>'));
  const site = await serveDir(out);
  assert.notEqual(new URL(site.url).origin, new URL(assetsServer.url).origin);
  await plays(site.url, (u) => u === `${assetsServer.url}networks/4x6-l16.ntw.gz`, { assetsFrom: assetsServer.url, engine: true });
});

test('Rollup, docs/embed.md\'s rollup.config.mjs as written (node-resolve, output.dir), the board in the HTML and data-game2048-assets on the script tag: every file from the second origin', async () => {
  const app = join(consumer, 'rollup-app');
  for (const [path, text] of Object.entries(docFiles('#### Rollup'))) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    // The docs' entry, and the engine's init() beside it.
    writeFileSync(join(app, path), path.endsWith('main.js') ? `${text}${ENGINE}` : text);
  }
  // The project has the plugin installed (here: the repository's copy).
  mkdirSync(join(consumer, 'node_modules/@rollup'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/@rollup/plugin-node-resolve'), join(consumer, 'node_modules/@rollup/plugin-node-resolve'), 'dir');
  const { default: config } = await import(pathToFileURL(join(app, 'rollup.config.mjs')));
  run(process.execPath, [ROLLUP, '-c', '--silent'], app); // npx rollup -c
  const out = join(app, config.output.dir);
  writeFileSync(join(out, 'index.html'), page(`<script type="module" src="./${basename(config.input)}" data-game2048-assets="${assetsServer.url}"></script>`));
  const site = await serveDir(out);
  await plays(site.url, (u) => u === `${assetsServer.url}networks/4x6-l16.ntw.gz`, { assetsFrom: assetsServer.url, engine: true });
});

test('no bundler: a <script type="module"> loads embed.js from the second origin', async () => {
  const hostDir = join(dir, 'host');
  mkdirSync(hostDir);
  writeFileSync(join(hostDir, 'index.html'), page(`<script type="module" src="${assetsServer.url}embed.js"></script>`));
  const site = await serveDir(hostDir);
  await plays(site.url, (u) => u === `${assetsServer.url}networks/4x6-l16.ntw.gz`);
  // The element's setOption sets its attribute too: its properties read what the board plays.
  const { page: p, done } = await openPage(env, null);
  await p.goto(site.url);
  await drawn(p, '#board');
  const read = () => p.evaluate(() => {
    const el = document.querySelector('#board');
    return { theme: el.theme, attribute: el.getAttribute('theme'), state: el.getState().theme, speed: el.speed, seed: el.seed };
  });
  const set = (name, value) => p.evaluate(([n, v]) => document.querySelector('#board').setOption(n, v), [name, value]);
  assert.deepEqual(await read(), { theme: null, attribute: null, state: 'system', speed: 'max', seed: null });
  assert.equal(await set('theme', 'dark'), true);
  assert.equal(await set('speed', 'watch'), true);
  assert.equal(await set('seed', '7'), true);
  assert.deepEqual(await read(), { theme: 'dark', attribute: 'dark', state: 'dark', speed: 'watch', seed: '7' });
  // A value the board refuses changes neither the board nor the attribute.
  assert.equal(await set('theme', 'neon'), false);
  assert.deepEqual(await read(), { theme: 'dark', attribute: 'dark', state: 'dark', speed: 'watch', seed: '7' });
  await done();
});

test('game2048-board/engine: the engine\'s JavaScript API, resolved through the exports map (here in Node)', () => {
  const script = `import { readFileSync } from 'node:fs';
const engine = await import('${PACKAGE_NAME}/engine');
// As docs/embed.md says, the wasm through the exports map.
engine.initSync({ module: readFileSync(new URL(import.meta.resolve('${PACKAGE_NAME}/engine.wasm'))) });
const game = new engine.Game(4, 7n);
const { dir } = engine.bestMove(Array.from(game.cells()), 4, { strategy: 'expectimax', nodes: 2000 });
console.log(JSON.stringify({ tiles: game.tiles().length, moved: game.move(dir) !== null }));`;
  const out = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], consumer));
  assert.deepEqual(out, { tiles: 2, moved: true });
});

test('the installed package holds its types, manifest, reference and changelog, and no site page', () => {
  const installed = join(consumer, 'node_modules', PACKAGE_NAME);
  const json = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const f of ['types/index.d.ts', 'types/choices.d.ts', 'www/pkg/game2048_ai.d.ts', json.customElements, 'README.md', 'REFERENCE.md', 'CHANGELOG.md', 'LICENSE']) {
    assert.ok(existsSync(join(installed, f)), f);
  }
  assert.deepEqual(readdirSync(installed).filter((f) => f.endsWith('.html') || f === 'sw.js'), [], 'no page: the package links to none');
  const links = [...readFileSync(join(installed, 'REFERENCE.md'), 'utf8').matchAll(/\]\((?!https?:|#)([^)]*)\)/g)].map((m) => m[1]);
  assert.deepEqual(links, [], 'the reference links to no file the package lacks');
});

test('the installed manifest names only modules the package ships, each exporting what it declares', async () => {
  const installed = join(consumer, 'node_modules', PACKAGE_NAME);
  const manifest = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8'));
  const { build } = await import('esbuild');
  // What a module of the package exports, as a bundler reads it.
  const exportsOf = async (path) => {
    assert.ok(existsSync(join(installed, path)), `the manifest names ${path}, which the package does not ship`);
    const { metafile } = await build({ entryPoints: [join(installed, path)], bundle: false, format: 'esm', write: false, metafile: true, outdir: 'out', logLevel: 'silent' });
    return Object.values(metafile.outputs)[0].exports;
  };
  const named = [];
  for (const module of manifest.modules) {
    const exported = await exportsOf(module.path);
    for (const e of module.exports.filter((x) => x.kind === 'js')) {
      assert.ok(exported.includes(e.name), `${module.path} exports ${e.name}`);
      assert.ok((await exportsOf(e.declaration.module)).includes(e.declaration.name), `${e.declaration.module} exports ${e.declaration.name}`);
      named.push(e.name);
    }
    for (const d of module.declarations) assert.ok(exported.includes(d.name), `${module.path} declares ${d.name}, and exports it`);
  }
  for (const name of ['mount', 'setAssetBase', 'Game2048Element']) assert.ok(named.includes(name), name);
});

test('the installed README installs as the docs do (the tarball), and names the registry and CDNs only as what to do once published', () => {
  const readme = readFileSync(join(consumer, 'node_modules', PACKAGE_NAME, 'README.md'), 'utf8');
  assert.match(readme, /not on the npm registry yet/);
  // Its commands are those the docs give and this file's `before` ran.
  assert.equal(/```sh\n([\s\S]*?)```/.exec(readme)?.[1], installCommands());
  const lines = readme.split('\n');
  lines.forEach((line, i) => {
    if (!/npm (?:install|i) game2048-board\b|cdn\.jsdelivr|unpkg\.com|@\d+\.\d+\.\d+\//.test(line)) return;
    assert.match(lines.slice(Math.max(0, i - 1), i + 1).join('\n'), /once (?:it is |the package is )?published/i, `README.md:${i + 1}: ${line}`);
  });
});

test('TypeScript finds the types through the installed package: the consumer file, and the docs\' and the README\'s examples, type-check under --strict', () => {
  // tests/types/consumer.ts (which tests/node/types.test.mjs checks against the repository's
  // files) here against the package as installed: its exports map's types conditions. Beside
  // it, as a TypeScript user pastes them, each JavaScript example of docs/embed.md and of the
  // installed README that imports the package (mount(document.querySelector('#board'), …) among them).
  writeFileSync(join(consumer, 'consumer.ts'), readFileSync(join(ROOT, 'tests/types/consumer.ts'), 'utf8'));
  const examples = [readFileSync(join(ROOT, 'docs/embed.md'), 'utf8'), readFileSync(join(consumer, 'node_modules', PACKAGE_NAME, 'README.md'), 'utf8')]
    .flatMap((text) => [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]))
    .filter((code) => new RegExp(`(?:from|import) '${PACKAGE_NAME}[/'\\w.]*;`).test(code));
  assert.ok(examples.some((code) => code.includes("mount(document.querySelector('#board')")), 'the docs\' first example is among them');
  const files = examples.map((code, i) => {
    writeFileSync(join(consumer, `example-${i + 1}.ts`), code);
    return `example-${i + 1}.ts`;
  });
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true,
      skipLibCheck: false, types: [], lib: ['es2022', 'esnext.disposable', 'dom', 'dom.iterable'],
    },
    files: ['consumer.ts', ...files],
  }));
  let out = '';
  try {
    run(process.execPath, [TSC, '-p', 'tsconfig.json'], consumer);
  } catch (e) {
    out = `${e.stdout}${e.stderr}`;
  }
  assert.equal(out, '', `tsc --strict on the consumer file and ${files.length} examples, with the package as npm installed it`);
});
