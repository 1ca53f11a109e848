#!/usr/bin/env node
// Writes www/pkg/strategy-texts/<name>.json: one strategy's explanation (a JSON string) per
// file, and index.js, which names each file by a literal new URL('./<name>.json',
// import.meta.url) (www/shared/assets.js imports it: the form bundlers follow), read from the ai module's catalogue (the engine's words; the page's own modules
// leave them out to stay small). The AI panel fetches the picked strategy's file when it
// shows it, after the first board (strategies.js's loadExplanation): a first visit fetches
// one. The page's default player, which is no engine strategy, has its words here too
// (www/ai/best.js). The folder is written afresh (a removed strategy leaves no file).
// `make build` runs it after the wasm-bindgen step: node tools/build/strategy-texts.mjs
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { BEST, BEST_EXPLANATION } from '../../www/ai/best.js';

const pkg = new URL('../../www/pkg/', import.meta.url);
const dir = new URL('strategy-texts/', pkg);
const ai = await import(new URL('game2048_ai.js', pkg));
ai.initSync({ module: readFileSync(new URL('game2048_ai_bg.wasm', pkg)) });
rmSync(dir, { recursive: true, force: true });
rmSync(new URL('strategy-texts.json', pkg), { force: true }); // the one file of older builds
mkdirSync(dir, { recursive: true });
const index = [];
for (const s of [{ name: BEST, explanation: BEST_EXPLANATION }, ...ai.strategies(), ...ai.learnedStrategies()]) {
  if (!/^[a-z0-9-]+$/.test(s.name)) throw new Error(`strategy name ${JSON.stringify(s.name)} is not a file name`);
  writeFileSync(new URL(`${s.name}.json`, dir), `${JSON.stringify(s.explanation)}\n`);
  index.push(`  ${JSON.stringify(s.name)}: new URL('./${s.name}.json', import.meta.url),`);
}
writeFileSync(new URL('index.js', dir), `// Written by tools/build/strategy-texts.mjs: each strategy's explanation file.\nexport const TEXTS = {\n${index.join('\n')}\n};\n`);
