#!/usr/bin/env bash
# Pins every use of this action and of its reusable workflows in .github/workflows/ and
# examples/workflows/ to one commit: each `uses: mysql-perf-gate/mysql-perf-gate@…` and
# `uses: mysql-perf-gate/mysql-perf-gate/.github/workflows/<file>@…` becomes `…@<sha> # v<version>`,
# whatever ref (tag, branch, older SHA) and comment it had. A tag can be moved to other code; a
# commit SHA cannot, so a runner group restricted to these workflows runs exactly the code reviewed.
#
# A reusable workflow pins the action inside its own file, so a call of it at commit C runs the
# action its file pins at C. --workflows-at pins the calls of the reusable workflows to another
# commit than the action's: scripts/release.sh pins the action to its release commit, then the
# calls to the commit whose reusable workflows pin that release commit (docs/releasing.md).
# __tests__/action/workflows.test.ts fails on any use that is not pinned.
#
#   scripts/pin-action.sh <40-hex commit SHA> [version] [--workflows-at <40-hex commit SHA>]
#   (version: package.json's when omitted; --workflows-at: the first SHA when omitted)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: $0 <40-hex commit SHA> [version] [--workflows-at <40-hex commit SHA>]" >&2
  exit 2
}
sha=""
version=""
workflows_sha=""
while [ $# -gt 0 ]; do
  case "$1" in
    --workflows-at) [ $# -ge 2 ] || usage; workflows_sha=$2; shift 2 ;;
    -*) usage ;;
    *)
      if [ -z "$sha" ]; then sha=$1; elif [ -z "$version" ]; then version=$1; else usage; fi
      shift
      ;;
  esac
done
workflows_sha="${workflows_sha:-$sha}"
if ! [[ "$sha" =~ ^[0-9a-f]{40}$ && "$workflows_sha" =~ ^[0-9a-f]{40}$ ]]; then usage; fi
version="${version:-$(node -p 'require("./package.json").version')}"
if ! [[ "$version" =~ ^v?[0-9]+\.[0-9]+(\.[0-9]+)?$ ]]; then
  echo "$0: version $version is not like 0.1.0" >&2
  exit 2
fi
version="v${version#v}"

count=0
for file in .github/workflows/*.yml examples/workflows/*.yml; do
  before=$(cat "$file")
  sed -E -i \
    -e "s#^([[:space:]]*(- )?uses: mysql-perf-gate/mysql-perf-gate/\.github/workflows/[a-z0-9-]+\.ya?ml)@[^[:space:]]+([[:space:]]+\#.*)?\$#\1@${workflows_sha} \# ${version}#" \
    -e "s#^([[:space:]]*(- )?uses: mysql-perf-gate/mysql-perf-gate)@[^[:space:]]+([[:space:]]+\#.*)?\$#\1@${sha} \# ${version}#" \
    "$file"
  if [ "$before" != "$(cat "$file")" ]; then count=$((count + 1)); fi
done
uses=$(grep -hcE "uses: mysql-perf-gate/mysql-perf-gate(/|@)" .github/workflows/*.yml examples/workflows/*.yml | awk '{ total += $1 } END { print total }')
if [ "$workflows_sha" = "$sha" ]; then
  echo "pinned $uses uses of mysql-perf-gate/mysql-perf-gate to $sha ($version); $count files changed"
else
  echo "pinned $uses uses of mysql-perf-gate/mysql-perf-gate: the action to $sha, the reusable workflows to $workflows_sha ($version); $count files changed"
fi
