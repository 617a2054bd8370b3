// Writes everything a person looks at into the report directory, beside verdict.json:
//   comment.md            the pull-request comment (charts linked as charts/<name>.png)
//   report.html           self-contained, offline, interactive charts and the full tables
//   charts/<name>.vl.json the Vega-Lite spec of each chart
//   charts/<name>.svg     rendered headless by vega
//   charts/<name>.png     rasterized by resvg with the shipped font
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { writeFileAtomic } from '../shell/atomic-write.js';
import { type CommentChart, commentMarker, renderComment } from './comment.js';
import { loadEmbedScripts } from './assets.js';
import { renderHtmlReport } from './html.js';
import type { ReportInput } from './report-input.js';
import { renderChart } from './rasterize.js';
import { chartsFor } from './charts.js';

export interface WrittenChart {
  readonly name: string;
  readonly title: string;
  readonly specPath: string;
  readonly svgPath: string;
  readonly pngPath: string;
}

export interface WrittenReport {
  readonly commentPath: string;
  readonly htmlPath: string;
  readonly comment: string;
  /**
   * The same comment with the charts left as a note: relative image links (charts/*.png) mean
   * nothing where the comment is shown before images are published (the job summary).
   */
  readonly commentWithoutImages: string;
  readonly charts: readonly WrittenChart[];
  /**
   * The comment again with the charts at other addresses (published images), or with `url: null`
   * and a note saying where they are instead: it goes through the same length limit.
   */
  readonly renderComment: (charts: readonly CommentChart[], artifactNote?: string) => string;
  /** Vega's warnings while rendering, for the log. */
  readonly warnings: readonly string[];
}

export async function writeReport(outDir: string, input: ReportInput): Promise<WrittenReport> {
  const chartsDir = join(outDir, 'charts');
  mkdirSync(chartsDir, { recursive: true });
  const charts = chartsFor(input);
  const written: WrittenChart[] = [];
  const warnings: string[] = [];
  for (const chart of charts) {
    const base = join(chartsDir, chart.name);
    const rendered = await renderChart(chart.spec);
    warnings.push(...rendered.warnings.map((warning) => `chart ${chart.name}: ${warning}`));
    writeFileAtomic(`${base}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
    writeFileAtomic(`${base}.svg`, rendered.svg);
    writeFileAtomic(`${base}.png`, rendered.png);
    written.push({
      name: chart.name,
      title: chart.title,
      specPath: `${base}.vl.json`,
      svgPath: `${base}.svg`,
      pngPath: `${base}.png`,
    });
  }
  const rerender = (commentCharts: readonly CommentChart[], artifactNote?: string): string =>
    renderComment(input, {
      charts: commentCharts,
      marker: commentMarker(input.suite.name),
      ...(artifactNote === undefined ? {} : { artifactNote }),
    });
  const comment = rerender(
    charts.map((chart) => ({ name: chart.name, title: chart.title, url: `charts/${chart.name}.png` })),
  );
  const commentWithoutImages = rerender(
    charts.map((chart) => ({ name: chart.name, title: chart.title, url: null })),
    'The charts are in the report directory (`charts/*.png`, and interactive in `report.html`).',
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
    charts: written,
    renderComment: rerender,
    warnings,
  };
}
