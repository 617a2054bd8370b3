// Nightly results made from a real instructions run (__fixtures__/results/instructions-gcc12-clang16.json,
// its head side): each night a commit, a date, and every cell's instruction counts scaled by a
// factor, so a test knows where the steps are.
import type { Results } from '../../src/results/results-schema.js';
import { createRng } from '../../src/stats/random.js';
import { fixtureResults } from '../helpers/report-input.js';

const REAL = fixtureResults('instructions-gcc12-clang16.json');

export interface Night {
  readonly commit: string;
  readonly date: string;
  /** Factor per workload (default 1) applied to the instruction counts. */
  readonly factors?: Readonly<Record<string, number>>;
  /** Relative noise added to each repetition (deterministic, from the night number). */
  readonly noise?: number;
  readonly index?: number;
}

/** A 40-hex commit for night n. */
export function commitOf(n: number): string {
  return (n + 1).toString(16).padStart(8, '0').repeat(5);
}

export function dateOf(n: number): string {
  return new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
}

/** Deterministic noise in [-1, 1) from two integers: a seeded generator's first output. */
function jitter(a: number, b: number): number {
  return createRng(a * 1000 + b + 1).nextFloat() * 2 - 1;
}

export function nightResults(night: Night): Results {
  const startedAt = new Date(Date.parse(night.date) + 3_600_000).toISOString();
  const cells = REAL.cells
    .filter((cell) => cell.side === 'head')
    .map((cell, cellIndex) => ({
      ...cell,
      repetitions: cell.repetitions.map((repetition, r) => {
        const factor =
          (night.factors?.[cell.workload] ?? 1) *
          (1 + (night.noise ?? 0) * jitter((night.index ?? 0) * 7 + cellIndex, r));
        const callgrind = repetition.cost!.callgrind!;
        return {
          ...repetition,
          cost: {
            ...repetition.cost,
            callgrind: {
              ...callgrind,
              foreground: callgrind.foreground * factor,
              total: callgrind.total * factor,
            },
          },
        };
      }),
    }));
  const head = REAL.sides.head;
  return {
    ...REAL,
    mode: 'single',
    startedAt,
    finishedAt: startedAt,
    sides: {
      head: {
        ...head,
        build: head.build && {
          ...head.build,
          source: { root: '/nonexistent/source', gitCommit: night.commit, gitDirty: false },
        },
      },
    },
    cells,
  };
}

const QUICK = fixtureResults('quick-mariadb-10.11.json');

/** A night of the quick (throughput) suite: every cell's tps times `factor`, with relative noise. */
export function throughputNight(n: number, factor: number, noise: number): Results {
  const startedAt = new Date(Date.parse(dateOf(n)) + 3_600_000).toISOString();
  return {
    ...QUICK,
    startedAt,
    finishedAt: startedAt,
    cells: QUICK.cells.map((cell, cellIndex) => ({
      ...cell,
      repetitions: cell.repetitions.map((repetition, r) => ({
        ...repetition,
        report: {
          ...repetition.report,
          tps: repetition.report.tps * factor * (1 + noise * jitter(n * 7 + cellIndex, r)),
        },
      })),
    })),
  };
}
