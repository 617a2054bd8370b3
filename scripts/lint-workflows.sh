#!/usr/bin/env bash
# Lints the action's metadata (action.yml), the reusable workflows (.github/workflows/) and the
# example workflows (examples/workflows/) with the pinned tools scripts/install-deps.sh --tests
# puts under .work/: actionlint (with shellcheck for the run: scripts) and zizmor (offline, its
# default persona). Any finding fails; a finding that stays is suppressed where it is, with a
# comment that says why.
#
#   scripts/lint-workflows.sh [actionlint|zizmor]   (both when no argument)
#
# actionlint reads workflows only, and checks a `uses:` of a local action or a local reusable
# workflow against its declared inputs. So it runs twice: over the files as they are, and over a
# copy in which the examples call the reusable workflows as `./.github/workflows/…` and every
# workflow uses the action as `./` beside a copy of action.yml: that checks action.yml itself, and
# every input the workflows pass to the action or to a reusable workflow.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

bin="$PWD/.work/bin"
zizmor="$PWD/.work/zizmor/bin/zizmor"
workflows=(.github/workflows/*.yml examples/workflows/*.yml)

run_actionlint() {
  [ -x "$bin/actionlint" ] || { echo "actionlint is not installed: run scripts/install-deps.sh --tests" >&2; return 1; }
  command -v shellcheck >/dev/null || { echo "shellcheck is not installed: run scripts/install-deps.sh --tests" >&2; return 1; }
  local status=0 copy
  "$bin/actionlint" -shellcheck shellcheck "${workflows[@]}" || status=1
  copy=$(mktemp -d)
  mkdir -p "$copy/.github/workflows"
  git init -q "$copy"
  cp action.yml "$copy/"
  cp .github/actionlint.yaml "$copy/.github/"
  # actionlint checks that the files runs: names exist; whether dist/ is current is another check.
  local script
  while read -r script; do
    mkdir -p "$copy/$(dirname "$script")" && : >"$copy/$script"
  done < <(sed -n 's/^  \(main\|pre\|post\): *//p' action.yml)
  local file name
  for file in "${workflows[@]}"; do
    name=$(basename "$file")
    case "$file" in examples/*) name="example-$name" ;; esac
    sed -e 's#uses: mysql-perf-gate/mysql-perf-gate/\(\.github/workflows/[a-z-]*\.yml\)@[^ ]*#uses: ./\1#' \
      -e 's#uses: mysql-perf-gate/mysql-perf-gate@[^ ]*#uses: ./#' \
      "$file" >"$copy/.github/workflows/$name"
  done
  (cd "$copy" && "$bin/actionlint" -shellcheck shellcheck) || {
    echo "(in the copy that uses the action and the reusable workflows locally, see $0)" >&2
    status=1
  }
  rm -rf "$copy"
  [ "$status" -eq 0 ] && echo "actionlint: no findings in action.yml and ${#workflows[@]} workflows"
  return "$status"
}

run_zizmor() {
  [ -x "$zizmor" ] || { echo "zizmor is not installed: run scripts/install-deps.sh --tests" >&2; return 1; }
  # --offline: no GitHub API (the audits that need it are skipped); exit status non-zero on a finding.
  "$zizmor" --offline --quiet --no-progress --format plain action.yml "${workflows[@]}"
}

case "${1:-all}" in
  actionlint) run_actionlint ;;
  zizmor) run_zizmor ;;
  all)
    status=0
    run_actionlint || status=1
    run_zizmor || status=1
    exit "$status"
    ;;
  *)
    echo "usage: $0 [actionlint|zizmor]" >&2
    exit 2
    ;;
esac
