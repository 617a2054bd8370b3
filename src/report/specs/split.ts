// The split chart (run --align-settings): for each gating cell, its whole change and the two parts
// it splits into, each a dot with its confidence interval: settings (head against the aligned
// head) and code (the aligned head against base). Pure.
import type { TopLevelSpec } from 'vega-lite';

import type { SplitPart } from '../../compare/verdict-schema.js';
import { verdictLabel } from '../../compare/verdict-schema.js';
import type { ReportInput } from '../report-input.js';
import { CHART_CONFIG, CHART_WIDTH, cellMetricLabel, VEGA_LITE_SCHEMA } from './common.js';

export const SPLIT_TITLE = 'Settings against code, per cell';

/** The three rows of a cell, top to bottom, and their colours. */
const PARTS = {
  domain: ['in all', 'settings', 'code'],
  range: ['#555555', '#9467bd', '#17becf'],
};

const ROW_HEIGHT = 42;

/** Null when the verdict has no split (no aligned head) or no gating cell in it. */
export function splitSpec(input: ReportInput): TopLevelSpec | null {
  const cells = input.verdict.split?.cells ?? [];
  if (cells.length === 0) return null;
  const judged = new Map(input.verdict.cells.map((cell) => [cellMetricLabel(cell), cell]));
  const values = cells.flatMap((cell) => {
    const label = cellMetricLabel(cell);
    const whole = judged.get(label);
    const row = (part: string, from: Pick<SplitPart, 'change' | 'changeInterval' | 'verdict'>) => ({
      cell: label,
      part,
      change: from.change,
      low: from.changeInterval.low,
      high: from.changeInterval.high,
      verdict: verdictLabel(from.verdict),
    });
    return [
      ...(whole === undefined ? [] : [row('in all', whole)]),
      row('settings', cell.settings),
      row('code', cell.code),
    ];
  });
  const confidence = Math.round(input.verdict.settings.confidence * 100);
  const y = { field: 'cell', type: 'nominal', sort: null, title: null, axis: { labelLimit: 300 } } as const;
  const yOffset = { field: 'part', type: 'nominal', sort: PARTS.domain } as const;
  const color = { field: 'part', type: 'nominal', scale: PARTS, title: 'part', sort: PARTS.domain } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: SPLIT_TITLE,
      subtitle: `settings: head / aligned head − 1; code: aligned head / base − 1; whisker: ${confidence}% interval`,
    },
    config: CHART_CONFIG,
    width: CHART_WIDTH - 180,
    height: Math.max(2, cells.length) * ROW_HEIGHT,
    data: { values },
    layer: [
      { mark: { type: 'rule', color: '#777777' }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          y,
          yOffset,
          x: { field: 'low', type: 'quantitative', title: 'change (%)', axis: { format: '+~%' } },
          x2: { field: 'high' },
          color,
        },
      },
      {
        mark: { type: 'point', filled: true, size: 60, opacity: 1 },
        encoding: {
          y,
          yOffset,
          x: { field: 'change', type: 'quantitative' },
          color,
          tooltip: [
            { field: 'cell', type: 'nominal' },
            { field: 'part', type: 'nominal' },
            { field: 'change', type: 'quantitative', format: '+.2%' },
            { field: 'low', type: 'quantitative', format: '+.2%', title: 'interval low' },
            { field: 'high', type: 'quantitative', format: '+.2%', title: 'interval high' },
            { field: 'verdict', type: 'nominal' },
          ],
        },
      },
    ],
  };
}
