#!/usr/bin/env bash
# Pins every use of this action and of its reusable workflows in .github/workflows/ and
# examples/workflows/ to one commit: each `uses: mysql-perf-gate/mysql-perf-gate@…` and
# `uses: mysql-perf-gate/mysql-perf-gate/.github/workflows/<file>@…` becomes `…@<sha> # v<version>`,
# whatever ref (tag, branch, older SHA) and comment it had. A tag can be moved to other code; a
# commit SHA cannot, so a runner group restricted to these workflows runs exactly the code reviewed.
# The release script calls it with the release commit; __tests__/action/workflows.test.ts fails on
# any use that is not pinned.
#
#   scripts/pin-action.sh <40-hex commit SHA> [version]   (version: package.json's when omitted)
set -euo pipefail
cd "$(dirname "$0")/.."

sha="${1:-}"
if ! [[ "$sha" =~ ^[0-9a-f]{40}$ ]]; then
  echo "usage: $0 <40-hex commit SHA> [version]" >&2
  exit 2
fi
version="${2:-$(node -p 'require("./package.json").version')}"
if ! [[ "$version" =~ ^v?[0-9]+\.[0-9]+(\.[0-9]+)?$ ]]; then
  echo "$0: version $version is not like 0.1.0" >&2
  exit 2
fi
version="v${version#v}"

count=0
for file in .github/workflows/*.yml examples/workflows/*.yml; do
  before=$(cat "$file")
  sed -E -i \
    -e "s#^([[:space:]]*(- )?uses: mysql-perf-gate/mysql-perf-gate(/\.github/workflows/[a-z0-9-]+\.ya?ml)?)@[^[:space:]]+([[:space:]]+\#.*)?\$#\1@${sha} \# ${version}#" \
    "$file"
  if [ "$before" != "$(cat "$file")" ]; then count=$((count + 1)); fi
done
uses=$(grep -hcE "uses: mysql-perf-gate/mysql-perf-gate(/|@)" .github/workflows/*.yml examples/workflows/*.yml | awk '{ total += $1 } END { print total }')
echo "pinned $uses uses of mysql-perf-gate/mysql-perf-gate to $sha ($version); $count files changed"
