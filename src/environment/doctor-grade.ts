// The runner check's noise figures judged, and the one-line grade from every finding. Pure.
import { formatCount, formatFigure } from '../format.js';
import { mean, sampleStdDev } from '../stats/descriptive.js';
import { finding } from './doctor-findings.js';
import type { Finding, Grade, GradeLetter, NoiseFigures, Spread } from './doctor-schema.js';
import { GRADE_LETTERS } from './doctor-schema.js';

/** Throughput's coefficient of variation over short point-select repetitions, in percent. */
export const THROUGHPUT_CV_PERCENT = { warn: 2, bad: 5 } as const;
/** Instructions per transaction: counts agree to a fraction of a percent on a quiet machine. */
export const INSTRUCTIONS_CV_PERCENT = { warn: 0.5, bad: 2 } as const;

/** The lowest score of each letter; below the last one it is F. */
export const GRADE_SCALE: readonly (readonly [GradeLetter, number])[] = [
  ['A', 90],
  ['B', 80],
  ['C', 70],
  ['D', 60],
  ['E', 50],
];

/** The spread of repetitions' values (CV with the sample standard deviation; max/min − 1). */
export function spreadOf(values: readonly number[]): Spread {
  const average = mean(values);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return {
    values: [...values],
    cvPercent: average > 0 ? (100 * sampleStdDev(values)) / average : 0,
    rangePercent: low > 0 ? (100 * (high - low)) / low : 0,
  };
}

function spreadText(spread: Spread, unit: (value: number) => string): string {
  const values = spread.values;
  return (
    `CV ${spread.cvPercent.toFixed(2)}%, max/min +${spread.rangePercent.toFixed(2)}% over ` +
    `${values.length} repetitions (${unit(Math.min(...values))}–${unit(Math.max(...values))})`
  );
}

function levelOf(cv: number, limits: { warn: number; bad: number }): 'ok' | 'warn' | 'bad' {
  return cv < limits.warn ? 'ok' : cv < limits.bad ? 'warn' : 'bad';
}

/** The two noise findings; unknown (skipped, or why not measured) without figures. */
export function noiseFindings(noise: NoiseFigures | null, skipped: string): Finding[] {
  const throughputItem = { id: 'throughput-noise', name: 'throughput noise', weight: 30, tunable: false };
  const instructionsItem = {
    id: 'instructions-noise',
    name: 'instructions noise',
    weight: 15,
    tunable: false,
  };
  if (noise === null) {
    return [throughputItem, instructionsItem].map((item) =>
      finding(item, { value: `unknown (${skipped})`, status: 'unknown' }),
    );
  }
  const { throughput, instructions } = noise;
  return [
    finding(
      throughputItem,
      'reason' in throughput
        ? { value: `unknown (${throughput.reason})`, status: 'unknown' }
        : {
            value: `oltp_point_select tps ${spreadText(throughput, (tps) => formatFigure(tps))}`,
            status: levelOf(throughput.cvPercent, THROUGHPUT_CV_PERCENT),
            cost: `a wall-clock difference smaller than about ${Math.max(1, Math.ceil(2 * throughput.cvPercent))}% is lost in it`,
            fix: 'fix the findings above (governor, turbo, steal, neighbours), then check again',
          },
    ),
    finding(
      instructionsItem,
      'reason' in instructions
        ? { value: `unknown (${instructions.reason})`, status: 'unknown' }
        : {
            value: `instructions/transaction (${instructions.counter}) ${spreadText(instructions, (count) => formatCount(count))}`,
            status: levelOf(instructions.cvPercent, INSTRUCTIONS_CV_PERCENT),
            cost: 'instruction counts that disagree hide small regressions the instructions suite should show',
            fix: 'stop other work on the machine (background jobs, another server), then check again',
          },
    ),
  ];
}

export function letterOf(score: number): GradeLetter {
  return GRADE_SCALE.find(([, lowest]) => score >= lowest)?.[0] ?? 'F';
}

/** How much of a finding the grade line names. */
const WORST_LENGTH = 90;

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** 100 minus every penalty; the letter; the three costliest findings, worst first. */
export function gradeOf(findings: readonly Finding[]): Grade {
  const score = Math.max(0, 100 - findings.reduce((sum, item) => sum + item.penalty, 0));
  const worst = findings
    .filter((item) => item.penalty > 0)
    .sort((a, b) => b.penalty - a.penalty)
    .slice(0, 3)
    .map((item) => shorten(`${item.name}: ${item.value}`, WORST_LENGTH));
  return { letter: letterOf(score), score, worst };
}

/** "grade B (82/100): CPU steal 2.1%…; turbo boost on" */
export function gradeLine(grade: Grade): string {
  const named = grade.worst.length === 0 ? 'nothing to fix' : grade.worst.join('; ');
  return `grade ${grade.letter} (${grade.score}/100): ${named}`;
}

/** Whether `grade` is below the lowest acceptable letter. */
export function belowGrade(grade: GradeLetter, lowest: GradeLetter): boolean {
  return GRADE_LETTERS.indexOf(grade) > GRADE_LETTERS.indexOf(lowest);
}
