# Scores `arena --decide` outputs against an oracle's (README: "Other ways to spend the same
# nodes"): how often each candidate plays the oracle's move, and, against the first candidate,
# on how many positions it loses less or more of the oracle's value.
#   python3 docs/runs/oracle-score.py ORACLE.jsonl BASE.jsonl CANDIDATE.jsonl ...
import json
import sys


def load(path):
    return [json.loads(line) for line in open(path)]


def loss(oracle, decision):
    values = oracle["values"]
    best = max(v for v in values.values() if v is not None)
    return (best - values[decision["dir"]]) / abs(best)


oracle = load(sys.argv[1])
runs = {path: load(path) for path in sys.argv[2:]}
base = runs[sys.argv[2]]
for path, run in runs.items():
    agree = better = worse = counted = 0
    nodes = 0
    for o, b, c in zip(oracle, base, run):
        if all(v is None for v in o["values"].values()):
            continue
        counted += 1
        agree += c["dir"] == o["dir"]
        nodes += c["nodes"]
        d = loss(o, c) - loss(o, b)
        better += d < 0
        worse += d > 0
    print(f"{path}: oracle's move {agree} of {counted}; better/worse than the first: {better}/{worse}; nodes a move {nodes / counted:.0f}")
