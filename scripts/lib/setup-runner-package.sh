# shellcheck shell=bash
# shellcheck disable=SC2153,SC2154 # the settings of setup-runner.sh, which assigns them
# The package part of scripts/setup-runner.sh, which sources it: the package to install (--package, or
# the installed one this script is part of), its checksum and release (release.json), and the step
# that installs it with npm unless that release is installed already. It uses the script's
# settings (HERE, ROOT, PREFIX, INSTALLED, CACHE, COMMAND, NPM, dry_run) and helpers (die, say,
# run, action, quote, check_sum).

# release_of < release.json: the release a package's release.json names, as "VERSION COMMIT DIRTY";
# status 1 without a version or a commit.
release_of() {
  local text version commit dirty
  text=$(cat)
  version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' <<<"$text" | head -n 1)
  commit=$(sed -n 's/^ *"commit": *"\([0-9a-f]*\)".*/\1/p' <<<"$text" | head -n 1)
  dirty=$(sed -n 's/^ *"dirty": *\(true\|false\).*/\1/p' <<<"$text" | head -n 1)
  [ -n "$version" ] && [ -n "$commit" ] || return 1
  printf '%s %s %s' "$version" "$commit" "${dirty:-false}"
}
# tarball_release FILE: the release of the package in the tarball FILE.
tarball_release() { tar -xzOf "$1" package/release.json 2>/dev/null | release_of; }
# As mysql-perf-gate --version says it: 0.2.0 (commit SHA), or (commit SHA, with uncommitted changes).
describe() {
  local version commit dirty
  read -r version commit dirty <<<"$1"
  printf '%s (commit %s%s)' "$version" "$commit" "$([ "$dirty" != true ] || printf ', with uncommitted changes')"
}
not_a_package() {
  die "--package $package: no release.json in it, so not a package of mysql-perf-gate (a release's after v0.2.0, or npm pack's in a clone)"
}

# check_package: the package checked, before anything is done: a file's checksum and release are
# read now (package_file, package_release), a URL's (package_url) once it is downloaded.
package_url="" package_file="" package_release=""
check_package() {
  local sum listed checked=()
  if [ -z "$package" ]; then
    [ -z "$package_sha256" ] || die "--package-sha256 needs --package, the tarball it is the checksum of"
    if [ ! -f "$HERE/release.json" ] || [ "$HERE" != "$(cd "$INSTALLED" 2>/dev/null && pwd -P)" ]; then
      die "--package PACKAGE is needed: this script is not part of the installed package ($INSTALLED), so give the release's tarball to install, as a URL or a file (npm pack in a clone makes its commit's)"
    fi
  elif [[ $package == *://* ]]; then
    [[ $package =~ ^https://[^[:space:]]+/[A-Za-z0-9._-]+\.tgz$ ]] ||
      die "--package $package: not a tarball's https:// URL (https://github.com/mysql-perf-gate/mysql-perf-gate/releases/download/vX.Y.Z/mysql-perf-gate-X.Y.Z.tgz)"
    package_url=$package
  else
    [ -f "$package" ] || die "--package $package: no such file"
    [ -r "$package" ] || die "--package $package: cannot be read"
    package_file=$(realpath "$package")
  fi
  package_sha256=${package_sha256,,}
  [ -z "$package_sha256" ] || [[ $package_sha256 =~ ^[0-9a-f]{64}$ ]] ||
    die "--package-sha256 $package_sha256: not a SHA-256 (64 hexadecimal digits)"

  if [ -n "$package_file" ]; then
    sum=$(sha256sum "$package_file" | cut -d ' ' -f 1)
    if [ -n "$package_sha256" ]; then
      [ "$sum" = "$package_sha256" ] || die "--package $package: its SHA-256 is $sum, not $package_sha256 (--package-sha256)"
      checked+=(--package-sha256)
    fi
    if [ -f "$package_file.sha256" ]; then
      read -r listed _ <"$package_file.sha256" || true
      [ "$sum" = "${listed:-}" ] || die "--package $package: its SHA-256 is $sum, not ${listed:-none} ($package.sha256)"
      checked+=("$package.sha256")
    fi
    [ ${#checked[@]} -eq 0 ] || say "$package: SHA-256 checked (${checked[*]})"
    package_release=$(tarball_release "$package_file") || not_a_package
  fi
}

# The command, for root and every user: the package, with Node 24 (npm's node package), unless its
# release is installed already.
step_command() {
  local installed="" file=$package_file release=$package_release
  [ ! -f "$INSTALLED/release.json" ] || installed=$(release_of <"$INSTALLED/release.json") || installed=""
  if [ -z "$package" ]; then
    say "mysql-perf-gate: already installed: $(describe "$installed"), the package this script is part of"
    return 0
  fi
  if [ -n "$package_url" ]; then
    file="$ROOT$CACHE/${package_url##*/}"
    [ -d "$ROOT$CACHE" ] || run install -d -m 700 "$ROOT$CACHE"
    run curl -fsSL --retry 3 -o "$file" "$package_url"
    [ -z "$package_sha256" ] ||
      action "echo $(quote "$package_sha256  $file") | sha256sum --check --strict" check_sum "$package_sha256" "$file"
    if [ "$dry_run" -eq 1 ]; then
      say "mysql-perf-gate: a dry run does not download $package_url, so it cannot tell whether that release is installed already"
    else
      release=$(tarball_release "$file") || not_a_package
    fi
  fi
  if [ -n "$release" ] && [ "$release" = "$installed" ] && [[ $release != *' true' ]]; then
    say "mysql-perf-gate: already installed: $(describe "$installed")"
  else
    # Two packages of one commit with uncommitted changes may hold different code.
    [ -z "$release" ] || [ "$release" != "$installed" ] || say "mysql-perf-gate: installed again: $(describe "$installed") is not all its commit's"
    # npm links its command where an earlier setup wrote a wrapper around a clone's dist/cli.js.
    [ ! -f "$ROOT$COMMAND" ] || [ -L "$ROOT$COMMAND" ] || run rm "$ROOT$COMMAND"
    run "$NPM" install -g --prefix "$ROOT$PREFIX" node@24 "$file"
  fi
  [ -z "$package_url" ] || run rm "$file"
}
