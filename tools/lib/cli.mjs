// The tools' command lines: node:util parseArgs (strict), one way to ask for help and one
// way to fail. An unknown flag, a missing value or a bad one prints `tool: message` and the
// usage on stderr and exits with code 2; --help (-h) prints the usage and exits 0.
import { parseArgs } from 'node:util';

/** A bad value that parseArgs cannot see (a range, a list); parseFlags turns it into exit 2. */
export class UsageError extends Error {}

/**
 * Parses process.argv. `options` as for parseArgs (help is added); `check(values,
 * positionals)` returns the settings and may throw UsageError. Returns what `check` returns,
 * or { values, positionals } without one.
 */
export function parseFlags({ name, usage, options, allowPositionals = false, check, argv = process.argv.slice(2) }) {
  try {
    const parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
    if (parsed.values.help) {
      console.log(usage);
      process.exit(0);
    }
    return check ? check(parsed.values, parsed.positionals) : parsed;
  } catch (e) {
    if (!(e instanceof UsageError) && !String(e.code).startsWith('ERR_PARSE_ARGS')) throw e;
    console.error(`${name}: ${e.message}\n${usage}`);
    process.exit(2);
  }
}

/** `text` as a whole number from min to max, or a UsageError naming --flag. */
export function whole(flag, text, min, max) {
  const n = Number(text);
  if (typeof text !== 'string' || text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** `text` as a tile: a power of two from 4 to 2^17, or a UsageError naming --flag. */
export function tile(flag, text) {
  const t = whole(flag, text, 4, 2 ** 17);
  if ((t & (t - 1)) !== 0) throw new UsageError(`--${flag} must be a power of two, got ${t}`);
  return t;
}
