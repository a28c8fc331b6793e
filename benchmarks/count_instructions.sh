#!/bin/sh
# CPU instructions of GAMES uniform self-play games (default 40), counted by valgrind.
# Unlike wall-clock time, the count does not depend on the machine's load, so two
# versions of the engine can be compared on a busy machine. Needs valgrind.
set -eu
games=${1:-40}
python=${PYTHON:-.venv/bin/python}
count() {
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/selfplay_games.py "$1" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# A warm-up run first writes any stale .pyc files, which would otherwise be counted
# once in the baseline (0 games) and not in the measured run.
"$python" benchmarks/selfplay_games.py 0
start=$(count 0)
total=$(count "$games")
echo "$(( (total - start) / 1000000 )) million instructions for $games games (imports excluded)"
