// The tools' JSON-lines input (the arena's game lines, its decisions): one object a line,
// blank lines skipped; a line that is not JSON is the caller's bad input (a UsageError, exit 2).
import { readFileSync } from 'node:fs';
import { UsageError } from './cli.mjs';

/** The objects of the JSON-lines file at `path`; a line that is not JSON names the file and line. */
export function readJsonLines(path) {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => {
    try {
      return JSON.parse(l);
    } catch (e) {
      throw new UsageError(`${path} line ${i + 1} is not JSON: ${e.message}`);
    }
  });
}

/** The objects of `path`, each passing `check`; one that does not is bad input naming the line and `what` it should be. */
export function readJsonLinesOf(path, check, what) {
  return readJsonLines(path).map((x, i) => {
    if (!check(x)) throw new UsageError(`${path} line ${i + 1} ${what}`);
    return x;
  });
}
