// The `history changes` command: change points in every series of the histories under --dir (or
// in one CSV series), as a table, JSON, and a chart that marks them.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { parseToleranceRule, type ToleranceRule } from '../compare/tolerances.js';
import { errorMessage, InputError } from '../errors.js';
import {
  analyzeHistory,
  analyzeSeries,
  DEFAULT_MAX_P,
  DEFAULT_WINDOW,
  type ChangeSettings,
  type DetectedChange,
  isRecent,
  type SeriesAnalysis,
} from '../history/changes.js';
import { listHistories, type StoredHistory } from '../history/history-store.js';
import { MAX_SERIES_BYTES, parseSeriesCsv } from '../history/series-csv.js';
import { changesDocument, type ChangesDocument } from '../report/history-report.js';
import { HISTORY_TITLE, historySpec } from '../report/specs/history.js';
import type { Chart } from '../report/charts.js';
import { writeCharts } from '../report/write-charts.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

/** The options as the user wrote them. */
export interface HistoryChangesFlags {
  dir: string;
  suite?: string;
  testbed?: string;
  series?: string;
  window: string;
  maxP: string;
  minMagnitude?: string;
  tolerance: string[];
  recent?: string;
  /** Where changes.json and the charts go (--report-dir); nothing is written without it. */
  reportDir?: string;
}

export interface HistoryChangesRequest {
  readonly dir: string;
  readonly suite: string | undefined;
  readonly testbed: string | undefined;
  readonly series: string | undefined;
  readonly settings: ChangeSettings;
  /** Change points whose first run after is among the newest `recent` runs count as new. */
  readonly recent: number | undefined;
  readonly reportDir: string | undefined;
}

/** One analysed history (or the CSV series). */
export interface AnalysedHistory {
  /** The history file, or the CSV file. */
  readonly path: string;
  readonly title: string;
  readonly stored: StoredHistory | null;
  readonly analyses: readonly SeriesAnalysis[];
  readonly document: ChangesDocument;
  /** Runs in the history (points of the longest series). */
  readonly runs: number;
}

export interface HistoryChangesOutcome {
  readonly request: HistoryChangesRequest;
  readonly histories: readonly AnalysedHistory[];
  /** Files written under the report directory. */
  readonly written: readonly string[];
  readonly warnings: readonly string[];
}

function parseWhole(text: string, flag: string, min: number): number {
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InputError(`${flag} ${JSON.stringify(text)}: expected a whole number, ${min} or more`);
  }
  return value;
}

function parseFraction(text: string, flag: string, example: string): number {
  const percent = text.trim().endsWith('%');
  const value = Number(percent ? text.trim().slice(0, -1) : text) / (percent ? 100 : 1);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value >= 1) {
    throw new InputError(
      `${flag} ${JSON.stringify(text)}: expected a fraction from 0 up to 1, e.g. ${example}`,
    );
  }
  return value;
}

/** Flags → a checked request; nothing is read yet. */
export function historyChangesRequest(
  flags: HistoryChangesFlags,
  spell: FlagSpelling = cliSpelling,
): HistoryChangesRequest {
  const maxPValue = parseFraction(flags.maxP, spell('max-p'), '0.001');
  if (maxPValue === 0) throw new InputError(`${spell('max-p')} must be above 0, e.g. 0.001`);
  const tolerance: ToleranceRule[] = flags.tolerance.map((rule) =>
    parseToleranceRule(rule, spell('tolerance')),
  );
  const settings: ChangeSettings = {
    windowLength: parseWhole(flags.window, spell('window'), 2),
    maxPValue,
    toleranceFlags: tolerance,
    ...(flags.minMagnitude === undefined
      ? {}
      : { minMagnitude: parseFraction(flags.minMagnitude, spell('min-magnitude'), '0.005 or 0.5%') }),
  };
  if (flags.series !== undefined && (flags.suite !== undefined || flags.testbed !== undefined)) {
    throw new InputError(
      `${spell('series')} reads one CSV series: it takes no ${spell('suite')} or ${spell('testbed')}`,
    );
  }
  return {
    dir: flags.dir,
    suite: flags.suite,
    testbed: flags.testbed,
    series: flags.series,
    settings,
    recent: flags.recent === undefined ? undefined : parseWhole(flags.recent, spell('recent'), 1),
    reportDir: flags.reportDir,
  };
}

function readSeries(path: string): string {
  try {
    if (statSync(path).size > MAX_SERIES_BYTES) {
      throw new InputError(`${path} is over the ${MAX_SERIES_BYTES}-byte cap for a series file`);
    }
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read series ${path}: ${errorMessage(error)}`);
  }
}

function analysedSeries(request: HistoryChangesRequest, path: string): AnalysedHistory {
  const series = parseSeriesCsv(readSeries(path), path);
  const analyses = [analyzeSeries(series, null, request.settings)];
  return {
    path,
    title: path,
    stored: null,
    analyses,
    document: changesDocument(analyses, request.settings),
    runs: series.points.length,
  };
}

function describeHolding(found: readonly StoredHistory[]): string {
  const held = [...new Set(found.map((item) => `${item.file.key.suite} (testbed ${item.file.key.testbed})`))];
  return held.length === 0 ? 'no history' : held.join(', ');
}

/** The histories under --dir that --suite and --testbed select; an error when none is. */
function selectHistories(request: HistoryChangesRequest): {
  found: StoredHistory[];
  problems: readonly string[];
} {
  const listing = listHistories(request.dir, request.testbed);
  if (!listing.exists)
    throw new InputError(
      `no history directory ${request.dir}: append to it first (history append RESULTS --dir ${request.dir})`,
    );
  const found = listing.found.filter(
    (item) => request.suite === undefined || item.file.key.suite === request.suite,
  );
  if (found.length === 0) {
    const wanted = request.suite === undefined ? 'no history' : `no history of suite ${request.suite}`;
    const problems = listing.problems.length > 0 ? `; unreadable: ${listing.problems.join('; ')}` : '';
    throw new InputError(
      `${wanted}${request.testbed === undefined ? '' : ` on testbed ${request.testbed}`} under ${request.dir} (it holds: ${describeHolding(listing.found)})${problems}`,
    );
  }
  return { found, problems: listing.problems };
}

function analysedHistory(request: HistoryChangesRequest, stored: StoredHistory): AnalysedHistory {
  const analyses = analyzeHistory(stored.file, request.settings);
  const { key } = stored.file;
  return {
    path: stored.path,
    title: `suite ${key.suite}, testbed ${key.testbed}, options ${key.optionsHash}`,
    stored,
    analyses,
    document: changesDocument(analyses, request.settings),
    runs: stored.file.entries.length,
  };
}

async function writeOutputs(
  reportDir: string,
  histories: readonly AnalysedHistory[],
): Promise<{ written: string[]; warnings: string[] }> {
  mkdirSync(reportDir, { recursive: true });
  const written: string[] = [];
  const warnings: string[] = [];
  const json = join(reportDir, 'changes.json');
  const documents = histories.map((history) => ({
    path: history.path,
    title: history.title,
    ...history.document,
  }));
  writeFileAtomic(json, `${JSON.stringify({ schemaVersion: 1, histories: documents }, null, 2)}\n`);
  written.push(json);
  const charts: Chart[] = histories.flatMap((history, index) => {
    const spec = historySpec(
      history.analyses,
      `${history.title}: ${history.runs} runs, median of each run's repetitions`,
    );
    const name = histories.length === 1 ? 'history' : `history-${index + 1}`;
    return spec === null ? [] : [{ name, title: `${HISTORY_TITLE}, ${history.title}`, spec }];
  });
  const drawn = await writeCharts(reportDir, charts);
  written.push(...drawn.charts.map((chart) => chart.pngPath));
  warnings.push(...drawn.warnings, ...drawn.undrawn.map((chart) => chart.warning));
  return { written, warnings };
}

export async function historyChangesCommand(request: HistoryChangesRequest): Promise<HistoryChangesOutcome> {
  let histories: AnalysedHistory[];
  let warnings: string[] = [];
  if (request.series !== undefined) {
    histories = [analysedSeries(request, request.series)];
  } else {
    const { found, problems } = selectHistories(request);
    warnings = problems.map((problem) => `skipped: ${problem}`);
    histories = found.map((stored) => analysedHistory(request, stored));
  }
  const outputs =
    request.reportDir === undefined
      ? { written: [], warnings: [] }
      : await writeOutputs(request.reportDir, histories);
  return { request, histories, written: outputs.written, warnings: [...warnings, ...outputs.warnings] };
}

export { DEFAULT_MAX_P, DEFAULT_WINDOW };

/** The regressions among the recent points of every series (`--recent`), which fail the command. */
export function recentRegressions(outcome: HistoryChangesOutcome): DetectedChange[] {
  return outcome.histories.flatMap((history) =>
    history.analyses.flatMap((analysis) =>
      analysis.changes.filter(
        (change) =>
          change.kind === 'regression' &&
          isRecent(change, analysis.series.points.length, outcome.request.recent),
      ),
    ),
  );
}
