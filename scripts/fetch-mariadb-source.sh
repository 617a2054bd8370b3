#!/usr/bin/env bash
# Fetches a real MariaDB 10.11 source tree from Debian (`apt-get source mariadb`) and installs
# what configuring and building it needs, for the integration tests of building from source.
# CI machines are clean Debian 12 hosts that reach only the Debian mirror, so the tree comes from
# the distribution's source packages rather than from GitHub or mariadb.org.
#
# Usage: scripts/fetch-mariadb-source.sh [--find] DEST_DIR
# Prints the absolute path of the unpacked tree as the last line of stdout; everything else goes
# to stderr. Idempotent: a tree already unpacked in DEST_DIR is reused without touching apt.
# With --find, only looks: prints the tree already unpacked in DEST_DIR, or exits 1 when there is
# none (install-deps.sh uses it to tell whether fetching has anything to do).
#
# - deb-src entries are added (as their own file, mysql-perf-gate-src.sources) only when apt has
#   none, with the URIs, suites, components and keys of the existing deb entries.
# - Every source version apt knows is tried, newest first: the mirror has served a newest version
#   (bookworm-security) whose binaries exist but whose source files are missing (404). Each
#   attempt downloads into its own scratch directory, so failed attempts leave nothing behind,
#   and the downloaded .dsc/.orig.tar.*/.debian.tar.* are deleted once the tree is unpacked.
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
  for dir in "$dest"/mariadb-10.11.*/; do
    dir=${dir%/}
    [ -f "$dir/VERSION" ] && [ -f "$dir/CMakeLists.txt" ] || continue
    found+="$dir"$'\n'
  done
  [ -n "$found" ] || return 1
  printf '%s' "$found" | sort -V | tail -n 1
}

if tree=$(existing_tree); then
  [ "$find_only" -eq 1 ] || echo "MariaDB source tree already present: $tree" >&2
  echo "$tree"
  exit 0
fi
[ "$find_only" -eq 0 ] || exit 1

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
updated=0
apt_update() {
  echo "apt-get update" >&2
  $sudo apt-get update -qq >&2
  updated=1
}

# Source versions of mariadb that apt knows, one per line, unsorted (may be empty).
source_versions() {
  apt-cache showsrc --only-source mariadb 2>/dev/null | sed -n 's/^Version: *//p' | sort -u
}

# True when some deb-src entry is configured (enabled), whether or not its index is fetched.
have_deb_src_entries() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && grep -Eq '^[[:space:]]*deb-src[[:space:]]' "$f" && return 0
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # A stanza counts when its Types include deb-src and it is not "Enabled: no".
    awk '
      function flush() { if (src && !disabled) found = 1; src = 0; disabled = 0 }
      /^[[:space:]]*$/ { flush(); next }
      /^#/ { next }
      tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb-src") src = 1 }
      tolower($1) == "enabled:" && tolower($2) == "no" { disabled = 1 }
      END { flush(); exit found ? 0 : 1 }
    ' "$f" && return 0
  done
  return 1
}

# deb822 deb-src stanzas mirroring the enabled deb stanzas of the given .sources file: the same
# URIs, Suites, Components and Signed-By (continuation lines, e.g. an inline key, are kept).
derive_deb_src() {
  awk '
    function flush() {
      if (isdeb && !disabled && uris != "" && suites != "") {
        printf "%sTypes: deb-src\n%s%s", (n++ ? "\n" : ""), uris, suites
        printf "%s%s", comps, signed
      }
      isdeb = 0; disabled = 0; uris = suites = comps = signed = ""; field = ""
    }
    /^[[:space:]]*$/ { flush(); next }
    /^#/ { next }
    /^[[:space:]]/ {   # continuation of the previous field
      if (field == "uris") uris = uris $0 "\n"
      else if (field == "suites") suites = suites $0 "\n"
      else if (field == "components") comps = comps $0 "\n"
      else if (field == "signed-by") signed = signed $0 "\n"
      next
    }
    {
      field = tolower($1); sub(/:$/, "", field)
      if (field == "types") { for (i = 2; i <= NF; i++) if ($i == "deb") isdeb = 1 }
      else if (field == "enabled") { if (tolower($2) == "no") disabled = 1 }
      else if (field == "uris") uris = $0 "\n"
      else if (field == "suites") suites = $0 "\n"
      else if (field == "components") comps = $0 "\n"
      else if (field == "signed-by") signed = $0 "\n"
    }
    END { flush() }
  ' "$1"
}

if [ -z "$(source_versions)" ]; then
  if have_deb_src_entries; then
    apt_update   # deb-src configured but its index not fetched yet
  fi
  if [ -z "$(source_versions)" ]; then
    src_file=/etc/apt/sources.list.d/mysql-perf-gate-src.sources
    stanzas=""
    [ -f /etc/apt/sources.list.d/debian.sources ] &&
      stanzas=$(derive_deb_src /etc/apt/sources.list.d/debian.sources)
    if [ -z "$stanzas" ]; then
      echo "no deb entries in /etc/apt/sources.list.d/debian.sources; using deb.debian.org" >&2
      stanzas="Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
    fi
    echo "adding deb-src entries: $src_file" >&2
    printf '# Added by mysql-perf-gate scripts/fetch-mariadb-source.sh for apt-get source.\n%s\n' \
      "$stanzas" | $sudo tee "$src_file" >/dev/null
    apt_update
  fi
fi

# What configuring and building needs; only the missing packages are installed.
packages=(dpkg-dev cmake ninja-build bison pkg-config g++ gcc libncurses-dev libssl-dev
  zlib1g-dev libfmt-dev libpcre2-dev ccache)
mapfile -t missing < <(missing_packages "${packages[@]}")
if [ ${#missing[@]} -gt 0 ]; then
  [ "$updated" -eq 1 ] || apt_update
  echo "installing ${missing[*]}" >&2
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Newest first, by Debian version order.
mapfile -t versions < <(source_versions)
if [ ${#versions[@]} -eq 0 ]; then
  echo "apt knows no source package mariadb (deb-src entries not working?)" >&2
  exit 1
fi
mapfile -t versions < <(newest_first "${versions[@]}")
echo "source versions of mariadb, newest first: ${versions[*]}" >&2

scratch=""
trap '[ -z "$scratch" ] || rm -rf "$scratch"' EXIT
failed=()
tree=""
for v in "${versions[@]}"; do
  # Each attempt in its own scratch directory inside $dest (same file system, so the final move
  # is a rename); a failed attempt is removed whole.
  scratch=$(mktemp -d "$dest/.fetch-mariadb.XXXXXX")
  # As root, apt downloads as the _apt user, which needs to write here (else apt warns).
  if [ "$(id -u)" -eq 0 ] && id _apt >/dev/null 2>&1; then chown _apt "$scratch"; fi
  echo "trying apt-get source mariadb=$v" >&2
  if (cd "$scratch" && apt-get source -q "mariadb=$v" >&2); then
    unpacked=""
    for dir in "$scratch"/mariadb-10.11.*/; do
      dir=${dir%/}
      [ -f "$dir/VERSION" ] && [ -f "$dir/CMakeLists.txt" ] && unpacked=$dir
    done
    if [ -n "$unpacked" ]; then
      name=$(basename "$unpacked")
      rm -rf "${dest:?}/$name"   # a leftover incomplete tree of the same name
      mv "$unpacked" "$dest/$name"
      tree="$dest/$name"
      rm -rf "$scratch"
      scratch=""
      echo "using mariadb $v: $tree" >&2
      break
    fi
    echo "mariadb=$v: downloaded but no mariadb-10.11.* tree with VERSION and CMakeLists.txt" >&2
  fi
  echo "mariadb=$v: failed" >&2
  failed+=("$v")
  rm -rf "$scratch"
  scratch=""
done
[ ${#failed[@]} -eq 0 ] || echo "source versions that failed: ${failed[*]}" >&2
if [ -z "$tree" ]; then
  echo "no source version of mariadb could be downloaded and unpacked" >&2
  exit 1
fi
echo "$tree"
