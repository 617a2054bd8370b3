#!/usr/bin/env bash
# Stand-in for actions/checkout (see README.md): clones the test's server repository into
# $GITHUB_WORKSPACE/<path> and checks out <ref>, the event's commit when empty.
set -euo pipefail
dest="$GITHUB_WORKSPACE/${INPUT_PATH:-.}"
ref="${INPUT_REF:-$GITHUB_SHA}"
if [ "${INPUT_PERSIST_CREDENTIALS:-true}" != false ]; then
  echo "::error::stand-in for actions/checkout: persist-credentials is not false"
  exit 1
fi
if [ -d "$dest/.git" ]; then
  git -C "$dest" fetch --quiet origin
else
  git clone --quiet --no-checkout "$ACT_TEST_ORIGIN" "$dest"
fi
# By SHA, as actions/checkout fetches a commit that no branch holds (a fork's pull request head).
git -C "$dest" fetch --quiet origin "$ref"
git -C "$dest" -c advice.detachedHead=false checkout --quiet --detach FETCH_HEAD
echo "checked out $(git -C "$dest" rev-parse HEAD) into ${INPUT_PATH:-.} (stand-in for actions/checkout)"
