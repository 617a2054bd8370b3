// The short human summary `compare` prints. Pure.
import {
  formatChangePercentPlain,
  formatCountPlain,
  formatFigurePlain,
  formatPValue,
  formatSignedCountPlain,
  formatToleranceWhole,
  plural,
} from '../format.js';
import { groupConfigDiff, type OneSidedGroup, oneSidedHeadline } from './config-groups.js';
import { inliningNote, unnamedNote } from './function-deltas.js';
import { describeChange, WORK_GROUP_TITLES } from './work-changes.js';
import { failedOn } from './verdict.js';
import { explainedLabel, shownHunks, transactionShare } from './line-costs.js';
import { METRICS } from './metrics.js';
import {
  type CellComparison,
  type ConfigDifference,
  isChange,
  type Verdict,
  verdictLabel,
} from './verdict-schema.js';

/**
 * Folds variables that follow another one (performance_schema_* sizes autosized only when
 * performance_schema is ON) under it, so the cause is not lost among its consequences.
 */
export function foldConfigDiff(
  diff: readonly ConfigDifference[],
): { entry: ConfigDifference; followers: number }[] {
  const names = new Set(diff.map((entry) => entry.name));
  const folded: { entry: ConfigDifference; followers: number }[] = [];
  for (const entry of diff) {
    const parent = [...names].find((name) => name !== entry.name && entry.name.startsWith(`${name}_`));
    if (parent !== undefined) continue;
    const followers = diff.filter((other) => other.name.startsWith(`${entry.name}_`)).length;
    folded.push({ entry, followers });
  }
  return folded;
}

/** The first names of a group, and how many more (the report lists them all). */
function namesSample(group: OneSidedGroup, shown = 12): string {
  const names = group.entries.map((entry) => entry.name);
  const more = names.length - shown;
  return names.slice(0, shown).join(', ') + (more > 0 ? `, … (${more} more, all in the report)` : '');
}

function describeDiff(entry: ConfigDifference): string {
  return `${entry.name}: ${entry.base ?? '(absent)'} → ${entry.head ?? '(absent)'}`;
}

/** Repetitions per side: one figure when both sides have as many, else base/head. */
export function repetitionsLabel(cell: CellComparison): string {
  const base = cell.base.values.length;
  const head = cell.head.values.length;
  return base === head ? String(base) : `${base}/${head}`;
}

function table(cells: readonly CellComparison[], confidence: number): string {
  const header = [
    'workload',
    'threads',
    'metric',
    'base',
    'head',
    'change',
    `${Math.round(confidence * 100)}% interval`,
    'p',
    'reps',
    'tolerance',
    'verdict',
  ];
  const rows = cells.map((cell) => [
    cell.workload,
    String(cell.threads),
    cell.metric,
    formatFigurePlain(cell.base.median),
    formatFigurePlain(cell.head.median),
    formatChangePercentPlain(cell.change),
    `[${formatChangePercentPlain(cell.changeInterval.low)}, ${formatChangePercentPlain(cell.changeInterval.high)}]`,
    cell.judgedBy === 'counts' ? 'counts' : formatPValue(cell.pValue),
    repetitionsLabel(cell),
    formatToleranceWhole(cell.threshold),
    !cell.gating
      ? `${verdictLabel(cell.verdict)} (not gating)`
      : cell.verdict === 'unchanged' || cell.verdict === 'within-tolerance'
        ? verdictLabel(cell.verdict)
        : cell.verdict.toUpperCase(),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]): string =>
    row
      .map((text, column) =>
        column < 3 || column === 10 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Functions shown per cell in the summary; verdict.json has more. */
const SUMMARY_FUNCTIONS = 6;

/** Where the instructions went, for every instruction cell that did not come out unchanged. */
function functionDeltaLines(verdict: Verdict): string[] {
  const cells = verdict.functionDeltas.filter(
    (cell) => cell.verdict !== null && cell.verdict !== 'unchanged',
  );
  if (cells.length === 0) return [];
  const lines = [
    '',
    'Where the instructions went (self instructions per transaction, all threads; base → head):',
  ];
  for (const cell of cells) {
    const change = cell.headTotal - cell.baseTotal;
    lines.push(
      `  ${cell.workload} @ ${cell.threads} (${cell.verdict === null ? '' : verdictLabel(cell.verdict)}): ${formatSignedCountPlain(change)} per transaction in all ` +
        `(${formatCountPlain(cell.baseTotal)} → ${formatCountPlain(cell.headTotal)})`,
    );
    for (const fn of cell.functions.slice(0, SUMMARY_FUNCTIONS)) {
      const object = fn.object.slice(fn.object.lastIndexOf('/') + 1);
      lines.push(
        `    ${formatSignedCountPlain(fn.delta).padStart(10)}  ${fn.name}${object ? ` [${object}]` : ''} ` +
          `(${formatCountPlain(fn.base)} → ${formatCountPlain(fn.head)})`,
      );
    }
  }
  const inlining = inliningNote(verdict);
  if (inlining) lines.push(`  (${inlining})`);
  const unnamed = unnamedNote(cells.flatMap((cell) => cell.functions.slice(0, SUMMARY_FUNCTIONS)));
  if (unnamed !== undefined) lines.push(`  (${unnamed}.)`);
  return lines;
}

/** Work per transaction: its sentence, and each changed counter per cell when one changed. */
function workLines(verdict: Verdict): string[] {
  const { work } = verdict;
  if (work === undefined) return [];
  if (work.status === 'unavailable') return ['', `Work per transaction: ${work.reason}.`];
  const lines = ['', `Work per transaction (status counters, base → head): ${work.sentence}`];
  for (const cell of work.cells) {
    lines.push(`  ${cell.workload} @ ${cell.threads}:`);
    for (const change of cell.changes) {
      const note = change.followsThroughput ? ' (follows throughput: same pace per second)' : '';
      lines.push(`    ${WORK_GROUP_TITLES[change.group]}: ${describeChange(change)} per transaction${note}`);
    }
    if (cell.more !== undefined) lines.push(`    (and ${cell.more} more in verdict.json)`);
  }
  return lines;
}

/** The cost of the diff's lines per instruction cell, or why it is not known. */
function lineLines(verdict: Verdict): string[] {
  const { lines } = verdict;
  if (lines === undefined) return [];
  if (lines.status === 'unavailable') return ['', `Cost of the changed lines: ${lines.reason}.`];
  const out = [
    '',
    `Cost of the changed lines (${lines.baseCommit.slice(0, 12)}..${lines.headCommit.slice(0, 12)}, ${plural(lines.hunks, 'hunk', 'hunks')}; ` +
      "instructions per transaction on the head's added and changed lines less the base's removed ones, inlined code included):",
  ];
  for (const cell of lines.cells) {
    out.push(`  ${cell.workload} @ ${cell.threads}: ${explainedLabel(cell, formatSignedCountPlain)}`);
    for (const hunk of shownHunks(cell)) {
      const share = transactionShare(hunk);
      out.push(
        `    ${hunk.label}: ${formatSignedCountPlain(hunk.delta)} instructions/txn in ${cell.workload} @ ${cell.threads}` +
          (share ? ` (${share})` : ''),
      );
      if (hunk.inlinedInto.length > 0) out.push(`      inlined into ${hunk.inlinedInto.join(', ')}`);
    }
    if (cell.costlessHunks > 0) {
      out.push(
        `    (${plural(cell.costlessHunks, 'hunk costs', 'hunks cost')} nothing on either side: comments, or code not run)`,
      );
    }
  }
  return out;
}

/** "0.088 → 0.090": one percentile, base → head. */
function percentileChange(base: number, head: number): string {
  return `${formatFigurePlain(base)} → ${formatFigurePlain(head)}`;
}

/** Every cell's latency distribution in a line: its percentiles and the distribution test. */
function latencyLines(verdict: Verdict): string[] {
  if (verdict.latency.length === 0) return [];
  const lines = [
    '',
    'Latency of every event, repetitions pooled (p50, p95, p99 in ms, base → head; KS: distance between ' +
      'the distributions, p from permuting repetitions between the sides):',
  ];
  for (const cell of verdict.latency) {
    const { base, head, ks } = cell;
    lines.push(
      `  ${cell.workload} @ ${cell.threads}: p50 ${percentileChange(base.p50, head.p50)}, ` +
        `p95 ${percentileChange(base.p95, head.p95)}, p99 ${percentileChange(base.p99, head.p99)}; ` +
        `KS ${ks.statistic.toFixed(3)}, p ${formatPValue(ks.pValue)}${cell.tailMoved ? '  ← the tail moved' : ''}`,
    );
  }
  return lines;
}

/** How alpha was shared when the run added repetitions to undecided cells ('' when it did not). */
export function spentOver(verdict: Verdict): string {
  const { looks } = verdict.settings;
  if (looks === undefined || looks.length < 2) return '';
  return ` spent over looks at ${looks.join(', ')} repetitions, each cell held to its last look's share`;
}

export function renderVerdictSummary(verdict: Verdict): string {
  const { counts } = verdict;
  const lines = [
    `verdict: ${verdict.verdict.toUpperCase()} — ${counts.regression} regression(s), ${counts.improvement} improvement(s), ` +
      `${counts.withinTolerance} within tolerance, ${counts.unchanged} unchanged, ${counts.inconclusive} inconclusive (suite ${verdict.suite}; base: ${verdict.baseSource.kind === 'ab' ? 'the base side of' : 'baseline'} ${verdict.baseSource.path})` +
      (verdict.verdict === 'fail' && verdict.settings.gateWork === true
        ? `; failed on ${failedOn(verdict)}`
        : ''),
    `change = head/base − 1 of the medians; a regression must exceed its tolerance and be significant ` +
      `(one-sided Mann-Whitney U, Benjamini-Hochberg adjusted per metric, alpha ${verdict.settings.alpha}${spentOver(verdict)}; ` +
      `p "counts": instruction counts that agree closely, judged on every pairing of repetitions); ` +
      `gating metrics: ${verdict.settings.gateMetrics.join(', ')}`,
  ];
  const changed = verdict.cells.filter((cell) => isChange(cell.verdict));
  if (verdict.configDiff.length > 0 || verdict.serverDiff.length > 0) {
    lines.push(
      '',
      changed.length > 0
        ? 'What else differs between the sides (it may explain the changes below):'
        : 'What else differs between the sides:',
    );
    for (const entry of verdict.serverDiff) lines.push(`  server ${describeDiff(entry)}`);
    const { rows, groups } = groupConfigDiff(verdict);
    for (const { entry, followers } of foldConfigDiff(rows)) {
      lines.push(
        `  ${describeDiff(entry)}${followers > 0 ? ` (and ${followers} ${entry.name}_* variable(s) that follow it)` : ''}`,
      );
    }
    for (const group of groups) lines.push(`  ${oneSidedHeadline(group)}: ${namesSample(group)}`);
  } else {
    lines.push(
      '',
      'Server variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).',
    );
  }
  // Percentiles from the histograms have lines of their own below unless they gate.
  const tabled = verdict.cells.filter((cell) => cell.gating || !METRICS[cell.metric].fromHistogram);
  lines.push('', table(tabled, verdict.settings.confidence));
  for (const cell of verdict.cells.filter((c) => c.verdict !== 'unchanged' && c.gating)) {
    lines.push(`  ${cell.workload} @ ${cell.threads} ${cell.metric}: ${cell.reason}`);
  }
  lines.push(...workLines(verdict));
  lines.push(...lineLines(verdict));
  lines.push(...functionDeltaLines(verdict));
  lines.push(...latencyLines(verdict));
  if (verdict.warnings.length > 0) {
    lines.push('', 'Warnings:', ...verdict.warnings.map((warning) => `  - ${warning}`));
  }
  if (verdict.verdict === 'inconclusive') {
    lines.push(
      '',
      `INCONCLUSIVE: some cells are too noisy to judge; this counts as ${verdict.settings.inconclusivePolicy} (--inconclusive ${verdict.settings.inconclusivePolicy}).`,
    );
  }
  return lines.join('\n');
}
