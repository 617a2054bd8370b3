#!/usr/bin/env bash
# Turns a fresh Debian 12 or Ubuntu 24.04 machine into a self-hosted runner for the gate, as
# docs/setup.md's steps 1 to 4 do by hand: the packages, the runner's own user, the sandbox's
# AppArmor profile where Ubuntu restricts unprivileged user namespaces, the mysql-perf-gate command,
# the GitHub Actions runner registered and started as a service, and the unit that tunes the
# machine (doctor --tune) at every boot before the runner starts. It ships in the package: run it
# as root from the installed package, after step 1's npm command, or give it the package to install.
# Each step checks first and says "already ..." when there is nothing to do, so a second run
# changes nothing.
#
#   sudo /usr/local/lib/node_modules/mysql-perf-gate/scripts/setup-runner.sh \
#     --url https://github.com/OWNER --token-file FILE [options]
#
#   --package PACKAGE  the package to install (npm install -g node@24 PACKAGE): a release's
#                      tarball, as an https:// URL (downloaded with curl) or a file; without it, the
#                      package this script is part of, which must be the installed one. A package
#                      of the version and commit installed already (their release.json) is not
#                      installed again, unless it was packed with uncommitted changes
#   --package-sha256 HEX  the tarball's SHA-256, checked before it is installed; a file's is also
#                      checked against FILE.sha256 beside it, when there is one
#   --url URL          the organization (or repository) to register with; without it the runner
#                      is not registered (an already registered one is kept)
#   --token-file FILE  the registration token, read from FILE; or RUNNER_TOKEN in the environment,
#   --token TOKEN      or this (which ps shows). It reaches config.sh as ACTIONS_RUNNER_INPUT_TOKEN,
#                      the runner's own way to take an input from the environment, never as an
#                      argument
#   --group GROUP      the runner group (default perf-pinned; '' for none: a personal repository)
#   --labels LABELS    comma-separated labels besides self-hosted, Linux, X64 (default perf-pinned)
#   --name NAME        the runner's name (default: the host's name, then -1)
#   --user USER        the unprivileged user the runner runs as (default perf-runner), created
#   --runner-dir DIR   the runner's directory (default ~USER/actions-runner); without a config.sh
#                      in it, runner RUNNER_VERSION is downloaded there and its checksum checked
#   --dry-run          prints every command it would run, one a line, on stdout, and runs none
#                      (the checks still read the machine; a written file is one printf line)
#   --help             this text
#
# Overrides, for tests on a machine without systemd or GitHub (nothing else needs them):
#   SETUP_RUNNER_ROOT  a directory that the files the script reads and writes outside the runner's
#                      directory are taken under: etc/os-release, the AppArmor sysctl in proc/ and
#                      profiles in sys/, dpkg's database var/lib/dpkg, usr/sbin's servers,
#                      usr/bin/npm, what it writes to etc/ and var/cache, and npm's prefix usr/local
#                      (default: /)
#   SYSTEMCTL          the systemctl command (default: systemctl)
#   NPM                the npm command (default: npm)
set -euo pipefail

RUNNER_VERSION=2.329.0
# The package's SHA-256 per architecture, as the release and GitHub's "New runner" page give them.
declare -A RUNNER_SHA256=(
  [x64]=194f1e1e4bd02f80b7e9633fc546084d8d4e19f3928a324d512ea53430102e1d
  [arm64]=56768348b3d643a6a29d4ad71e9bdae0dc0ef1eb01afe0f7a8ee097b039bfaaf
)
TUNE_UNIT=mysql-perf-gate-tune.service
# npm's global prefix, the distribution npm's own, named on its command line so that an npmrc
# cannot move the command the tuning unit runs.
PREFIX=/usr/local
COMMAND=$PREFIX/bin/mysql-perf-gate
# Where a package given as a URL is downloaded to, and removed from once installed.
CACHE=/var/cache/mysql-perf-gate

# The package this script is part of (or a clone of its repository).
HERE=$(cd "$(dirname "$0")/.." && pwd -P)
ROOT=${SETUP_RUNNER_ROOT:-}
ROOT=${ROOT%/}
SYSTEMCTL=${SYSTEMCTL:-systemctl}
NPM=${NPM:-npm}
INSTALLED="$ROOT$PREFIX/lib/node_modules/mysql-perf-gate"
# shellcheck source-path=SCRIPTDIR source=lib/setup-runner-package.sh
source "$(dirname "$0")/lib/setup-runner-package.sh"

die() {
  printf 'setup-runner.sh: %s\n' "$1" >&2
  exit 2
}
say() { printf '%s\n' "$*" >&2; }

# Shell words, quoted only where they need it: what --dry-run prints can be pasted into a shell.
quote() {
  local out="" word
  for word in "$@"; do
    if [[ $word =~ ^[A-Za-z0-9_./:=@,+%-]+$ ]]; then
      out+=" $word"
    else
      out+=" '${word//\'/\'\\\'\'}'"
    fi
  done
  printf '%s' "${out# }"
}

dry_run=0
# action LINE COMMAND...: prints LINE (the command as a shell line), then runs COMMAND unless this
# is a dry run. A failed command ends the script with its exit status. Stdout carries only what a
# dry run prints: a command's own output goes to stderr, after its line.
action() {
  local line=$1 status=0
  shift
  if [ "$dry_run" -eq 1 ]; then
    printf '%s\n' "$line"
    return 0
  fi
  printf '+ %s\n' "$line" >&2
  "$@" >&2 || status=$?
  [ "$status" -eq 0 ] || { printf 'setup-runner.sh: failed (exit status %s): %s\n' "$status" "$line" >&2; exit "$status"; }
}
run() { action "$(quote "$@")" "$@"; }
# run_in DIR COMMAND...: COMMAND with DIR as its working directory.
run_in() {
  local dir=$1
  shift
  action "cd $(quote "$dir") && $(quote "$@")" run_in_dir "$dir" "$@"
}
run_in_dir() { (cd "$1" && shift && "$@"); }

# write_file PATH MODE LINE...: writes the lines to PATH unless it holds them already; returns 1
# when it was already so.
write_file() {
  local path=$1 mode=$2
  shift 2
  if [ -f "$path" ] && cmp -s "$path" <(printf '%s\n' "$@") && [ "$(stat -c %a "$path")" = "$mode" ]; then
    say "${path#"$ROOT"}: already as it should be"
    return 1
  fi
  [ -d "$(dirname "$path")" ] || run mkdir -p "$(dirname "$path")"
  action "printf '%s\n' $(quote "$@") > $(quote "$path")" write_lines "$path" "$@"
  run chmod "$mode" "$path"
}
write_lines() {
  local path=$1
  shift
  printf '%s\n' "$@" >"$path"
}

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
}

need_value() { [ $# -ge 2 ] || die "$1 needs a value (see --help)"; }

package="" package_sha256="" url="" token="" token_file="" group=perf-pinned labels=perf-pinned name="" user=perf-runner runner_dir=""
while [ $# -gt 0 ]; do
  option=$1
  if [[ $option == --*=* ]]; then
    set -- "${option%%=*}" "${option#*=}" "${@:2}"
    option=$1
  fi
  case "$option" in
    --package) need_value "$@"; package=$2; shift 2 ;;
    --package-sha256) need_value "$@"; package_sha256=$2; shift 2 ;;
    --url) need_value "$@"; url=$2; shift 2 ;;
    --token) need_value "$@"; token=$2; shift 2 ;;
    --token-file) need_value "$@"; token_file=$2; shift 2 ;;
    --group) need_value "$@"; group=$2; shift 2 ;;
    --labels) need_value "$@"; labels=$2; shift 2 ;;
    --name) need_value "$@"; name=$2; shift 2 ;;
    --user) need_value "$@"; user=$2; shift 2 ;;
    --runner-dir) need_value "$@"; runner_dir=$2; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    --help | -h) usage; exit 0 ;;
    *) die "unknown option: $option (see --help)" ;;
  esac
done

# Everything is checked before anything is done.
if [ -n "$url" ]; then
  [[ $url =~ ^https://[^/[:space:]]+/[^/[:space:]]+(/[^/[:space:]]+)?/?$ ]] ||
    die "--url $url: not an organization's or a repository's URL (https://github.com/OWNER or https://github.com/OWNER/REPO)"
  if [ -n "$token" ]; then
    :
  elif [ -n "$token_file" ]; then
    [ -r "$token_file" ] || die "--token-file $token_file: cannot be read"
    token=$(tr -d '[:space:]' <"$token_file")
    [ -n "$token" ] || die "--token-file $token_file: is empty"
  elif [ -n "${RUNNER_TOKEN:-}" ]; then
    token=$RUNNER_TOKEN
  else
    die "--url needs a registration token: --token-file FILE, RUNNER_TOKEN in the environment, or --token"
  fi
elif [ -n "$token" ] || [ -n "$token_file" ]; then
  die "a registration token needs --url, the organization or repository to register with"
fi
# Only config.sh gets the token, under its own name.
unset RUNNER_TOKEN
[[ $user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || die "--user $user: not a user name (lower-case letters, digits, _ and -)"
[[ $labels =~ ^[^[:space:],]*(,[^[:space:],]+)*$ ]] || die "--labels $labels: labels are separated by commas, without spaces"
[[ $group =~ ^[^[:cntrl:]]*$ ]] || die "--group: control characters in the group's name"
[ -n "$name" ] || name="$(hostname)-1"
[[ $name =~ ^[^[:space:]]+$ ]] || die "--name $name: a runner's name has no spaces"
[ -z "$runner_dir" ] || [[ $runner_dir == /* ]] || die "--runner-dir $runner_dir: give an absolute path"
[ "$dry_run" -eq 1 ] || [ "$(id -u)" -eq 0 ] || die "run it as root (sudo $0 ...), or with --dry-run"

os_release="$ROOT/etc/os-release"
[ -r "$os_release" ] || die "$os_release: cannot be read, so the system is unknown (Debian 12 or Ubuntu 24.04 expected)"
system=$(
  # shellcheck disable=SC1090 # the machine's own file
  . "$os_release"
  printf '%s %s' "${ID:-}" "${VERSION_ID:-}"
)
case "$system" in
  "debian 12" | "ubuntu 24.04") ;;
  *) die "unsupported system: ${system:-none} (ID and VERSION_ID in $os_release); this script sets up Debian 12 and Ubuntu 24.04" ;;
esac

check_package

# Packages: what the gate runs (scripts/install-deps.sh), what it builds servers with
# (docs/verified.md), and what the runner's .NET needs (ICU, which bin/installdependencies.sh
# would install).
packages=(
  git ca-certificates curl
  sysbench valgrind bubblewrap
  cmake ninja-build bison pkg-config ccache libncurses-dev libssl-dev zlib1g-dev libfmt-dev
  libpcre2-dev gcc-12 g++-12 libtirpc-dev
  libkrb5-3
)
case "$system" in
  debian*) packages+=(libicu72) ;;
  ubuntu*) packages+=(libicu74) ;;
esac
# A server for doctor to measure the machine's noise with, unless one is installed.
[ -x "$ROOT/usr/sbin/mariadbd" ] || [ -x "$ROOT/usr/sbin/mysqld" ] || packages+=(mariadb-server)
# The distribution's Node only runs npm, which installs the package and Node 24 (npm's node
# package); only where there is no npm and a package to install.
[ -z "$package" ] || [ -x "$ROOT/usr/bin/npm" ] || [ -x "$ROOT/usr/local/bin/npm" ] || packages+=(nodejs npm)

installed() {
  [ "$(dpkg-query --admindir="$ROOT/var/lib/dpkg" -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

step_packages() {
  local missing=() package
  for package in "${packages[@]}"; do
    installed "$package" || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "packages: already installed (${#packages[@]})"
  else
    run apt-get update
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  fi
  # Another database on the benchmark machine: the gate builds and starts its own servers.
  if "$SYSTEMCTL" is-enabled --quiet mariadb.service 2>/dev/null || "$SYSTEMCTL" is-active --quiet mariadb.service 2>/dev/null; then
    run "$SYSTEMCTL" disable --now mariadb.service
  else
    say "the distribution's MariaDB service: already stopped and disabled"
  fi
}

# The runner's user: no password, no sudo.
step_user() {
  if id -u "$user" >/dev/null 2>&1; then
    say "user $user: already exists"
  else
    run useradd --create-home --shell /bin/bash "$user"
    run passwd --lock "$user"
  fi
}

# Ubuntu 24.04 lets no unprivileged program make user namespaces, which bwrap needs: a profile
# allows bwrap alone.
step_apparmor() {
  local restrict="$ROOT/proc/sys/kernel/apparmor_restrict_unprivileged_userns" profile="$ROOT/etc/apparmor.d/bwrap"
  if [ "$(cat "$restrict" 2>/dev/null || true)" != 1 ]; then
    say "bwrap AppArmor profile: not needed (unprivileged user namespaces are not restricted here)"
    return 0
  fi
  local written=0
  write_file "$profile" 644 'abi <abi/4.0>,' 'include <tunables/global>' '' \
    'profile bwrap /usr/bin/bwrap flags=(unconfined) {' '  userns,' '}' && written=1
  if [ "$written" -eq 1 ] || ! grep -qx 'bwrap (unconfined)' "$ROOT/sys/kernel/security/apparmor/profiles" 2>/dev/null; then
    run apparmor_parser -r "$profile"
  else
    say "bwrap AppArmor profile: already loaded"
  fi
}

# What a fork's build needs: bwrap making its namespaces as the runner's user. A check only: where
# it fails, the gate still measures trusted code, and a fork's build stops with the way to allow it.
check_sandbox() {
  [ "$dry_run" -eq 0 ] || return 0
  if runuser -u "$user" -- bwrap --unshare-all --ro-bind / / --dev /dev --proc /proc true >/dev/null 2>&1; then
    say "sandbox: bwrap makes its namespaces as $user"
  else
    say "warning: bwrap cannot make its namespaces as $user, so a fork's pull request cannot be built (docs/setup.md, step 1: the sandbox on Ubuntu 24.04)"
  fi
}

home_of() {
  local entry
  entry=$(getent passwd "$1" || true)
  if [ -n "$entry" ]; then printf '%s' "$(cut -d: -f6 <<<"$entry")"; else printf '/home/%s' "$1"; fi
}

group_of() { id -gn "$1" 2>/dev/null || printf '%s' "$1"; }

# The runner: downloaded (unless its directory has one), registered, a service, started.

step_download() {
  # config.sh writes the registration into the directory, as the runner's user.
  if [ ! -d "$runner_dir" ]; then
    run install -d -o "$user" -g "$(group_of "$user")" "$runner_dir"
  elif [ "$(stat -c %U "$runner_dir")" = "$user" ]; then
    say "$runner_dir: already owned by $user"
  else
    run chown -R "$user:$(group_of "$user")" "$runner_dir"
  fi
  if [ -f "$runner_dir/config.sh" ]; then
    say "runner package: already in $runner_dir"
    return 0
  fi
  local sum=${RUNNER_SHA256[$arch]} tarball
  tarball="$runner_dir/actions-runner-linux-$arch-$RUNNER_VERSION.tar.gz"
  run runuser -u "$user" -- curl -fsSL --retry 3 -o "$tarball" \
    "https://github.com/actions/runner/releases/download/v$RUNNER_VERSION/${tarball##*/}"
  action "echo $(quote "$sum  $tarball") | sha256sum --check --strict" check_sum "$sum" "$tarball"
  run runuser -u "$user" -- tar -xzf "$tarball" -C "$runner_dir"
  run rm "$tarball"
}
check_sum() { printf '%s  %s\n' "$1" "$2" | sha256sum --check --strict; }

# The unit svc.sh installs: the one its .service file names, or, before there is one, the name the
# runner will give it (actions.runner.<owner or owner-repository>.<name>.service).
runner_unit() {
  if [ -f "$runner_dir/.service" ]; then
    cat "$runner_dir/.service"
  elif [ -n "$url" ]; then
    local path=${url#https://*/}
    path=${path%/}
    printf 'actions.runner.%s.%s.service' "${path//[^0-9a-zA-Z._-]/-}" "$name"
  fi
}

step_runner() {
  step_download
  if [ -f "$runner_dir/.runner" ]; then
    say "runner: already registered ($(sed -n 's/.*"agentName": *"\([^"]*\)".*/\1/p' "$runner_dir/.runner" | head -n 1) in $runner_dir)"
  elif [ -z "$url" ]; then
    say "runner: not registered (give --url and a token to register it)"
    return 0
  else
    local args=(--unattended --url "$url" --name "$name" --work _work)
    [ -z "$group" ] || args+=(--runnergroup "$group")
    [ -z "$labels" ] || args+=(--labels "$labels")
    action "cd $(quote "$runner_dir") && ACTIONS_RUNNER_INPUT_TOKEN=*** $(quote runuser -u "$user" -- ./config.sh "${args[@]}")" \
      configure "${args[@]}"
  fi
  if [ -f "$runner_dir/.service" ]; then
    say "runner service: already installed ($(cat "$runner_dir/.service"))"
  else
    run_in "$runner_dir" ./svc.sh install "$user"
  fi
  local unit
  unit=$(runner_unit)
  if [ -n "$unit" ] && "$SYSTEMCTL" is-active --quiet "$unit" 2>/dev/null; then
    say "runner service: already running"
  else
    run_in "$runner_dir" ./svc.sh start
  fi
}
configure() {
  (cd "$runner_dir" && ACTIONS_RUNNER_INPUT_TOKEN=$token runuser -u "$user" -- ./config.sh "$@")
}

# doctor --tune at every boot, before the runner starts (its settings do not outlive a reboot).
step_tuning() {
  local unit path="$ROOT/etc/systemd/system/$TUNE_UNIT" before=()
  unit=$(runner_unit)
  # Another runner's unit, named by an earlier run, stays.
  if [ -f "$path" ]; then
    read -r -a before <<<"$(sed -n 's/^Before=//p' "$path" | head -n 1)"
  fi
  [ -z "$unit" ] || [[ " ${before[*]} " == *" $unit "* ]] || before+=("$unit")
  local lines=('[Unit]' 'Description=Tune the machine for measuring (mysql-perf-gate doctor --tune)')
  [ ${#before[@]} -eq 0 ] || lines+=("Before=${before[*]}")
  lines+=('' '[Service]' 'Type=oneshot' 'RemainAfterExit=yes' "ExecStart=$COMMAND doctor --tune"
    '' '[Install]' 'WantedBy=multi-user.target')
  if write_file "$path" 644 "${lines[@]}"; then
    run "$SYSTEMCTL" daemon-reload
  fi
  if "$SYSTEMCTL" is-enabled --quiet "$TUNE_UNIT" 2>/dev/null; then
    say "$TUNE_UNIT: already enabled"
  else
    run "$SYSTEMCTL" enable "$TUNE_UNIT"
  fi
}

[ -n "$runner_dir" ] || runner_dir="$(home_of "$user")/actions-runner"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) arch="" ;;
esac
[ -f "$runner_dir/config.sh" ] || [ -n "$arch" ] ||
  die "no runner package for $(uname -m) here: download one into a directory and give it with --runner-dir"

step_packages
step_user
step_apparmor
check_sandbox
step_command
step_runner
step_tuning
