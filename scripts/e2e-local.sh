#!/usr/bin/env bash
# Build, then run the Playwright suite, holding a lock so that several people (or agents)
# working in one checkout never build over each other or fight for the e2e port.
# Usage: scripts/e2e-local.sh [playwright args, e.g. tests/e2e/profile.spec.ts]
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/portal-e2e.lock bash -c 'npm run build >/tmp/portal-e2e-build.log 2>&1 || { tail -40 /tmp/portal-e2e-build.log; exit 1; }; npx playwright test "$@"' _ "$@"
