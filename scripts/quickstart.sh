#!/usr/bin/env bash
# Quick start: run the gate end to end on the built-in default. Installs sysbench and MariaDB
# when missing, measures the distribution's server with the `quick` suite, writes results.json
# (and results.raw/ beside it) and prints a summary. Extra arguments go to `mysql-perf-gate run`.
# Installing prints one line per step; what apt and npm print goes to .work/install.log.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

server=$(command -v mariadbd || true)
for candidate in /usr/sbin/mariadbd /usr/sbin/mysqld; do
  [ -n "$server" ] && break
  [ -x "$candidate" ] && server=$candidate
done
[ -n "$server" ] || { echo "no mariadbd or mysqld found after installing mariadb-server" >&2; exit 2; }

exec node_modules/.bin/node dist/cli.js run --server "$server" --suite quick --out results.json "$@"
