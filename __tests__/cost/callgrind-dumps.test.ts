// Both visitors of the one callgrind reader on the same dumps: FunctionProfile (parseCallgrind) and
// the line costs (parseLineCosts). Every cost and call line goes to one line of one file and to one
// function's inclusive cost, so the two must add up to the same Ir; on the real dumps they must also
// agree function by function where a function's lines are known.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { type CallgrindProfile, parseCallgrind } from '../../src/cost/callgrind.js';
import { type LineCosts, parseLineCosts } from '../../src/cost/callgrind-lines.js';

const FIXTURES = path.join(import.meta.dirname, '../../__fixtures__/callgrind');
const LOOP_DUMPS = [
  'loop.line.callgrind',
  'loop.instr.callgrind',
  'loop.uncompressed.callgrind',
  'loop.jumps-parts.callgrind',
];
const MARIADB_DUMPS = [
  'mariadbd-point-select-5000.callgrind.gz',
  'lines-base-point-select.callgrind.gz',
  'lines-head-point-select.callgrind.gz',
];

function fixtureText(name: string): string {
  const bytes = readFileSync(path.join(FIXTURES, name));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** Every file's lines, keyed by the file's own name. */
const everyFile = (file: string): string => file;

function lineTotal(costs: LineCosts, file?: string, from = 0, to = Number.MAX_SAFE_INTEGER): number {
  let total = 0;
  for (const [key, byLine] of costs.files) {
    if (file !== undefined && key !== file) continue;
    for (const [line, ir] of byLine) if (line >= from && line <= to) total += ir;
  }
  return total;
}

function inclusiveTotal(profile: CallgrindProfile): number {
  return profile.functions.reduce((sum, cost) => sum + cost.inclusive, 0);
}

function only(profile: CallgrindProfile, name: string): { self: number; inclusive: number } {
  const found = profile.functions.filter((cost) => cost.name === name);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('both visitors on the real dumps', () => {
  const read = new Map<string, { profile: CallgrindProfile; lines: LineCosts }>();
  function both(name: string): { profile: CallgrindProfile; lines: LineCosts } {
    let result = read.get(name);
    if (result === undefined) {
      const text = fixtureText(name);
      result = { profile: parseCallgrind(text, name), lines: parseLineCosts(text, name, everyFile) };
      read.set(name, result);
    }
    return result;
  }

  it.each([...LOOP_DUMPS, ...MARIADB_DUMPS])(
    "%s: the lines add up to the functions' inclusive Ir, their self Ir to totals:",
    (name) => {
      const { profile, lines } = both(name);
      expect(profile.selfTotal).toBe(profile.totals);
      expect(lineTotal(lines)).toBe(inclusiveTotal(profile));
      expect(lines.lineNumbered).toBe(true);
    },
  );

  it.each(LOOP_DUMPS)("%s: each function's lines of loop.c cost its inclusive Ir", (name) => {
    const { profile, lines } = both(name);
    const loop = [...lines.files.keys()].filter((file) => file.endsWith('/loop.c'));
    expect(loop).toHaveLength(1);
    // loop.c: mix is lines 6-8, spin 10-16 (its calls to mix on 13), main 18-21 (its call to spin
    // on 19); nothing is inlined into them.
    expect(lineTotal(lines, loop[0], 6, 8)).toBe(only(profile, 'mix').inclusive);
    expect(lineTotal(lines, loop[0], 10, 16)).toBe(only(profile, 'spin').inclusive);
    expect(lineTotal(lines, loop[0], 18, 21)).toBe(only(profile, 'main').inclusive);
  });

  it("puts the head's added lines' Ir where dispatch_command's self Ir grew", () => {
    // The head adds 8 lines (sql/sql_parse.cc 1627-1634) to dispatch_command that call nothing: per
    // point select, what they cost is what the function's own cost grew by, give or take the few
    // instructions of the lines around them that moved.
    const head = both('lines-head-point-select.callgrind.gz');
    const base = both('lines-base-point-select.callgrind.gz');
    const parse = [...head.lines.files.keys()].filter((file) => file.endsWith('/sql/sql_parse.cc'));
    expect(parse).toHaveLength(1);
    const added = lineTotal(head.lines, parse[0], 1627, 1634) / 5000;
    const dispatch = 'dispatch_command(enum_server_command, THD*, char*, unsigned int, bool)';
    const grew = (only(head.profile, dispatch).self - only(base.profile, dispatch).self) / 5000;
    expect(added).toBeGreaterThan(4400);
    expect(Math.abs(added - grew)).toBeLessThan(5);
  });
});

describe('both visitors on hand-written dumps', () => {
  it.each([
    {
      what: 'inlined code, a call, compressed names and relative positions',
      dump: [
        'positions: line',
        'events: Ir',
        'ob=(1) /bin/app',
        'fl=(1) a.c',
        'fn=(1) f',
        '10 5',
        '+1 7',
        'fi=(2) b.h',
        '3 2',
        'fe=(1)',
        '+9 1',
        'cfn=(2) g',
        'calls=1 20',
        '* 40',
        'fn=(2)',
        '20 30',
        '+1 10',
        'totals: 55',
      ],
      functions: [
        { name: 'g', object: '/bin/app', self: 40, inclusive: 40 },
        { name: 'f', object: '/bin/app', self: 15, inclusive: 55 },
      ],
      files: { 'a.c': { 10: 5, 11: 7, 12: 41, 20: 30, 21: 10 }, 'b.h': { 3: 2 } },
      inlined: { 'b.h': { 3: ['f'] } },
    },
    {
      what: 'two parts, Ir the second event, instr and line positions',
      dump: [
        'part: 1',
        'positions: instr line',
        'events: Dr Ir',
        'fl=m.c',
        'fn=main',
        '0x10 4 1 3',
        '+4 +1 0 2',
        'totals: 1 5',
        'part: 2',
        'fl=m.c',
        'fn=main',
        '0x20 9 0 6',
        '* * 1 1',
        'fn=other',
        '+2 -5 0 4',
        'totals: 1 11',
      ],
      functions: [
        { name: 'main', object: '', self: 12, inclusive: 12 },
        { name: 'other', object: '', self: 4, inclusive: 4 },
      ],
      files: { 'm.c': { 4: 7, 5: 2, 9: 7 } },
      inlined: {},
    },
    {
      what: 'events in another order in a later part',
      dump: [
        'part: 1',
        'events: Dr Ir',
        'fl=x.c',
        'fn=f',
        '1 4 6',
        'totals: 4 6',
        'part: 2',
        'events: Ir Dr',
        'fl=x.c',
        'fn=f',
        '2 4 6',
        'totals: 4 6',
      ],
      functions: [{ name: 'f', object: '', self: 10, inclusive: 10 }],
      files: { 'x.c': { 1: 6, 2: 4 } },
      inlined: {},
    },
  ])('$what', ({ dump, functions, files, inlined }) => {
    const text = dump.join('\n');
    expect(parseCallgrind(text, 'hand').functions).toEqual(functions);
    const lines = parseLineCosts(text, 'hand', everyFile);
    const plain = <T>(byFile: Map<string, Map<number, T>>, value: (v: T) => unknown) =>
      Object.fromEntries(
        [...byFile].map(([file, byLine]) => [
          file,
          Object.fromEntries([...byLine].map(([line, v]) => [line, value(v)])),
        ]),
      );
    expect(plain(lines.files, (ir) => ir)).toEqual(files);
    expect(plain(lines.inlinedInto, (names) => [...names])).toEqual(inlined);
  });
});
