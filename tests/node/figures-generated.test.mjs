// Every strength figure comes from one source, the game lines under data/: docs/figures.md,
// the ladder block of the page's strength figures, the table of the odds from a stage
// (www/ai/stage-odds.js) and the README's players table are what tools/figures/figures.mjs
// writes from them. A figure edited by hand, or new game lines without
// `make figures`, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { render, FIGURES_PAGE, STRENGTH_FIGURES, STAGE_ODDS_MODULE, README } from '../../tools/figures/figures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The first line where two texts differ, for the message. */
function firstDifference(actual, expected) {
  const [a, e] = [actual.split('\n'), expected.split('\n')];
  for (let i = 0; i < Math.max(a.length, e.length); i++) {
    if (a[i] !== e[i]) return `line ${i + 1}:\n  in the file:  ${a[i] ?? '(none)'}\n  the script:   ${e[i] ?? '(none)'}`;
  }
  return '';
}

const out = render();

test('the script writes the figures page, the page\'s ladder, the odds from a stage and the README\'s players table', () => {
  assert.deepEqual([...out.keys()].sort(), [FIGURES_PAGE, STRENGTH_FIGURES, STAGE_ODDS_MODULE, README].sort());
});

for (const [path, expected] of out) {
  test(`${path} is what \`make figures\` writes from data/`, () => {
    const actual = readFileSync(root + path, 'utf8');
    assert.ok(actual === expected, `${path} differs from what tools/figures/figures.mjs writes (run \`make figures\`), at ${firstDifference(actual, expected)}`);
  });
}
