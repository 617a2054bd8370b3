import {
  belowGrade,
  gradeLine,
  gradeOf,
  letterOf,
  noiseFindings,
  spreadOf,
} from '../../src/environment/doctor-grade.js';
import type { Finding, NoiseFigures } from '../../src/environment/doctor-schema.js';

const finding = (id: string, penalty: number): Finding => ({
  id,
  name: id,
  value: `${id} value`,
  status: penalty === 0 ? 'ok' : 'bad',
  cost: '',
  fix: null,
  tunable: false,
  penalty,
});

describe('spreadOf', () => {
  it('gives the coefficient of variation (sample SD) and max/min in percent', () => {
    const spread = spreadOf([100, 102, 98, 100]);
    // mean 100, sample SD sqrt((0+4+4+0)/3) = 1.633
    expect(spread.cvPercent).toBeCloseTo(1.633, 3);
    expect(spread.rangePercent).toBeCloseTo((100 * 4) / 98, 6);
  });

  it('is 0 for equal values', () => {
    expect(spreadOf([5, 5, 5])).toMatchObject({ cvPercent: 0, rangePercent: 0 });
  });
});

describe('the grade', () => {
  it.each([
    [100, 'A'],
    [90, 'A'],
    [89, 'B'],
    [80, 'B'],
    [70, 'C'],
    [60, 'D'],
    [50, 'E'],
    [49, 'F'],
    [0, 'F'],
  ] as const)('score %d is %s', (score, letter) => {
    expect(letterOf(score)).toBe(letter);
  });

  it('takes every penalty off 100, names the costliest three, worst first', () => {
    const grade = gradeOf([
      finding('a', 5),
      finding('b', 30),
      finding('c', 0),
      finding('d', 10),
      finding('e', 8),
    ]);
    expect(grade).toEqual({ letter: 'F', score: 47, worst: ['b: b value', 'd: d value', 'e: e value'] });
    expect(gradeLine(grade)).toBe('grade F (47/100): b: b value; d: d value; e: e value');
  });

  it('never goes below 0, and says when there is nothing to fix', () => {
    expect(gradeOf([finding('a', 70), finding('b', 70)]).score).toBe(0);
    expect(gradeLine(gradeOf([finding('a', 0)]))).toBe('grade A (100/100): nothing to fix');
  });

  it.each([
    ['A', 'B', false],
    ['B', 'B', false],
    ['C', 'B', true],
    ['F', 'E', true],
  ] as const)('%s below %s: %s', (grade, lowest, below) => {
    expect(belowGrade(grade, lowest)).toBe(below);
  });
});

describe('noiseFindings', () => {
  const figures = (tpsCv: number[], counts: number[]): NoiseFigures => ({
    server: '/usr/sbin/mariadbd',
    throughput: { ...spreadOf(tpsCv), secondsPerRepetition: 3 },
    instructions: { ...spreadOf(counts), counter: 'callgrind' },
    seconds: 60,
  });

  it('judges a quiet machine ok', () => {
    const [throughput, instructions] = noiseFindings(
      figures([1000, 1005, 995], [50_000, 50_010, 50_005]),
      '',
    );
    expect(throughput).toMatchObject({ id: 'throughput-noise', status: 'ok', penalty: 0 });
    expect(throughput?.value).toMatch(
      /^oltp_point_select tps CV 0\.50%, max\/min \+1\.01% over 3 repetitions/,
    );
    expect(instructions).toMatchObject({ id: 'instructions-noise', status: 'ok' });
  });

  it.each([
    [[1000, 1030, 970], 'warn', 15],
    [[1000, 1100, 900], 'bad', 30],
  ] as const)('throughput %j is %s', (values, status, penalty) => {
    const [throughput] = noiseFindings(figures([...values], [1, 1]), '');
    expect(throughput).toMatchObject({ status, penalty });
    expect(throughput?.cost).toMatch(/difference smaller than about \d+% is lost/);
  });

  it('is unknown, with the reason, when skipped or not measured', () => {
    expect(noiseFindings(null, 'skipped (--no-noise)').map((item) => [item.status, item.value])).toEqual([
      ['unknown', 'unknown (skipped (--no-noise))'],
      ['unknown', 'unknown (skipped (--no-noise))'],
    ]);
    const partly = noiseFindings(
      {
        server: 's',
        throughput: { reason: 'the server did not start' },
        instructions: { reason: 'no valgrind' },
        seconds: 1,
      },
      '',
    );
    expect(partly.map((item) => item.value)).toEqual([
      'unknown (the server did not start)',
      'unknown (no valgrind)',
    ]);
  });
});
