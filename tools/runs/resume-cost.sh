#!/bin/sh
# What going on from a shipped network costs against an uninterrupted run (docs/training.md,
# "Resuming"). The shipped network's settings, from zero to HALF chains (seed 1); then two ways
# on to twice that:
#   uninterrupted: the same run resumed from its checkpoint (weights and coherence accumulators);
#   from-file:     that checkpoint exported as the page's network is (i16, pruned, --keep,
#                  gzipped), and `train --from` it with a new seed: what survives a new machine;
#   from-file-rebuilt: the same, with the coherence accumulators first rebuilt from REBUILD
#                  (10,000) chains of the network's own play (`--rebuild`).
# Each leg evaluates 1,000 whole games at 1 ply at every checkpoint (DIR/*/eval.jsonl, the same
# seeds for both), and the last lines compare them. About 2 CPU-hours at HALF=50000; killed at
# any point, the same command goes on where it stopped.
#   nohup nice -n 19 sh tools/runs/resume-cost.sh DIR > resume-cost.log 2>&1 &
set -e
cd "$(dirname "$0")/../.."
DIR=${1:?usage: tools/runs/resume-cost.sh DIR [TRAIN]}
TRAIN=${2:-target/release/train}
HALF=${HALF:-50000}
EVERY=${EVERY:-10000}
COMMON="--tc --alpha 1.0 --lambda 0.5 --restart --threads 2 --block 1000 --checkpoint-every $EVERY --eval-games 1000"
mkdir -p "$DIR"

# A leg: its folder, its games, then train's own arguments; resumed when the folder holds a
# checkpoint, skipped when the leg is done.
leg() {
  dir=$1 games=$2
  shift 2
  [ -f "$dir/done" ] && return 0
  if [ -f "$dir/checkpoint.bin" ]; then
    # shellcheck disable=SC2086
    "$TRAIN" $COMMON --resume --games "$games" --dir "$dir"
  else
    # shellcheck disable=SC2086
    "$TRAIN" $COMMON "$@" --games "$games" --dir "$dir"
  fi
  touch "$dir/done"
}

leg "$DIR/first" "$HALF" --shape 4x6 --levels 16 --seed 1
if [ ! -f "$DIR/uninterrupted/checkpoint.bin" ]; then
  rm -rf "$DIR/uninterrupted"
  cp -r "$DIR/first" "$DIR/uninterrupted"
  rm -f "$DIR/uninterrupted/done"
fi
if [ ! -f "$DIR/first.ntw.gz" ]; then
  "$TRAIN" --export "$DIR/first.ntw" --quantise i16 --prune 1 --fit-games 20000 --keep 9000000 --dir "$DIR/first"
  gzip -9 -n -f "$DIR/first.ntw"
fi
leg "$DIR/uninterrupted" $((2 * HALF))
leg "$DIR/from-file" "$HALF" --from "$DIR/first.ntw.gz" --seed 2
leg "$DIR/from-file-rebuilt" "$HALF" --from "$DIR/first.ntw.gz" --rebuild "${REBUILD:-10000}" --seed 2

# The two at 2 x HALF chains: the uninterrupted run's last evaluation and the other's.
for f in "$DIR/first" "$DIR/uninterrupted" "$DIR/from-file" "$DIR/from-file-rebuilt"; do
  echo "$f: $(tail -n 1 "$f/eval.jsonl")"
done
