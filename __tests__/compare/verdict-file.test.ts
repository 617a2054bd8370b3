// Reading verdict.json: this version's files, version 1's (before within-tolerance), and no other.
import { readFileSync } from 'node:fs';

import { parseVerdict, VERDICT_SCHEMA_VERSION } from '../../src/compare/verdict-schema.js';
import { ResultsError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

const V1 = new URL('../../__fixtures__/verdict/quick-aa-pinned-adaptive.v1.json', import.meta.url).pathname;
const text = readFileSync(V1, 'utf8');
const v1 = JSON.parse(text) as { schemaVersion: number; counts: Record<string, number> };

describe('parseVerdict', () => {
  it('reads a version 1 file as a verdict without cells within the tolerance', () => {
    expect(v1.schemaVersion).toBe(1);
    const read = parseVerdict(text, 'verdict.json');
    expect(read.schemaVersion).toBe(1);
    expect(read.verdict.schemaVersion).toBe(VERDICT_SCHEMA_VERSION);
    expect(read.verdict.counts).toEqual({ ...v1.counts, withinTolerance: 0 });
    expect(read.verdict.cells.filter((cell) => cell.verdict === 'within-tolerance')).toEqual([]);
  });

  it('reads back what this version writes', () => {
    const { verdict } = parseVerdict(text, 'verdict.json');
    const read = parseVerdict(JSON.stringify(verdict), 'verdict.json');
    expect(read).toEqual({ verdict, schemaVersion: 2 });
  });

  it.each([3, 0, 1.5, '1', null])('refuses schema version %j in one line', (version) => {
    const error = thrownBy(ResultsError, () =>
      parseVerdict(JSON.stringify({ ...v1, schemaVersion: version }), 'v.json'),
    );
    expect(error.message).toBe(
      `v.json has verdict schema version ${JSON.stringify(version)}; this mysql-perf-gate reads versions 1 and 2`,
    );
  });

  it('refuses a version 1 file that counts cells within the tolerance: version 1 had none', () => {
    const error = thrownBy(ResultsError, () =>
      parseVerdict(JSON.stringify({ ...v1, counts: { ...v1.counts, withinTolerance: 0 } }), 'v.json'),
    );
    expect(error.message).toMatch(
      /^v\.json is not a valid verdict file:\n {2}- counts: Unrecognized key: "withinTolerance"$/,
    );
  });

  it('refuses a version 1 file with a field version 1 never had', () => {
    const error = thrownBy(ResultsError, () =>
      parseVerdict(JSON.stringify({ ...v1, postAs: 'admin' }), 'v.json'),
    );
    expect(error.message).toContain('(top level): Unrecognized key: "postAs"');
  });
});
