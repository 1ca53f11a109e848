#!/usr/bin/env bash
# The browser suite N times in a row (default 10) while the machine is loaded by cargo: a
# release build of the crate from nothing, over and over, in a target dir of its own, beside
# the suite. Stops at the first failing run. Prints each run's result and time.
#   sh tools/check/e2e-under-load.sh [N]
# Needs `make build` first (the suite runs against www/pkg as it is).
set -u
N=${1:-10}
LOAD_DIR=$(mktemp -d)
trap 'pkill -P $LOAD 2>/dev/null; kill $LOAD 2>/dev/null; wait $LOAD 2>/dev/null; rm -rf "$LOAD_DIR"' EXIT
( while :; do cargo build --release --quiet --target-dir "$LOAD_DIR" >/dev/null 2>&1; rm -rf "$LOAD_DIR"/release; done ) &
LOAD=$!
for i in $(seq 1 "$N"); do
  start=$(date +%s)
  if node --test --test-concurrency=1 tests/e2e/ > "$LOAD_DIR/run-$i.log" 2>&1; then
    echo "run $i of $N: pass ($(( $(date +%s) - start )) s, load average $(cut -d' ' -f1 /proc/loadavg))"
  else
    echo "run $i of $N: FAIL ($(( $(date +%s) - start )) s)"
    cp "$LOAD_DIR/run-$i.log" "${TMPDIR:-/tmp}/e2e-under-load-failed.log"
    grep -E "^not ok|# fail|Error|AssertionError" "$LOAD_DIR/run-$i.log" | head -40
    echo "the whole log: ${TMPDIR:-/tmp}/e2e-under-load-failed.log"
    exit 1
  fi
done
echo "$N of $N runs passed under load"
