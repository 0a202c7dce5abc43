#!/usr/bin/env bash
# npm run test:cluster — the portal on a 3-node MariaDB Galera cluster behind HAProxy (single
# writer), on loopback ports, from Debian's packages: a money burst over two web processes, a node
# killed with SIGKILL under load, two LINE workers (one killed) delivering 2,000 notifications,
# ledger:check after each. tests/cluster/kit.ts does the work and stops everything it started.
#
#   CLUSTER_DIR      data and logs (default /tmp/cluster-kit); removed at the end unless
#                    CLUSTER_KEEP=1
#   CLUSTER_REPORT   where to write the JSON report {passed, failed, figures}
#   CLUSTER_TIMEOUT_S  the kit's time limit in seconds (default 1200): every step has its own
#                    limit inside it, every wait says every 10 s what it still waits for, and
#                    a step past its limit fails naming itself
#   CLUSTER_PORT     HAProxy's writer port (default 3400); the nodes use +1..+3, their health
#                    checks +4..+6, HAProxy's stats +9; gcomm 4601-4603, IST 4611-4613,
#                    SST 4621-4623; the web processes 3271-3272 (all overridable, see kit.ts)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

missing=()
[[ -f /usr/lib/galera/libgalera_smm.so ]] || missing+=(galera-4)
command -v haproxy >/dev/null || [[ -x /usr/sbin/haproxy ]] || missing+=(haproxy)
command -v rsync >/dev/null || missing+=(rsync)
command -v mariadbd >/dev/null || [[ -x /usr/sbin/mariadbd ]] || missing+=(mariadb-server)
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root timeout 300 apt-get update -q
  as_root timeout 600 apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [[ ! -f build/server/http.js || ! -f build/server/bot.js || ! -f build/server/cli.js ]]; then
  echo "no build: npm run build"
  timeout 900 npm run build
fi

# The kit stops itself at CLUSTER_TIMEOUT_S; this outer limit (a minute and a half later, then
# SIGKILL) only catches a kit that could not even do that.
limit=${CLUSTER_TIMEOUT_S:-1200}
export CLUSTER_TIMEOUT_S=$limit
exec timeout --kill-after=30s "$((limit + 90))" node_modules/.bin/tsx tests/cluster/kit.ts
