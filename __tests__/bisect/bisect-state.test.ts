// The state file's schema: a state survives the round trip through JSON, a corrupt or foreign one
// is refused in one line, and a state of another bisection is told apart field by field.
import {
  BISECT_STATE_VERSION,
  BisectState,
  canonicalJson,
  commitPosition,
  endValues,
  inputDifferences,
  measuredInOrder,
  parseBisectState,
  searchCalls,
  searchResult,
  withMeasured,
} from '../../src/bisect/bisect-state.js';
import { nextStep } from '../../src/bisect/bisect-search.js';
import { InputError } from '../../src/errors.js';
import { BAD, CANDIDATES, GOOD, inputs, measured, sampleState, sha } from './bisect-fixtures.js';
import { ACTION_NAMES, CLI_NAMES } from '../helpers/option-names.js';

const text = (value: unknown): string => JSON.stringify(value, null, 2);

describe('the state file round trip', () => {
  it('reads back what was written', () => {
    const state = sampleState();
    expect(parseBisectState(text(state), 'bisect-state.json', '--state')).toEqual(state);
  });

  it('keeps a result and reference values', () => {
    const state: BisectState = {
      ...sampleState(),
      inputs: inputs({ references: { good: { 'oltp_point_select@1': [1, 2] } } }),
      result: { outcome: 'found', sha: BAD, subject: 'commit 5' },
    };
    expect(parseBisectState(text(state), 's.json', '--state')).toEqual(state);
  });
});

describe('a corrupt or foreign state file is refused in one line', () => {
  const valid = sampleState();
  const cases: { name: string; content: string; message: RegExp }[] = [
    { name: 'not JSON', content: '{"schemaVersion": 1,', message: /^--state s\.json is not JSON; remove it/ },
    {
      name: 'another version',
      content: text({ ...valid, schemaVersion: 99 }),
      message: /is not a bisect state file of version 1 \(schemaVersion 99\)/,
    },
    { name: 'some other JSON file', content: '[1, 2]', message: /schemaVersion undefined/ },
    {
      name: 'a commit that is not a hash',
      content: text({ ...valid, inputs: { ...valid.inputs, good: 'main' } }),
      message: /inputs\.good: a full commit hash/,
    },
    {
      name: 'negative seconds',
      content: text({ ...valid, measured: [{ ...valid.measured[0], buildSeconds: -1 }] }),
      message: /measured\[0\]\.buildSeconds/,
    },
    {
      name: 'a candidate list that does not end with BAD',
      content: text({ ...valid, candidates: CANDIDATES.slice(0, 4) }),
      message: /candidates: the last candidate must be the bad commit/,
    },
    {
      name: 'a measured commit from elsewhere',
      content: text({ ...valid, measured: [measured(sha('9'), 'candidate', 'good', [1])] }),
      message: /measured\[0\]\.sha: not a commit of this bisection/,
    },
    {
      name: 'a commit measured twice',
      content: text({ ...valid, measured: [valid.measured[3], valid.measured[3]] }),
      message: /measured\[1\]\.sha: measured twice/,
    },
    {
      name: 'an unknown field',
      content: text({ ...valid, extra: true }),
      message: /not a valid bisect state file/,
    },
  ];
  it.each(cases)('$name', ({ content, message }) => {
    let thrown: unknown;
    try {
      parseBisectState(content, 's.json', '--state');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    const { message: said } = thrown as InputError;
    expect(said).toMatch(message);
    expect(said).not.toContain('\n');
  });

  it('is versioned', () => {
    expect(valid.schemaVersion).toBe(BISECT_STATE_VERSION);
  });
});

describe('inputDifferences: which inputs make it another bisection', () => {
  const base = inputs();
  it.each([
    { name: 'the same inputs', changed: base, expected: [] },
    { name: 'another good commit', changed: { ...base, good: sha('b') }, expected: ['--good'] },
    {
      name: 'another cell and metric',
      changed: { ...base, cells: ['oltp_write_only@1'], metric: 'instructionsTotal' as const },
      expected: ['--cell', '--metric'],
    },
    {
      name: 'an edited suite',
      changed: {
        ...base,
        suite: { ...base.suite, definition: { ...base.suite.definition, repetitions: 5 } },
      },
      expected: ['--suite (or its definition)'],
    },
    { name: 'another server option', changed: { ...base, serverOptions: { a: '1' } }, expected: ['--set'] },
    {
      name: 'other build options',
      changed: { ...base, build: { ...base.build, cmakeArgs: ['-DX=1'] } },
      expected: ['the build options (--build-type, --cmake-arg)'],
    },
    { name: 'another checkout', changed: { ...base, source: '/elsewhere' }, expected: ['--source'] },
  ])('$name → $expected', ({ changed, expected }) => {
    expect(inputDifferences(base, changed, CLI_NAMES)).toEqual(expected);
  });

  it('names the options as the action does', () => {
    const changed = { ...base, cells: ['oltp_write_only@1'], build: { ...base.build, cmakeArgs: ['-DX=1'] } };
    expect(inputDifferences(base, changed, ACTION_NAMES)).toEqual([
      'input "cells"',
      'the build options (input "build-type", input "cmake-args")',
    ]);
  });

  it('does not depend on the order of object keys', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  });
});

describe('reading the state', () => {
  const state = sampleState();

  it('gives the search the candidates’ calls by index (the ends are not candidates)', () => {
    expect([...searchCalls(state).entries()].sort()).toEqual([
      [1, 'good'],
      [2, 'skipped'],
      [3, 'bad'],
    ]);
    const step = nextStep(state.candidates.length, searchCalls(state));
    expect(step).toMatchObject({ kind: 'only-skipped', indices: [2, 3] });
    if (step.kind === 'measure') throw new Error('the search is over');
    expect(searchResult(state, step)).toEqual({
      outcome: 'undecided',
      reason: 'only skipped commits are left to test; the first bad commit is one of these 2',
      suspects: [sha('3'), sha('4')],
    });
  });

  it('takes the ends from the references before what was measured', () => {
    expect(endValues(state)).toEqual({
      good: { 'oltp_point_select@1': [41000, 41002] },
      bad: { 'oltp_point_select@1': [45000, 45001] },
    });
    const referenced = { ...state, inputs: inputs({ references: { bad: { 'oltp_point_select@1': [9] } } }) };
    expect(endValues(referenced).bad).toEqual({ 'oltp_point_select@1': [9] });
  });

  it('orders measured commits as the history does, GOOD first', () => {
    expect(measuredInOrder(state).map((commit) => commit.sha)).toEqual([
      GOOD,
      sha('2'),
      sha('3'),
      sha('4'),
      BAD,
    ]);
    expect(commitPosition(state, GOOD)).toBe(-1);
    expect(commitPosition(state, BAD)).toBe(4);
  });

  it('replaces a commit measured again', () => {
    const again = withMeasured(state, measured(GOOD, 'good-end', 'good', [41000, 41002, 41001]));
    expect(again.measured).toHaveLength(state.measured.length);
    expect(endValues(again).good?.['oltp_point_select@1']).toHaveLength(3);
  });
});
