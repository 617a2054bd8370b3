// The `history page` command: a history file rendered as its page (report/history-page.ts), the
// same page the nightly publishes on the charts branch, written as DIR/index.html to open locally.
import { allChanges } from '../report/history-report.js';
import { pageHistory } from '../report/history-page.js';
import { readHistoryFile } from '../history/history-store.js';
import { writeHistoryPage } from '../report/write-report.js';
import { historyChangesRequest } from './history-changes.js';
import type { ChangeSettings } from '../history/changes.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

/** The options as the user wrote them. */
export interface HistoryPageFlags {
  history: string;
  reportDir: string;
  window: string;
  maxP: string;
  minMagnitude?: string;
  tolerance: string[];
}

export interface HistoryPageRequest {
  readonly historyPath: string;
  readonly outDir: string;
  readonly settings: ChangeSettings;
}

export interface HistoryPageOutcome {
  readonly path: string;
  readonly runs: number;
  readonly series: number;
  readonly changes: number;
}

/** Flags → a checked request (the change-point settings as `history changes` reads them). */
export function historyPageRequest(
  flags: HistoryPageFlags,
  spell: FlagSpelling = cliSpelling,
): HistoryPageRequest {
  const { settings } = historyChangesRequest(
    {
      dir: '',
      window: flags.window,
      maxP: flags.maxP,
      tolerance: flags.tolerance,
      ...(flags.minMagnitude === undefined ? {} : { minMagnitude: flags.minMagnitude }),
    },
    spell,
  );
  return { historyPath: flags.history, outDir: flags.reportDir, settings };
}

export function historyPageCommand(request: HistoryPageRequest): HistoryPageOutcome {
  const input = { file: readHistoryFile(request.historyPath, 'history page'), settings: request.settings };
  const { file, analyses } = pageHistory(input);
  const written = writeHistoryPage(request.outDir, input);
  return {
    path: written.path,
    runs: file.entries.length,
    series: analyses.length,
    changes: allChanges(analyses).length,
  };
}
