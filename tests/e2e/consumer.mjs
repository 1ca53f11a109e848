// A web developer's project with the npm package installed: the package staged
// (tools/build/package.mjs), packed with `npm pack`, and installed offline from the tarball.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { installCommands, writePackage, PACKAGE_NAME } from '../../tools/build/package.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs a command in `cwd`; its stdout (throws with stdout and stderr when it fails). */
export const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A new project's folder at `path`: its package.json, an ES module project. */
function newProject(path) {
  mkdirSync(path);
  writeFileSync(join(path, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return path;
}

/** docs/embed.md's section under `heading` ('### …' or '#### …'), up to the next heading. */
function docSection(heading) {
  const doc = readFileSync(join(ROOT, 'docs/embed.md'), 'utf8');
  const start = doc.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `docs/embed.md has "${heading}"`);
  return doc.slice(start + 1).split(/\n#{2,4} /)[0];
}

/** The files docs/embed.md gives under `heading`: { path: text }, from each "`path`…:" line and the block after it. */
export function docFiles(heading) {
  const files = {};
  for (const m of docSection(heading).matchAll(/^(.*):\n\n```\w+\n([\s\S]*?)^```$/gm)) {
    const path = m[1].match(/`([\w./-]+\.\w+)`/)?.[1];
    assert.ok(path, `a file name on "${m[1]}"`);
    files[path] = m[2];
  }
  return files;
}

/**
 * Stages and packs the package in a new folder under `parent`, and installs the tarball offline
 * into its `consumer` folder. Returns { dir, pkg (the staged package), tarball, consumer }.
 */
export async function packedConsumer(parent) {
  const dir = mkdtempSync(join(parent, 'g2048-package-'));
  const pkg = join(dir, 'package');
  const manifest = await writePackage(pkg);
  run('npm', ['pack', pkg, '--pack-destination', dir, '--silent'], dir);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  assert.equal(tarball, `${PACKAGE_NAME}-${manifest.version}.tgz`);
  const consumer = newProject(join(dir, 'consumer'));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(dir, tarball)], consumer);
  return { dir, pkg, tarball: join(dir, tarball), consumer };
}

/**
 * Installs the package as docs/embed.md's "npm and a bundler" block says, command by command:
 * each `# in this repository` line runs here, each `# in your project` line in a new project
 * under `parent` (the tarball it names copied there from target/, as that line says), with npm
 * offline. Returns { dir, pkg (the staged package, target/npm), consumer }.
 */
export function docsConsumer(parent) {
  const block = installCommands();
  const dir = mkdtempSync(join(parent, 'g2048-docs-'));
  const consumer = newProject(join(dir, 'consumer'));
  const ran = [];
  for (const line of block.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue; // a comment: what to do once the package is published
    const [command, comment = ''] = line.split(/\s+#\s*/);
    const where = /^in this repository/.test(comment) ? ROOT : /^in your project/.test(comment) ? consumer : null;
    assert.ok(where, `"${line}" says where it runs`);
    if (where === consumer) {
      for (const [, file] of command.matchAll(/\.\/(\S+\.tgz)/g)) copyFileSync(join(ROOT, 'target', file), join(consumer, file));
    }
    execFileSync('bash', ['-c', command], { cwd: where, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' } });
    ran.push(command.trim());
  }
  assert.equal(ran.length, 2, `make package, then npm install: ${ran.join('; ')}`);
  return { dir, pkg: join(ROOT, 'target/npm'), consumer };
}
