// What a results file's schema refuses beyond each field's type and range: figures no run
// measures, which a verdict would otherwise judge as if measured (docs/results.md). Each takes the
// shape it checks, so that the schema and its checks do not import each other. Pure.
import type { z } from 'zod';

import { cellName, type Suite } from '../suite/suite-schema.js';

type Context = z.core.$RefinementCtx;

interface CheckedRepetition {
  readonly index: number;
  readonly report: { readonly transactions: number; readonly tps: number; readonly totalTimeS: number };
  readonly cost?:
    { readonly callgrind?: { readonly foreground: number; readonly total: number } | undefined } | undefined;
}

/**
 * sysbench's tps is transactions over the run's time: a figure further from it than this factor
 * either way was not measured (seen: within 0.3% in every real repetition).
 */
const TPS_FACTOR = 1.5;

/** Figures no real repetition has: they would be judged as if measured. */
export function checkRepetition(repetition: CheckedRepetition, ctx: Context): void {
  const { report, cost } = repetition;
  const issue = (path: (string | number)[], message: string): void => {
    ctx.addIssue({ code: 'custom', path, message });
  };
  if (report.transactions > 0 && !(report.tps > 0)) {
    issue(
      ['report', 'tps'],
      `must be above 0 when the repetition completed transactions (${report.transactions})`,
    );
  }
  if (report.transactions > 0 && report.totalTimeS > 0) {
    const rate = report.transactions / report.totalTimeS;
    if (report.tps > rate * TPS_FACTOR || report.tps * TPS_FACTOR < rate) {
      issue(
        ['report', 'tps'],
        `is not the repetition's transactions over its time (${report.transactions} in ${report.totalTimeS} s)`,
      );
    }
  }
  const counts = cost?.callgrind;
  if (counts === undefined) return;
  if (counts.foreground > counts.total) {
    issue(
      ['cost', 'callgrind', 'foreground'],
      `is more than the whole process counted (total ${counts.total})`,
    );
  }
  if (report.transactions > 0 && !(counts.foreground > 0)) {
    issue(['cost', 'callgrind', 'foreground'], `must be above 0 when the repetition completed transactions`);
  }
}

/** Repetitions numbered once each; self costs adding up to no more than the process counted. */
export function checkCell(
  cell: {
    readonly repetitions: readonly CheckedRepetition[];
    readonly functions?: readonly { readonly perTransaction: number }[] | undefined;
  },
  ctx: Context,
): void {
  const seen = new Set<number>();
  cell.repetitions.forEach((repetition, index) => {
    if (seen.has(repetition.index)) {
      ctx.addIssue({
        code: 'custom',
        path: ['repetitions', index, 'index'],
        message: `repetition ${repetition.index} appears twice in the cell`,
      });
    }
    seen.add(repetition.index);
  });
  // Self costs per transaction add up to no more than the whole process's count per transaction.
  const perTransaction = cell.repetitions.flatMap((repetition) => {
    const total = repetition.cost?.callgrind?.total;
    const transactions = repetition.report.transactions;
    return total === undefined || transactions <= 0 ? [] : [total / transactions];
  });
  if (cell.functions !== undefined && perTransaction.length > 0) {
    const selfSum = cell.functions.reduce((sum, fn) => sum + fn.perTransaction, 0);
    if (selfSum > Math.max(...perTransaction) * 1.01) {
      ctx.addIssue({
        code: 'custom',
        path: ['functions'],
        message: `self instructions add up to ${Math.round(selfSum)} per transaction, more than the process counted (${Math.round(Math.max(...perTransaction))})`,
      });
    }
  }
}

/**
 * The sides and the cells agree: an A/B run has a base, a single run's cells are the head's, a
 * cell's side has its server's facts, no cell appears twice on a side, and every cell is of a
 * workload the suite has.
 */
export function checkSidesAndCells(
  results: {
    readonly mode: 'single' | 'ab';
    readonly sides: { readonly base?: unknown };
    readonly suite: Suite;
    readonly cells: readonly {
      side: 'base' | 'head';
      workload: string;
      threads: number;
      variant?: Record<string, string> | undefined;
    }[];
  },
  ctx: Context,
): void {
  const issue = (path: (string | number)[], message: string): void => {
    ctx.addIssue({ code: 'custom', path, message });
  };
  if (results.mode === 'ab' && results.sides.base === undefined) {
    issue(['sides', 'base'], 'an A/B run (mode "ab") must have the base side\'s facts');
  }
  const workloads = new Set(results.suite.workloads.map((workload) => workload.name));
  const seen = new Set<string>();
  results.cells.forEach((cell, index) => {
    if (cell.side === 'base' && results.mode === 'single') {
      issue(['cells', index, 'side'], 'a single run (mode "single") measures the head only');
    } else if (cell.side === 'base' && results.sides.base === undefined) {
      issue(['cells', index, 'side'], 'a base cell, but the results have no base side');
    }
    if (!workloads.has(cell.workload)) {
      issue(
        ['cells', index, 'workload'],
        `the suite ${JSON.stringify(results.suite.name)} has no such workload`,
      );
    }
    const name = `${cell.side} ${cellName(cell)}`;
    if (seen.has(name)) issue(['cells', index], 'the same cell appears twice on this side');
    seen.add(name);
  });
}
