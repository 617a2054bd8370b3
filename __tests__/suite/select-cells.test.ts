// Some cells of a suite: names parsed and checked, the suite cut down to them.
import { join } from 'node:path';

import { InputError } from '../../src/errors.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { cellName, parseCellName, selectCells, suiteCellsNamed } from '../../src/suite/select-cells.js';
import { suiteCells } from '../../src/suite/suite-schema.js';

const suite = loadSuite(join(import.meta.dirname, '../../__fixtures__/suites/tiny.yml'));

describe('parseCellName', () => {
  it.each([
    ['oltp_point_select@1', { workload: 'oltp_point_select', threads: 1 }],
    [' my.lua-test@64 ', { workload: 'my.lua-test', threads: 64 }],
  ])('%j', (text, cell) => {
    expect(parseCellName(text, '--cell')).toEqual(cell);
    expect(cellName(cell)).toBe(text.trim());
  });

  it.each(['oltp_point_select', '@1', 'a@0', 'a@b', 'a b@1'])('refuses %j', (text) => {
    expect(() => parseCellName(text, '--cell')).toThrow(InputError);
    expect(() => parseCellName(text, '--cell')).toThrow(/expected WORKLOAD@THREADS/);
  });
});

describe('suiteCellsNamed', () => {
  it('keeps suite order and drops repeats', () => {
    expect(
      suiteCellsNamed(suite, ['oltp_write_only@1', 'oltp_point_select@2', 'oltp_write_only@1'], '--cell'),
    ).toEqual([
      { workload: 'oltp_point_select', threads: 2 },
      { workload: 'oltp_write_only', threads: 1 },
    ]);
  });
});

describe('selectCells', () => {
  it.each([
    [['oltp_point_select@1'], ['oltp_point_select@1']],
    [
      ['oltp_point_select@2', 'oltp_write_only@1'],
      ['oltp_point_select@2', 'oltp_write_only@1'],
    ],
    [suiteCells(suite).map(cellName), suiteCells(suite).map(cellName)],
  ])('%j → a suite of exactly those cells', (names, expected) => {
    const selected = selectCells(suite, suiteCellsNamed(suite, names, '--cell'));
    expect(suiteCells(selected).map(cellName)).toEqual(expected);
    // Nothing else about the suite changes.
    expect({ ...selected, workloads: [] }).toEqual({ ...suite, workloads: [] });
  });
});
