#!/usr/bin/env bash
# Installs what mysql-perf-gate needs on Debian/Ubuntu: sysbench and a MariaDB server from the
# distribution (only when missing), and the npm packages including Node 24 (the npm registry's
# `node` package, so the machine's own Node version does not matter).
# valgrind too, for the instructions suite (it runs the server under callgrind).
# With --tests, also what only the tests need: clang and gcc, to check the compiler read from
# binaries built here, and perf, to check hardware-counter detection and counting; and Debian's
# MariaDB 10.11 source with what building it needs (cmake, ninja, bison, ccache, -dev packages),
# unpacked under build/sources/, for the tests of building from source.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
if [ "${1:-}" = "--tests" ]; then
  command -v gcc >/dev/null 2>&1 || need+=(gcc)
  command -v g++ >/dev/null 2>&1 || need+=(g++)
  command -v clang >/dev/null 2>&1 || need+=(clang)
  command -v perf >/dev/null 2>&1 || need+=(linux-perf)
fi
command -v sysbench >/dev/null 2>&1 || need+=(sysbench)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ] && [ ! -x /usr/sbin/mysqld ]; then
  need+=(mariadb-server)
fi
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing ${need[*]} from the distribution" >&2
  $sudo apt-get update -qq
  # The package's own service is not used (servers are started privately with --no-defaults);
  # policy-rc.d keeps apt from starting it where no init system runs.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages" >&2
  # npm ci refuses a lock file without the other platforms' optional packages (rollup's native
  # builds), which registry mirrors that do not carry them cannot record; npm install then
  # installs the same locked versions.
  log=$(mktemp)
  if ! npm ci --no-audit --no-fund >"$log" 2>&1; then
    if grep -q 'EUSAGE' "$log"; then
      npm install --no-audit --no-fund >&2
    else
      cat "$log" >&2
      rm -f "$log"
      exit 1
    fi
  fi
  rm -f "$log"
fi

if [ "${1:-}" = "--tests" ]; then
  ./scripts/fetch-mariadb-source.sh build/sources >/dev/null
fi
