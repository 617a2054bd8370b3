#!/usr/bin/env bash
# Stand-in for actions/download-artifact (see README.md): copies the artifact `name` of run
# `run-id` (this run when empty) into `path`; or, with `pattern` instead of a name, every artifact
# whose name matches it, each into `path/<name>/` (all into `path` with `merge-multiple: true`).
set -euo pipefail
shopt -s nullglob
run="${INPUT_RUN_ID:-$GITHUB_RUN_ID}"
if [ "$run" != "$GITHUB_RUN_ID" ] && [ -z "${INPUT_GITHUB_TOKEN:-}" ]; then
  echo "::error::an artifact of another run needs input github-token"
  exit 1
fi
dest="${INPUT_PATH:-$GITHUB_WORKSPACE}"
if [ -z "${INPUT_NAME:-}" ]; then
  pattern="${INPUT_PATTERN:?stand-in for actions/download-artifact: input name or pattern is required}"
  count=0
  for src in "$ACT_TEST_ARTIFACTS/$run"/*/; do
    name=$(basename "$src")
    # shellcheck disable=SC2254 # the pattern is a glob, as the real action's is
    case "$name" in $pattern) ;; *) continue ;; esac
    if [ "${INPUT_MERGE_MULTIPLE:-false}" = true ]; then to="$dest"; else to="$dest/$name"; fi
    mkdir -p "$to" && cp -a "$src." "$to/"
    count=$((count + 1))
  done
  echo "download-path=$dest" >>"$GITHUB_OUTPUT"
  echo "downloaded $count artifact(s) matching $pattern of run $run into $dest (stand-in for actions/download-artifact)"
  exit 0
fi
name="$INPUT_NAME"
src="$ACT_TEST_ARTIFACTS/$run/$name"
if [ ! -d "$src" ]; then
  echo "::error::Unable to download artifact(s): Artifact not found for name: $name"
  exit 1
fi
mkdir -p "$dest"
cp -a "$src/." "$dest/"
echo "download-path=$dest" >>"$GITHUB_OUTPUT"
echo "downloaded artifact $name of run $run into $dest (stand-in for actions/download-artifact)"
