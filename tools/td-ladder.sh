#!/bin/sh
# The learned ladder's measurement queue, in order: what a ply buys (depth 4 with no node cap,
# 100 games), then the rungs above *Sharp* on seeds 1..N, with the shipped network: *Shrewd*
# (80k) over 300 games and *Wise* (300k) over 200, *Sage* (1.2M) over 100. None of them keeps
# up with *Max* on two workers, so none needs *Max*'s 1,000 games (www/ai/fit-player.js's
# FASTEST_GAMES). Many CPU-hours: run it under nice in the background; killed at any point,
# the same command plays only the games not yet in the files (arena --resume), so a batch goes
# on across sessions and machines once its partial file is committed (docs/arena.md, "Long
# batches"). `make figures` then writes the figures.
#   nohup nice -n 19 sh tools/td-ladder.sh [ARENA] > td-ladder.log 2>&1 &
set -e
cd "$(dirname "$0")/.."
ARENA=${1:-target/release/arena}
NETWORK=networks/4x6-l16.ntw.gz
"$ARENA" --strategy expectimax-td --depth 4 --nodes 1000000000 --network "$NETWORK" \
  --games 100 --seed 1 --threads 2 --resume --out data/runs/expectimax-td-depth4.jsonl
for rung in 80000:300 300000:200 1200000:100; do
  nodes=${rung%:*}
  games=${rung#*:}
  "$ARENA" --strategy expectimax-td --nodes "$nodes" --network "$NETWORK" \
    --games "$games" --seed 1 --threads 2 --resume --out "data/runs/expectimax-td-$nodes.jsonl"
done
