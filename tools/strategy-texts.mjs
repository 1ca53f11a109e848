#!/usr/bin/env node
// Writes www/pkg/strategy-texts.json: each strategy's explanation, by name, read from the full
// module's catalogue (the engine's words; the page's own modules leave them out to stay
// small). The AI panel loads the file after the first board (strategies.js).
// `make build` runs it after the wasm-bindgen step: node tools/strategy-texts.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const pkg = new URL('../www/pkg/', import.meta.url);
const full = await import(new URL('game2048.js', pkg));
full.initSync({ module: readFileSync(new URL('game2048_bg.wasm', pkg)) });
const texts = Object.fromEntries([...full.strategies(), ...full.learnedStrategies()].map((s) => [s.name, s.explanation]));
writeFileSync(new URL('strategy-texts.json', pkg), `${JSON.stringify(texts)}\n`);
