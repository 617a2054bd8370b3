// The chart specs, built from real results: every spec must compile without a Vega-Lite warning
// and validate against Vega-Lite's JSON schema (a spec that compiles can still render nothing),
// and each chart must show the numbers the verdict was made from.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { Ajv } from 'ajv';
import { compile, type TopLevelSpec } from 'vega-lite';

import { baselineSide, newestEntry } from '../../src/baseline/entry.js';
import { parseBaselineFile } from '../../src/baseline/parse-baseline.js';
import type { BaselineEntry } from '../../src/baseline/baseline-schema.js';
import { sideOf } from '../../src/compare/judge.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS, type SideData } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import type { ReportInput } from '../../src/report/report-input.js';
import {
  CHART_CONFIG,
  changeSpec,
  chartsFor,
  costSpec,
  functionsSpec,
  scalingSpec,
  TIMESERIES_CELLS_SHOWN,
  timeseriesSpec,
  trendSpec,
  truncateName,
  VEGA_LITE_SCHEMA,
} from '../../src/report/charts.js';
import type { Results } from '../../src/results/results-schema.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { laterRun } from '../../__fixtures__/baseline/results.js';

const fixture = fixtureResults;
const abInput = (results: Results): ReportInput => abReportInput(results);

const BASELINE_PATH = new URL(
  '../../__fixtures__/baseline/quick-mariadb-10.11.baseline.json',
  import.meta.url,
).pathname;
const storedEntry = newestEntry(parseBaselineFile(readFileSync(BASELINE_PATH, 'utf8'), BASELINE_PATH));

/** A stored entry measured `hours` before the real one, its throughput scaled by `factor`. */
function olderEntry(entry: BaselineEntry, hours: number, factor: number): BaselineEntry {
  const savedAt = new Date(Date.parse(entry.savedAt) - hours * 3_600_000).toISOString();
  return {
    ...entry,
    savedAt,
    commit: `${hours}`.padStart(7, 'a'),
    cells: entry.cells.map((cell) => ({
      ...cell,
      repetitions: cell.repetitions.map((repetition) => ({
        ...repetition,
        report: { ...repetition.report, tps: repetition.report.tps * factor },
      })),
    })),
  };
}

/** A one-server run compared with a stored baseline whose history is `history` (newest last). */
function baselineInput(history: BaselineEntry[]): ReportInput {
  const newest = history.at(-1)!;
  const side = baselineSide(newest);
  const base: SideData = { facts: side.facts, cells: side.cells, environment: side.environment };
  // The same setup measured three hours after the stored run, 3% slower.
  const results = laterRun(180, 0.97);
  const head = sideOf(results, 'head');
  const verdict = buildVerdict(
    base,
    head,
    results.suite,
    { kind: 'baseline', path: 'baseline.json', savedAt: newest.savedAt },
    DEFAULT_COMPARE_OPTIONS,
  );
  return { verdict: Verdict.parse(verdict), base, head, suite: results.suite, history };
}

const threeEntries = [olderEntry(storedEntry, 48, 1.04), olderEntry(storedEntry, 24, 1.02), storedEntry];

const inputs: Record<string, ReportInput> = {
  'throughput A/B (performance_schema)': abInput(fixture('quick-ab-performance-schema.json')),
  'throughput A/A, 5 repetitions': abInput(fixture('quick-aa-5reps.json')),
  'instructions A/B (performance_schema)': abInput(fixture('instructions-performance-schema.json')),
  'instructions A/A': abInput(fixture('instructions-aa.json')),
  'throughput with latency histograms (a stalling head)': abInput(fixture('tail-latency-stall.json')),
  'stored baseline, 3 entries': baselineInput(threeEntries),
  'stored baseline, 1 entry': baselineInput([storedEntry]),
};
const pfsThroughput = inputs['throughput A/B (performance_schema)']!;
const pfsInstructions = inputs['instructions A/B (performance_schema)']!;
const instructionsAa = inputs['instructions A/A']!;

// --- Validation helpers (tests only) ---

type Logger = NonNullable<NonNullable<Parameters<typeof compile>[1]>['logger']>;

/** Records what Vega-Lite logs instead of printing it, so a warning can fail the test. */
class CollectingLogger implements Logger {
  readonly messages: string[] = [];
  #level = 4;
  level(level?: number): number | this {
    if (level === undefined) return this.#level;
    this.#level = level;
    return this;
  }
  error(...args: unknown[]): this {
    this.messages.push(`error: ${args.map(String).join(' ')}`);
    return this;
  }
  warn(...args: unknown[]): this {
    this.messages.push(`warning: ${args.map(String).join(' ')}`);
    return this;
  }
  info(): this {
    return this;
  }
  debug(): this {
    return this;
  }
}

function compileMessages(spec: TopLevelSpec): string[] {
  const logger = new CollectingLogger();
  compile(spec, { logger });
  return logger.messages;
}

const require = createRequire(import.meta.url);
const ajv = new Ajv({ strict: false, allErrors: true });
// The schema names three formats; Ajv without ajv-formats would reject the schema over them.
ajv.addFormat('color-hex', /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
ajv.addFormat('uri-reference', /^\S*$/);
const validate = ajv.compile(require('vega-lite/vega-lite-schema.json') as object);

function schemaErrors(spec: TopLevelSpec): string[] {
  return validate(spec)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

// --- Reading specs back (the specs are plain JSON; these walk them without `any`) ---

type Json = Record<string, unknown>;

function asJson(value: unknown): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Json;
}

function dataOf(spec: TopLevelSpec): Json[] {
  const values = asJson(asJson(spec).data).values;
  if (!Array.isArray(values)) throw new Error('spec without inline values');
  return values.map(asJson);
}

/** The layers of a faceted or plain layered spec. */
function layersOf(spec: TopLevelSpec): Json[] {
  const json = asJson(spec);
  const inner = json.spec === undefined ? json : asJson(json.spec);
  return Array.isArray(inner.layer) ? inner.layer.map(asJson) : [inner];
}

function encodingOf(layer: Json, channel: string): Json {
  return asJson(asJson(layer.encoding)[channel]);
}

/** Every string under `font`-ish keys of the config, to check nothing falls back to a default. */
function fontSettings(config: unknown, path = 'config'): [string, unknown][] {
  if (typeof config !== 'object' || config === null) return [];
  return Object.entries(config).flatMap(([key, value]): [string, unknown][] =>
    /font$/i.test(key) ? [[`${path}.${key}`, value]] : fontSettings(value, `${path}.${key}`),
  );
}

describe('every chart of every fixture', () => {
  const cases = Object.entries(inputs).flatMap(([inputName, input]) =>
    chartsFor(input).map((chart) => [`${inputName}: ${chart.name}`, chart] as const),
  );

  it.each(cases)('%s compiles without warnings and validates against the schema', (_, chart) => {
    expect(chart.name).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(compileMessages(chart.spec)).toEqual([]);
    expect(schemaErrors(chart.spec)).toEqual([]);
    const json = asJson(chart.spec);
    expect(json.$schema).toBe(VEGA_LITE_SCHEMA);
    expect(asJson(json.title).text).toBe(chart.title);
    expect(json.config).toBe(CHART_CONFIG);
    expect(asJson(json.data).url).toBeUndefined();
    expect(dataOf(chart.spec).length).toBeGreaterThan(0);
  });

  it('names the charts that apply to each input, in a fixed order', () => {
    const names = Object.fromEntries(
      Object.entries(inputs).map(([name, input]) => [name, chartsFor(input).map((chart) => chart.name)]),
    );
    expect(names).toEqual({
      'throughput A/B (performance_schema)': ['change', 'scaling', 'timeseries'],
      'throughput A/A, 5 repetitions': ['change', 'scaling', 'timeseries'],
      'instructions A/B (performance_schema)': ['change', 'cost', 'functions'],
      'instructions A/A': ['change', 'cost', 'functions'],
      'throughput with latency histograms (a stalling head)': ['change', 'timeseries', 'latency'],
      'stored baseline, 3 entries': ['change', 'scaling', 'timeseries', 'trend'],
      'stored baseline, 1 entry': ['change', 'scaling', 'timeseries'],
    });
  });

  it('fails the check on a spec Vega-Lite warns about, and on one the schema rejects', () => {
    // The helpers must be able to fail, or the checks above prove nothing.
    const warned: TopLevelSpec = {
      data: { values: [{ a: 1 }] },
      mark: 'point',
      encoding: { x: { field: 'a', type: 'quantitative', scale: { type: 'band' } } },
    };
    expect(compileMessages(warned).length).toBeGreaterThan(0);
    // A real chart with one property the schema does not allow.
    const invalid = { ...asJson(changeSpec(pfsThroughput)), width: 'wide' } as unknown as TopLevelSpec;
    expect(schemaErrors(changeSpec(pfsThroughput)!)).toEqual([]);
    expect(schemaErrors(invalid).length).toBeGreaterThan(0);
  });
});

describe('the shared look', () => {
  it('sets DejaVu Sans on every text and a white background', () => {
    const fonts = fontSettings(CHART_CONFIG);
    expect(fonts.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'config.font',
        'config.title.font',
        'config.title.subtitleFont',
        'config.axis.labelFont',
        'config.axis.titleFont',
        'config.legend.labelFont',
        'config.legend.titleFont',
        'config.header.labelFont',
        'config.header.titleFont',
      ]),
    );
    for (const [, font] of fonts) expect(font).toBe('DejaVu Sans');
    expect(CHART_CONFIG.background).toBe('white');
  });
});

describe('scaling', () => {
  it('puts the real thread counts on a log x axis, every repetition and the median per side', () => {
    const spec = scalingSpec(pfsThroughput)!;
    const [line, points] = layersOf(spec);
    for (const layer of [line!, points!]) {
      const x = encodingOf(layer, 'x');
      expect(asJson(x.axis).values).toEqual(pfsThroughput.suite.threads);
      expect(asJson(x.scale).type).toBe('log');
    }
    expect(encodingOf(line!, 'y').aggregate).toBe('median');
    const data = dataOf(spec);
    // 3 workloads × 2 thread counts × 2 sides × 3 repetitions.
    expect(data).toHaveLength(pfsThroughput.head.cells.length * 2 * pfsThroughput.suite.repetitions);
    expect(new Set(data.map((row) => row.side))).toEqual(new Set(['base', 'head']));
    const first = pfsThroughput.head.cells[0]!;
    expect(data).toContainEqual(
      expect.objectContaining({
        workload: first.workload,
        threads: first.threads,
        side: 'head',
        tps: first.repetitions[0]!.report.tps,
      }),
    );
  });

  it('is left out for a single thread count and for instruction suites', () => {
    const single = {
      ...pfsThroughput,
      head: { ...pfsThroughput.head, cells: pfsThroughput.head.cells.filter((cell) => cell.threads === 1) },
      base: { ...pfsThroughput.base, cells: pfsThroughput.base.cells.filter((cell) => cell.threads === 1) },
    };
    expect(scalingSpec(single)).toBeNull();
    expect(scalingSpec(pfsInstructions)).toBeNull();
  });
});

describe('change', () => {
  it.each([
    ['throughput', pfsThroughput],
    ['instructions', pfsInstructions],
  ])('has one datum per gating cell with the verdict’s own numbers (%s)', (_, input) => {
    const gating = input.verdict.cells.filter((cell) => cell.gating);
    expect(gating.length).toBeGreaterThan(0);
    const data = dataOf(changeSpec(input)!);
    expect(data).toHaveLength(gating.length);
    gating.forEach((cell, index) => {
      expect(data[index]).toMatchObject({
        cell: `${cell.workload} @ ${cell.threads} (${cell.metric === 'tps' ? 'tps' : 'instr/txn'})`,
        change: cell.change,
        low: cell.changeInterval.low,
        high: cell.changeInterval.high,
        toleranceLow: -cell.threshold,
        toleranceHigh: cell.threshold,
        verdict: cell.verdict,
      });
    });
  });

  it('colours the verdicts with a fixed scale, whichever verdicts occur', () => {
    const layers = layersOf(changeSpec(instructionsAa)!);
    const colored = layers.filter((layer) => asJson(layer.encoding).color !== undefined);
    expect(colored.length).toBeGreaterThan(0);
    for (const layer of colored) {
      const color = encodingOf(layer, 'color');
      expect(color.field).toBe('verdict');
      expect(color.scale).toEqual({
        domain: ['regression', 'improvement', 'within-tolerance', 'unchanged', 'inconclusive'],
        range: ['#d62728', '#2ca02c', '#1f77b4', '#9e9e9e', '#ff7f0e'],
      });
      // The legend reads "within tolerance", as the tables do.
      expect(color.legend).toEqual({ labelExpr: "replace(datum.label, '-', ' ')" });
    }
    // A horizontal chart: cells on y.
    expect(encodingOf(colored[0]!, 'y').field).toBe('cell');
  });
});

describe('timeseries', () => {
  it('has interval lines of both sides for every cell', () => {
    const data = dataOf(timeseriesSpec(pfsThroughput)!);
    const expected = [
      ...pfsThroughput.base.cells.map((c) => ['base', c] as const),
      ...pfsThroughput.head.cells.map((c) => ['head', c] as const),
    ];
    const count = expected.reduce(
      (sum, [, cell]) => sum + cell.repetitions.reduce((n, r) => n + r.report.intervals.length, 0),
      0,
    );
    expect(data).toHaveLength(count);
    for (const side of ['base', 'head']) {
      const cells = new Set(data.filter((row) => row.side === side).map((row) => row.cell));
      expect(cells.size).toBe(pfsThroughput.head.cells.length);
    }
    const interval = pfsThroughput.head.cells[0]!.repetitions[1]!.report.intervals[2]!;
    expect(data).toContainEqual(
      expect.objectContaining({ side: 'head', repetition: 2, timeS: interval.timeS, tps: interval.tps }),
    );
  });

  it('is left out without interval lines (instruction suites)', () => {
    expect(timeseriesSpec(pfsInstructions)).toBeNull();
  });

  it('keeps the first 12 cells of a suite with more than 30', () => {
    const cells = (side: SideData): SideData => ({
      ...side,
      cells: Array.from({ length: 8 }, (_, copy) =>
        side.cells.map((cell) => ({ ...cell, workload: `${cell.workload}_${copy}` })),
      ).flat(),
    });
    const big = { ...pfsThroughput, base: cells(pfsThroughput.base), head: cells(pfsThroughput.head) };
    expect(big.head.cells.length).toBeGreaterThan(30);
    const spec = timeseriesSpec(big)!;
    expect(new Set(dataOf(spec).map((row) => row.cell)).size).toBe(TIMESERIES_CELLS_SHOWN);
    expect(TIMESERIES_CELLS_SHOWN).toBe(12);
    expect(compileMessages(spec)).toEqual([]);
  });
});

describe('cost and functions', () => {
  it('exist for instruction suites only', () => {
    for (const input of Object.values(inputs)) {
      const instructions = input.suite.metric === 'instructions';
      expect(costSpec(input) !== null).toBe(instructions);
      expect(functionsSpec(input) !== null).toBe(instructions);
    }
  });

  it('shows every repetition of both sides, grouped by side', () => {
    const spec = costSpec(pfsInstructions)!;
    const data = dataOf(spec);
    expect(data).toHaveLength(2 * pfsInstructions.head.cells.length * pfsInstructions.suite.repetitions);
    const [bar, tick] = layersOf(spec);
    expect(encodingOf(bar!, 'xOffset').field).toBe('side');
    expect(encodingOf(tick!, 'xOffset').field).toBe('side');
    const repetition = pfsInstructions.head.cells[0]!.repetitions[0]!;
    expect(data).toContainEqual(
      expect.objectContaining({
        side: 'head',
        repetition: 1,
        instructions: repetition.cost!.callgrind!.foreground / repetition.report.transactions,
      }),
    );
  });

  it('lists psi_mutex_lock among the top changes of oltp_point_select under performance_schema', () => {
    const data = dataOf(functionsSpec(pfsInstructions)!);
    const pointSelect = data.filter((row) => String(row.cell).startsWith('oltp_point_select @ 1'));
    expect(pointSelect.length).toBeLessThanOrEqual(10);
    expect(pointSelect.length).toBeGreaterThan(0);
    expect(pointSelect.map((row) => row.name)).toContain('psi_mutex_lock');
    const lock = pointSelect.find((row) => row.name === 'psi_mutex_lock')!;
    expect(lock.delta).toBeGreaterThan(0);
    expect(lock.direction).toBe('head costs more');
    // Positive red, negative green, with a legend.
    const color = encodingOf(layersOf(functionsSpec(pfsInstructions)!)[0]!, 'color');
    expect(color.field).toBe('direction');
    expect(color.scale).toEqual({
      domain: ['head costs more', 'head costs less'],
      range: ['#d62728', '#2ca02c'],
    });
    expect(
      data.filter((row) => Number(row.delta) < 0).every((row) => row.direction === 'head costs less'),
    ).toBe(true);
  });

  it('shows the top 5 of every cell when no cell changed', () => {
    expect(instructionsAa.verdict.functionDeltas.every((cell) => cell.verdict === 'unchanged')).toBe(true);
    const data = dataOf(functionsSpec(instructionsAa)!);
    const perCell = new Map<unknown, number>();
    for (const row of data) perCell.set(row.cell, (perCell.get(row.cell) ?? 0) + 1);
    expect(perCell.size).toBe(instructionsAa.verdict.functionDeltas.length);
    for (const count of perCell.values()) expect(count).toBe(5);
  });

  it('truncates long names for the axis and keeps them whole for the tooltip', () => {
    const data = dataOf(functionsSpec(pfsInstructions)!);
    for (const row of data) {
      expect(Array.from(String(row.function)).length).toBeLessThanOrEqual(64);
      expect(String(row.function).replace(/…( \[\d+\])?$/, '')).toBe(
        String(row.name).slice(0, String(row.function).replace(/…( \[\d+\])?$/, '').length),
      );
    }
    expect(truncateName('x'.repeat(60))).toBe('x'.repeat(60));
    expect(truncateName('x'.repeat(61))).toBe(`${'x'.repeat(59)}…`);
  });

  it('keeps names with quotes and angle brackets as data', () => {
    const name = `map<"q" & 'single'>::operator<</script>`;
    const deltas = pfsInstructions.verdict.functionDeltas.map((cell, index) =>
      index === 0
        ? {
            ...cell,
            functions: [
              { name, object: '/usr/sbin/<mariadbd>', base: 1, head: 5, delta: 4 },
              ...cell.functions,
            ],
          }
        : cell,
    );
    const input = { ...pfsInstructions, verdict: { ...pfsInstructions.verdict, functionDeltas: deltas } };
    const spec = functionsSpec(input)!;
    const row = dataOf(spec).find((entry) => entry.name === name);
    expect(row).toMatchObject({ function: name, object: '/usr/sbin/<mariadbd>' });
    // And through JSON (how the renderer receives it) and the compiler, unchanged.
    const compiled = JSON.stringify(compile(JSON.parse(JSON.stringify(spec)) as TopLevelSpec).spec);
    expect(compiled).toContain(JSON.stringify(name).slice(1, -1));
    expect(compileMessages(spec)).toEqual([]);
  });
});

describe('trend', () => {
  it('appears only for a stored baseline with at least two entries', () => {
    expect(trendSpec(inputs['stored baseline, 1 entry']!)).toBeNull();
    expect(trendSpec(pfsThroughput)).toBeNull();
    expect(trendSpec(inputs['stored baseline, 3 entries']!)).not.toBeNull();
  });

  it('plots the median of each entry per gating cell and this run as its own series', () => {
    const input = inputs['stored baseline, 3 entries']!;
    const data = dataOf(trendSpec(input)!);
    const gating = input.verdict.cells.filter((cell) => cell.gating);
    expect(gating.length).toBeGreaterThan(0);
    expect(data).toHaveLength(gating.length * 4);
    const cell = gating[0]!;
    const rows = data.filter((row) => row.workload === cell.workload && row.threads === cell.threads);
    expect(rows.map((row) => row.series)).toEqual([
      'stored baseline',
      'stored baseline',
      'stored baseline',
      'this run',
    ]);
    expect(rows.map((row) => row.savedAt).slice(0, 3)).toEqual(threeEntries.map((entry) => entry.savedAt));
    // The newest entry is the verdict's base; this run is its head.
    expect(rows[2]!.value).toBeCloseTo(cell.base.median, 6);
    expect(rows[3]!.value).toBeCloseTo(cell.head.median, 6);
    expect(rows[0]!.value).toBeCloseTo(cell.base.median * 1.04, 6);
    expect(Date.parse(String(rows[3]!.savedAt))).toBeGreaterThan(Date.parse(String(rows[2]!.savedAt)));
  });
});
