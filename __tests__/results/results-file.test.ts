import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { ResultsError } from '../../src/errors.js';
import { parseResults, readResults, writeResults } from '../../src/results/results-file.js';
import { renderResultsSummary } from '../../src/results/results-summary.js';
import { median } from '../../src/stats/descriptive.js';
import { thrownBy } from '../helpers/errors.js';

// A real results file: the quick suite against Debian 12's mariadbd on a 2-core VM.
const FIXTURE = join(import.meta.dirname, '../../__fixtures__/results/quick-mariadb-10.11.json');
const text = readFileSync(FIXTURE, 'utf8');

function resultsError(fn: () => unknown): string {
  return thrownBy(ResultsError, fn).message;
}

describe('results files', () => {
  it('reads a real results file back with every cell and repetition', () => {
    const results = readResults(FIXTURE);
    expect(results.suite.name).toBe('quick');
    expect(results.cells).toHaveLength(6);
    expect(results.cells.every((cell) => cell.repetitions.length === 3)).toBe(true);
    expect(results.sides.head.variables.performance_schema).toBe('OFF');
  });

  it('refuses another schema version, naming both', () => {
    const data = JSON.parse(text) as Record<string, unknown>;
    const message = resultsError(() =>
      parseResults(JSON.stringify({ ...data, schemaVersion: 2 }), 'new.json'),
    );
    expect(message).toBe('new.json has results schema version 2; this mysql-perf-gate reads version 1');
  });

  it('refuses a file that is not JSON or lost a field, naming the field', () => {
    expect(resultsError(() => parseResults(text.slice(0, 500), 'cut.json'))).toMatch(/^cut.json is not JSON/);
    const data = JSON.parse(text) as { cells: { repetitions: { report: Record<string, unknown> }[] }[] };
    const first = data.cells[0]?.repetitions[0]?.report;
    if (first) delete first.tps;
    expect(resultsError(() => parseResults(JSON.stringify(data), 'broken.json'))).toContain(
      'cells[0].repetitions[0].report.tps',
    );
  });

  it('writes atomically and round-trips', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'gate-io-'));
    try {
      const path = join(dir, 'r.json');
      writeResults(path, readResults(FIXTURE));
      expect(readResults(path)).toEqual(readResults(FIXTURE));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('summary', () => {
  it('shows one row per cell with the median tps and the compiler or why it is unknown', () => {
    const results = readResults(FIXTURE);
    const summary = renderResultsSummary(results);
    const pointSelect = results.cells.find(
      (cell) => cell.workload === 'oltp_point_select' && cell.threads === 1,
    );
    const tps = median(pointSelect?.repetitions.map((repetition) => repetition.report.tps) ?? []);
    expect(summary).toMatch(new RegExp(`oltp_point_select\\s+1\\s+head\\s+${tps.toFixed(0)}\\s`));
    expect(summary).toContain('compiler unknown (/usr/sbin/mariadbd has no .comment section');
    expect(summary.split('\n').filter((line) => line.startsWith('oltp_'))).toHaveLength(6);
  });
});

describe('the summary of a MySQL 9.7.2 built here', () => {
  it('names the server and the compiler from the binary and from build.json', () => {
    const path = new URL('../../__fixtures__/results/quick-mysql-9.7.json', import.meta.url).pathname;
    const text = renderResultsSummary(parseResults(readFileSync(path, 'utf8'), path));
    expect(text).toContain('head: MySQL 9.7.2, compiler GCC: (Debian 12.2.0-14+deb12u1) 12.2.0\n');
    expect(text).toContain('  built here: gcc 12.2.0, RelWithDebInfo, C++ flags "-gdwarf-4 -O2 -g -DNDEBUG"');
    expect(text).toMatch(/^oltp_point_select {2}1 {8}head {9}10450 /m);
  });
});
