#!/bin/sh
# From the repository root, after `cargo build --release --bin arena` and
# `make build && node tools/positions.mjs > positions.jsonl` (652 positions).
# Interleaved decisions on the same positions: total ms per strategy/budget, 3 rounds.
A=${ARENA:-target/release/arena}
# The shipped network (its one name is NETWORK_FILE in www/ai/network.js), or $NET.
NET=${NET:-$(sed -n "s/.*NETWORK_FILE = '\(.*\)'.*/\1/p" www/ai/network.js)}
for r in 1 2 3; do
  for spec in "expectimax 200000" "expectimax-td 5000" "expectimax-td 10000" "expectimax-td 20000"; do
    set -- $spec
    $A --decide positions.jsonl --strategy $1 --nodes $2 --network $NET 2>/dev/null \
      | python3 -c "import sys,json; L=[json.loads(l) for l in sys.stdin]; print('$r $1 $2', round(sum(x['ms'] for x in L),1), 'ms', round(sum(x['nodes'] for x in L)/len(L)), 'nodes/move', round(sum(x['depth'] for x in L)/len(L),2), 'depth')"
  done
done
