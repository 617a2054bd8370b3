// What a bisection prints: its progress lines, the result, and the table of every measured commit;
// and bisect.json, the result as a file. Pure.
import { METRICS } from '../compare/metrics.js';
import { formatFigure, formatFigurePlain, plural } from '../format.js';
import { median } from '../stats/descriptive.js';
import type { AllEnds } from './bisect-classify.js';
import type { SearchRange } from './bisect-search.js';
import { type BisectState, type CellValues, measuredInOrder, type MeasuredCommit } from './bisect-state.js';

/** Long enough to be unique in a server's history, short enough for a table. */
export function shortSha(sha: string): string {
  return sha.slice(0, 12);
}

const SUBJECT_WIDTH = 50;

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** "oltp_point_select@1 43008.67 (3 repetitions)", one per cell, "; "-separated. */
export function describeValues(values: CellValues, cells: readonly string[]): string {
  return cells
    .map((cell) => {
      const list = values[cell];
      return list === undefined || list.length === 0
        ? `${cell} –`
        : `${cell} ${formatFigurePlain(median(list))} (${plural(list.length, 'repetition', 'repetitions')})`;
    })
    .join('; ');
}

/** "step 3 of about 7: 1a2b3c4d5e6f Fix the optimizer". */
export function stepLine(step: number, estimated: number, sha: string, subject: string): string {
  return `step ${step} of about ${estimated}: ${shortSha(sha)} ${subject}`;
}

/** "range: good 1a2b…..bad 3c4d…, 12 candidates left". */
export function rangeLine(state: BisectState, range: SearchRange): string {
  const good = range.lastGood < 0 ? state.inputs.good : (state.candidates[range.lastGood]?.sha ?? '');
  const bad = state.candidates[range.firstBad]?.sha ?? state.inputs.bad;
  const left = range.firstBad - range.lastGood;
  return `range: good ${shortSha(good)}..bad ${shortSha(bad)}, ${plural(left, 'candidate', 'candidates')} left`;
}

/** The result in a line or two: the first bad commit, or why there is none. */
export function resultText(state: BisectState): string {
  const { result } = state;
  if (result === null) return 'the bisection is not finished';
  if (result.outcome === 'found') return `first bad commit: ${result.sha} ${result.subject}`;
  if (result.suspects.length === 0) return `could not decide: ${result.reason}`;
  const subjects = new Map(state.candidates.map((candidate) => [candidate.sha, candidate.subject]));
  const list = result.suspects.map((sha) => `  ${shortSha(sha)} ${subjects.get(sha) ?? ''}`);
  return [`could not decide: ${result.reason}`, ...list].join('\n');
}

function seconds(value: number | null): string {
  return value === null ? '–' : value.toFixed(value < 10 ? 1 : 0);
}

function row(commit: MeasuredCommit, cells: readonly string[]): string[] {
  const role = commit.role === 'candidate' ? '' : ` (${commit.role})`;
  return [
    shortSha(commit.sha),
    clip(commit.subject, SUBJECT_WIDTH),
    ...cells.map((cell) => {
      const values = commit.values[cell];
      return values === undefined ? '–' : formatFigurePlain(median(values));
    }),
    `${commit.call}${role}`,
    seconds(commit.buildSeconds),
    seconds(commit.measureSeconds),
  ];
}

function table(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Every measured commit in commit order: sha, subject, median per cell, call, build and measure seconds. */
export function measuredTable(state: BisectState): string {
  const { cells, metric } = state.inputs;
  const header = [
    'commit',
    'subject',
    ...cells.map((cell) => `${cell} (${METRICS[metric].unit})`),
    'call',
    'build s',
    'measure s',
  ];
  return table(
    header,
    measuredInOrder(state).map((commit) => row(commit, cells)),
  );
}

/** What the command prints at the end: the result, how many commits were measured, the table. */
export function bisectSummary(state: BisectState): string {
  const count = state.measured.length;
  return [
    resultText(state),
    `${plural(count, 'commit', 'commits')} measured (${state.candidates.length} candidates between the good and the bad commit)`,
    '',
    count === 0 ? '(no commit was measured)' : measuredTable(state),
  ].join('\n');
}

const REASON_LIMIT = 400;

/** An error's message as one line for the table and the state: its lines joined, cut at REASON_LIMIT. */
export function oneLine(message: string): string {
  const line = message
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return line.length <= REASON_LIMIT ? line : `${line.slice(0, REASON_LIMIT - 1)}…`;
}

/** "oltp_point_select@1 good 41,297, bad 45,112 (noise 378)", one per cell. */
export function describeEnds(ends: AllEnds): string {
  return Object.entries(ends.cells)
    .map(
      ([cell, judged]) =>
        `${cell} good ${formatFigure(judged.good)}, bad ${formatFigure(judged.bad)} (noise ${formatFigure(judged.noise)})`,
    )
    .join('; ');
}
