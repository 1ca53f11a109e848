// tools/check/import-cycles.mjs (make lint) on small crates of its own: a clean one passes, and
// an import cycle, an import up the library's layers (LAYERS, for a crate rooted at `src`) and a
// file in no layer each fail with exit 1, naming the files and lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOL = fileURLToPath(new URL('../../tools/check/import-cycles.mjs', import.meta.url));

/** A folder holding `files` ({'src/lib.rs': text, ...}); the check runs from it. */
function crates(files) {
  const dir = mkdtempSync(join(tmpdir(), 'g2048-import-cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return (...args) => spawnSync(process.execPath, [TOOL, ...args], { cwd: dir, encoding: 'utf8' });
}

// The library's bottom layers: limits.rs, then direction.rs, then board.rs.
const LIBRARY = {
  'src/lib.rs': 'mod limits;\nmod direction;\nmod board;\npub use board::Board;\n',
  'src/limits.rs': 'pub const MAX: usize = 8;\n',
  'src/direction.rs': 'pub enum Direction { Up }\n',
  'src/board.rs': 'use crate::direction::Direction;\nuse crate::limits::MAX;\npub struct Board;\n',
};

test('a library whose imports run down its layers, with no cycle, passes', () => {
  const out = crates(LIBRARY)('src');
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /src: every import runs down the \d+ layers/);
  assert.match(out.stdout, /src: no import cycles \(4 files, 3 edges\)/);
});

test('an import up the layers fails, naming its file and line and where it leads', () => {
  const out = crates({ ...LIBRARY, 'src/limits.rs': '// the size limits\nuse crate::board::Board;\npub const MAX: usize = 8;\n' })('src');
  assert.equal(out.status, 1, out.stdout);
  assert.match(out.stdout, /src: 1 import\(s\) from a lower layer into a higher one/);
  assert.match(out.stdout, /src\/limits\.rs:2: use crate::board::Board;\s+\(up into board\.rs\)/);
});

test('a file in no layer fails, named', () => {
  const out = crates({ ...LIBRARY, 'src/lib.rs': `${LIBRARY['src/lib.rs']}mod stray;\n`, 'src/stray.rs': 'pub fn f() {}\n' })('src');
  assert.equal(out.status, 1, out.stdout);
  assert.match(out.stdout, /src: 1 file\(s\) in no room of LAYERS .*: stray\.rs/);
});

test('an import cycle fails, each edge of it named with its line; a comment naming a module is no edge', () => {
  const run = crates({
    'tool/main.rs': 'mod a;\nmod b;\nfn main() {}\n',
    'tool/a.rs': '// see crate::b::B\npub struct A;\nfn f() -> crate::b::B { todo!() }\n',
    'tool/b.rs': 'use crate::a::A;\npub struct B;\n',
    'clean/main.rs': 'mod a;\nfn main() {}\n',
    'clean/a.rs': '// crate::main is no edge\npub struct A;\n',
  });
  const out = run('tool', 'clean');
  assert.equal(out.status, 1, out.stdout);
  assert.match(out.stdout, /tool: 1 import cycle\(s\)/);
  assert.match(out.stdout, /cycle among tool\/a\.rs, tool\/b\.rs:\n\s+tool\/a\.rs:3: .*crate::b::B.*\n\s+tool\/b\.rs:1: use crate::a::A;/);
  assert.match(out.stdout, /clean: no import cycles \(2 files, 0 edges\)/);
  assert.equal(run('clean').status, 0);
});

test('no crate folder, or one that is not there, exits 2', () => {
  const run = crates({});
  assert.equal(run().status, 2);
  assert.equal(run('nowhere').status, 2);
});
