// Games played again after a change in how the learned strategies play from a tile on
// (tile-downgrading, from 32768: src/ai/eval/downgrade.rs). Such a change leaves each game the
// same up to its first 32768, so a run file's lines that never reached it stand; the others
// were played on past it the old way, and their lines lack `downgrade_from`. They are played
// again by the file's own command (`arena ... --resume --out FILE`, data/index.json), which
// plays exactly the games missing from the file:
//
//   node tools/runs/replay-stale.mjs strip FILE     drop the stale lines (then run the command)
//   node tools/runs/replay-stale.mjs restore FILE   put back, from the last commit, the lines of
//                                              games not yet played again (a stopped replay
//                                              leaves its file whole, to commit)
//   node tools/runs/replay-stale.mjs count FILE...  the stale lines left in each file
//
// tools/runs/td-ladder.sh strips and plays each rung's file in turn; docs/arena.md, "Long batches".
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The first tile the learned strategies read downgraded. */
export const DOWNGRADE_FROM = 32768;

const parsed = (line) => {
  try {
    return JSON.parse(line);
  } catch {
    return null; // a line cut short by a kill: arena --resume drops it
  }
};

/** Whether a game line was played on past 32768 before the learned strategies downgraded. */
export const isStale = (game) =>
  game !== null && ['td', 'expectimax-td'].includes(game.strategy) && game.downgrade_from == null &&
  Number(game.largest) >= DOWNGRADE_FROM;

const lines = (text) => text.split('\n').filter((l) => l.trim());
const joined = (kept) => (kept.length ? `${kept.join('\n')}\n` : '');

/** The file's text without its stale lines. */
export const strip = (text) => joined(lines(text).filter((l) => !isStale(parsed(l))));

/** The file's text with each game of `committed` that it lacks put back (by seed and label). */
export const restore = (text, committed) => {
  const key = (g) => `${g.seed} ${g.label ?? ''}`;
  const have = new Set(lines(text).map(parsed).filter(Boolean).map(key));
  const back = lines(committed).filter((l) => {
    const g = parsed(l);
    return g !== null && !have.has(key(g));
  });
  return joined([...lines(text).filter((l) => parsed(l) !== null), ...back]);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [what, ...files] = process.argv.slice(2);
  if (!['strip', 'restore', 'count'].includes(what) || !files.length) {
    console.error('usage: node tools/runs/replay-stale.mjs strip|restore|count FILE...');
    process.exit(2);
  }
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (what === 'count') {
      console.log(`${file}: ${lines(text).filter((l) => isStale(parsed(l))).length} stale`);
    } else if (what === 'strip') {
      writeFileSync(file, strip(text));
    } else {
      const committed = execFileSync('git', ['show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 1 << 30 });
      writeFileSync(file, restore(text, committed));
    }
  }
}
