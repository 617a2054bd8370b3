#!/usr/bin/env bash
# Stand-in for actions/upload-artifact (see README.md): copies what `path` matches (one pattern a
# line) into $ACT_TEST_ARTIFACTS/<run id>/<name>/, relative to the matches' least common ancestor.
set -euo pipefail
shopt -s nullglob globstar
name="${INPUT_NAME:-artifact}"
dest="$ACT_TEST_ARTIFACTS/$GITHUB_RUN_ID/$name"
if [ -e "$dest" ]; then
  echo "::error::an artifact named $name already exists in run $GITHUB_RUN_ID"
  exit 1
fi
matches=()
while IFS= read -r pattern; do
  [ -n "$pattern" ] || continue
  # shellcheck disable=SC2206 # the pattern is a glob
  found=($pattern)
  # A path with no glob characters stays as written even when nothing is there: not a match.
  for match in "${found[@]}"; do
    if [ -e "$match" ]; then matches+=("$match"); fi
  done
done <<<"${INPUT_PATH:-}"
if [ ${#matches[@]} -eq 0 ]; then
  case "${INPUT_IF_NO_FILES_FOUND:-warn}" in
    error) echo "::error::No files were found with the provided path: ${INPUT_PATH:-}. No artifacts will be uploaded." && exit 1 ;;
    warn) echo "::warning::No files were found with the provided path: ${INPUT_PATH:-}. No artifacts will be uploaded." ;;
    *) echo "No files were found with the provided path: ${INPUT_PATH:-}. No artifacts will be uploaded." ;;
  esac
  exit 0
fi
# The least common ancestor of the matched directories and of the matched files' directories.
root=""
for match in "${matches[@]}"; do
  dir=$(realpath "$match")
  [ -d "$dir" ] || dir=$(dirname "$dir")
  if [ -z "$root" ]; then root=$dir; fi
  while [ "$dir" != "$root" ] && [ "${dir#"$root"/}" = "$dir" ]; do root=$(dirname "$root"); done
done
mkdir -p "$dest"
for match in "${matches[@]}"; do
  rel=$(realpath --relative-to="$root" "$match")
  if [ -d "$match" ]; then
    mkdir -p "$dest/$rel" && cp -a "$match/." "$dest/$rel/"
  else
    mkdir -p "$dest/$(dirname "$rel")" && cp -a "$match" "$dest/$rel"
  fi
done
echo "uploaded artifact $name: $(find "$dest" -type f | wc -l) files (stand-in for actions/upload-artifact)"
