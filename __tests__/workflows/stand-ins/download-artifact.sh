#!/usr/bin/env bash
# Stand-in for actions/download-artifact (see README.md): copies the artifact `name` of run
# `run-id` (this run when empty) into `path`.
set -euo pipefail
name="${INPUT_NAME:?stand-in for actions/download-artifact: input name is required here}"
run="${INPUT_RUN_ID:-$GITHUB_RUN_ID}"
if [ "$run" != "$GITHUB_RUN_ID" ] && [ -z "${INPUT_GITHUB_TOKEN:-}" ]; then
  echo "::error::an artifact of another run needs input github-token"
  exit 1
fi
src="$ACT_TEST_ARTIFACTS/$run/$name"
if [ ! -d "$src" ]; then
  echo "::error::Unable to download artifact(s): Artifact not found for name: $name"
  exit 1
fi
dest="${INPUT_PATH:-$GITHUB_WORKSPACE}"
mkdir -p "$dest"
cp -a "$src/." "$dest/"
echo "download-path=$dest" >>"$GITHUB_OUTPUT"
echo "downloaded artifact $name of run $run into $dest (stand-in for actions/download-artifact)"
