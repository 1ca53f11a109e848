// The package in a React 19, a Vue 3 and a Svelte 5 app, as docs/embed.md ("React, Vue and
// Svelte") shows it: each app's files are the docs' examples, taken from the docs as written,
// with the entry a new project of that framework has. The package is installed offline from
// its tarball (`make package`); the frameworks, their Vite plugins and type checkers are the
// repository's own devDependencies, found from the apps' folders (inside the repository) as a
// workspace's hoisted packages are. Each app is type-checked by its framework's checker (tsc,
// vue-tsc, svelte-check; the tag's props and events are typed, not `any`), built by Vite, and
// played in Chromium: the props reach the board, the arrow keys move it and the framework's
// handler shows the score, Start AI plays and Stop's `ai-stop` reaches the framework's handler.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup, openPage, drawn } from './helpers.mjs';
import { serve } from '../../tools/build/serve.mjs';
import { docFiles, packedConsumer, run } from './consumer.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const bin = (path) => join(ROOT, 'node_modules', path);
const env = setup();
let dir;
let apps; // the folder the apps share, where the package is installed
const servers = [];

before(async () => {
  // Inside the repository, so that the apps find its node_modules (the frameworks).
  mkdirSync(join(ROOT, 'target'), { recursive: true });
  const packed = await packedConsumer(join(ROOT, 'target'));
  dir = packed.dir;
  apps = packed.consumer;
});
after(async () => {
  for (const s of servers) await s.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true,
    skipLibCheck: true, types: [], lib: ['es2022', 'dom', 'dom.iterable'], jsx: 'react-jsx',
    verbatimModuleSyntax: true, isolatedModules: true,
  },
  include: ['src'],
};

/** Writes an app: the docs' files, then `own` (entry, index.html, tsconfig, package.json); returns its folder. */
function writeApp(name, docs, own) {
  const app = join(apps, name);
  for (const [path, text] of Object.entries({ ...docs, ...own })) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), typeof text === 'string' ? text : JSON.stringify(text, null, 2));
  }
  return app;
}

const INDEX = (entry) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App</title><link rel="icon" href="data:,"></head>
<body><div id="root"></div><script type="module" src="${entry}"></script></body></html>`;

/** The checker's output when it fails, '' when it passes. */
function check(cmd, args, cwd) {
  try {
    run(process.execPath, [cmd, ...args], cwd);
    return '';
  } catch (e) {
    return `${e.stdout}${e.stderr}`;
  }
}

/** Builds the app with Vite, serves its dist/ and plays in it as the test's header says. */
async function builtAndPlayed(app) {
  const out = run(process.execPath, [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], app);
  assert.doesNotMatch(out, /error/i, out);
  const server = await serve({ port: 0, root: join(app, 'dist') });
  servers.push(server);
  const { page, done } = await openPage(env, null);
  await page.goto(server.url);
  await drawn(page, 'game-2048');
  const board = page.locator('game-2048');
  // The props, set as properties, reached the board: a dark 4x4 game, not saved.
  assert.deepEqual(await board.evaluate((el) => ({ size: el.size, theme: el.theme, persist: el.persist, cells: el.cells.length })),
    { size: 4, theme: 'dark', persist: 'off', cells: 16 });
  assert.equal(await page.locator('p.score').textContent(), 'Score 0');
  // The AI plays a quick search, without the learned network's download.
  await board.evaluate((el) => { el.strategy = 'expectimax'; el.ms = 10; el.speed = 'max'; });
  await board.locator('.board').click();
  for (let i = 0; i < 60 && (await board.evaluate((el) => el.score)) === 0; i += 1) {
    await page.keyboard.press(['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'][i % 4]);
  }
  const score = await board.evaluate((el) => el.score);
  assert.ok(score > 0, 'the arrow keys merged tiles');
  await page.waitForFunction((s) => document.querySelector('p.score').textContent === `Score ${s}`, score);
  await board.locator('.ai-toggle').click();
  await page.waitForFunction(() => document.querySelector('game-2048').moves >= 20, null, { timeout: 30000 });
  await board.locator('.ai-toggle').click();
  await page.waitForFunction(() => document.querySelector('p.score').textContent.endsWith('; the AI stopped (stop)'));
  const final = await board.evaluate((el) => el.score);
  await page.waitForFunction((s) => document.querySelector('p.score').textContent.startsWith(`Score ${s};`), final);
  await done();
}

test('React 19: the docs\' TSX type-checks (a wrong prop or event field does not), builds with Vite and plays', async () => {
  const app = writeApp('react', docFiles('#### React 19'), {
    'package.json': { name: 'react-app', private: true, type: 'module', dependencies: { 'game2048-board': '*', react: '^19', 'react-dom': '^19' } },
    'tsconfig.json': TSCONFIG,
    'index.html': INDEX('/src/main.tsx'),
    'vite.config.ts': "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({ plugins: [react()] });\n",
    'src/main.tsx': "import { createRoot } from 'react-dom/client';\nimport { Board } from './Board';\n\ncreateRoot(document.getElementById('root')!).render(<Board />);\n",
    // What the declaration rules out: each line must be an error for tsc to pass.
    'src/typed.tsx': `export const wrong = [
  // @ts-expect-error: no 9x9 board
  <game-2048 size={9} />,
  // @ts-expect-error: no such theme
  <game-2048 theme="neon" />,
  // @ts-expect-error: a move's detail has no such field
  <game-2048 onmove={(e) => e.detail.points} />,
  // @ts-expect-error: ai-stop's reason is a string
  <game-2048 onai-stop={(e) => e.detail.reason.toFixed()} />,
];
`,
  });
  assert.equal(check(bin('typescript/bin/tsc'), ['-p', 'tsconfig.json'], app), '', 'tsc --strict');
  await builtAndPlayed(app);
});

test('Vue 3: the docs\' single-file component type-checks with vue-tsc (a wrong prop or event field does not), builds with Vite and plays', async () => {
  const app = writeApp('vue', docFiles('#### Vue 3'), {
    'package.json': { name: 'vue-app', private: true, type: 'module', dependencies: { 'game2048-board': '*', vue: '^3.5' } },
    'tsconfig.json': { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, jsx: 'preserve' } },
    'index.html': INDEX('/src/main.ts'),
    'src/main.ts': "import { createApp } from 'vue';\nimport Board from './Board.vue';\n\ncreateApp(Board).mount('#root');\n",
  });
  const checker = bin('vue-tsc/bin/vue-tsc.js');
  assert.equal(check(checker, ['-p', 'tsconfig.json'], app), '', 'vue-tsc --strict');
  // The declaration rules out a wrong prop and wrong event fields (checked apart from the app).
  writeFileSync(join(app, 'src/Wrong.vue'), '<script setup lang="ts">\n</script>\n<template>\n  <game-2048 size="9" @move="(e) => e.detail.points" @ai-stop="(e) => e.detail.reason.toFixed()" />\n</template>\n');
  const wrong = check(checker, ['-p', 'tsconfig.json'], app);
  rmSync(join(app, 'src/Wrong.vue'));
  const errors = wrong.split('\n').filter((l) => /error TS/.test(l));
  assert.equal(errors.length, 3, wrong);
  assert.ok(errors.every((l) => l.startsWith('src/Wrong.vue(')), wrong);
  await builtAndPlayed(app);
});

test('Svelte 5: the docs\' component type-checks with svelte-check (a wrong prop or event field does not), builds with Vite and plays', async () => {
  const app = writeApp('svelte', docFiles('#### Svelte 5'), {
    'package.json': { name: 'svelte-app', private: true, type: 'module', dependencies: { 'game2048-board': '*', svelte: '^5' } },
    'tsconfig.json': TSCONFIG,
    'index.html': INDEX('/src/main.ts'),
    'vite.config.ts': "import { defineConfig } from 'vite';\nimport { svelte } from '@sveltejs/vite-plugin-svelte';\n\nexport default defineConfig({ plugins: [svelte()] });\n",
    'src/main.ts': "import { mount } from 'svelte';\nimport Board from './Board.svelte';\n\nmount(Board, { target: document.getElementById('root')! });\n",
  });
  const checker = bin('svelte-check/bin/svelte-check');
  assert.equal(check(checker, ['--workspace', app, '--tsconfig', './tsconfig.json', '--fail-on-warnings'], app), '', 'svelte-check');
  // The declaration rules out a wrong prop and a wrong event field (checked apart from the app).
  writeFileSync(join(app, 'src/Wrong.svelte'), '<script lang="ts"></script>\n<game-2048 size={9} onmove={(e) => e.detail.points}></game-2048>\n');
  const wrong = check(checker, ['--workspace', app, '--tsconfig', './tsconfig.json', '--output', 'machine'], app);
  rmSync(join(app, 'src/Wrong.svelte'));
  const errors = wrong.split('\n').filter((l) => / ERROR /.test(l));
  assert.equal(errors.length, 2, wrong);
  assert.ok(errors.every((l) => l.includes('Wrong.svelte')), wrong);
  await builtAndPlayed(app);
});
