// The order Jest starts test files in. Jest starts the files that took longest last time first, so
// that no worker is left running a long file alone at the end; without those times (a clean clone,
// as CI is) it goes by file size, and then a short file that builds MariaDB's source for eight
// minutes could start last. So without times, the files below start first, slowest first (as CI
// measured them; it prints its 12 slowest files at the end of every run), then the others by size.
const Sequencer = require('@jest/test-sequencer').default;

/** Test files, under __tests__/, slowest first. */
const SLOWEST_FIRST = [
  'security/idle-side.int.test.ts',
  'builder/mariadb-source.int.test.ts',
  'cli/stalls.int.test.ts',
  'faults/fault-matrix-run.int.test.ts',
  'action/action.int.test.ts',
  'workflows/act-nightly.int.test.ts',
  'workload/tpcc.int.test.ts',
  'workflows/act-shards.int.test.ts',
  'scripts/release.int.test.ts',
  'workflows/act-setup.int.test.ts',
  'run/restore.int.test.ts',
  'builder/mysql-source.int.test.ts',
  'workflows/act-bisect.int.test.ts',
  'cli/run.int.test.ts',
  'cli/instructions.int.test.ts',
  'security/hostile-tree.int.test.ts',
  'commands/bisect.int.test.ts',
  'scripts/quickstart.int.test.ts',
  'scripts/setup-runner.int.test.ts',
  'run/workload-data.int.test.ts',
  'cli/work-per-transaction.int.test.ts',
];

class SlowestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const rank = (test) => {
      const index = SLOWEST_FIRST.findIndex((name) => test.path.endsWith(`/__tests__/${name}`));
      return index < 0 ? SLOWEST_FIRST.length : index;
    };
    return sorted
      .map((test, position) => ({ test, position, rank: rank(test) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ test }) => test);
  }
}

module.exports = SlowestFirst;
module.exports.SLOWEST_FIRST = SLOWEST_FIRST;
