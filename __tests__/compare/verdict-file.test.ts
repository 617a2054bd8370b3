// Reading verdict.json: this version's files, version 1's (before within-tolerance), version 2's
// (before the stall metrics), version 3's (before ranked config differences), and no other.
import { readFileSync } from 'node:fs';

import { VERDICT_SCHEMA_VERSION } from '../../src/compare/verdict-schema.js';
import { parseVerdict } from '../../src/compare/verdict-versions.js';
import { ResultsError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

const V1 = new URL('../../__fixtures__/verdict/quick-aa-pinned-adaptive.v1.json', import.meta.url).pathname;
const text = readFileSync(V1, 'utf8');
const v1 = JSON.parse(text) as { schemaVersion: number; counts: Record<string, number> };
const V2 = new URL('../../__fixtures__/verdict/quick-aa-5reps.v2.json', import.meta.url).pathname;
const v2Text = readFileSync(V2, 'utf8');
const V3 = new URL('../../__fixtures__/verdict/quick-durability.v3.json', import.meta.url).pathname;
const v3Text = readFileSync(V3, 'utf8');

describe('parseVerdict', () => {
  it('reads a version 1 file as a verdict without cells within the tolerance', () => {
    expect(v1.schemaVersion).toBe(1);
    const read = parseVerdict(text, 'verdict.json');
    expect(read.schemaVersion).toBe(1);
    expect(read.verdict.schemaVersion).toBe(VERDICT_SCHEMA_VERSION);
    expect(read.verdict.counts).toEqual({ ...v1.counts, withinTolerance: 0, unjudged: 0 });
    expect(read.verdict.cells.filter((cell) => cell.verdict === 'within-tolerance')).toEqual([]);
  });

  it('reads back what this version writes', () => {
    const { verdict } = parseVerdict(text, 'verdict.json');
    const read = parseVerdict(JSON.stringify(verdict), 'verdict.json');
    expect(read).toEqual({ verdict, schemaVersion: VERDICT_SCHEMA_VERSION });
  });

  it('reads a version 2 file: no stall metrics, no stalls section', () => {
    const read = parseVerdict(v2Text, 'verdict.json');
    expect(read.schemaVersion).toBe(2);
    expect(read.verdict.schemaVersion).toBe(VERDICT_SCHEMA_VERSION);
    expect(read.verdict.cells.map((cell) => cell.metric)).not.toContain('stallSeconds');
    expect(read.verdict.stalls).toBeUndefined();
  });

  it('reads a version 3 file, ranking its config differences as this version writes them', () => {
    expect((JSON.parse(v3Text) as { configDiff: { name: string }[] }).configDiff.map((e) => e.name)).toEqual([
      'innodb_flush_log_at_trx_commit',
      'log_bin',
      'sync_binlog',
      'version',
    ]);
    const read = parseVerdict(v3Text, 'verdict.json');
    expect(read.schemaVersion).toBe(3);
    expect(read.verdict.configDiff.map((entry) => [entry.name, entry.tier])).toEqual([
      ['log_bin', 1],
      ['sync_binlog', 1],
      ['innodb_flush_log_at_trx_commit', 1],
      ['version', 3],
    ]);
    expect(read.verdict.configDiff[3]?.follows).toMatch(/binary, general or slow log/);
  });

  it('refuses a version 2 file that judges a stall metric: version 2 had none', () => {
    const v2 = JSON.parse(v2Text) as { cells: { metric: string }[] };
    const cells = v2.cells.map((cell, index) => (index === 0 ? { ...cell, metric: 'stallSeconds' } : cell));
    const error = thrownBy(ResultsError, () => parseVerdict(JSON.stringify({ ...v2, cells }), 'v.json'));
    expect(error.message).toMatch(
      /^v\.json is not a valid verdict file: cells\[0\]\.metric = "stallSeconds": Invalid option/,
    );
  });

  it.each([6, 0, 1.5, '1', null])('refuses schema version %j in one line', (version) => {
    const error = thrownBy(ResultsError, () =>
      parseVerdict(JSON.stringify({ ...v1, schemaVersion: version }), 'v.json'),
    );
    expect(error.message).toBe(
      `v.json has verdict schema version ${JSON.stringify(version)}; this mysql-perf-gate reads versions 1, 2, 3, 4 and 5`,
    );
  });

  it('refuses a version 1 file that counts cells within the tolerance: version 1 had none', () => {
    const error = thrownBy(ResultsError, () =>
      parseVerdict(JSON.stringify({ ...v1, counts: { ...v1.counts, withinTolerance: 0 } }), 'v.json'),
    );
    expect(error.message).toMatch(
      /^v\.json is not a valid verdict file: counts has unknown field\(s\) "withinTolerance"$/,
    );
  });

  it('refuses a version 1 file with a field version 1 never had', () => {
    const error = thrownBy(ResultsError, () =>
      parseVerdict(JSON.stringify({ ...v1, postAs: 'admin' }), 'v.json'),
    );
    expect(error.message).toContain('(top level) has unknown field(s) "postAs"');
  });
});
