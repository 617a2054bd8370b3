#!/usr/bin/env bash
# Installs what mysql-perf-gate needs on Debian/Ubuntu: sysbench and a MariaDB server from the
# distribution (only when missing), and the npm packages including Node 24 (the npm registry's
# `node` package, so the machine's own Node version does not matter).
# valgrind too, for the instructions suite (it runs the server under callgrind).
# With --tests, also what only the tests need: clang and gcc, to check the compiler read from
# binaries built here; perf, to check hardware-counter detection and counting; patchelf, to link
# the stalling fixture into a copy of mariadbd; chromium, to open
# the HTML report headless; python3-seccomp, to rebuild the sandbox's seccomp filter from its
# source; and Debian's MariaDB 10.11 source with what building it needs (cmake,
# ninja, bison, ccache, -dev packages), unpacked under build/sources/, and MySQL 9.7's source
# (Debian unstable's mysql-9.7 package, 429 MB) unpacked in a cache outside the clone
# ($MYSQL_PERF_GATE_SOURCE_CACHE, default ~/.cache/mysql-perf-gate/sources), for the tests of building
# from source; and the workflow tools, pinned, inside the repository so that nothing global
# changes: actionlint and act (Go modules, built with the `go` on PATH into .work/bin, Go's caches
# in .work/go) with shellcheck from the distribution, and zizmor from PyPI in a virtual environment
# in .work/zizmor (python3-venv from the distribution); Apache Otava from PyPI in .work/otava, the
# reference the change-point tests compare against; numpy, scipy, statsmodels and mpmath from PyPI
# in .work/stats-reference, pinned in __fixtures__/stats/requirements.txt, which the statistics
# tests run their reference programs with.
#
# Prints one line per step to stderr ("installing sysbench from Debian … done (42s)") and nothing
# for a step with nothing to do. What apt, dpkg and npm print goes to .work/install.log instead:
# hundreds of lines of package progress and npm's EBADENGINE warnings (npm runs under the
# machine's Node before Node 24 is installed) would bury the first line of the run. When a step
# fails, the end of its output and the log's path are printed and the script exits non-zero.
# After the Debian packages, the steps that need nothing but them (npm, the source trees, the Go
# builds, the pip installs) run side by side, each line printed as its step ends.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=0
[ "${1:-}" = "--tests" ] && tests=1
script_args=("$@")

# In the repository (.work/ is ignored), so that runs from different clones do not share it.
log="$PWD/.work/install.log"
log_started=0
step_offset=0   # size of the log when the current step started: its output comes after that

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# 42s, 3m05s: the same form as the gate's own progress lines.
duration() {
  local s=$1
  if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

# The log is started afresh by the first step of a run that has something to do, so a run with
# nothing to do leaves the previous installation's log in place.
start_log() {
  [ "$log_started" -eq 0 ] || return 0
  mkdir -p "$(dirname "$log")"
  printf 'scripts/install-deps.sh%s, %s\n' "${*:+ $*}" "$(date '+%F %T')" >"$log"
  log_started=1
}

# What the current step has written to the log so far.
step_output() {
  tail -c +"$((step_offset + 1))" "$log"
}

# step LABEL COMMAND...: runs COMMAND with its output in the log (and no input: nothing can
# prompt unseen), printing "LABEL … done (Ns)". On failure prints the last 20 lines the step
# wrote and the log's path, and exits. In a job started by `alongside`, the line is printed
# whole once the step ends (other jobs print theirs meanwhile), and the log is the job's own.
in_job=0
step() {
  local label=$1 start=$SECONDS status=0 lead=""
  shift
  printf '\n== %s (%s)\n' "$label" "$(date '+%T')" >>"$log"
  step_offset=$(stat -c %s "$log")
  if [ "$in_job" -eq 0 ]; then printf '%s … ' "$label" >&2; else lead="$label … "; fi
  "$@" </dev/null >>"$log" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then
    printf '%sdone (%s)\n' "$lead" "$(duration $((SECONDS - start)))" >&2
    return 0
  fi
  {
    printf '%sfailed (exit status %s, after %s); its last lines:\n' \
      "$lead" "$status" "$(duration $((SECONDS - start)))"
    step_output | tail -n 20 | sed 's/^/    /'
    printf '%s: failed. Full log: %s\n' "$label" "$log"
  } >&2
  exit 1
}

# alongside NAME FUNCTION: runs FUNCTION (its steps) in the background, beside the other jobs,
# with a log of its own (.work/install-NAME.log), appended to the log once all_done has waited
# for it. The downloads, the Go builds and the pip installs do not wait for each other: on a
# fresh machine they took 4m46s one after the other.
job_pids=()
job_logs=()
alongside() {
  local own="$PWD/.work/install-$1.log"
  shift
  start_log "${script_args[@]}"
  : >"$own"
  (
    in_job=1
    # shellcheck disable=SC2030   # the job's own log, in the job only
    log=$own
    "$@"
  ) &
  job_pids+=($!)
  job_logs+=("$own")
}

# Waits for every job; exits non-zero when one failed (each printed its own failure).
all_done() {
  local i failed=0
  for i in "${!job_pids[@]}"; do
    if wait "${job_pids[$i]}"; then
      # shellcheck disable=SC2031   # the main log: the jobs changed their own copy only
      cat "${job_logs[$i]}" >>"$log" && rm -f "${job_logs[$i]}"
    else
      failed=1
    fi
  done
  [ "$failed" -eq 0 ] || exit 1
}

# A password prompt from sudo would land in the middle of a step's line: ask for it first.
sudo_ready() {
  [ -n "$sudo" ] || return 0
  $sudo -n true 2>/dev/null || $sudo -v
}

distribution() {
  local id=""
  # shellcheck disable=SC1091   # the system's file, not part of the repository
  id=$(. /etc/os-release 2>/dev/null && printf '%s' "${ID:-}") || true
  printf '%s' "${id^}"
}

# The commands below run inside step, which tests their status: errexit does not apply there,
# hence the explicit && chains.

# The package's own service is not used (servers are started privately with --no-defaults);
# policy-rc.d keeps apt from starting it where no init system runs. DEBIAN_FRONTEND goes through
# env: sudo would drop it from the environment.
apt_install() {
  $sudo apt-get update -q &&
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

npm_packages() {
  npm ci --no-audit --no-fund && return 0
  # npm ci refuses a lock file without the other platforms' optional packages (rollup's native
  # builds), which registry mirrors that do not carry them cannot record; npm install then
  # installs the same locked versions.
  # (Not step_output | grep -q: grep stops at the first match, and under pipefail the SIGPIPE
  # that then ends tail would fail the test.)
  grep -q 'EUSAGE' < <(step_output) || return 1
  echo "npm ci refused the lock file (EUSAGE): npm install instead"
  npm install --no-audit --no-fund
}

need=()
if [ "$tests" -eq 1 ]; then
  command -v gcc >/dev/null 2>&1 || need+=(gcc)
  command -v g++ >/dev/null 2>&1 || need+=(g++)
  command -v clang >/dev/null 2>&1 || need+=(clang)
  command -v perf >/dev/null 2>&1 || need+=(linux-perf)
  # Links the stalling library into a copy of mariadbd (__tests__/cli/stalls.int.test.ts).
  command -v patchelf >/dev/null 2>&1 || need+=(patchelf)
  # Building MySQL (the other build packages come with the MariaDB source below).
  [ -f /usr/include/tirpc/rpc/rpc.h ] || need+=(libtirpc-dev)
  # No font package besides: chromium's own dependencies bring one (fontconfig's
  # fonts-dejavu-core), and chart images are drawn with the DejaVu files in assets/fonts/.
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v shellcheck >/dev/null 2>&1 || need+=(shellcheck)
  command -v python3 >/dev/null 2>&1 || need+=(python3)
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
  # Rebuilds the sandbox's seccomp filter from its source (__tests__/security/seccomp-filter.int.test.ts).
  /usr/bin/python3 -c 'import seccomp' >/dev/null 2>&1 || need+=(python3-seccomp)
fi
command -v sysbench >/dev/null 2>&1 || need+=(sysbench)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# The sandbox that builds and runs a pull request's code (build --untrusted, run --untrusted-side).
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ] && [ ! -x /usr/sbin/mysqld ]; then
  need+=(mariadb-server)
fi
if [ ${#need[@]} -gt 0 ]; then
  start_log "$@"
  sudo_ready
  names=$(printf '%s, ' "${need[@]}")
  from=$(distribution)
  step "installing ${names%, }${from:+ from $from}" apt_install "${need[@]}"
fi

# The workflow linters and the local runner, pinned (scripts/lint-workflows.sh, the act tests).
ACTIONLINT_VERSION=1.7.12
ACT_VERSION=0.2.89
ZIZMOR_VERSION=1.32.0
OTAVA_VERSION=0.8.0

# go install MODULE@VERSION into .work/bin, with Go's caches under .work/go. The module cache is
# emptied afterwards: it holds the modules' sources, JavaScript among them, which ESLint would lint.
# The two tools are built one after the other: emptying the module cache under the other's build
# would break it.
go_install() {
  local env=(GOBIN="$PWD/.work/bin" GOPATH="$PWD/.work/go" GOCACHE="$PWD/.work/go/cache" GOFLAGS=-modcacherw)
  env "${env[@]}" go install "$1" && env "${env[@]}" go clean -modcache
}

zizmor_venv() {
  rm -rf .work/zizmor &&
    python3 -m venv .work/zizmor &&
    .work/zizmor/bin/pip install --quiet --disable-pip-version-check "zizmor==$ZIZMOR_VERSION"
}

# Apache Otava, the reference implementation the change-point tests compare against.
otava_venv() {
  rm -rf .work/otava &&
    python3 -m venv .work/otava &&
    .work/otava/bin/pip install --quiet --disable-pip-version-check "apache-otava==$OTAVA_VERSION"
}

# The reference programs of the statistics tests (__fixtures__/stats/). The requirements file
# installed is kept in the environment: a changed pin reinstalls it.
STATS_REQUIREMENTS=__fixtures__/stats/requirements.txt
stats_reference_venv() {
  rm -rf .work/stats-reference &&
    python3 -m venv .work/stats-reference &&
    .work/stats-reference/bin/pip install --quiet --disable-pip-version-check -r "$STATS_REQUIREMENTS" &&
    cp "$STATS_REQUIREMENTS" .work/stats-reference/requirements.txt
}

# Both source trees come through apt (its lock): one after the other, in one job.
MYSQL_CACHE=${MYSQL_PERF_GATE_SOURCE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mysql-perf-gate/sources}
MARIADB_LABEL="MariaDB 10.11 source for the build tests"
MYSQL_LABEL="MySQL 9.7 source for the build tests, in $MYSQL_CACHE"
source_trees() {
  [ "$1" -eq 0 ] || step "$MARIADB_LABEL (apt-get source)" ./scripts/fetch-mariadb-source.sh build/sources
  [ "$2" -eq 0 ] ||
    step "$MYSQL_LABEL (Debian unstable's mysql-9.7 source package)" ./scripts/fetch-mysql-source.sh "$MYSQL_CACHE"
}

go_tools() {
  local entry
  for entry in "$@"; do
    step "installing ${entry%%:*} (go install)" go_install "${entry#*:}"
  done
}

# Everything below waits for no other step (the Debian packages above are the only thing they
# need): each runs as a job beside the others.
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  alongside npm step "installing npm packages (Node 24 among them)" npm_packages
fi

if [ "$tests" -eq 1 ]; then
  mariadb_missing=0
  mysql_missing=0
  if tree=$(./scripts/fetch-mariadb-source.sh --find build/sources); then
    echo "$MARIADB_LABEL … already there (${tree#"$(pwd -P)"/})" >&2
  else
    mariadb_missing=1
  fi
  # MySQL's source is 429 MB: it is kept outside the clone, so a fresh clone (CI) reuses it.
  if tree=$(./scripts/fetch-mysql-source.sh --find "$MYSQL_CACHE"); then
    echo "$MYSQL_LABEL … already there (${tree##*/})" >&2
  else
    mysql_missing=1
  fi
  if [ $((mariadb_missing + mysql_missing)) -gt 0 ]; then
    sudo_ready
    alongside sources source_trees "$mariadb_missing" "$mysql_missing"
  fi
  go_needed=()
  .work/bin/actionlint -version 2>/dev/null | grep -qx "v$ACTIONLINT_VERSION" ||
    go_needed+=("actionlint $ACTIONLINT_VERSION:github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION")
  .work/bin/act --version 2>/dev/null | grep -qx "act version $ACT_VERSION" ||
    go_needed+=("act $ACT_VERSION:github.com/nektos/act@v$ACT_VERSION")
  if [ ${#go_needed[@]} -gt 0 ] && ! command -v go >/dev/null 2>&1; then
    printf 'installing %s: no go on PATH; install Go 1.25 or newer (https://go.dev/dl/; Debian 12 ships 1.19, too old for act %s)\n' \
      "${go_needed[0]%%:*}" "$ACT_VERSION" >&2
    all_done
    exit 1
  fi
  [ ${#go_needed[@]} -eq 0 ] || alongside go go_tools "${go_needed[@]}"
  if ! .work/zizmor/bin/zizmor --version 2>/dev/null | grep -qx "zizmor $ZIZMOR_VERSION"; then
    alongside zizmor step "installing zizmor $ZIZMOR_VERSION (pip, in .work/zizmor)" zizmor_venv
  fi
  if [ "$(.work/otava/bin/python -c 'import importlib.metadata as m; print(m.version("apache-otava"))' 2>/dev/null)" != "$OTAVA_VERSION" ]; then
    alongside otava step "installing apache-otava $OTAVA_VERSION (pip, in .work/otava)" otava_venv
  fi
  if ! cmp -s "$STATS_REQUIREMENTS" .work/stats-reference/requirements.txt ||
    ! .work/stats-reference/bin/python -c 'import numpy, scipy, statsmodels, mpmath' 2>/dev/null; then
    alongside stats step "installing numpy, scipy, statsmodels and mpmath (pip, in .work/stats-reference)" stats_reference_venv
  fi
fi
all_done
