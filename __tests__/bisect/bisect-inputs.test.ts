// Bisect's choices checked against the suite: cells, metric, repetitions and reference values;
// and the flags read into the command's options, with their defaults.
import { join, resolve } from 'node:path';

import { chosenCells, chosenMetric, referenceValues } from '../../src/bisect/bisect-inputs.js';
import { BISECT_DEFAULTS, bisectOptionsFromFlags } from '../../src/commands/bisect.js';
import { InputError } from '../../src/errors.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { parseMaxRepetitions } from '../../src/suite/repetitions.js';

const ROOT = join(import.meta.dirname, '../..');
const instructions = loadSuite(join(ROOT, '__fixtures__/suites/tiny-instructions.yml'));
const throughput = loadSuite(join(ROOT, '__fixtures__/suites/tiny.yml'));
const builtinInstructions = loadSuite('instructions');

describe('chosenCells', () => {
  it('takes the named cells in suite order', () => {
    expect(chosenCells(throughput, ['oltp_write_only@2', 'oltp_point_select@1'], '--cell')).toEqual([
      { workload: 'oltp_point_select', threads: 1 },
      { workload: 'oltp_write_only', threads: 2 },
    ]);
  });

  it.each([
    [
      instructions,
      [],
      /^say which cell changed: --cell WORKLOAD@THREADS .*oltp_point_select@1, oltp_write_only@1$/,
    ],
    [
      throughput,
      ['oltp_point_select@4'],
      /^--cell oltp_point_select@4: suite tiny has no such cell; its cells: oltp_point_select@1, oltp_point_select@2/,
    ],
    [throughput, ['oltp_point_select'], /^--cell oltp_point_select: expected WORKLOAD@THREADS/],
  ] as const)('refuses %#', (suite, names, message) => {
    expect(() => chosenCells(suite, names, '--cell')).toThrow(InputError);
    expect(() => chosenCells(suite, names, '--cell')).toThrow(message);
  });

  it('takes a one-cell suite’s only cell when none is named', () => {
    const single = { ...instructions, workloads: instructions.workloads.slice(0, 1) };
    expect(chosenCells(single, [], '--cell')).toEqual([{ workload: 'oltp_point_select', threads: 1 }]);
  });
});

describe('chosenMetric', () => {
  it.each([
    [instructions, undefined, 'instructions'],
    [throughput, undefined, 'tps'],
    [instructions, 'instructionsTotal', 'instructionsTotal'],
    [throughput, 'latencyMs', 'latencyMs'],
  ] as const)('%#: %s → %s', (suite, given, metric) => {
    expect(chosenMetric(suite, given, '--metric')).toBe(metric);
  });

  it.each([
    [
      instructions,
      'tps',
      /^--metric tps: suite tiny-instructions \(metric: instructions\) measures instructions, instructionsTotal$/,
    ],
    [
      throughput,
      'speed',
      /^--metric speed: suite tiny \(metric: throughput\) measures tps, latencyMs, p50Ms, p95Ms, p99Ms, lowestSecondRatio, stallSeconds, cpuTimeUs, hwInstructions$/,
    ],
  ] as const)('refuses %s', (suite, given, message) => {
    expect(() => chosenMetric(suite, given, '--metric')).toThrow(message);
  });
});

describe('parseMaxRepetitions', () => {
  it.each([
    ['15', 15],
    ['3', 3],
  ])('%s → %i', (text, count) => {
    expect(parseMaxRepetitions(text, builtinInstructions, '--max-repetitions')).toBe(count);
  });

  it.each(['2', 'many', '1.5', '1001', ''])(
    'refuses %j (below the suite’s 3, or not a whole number)',
    (text) => {
      expect(() => parseMaxRepetitions(text, builtinInstructions, '--max-repetitions')).toThrow(
        /^--max-repetitions .*: expected a whole number from the suite's 3 repetitions to 1000$/,
      );
    },
  );
});

describe('referenceValues', () => {
  const cells = ['oltp_point_select@1'];
  it('keeps the selected cells only', () => {
    const good = { 'oltp_point_select@1': [1, 2], 'oltp_write_only@1': [3] };
    expect(referenceValues({ good }, cells)).toEqual({ good: { 'oltp_point_select@1': [1, 2] } });
    expect(referenceValues(undefined, cells)).toEqual({});
  });

  it.each([
    [{ bad: {} }, /^the bad end's reference values have no values for cell oltp_point_select@1$/],
    [{ good: { 'oltp_point_select@1': [] } }, /good end's reference values have no values/],
    [{ good: { 'oltp_point_select@1': [NaN] } }, /good end's reference values have no values/],
  ])('refuses %j', (references, message) => {
    expect(() => referenceValues(references, cells)).toThrow(message);
  });
});

describe('bisectOptionsFromFlags', () => {
  const flags = {
    source: '/work/mariadb',
    good: ' v1 ',
    bad: 'main',
    suite: 'instructions',
    maxRepetitions: BISECT_DEFAULTS.maxRepetitions,
    compiler: BISECT_DEFAULTS.compiler,
    state: BISECT_DEFAULTS.state,
    reportDir: BISECT_DEFAULTS.reportDir,
    cell: ['oltp_point_select@1'],
    buildType: 'release',
    ccache: 'auto',
  };

  it('puts the prefix beside the checkout by default (inside it, the build would refuse it)', () => {
    const options = bisectOptionsFromFlags(flags);
    expect(options).toMatchObject({
      source: '/work/mariadb',
      good: 'v1',
      bad: 'main',
      prefix: '/work/mariadb.bisect-server',
      buildDir: '/work/mariadb.bisect-server.build',
      statePath: resolve('bisect-state.json'),
      outDir: resolve('bisect-report'),
      metric: 'instructions',
      maxRepetitions: 15,
      compiler: 'gcc',
      build: { buildType: 'Release', ccache: 'auto', cmakeArgs: [] },
      lockTimeout: { ms: null, label: '--lock-timeout' },
    });
  });

  it.each([
    [{ good: ' ' }, /^--good is empty: give a commit$/],
    [{ suite: 'no-such-suite' }, /^--suite no-such-suite: no such file, and not a built-in suite/],
    [{ set: ['no-equals'] }, /--set/],
    [{ ccache: 'sometimes' }, /^--ccache sometimes: expected auto, on or off$/],
  ])('refuses %j', (change, message) => {
    expect(() => bisectOptionsFromFlags({ ...flags, ...change })).toThrow(message);
  });
});
