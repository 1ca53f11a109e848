#!/bin/sh
# The 200-game figures behind expectimax's ladder of node budgets (www/ai/strength-figures.js,
# docs/figures.md): whole games on seeds 1..200, the root split as the page plays it. Each
# rung writes its game lines to data/runs/expectimax-split-<nodes>.jsonl as the games end;
# killed at any point, the same command again plays only the games not yet in the files
# (arena --resume). Each rung's table goes to stdout; `make figures` writes the figures.
#   sh tools/runs/ladder.sh [ARENA] [RUNGS...]
set -e
cd "$(dirname "$0")/../.."
ARENA=${1:-target/release/arena}
[ $# -gt 0 ] && shift
RUNGS=${*:-50000 200000 800000 2500000 10000000}
for n in $RUNGS; do
  "$ARENA" --games 200 --seed 1 --nodes "$n" --threads 2 --resume \
    --out "data/runs/expectimax-split-$n.jsonl"
done
