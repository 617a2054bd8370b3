// A small bisection's state for the pure tests: five candidates after GOOD, the ends measured,
// one commit that did not build, one good and one bad.
import { join } from 'node:path';

import {
  type BisectInputs,
  type BisectState,
  type MeasuredCommit,
  newState,
} from '../../src/bisect/bisect-state.js';
import { loadSuite } from '../../src/suite/load-suite.js';

const ROOT = join(import.meta.dirname, '../..');

export const sha = (digit: string): string => digit.repeat(40);

export const GOOD = sha('a');
export const CANDIDATES = ['1', '2', '3', '4', '5'].map((digit, index) => ({
  sha: sha(digit),
  subject: `commit ${index + 1}`,
}));
export const BAD = sha('5');

export function inputs(overrides: Partial<BisectInputs> = {}): BisectInputs {
  const suite = loadSuite(join(ROOT, '__fixtures__/suites/tiny-instructions.yml'));
  return {
    source: '/src/mariadb',
    good: GOOD,
    bad: BAD,
    suite: { name: suite.name, definition: suite },
    cells: ['oltp_point_select@1'],
    metric: 'instructions',
    serverOptions: {},
    compiler: 'gcc',
    build: { buildType: 'RelWithDebInfo', cmakeArgs: [] },
    references: {},
    ...overrides,
  };
}

export function measured(
  shaOf: string,
  role: MeasuredCommit['role'],
  call: MeasuredCommit['call'],
  values: number[] | null,
): MeasuredCommit {
  const subject = shaOf === GOOD ? 'the good one' : (CANDIDATES.find((c) => c.sha === shaOf)?.subject ?? '');
  return {
    sha: shaOf,
    subject,
    role,
    values: values === null ? {} : { 'oltp_point_select@1': values },
    call,
    reason: values === null ? 'does not build: compile error: sql/broken.c:3: oops' : `said ${call}`,
    buildSeconds: 12.5,
    measureSeconds: values === null ? null : 40,
    resultsFiles: values === null ? [] : [`/runs/${shaOf.slice(0, 12)}-1.json`],
    measuredAt: '2025-01-02T03:04:05.000Z',
  };
}

/** GOOD and BAD measured, candidate 3 (index 2) did not build, 2 good, 4 bad: the first bad is 3 or 4. */
export function sampleState(): BisectState {
  return {
    ...newState(inputs(), CANDIDATES, '1.2.3'),
    estimatedSteps: 3,
    measured: [
      measured(GOOD, 'good-end', 'good', [41000, 41002]),
      measured(BAD, 'bad-end', 'bad', [45000, 45001]),
      measured(sha('3'), 'candidate', 'skipped', null),
      measured(sha('2'), 'candidate', 'good', [41001, 41003]),
      measured(sha('4'), 'candidate', 'bad', [45002, 45000]),
    ],
  };
}
