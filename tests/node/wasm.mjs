// The Node tests' way to load a built module (needs `make build`): the page's play or records
// module (game2048_play, game2048_records) or the ai one with the search (game2048_ai),
// initialised from its bytes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/**
 * Runs the native `replay` binary (src/bin/replay.rs) with `args` through cargo; returns its
 * stdout. Built in cargo's profile NATIVE_PROFILE (`make test` names the profile its Rust tests
 * build, so that the binary is one they built already), else `release`.
 */
export function nativeReplay(args) {
  return execFileSync('cargo', ['run', '--quiet', '--profile', process.env.NATIVE_PROFILE || 'release', '--bin', 'replay', '--', ...args], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}
