// The Node tests' way to load a built module (needs `make build`): the page's play or records
// module (game2048_play, game2048_records) or the ai one with the search (game2048_ai),
// initialised from its bytes.
import { readFileSync } from 'node:fs';

export async function load(name) {
  const mod = await import(new URL(`../../www/pkg/${name}.js`, import.meta.url));
  mod.initSync({ module: readFileSync(new URL(`../../www/pkg/${name}_bg.wasm`, import.meta.url)) });
  return mod;
}

/** A catalogue as the page's modules (records, play) export it: the ai module's, without its words. */
export function unworded(list) {
  const option = (o) => ({ ...o, description: '', ...(o.fields ? { fields: o.fields.map(option) } : {}) });
  return list.map((s) => ({ ...s, explanation: '', options: s.options.map(option) }));
}
