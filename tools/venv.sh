#!/bin/sh
# Usage: tools/venv.sh PYTHON VENV [GOAL]   (the Makefile's first step, before any install)
# Checks that PYTHON is Python 3.11 or newer (else one line on stderr, exit status 1), then
# makes VENV anew unless that same interpreter made it: VENV/.interpreter holds the real path
# and version of the one that did. That file changes only when the venv is made, so make
# reinstalls only then.
set -eu
python=$1
venv=$2
goal=${3:-play}
version=$("$python" -c 'import sys; print(sys.version.split()[0]); sys.exit(sys.version_info < (3, 11))' 2>/dev/null) || {
    found=${version:+is Python $version}
    echo "make: Cold War TUI needs Python 3.11 or newer, and PYTHON=$python ${found:-does not run} (try: make $goal PYTHON=python3.12)" >&2
    exit 1
}
made_by=$("$python" -c 'import os, sys; print(os.path.realpath(sys.executable), sys.version.split()[0])')
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.interpreter" 2>/dev/null)" = "$made_by" ]; then
    exit 0
fi
echo "make: a new $venv for Python $version ($made_by)"
rm -rf "$venv"
"$python" -m venv "$venv"
echo "$made_by" >"$venv/.interpreter"
