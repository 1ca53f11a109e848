// One version to pin: the crate's (Cargo.toml, the one place it is written), which the page's
// package (package.json and its lock) and the newest entry of CHANGELOG.md repeat. A version
// changed in one place and not the others fails here, naming the file; so does a docs page that
// pins another version of the npm package (game2048-board@X).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (f) => readFileSync(ROOT + f, 'utf8');

/** The [package] version of Cargo.toml. */
const crateVersion = () => /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(read('Cargo.toml'))?.[1];

test('the crate, the package, its lock and Cargo.lock carry one semver version', () => {
  const version = crateVersion();
  assert.match(version ?? '', /^\d+\.\d+\.\d+(-[\w.]+)?$/, 'Cargo.toml: a semver version');
  const pkg = JSON.parse(read('package.json'));
  const lock = JSON.parse(read('package-lock.json'));
  assert.equal(pkg.version, version, `package.json says ${pkg.version}, Cargo.toml ${version}`);
  assert.equal(lock.version, version, `package-lock.json says ${lock.version}, Cargo.toml ${version}`);
  assert.equal(lock.packages[''].version, version, 'package-lock.json\'s root package');
  const locked = /\[\[package\]\]\nname = "game2048"\nversion = "([^"]+)"/.exec(read('Cargo.lock'))?.[1];
  assert.equal(locked, version, `Cargo.lock says ${locked}, Cargo.toml ${version}`);
});

test("CHANGELOG.md's newest entry is that version, dated, and the entries run newest first", () => {
  const entries = [...read('CHANGELOG.md').matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?/gm)].map((m) => ({ version: m[1], date: m[2] }));
  const released = entries.filter((e) => e.version !== 'Unreleased');
  assert.ok(released.length, 'CHANGELOG.md: no version entry');
  assert.equal(released[0].version, crateVersion(), `CHANGELOG.md's newest entry is ${released[0].version}, Cargo.toml says ${crateVersion()}`);
  for (const e of released) assert.ok(e.date, `CHANGELOG.md: ${e.version} has no date`);
  const key = (v) => v.split(/[.-]/).slice(0, 3).map(Number);
  for (let i = 1; i < released.length; i++) {
    const [a, b] = [key(released[i - 1].version), key(released[i].version)];
    const newer = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
    assert.ok(newer > 0, `CHANGELOG.md: ${released[i - 1].version} comes before ${released[i].version}`);
  }
});

test('every version of the npm package the docs pin (game2048-board@X, game2048-board-X.tgz) is the crate\'s', async () => {
  const { PACKAGE_NAME } = await import('../../tools/build/package.mjs');
  const { readdirSync } = await import('node:fs');
  const files = ['README.md', ...readdirSync(ROOT + 'docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  // game2048-board@X (a CDN's copy), and game2048-board-X.tgz (the tarball make package writes).
  const pins = files.flatMap((f) => [...read(f).matchAll(new RegExp(`${PACKAGE_NAME}(?:@([\\w.-]+)|-(\\d[\\w.-]*?)\\.tgz)`, 'g'))].map((m) => ({ f, v: m[1] ?? m[2] })));
  assert.ok(pins.length >= 3, `the pinned versions found: ${pins.length}`);
  assert.deepEqual(pins.filter((p) => p.v !== crateVersion()).map((p) => `${p.f} pins ${p.v}`), []);
});
