// The one place charts become files: for each chart, <name>.vl.json (its Vega-Lite spec),
// <name>.svg (drawn headless by vega) and <name>.png (rasterized by resvg with the shipped font).
//
// A chart that cannot be drawn is a warning and a missing image, never an error: a chart
// illustrates a verdict, a history or a bisection that is already decided (and, for the nightly,
// already committed to its branch), so losing one picture must not lose the rest of the report.
// Its spec is still written, to look into; an image left from an earlier run under the same name is
// removed, so nothing stale is shown in its place; and the caller gets one line to log at warning
// level, the same line for every report that draws charts.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { errorMessage } from '../errors.js';
import { foldLines } from '../format.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import type { Chart } from './charts.js';
import { renderChart, type RenderedChart } from './rasterize.js';

export interface WrittenChart {
  readonly name: string;
  readonly title: string;
  readonly specPath: string;
  readonly svgPath: string;
  readonly pngPath: string;
}

/** A chart whose spec was written but which could not be drawn. */
export interface UndrawnChart {
  readonly name: string;
  readonly title: string;
  readonly specPath: string;
  /** Why, on one line (what vega, or resvg, said). */
  readonly reason: string;
  /** The line to log at warning level: which chart, why, and where its spec is. */
  readonly warning: string;
}

export interface WrittenCharts {
  /** The charts drawn, in the order given: each has its three files. */
  readonly charts: readonly WrittenChart[];
  /** The charts that could not be drawn: their spec only. */
  readonly undrawn: readonly UndrawnChart[];
  /** What vega warned about while drawing (an unknown field, a dropped encoding): for the debug log. */
  readonly warnings: readonly string[];
}

/** Longest reason quoted in a warning: vega's messages can quote a whole spec. */
const MAX_REASON = 300;

/** The warning for a chart that could not be drawn. */
export function undrawnWarning(name: string, reason: string, specPath: string): string {
  return `chart ${name} could not be drawn, so it has no image: ${reason} (its Vega-Lite spec is ${specPath})`;
}

/** Writes every chart into `dir` (created if missing); one that cannot be drawn does not stop the others. */
export async function writeCharts(dir: string, charts: readonly Chart[]): Promise<WrittenCharts> {
  mkdirSync(dir, { recursive: true });
  const written: WrittenChart[] = [];
  const undrawn: UndrawnChart[] = [];
  const warnings: string[] = [];
  for (const chart of charts) {
    const base = join(dir, chart.name);
    const specPath = `${base}.vl.json`;
    writeFileAtomic(specPath, `${JSON.stringify(chart.spec, null, 2)}\n`);
    let rendered: RenderedChart;
    try {
      rendered = await renderChart(chart.spec);
    } catch (error) {
      rmSync(`${base}.svg`, { force: true });
      rmSync(`${base}.png`, { force: true });
      const reason = foldLines(errorMessage(error), MAX_REASON);
      undrawn.push({
        name: chart.name,
        title: chart.title,
        specPath,
        reason,
        warning: undrawnWarning(chart.name, reason, specPath),
      });
      continue;
    }
    warnings.push(...rendered.warnings.map((warning) => `chart ${chart.name}: ${warning}`));
    writeFileAtomic(`${base}.svg`, rendered.svg);
    writeFileAtomic(`${base}.png`, rendered.png);
    written.push({
      name: chart.name,
      title: chart.title,
      specPath,
      svgPath: `${base}.svg`,
      pngPath: `${base}.png`,
    });
  }
  return { charts: written, undrawn, warnings };
}
