#!/usr/bin/env bash
# Commits exactly the given paths (their working-tree content) on top of the current HEAD
# through a private index, so files other people have staged in the shared index are never
# swept into this commit, and this commit never undoes theirs.
# Usage: scripts/commit-paths.sh -m "message" path...
set -euo pipefail
[ "$1" = "-m" ] || { echo "usage: $0 -m message path..." >&2; exit 2; }
message=$2; shift 2
index=$(mktemp)
trap 'rm -f "$index"' EXIT
export GIT_INDEX_FILE=$index
git read-tree HEAD
git add -- "$@"
git commit -q -m "$message"
git log --oneline -1
