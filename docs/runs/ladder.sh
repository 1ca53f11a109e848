#!/bin/sh
# The 200-game figures behind expectimax's ladder of node budgets (www/strength-figures.js):
# whole games on seeds 1..200, the root split as the page plays it. Each rung writes its game
# lines to docs/runs/expectimax-split-<nodes>.jsonl as the games end; killed at any point
# (the end of a session), the same command again plays only the games not yet in the files
# (arena --resume). Then `arena merge` prints each rung's table.
#   sh docs/runs/ladder.sh [ARENA] [RUNGS...]
set -e
cd "$(dirname "$0")/../.."
ARENA=${1:-target/release/arena}
[ $# -gt 0 ] && shift
RUNGS=${*:-50000 200000 800000 2500000 10000000}
for n in $RUNGS; do
  "$ARENA" --games 200 --seed 1 --nodes "$n" --threads 2 --resume \
    --out "docs/runs/expectimax-split-$n.jsonl" > "docs/runs/expectimax-split-$n.txt"
done
