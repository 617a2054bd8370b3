#!/usr/bin/env bash
# Runs every test: installs what they need (sysbench, MariaDB, Node 24, npm packages, the workflow
# tools), then types, lint, the freshness of dist/, actionlint and zizmor over action.yml and the
# workflows (scripts/lint-workflows.sh), and the Jest unit and integration tests (which start real
# MariaDB servers). Ends with one line "N passed, N failed, N skipped"; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# install-deps.sh prints one line per step, and the end of its log when a step fails.
./scripts/install-deps.sh --tests || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
export PATH="$PWD/node_modules/.bin:$PATH"   # Node 24 from the npm registry comes first
export PATH="$PATH:$PWD/.work/bin"           # act and actionlint, pinned (install-deps.sh --tests)

passed=0
failed=0
check() {
  local name=$1
  shift
  echo "== check: $name" >&2
  if "$@" >&2; then
    passed=$((passed + 1))
  else
    echo "FAILED check: $name" >&2
    failed=$((failed + 1))
  fi
}
dist_is_current() {
  rm -rf .dist-check
  BUNDLE_DIR=.dist-check npm run --silent bundle >/dev/null &&
    diff -r dist .dist-check && rm -rf .dist-check ||
    { echo "dist/ is stale: run 'npm run bundle' and commit dist/" >&2; rm -rf .dist-check; return 1; }
}
check "node is 24" bash -c 'node --version | grep -q "^v24\."'
check "types (tsc)" tsc --noEmit -p .
check "lint (eslint, prettier)" npm run --silent lint
check "dist/ is current" dist_is_current
check "actionlint" ./scripts/lint-workflows.sh actionlint
check "zizmor" ./scripts/lint-workflows.sh zizmor

counts=$(mktemp)
echo "== jest" >&2
TEST_COUNTS_FILE=$counts NODE_OPTIONS=--experimental-vm-modules jest --maxWorkers=2 "$@" >&2
jest_status=$?
read -r jp jf js <"$counts" || { jp=0; jf=1; js=0; }
rm -f "$counts"
[ "$jest_status" -eq 0 ] || [ "$jf" -gt 0 ] || jf=1   # Jest failed without a failing test (e.g. config)

passed=$((passed + jp))
failed=$((failed + jf))
echo "$passed passed, $failed failed, $js skipped"
[ "$failed" -eq 0 ]
