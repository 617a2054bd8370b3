// Writes everything a person looks at into the report directory, beside verdict.json:
//   comment.md            the pull-request comment (charts linked as charts/<name>.png)
//   report.html           self-contained, offline, interactive charts and the full tables
//   charts/<name>.vl.json the Vega-Lite spec of each chart
//   charts/<name>.svg     rendered headless by vega
//   charts/<name>.png     rasterized by resvg with the shipped font
// and, for a nightly history, its page (writeHistoryPage).
//
// A chart that cannot be drawn has no image and is left out of the comment (see write-charts.ts);
// report.html still carries its spec, drawn by the reader's browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { writeFileAtomic } from '../shell/atomic-write.js';
import { type CommentChart, type CommentOptions, commentMarker, renderComment } from './comment.js';
import { loadEmbedScripts } from './assets.js';
import { type HistoryPageInput, renderHistoryPage } from './history-page.js';
import { renderHtmlReport } from './html.js';
import type { ReportInput } from './report-input.js';
import { chartsFor } from './charts.js';
import { type UndrawnChart, type WrittenChart, writeCharts } from './write-charts.js';

export type { UndrawnChart, WrittenChart } from './write-charts.js';

/** What the comment says besides the report: see CommentOptions. */
export type CommentNotes = Pick<CommentOptions, 'artifactNote' | 'lead' | 'historyPageUrl' | 'state'>;

export interface WrittenReport {
  readonly commentPath: string;
  readonly htmlPath: string;
  readonly comment: string;
  /**
   * The same comment with the charts left as a note: relative image links (charts/*.png) mean
   * nothing where the comment is shown before images are published (the job summary).
   */
  readonly commentWithoutImages: string;
  /** The charts drawn: each has its image. */
  readonly charts: readonly WrittenChart[];
  /** The charts that could not be drawn: log each one's warning at warning level. */
  readonly undrawn: readonly UndrawnChart[];
  /**
   * The comment again with the charts at other addresses (published images), or with `url: null`
   * and a note saying where they are instead: it goes through the same length limit.
   */
  readonly renderComment: (charts: readonly CommentChart[], notes?: CommentNotes) => string;
  /** Vega's warnings while rendering, for the log. */
  readonly warnings: readonly string[];
}

export async function writeReport(outDir: string, input: ReportInput): Promise<WrittenReport> {
  const charts = chartsFor(input);
  const written = await writeCharts(join(outDir, 'charts'), charts);
  const rerender = (commentCharts: readonly CommentChart[], notes: CommentNotes = {}): string =>
    renderComment(input, { ...notes, charts: commentCharts, marker: commentMarker(input.suite.name) });
  const comment = rerender(
    written.charts.map((chart) => ({
      name: chart.name,
      title: chart.title,
      url: `charts/${chart.name}.png`,
    })),
  );
  const commentWithoutImages = rerender(
    written.charts.map((chart) => ({ name: chart.name, title: chart.title, url: null })),
    {
      artifactNote:
        'The charts are in the report directory (`charts/*.png`, and interactive in `report.html`).',
    },
  );
  const commentPath = join(outDir, 'comment.md');
  writeFileAtomic(commentPath, comment);
  const htmlPath = join(outDir, 'report.html');
  writeFileAtomic(htmlPath, renderHtmlReport(input, charts, loadEmbedScripts()));
  return {
    commentPath,
    htmlPath,
    comment,
    commentWithoutImages,
    charts: written.charts,
    undrawn: written.undrawn,
    renderComment: rerender,
    warnings: written.warnings,
  };
}

/** The history page as `index.html` in `outDir` (created if missing): what GitHub Pages serves for the folder. */
export function writeHistoryPage(
  outDir: string,
  input: HistoryPageInput,
): { readonly path: string; readonly html: string } {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, 'index.html');
  const html = renderHistoryPage(input, loadEmbedScripts());
  writeFileAtomic(path, html);
  return { path, html };
}
