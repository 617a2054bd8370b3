// What `history changes` prints and writes: the table of change points, their JSON, and the body
// of the issue the nightly workflow opens for a regression. Pure. Every commit, cell or URL comes
// from a history file, so everything placed in markdown is escaped here.
import { stableHash } from '../stable-hash.js';
import { METRICS } from '../compare/metrics.js';
import { perUnitLabel } from '../results/operation-units.js';
import {
  formatChangePercentPlain,
  formatChangePercent,
  formatFigure,
  formatFigurePlain,
  formatPercentFine,
  formatPValue,
  plural,
} from '../format.js';
import { acceptedLine, changeKey, type AcceptedChange } from '../history/accepted-changes.js';
import type { DetectedChange, SeriesAnalysis } from '../history/changes.js';
import {
  codeSpan,
  escapeMarkdown,
  escapeTableCell,
  markdownUrl,
  tableDelimiter,
  tableRow,
} from './markdown.js';

const SHORT_SHA = 12;

function short(commit: string): string {
  return /^[0-9a-f]{13,}$/.test(commit) ? commit.slice(0, SHORT_SHA) : commit;
}

function metricName(change: { readonly metric: DetectedChange['metric'] }): string {
  return change.metric ?? 'value';
}

function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Every change point, oldest first within each series. */
export function allChanges(analyses: readonly SeriesAnalysis[]): DetectedChange[] {
  return analyses.flatMap((analysis) => analysis.changes);
}

/** One line per series that cannot show a step as small as its minimum magnitude (noisy throughput). */
function noiseNotes(analyses: readonly SeriesAnalysis[]): string[] {
  return analyses.flatMap((analysis) => {
    const { detectable, noise, minMagnitude } = analysis;
    if (detectable === null || noise === null || detectable <= minMagnitude) return [];
    return [
      `${analysis.series.cell} ${metricName(analysis.series)}: noise ${formatPercentFine(noise)} from run to run, so only steps of about ${formatPercentFine(detectable)} or more can show (minimum reported: ${formatPercentFine(minMagnitude)})`,
    ];
  });
}

function acceptedByKey(accepted: readonly AcceptedChange[]): Map<string, AcceptedChange> {
  return new Map(accepted.map((item) => [changeKey(item.change), item]));
}

/**
 * The terminal report: a table of change points, then the regressions an acceptance explains
 * (history/accepted-changes.ts; the nightly gives them), then what the noise allows.
 */
export function changesText(
  analyses: readonly SeriesAnalysis[],
  accepted: readonly AcceptedChange[] = [],
): string {
  const changes = allChanges(analyses);
  const explained = acceptedByKey(accepted);
  const points = Math.max(0, ...analyses.map((analysis) => analysis.series.points.length));
  const summary = `${plural(changes.length, 'change point', 'change points')} in ${plural(analyses.length, 'series', 'series')} of up to ${plural(points, 'run', 'runs')}`;
  const rows = changes.map((change) => {
    const pull = explained.get(changeKey(change))?.pullRequest;
    return [
      change.cell,
      metricName(change),
      `${short(change.lastBefore.commit)}..${short(change.firstAfter.commit)}`,
      formatFigurePlain(change.meanBefore),
      formatFigurePlain(change.meanAfter),
      formatChangePercentPlain(change.change),
      formatPValue(change.pValue),
      pull === undefined ? change.kind : `${change.kind}, accepted in #${pull}`,
    ];
  });
  const table =
    changes.length === 0
      ? ''
      : `\n\n${textTable(['cell', 'metric', 'commits (last before..first after)', 'mean before', 'mean after', 'change', 'p', 'kind'], rows)}`;
  const notes = noiseNotes(analyses);
  const acceptedLines = accepted.map((item) => `accepted: ${acceptedLine(item)} (${item.acceptance.url})`);
  return [summary + table, acceptedLines.join('\n'), notes.join('\n')]
    .filter((part) => part !== '')
    .join('\n\n');
}

export interface ChangesDocument {
  readonly schemaVersion: 1;
  readonly settings: { readonly windowLength: number; readonly maxPValue: number };
  readonly series: readonly {
    readonly cell: string;
    readonly metric: string | null;
    readonly points: number;
    readonly minMagnitude: number;
    readonly noise: number | null;
    readonly detectable: number | null;
  }[];
  readonly changes: readonly {
    readonly cell: string;
    readonly metric: string | null;
    readonly index: number;
    readonly lastBefore: string;
    readonly firstAfter: string;
    readonly meanBefore: number;
    readonly meanAfter: number;
    readonly change: number;
    readonly pValue: number;
    readonly kind: string;
    /** A regression a maintainer accepted on the pull request merged in its range (the nightly's). */
    readonly accepted?: {
      readonly pullRequest: number;
      readonly by: string;
      readonly reason: string;
      readonly at: string;
      readonly url: string;
      /** The change accepted on the pull request, head / base − 1. */
      readonly change: number;
      readonly mergeCommit: string;
    };
  }[];
}

function acceptedField(
  item: AcceptedChange | undefined,
): Pick<ChangesDocument['changes'][number], 'accepted'> {
  if (item === undefined) return {};
  const { by, reason, at, url } = item.acceptance;
  return {
    accepted: {
      pullRequest: item.pullRequest,
      by,
      reason,
      at,
      url,
      change: item.accepted,
      mergeCommit: item.mergeCommit,
    },
  };
}

export function changesDocument(
  analyses: readonly SeriesAnalysis[],
  settings: { readonly windowLength: number; readonly maxPValue: number },
  accepted: readonly AcceptedChange[] = [],
): ChangesDocument {
  const explained = acceptedByKey(accepted);
  return {
    schemaVersion: 1,
    settings: { windowLength: settings.windowLength, maxPValue: settings.maxPValue },
    series: analyses.map((analysis) => ({
      cell: analysis.series.cell,
      metric: analysis.series.metric,
      points: analysis.series.points.length,
      minMagnitude: analysis.minMagnitude,
      noise: analysis.noise,
      detectable: analysis.detectable,
    })),
    changes: allChanges(analyses).map((change) => ({
      cell: change.cell,
      metric: change.metric,
      index: change.index,
      lastBefore: change.lastBefore.commit,
      firstAfter: change.firstAfter.commit,
      meanBefore: change.meanBefore,
      meanAfter: change.meanAfter,
      change: change.change,
      pValue: change.pValue,
      kind: change.kind,
      ...acceptedField(explained.get(changeKey(change))),
    })),
  };
}

export interface AlertContext {
  /** https://github.com/OWNER/REPO, for compare links. */
  readonly repositoryUrl: string;
  readonly suite: string;
  readonly testbed: string;
  /** The history's server options hash: two option sets of one suite are two histories. */
  readonly optionsHash: string;
  /** The history chart's URL, when published. */
  readonly chartUrl: string | null;
  /** The history's page (every series, change points marked), when GitHub Pages serves it. */
  readonly pageUrl?: string | null;
  /** The nightly run that found it. */
  readonly runUrl: string | null;
  /** The issue's own number, once it has one: the bisect workflow comments there. */
  readonly issue?: number | null;
  /** Regressions of the same range an acceptance explains: listed as accepted, not alerted on. */
  readonly accepted?: readonly AcceptedChange[];
}

export interface AlertIssue {
  /**
   * Identifies the regression across nights: a hash of the testbed, suite, options and commit
   * range (hex, so nothing in it can end the hidden marker it goes into).
   */
  readonly key: string;
  readonly title: string;
  readonly body: string;
}

function bisectCommand(changes: readonly DetectedChange[], suite: string): string {
  const first = changes[0];
  if (first === undefined) return '';
  const cells = [...new Set(changes.map((change) => `--cell ${change.cell}`))].join(' ');
  const metric = first.metric === null ? '' : ` --metric ${first.metric}`;
  return `mysql-perf-gate bisect --source . --good ${first.lastBefore.commit} --bad ${first.firstAfter.commit} --suite ${suite} ${cells}${metric}`;
}

function dispatchCommand(changes: readonly DetectedChange[], suite: string, issue: number | null): string {
  const first = changes[0];
  if (first === undefined) return '';
  const cells = [...new Set(changes.map((change) => change.cell))].join(' ');
  // With the issue's number the bisect workflow posts its result on this issue.
  const comment = issue === null ? '' : ` -f issue=${issue}`;
  return `gh workflow run bisect.yml -f good=${first.lastBefore.commit} -f bad=${first.firstAfter.commit} -f cells='${cells}' -f suite=${suite}${comment}`;
}

function changeRow(change: DetectedChange): string {
  const unit = change.metric === null ? '' : ` ${perUnitLabel(METRICS[change.metric].unit, change.per)}`;
  return tableRow([
    codeSpan(change.cell),
    escapeTableCell(metricName(change)),
    `${formatFigure(change.meanBefore)}${unit}`,
    `${formatFigure(change.meanAfter)}${unit}`,
    `**${formatChangePercent(change.change)}**`,
    formatPValue(change.pValue),
  ]);
}

/**
 * The issue the nightly opens (or updates) for one regression: the cells whose change points fall
 * between the same two commits. Every name in it comes from a validated history (suite and
 * workload names are restricted to letters, digits and `_.-`; commits are hex; a testbed name is
 * free text) and goes into a code span or is escaped.
 */
export function alertIssue(changes: readonly DetectedChange[], context: AlertContext): AlertIssue {
  const first = changes[0];
  if (first === undefined) throw new RangeError('an alert needs at least one change');
  const { lastBefore, firstAfter } = first;
  const range = `${short(lastBefore.commit)}..${short(firstAfter.commit)}`;
  const worst = changes.reduce((a, b) => (Math.abs(b.change) > Math.abs(a.change) ? b : a));
  const sameCommit = lastBefore.commit === firstAfter.commit;
  const lines = [
    `The nightly history of suite ${codeSpan(context.suite)} on testbed ${codeSpan(context.testbed)} changed for the worse ${sameCommit ? 'between two runs of the same commit' : 'between two commits'}, in ${plural(changes.length, 'cell', 'cells')}.`,
    '',
    tableRow(['cell', 'metric', 'before', 'after', 'change', 'p']),
    tableDelimiter(['l', 'l', 'r', 'r', 'r', 'r']),
    ...changes.map(changeRow),
    ...acceptedSection(context.accepted ?? []),
    '',
    ...(sameCommit ? sameCommitLines(first) : commitRangeLines(changes, context)),
    ...(context.chartUrl === null
      ? []
      : ['', `![History and change points](${markdownUrl(context.chartUrl)})`]),
    ...(context.pageUrl === undefined || context.pageUrl === null
      ? []
      : [
          '',
          `Every series of this history over time, change points marked: [the history page](${markdownUrl(context.pageUrl)}).`,
        ]),
    ...(context.runUrl === null
      ? []
      : ['', `Last updated by [this nightly run](${markdownUrl(context.runUrl)}).`]),
  ];
  const key = stableHash({
    testbed: context.testbed,
    suite: context.suite,
    optionsHash: context.optionsHash,
    range: `${lastBefore.commit}..${firstAfter.commit}`,
  });
  return {
    key,
    title: `Performance: ${worst.cell} ${metricName(worst)} ${formatChangePercentPlain(worst.change)} ${sameCommit ? `at ${short(firstAfter.commit)}, same commit` : `between ${range}`} (${context.suite})`,
    body: `${lines.join('\n')}\n`,
  };
}

/** The regressions of the range an acceptance explains, each with who accepted it, why, and where. */
function acceptedSection(accepted: readonly AcceptedChange[]): string[] {
  if (accepted.length === 0) return [];
  return [
    '',
    `Accepted, and not part of this alert (${plural(accepted.length, 'cell', 'cells')}: the pull request that accepted the regression was merged in this range):`,
    '',
    tableRow(['cell', 'metric', 'change', 'accepted']),
    tableDelimiter(['l', 'l', 'r', 'l']),
    ...accepted.map(({ change, acceptance, pullRequest, accepted: expected }) => {
      const reason = acceptance.reason === '' ? 'no reason given' : escapeTableCell(acceptance.reason);
      return tableRow([
        codeSpan(change.cell),
        escapeTableCell(metricName(change)),
        formatChangePercent(change.change),
        `[#${pullRequest}](${markdownUrl(acceptance.url)}) by ${escapeTableCell(`@${acceptance.by}`)} (${formatChangePercent(expected)} accepted): ${reason}`,
      ]);
    }),
  ];
}

/** No commit in between: the machine, the runner or the server's setup changed, not the code. */
function sameCommitLines(change: DetectedChange): string[] {
  return [
    `Both runs measured ${codeSpan(change.firstAfter.commit)}: no commit lies between them, so the code did not change. Look at the machine (kernel, firmware, other load), the runner and the build (compiler, packages) between the two runs.`,
  ];
}

function commitRangeLines(changes: readonly DetectedChange[], context: AlertContext): string[] {
  const first = changes[0];
  if (first === undefined) return [];
  const range = `${short(first.lastBefore.commit)}..${short(first.firstAfter.commit)}`;
  const compare = `${context.repositoryUrl}/compare/${first.lastBefore.commit}...${first.firstAfter.commit}`;
  return [
    `Last commit before: ${codeSpan(first.lastBefore.commit)}; first commit after: ${codeSpan(first.firstAfter.commit)} ([compare ${escapeMarkdown(range)}](${markdownUrl(compare)})).`,
    '',
    'Find the commit (builds and measures the midpoints on a checkout of this repository):',
    '',
    '```sh',
    bisectCommand(changes, context.suite).replace(/`/g, ''),
    '```',
    '',
    'or with the bisect workflow (examples/workflows/bisect.yml), which reads both ends from the history branch:',
    '',
    '```sh',
    dispatchCommand(changes, context.suite, context.issue ?? null).replace(/`/g, ''),
    '```',
  ];
}
