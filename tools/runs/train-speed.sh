#!/bin/sh
# The trainer's speed beside moporgic/TDL2048+'s, interleaved rounds on the same machine:
# moves learned per second, one thread, 4x6 tuples, 16 levels, TD(0) at alpha 0.1, the
# first 20,000 games (and the trainer on 2 threads). Run from the repository root on a quiet machine:
#
#   RUSTFLAGS="-C target-cpu=native" cargo build --release --bin train --target-dir target/native
#   sh tools/runs/train-speed.sh target/native/release/train [PATH/TO/TDL2048/2048] [ROUNDS]
#
# TDL2048+ is not part of this repository: build it beside it from its own repository
# (`make` there builds it with -march=native). Its figure is the sum of its blocks' moves
# over the sum of their milliseconds, as it prints them.
TRAIN=${1:-target/release/train}
TDL=${2:-}
ROUNDS=${3:-3}
for r in $(seq 1 "$ROUNDS"); do
  for mode in backward online; do
    flag=""; [ "$mode" = online ] && flag="--online"
    printf 'round %s train %s: ' "$r" "$mode"
    "$TRAIN" --bench --shape 4x6 --levels 16 --alpha 0.1 --seed 1 --games 20000 $flag 2>/dev/null
  done
  printf 'round %s train backward, 2 threads: ' "$r"
  "$TRAIN" --bench --shape 4x6 --levels 16 --alpha 0.1 --seed 1 --games 20000 --threads 2 2>/dev/null
  for mode in forward backward; do
    [ -n "$TDL" ] || continue
    flag=""; [ "$mode" = backward ] && flag="-tt backward"
    printf 'round %s TDL2048+ %s: ' "$r" "$mode"
    "$TDL" -n 4x6patt -t 20 -a 0.1 fixed -s 1 $flag 2>&1 \
      | awk '/^[0-9]+\/[0-9]+ /{t+=$2+0; n+=($2+0)*($3+0)/1000} END {printf "%.0f moves a second\n", n/t*1000}'
  done
done
