// parseCallgrind on real callgrind dumps (checked against callgrind_annotate and against the
// instruction counts of a tiny C program) and on hand-written files for name and position
// compression, calls= exclusion and malformed input; topFunctionDeltas on hand-made lists.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import {
  inclusiveCost,
  parseCallgrind,
  topFunctionDeltas,
  type CallgrindProfile,
  type FunctionCost,
  type SelfCost,
} from '../../src/cost/callgrind.js';
import { ResultsError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';
import { findCommand } from '../helpers/requirements.js';

const FIXTURES = path.join(import.meta.dirname, '../../__fixtures__/callgrind');
const MARIADB = 'mariadbd-point-select-5000.callgrind.gz';
const LOOP_LINE = 'loop.line.callgrind';
const LOOP_PARTS = 'loop.jumps-parts.callgrind';
// Same static binary, same run, different dump options (see __fixtures__/callgrind/README.md).
const LOOP_FIXTURES = [LOOP_LINE, 'loop.instr.callgrind', 'loop.uncompressed.callgrind', LOOP_PARTS];
const SINGLE_PART_FIXTURES = [LOOP_LINE, 'loop.instr.callgrind', 'loop.uncompressed.callgrind', MARIADB];
const LOOP_OBJECT = '/tmp/cgbuild/loop';

function fixtureText(name: string): string {
  const bytes = readFileSync(path.join(FIXTURES, name));
  return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

const parsed = new Map<string, CallgrindProfile>();
function fixture(name: string): CallgrindProfile {
  let profile = parsed.get(name);
  if (profile === undefined) {
    profile = parseCallgrind(fixtureText(name), name);
    parsed.set(name, profile);
  }
  return profile;
}

function findFunction(profile: CallgrindProfile, name: string): FunctionCost {
  const found = profile.functions.filter((cost) => cost.name === name);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Self Ir per function name, summed over objects: the granularity callgrind_annotate can be read at. */
function selfByName(functions: readonly FunctionCost[]): Map<string, number> {
  const byName = new Map<string, number>();
  for (const cost of functions) byName.set(cost.name, (byName.get(cost.name) ?? 0) + cost.self);
  return byName;
}

function top(profile: CallgrindProfile, count: number): [number, string][] {
  return profile.functions.slice(0, count).map((cost) => [cost.self, cost.name]);
}

function parseError(text: string): ResultsError {
  return thrownBy(ResultsError, () => parseCallgrind(text, 'hand.callgrind'));
}

describe('parseCallgrind on real dumps', () => {
  it.each([...LOOP_FIXTURES, MARIADB])(
    '%s: self costs partition totals:, functions sorted and distinct',
    (name) => {
      const profile = fixture(name);
      expect(profile.events).toContain('Ir');
      expect(profile.totals).toBeGreaterThan(0);
      expect(profile.selfTotal).toBe(profile.totals);
      const selves = profile.functions.map((cost) => cost.self);
      expect(selves).toEqual([...selves].sort((a, b) => b - a));
      expect(Math.min(...selves)).toBeGreaterThan(0);
      const keys = profile.functions.map((cost) => `${cost.object} ${cost.name}`);
      expect(new Set(keys).size).toBe(keys.length);
      // A leaked compressed id would read "(12)" or "(12) name".
      expect(
        profile.functions.filter((cost) => /^\(\d/.test(cost.name) || /^\(\d/.test(cost.object)),
      ).toEqual([]);
    },
  );

  it.each(LOOP_FIXTURES)('%s: mix and spin cost exactly their instructions', (name) => {
    const profile = fixture(name);
    expect(profile.totals).toBe(48609);
    // mix is 5 instructions, called 1000 times, and calls nothing.
    expect(findFunction(profile, 'mix')).toEqual({
      name: 'mix',
      object: LOOP_OBJECT,
      self: 5 * 1000,
      inclusive: 5 * 1000,
    });
    // spin: 8 instructions before its loop, 6 per iteration (the call included, mix's body not),
    // 5 after. The 5000 of its calls= lines count only in its inclusive cost, which
    // callgrind_annotate's source annotation also gives: 11,013.
    expect(findFunction(profile, 'spin')).toEqual({
      name: 'spin',
      object: LOOP_OBJECT,
      self: 8 + 6 * 1000 + 5,
      inclusive: 8 + 6 * 1000 + 5 + 5 * 1000,
    });
  });

  it('gives the same functions whatever the position and name compression', () => {
    const reference = fixture(LOOP_LINE).functions;
    expect(reference).toHaveLength(132);
    for (const name of LOOP_FIXTURES.slice(1)) expect(fixture(name).functions).toEqual(reference);
  });

  it('matches callgrind_annotate --inclusive=no on the line-position loop dump', () => {
    // callgrind_annotate --inclusive=no --threshold=100 --show-percs=no --auto=no loop.line.callgrind
    // (valgrind 3.19.0): its ten largest, summed per function name over source files.
    expect(top(fixture(LOOP_LINE), 10)).toEqual([
      [20396, '__tunables_init'],
      [6013, 'spin'],
      [5244, 'intel_check_word.constprop.0'],
      [5000, 'mix'],
      [1505, 'getenv'],
      [1100, '_int_malloc'],
      [843, 'ptmalloc_init.part.0'],
      [768, "(below main)'2"],
      [549, '__tunable_get_val'],
      [504, 'handle_intel.constprop.0'],
    ]);
  });

  it('sums the parts of a multi-part dump and keeps both triggers', () => {
    const profile = fixture(LOOP_PARTS);
    // totals: of part 1 (up to --dump-before=spin) and of part 2.
    expect(profile.totals).toBe(35563 + 13046);
    expect(profile.trigger).toBe('--dump-before=spin; Program termination');
    expect(fixture(LOOP_LINE).trigger).toBe('Program termination');
  });

  it('reads the mariadbd point-select dump', () => {
    const profile = fixture(MARIADB);
    expect(profile.events).toEqual(['Ir']);
    expect(profile.totals).toBe(222464873);
    expect(profile.trigger).toBe('dump rep1');
    expect(profile.functions.length).toBeGreaterThan(500);
    // Inclusive costs from callgrind_annotate --inclusive=yes on the same file.
    expect(profile.functions[0]).toEqual({
      name: 'alloc_root',
      object: '/usr/sbin/mariadbd',
      self: 7991258,
      inclusive: 7993522,
    });
    expect(inclusiveCost(profile, (name) => name.startsWith('do_command('))).toMatchObject({
      name: 'do_command(THD*, bool)',
      inclusive: 214912372,
    });
    // callgrind_annotate --inclusive=no --threshold=100 --show-percs=no --auto=no on the gunzipped
    // fixture (valgrind 3.19.0). mariadbd has no symbol for some functions: those are addresses.
    expect(top(profile, 10)).toEqual([
      [7991258, 'alloc_root'],
      [7194102, '0x0000000000d93de0'],
      [6359498, '0x0000000000d921c0'],
      [5073735, '0x0000000000d779c0'],
      [4340368, '0x0000000000d91da0'],
      [4289652, '0x0000000000d93770'],
      [3465000, '0x00000000008a5f00'],
      [3000000, '0x0000000000d1f0f0'],
      [2860052, '0x0000000000d20cc0'],
      [2669272, '0x0000000000dcd980'],
    ]);
    const names = profile.functions.map((cost) => cost.name);
    expect(names).toContain('JOIN::optimize_inner()');
    expect(names).toContain('__memcpy_avx_unaligned_erms');
    const top50 = names.slice(0, 50);
    expect(top50.filter((name) => name.includes('::')).length).toBeGreaterThanOrEqual(10);
    for (const name of names) expect(name).toMatch(/^(0x[0-9a-f]{16}|[A-Za-z_(][^\t\n]*)$/);
    expect(new Set(profile.functions.map((cost) => cost.object))).toEqual(
      new Set([
        '/usr/sbin/mariadbd',
        '/usr/lib/x86_64-linux-gnu/libc.so.6',
        '/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30',
        '???',
      ]),
    );
  });
});

const annotate = findCommand('callgrind_annotate');
// valgrind is not among the packages the project installs, so this comparison runs where it is
// installed; the hard-coded numbers above came from it and run everywhere.
(annotate === undefined ? describe.skip : describe)('parseCallgrind against callgrind_annotate', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gate-callgrind-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Self Ir per function name from callgrind_annotate, which lists "Ir file:function [object]". */
  function annotateSelfByName(file: string): { total: number; byName: Map<string, number> } {
    const output = execFileSync(
      annotate!,
      ['--inclusive=no', '--threshold=100', '--show-percs=no', '--auto=no', file],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const lines = output.split('\n');
    const totalLine = lines.find((line) => line.endsWith('PROGRAM TOTALS'));
    const total = Number((totalLine ?? '').trim().split(/\s+/)[0]?.replaceAll(',', ''));
    const header = lines.findIndex((line) => /^Ir\s+file:function/.test(line));
    expect(header).toBeGreaterThan(0);
    const byName = new Map<string, number>();
    // The table starts after a dashed rule and ends at the first blank line.
    for (const line of lines.slice(header + 2)) {
      if (line.trim() === '') break;
      const match = /^\s*([\d,]+)\s+(.*)$/.exec(line);
      expect(match).not.toBeNull();
      const self = Number(match![1]!.replaceAll(',', ''));
      const location = match![2]!.replace(/ \[(\/[^\]]*|\?\?\?)\]$/, '');
      const name = location.slice(location.indexOf(':') + 1);
      byName.set(name, (byName.get(name) ?? 0) + self);
    }
    return { total, byName };
  }

  // callgrind_annotate reads only the first part of a multi-part file, so LOOP_PARTS is left out.
  it.each(SINGLE_PART_FIXTURES)('%s: same total and same self cost for every function', (name) => {
    const file = path.join(dir, name.replace(/\.gz$/, ''));
    writeFileSync(file, fixtureText(name));
    const expected = annotateSelfByName(file);
    const profile = fixture(name);
    expect(profile.totals).toBe(expected.total);
    expect(selfByName(profile.functions)).toEqual(expected.byName);
  });
});

describe('parseCallgrind on hand-written files', () => {
  // Name compression, an id defined by cob=/cfn= and used by ob=/fn=, calls= lines whose inclusive
  // cost must not count, relative positions, a jump, and a function split over two fn= blocks.
  const COMPRESSED = [
    '# callgrind format',
    'version: 1',
    'creator: hand',
    'positions: instr line',
    'event: Ir : Instruction Fetch',
    'events: Dr Ir',
    'desc: Trigger: by hand',
    'summary: 1 999',
    '',
    'ob=(1) /opt/app/bin/server',
    'fl=(1) main.c',
    'fn=(1) main',
    '0x1000 10 0 3',
    '+2 * 0 4',
    'cob=(2) /lib/libc.so.6',
    'cfi=(2) string.c',
    'cfn=(2) memcpy',
    'calls=2 0x9000 7',
    '+3 +1 0 1000',
    '-1 -1 7',
    'jcnd=3/5 +8 *',
    '* *',
    'jump=1 +1 +1',
    // Callgrind writes only the jump's source position here; a cost would not be self cost either.
    '+1 +1 0 77',
    'fl=(3) other.c',
    'fn=(1)',
    '0x2000 40 0 5',
    '',
    'ob=(2)',
    'fl=(2)',
    'fn=(2)',
    '0x9000 7 0 600',
    '0x9004 8 0 400',
    'cob=(1)',
    'cfn=(1)',
    'calls=1 0x1000 10',
    '* * 0 12',
    '',
    'totals: 8 1012',
  ].join('\n');

  it('resolves ids, skips calls= costs and sums a function over its fn= blocks', () => {
    const profile = parseCallgrind(COMPRESSED, 'hand.callgrind');
    expect(profile).toEqual({
      events: ['Dr', 'Ir'],
      totals: 1012,
      selfTotal: 3 + 4 + 5 + 600 + 400,
      // Each calls the other: inclusive is self plus what the calls= lines say the callee cost.
      functions: [
        { name: 'memcpy', object: '/lib/libc.so.6', self: 1000, inclusive: 1000 + 12 },
        { name: 'main', object: '/opt/app/bin/server', self: 12, inclusive: 12 + 1000 },
      ],
      trigger: 'by hand',
    });
  });

  it('uses summary: when a part has no totals:, and fills missing costs with 0', () => {
    const text = ['events: Ir Dr', 'summary: 20 3', 'fn=f', '1 12', '2', '3 8 3'].join('\n');
    expect(parseCallgrind(text, 'x')).toMatchObject({ totals: 20, selfTotal: 20 });
    // Ir is the second event here; the first cost line has none.
    const second = ['events: Dr Ir', 'fn=f', '1 12', '2 1 5', 'totals: 13 5'].join('\n');
    expect(parseCallgrind(second, 'x')).toMatchObject({ totals: 5, selfTotal: 5 });
  });

  it('keeps functions of the same name in different objects apart, without an object as ""', () => {
    const text = [
      'events: Ir',
      'fn=init',
      '1 1',
      'ob=a.so',
      'fn=init',
      '1 2',
      'ob=b.so',
      'fn=init',
      '1 3',
    ].join('\n');
    expect(parseCallgrind(text + '\ntotals: 6', 'x').functions).toEqual([
      { name: 'init', object: 'b.so', self: 3, inclusive: 3 },
      { name: 'init', object: 'a.so', self: 2, inclusive: 2 },
      { name: 'init', object: '', self: 1, inclusive: 1 },
    ]);
  });

  it('reads a name that starts with "(" but no digit as a name', () => {
    const text = [
      'events: Ir',
      'fn=(below main)',
      '0 4',
      'fn=(7) (anonymous namespace)::f',
      '0 2',
      'totals: 6',
    ];
    expect(parseCallgrind(text.join('\n'), 'x').functions.map((cost) => cost.name)).toEqual([
      '(below main)',
      '(anonymous namespace)::f',
    ]);
  });

  it('accepts CRLF line ends', () => {
    const text = ['events: Ir', 'fn=(1) f', '0 4', 'fn=(1)', '0 2', 'totals: 6', ''].join('\r\n');
    expect(parseCallgrind(text, 'x').functions).toEqual([{ name: 'f', object: '', self: 6, inclusive: 6 }]);
  });

  it('names the file and line of an id used before it is defined', () => {
    const text = ['events: Ir', 'fn=(1) f', '0 1', 'cfn=(3)', 'calls=1 0', '0 5'].join('\n');
    const error = parseError(text);
    expect(error.message).toMatch(
      /^hand\.callgrind: line 4: cfn=\(3\) refers to id 3, which no earlier line/,
    );
  });

  it('keeps file, object and function ids in separate tables', () => {
    // fl=(1) defines file id 1, not function id 1.
    const error = parseError(['events: Ir', 'fl=(1) a.c', 'fn=(1)', '0 1'].join('\n'));
    expect(error.message).toContain('line 3: fn=(1) refers to id 1');
  });

  it.each([
    ['a position that is not a number', ['events: Ir', 'fn=f', '0 1', '12x 5'], 4, /"12x" where a position/],
    ['a cost that is not a number', ['events: Ir', 'fn=f', '+1 -5'], 3, /"-5" where a cost/],
    ['a bare "+"', ['events: Ir', 'fn=f', '+ 5'], 3, /"\+" where a position/],
    ['"**"', ['events: Ir', 'fn=f', '** 5'], 3, /"\*\*" where a position/],
    ['more costs than events', ['events: Ir', 'fn=f', '1 2 3'], 3, /more costs than the 1 event/],
    [
      'too few position columns',
      ['positions: instr line', 'events: Ir', 'fn=f', '0x10'],
      4,
      /fewer than the 2 position/,
    ],
    ['a cost line before any fn=', ['events: Ir', '1 5'], 2, /before any fn=/],
    ['a cost line before events:', ['fn=f', '1 5'], 2, /before any events:/],
    [
      'calls= followed by a spec line',
      ['events: Ir', 'fn=f', 'cfn=g', 'calls=1 0', 'fn=g'],
      5,
      /calls= on line 4/,
    ],
    ['calls= as the last line', ['events: Ir', 'fn=f', 'calls=1 0'], 3, /calls= on line 3 is the last line/],
    ['calls= without a target', ['events: Ir', 'fn=f', 'calls=1', '0 1'], 3, /calls=1 is not/],
    ['an unknown specification', ['events: Ir', 'fx=f'], 2, /unknown specification "fx="/],
    ['a line that is neither', ['events: Ir', 'fn=f', ' 1 2'], 3, /cannot read " 1 2"/],
    ['an unclosed id', ['events: Ir', 'fn=(12 f'], 2, /malformed compressed id/],
    ['an unknown position name', ['positions: line column', 'events: Ir'], 1, /positions: "line column"/],
    [
      'a totals: that is not numbers',
      ['events: Ir', 'fn=f', '1 5', 'totals: lots'],
      4,
      /"lots" where a number/,
    ],
    ['a cost beyond 2^53', ['events: Ir', 'fn=f', '1 9007199254740993'], 3, /too large/],
    ['no totals: nor summary:', ['events: Ir', 'fn=f', '1 5'], 3, /starts at line 1 has neither a totals:/],
    ['no events: line', ['# callgrind format', 'version: 1'], 2, /no events: line/],
  ])('rejects %s with its line number', (_what, lines, line, pattern) => {
    const error = parseError(lines.join('\n'));
    expect(error.message).toMatch(new RegExp(`^hand\\.callgrind: line ${line}: `));
    expect(error.message).toMatch(pattern);
  });

  it('refuses a dump without the Ir event, naming the file', () => {
    const error = parseError(['events: Dr Dw', 'fn=f', '1 5 6', 'totals: 5 6'].join('\n'));
    expect(error.message).toMatch(/^hand\.callgrind: line 1: .*"Dr Dw" but not Ir/);
  });

  it('refuses a later part without Ir', () => {
    const text = ['part: 1', 'events: Ir', 'fn=f', '1 5', 'totals: 5', 'part: 2', 'events: Dr', 'fn=f'];
    expect(parseError(text.join('\n')).message).toMatch(/^hand\.callgrind: line 7: .*but not Ir/);
  });

  it('parses tens of MB in well under the time a dump takes to make', () => {
    // 200,000 cost lines, with positions compression, under 1000 functions: about 2.4 MB. A
    // quadratic or backtracking parser would take far longer than the linear bound asserted here.
    const body: string[] = ['positions: instr line', 'events: Ir'];
    for (let fn = 0; fn < 1000; fn++) {
      body.push(`fn=(${fn}) function_${fn}`, `0x${(fn * 4096).toString(16)} 10 3`);
      for (let line = 1; line < 200; line++) body.push(`+4 ${line % 3 === 0 ? '*' : '+1'} 3`);
    }
    body.push(`totals: ${1000 * 200 * 3}`);
    const text = body.join('\n');
    const started = performance.now();
    const profile = parseCallgrind(text, 'x');
    const elapsed = performance.now() - started;
    expect(profile.selfTotal).toBe(600000);
    expect(profile.functions).toHaveLength(1000);
    // ~50 ms here; 2 s leaves room for slow CI machines while still catching a blow-up.
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('inclusiveCost', () => {
  // outer calls inner (inclusive 30) and helper; only outer and inner match /er$/.
  const TEXT = [
    'events: Ir',
    'fn=(1) outer',
    '1 5',
    'cfn=(2) inner',
    'calls=2 10',
    '1 30',
    'cfn=(3) helper',
    'calls=1 20',
    '2 7',
    'fn=(2)',
    '10 30',
    'fn=(3)',
    '20 7',
    'totals: 42',
  ].join('\n');

  it('picks the matching function with the largest inclusive cost', () => {
    const profile = parseCallgrind(TEXT, 'x');
    expect(inclusiveCost(profile, (name) => name.endsWith('er'))).toEqual({
      name: 'outer',
      object: '',
      self: 5,
      inclusive: 42,
    });
    expect(inclusiveCost(profile, (name) => name === 'inner')).toMatchObject({ inclusive: 30 });
    expect(inclusiveCost(profile, (name) => name === 'absent')).toBeUndefined();
  });

  it('finds spin in the loop dump with its callee included', () => {
    expect(inclusiveCost(fixture(LOOP_LINE), (name) => name === 'spin')?.inclusive).toBe(11013);
  });
});

describe('foldRecursion in topFunctionDeltas', () => {
  it("counts a recursive function's frames (name'2, name'3) as the function", () => {
    const deltas = topFunctionDeltas(
      [{ name: 'f(int)', object: 'o', self: 100 }],
      [
        { name: 'f(int)', object: 'o', self: 100 },
        { name: "f(int)'2", object: 'o', self: 50 },
        { name: "f(int)'13", object: 'o', self: 25 },
      ],
      { baseScale: 1, headScale: 1, limit: 5 },
    );
    expect(deltas.map((delta) => [delta.name, delta.base, delta.head, delta.delta])).toEqual([
      ['f(int)', 100, 175, 75],
    ]);
  });
});

describe('topFunctionDeltas', () => {
  const base: SelfCost[] = [
    { name: 'alloc_root', object: '/base/sql/mariadbd', self: 8000 },
    { name: 'JOIN::prepare()', object: '/base/sql/mariadbd', self: 2000 },
    { name: 'memcpy', object: '/lib/libc.so.6', self: 3000 },
    { name: 'gone', object: '/base/sql/mariadbd', self: 500 },
    { name: 'same', object: '/base/sql/mariadbd', self: 100 },
  ];
  const head: SelfCost[] = [
    { name: 'alloc_root', object: '/head/build/mariadbd', self: 18000 },
    { name: 'JOIN::prepare()', object: '/head/build/mariadbd', self: 1000 },
    { name: 'memcpy', object: '/usr/lib/libc.so.6', self: 6600 },
    { name: 'new_function', object: '/head/build/mariadbd', self: 1200 },
    { name: 'same', object: '/head/build/mariadbd', self: 200 },
  ];

  it('compares per unit of work, matching by object basename and name', () => {
    // base covers 10 transactions, head 20.
    const deltas = topFunctionDeltas(base, head, { baseScale: 10, headScale: 20, limit: 10 });
    expect(deltas).toEqual([
      { name: 'JOIN::prepare()', object: '/head/build/mariadbd', base: 200, head: 50, delta: -150 },
      { name: 'alloc_root', object: '/head/build/mariadbd', base: 800, head: 900, delta: 100 },
      { name: 'new_function', object: '/head/build/mariadbd', base: 0, head: 60, delta: 60 },
      { name: 'gone', object: '/base/sql/mariadbd', base: 50, head: 0, delta: -50 },
      { name: 'memcpy', object: '/usr/lib/libc.so.6', base: 300, head: 330, delta: 30 },
    ]);
    // 'same' costs 10 per transaction on both sides, so it is not a change.
    expect(deltas.map((delta) => delta.name)).not.toContain('same');
  });

  it('returns at most limit functions, the largest changes first', () => {
    const deltas = topFunctionDeltas(base, head, { baseScale: 10, headScale: 20, limit: 2 });
    expect(deltas.map((delta) => [delta.name, delta.delta])).toEqual([
      ['JOIN::prepare()', -150],
      ['alloc_root', 100],
    ]);
  });

  it('does not match functions of the same name in differently named objects', () => {
    const deltas = topFunctionDeltas(
      [{ name: 'init', object: '/a/liba.so', self: 10 }],
      [{ name: 'init', object: '/a/libb.so', self: 10 }],
      { baseScale: 1, headScale: 1, limit: 5 },
    );
    expect(deltas).toEqual([
      { name: 'init', object: '/a/liba.so', base: 10, head: 0, delta: -10 },
      { name: 'init', object: '/a/libb.so', base: 0, head: 10, delta: 10 },
    ]);
  });

  it.each([
    [{ baseScale: 0, headScale: 1, limit: 1 }, /baseScale must be a positive number, got 0/],
    [{ baseScale: 1, headScale: Number.NaN, limit: 1 }, /headScale must be a positive number, got NaN/],
    [{ baseScale: 1, headScale: 1, limit: 1.5 }, /limit must be a non-negative integer, got 1.5/],
  ])('refuses bad options %p', (options, pattern) => {
    expect(thrownBy(ResultsError, () => topFunctionDeltas(base, head, options)).message).toMatch(pattern);
  });
});
