#!/bin/sh
# The learned ladder's measurement queue, in order, with the shipped network on seeds 1..N.
# Each run's file is first stripped of the games played on past 32768 before the learned
# strategies downgraded (tools/runs/replay-stale.mjs; the games below it are the same), so that
# `--resume` plays those again; a finished file with nothing stale plays nothing. Then: 1 ply
# and depths 2 and 3 (1,000 games), *Keen* (5k) and *Sharp* (20k) over 1,000, *Sage* (1.2M)
# over 100, depth 4 with no node cap over 100, *Shrewd* (80k) over 300 and *Wise* (300k) over
# 200: the counts the slower speeds ask of a rung (*Max* asks 1,000: www/ai/fit-player.js's
# FASTEST_GAMES, which only *Keen* and *Sharp* have). Many CPU-hours: run it under nice in the
# background; killed at any point, the same command goes on where it stopped (arena
# --resume). Before committing a stopped queue, `node tools/runs/replay-stale.mjs restore FILE`
# puts back the lines of the games not yet played again, so each file stays whole
# (docs/arena.md, "Long batches"). `make figures` then writes the figures.
#   nohup nice -n 19 sh tools/runs/td-ladder.sh [ARENA] > td-ladder.log 2>&1 &
set -e
cd "$(dirname "$0")/../.."
ARENA=${1:-target/release/arena}
NETWORK=networks/4x6-l16.ntw.gz
STRIP=${STRIP:-node tools/runs/replay-stale.mjs strip} # the tests' stand-in takes its place
play() {
  file=data/runs/$1.jsonl
  shift
  $STRIP "$file"
  "$ARENA" "$@" --network "$NETWORK" --seed 1 --threads 2 --resume --out "$file"
}
play td-l16 --strategy td --games 1000
play expectimax-td-depth2 --strategy expectimax-td --depth 2 --games 1000
play expectimax-td-depth3 --strategy expectimax-td --depth 3 --games 1000
play expectimax-td-5000 --strategy expectimax-td --nodes 5000 --games 1000
play expectimax-td-20000 --strategy expectimax-td --nodes 20000 --games 1000
play expectimax-td-1200000 --strategy expectimax-td --nodes 1200000 --games 100
play expectimax-td-depth4 --strategy expectimax-td --depth 4 --nodes 1000000000 --games 100
play expectimax-td-80000 --strategy expectimax-td --nodes 80000 --games 300
play expectimax-td-300000 --strategy expectimax-td --nodes 300000 --games 200
