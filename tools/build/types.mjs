// Writes types/choices.d.ts: the literal unions of types/index.d.ts that the code holds in
// lists (board sizes, modes, themes, speeds, keyboard and controls choices from choices.js
// and options.js; the strategy names of the game's catalogue, gameCatalog, from the engine's
// catalogue in src/wasm/catalog-unworded/). `node tools/build/types.mjs` writes it;
// `node tools/build/types.mjs --check` (and tests/node/types.test.mjs) fails while it differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SIZES, MODES, THEMES, SPEEDS } from '../../www/shared/choices.js';
import { CHOICES } from '../../www/game/options.js';
import { gameCatalog, strategyCatalog } from '../../www/ai/strategies.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const OUT = 'types/choices.d.ts';
const catalogue = (file) => JSON.parse(readFileSync(`${ROOT}src/wasm/catalog-unworded/${file}`, 'utf8'));

/** Each union's values, from the code's lists: {BoardSize: [3, ..., 8], Mode: [...], ...}. */
export function unions() {
  // The catalogue as the engine gives it (strategies(), learnedStrategies()), read by the page's own code.
  const engine = { strategies: () => catalogue('strategies.json'), learnedStrategies: () => catalogue('learned.json') };
  return {
    BoardSize: SIZES,
    Mode: MODES,
    Theme: THEMES,
    Speed: Object.keys(SPEEDS),
    KeyboardMode: CHOICES.keyboard,
    Controls: CHOICES.controls,
    EngineStrategyName: strategyCatalog(engine).map((s) => s.name),
    StrategyName: gameCatalog(engine).map((s) => s.name),
  };
}

/** A union's TypeScript text: `'a' | 'b'`, `3 | 4`. */
export const unionText = (values) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(' | ');

const DOCS = {
  BoardSize: 'A board\'s size: n x n cells.',
  Mode: 'A game\'s mode.',
  Theme: 'A board\'s colour theme.',
  Speed: 'The AI\'s speed: the least time between two of its moves.',
  KeyboardMode: 'Which keys move the board: only while it has the focus, the whole page\'s, or none.',
  Controls: 'How much of the board\'s controls show.',
  EngineStrategyName: 'A strategy `bestMove` plays (the engine\'s catalogue: strategies(), learnedStrategies()).',
  StrategyName: 'A strategy the board plays: the default player, the engine\'s strategies, and each learned one with your network.',
};

/** The text of types/choices.d.ts, from the code's lists. */
export function choicesTypes() {
  return [
    '// Written by tools/build/types.mjs from the code\'s lists: do not edit (`node tools/build/types.mjs`).\n',
    ...Object.entries(unions()).map(([name, values]) => `/** ${DOCS[name]} */\nexport type ${name} = ${unionText(values)};\n`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = choicesTypes();
  if (process.argv.includes('--check')) {
    if (readFileSync(ROOT + OUT, 'utf8') !== text) {
      console.error(`${OUT} differs from the code's lists: run node tools/build/types.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(ROOT + OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
