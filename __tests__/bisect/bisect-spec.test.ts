// The bisection chart: built from a state, it compiles and renders without a warning, validates
// against Vega-Lite's schema, and shows each measured commit's median and both ends.
import { createRequire } from 'node:module';

import { Ajv } from 'ajv';
import { compile, type TopLevelSpec } from 'vega-lite';

import type { BisectState } from '../../src/bisect/bisect-state.js';
import { renderChart } from '../../src/report/rasterize.js';
import { bisectPoints, bisectSpec } from '../../src/report/specs/bisect.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from '../../src/report/specs/common.js';
import { BAD, GOOD, inputs, measured, sampleState, sha } from './bisect-fixtures.js';

const require = createRequire(import.meta.url);
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('color-hex', /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
ajv.addFormat('uri-reference', /^\S*$/);
const validate = ajv.compile(require('vega-lite/vega-lite-schema.json') as object);

type CompileLogger = NonNullable<NonNullable<Parameters<typeof compile>[1]>['logger']>;

/** What Vega-Lite logs while compiling `spec` (a warning fails the test). */
function compileWarnings(spec: TopLevelSpec): string[] {
  const messages: string[] = [];
  const logger: CompileLogger = {
    level() {
      return 4;
    },
    error(...args: unknown[]) {
      messages.push(`error: ${args.map(String).join(' ')}`);
      return this;
    },
    warn(...args: unknown[]) {
      messages.push(`warning: ${args.map(String).join(' ')}`);
      return this;
    },
    info() {
      return this;
    },
    debug() {
      return this;
    },
  };
  compile(spec, { logger });
  return messages;
}

const found: BisectState = {
  ...sampleState(),
  result: { outcome: 'found', sha: sha('4'), subject: 'commit 4' },
};
const twoCells: BisectState = {
  ...sampleState(),
  inputs: inputs({ cells: ['oltp_point_select@1', 'oltp_write_only@1'] }),
  measured: sampleState().measured.map((commit) => ({
    ...commit,
    values:
      Object.keys(commit.values).length === 0
        ? {}
        : {
            ...commit.values,
            'oltp_write_only@1': (commit.values['oltp_point_select@1'] ?? []).map((v) => v * 7),
          },
  })),
};
const endsOnly: BisectState = {
  ...sampleState(),
  measured: [measured(GOOD, 'good-end', 'good', [1, 2]), measured(BAD, 'bad-end', 'bad', [1, 2])],
  result: { outcome: 'undecided', reason: 'the ends are alike', suspects: [] },
};

describe('bisectSpec', () => {
  const states: [string, BisectState][] = [
    ['unfinished, one commit skipped', sampleState()],
    ['found', found],
    ['two cells', twoCells],
    ['only the ends', endsOnly],
  ];

  it.each(states)('%s: compiles without warnings and validates against the schema', (_, state) => {
    const spec = bisectSpec(state);
    if (spec === null) throw new Error('no chart');
    expect(compileWarnings(spec)).toEqual([]);
    expect(validate(spec) ? [] : validate.errors).toEqual([]);
    const json = spec as unknown as Record<string, unknown>;
    expect(json.$schema).toBe(VEGA_LITE_SCHEMA);
    expect(json.config).toBe(CHART_CONFIG);
  });

  // Vega warns while rendering about what compiling cannot see (a layer without data, an empty scale).
  it.each([states[1], states[3]] as [string, BisectState][])(
    '%s: renders without warnings',
    async (_, state) => {
      const spec = bisectSpec(state);
      if (spec === null) throw new Error('no chart');
      const rendered = await renderChart(spec);
      expect(rendered.warnings).toEqual([]);
      expect(rendered.width).toBeGreaterThan(400);
    },
  );

  it('has no chart before anything was measured, reference values for the ends or not', () => {
    expect(bisectSpec({ ...sampleState(), measured: [] })).toBeNull();
    const referenced = inputs({
      references: { good: { 'oltp_point_select@1': [1] }, bad: { 'oltp_point_select@1': [2] } },
    });
    const skippedOnly = [measured(sha('3'), 'candidate', 'skipped', null)];
    expect(bisectSpec({ ...sampleState(), inputs: referenced, measured: skippedOnly })).toBeNull();
  });

  it('plots each measured commit’s median in commit order, the one that did not build left out, and both ends', () => {
    const points = bisectPoints(found);
    expect(
      points
        .filter((point) => point.kind === 'commit')
        .map((point) => [point.commit, point.call, point.value]),
    ).toEqual([
      ['aaaaaaaa', 'good', 41001],
      ['22222222', 'good', 41002],
      ['44444444', 'bad', 45001],
      ['55555555', 'bad', 45000.5],
    ]);
    expect(points.filter((point) => point.kind === 'end').map((point) => [point.call, point.value])).toEqual([
      ['good', 41001],
      ['bad', 45000.5],
    ]);
    expect(points.filter((point) => point.firstBad).map((point) => point.commit)).toEqual(['44444444']);
    expect(new Set(points.map((point) => point.cell))).toEqual(new Set(['oltp_point_select @ 1']));
  });

  it('gives every cell a panel', () => {
    expect(new Set(bisectPoints(twoCells).map((point) => point.cell))).toEqual(
      new Set(['oltp_point_select @ 1', 'oltp_write_only @ 1']),
    );
  });
});
