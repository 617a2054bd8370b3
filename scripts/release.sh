#!/usr/bin/env bash
# Makes release X.Y.Z of this repository, locally; it pushes nothing and prints the git push
# commands to run. Three commits, then the tags (docs/releasing.md says why three):
#   1. "Release vX.Y.Z": the version in package.json and package-lock.json, CHANGELOG.md's
#      Unreleased section as "## [X.Y.Z] - <date>", and dist/ if it was not current.
#   2. The reusable workflows (.github/workflows/) and the examples call the action at commit 1.
#   3. The examples call the reusable workflows at commit 2, whose files call the action at 1.
# Tag vX.Y.Z (annotated, with the CHANGELOG section) on commit 3; the major tag vX moves there.
# Commits 2 and 3 change workflow files only, so every pinned commit holds the tag's action.yml
# and dist/. Then the package of the tag's commit, the command line's install
# (`npm install -g <tarball>`): .work/release/mysql-perf-gate-X.Y.Z.tgz, with release.json naming
# that commit (npm's prepack step, scripts/stamp-release.mjs), and its checksum beside it
# (mysql-perf-gate-X.Y.Z.tgz.sha256, as sha256sum writes it), both to attach to the GitHub release. Refuses, in one line and with exit status 2, a version that is not X.Y.Z or not
# greater than package.json's (equal only while its tag does not exist), an existing tag, a dirty
# tree and an empty Unreleased section. A failure after the first commit undoes the release.
#
#   scripts/release.sh [--dry-run] [--date YYYY-MM-DD] [--rebuild-dist] X.Y.Z
#
# --dry-run checks everything and says what it would do; --date sets the CHANGELOG's date (today,
# UTC, by default); --rebuild-dist bundles and compares dist/ even when nothing it is built from
# changed since dist/ last did.
set -euo pipefail
cd "$(dirname "$0")/.."

die() {
  echo "release: $*" >&2
  exit 2
}
usage() { die "usage: scripts/release.sh [--dry-run] [--date YYYY-MM-DD] [--rebuild-dist] X.Y.Z"; }

dry_run=false
rebuild=false
date=$(date -u +%F)
version=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry_run=true; shift ;;
    --rebuild-dist) rebuild=true; shift ;;
    --date) [ $# -ge 2 ] || usage; date=$2; shift 2 ;;
    -*) usage ;;
    *) [ -z "$version" ] || usage; version=${1#v}; shift ;;
  esac
done
[ -n "$version" ] || usage
number='(0|[1-9][0-9]*)'
[[ "$version" =~ ^$number\.$number\.$number$ ]] || die "version $version is not X.Y.Z (semantic versioning, e.g. 1.4.0)"
[[ "$date" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "--date $date is not YYYY-MM-DD"
tag="v$version"
major="v${version%%.*}"
files_helper=scripts/lib/release-files.mjs
assets=.work/release
tarball="$assets/mysql-perf-gate-$version.tgz"

# --- Checks: nothing is changed before all of them pass ---------------------------------------
git rev-parse --verify --quiet HEAD >/dev/null || die "not in a git repository with a commit"
changed=$(git status --porcelain --untracked-files=no | wc -l)
untracked=$(git ls-files --others --exclude-standard -- dist .github/workflows examples/workflows | wc -l)
[ $((changed + untracked)) -eq 0 ] ||
  die "the working tree is not clean ($changed changed, $untracked untracked under dist/ or the workflows): commit or stash first"
! git rev-parse --verify --quiet "refs/tags/$tag" >/dev/null || die "tag $tag already exists"

current=$(node -p 'require("./package.json").version')
# Greater than the current version; equal only for the first release of it (its tag, checked
# above, does not exist yet).
lowest=$(printf '%s\n%s\n' "$current" "$version" | sort -t. -k1,1n -k2,2n -k3,3n | head -n1)
[ "$lowest" = "$current" ] || die "$version is not greater than package.json's version $current"
node "$files_helper" check-changelog "$version"

start=$(git rev-parse HEAD)
branch=$(git symbolic-ref --quiet --short HEAD || echo HEAD)
remote=$(git config "branch.$branch.remote" || echo origin)
previous=$(git describe --tags --abbrev=0 --match 'v[0-9]*.[0-9]*.[0-9]*' 2>/dev/null || true)

# dist/ is current when nothing it is built from (src/, the bundler's and TypeScript's settings,
# the locked dependencies) changed since the last commit that changed dist/: ./scripts/test.sh
# checks every commit CI runs by bundling. Otherwise bundle as that check does, and keep the
# result only if it differs.
dist_inputs=(src rollup.config.js tsconfig.json tsconfig.build.json)
dist_is_unchanged() {
  local last lock
  last=$(git log -1 --format=%H -- dist)
  [ -n "$last" ] || return 1
  git diff --quiet "$last" HEAD -- "${dist_inputs[@]}" || return 1
  lock=$(mktemp)
  git show "$last:package-lock.json" >"$lock"
  local same=0
  node "$files_helper" same-dependencies "$lock" || same=1
  rm -f "$lock"
  return "$same"
}
dist_state=stale
if ! $rebuild && dist_is_unchanged; then dist_state=current; fi

if $dry_run; then
  echo "release: would release $tag ($current → $version, CHANGELOG dated $date) from $branch at ${start:0:12}:"
  if [ "$dist_state" = current ]; then
    echo "  dist/ is current (nothing it is built from changed since it last did)"
  else
    echo "  would bundle dist/ (npm run --silent bundle) and include it if it changed"
  fi
  echo "  1. commit \"Release $tag\": package.json, package-lock.json, CHANGELOG.md"
  echo "  2. commit: scripts/pin-action.sh <commit 1> $version (the action, in .github/workflows and examples/workflows)"
  echo "  3. commit: scripts/pin-action.sh <commit 1> $version --workflows-at <commit 2> (the examples' calls of the reusable workflows)"
  echo "  tag $tag (annotated) on commit 3; move $major to it${previous:+ (previous release: $previous)}"
  echo "  pack the tag's commit into $tarball (npm pack), with its sha256 in $tarball.sha256"
  exit 0
fi

# --- From here on, a failure undoes what was done ---------------------------------------------
old_major=$(git rev-parse --verify --quiet "refs/tags/$major" || true)
undo() {
  echo "release: failed; restoring $branch to ${start:0:12} and the tags as they were" >&2
  git reset --quiet --hard "$start"
  git tag -d "$tag" >/dev/null 2>&1 || true
  if [ -n "$old_major" ]; then git update-ref "refs/tags/$major" "$old_major"; else git tag -d "$major" >/dev/null 2>&1 || true; fi
  rm -rf .dist-check "$tarball" "$tarball.sha256" release.json
}
trap undo ERR

if [ "$dist_state" = stale ]; then
  [ -d node_modules ] || die "dist/ must be bundled and node_modules/ is missing: run npm ci first"
  rm -rf .dist-check
  log=$(mktemp)
  if ! BUNDLE_DIR=.dist-check npm run --silent bundle >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -f "$log"
    false
  fi
  rm -f "$log"
  if diff -rq dist .dist-check >/dev/null; then
    rm -rf .dist-check
    dist_state="current (bundled and compared)"
  else
    rm -rf dist && mv .dist-check dist
    dist_state="rebuilt, in the release commit"
  fi
fi

node "$files_helper" apply "$version" "$date" "$previous"
git add package.json package-lock.json CHANGELOG.md
git add -A dist
git commit --quiet -m "Release $tag"
code=$(git rev-parse HEAD)

scripts/pin-action.sh "$code" "$version" >/dev/null
git add -u .github/workflows examples/workflows
git commit --quiet -m "Release $tag: the workflows call the action at ${code:0:12}"
workflows=$(git rev-parse HEAD)

scripts/pin-action.sh "$code" "$version" --workflows-at "$workflows" >/dev/null
git add -u examples/workflows
git commit --quiet -m "Release $tag: the examples call the reusable workflows at ${workflows:0:12}"

# The release holds the action of commit 1 exactly: only workflow files changed since.
outside=$(git diff --name-only "$code" HEAD -- . ':(exclude).github/workflows' ':(exclude)examples/workflows')
if [ -n "$outside" ]; then
  echo "release: commits 2 and 3 changed more than workflow files: $outside" >&2
  false
fi

notes=$(mktemp)
{ echo "$tag"; echo; node "$files_helper" notes "$version"; } >"$notes"
git tag -a "$tag" -F "$notes"
rm -f "$notes"
git tag -f -a "$major" -m "$major: $tag" >/dev/null

# The package, packed from the tag's commit (the tree is that commit: nothing is uncommitted).
mkdir -p "$assets"
rm -f "$tarball" "$tarball.sha256"
log=$(mktemp)
if ! npm pack --silent --pack-destination "$assets" >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  rm -f "$log"
  false
fi
rm -f "$log"
[ -f "$tarball" ] || { echo "release: npm pack did not write $tarball" >&2; false; }
(cd "$assets" && sha256sum "${tarball##*/}" >"${tarball##*/}.sha256")
trap - ERR

echo "release: $tag made (dist/ $dist_state):"
echo "  $(git log -1 --format='%h %s' "$code")"
echo "  $(git log -1 --format='%h %s' "$workflows")"
echo "  $(git log -1 --format='%h %s' HEAD)"
echo "  tag $tag on $(git rev-parse --short HEAD); $major moved${old_major:+ from $(git rev-parse --short "$old_major^{commit}")}"
echo "  package $tarball ($(du -h "$tarball" | cut -f1)), sha256 $(cut -d' ' -f1 "$tarball.sha256")"
echo "Nothing was pushed. To publish it:"
echo "  git push $remote $branch"
echo "  git push $remote $tag"
echo "  git push --force $remote $major"
echo "  gh release create $tag --verify-tag --notes-from-tag $tarball $tarball.sha256"
