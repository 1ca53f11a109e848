#!/bin/sh
# Builds every endgame table the learned search consults, into tables/ (git-ignored; about
# 10 GB): snake-12 down to snake-6, every target each formation's sub-game can hold, the
# largest last. Killed at any point, the same command goes on from each table's checkpoint
# (tablebase build --resume); finished tables are kept. Run it in the background:
#   nohup nice -n 19 sh tools/runs/tables.sh [TABLEBASE] > tables.log 2>&1 &
set -e
cd "$(dirname "$0")/../.."
TABLEBASE=${1:-target/release/tablebase}
for formation in snake-12:3..3 snake-11:3..4 snake-10:3..5 snake-9:3..6 snake-8:3..7 snake-7:3..8 snake-6:3..7; do
  "$TABLEBASE" build "${formation%%:*}" --target "${formation#*:}" --dir tables --resume
done
