#!/usr/bin/env node
// Stages the npm package: node tools/build/package.mjs [OUT]   (default target/npm/; `make package`,
// after `make build`). Then `npm pack OUT` makes the tarball.
// The package is `make dist`'s folder (tools/build/dist.mjs: the same bundled, minified modules whose
// first visit `make size` measures) without the site's pages: embed.js and what it loads, the
// stylesheets, the wasm package, the learned network. Staged from dist rather than from the
// sources: a page that loads embed.js from a CDN copy of the package gets the few bundled files
// the budgets are set for, not the sixty-odd modules of www/, and a bundler (Vite, webpack)
// bundles either alike. Every asset is found by a literal new URL('…', import.meta.url), which
// bundlers follow (www/shared/assets.js); esbuild and Rollup users set the asset base instead
// (docs/embed.md, "npm and a bundler"). The version is the crate's (Cargo.toml, its one place).
// The TypeScript declarations (types/, www/pkg/game2048_ai.d.ts) and custom-elements.json are
// copied in; a package without them is not written.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, UsageError } from '../lib/cli.mjs';
import { ENGINE_ENTRY, writeDist } from './dist.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The package's name on npm. */
export const PACKAGE_NAME = 'game2048-board';
/** What dist writes that a package does not ship: the site's pages, its service worker and app icons. */
const SITE_ONLY = /^(?:[^/]+\.html|sw\.js|manifest\.webmanifest|favicon\.svg|pages\.css|icons\/.*)$/;
/** The engine's declarations, when wasm-bindgen writes them. */
const ENGINE_TYPES = 'www/pkg/game2048_ai.d.ts';
/** The engine's wasm (the ai module's). */
const ENGINE_WASM = 'www/pkg/game2048_ai_bg.wasm';

/** The crate's [package] field `name` of Cargo.toml. */
export function crateField(name, text = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8')) {
  return new RegExp(`^\\[package\\][^[]*?^${name}\\s*=\\s*"([^"]+)"`, 'm').exec(text)?.[1];
}

/** package.json for the staged folder: `has(path)` says whether the folder holds that file. */
export function manifest(has) {
  const types = has('types/index.d.ts') ? './types/index.d.ts' : null;
  const engineTypes = has(ENGINE_TYPES) ? `./${ENGINE_TYPES}` : null;
  const entry = (t, file) => (t ? { types: t, default: file } : file);
  const files = ['embed.js', '*.css', 'www/', 'networks/', 'README.md', 'REFERENCE.md', 'CHANGELOG.md', 'LICENSE'];
  if (types) files.push('types/');
  if (has('custom-elements.json')) files.push('custom-elements.json');
  return {
    name: PACKAGE_NAME,
    version: crateField('version'),
    description: 'The 2048 game as a web component, <game-2048>, with its AIs: Rust compiled to WebAssembly, the AI in Web Workers',
    license: crateField('license'),
    type: 'module',
    main: './embed.js',
    ...(types ? { types } : {}),
    exports: {
      '.': entry(types, './embed.js'),
      './engine': entry(engineTypes, `./${ENGINE_ENTRY}`),
      // Its wasm, for Node: initSync({ module: readFileSync(new URL(import.meta.resolve('…/engine.wasm'))) }).
      './engine.wasm': `./${ENGINE_WASM}`,
      ...(has('custom-elements.json') ? { './custom-elements.json': './custom-elements.json' } : {}),
      './package.json': './package.json',
    },
    ...(has('custom-elements.json') ? { customElements: 'custom-elements.json' } : {}),
    // Importing embed.js defines <game-2048> (in element.js's module); nothing else runs at import.
    sideEffects: ['./embed.js', './www/game/element.js'],
    files,
    keywords: ['2048', 'game', 'web-component', 'custom-element', 'webassembly', 'ai'],
  };
}

/**
 * The install commands of docs/embed.md ("### npm and a bundler": its `sh` block, which
 * tests/e2e/package.test.mjs runs as written), for the package's README.
 */
export function installCommands(doc = readFileSync(join(ROOT, 'docs/embed.md'), 'utf8')) {
  const section = doc.slice(doc.indexOf('\n### npm and a bundler\n'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/embed.md shows no install commands under "### npm and a bundler"');
  return block;
}

// The package's README: what works while the package is not on the registry (its tarball, as
// docs/embed.md installs it), and the registry only as what to do once it is published.
const README = (name) => `# ${name}

The 2048 game as a web component, \`<game-2048>\`, with AIs you can watch play it: the rules and
every AI are Rust compiled to WebAssembly, the AI thinks in Web Workers. No dependencies.

The package is not on the npm registry yet, nor on a CDN: install it from its tarball, which
\`make package\` writes in the game's repository.

\`\`\`sh
${installCommands()}\`\`\`
\`\`\`js
import { mount } from '${name}';       // defines <game-2048> too
const game = mount(document.querySelector('#board'), { size: 4, theme: 'dark' });
\`\`\`

Vite and webpack 5 find the wasm, the workers, the stylesheets and the learned network with no
configuration. With esbuild or Rollup, serve this package's folder from your site (say at
\`/2048/\`) and name it once: \`setAssetBase('/2048/')\`, or the \`assets\` attribute or option
(REFERENCE.md, "npm and a bundler", has a Rollup configuration). \`${name}/engine\` is the
engine's JavaScript API.

Every attribute, property, method, event and CSS part, the frameworks, the supported
browsers and the engine's API: [REFERENCE.md](REFERENCE.md). What each version changed:
[CHANGELOG.md](CHANGELOG.md).
`;

// The reference (docs/embed.md) as the package carries it: a link to another of the
// repository's docs, which the package does not hold, keeps only its words.
export const reference = (text) => text.replace(/\[([^\]]+)\]\((?!https?:|#)[^)]*\)/g, (link, words) => words);

/** Writes the package into `out` (emptied first); resolves to its package.json object. */
export async function writePackage(out = join(ROOT, 'target/npm')) {
  const files = await writeDist(out, { sitePages: false });
  for (const f of files) if (SITE_ONLY.test(f)) rmSync(join(out, f), { force: true });
  rmSync(join(out, 'icons'), { recursive: true, force: true });
  for (const f of ['types', 'custom-elements.json', ENGINE_TYPES]) {
    if (!existsSync(join(ROOT, f))) throw new Error(`no ${f}: ${f === ENGINE_TYPES ? 'run `make build` first' : 'it belongs to the repository'}`);
    mkdirSync(dirname(join(out, f)), { recursive: true });
    cpSync(join(ROOT, f), join(out, f), { recursive: true });
  }
  cpSync(join(ROOT, 'LICENSE'), join(out, 'LICENSE'));
  cpSync(join(ROOT, 'CHANGELOG.md'), join(out, 'CHANGELOG.md'));
  writeFileSync(join(out, 'REFERENCE.md'), reference(readFileSync(join(ROOT, 'docs/embed.md'), 'utf8')));
  const pkg = manifest((f) => existsSync(join(out, f)));
  writeFileSync(join(out, 'README.md'), README(pkg.name));
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  return pkg;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals } = parseFlags({
    name: 'package',
    usage: 'Usage: node tools/build/package.mjs [OUT]   (default target/npm/; run `make build` first)',
    options: {},
    allowPositionals: true,
    check: (values, positionals) => {
      if (positionals.length > 1) throw new UsageError(`one OUT folder, got ${positionals.length}`);
      return { positionals };
    },
  });
  const out = resolve(positionals[0] ?? join(ROOT, 'target/npm'));
  const pkg = await writePackage(out);
  console.log(`${out}: ${pkg.name}@${pkg.version}; \`npm pack ${out}\` makes the tarball`);
}
