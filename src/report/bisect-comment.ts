// The comment a bisection leaves on the alert issue that asked for it: the first bad commit, its
// change per cell (the commit before it against it), how many commits were built and measured,
// and the commits measured; or why it could not decide. Pure. Everything comes from bisect.json,
// read back from the bisecting job's artifact: commits are validated hex, cells and the suite are
// restricted names, subjects and reasons are free text, so each goes into a code span or is escaped.
import type { BisectReport, CellChange } from '../bisect/bisect-report.js';
import { METRICS } from '../compare/metrics.js';
import { formatChangePercent, formatFigure, plural } from '../format.js';
import { median } from '../stats/descriptive.js';
import {
  codeSpan,
  escapeMarkdown,
  escapeTableCell,
  markdownUrl,
  tableDelimiter,
  tableRow,
} from './markdown.js';

const SHORT_SHA = 12;
/** A comment lists at most this many measured commits (a bisection of 2^40 commits measures ~40). */
const MAX_ROWS = 60;
const MAX_SUBJECT = 72;

function short(sha: string): string {
  return sha.slice(0, SHORT_SHA);
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** The hidden first line: one comment per bisected range and cells, edited when re-run. */
export function bisectCommentMarker(report: Pick<BisectReport, 'good' | 'bad'>): string {
  return `<!-- mysql-perf-gate:bisect=${short(report.good)}..${short(report.bad)} -->`;
}

function changeRow(change: CellChange, unit: string): string {
  return tableRow([
    codeSpan(change.cell),
    `${formatFigure(change.before)} ${unit}`,
    `${formatFigure(change.after)} ${unit}`,
    change.change === null ? '–' : `**${formatChangePercent(change.change)}**`,
  ]);
}

function resultLines(report: BisectReport): string[] {
  const { result } = report;
  const metric = escapeMarkdown(report.metric);
  if (result === null) return ['The bisection did not finish.'];
  if (result.outcome === 'undecided') {
    const suspects = result.suspects.slice(0, MAX_ROWS).map((sha) => `- ${codeSpan(sha)}`);
    return [
      `The bisection could not decide: ${escapeMarkdown(clip(result.reason, 400))}.`,
      ...(suspects.length === 0 ? [] : ['', 'The first bad commit is one of these:', '', ...suspects]),
    ];
  }
  const unit = METRICS[report.metric].unit;
  const changes = report.change ?? [];
  return [
    `First bad commit: ${codeSpan(result.sha)} ${escapeMarkdown(clip(result.subject, MAX_SUBJECT))}`,
    ...(changes.length === 0
      ? []
      : [
          '',
          `Its change in ${metric}, the commit before it against it:`,
          '',
          tableRow(['cell', 'before', 'after', 'change']),
          tableDelimiter(['l', 'r', 'r', 'r']),
          ...changes.map((change) => changeRow(change, unit)),
        ]),
  ];
}

function measuredRows(report: BisectReport): string[] {
  const rows = report.measured.slice(0, MAX_ROWS).map((commit) => {
    const role = commit.role === 'candidate' ? '' : ` (${commit.role})`;
    const values = report.cells.map((cell) => {
      const list = commit.values[cell];
      return list === undefined || list.length === 0 ? '–' : formatFigure(median(list));
    });
    return tableRow([
      codeSpan(short(commit.sha)),
      escapeTableCell(clip(commit.subject, MAX_SUBJECT)),
      ...values,
      `${commit.call}${role}`,
    ]);
  });
  if (rows.length === 0) return [];
  const more = report.measured.length - rows.length;
  return [
    '',
    '<details><summary>Commits measured</summary>',
    '',
    tableRow(['commit', 'subject', ...report.cells.map((cell) => codeSpan(cell)), 'call']),
    tableDelimiter(['l', 'l', ...report.cells.map(() => 'r' as const), 'l']),
    ...rows,
    ...(more > 0 ? ['', `and ${more} more`] : []),
    '',
    '</details>',
  ];
}

/** The whole comment, marker line first. `runUrl` is the bisecting workflow run (from the API context). */
export function bisectComment(report: BisectReport, runUrl: string): string {
  const lines = [
    bisectCommentMarker(report),
    `### Bisection of ${codeSpan(short(report.good))}..${codeSpan(short(report.bad))}`,
    '',
    ...resultLines(report),
    '',
    `${plural(report.builds, 'build', 'builds')}, ${plural(report.measured.length, 'commit', 'commits')} measured of ${plural(report.candidates, 'candidate', 'candidates')} (suite ${codeSpan(report.suite)}, ${report.cells.map((cell) => codeSpan(cell)).join(', ')}); [the bisection run](${markdownUrl(runUrl)}).`,
    ...measuredRows(report),
  ];
  return `${lines.join('\n')}\n`;
}
