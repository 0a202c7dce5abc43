#!/usr/bin/env bash
# npm ci for the Node on PATH (in .ci/run, the image's line from scripts/ci/node-lts.sh), with
# better-sqlite3's compiled binary cached per version and Node ABI: npm ci compiles it from
# source on every run (no prebuilt binary can be downloaded here), about a minute on 2 cores.
#   1. npm ci --ignore-scripts: the lockfile's packages, no install script run yet;
#   2. better-sqlite3: the cached binary for this Node's ABI, or built from source against the
#      headers of npm_config_nodedir (node-lts.sh sets it) and cached;
#   3. the other install scripts allowScripts names (esbuild's copies check their binaries),
#      then this package's postinstall (patch-package applies patches/).
# The cache is NODE_LTS_CACHE's (~/.cache/cashback-portal/node), shared with runtime-folder.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

npm ci --ignore-scripts --no-audit --no-fund
version=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
cache=${NODE_LTS_CACHE:-$HOME/.cache/cashback-portal/node}
cached="$cache/better-sqlite3-$version-abi$(node -p process.versions.modules).node"
binary=node_modules/better-sqlite3/build/Release/better_sqlite3.node
if [[ -f $cached ]]; then
  mkdir -p "$(dirname "$binary")"
  cp "$cached" "$binary"
  echo "better-sqlite3 $version for $(node --version): cached $cached"
else
  echo "building better-sqlite3 $version for $(node --version) (about a minute, cached after)"
  npm rebuild better-sqlite3 --build-from-source --no-audit --no-fund --loglevel=error
  mkdir -p "$cache"
  cp "$binary" "$cached.partial" && mv "$cached.partial" "$cached"
fi
npm rebuild esbuild --no-audit --no-fund --loglevel=error
npm run postinstall
# It loads on this Node, or the suites would fail one by one with the same message.
node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()'
echo "installed for node $(node --version) (ABI $(node -p process.versions.modules))"
