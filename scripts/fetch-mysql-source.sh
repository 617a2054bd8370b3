#!/usr/bin/env bash
# Fetches MySQL 9.7's source tree from Debian's unstable archive (the mysql-9.7 source package;
# upstream's tarball, 429 MB, bundles boost, protobuf, abseil, icu, zlib, zstd, lz4, libedit and
# the rest under extra/), for building MySQL here.
#
# Usage: scripts/fetch-mysql-source.sh [--find] DEST_DIR
# Prints the absolute path of the unpacked tree (DEST_DIR/mysql-9.7.*) as the last line of
# stdout; everything else goes to stderr. When it fetches, it also installs what building the tree
# needs (cmake, ninja, bison, libssl-dev, libtirpc-dev …) where missing. Idempotent: a tree
# already in DEST_DIR is reused without touching apt, and so is a downloaded tarball (keep DEST_DIR outside a clone, e.g.
# /var/cache/mysql-perf-gate/sources, and a fresh clone does not download it again). With --find,
# only looks: prints the tree already in DEST_DIR, or exits 1.
#
# - The deb-src entry for unstable goes in a sources file of its own, only for as long as the
#   download takes, then it is removed and apt's lists refreshed: no unstable binaries are ever
#   installable on the Debian 12 host. Only the source index is fetched.
# - Every version `apt-cache showsrc` lists is tried, newest first (on 2026-11-23 the newest,
#   9.7.4-2, answered 404 here and 9.7.2-4 downloaded), each in a scratch directory that a failed
#   attempt leaves nothing of. Only the upstream tarball is unpacked (Debian's patches are not
#   applied: the tree is MySQL's own).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/debian-source.sh
source "$(dirname "$0")/lib/debian-source.sh"

find_only=0
if [ "${1:-}" = "--find" ]; then
  find_only=1
  shift
fi
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: $0 [--find] DEST_DIR" >&2
  exit 2
fi
if [ "$find_only" -eq 1 ]; then
  [ -d "$1" ] || exit 1
else
  mkdir -p "$1"
fi
dest=$(cd "$1" && pwd -P)

# The newest unpacked tree in $dest that looks complete, if any.
existing_tree() {
  local dir found=""
  for dir in "$dest"/mysql-9.7.*/; do
    dir=${dir%/}
    if [ ! -f "$dir/MYSQL_VERSION" ] || [ ! -f "$dir/CMakeLists.txt" ]; then continue; fi
    found+="$dir"$'\n'
  done
  [ -n "$found" ] || return 1
  printf '%s' "$found" | sort -V | tail -n 1
}

if [ "$find_only" -eq 1 ]; then
  existing_tree || exit 1
  exit 0
fi

if tree=$(existing_tree); then
  echo "MySQL source tree already present: $tree" >&2
  echo "$tree"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive

# What configuring and building with the tool's defaults needs (the libraries MySQL bundles under
# extra/ are built from there); only the missing packages are installed, from the host's suites.
packages=(cmake ninja-build bison pkg-config g++ gcc libssl-dev libtirpc-dev libncurses-dev ccache)
mapfile -t missing < <(missing_packages "${packages[@]}")
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}" >&2
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi


# Unpacks a downloaded orig tarball into $dest; prints the tree.
unpack() {
  local tarball=$1 scratch name="" dir
  scratch=$(mktemp -d "$dest/.unpack-mysql.XXXXXX")
  echo "unpacking $(basename "$tarball")" >&2
  if tar -xzf "$tarball" -C "$scratch"; then
    for dir in "$scratch"/mysql-9.7.*/; do
      [ -f "$dir/MYSQL_VERSION" ] && name=$(basename "$dir")
    done
  fi
  if [ -n "$name" ]; then
    rm -rf "${dest:?}/$name"
    mv "$scratch/$name" "$dest/$name"
    rm -rf "$scratch"
    echo "$dest/$name"
    return 0
  fi
  rm -rf "$scratch"
  echo "$(basename "$tarball") does not hold a mysql-9.7.* tree with MYSQL_VERSION" >&2
  return 1
}

# A tarball downloaded before (the cache): unpack it without apt.
for tarball in "$dest"/mysql-9.7_9.7.*.orig.tar.gz; do
  [ -f "$tarball" ] || continue
  if tree=$(unpack "$tarball"); then
    echo "$tree"
    exit 0
  fi
done

src_file=/etc/apt/sources.list.d/mysql-perf-gate-unstable-src.sources
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
  if [ -f "$src_file" ]; then
    $sudo rm -f "$src_file"
    echo "removed $src_file; refreshing apt's lists" >&2
    $sudo apt-get update -qq >&2 || true
  fi
  [ -z "${scratch:-}" ] || rm -rf "$scratch"
}
trap cleanup EXIT
echo "adding a deb-src entry for unstable for the download: $src_file" >&2
printf '%s\n' '# Added by mysql-perf-gate scripts/fetch-mysql-source.sh for the download only; removed after it.' \
  'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: sid' 'Components: main' \
  'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' | $sudo tee "$src_file" >/dev/null
$sudo apt-get update -qq >&2

mapfile -t versions < <(apt-cache showsrc --only-source mysql-9.7 2>/dev/null | sed -n 's/^Version: *//p' | sort -u)
if [ ${#versions[@]} -eq 0 ]; then
  echo "apt knows no source package mysql-9.7 (is deb.debian.org reachable?)" >&2
  exit 1
fi
mapfile -t versions < <(newest_first "${versions[@]}")
echo "source versions of mysql-9.7, newest first: ${versions[*]}" >&2

scratch=""
for v in "${versions[@]}"; do
  scratch=$(mktemp -d "$dest/.fetch-mysql.XXXXXX")
  if [ "$(id -u)" -eq 0 ] && id _apt >/dev/null 2>&1; then chown _apt "$scratch"; fi
  echo "trying apt-get source --download-only mysql-9.7=$v" >&2
  if (cd "$scratch" && apt-get source -q --download-only "mysql-9.7=$v" >&2); then
    for tarball in "$scratch"/mysql-9.7_*.orig.tar.gz; do
      [ -f "$tarball" ] || continue
      mv "$tarball" "$dest/"   # kept: the cache a later run unpacks without apt
      rm -rf "$scratch"
      scratch=""
      tree=$(unpack "$dest/$(basename "$tarball")")
      echo "using mysql-9.7 $v: $tree" >&2
      echo "$tree"
      exit 0
    done
  fi
  echo "mysql-9.7=$v: failed" >&2
  rm -rf "$scratch"
  scratch=""
done
echo "no source version of mysql-9.7 could be downloaded" >&2
exit 1
