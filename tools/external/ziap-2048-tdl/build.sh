#!/bin/sh
# Builds ziap/2048-tdl's search into an `arena --external` player (player.cpp, beside this
# script), against that project's own checkout: docs/arena.md "Other AIs".
#
#   git clone https://github.com/ziap/2048-tdl DIR && git -C DIR checkout ecd8b6a
#   sh tools/external/ziap-2048-tdl/build.sh DIR
#   train --export net-f32.ntw --quantise f32 --dir TRAIN_DIR     # or --from networks/...
#   arena --external 'DIR/arena-player 2 net-f32.ntw' --games 200 --seed 1 --out tdl.jsonl
#
# Needs g++ and a processor with BMI2 (its index reads the tuples with pext), as its own
# makefile does.
set -eu
dir=${1:?usage: build.sh ZIAP_2048_TDL_CHECKOUT}
here=$(cd "$(dirname "$0")" && pwd)
g++ -O3 -march=native -std=c++17 -mbmi -mbmi2 -I "$dir/src" \
  -o "$dir/arena-player" "$here/player.cpp"
echo "built $dir/arena-player"
