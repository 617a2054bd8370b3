// A history with known change points for the history page's tests: 16 nights of a real
// instructions run (history/nights.ts), a regression in oltp_point_select from night 6 and an
// improvement in oltp_read_only from night 11, each night linked to its run.
import {
  analyzeHistory,
  DEFAULT_MAX_P,
  DEFAULT_WINDOW,
  type SeriesAnalysis,
} from '../../src/history/changes.js';
import { appendToHistory, historyRun } from '../../src/history/history-entry.js';
import type { HistoryFile } from '../../src/history/history-schema.js';
import type { HistoryPageInput } from '../../src/report/history-page.js';
import { commitOf, dateOf, nightResults } from '../history/nights.js';

export const NIGHTS = 16;

export function runUrlOf(n: number): string {
  return `https://github.com/octo-org/server/actions/runs/${1000 + n}`;
}

export function pageHistory(options: { testbed?: string; run?: (n: number) => string } = {}): HistoryFile {
  let file: HistoryFile | null = null;
  for (let n = 0; n < NIGHTS; n += 1) {
    const results = nightResults({
      commit: commitOf(n),
      date: dateOf(n),
      index: n,
      noise: 0.0005,
      factors: { oltp_point_select: n >= 6 ? 1.01 : 1, oltp_read_only: n >= 11 ? 0.98 : 1 },
    });
    const run = historyRun(results, {
      commitDate: dateOf(n),
      run: (options.run ?? runUrlOf)(n),
      ...(options.testbed === undefined ? {} : { testbed: options.testbed }),
    });
    file = appendToHistory(file, results, run, { where: 'h' }).file;
  }
  return file!;
}

export const PAGE_SETTINGS = { windowLength: DEFAULT_WINDOW, maxPValue: DEFAULT_MAX_P };

export function pageInput(
  file: HistoryFile = pageHistory(),
): HistoryPageInput & { analyses: SeriesAnalysis[] } {
  return { file, analyses: analyzeHistory(file, PAGE_SETTINGS), settings: PAGE_SETTINGS };
}
