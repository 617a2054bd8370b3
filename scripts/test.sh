#!/usr/bin/env bash
# Runs every test: installs what they need (sysbench, MariaDB, Node 24, npm packages, the workflow
# tools), then types, lint, the freshness of dist/, actionlint and zizmor over action.yml and the
# workflows (scripts/lint-workflows.sh), and the Jest unit and integration tests (which start real
# MariaDB servers). Ends with one line "N passed, N failed, N skipped"; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# install-deps.sh prints one line per step, and the end of its log when a step fails. What the
# tool needs (its Debian packages, Node 24 and the npm packages) first: the checks that need no
# more (types, lint, the bundle) then run while what only the tests need installs.
./scripts/install-deps.sh || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
export PATH="$PWD/node_modules/.bin:$PATH"   # Node 24 from the npm registry comes first
export PATH="$PATH:$PWD/.work/bin"           # act and actionlint, pinned (install-deps.sh --tests)

passed=0
failed=0
# 42s, 3m05s (as install-deps.sh prints them).
duration() {
  local s=$1
  if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}
# The checks run side by side (types, lint and the bundle each keep a core busy for a minute or
# so); each one's output is kept and printed whole, in the order they were started, by checks_done.
check_names=()
check_pids=()
check_outs=()
check() {
  local name=$1 out
  shift
  out=$(mktemp)
  (
    start=$SECONDS
    status=0
    "$@" >"$out" 2>&1 || status=1
    echo "$status $((SECONDS - start))" >"$out.status"
  ) &
  check_names+=("$name")
  check_pids+=($!)
  check_outs+=("$out")
}
checks_done() {
  local i status seconds
  for i in "${!check_pids[@]}"; do
    wait "${check_pids[$i]}"
    read -r status seconds <"${check_outs[$i]}.status" || { status=1; seconds=0; }
    echo "== check: ${check_names[$i]}" >&2
    cat "${check_outs[$i]}" >&2
    rm -f "${check_outs[$i]}" "${check_outs[$i]}.status"
    if [ "$status" -eq 0 ]; then
      passed=$((passed + 1))
      echo "== check: ${check_names[$i]}: passed ($(duration "$seconds"))" >&2
    else
      echo "FAILED check: ${check_names[$i]} ($(duration "$seconds"))" >&2
      failed=$((failed + 1))
    fi
  done
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
tests_installed=1
./scripts/install-deps.sh --tests || tests_installed=0
if [ "$tests_installed" -eq 1 ]; then
  check "actionlint" ./scripts/lint-workflows.sh actionlint
  check "zizmor" ./scripts/lint-workflows.sh zizmor
fi
checks_done
if [ "$tests_installed" -eq 0 ]; then
  echo "$passed passed, $((failed + 1)) failed, 0 skipped"
  exit 1
fi

# Two Jest runs: the unit tests (no server; a few minutes) report before the integration tests
# (real servers; most of the time) start. Both add to one count file (scripts/count-reporter.cjs);
# the second prints the slowest files and the counts of both. Arguments go to both runs, last (so
# that a --maxWorkers given wins); a run whose project has no file matching them passes.
counts=$(mktemp)
jest_status=0
# The unit tests keep both cores busy with two workers. The integration tests wait much of the
# time (on servers starting, deadlines, timed repetitions; 26% of the CPU idle with two workers):
# more workers fill that (on 2 cores, 1166 s with two workers, 873 s with three; on a clean clone,
# 14m33s with three and 13m05s with four, every test passing).
jest_run() {
  local what=$1 workers=$2 start=$SECONDS
  shift 2
  echo "== jest: $what" >&2
  TEST_COUNTS_FILE=$counts NODE_OPTIONS=--experimental-vm-modules \
    jest --passWithNoTests --selectProjects "$@" --maxWorkers="$workers" "${args[@]}" >&2 || jest_status=1
  echo "== jest: $what: $(duration $((SECONDS - start)))" >&2
}
args=("$@")
jest_run "unit tests" 2 unit
later=(integration)
[ "${MYSQL_PERF_GATE_E2E:-}" = 1 ] && later+=(e2e)
jest_run "integration tests" 4 "${later[@]}"
read -r jp jf js <"$counts" || { jp=0; jf=1; js=0; }
rm -f "$counts"
[ "$jest_status" -eq 0 ] || [ "$jf" -gt 0 ] || jf=1   # Jest failed without a failing test (e.g. config)

passed=$((passed + jp))
failed=$((failed + jf))
echo "total time: $(duration $SECONDS)" >&2
echo "$passed passed, $failed failed, $js skipped"
[ "$failed" -eq 0 ]
