// The stage tables every build, run and compare ends with, and the job summary's Markdown.
import { buildStages, runStages, stageMarkdown, stageTable } from '../../src/report/stage-table.js';
import { gccBuild } from '../helpers/build-info.js';
import { fixtureResults } from '../helpers/report-input.js';

describe('stage tables', () => {
  it('shows a build as configure, compile with its steps, install and a total', () => {
    const info = {
      ...gccBuild(),
      seconds: { configure: 1, build: 19.7, install: 5.3 },
      ninja: { steps: 11, compiledCount: 5, compiled: [] },
    };
    expect(stageTable(buildStages(info, 'head'))).toBe(
      [
        'stage             time',
        '--------------  ------  --------------------',
        'head configure   1.0 s',
        'head compile    19.7 s  11 steps, 5 compiled',
        'head install     5.3 s',
        '--------------  ------  --------------------',
        'total           26.0 s',
      ].join('\n'),
    );
  });

  it("shows a build from the base's copy with the copy's row and its steps of all, grouped by thousands", () => {
    const info = {
      ...gccBuild(),
      seconds: { configure: 1.4, build: 1850.6, install: 3.8 },
      ninja: { steps: 1011, compiledCount: 902, compiled: [] },
      startedFrom: {
        dir: '/b/base.build',
        seconds: 8.8,
        sameFiles: 35504,
        changedFiles: 1,
        steps: 1011,
        totalSteps: 1147,
        full: true,
      },
    };
    const table = stageTable(buildStages(info));
    expect(table).toMatch(/^copy of the base's build\s+8\.8 s {2}1 file of the tree changed$/m);
    expect(table).toMatch(/^compile\s+1850\.6 s {2}1,011 steps of 1,147: a whole build, 902 compiled$/m);
  });

  it('shows both sides measured at once as their wall time, with each side beneath it and out of the total', () => {
    const results = {
      ...fixtureResults('instructions-aa.json'),
      parallelSides: { base: '0', head: '1' },
      stages: {
        sides: { base: { start: 2, prepare: 1, measure: 50 }, head: { start: 2, prepare: 1, measure: 60 } },
        measure: 61,
      },
    };
    const rows = runStages(results);
    expect(rows.map((row) => row.stage)).toEqual([
      'server start (base)',
      'server start (head)',
      'data prepare (base)',
      'data prepare (head)',
      'measure (both sides at once)',
      '  base',
      '  head',
    ]);
    expect(stageTable(rows)).toMatch(/^total\s+67\.0 s$/m);
    expect(stageMarkdown(rows)).toContain('| ↳ head | 60.0 s | 12 repetitions |');
    expect(stageMarkdown(rows)).toMatch(/\| \*\*total\*\* \| \*\*67\.0 s\*\* \| {2}\|$/);
  });

  it('shows sides measured in turn one row each, and nothing for results from before stages were kept', () => {
    const old = fixtureResults('instructions-aa.json');
    expect(runStages(old)).toEqual([]);
    const serial = {
      ...old,
      stages: {
        sides: { base: { start: 1, prepare: 1, measure: 50 }, head: { start: 1, prepare: 1, measure: 52 } },
        measure: 102,
      },
    };
    expect(stageTable(runStages(serial))).toMatch(/^measure \(head\)\s+52\.0 s {2}12 repetitions$/m);
    expect(stageTable(runStages(serial))).toMatch(/^total\s+106\.0 s$/m);
  });

  it('shows the datadir copy with its method and size, and the resets within measuring, out of the total', () => {
    const results = {
      ...fixtureResults('instructions-aa.json'),
      stages: {
        sides: {
          base: {
            start: 1,
            prepare: 4,
            measure: 50,
            datadirCopy: { method: 'copy' as const, bytes: 143_343_851, seconds: 2.5 },
            resets: { restore: { count: 13, seconds: 9.1 } },
          },
          head: {
            start: 1,
            prepare: 4,
            measure: 52,
            datadirCopy: { method: 'reflink' as const, bytes: 143_343_851, seconds: 1.5 },
            resets: { rePrepare: { count: 1, seconds: 4.2 } },
          },
        },
        measure: 102,
      },
    };
    const table = stageTable(runStages(results));
    expect(table).toMatch(/^datadir copy \(base\)\s+2\.5 s {2}copy, 136\.7 MiB$/m);
    expect(table).toMatch(/^datadir copy \(head\)\s+1\.5 s {2}reflink, 136\.7 MiB$/m);
    expect(table).toMatch(/^ {2}datadir restore \(base\)\s+9\.1 s {2}13 restores$/m);
    expect(table).toMatch(/^ {2}data re-prepare \(head\)\s+4\.2 s {2}1 re-prepare$/m);
    // 1 + 1 + 4 + 4 + 2.5 + 1.5 + 50 + 52: the resets are part of measuring.
    expect(table).toMatch(/^total\s+116\.0 s$/m);
    expect(stageMarkdown(runStages(results))).toContain('| ↳ datadir restore (base) | 9.1 s | 13 restores |');
  });
});
