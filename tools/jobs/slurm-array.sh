#!/bin/bash
# A Slurm array job: N tasks each play one shard of the same arena run, then one `arena merge`
# prints the table of the whole run (the same table one machine would print).
#
#   cargo build --release --bin arena          # once, on a shared filesystem
#   sbatch tools/jobs/slurm-array.sh            # submits tasks 1..N
#   # when every task has finished:
#   target/release/arena merge results/shard-*.jsonl
#
# Every task must get the same --games/--seed/options; only --shard differs. Game i (seed
# SEED + i) belongs to shard (i % N) + 1, so the shards are disjoint and cover every game.
# A task that fails can be resubmitted alone (sbatch --array=K ...): it writes the same lines.
#
#SBATCH --job-name=arena
#SBATCH --array=1-8
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
#SBATCH --output=results/slurm-%A_%a.log

set -euo pipefail
N=8                      # keep equal to the size of --array above
ARENA=${ARENA:-target/release/arena}
ID=${SLURM_ARRAY_TASK_ID:?run this through sbatch --array}
mkdir -p results

"$ARENA" --games 1000 --seed 1 --strategy expectimax --nodes 20000 --until 2048 \
  --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$ID/$N" --out "results/shard-$ID.jsonl"

# The same works for `arena compare SPEC... --shard $ID/$N --out ...` and
# `arena sweep RANGES.json --shard $ID/$N --out ...`; merge then prints one table per
# strategy or configuration (add --objective reach:2048 for a ranking).
