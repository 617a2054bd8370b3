// A replica whose applier fails on the relay log the run made of its primary's binary log, on a
// real MariaDB: the run ends at the next status read (not at the apply's deadline of 30 minutes)
// in one line with the replica's own error number and message, and leaves nothing behind.
//
// The failure is the server's own: `replicate_rewrite_db` is a replica's filter, which a primary
// ignores, so the primary writes its load into `sbtest` and the replica applies it to a database
// that does not exist.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { EXIT_ERROR } from '../../src/cli/shared-flags.js';
import { killProcessesMentioning } from '../cli/killed-run.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, describeWithServer, useTempDir } from '../helpers/real-run.js';
import { findCommand } from '../helpers/requirements.js';

/** Longer than a run that stops at the first status read, far shorter than the apply's deadline. */
const TIMEOUT_MS = 120_000;

const temp = useTempDir('gate-apply-error-');
const stderr = captureStderr();

afterEach(() => {
  killProcessesMentioning(temp.path);
});

const SUITE = [
  'name: replica-apply-error',
  'threads: [1]',
  'durationSeconds: 1',
  'repetitions: 2',
  'reportIntervalSeconds: 0',
  'randSeed: 7',
  'tables: 1',
  'tableSize: 100',
  'serverOptions:',
  '  innodb_buffer_pool_size: 32M',
  '  innodb_log_file_size: 48M',
  'workloads:',
  '  - name: replica_apply',
  '    kind: replica-apply',
  '    events: 20',
  '',
].join('\n');

describeWithServer()('a replica whose applier fails', () => {
  it(
    "ends the run at once with the replica's error, in one line, and leaves nothing behind",
    async () => {
      const suite = join(temp.path, 'suite.yml');
      writeFileSync(suite, SUITE);
      const work = join(temp.path, 'work');
      const args = [
        'run',
        '--server',
        findCommand('mariadbd') ?? 'mariadbd',
        '--set',
        'replicate_rewrite_db=sbtest->nowhere',
        '--suite',
        suite,
        '--out',
        join(temp.path, 'results.json'),
        '--work-dir',
        work,
      ];
      const startedMs = performance.now();
      const code = await main(['node', 'mysql-perf-gate', ...args]);
      const seconds = (performance.now() - startedMs) / 1000;
      const applier = stderr.text.split('\n').filter((line) => line.includes('applier'));
      expect({ code, applier }).toEqual({
        code: EXIT_ERROR,
        applier: [
          "mysql-perf-gate: the replica's applier stopped before the end of its relay log with error 1146: " +
            "Error executing row event: 'Table 'nowhere.sbtest1' doesn't exist'",
        ],
      });
      // The server stopped, its statement waits 5 s at a time: the run ended at the first read.
      expect(seconds).toBeLessThan(60);
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
