#!/bin/sh
# Which learning methods pay: one method added at a time, 4x6 tuples, 16 levels, seed 1, one
# thread (each run repeats exactly), about 1 G moves learned each, the network at 1 ply over
# the same 1,000 whole games at every checkpoint (DIR/NAME/eval.jsonl; its `learned` field is
# the moves learned so far, the axis the runs are compared on). From the repository root:
#
#   RUSTFLAGS="-C target-cpu=native" cargo build --release --bin train --target-dir target/native
#   nice -n 19 sh tools/runs/ablation.sh target/native/release/train DIR
#
# A run that stopped goes on from its checkpoint when the script is run again.
TRAIN=${1:-target/release/train}
DIR=${2:-ablation}
run() {
  name=$1; shift
  mkdir -p "$DIR/$name"
  resume=""; [ -f "$DIR/$name/checkpoint.bin" ] && resume="--resume"
  echo "$name: $*"
  "$TRAIN" $resume --shape 4x6 --levels 16 --seed 1 --threads 1 --block 1000 \
    --eval-games 1000 --dir "$DIR/$name" "$@" >"$DIR/$name/log" 2>&1
  rm -f "$DIR/$name/checkpoint.bin"
  touch "$DIR/$name/done"
}
step() { [ -f "$DIR/$1/done" ] || run "$@"; }
# Whole games of TD(0) average about 5,000 moves; with restarts a chain learns about 20,000.
step td0 --alpha 0.1 --games 200000 --checkpoint-every 20000
step restart --alpha 0.1 --restart --games 50000 --checkpoint-every 5000
step restart-tc --tc --alpha 1.0 --restart --games 50000 --checkpoint-every 5000
step restart-tc-lambda --tc --alpha 1.0 --lambda 0.5 --restart --games 50000 --checkpoint-every 5000
step restart-tc-lambda-init --tc --alpha 1.0 --lambda 0.5 --restart --init 100000 --games 90000 --checkpoint-every 5000
