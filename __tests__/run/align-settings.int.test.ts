// run --align-settings through the CLI's main() against a real MariaDB and real sysbench: the same
// binary on both sides, the head with the binary log, sync_binlog=1, performance_schema and a
// harmless setting. The aligned head runs with the base's values of the first three (read back
// from the server), on the head side only; compare splits each cell into settings and code.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { readResults } from '../../src/results/results-file.js';
import { cellName } from '../../src/suite/suite-schema.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TIMEOUT_MS = 300_000;

const temp = useTempDir('gate-align-');
const stderr = captureStderr();

const SUITE = `
name: align
threads: [1]
durationSeconds: 1
repetitions: 2
reportIntervalSeconds: 0
tables: 1
tableSize: 100
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: oltp_point_select
  - name: oltp_insert
`;

async function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

maybe('run --align-settings (real MariaDB, real sysbench)', () => {
  it(
    "measures the head again with the base's first-tier settings, and compare splits each cell",
    async () => {
      const suite = join(temp.path, 'align.yml');
      writeFileSync(suite, SUITE);
      const out = join(temp.path, 'results.json');
      const work = join(temp.path, 'work');
      const server = findCommand('mariadbd') ?? 'mariadbd';
      const head = ['log_bin=mysql-bin', 'sync_binlog=1', 'performance_schema=ON', 'connect_timeout=20'];
      const code = await cli(
        'run',
        '--base',
        server,
        '--head',
        server,
        ...head.flatMap((option) => ['--head-set', option]),
        '--suite',
        suite,
        '--align-settings',
        '--out',
        out,
        '--work-dir',
        work,
        '--verbose',
      );
      expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
      expect(processesMentioning(work)).toEqual([]);

      const results = readResults(out);
      const alignment = results.alignment;
      // The first tier, in the catalogue's order; connect_timeout changes no work and stays.
      expect(alignment?.aligned.map((setting) => setting.setting)).toEqual([
        'log_bin',
        'sync_binlog',
        'performance_schema',
      ]);
      expect(alignment?.options).toEqual({ skip_log_bin: 'ON', sync_binlog: '0', performance_schema: 'OFF' });
      // What the head reported once it ran with them: they took.
      expect(alignment?.applied).toMatchObject({
        log_bin: 'OFF',
        sync_binlog: '0',
        performance_schema: 'OFF',
      });
      // The results keep the suite as given; the aligned head's cells go apart, under the same names.
      expect(results.suite.variants).toBeUndefined();
      const names = ['oltp_point_select@1', 'oltp_insert@1'];
      expect(results.cells.filter((cell) => cell.side === 'base').map(cellName)).toEqual(names);
      expect(results.cells.filter((cell) => cell.side === 'head').map(cellName)).toEqual(names);
      expect(alignment?.cells.map(cellName)).toEqual(names);
      for (const cell of [...results.cells, ...(alignment?.cells ?? [])])
        expect(cell.repetitions).toHaveLength(2);
      // The base never ran the aligned head's variant; the head was switched to it.
      expect(stderr.text).toContain('aligned head: performance_schema ON → OFF');
      // It ran on a datadir of its own, copied from the head's prepared one.
      expect(stderr.text).toMatch(
        /copied the prepared datadir \([^)]*\) to \S+head-aligned-datadir by \w+, for the aligned head/,
      );
      expect(stderr.text).not.toMatch(/base server under head-settings=base/);

      const report = join(temp.path, 'report');
      const compared = await cli('compare', out, '--report-dir', report);
      expect(compared === 0 || compared === 1).toBe(true);
      const verdict = Verdict.parse(JSON.parse(readFileSync(join(report, 'verdict.json'), 'utf8')));
      expect(verdict.split?.cells.map(cellName)).toEqual(names);
      expect(verdict.split?.notTaken).toEqual([]);
      const comment = readFileSync(join(report, 'comment.md'), 'utf8');
      expect(comment).toContain('### Settings against code');
      expect(comment).toContain('`sync_binlog 1 → 0`');
      expect(readFileSync(join(report, 'report.html'), 'utf8')).toContain('Settings against code');
    },
    TIMEOUT_MS,
  );

  it('refuses --align-settings without a base, before starting anything', async () => {
    const suite = join(temp.path, 'align.yml');
    writeFileSync(suite, SUITE);
    const server = findCommand('mariadbd') ?? 'mariadbd';
    const out = join(temp.path, 'r.json');
    const code = await cli('run', '--server', server, '--suite', suite, '--align-settings', '--out', out);
    expect(code).toBe(2);
    expect(stderr.text).toContain("--align-settings: the head is aligned to a base's settings");
  });
});
