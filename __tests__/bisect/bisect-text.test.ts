// What a bisection prints: progress lines, the result, the table of measured commits, bisect.json.
import {
  bisectSummary,
  describeValues,
  oneLine,
  rangeLine,
  resultText,
  stepLine,
} from '../../src/bisect/bisect-text.js';
import { bisectReport } from '../../src/bisect/bisect-report.js';
import type { BisectState } from '../../src/bisect/bisect-state.js';
import { BAD, GOOD, sampleState, sha } from './bisect-fixtures.js';

describe('progress lines', () => {
  it('names the step, the commit and the range', () => {
    expect(stepLine(2, 3, sha('3'), 'commit 3')).toBe('step 2 of about 3: 333333333333 commit 3');
    expect(rangeLine(sampleState(), { lastGood: -1, firstBad: 4 })).toBe(
      'range: good aaaaaaaaaaaa..bad 555555555555, 5 candidates left',
    );
    expect(rangeLine(sampleState(), { lastGood: 1, firstBad: 2 })).toBe(
      'range: good 222222222222..bad 333333333333, 1 candidate left',
    );
  });

  it('describes values per cell with their count', () => {
    expect(describeValues({ 'a@1': [41000, 41002], 'b@1': [7] }, ['a@1', 'b@1', 'c@1'])).toBe(
      'a@1 41001 (2 repetitions); b@1 7.00 (1 repetition); c@1 –',
    );
  });
});

describe('the result', () => {
  it.each([
    [{ outcome: 'found', sha: sha('4'), subject: 'commit 4' }, `first bad commit: ${sha('4')} commit 4`],
    [
      { outcome: 'undecided', reason: 'the ends are alike', suspects: [] },
      'could not decide: the ends are alike',
    ],
    [
      { outcome: 'undecided', reason: 'only skipped commits are left', suspects: [sha('3'), sha('4')] },
      'could not decide: only skipped commits are left\n  333333333333 commit 3\n  444444444444 commit 4',
    ],
    [null, 'the bisection is not finished'],
  ] as [BisectState['result'], string][])('%j', (result, text) => {
    expect(resultText({ ...sampleState(), result })).toBe(text);
  });
});

describe('bisectSummary', () => {
  it('prints the result, the count and every measured commit in commit order', () => {
    const state: BisectState = {
      ...sampleState(),
      result: { outcome: 'found', sha: sha('4'), subject: 'commit 4' },
    };
    expect(bisectSummary(state)).toBe(
      [
        `first bad commit: ${sha('4')} commit 4`,
        '5 commits measured (5 candidates between the good and the bad commit)',
        '',
        'commit        subject       oltp_point_select@1 (instr/txn)  call             build s  measure s',
        '------------  ------------  -------------------------------  ---------------  -------  ---------',
        'aaaaaaaaaaaa  the good one  41001                            good (good-end)  13       40',
        '222222222222  commit 2      41002                            good             13       40',
        '333333333333  commit 3      –                                skipped          13       –',
        '444444444444  commit 4      45001                            bad              13       40',
        '555555555555  commit 5      45001                            bad (bad-end)    13       40',
      ].join('\n'),
    );
  });
});

describe('bisect.json', () => {
  it('holds the result and the measured commits, without the suite definition', () => {
    const report = bisectReport(sampleState());
    expect(report).toMatchObject({
      good: GOOD,
      bad: BAD,
      suite: 'tiny-instructions',
      candidates: 5,
      result: null,
    });
    expect(report.measured.map((commit) => commit.call)).toEqual(['good', 'good', 'skipped', 'bad', 'bad']);
    expect(JSON.stringify(report)).not.toContain('warmupEvents');
  });
});

describe('oneLine', () => {
  it.each([
    ['compile error: a.c:3: oops', 'compile error: a.c:3: oops'],
    ['could not start:\n  last lines:\n\n  [ERROR] no\n', 'could not start: last lines: [ERROR] no'],
    ['x'.repeat(500), `${'x'.repeat(399)}…`],
  ])('%j', (message, line) => {
    expect(oneLine(message)).toBe(line);
  });
});
