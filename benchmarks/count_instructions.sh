#!/bin/sh
# CPU instructions of GAMES uniform self-play games (default 40), counted by valgrind;
# with WORK=rollouts, of strong's rollouts from the action rounds of GAMES random games
# (default 1; benchmarks/rollout_work.py, the rollouts `make bench` times).
# Unlike wall-clock time, the count does not depend on the machine's load, so two
# versions of the engine or the bots can be compared on a busy machine. Needs valgrind.
# Each work script takes GAMES and, for the baseline run, --setup-only: the same set-up
# (imports, data, positions) without the work, which the difference leaves out.
set -eu
case ${WORK:-selfplay} in
    selfplay) script=benchmarks/selfplay_games.py; games=${1:-40}; what="games" ;;
    rollouts) script=benchmarks/rollout_work.py; games=${1:-1}; what="games' rollouts" ;;
    *) echo "count_instructions.sh: WORK is selfplay or rollouts, not '$WORK'" >&2; exit 2 ;;
esac
python=${PYTHON:-.venv/bin/python}
count() {
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" "$script" "$games" "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# A warm-up run first writes any stale .pyc files, which would otherwise be counted
# once in the baseline and not in the measured run.
"$python" "$script" "$games" --setup-only
start=$(count --setup-only)
total=$(count)
echo "$(( (total - start) / 1000000 )) million instructions for $games $what (imports excluded)"
