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
