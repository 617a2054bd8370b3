#!/usr/bin/env bash
# Quick start: a first A/B verdict and its report, in a few minutes. Installs what is missing
# (./scripts/install-deps.sh: sysbench, MariaDB, valgrind, Node 24 and the npm packages), then
# measures the distribution's server against itself with performance_schema=ON on the head (its
# instrumentation is a known cost of a few percent per transaction), counting the instructions
# per transaction under callgrind (the `instructions` suite: counts that do not drift with the
# machine's load), and judges head against base with `compare`. The expected verdict is FAIL, a
# regression in every cell: the tool finding that cost, not the quick start failing.
#
# Writes, in quickstart/ of this checkout (ignored by git; emptied first by every run):
#   results.json, results.raw/  what `run` measured, with sysbench's and callgrind's raw output
#   report/                     what `compare` wrote: report.html, verdict.json, comment.md, charts/
#   compare.txt                 what `compare` printed (the verdict's summary)
# and ends with the verdict's line and report.html's absolute path.
#
# Extra arguments go to `mysql-perf-gate run`, after the script's own, so they add to them or
# replace them: `--suite quick` (throughput instead of instructions, about 10 minutes),
# `--keep-work-dir` (the datadirs kept for a look), `--verbose`.
# Exit status: 0 once a verdict is printed, whichever it is; 2 an error; 130 interrupted (Ctrl-C
# stops the run's servers and removes their datadirs before it exits).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

server=$(command -v mariadbd || true)
for candidate in /usr/sbin/mariadbd /usr/sbin/mysqld; do
  [ -n "$server" ] && break
  [ -x "$candidate" ] && server=$candidate
done
[ -n "$server" ] || { echo "no mariadbd or mysqld found after installing mariadb-server" >&2; exit 2; }

out="$PWD/quickstart"
rm -rf "$out"
mkdir -p "$out"
gate=(node_modules/.bin/node dist/cli.js)

# In the foreground, so that Ctrl-C reaches the tool, which stops what it started and exits 130;
# errexit then ends the script with that status.
"${gate[@]}" run --base "$server" --head "$server" --head-set performance_schema=ON \
  --suite instructions --out "$out/results.json" "$@"

# compare exits 1 on a FAIL verdict: a verdict all the same, which the lines below print.
status=0
"${gate[@]}" compare "$out/results.json" --report-dir "$out/report" | tee "$out/compare.txt" || status=$?
[ "$status" -le 1 ] || exit "$status"

# The summary's first line is the verdict (its "verdict: FILE" line, further down, is where
# verdict.json went).
verdict=$(grep -m 1 '^verdict: ' "$out/compare.txt" || true)
printf '\n%s\nreport: %s\n' "$verdict" "$out/report/report.html"
