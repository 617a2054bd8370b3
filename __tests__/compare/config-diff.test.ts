import { serverDiff, variablesDiff } from '../../src/compare/config-diff.js';
import { sameSetting } from '../../src/results/setting-value.js';
import { foldConfigDiff } from '../../src/report/document/differences.js';
import { readResults } from '../../src/results/results-file.js';

const FIXTURE = new URL('../../__fixtures__/results/quick-mariadb-10.11.json', import.meta.url).pathname;

describe('variablesDiff', () => {
  it('reports changed, added and removed variables, leaving out volatile ones', () => {
    const base = { performance_schema: 'OFF', sync_binlog: '0', port: '3306', datadir: '/a', gone: 'x' };
    const head = { performance_schema: 'ON', sync_binlog: '0', port: '3307', datadir: '/b', added: 'y' };
    expect(variablesDiff(base, head)).toEqual([
      { name: 'added', base: null, head: 'y' },
      { name: 'gone', base: 'x', head: null },
      { name: 'performance_schema', base: 'OFF', head: 'ON' },
    ]);
  });

  it('folds the performance_schema_* sizes that follow performance_schema under it', () => {
    const diff = [
      { name: 'performance_schema', base: 'OFF', head: 'ON' },
      { name: 'performance_schema_digests_size', base: '-1', head: '5000' },
      { name: 'performance_schema_events_waits_history_size', base: '-1', head: '10' },
      { name: 'sync_binlog', base: '0', head: '1' },
    ];
    expect(foldConfigDiff(diff)).toEqual([
      { entry: diff[0], followers: [diff[1], diff[2]] },
      { entry: diff[3], followers: [] },
    ]);
  });

  it('keeps a row for a variable that stands alone though its name extends another', () => {
    const diff = [
      { name: 'innodb_io_capacity', base: '200', head: '10000' },
      { name: 'innodb_io_capacity_max', base: '2000', head: '20000' },
    ];
    expect(foldConfigDiff(diff)).toEqual([{ entry: diff[0], followers: [diff[1]] }]);
    expect(foldConfigDiff(diff, (entry) => entry.name === 'innodb_io_capacity_max')).toEqual([
      { entry: diff[0], followers: [] },
      { entry: diff[1], followers: [] },
    ]);
  });
});

describe('serverDiff', () => {
  it('names version and compiler differences, and nothing for the same server', () => {
    const facts = readResults(FIXTURE).sides.head;
    expect(serverDiff(facts, facts)).toEqual([]);
    const clang = {
      ...facts,
      versionFunction: '11.4.5-MariaDB',
      compiler: { known: true as const, name: 'Debian clang version 16.0.6', comments: [] },
    };
    expect(serverDiff(facts, clang)).toEqual([
      { name: 'version', base: facts.versionFunction, head: '11.4.5-MariaDB' },
      { name: 'compiler', base: 'unknown', head: 'Debian clang version 16.0.6' },
    ]);
  });
});

describe('sameSetting', () => {
  it.each([
    ['10.000000', '10'],
    ['0.000000', '0'],
    ['NULLS_UNEQUAL', 'nulls_unequal'],
    ['18446744073709551615', '18446744073709551615'],
  ])('takes %s and %s for the same setting', (a, b) => {
    expect(sameSetting(a, b)).toBe(true);
  });

  it.each([
    ['10.5', '10'],
    ['18446744073709551615', '18446744073709551614'],
    ['4294967295', '18446744073709551615'],
    ['ON', 'OFF'],
    ['', 'InnoDB'],
  ])('tells %s from %s', (a, b) => {
    expect(sameSetting(a, b)).toBe(false);
  });

  it('keeps a variable only one side has', () => {
    expect(sameSetting(undefined, 'ON')).toBe(false);
    expect(variablesDiff({ a: '10.000000', b: 'X' }, { a: '10', b: 'x', c: '1' })).toEqual([
      { name: 'c', base: null, head: '1' },
    ]);
  });
});
