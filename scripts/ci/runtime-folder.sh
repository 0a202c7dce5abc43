#!/usr/bin/env bash
# The image's /app, reproduced without Docker: this checkout's build and node_modules put through
# the Dockerfile's own commands (npm prune --omit=dev, then scripts/runtime-deps.mjs --remove)
# in a scratch folder, then copied as the runtime stage copies them. Checks that node_modules
# holds only what the server loads (runtime-deps.mjs), that the folder is under 230 MB, and that
# the web process starts from it, reports this build's version on /healthz and renders the login page.
# Run it with the image's Node, as .ci/run does:
#   bash scripts/ci/node-lts.sh bash scripts/ci/runtime-folder.sh
# better-sqlite3 is then built for that Node in the scratch folder, as the image's npm ci builds
# it, its binary cached per version and Node ABI (about a minute to build once).
#   RUNTIME_PORT  the port it starts on (4751); RUNTIME_KEEP=1 keeps the scratch folder
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
[[ -f build/server/http.js ]] || { echo "no build: run npm run build first" >&2; exit 1; }
# The image's Node line, or the check would prove nothing about the image.
want=$(tr -d '[:space:]' <.nvmrc)
echo "node $(node --version) (.nvmrc: $want)"
if [[ $(node -p 'process.versions.node.split(".")[0]') != "$want" ]]; then
  echo "this Node is not the image's line $want: run it through scripts/ci/node-lts.sh" >&2
  exit 1
fi

port=${RUNTIME_PORT:-4751}
# 230 MB: the link previews' renderer and their Japanese fonts (satori, resvg, 11 MB of fonts in
# build/) and the OpenID client brought it from 192 to 217 MB; the limit still catches a dev
# package or a compile leftover slipping in (TypeScript alone is 23 MB).
limit_mb=230
scratch=$(mktemp -d "${TMPDIR:-/tmp}/runtime-folder.XXXXXX")
server=""
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null || true
  [[ ${RUNTIME_KEEP:-} == 1 ]] || rm -rf "$scratch"
}
trap cleanup EXIT

# The build stage: node_modules as hard links (prune and --remove only unlink), the manifests.
cp package.json package-lock.json "$scratch/"
cp -al node_modules "$scratch/node_modules"
rm -f "$scratch/node_modules/.package-lock.json" # npm rewrites it: never write through a link

# better-sqlite3 for the Node running this script: a real copy (the build writes into it), its
# binary from the cache or built from its sources against that Node's headers.
sqlite="$scratch/node_modules/better-sqlite3"
rm -rf "$sqlite"
cp -a node_modules/better-sqlite3 "$sqlite"
binary="$sqlite/build/Release/better_sqlite3.node"
sqlite_version=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
cache=${NODE_LTS_CACHE:-$HOME/.cache/cashback-portal/node}
cached="$cache/better-sqlite3-$sqlite_version-abi$(node -p process.versions.modules).node"
if [[ -f $cached ]]; then
  cp "$cached" "$binary"
  echo "better-sqlite3 for $(node --version): cached $cached"
else
  echo "building better-sqlite3 for $(node --version) (about a minute)"
  (cd "$scratch" && npm rebuild better-sqlite3 --build-from-source --no-audit --no-fund --loglevel=error)
  mkdir -p "$(dirname "$cached")"
  cp "$binary" "$cached.partial" && mv "$cached.partial" "$cached"
fi
(cd "$scratch" && npm prune --omit=dev --no-audit --no-fund --loglevel=error)
node scripts/runtime-deps.mjs --remove "$scratch"

# The runtime stage's copies.
app="$scratch/app"
mkdir -p "$app/data"
cp -a "$scratch/package.json" "$app/"
cp -a "$scratch/node_modules" "$app/"
cp -a build public "$app/"
node scripts/runtime-deps.mjs "$app"
size_mb=$(du -sm "$app" | cut -f1)
echo "the image's /app: ${size_mb} MB (node_modules $(du -sm "$app/node_modules" | cut -f1) MB, build $(du -sm "$app/build" | cut -f1) MB, public $(du -sm "$app/public" | cut -f1) MB)"
if ((size_mb >= limit_mb)); then
  echo "the image's /app is ${size_mb} MB, over ${limit_mb} MB" >&2
  exit 1
fi

# It runs: the web process from that folder alone, on an SQLite file in it.
# The version this checkout's build reports: the release, or <release>+<short commit> between
# releases (scripts/build-version.mjs).
version=$(node --input-type=module -e 'import { describeBuild } from "./scripts/build-version.mjs";
import { readFileSync } from "node:fs";
console.log(describeBuild(JSON.parse(readFileSync("package.json", "utf8")).version).version)')
(cd "$app" && exec env -i PATH="$PATH" HOME="$app/data" NODE_ENV=production PORT="$port" HOST=127.0.0.1 \
  APP_ORIGIN="http://127.0.0.1:$port" SQLITE_PATH="$app/data/portal.sqlite" \
  UPLOAD_DIR="$app/data/uploads" MAIL_TRANSPORT=file MAIL_DIR="$app/data/mail" node build/server/http.js \
  >"$scratch/server.log" 2>&1) &
server=$!
echo "waiting for the web process from $app to answer /healthz on :$port (at most 60 s)"
for _ in $(seq 1 120); do
  health=$(curl -sf "http://127.0.0.1:$port/healthz" || true)
  [[ -n $health ]] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.5
done
if [[ $health != *"\"version\":\"$version\""* ]]; then
  echo "the web process from $app did not answer /healthz with version $version within 60 s:" >&2
  tail -20 "$scratch/server.log" >&2
  exit 1
fi
echo "/healthz from the runtime folder: $health"
# A page through Remix: the server build's own imports resolve from that node_modules.
status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 "http://127.0.0.1:$port/login")
if [[ $status != 200 ]]; then
  echo "/login from the runtime folder answered HTTP $status" >&2
  tail -20 "$scratch/server.log" >&2
  exit 1
fi
echo "/login from the runtime folder: HTTP 200"
