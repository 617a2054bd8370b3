// The history chart: the suite's own metric per cell, the change points as rules coloured by kind,
// the segments' means; it validates against Vega-Lite's schema and renders without a warning.
import { createRequire } from 'node:module';

import { Ajv } from 'ajv';
import type { TopLevelSpec } from 'vega-lite';

import { analyzeHistory, DEFAULT_MAX_P, DEFAULT_WINDOW } from '../../src/history/changes.js';
import { appendToHistory, historyRun } from '../../src/history/history-entry.js';
import type { HistoryFile } from '../../src/history/history-schema.js';
import { renderChart } from '../../src/report/rasterize.js';
import { historySpec, panelsShown } from '../../src/report/specs/history.js';
import { commitOf, dateOf, nightResults } from '../history/nights.js';

const require = createRequire(import.meta.url);
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('color-hex', /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
ajv.addFormat('uri-reference', /^\S*$/);
const validate = ajv.compile(require('vega-lite/vega-lite-schema.json') as object);

function history(): HistoryFile {
  let file: HistoryFile | null = null;
  for (let n = 0; n < 16; n += 1) {
    const results = nightResults({
      commit: commitOf(n),
      date: dateOf(n),
      index: n,
      noise: 0.0005,
      factors: { oltp_point_select: n >= 6 ? 1.01 : 1, oltp_read_only: n >= 11 ? 0.98 : 1 },
    });
    file = appendToHistory(file, results, historyRun(results, { commitDate: dateOf(n) }), {
      where: 'h',
    }).file;
  }
  return file!;
}

const analyses = analyzeHistory(history(), { windowLength: DEFAULT_WINDOW, maxPValue: DEFAULT_MAX_P });

describe('the history chart', () => {
  it('draws the suite metric only, the newest change first, every cell once', () => {
    const shown = panelsShown(analyses);
    expect(shown.map((analysis) => [analysis.series.cell, analysis.series.metric])).toEqual([
      ['oltp_read_only@1', 'instructions'],
      ['oltp_point_select@1', 'instructions'],
      ['oltp_read_write@1', 'instructions'],
      ['oltp_write_only@1', 'instructions'],
    ]);
  });

  it('marks each change point between the runs around it, coloured by kind', () => {
    const spec = historySpec(analyses, 'test') as unknown as { data: { values: Record<string, unknown>[] } };
    const rules = spec.data.values.filter((row) => row.type === 'change');
    expect(rules.map((row) => [row.panel, row.at, row.kind])).toEqual([
      ['oltp_read_only @ 1 (instr/txn)', 10.5, 'improvement'],
      ['oltp_point_select @ 1 (instr/txn)', 5.5, 'regression'],
    ]);
    // Every point has a segment mean to draw (a series without a change point: its mean).
    expect(spec.data.values.filter((row) => row.type === 'point' && row.segmentMean === null)).toEqual([]);
  });

  it('validates against the Vega-Lite schema and renders without warnings', async () => {
    const spec = historySpec(analyses, 'test') as TopLevelSpec;
    expect(validate(spec)).toBe(true);
    const rendered = await renderChart(spec);
    expect(rendered.warnings).toEqual([]);
    expect(rendered.png.length).toBeGreaterThan(10_000);
  });

  it('draws nothing for a history without points', () => {
    expect(historySpec([], 'empty')).toBeNull();
  });
});
