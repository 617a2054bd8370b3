#!/usr/bin/env bash
# Makes a git repository of 16 commits from Debian's MariaDB 10.11 source with two known
# performance changes, for checking `history changes` and `bisect` on a real server:
#
#   commit  1  the source as Debian ships it, plus a per-row check in handler::ha_index_next
#              (about 20 volatile loop rounds for every row an index scan returns)
#   commit  7  +~1% point selects: a loop of about 60 volatile rounds before every SELECT
#   commit 12  the per-row check of commit 1 removed: ~-2% read-only, ~-1.5% read-write
#   the other 13 commits change comments, a README and test files only.
#
# Usage: scripts/make-history-demo.sh SOURCE_TREE DEST_REPO
#   SOURCE_TREE  an unpacked MariaDB 10.11 tree (scripts/fetch-mariadb-source.sh prints one)
#   DEST_REPO    created; must not exist
# Prints one line per commit: its number, hash and subject. Commit dates are one day apart from
# 2026-11-01, so the history's order is the commits' order.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 SOURCE_TREE DEST_REPO" >&2
  exit 2
fi
source_tree=$1
repo=$2
[ -f "$source_tree/sql/handler.cc" ] || { echo "not a MariaDB source tree: $source_tree" >&2; exit 2; }
[ ! -e "$repo" ] || { echo "already exists: $repo" >&2; exit 2; }

mkdir -p "$repo"
cp -a "$source_tree/." "$repo/"
cd "$repo"
git init -q -b main
git config user.name 'Demo Developer'
git config user.email 'demo@example.invalid'
git config core.safecrlf false

day=0
commit() {
  day=$((day + 1))
  local date
  date=$(printf '2026-11-%02dT12:00:00Z' "$day")
  git add -A
  GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git commit -q -m "$1"
  printf '%2d %s %s\n' "$day" "$(git rev-parse HEAD)" "$1"
}

# Inserts $2 (a file's contents) after the first line of $1 that matches $3 exactly (a fixed string).
insert_after() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
path, snippet, anchor = sys.argv[1], open(sys.argv[2]).read(), sys.argv[3]
text = open(path).read()
at = text.index(anchor) + len(anchor)
at = text.index("\n", at) + 1
open(path, "w").write(text[:at] + snippet + text[at:])
PY
}

snippet=$(mktemp)
trap 'rm -f "$snippet"' EXIT

# 1: the import, with a per-row check in ha_index_next that commit 12 removes.
cat >"$snippet" <<'EOF'
  /* Per-row consistency check of the scan position (removed later). */
  for (volatile uint check_round= 0; check_round < 22; check_round++)
  {}
EOF
insert_after sql/handler.cc "$snippet" '  DBUG_ENTER("handler::ha_index_next");'
commit 'Import MariaDB 10.11 from Debian, with a per-row scan check in handler::ha_index_next'

harmless() {
  case $1 in
    readme) printf '\nBuilt for the mysql-perf-gate history demonstration.\n' >>README.md ;;
    test)
      mkdir -p mysql-test/main
      printf -- '--echo # demo test %s\nSELECT %s AS n;\n' "$2" "$2" >"mysql-test/main/perf_gate_demo_$2.test"
      printf '# demo test %s\nSELECT %s AS n;\nn\n%s\n' "$2" "$2" "$2" >"mysql-test/main/perf_gate_demo_$2.result"
      ;;
    comment)
      printf '\n/* %s */\n' "$3" >>"$2"
      ;;
  esac
}

harmless test 1 && commit 'mysql-test: a test of a constant SELECT'
harmless comment sql/sql_select.cc 'Notes on the join optimizer live in the knowledge base.' && commit 'sql_select: a note at the end of the file'
harmless readme && commit 'README: say what this tree is for'
harmless comment storage/innobase/row/row0sel.cc 'row0sel: see also row0mysql.cc.' && commit 'row0sel: a cross-reference comment'
harmless test 2 && commit 'mysql-test: a second constant SELECT'

# 7: +~1% point selects.
cat >"$snippet" <<'EOF'
    /* Validate the statement's table list once more before executing it. */
    for (volatile uint check_round= 0; check_round < 60; check_round++)
    {}
EOF
insert_after sql/sql_parse.cc "$snippet" $'  case SQLCOM_SELECT:\n  {'
commit 'sql_parse: validate the table list again before executing a SELECT'

harmless comment sql/item.cc 'Item: see item_func.cc for functions.' && commit 'item: a pointer to item_func.cc'
harmless test 3 && commit 'mysql-test: a third constant SELECT'
harmless comment sql/sql_base.cc 'Table cache notes: see table_cache.cc.' && commit 'sql_base: a pointer to the table cache'
harmless test 4 && commit 'mysql-test: a fourth constant SELECT'

# 12: the per-row check of commit 1 goes.
python3 - sql/handler.cc <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
start = text.index("  /* Per-row consistency check of the scan position (removed later). */\n")
end = text.index("  {}\n", start) + len("  {}\n")
open(path, "w").write(text[:start] + text[end:])
PY
commit 'handler: drop the per-row scan check from ha_index_next'

harmless comment sql/sql_update.cc 'Multi-table updates: see multi_update below.' && commit 'sql_update: a note'
harmless test 5 && commit 'mysql-test: a fifth constant SELECT'
harmless comment sql/sql_insert.cc 'INSERT ... SELECT: see select_insert.' && commit 'sql_insert: a note'
harmless readme && commit 'README: one more line'
