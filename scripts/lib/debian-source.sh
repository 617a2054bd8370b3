# shellcheck shell=bash
# Shared by scripts/fetch-mariadb-source.sh and scripts/fetch-mysql-source.sh: source it.

# Prints the Debian versions given as arguments, newest first (dpkg's version order), one a line.
newest_first() {
  local versions=("$@") i j tmp
  for ((i = 1; i < ${#versions[@]}; i++)); do
    for ((j = i; j > 0; j--)); do
      dpkg --compare-versions "${versions[j]}" gt "${versions[j - 1]}" || break
      tmp=${versions[j]}
      versions[j]=${versions[j - 1]}
      versions[j - 1]=$tmp
    done
  done
  [ ${#versions[@]} -eq 0 ] || printf '%s\n' "${versions[@]}"
}

# Prints those of the Debian packages given as arguments that are not installed, one a line.
missing_packages() {
  local p status
  for p in "$@"; do
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
    [ "${status:0:2}" = "ii" ] || printf '%s\n' "$p"
  done
}
