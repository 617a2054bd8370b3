// The one reader of callgrind's format, piece by piece: errors, name compression, and the records
// it makes of small dumps (compressed and plain names, relative positions, the file a cost line is
// in, calls, several events, parts). callgrind-syntax.test.ts checks the characters,
// callgrind-layout.test.ts the cost line columns, callgrind-functions.test.ts what FunctionProfile
// adds up, and callgrind-dumps.test.ts both visitors on the same dumps.
import { CallgrindLocation, CallgrindReader, CompressedNames } from '../../src/cost/callgrind-reader.js';
import type { CallgrindRecord, CallgrindVisitor } from '../../src/cost/callgrind-records.js';
import { at, failure, recordsOf } from '../helpers/callgrind.js';

describe('CallgrindLocation', () => {
  it('names the file and line, and asks whether the file is whole unless told otherwise', () => {
    expect(failure(() => at(7).fail('bad'))).toBe(
      't.callgrind: line 7: bad; is this a complete, unmodified callgrind output file?',
    );
    expect(failure(() => at(2).fail('bad', '; do this'))).toBe('t.callgrind: line 2: bad; do this');
  });
});

describe('CompressedNames', () => {
  it('defines an id with "(id) name" and resolves "(id)" to that name', () => {
    const names = new CompressedNames(at(1));
    expect(names.resolve('function', 'fn', '(3) main')).toBe('main');
    expect(names.resolve('function', 'cfn', '(3)')).toBe('main');
    expect(names.resolve('function', 'fn', 'plain name')).toBe('plain name');
  });

  it('keeps one table per kind, shared by the keys of that kind', () => {
    const names = new CompressedNames(at(4));
    names.resolve('object', 'cob', '(1) libc.so.6');
    names.resolve('file', 'fl', '(1) main.c');
    expect(names.resolve('object', 'ob', '(1)')).toBe('libc.so.6');
    expect(names.resolve('file', 'fi', '(1)')).toBe('main.c');
    expect(failure(() => names.resolve('function', 'fn', '(1)'))).toMatch(
      /^t\.callgrind: line 4: fn=\(1\) refers to id 1, which no earlier line defined/,
    );
  });

  it('lets a later definition of an id win, as each part of a dump redefines them', () => {
    const names = new CompressedNames(at(1));
    names.resolve('function', 'fn', '(1) old');
    names.resolve('function', 'fn', '(1)\tnew');
    expect(names.resolve('function', 'fn', '(1)')).toBe('new');
  });

  it('reads "(" without a digit as part of a name, and refuses an unclosed id', () => {
    const names = new CompressedNames(at(9));
    expect(names.resolve('function', 'fn', '(below main)')).toBe('(below main)');
    expect(failure(() => names.resolve('function', 'fn', '(12 f'))).toMatch(
      /line 9: fn=\(12 f has a malformed compressed id/,
    );
    expect(failure(() => names.resolve('function', 'fn', '(1x) f'))).toMatch(/malformed compressed id/);
  });
});

/** The cost and call records of `lines`: kind, function, file, positions and costs. */
function costRows(
  lines: readonly string[],
): [string, string, string, readonly number[], readonly number[]][] {
  return recordsOf(lines).flatMap((record) =>
    record.kind === 'cost' || record.kind === 'call'
      ? [[record.kind, record.function.name, record.file, record.positions, record.costs]]
      : [],
  );
}

function callsOf(lines: readonly string[]): Extract<CallgrindRecord, { kind: 'call' }>[] {
  return recordsOf(lines).flatMap((record) => (record.kind === 'call' ? [record] : []));
}

describe('CallgrindReader: names', () => {
  const main = { object: '/bin/app', file: 'a.c', name: 'main' };
  const memcpy = { object: '/lib/libc.so', file: 's.c', name: 'memcpy' };
  const plain = [
    'events: Ir',
    'ob=/bin/app',
    'fl=a.c',
    'fn=main',
    '1 5',
    'cob=/lib/libc.so',
    'cfi=s.c',
    'cfn=memcpy',
    'calls=1 10',
    '1 100',
    'ob=/lib/libc.so',
    'fl=s.c',
    'fn=memcpy',
    '10 100',
    'ob=/bin/app',
    'fl=a.c',
    'fn=main',
    '2 3',
  ];
  // Ids shared by ob=/cob=, fl=/cfi= and fn=/cfn=, and the same id number in each table.
  const compressed = [
    'events: Ir',
    'ob=(1) /bin/app',
    'fl=(1) a.c',
    'fn=(1) main',
    '1 5',
    'cob=(2) /lib/libc.so',
    'cfi=(2) s.c',
    'cfn=(2) memcpy',
    'calls=1 10',
    '1 100',
    'ob=(2)',
    'fl=(2)',
    'fn=(2)',
    '10 100',
    'ob=(1)',
    'fl=(1)',
    'fn=(1)',
    '2 3',
  ];

  it('reports functions entered, self costs and calls, by name', () => {
    expect(recordsOf(plain)).toEqual([
      { kind: 'events', names: ['Ir'] },
      { kind: 'function', function: main },
      { kind: 'cost', function: main, file: 'a.c', positions: [1], costs: [5] },
      {
        kind: 'call',
        function: main,
        file: 'a.c',
        positions: [1],
        costs: [100],
        count: 1,
        callee: memcpy,
        target: [10],
      },
      { kind: 'function', function: memcpy },
      { kind: 'cost', function: memcpy, file: 's.c', positions: [10], costs: [100] },
      { kind: 'function', function: main },
      { kind: 'cost', function: main, file: 'a.c', positions: [2], costs: [3] },
    ]);
  });

  it('makes the same records of compressed names', () => {
    expect(recordsOf(compressed)).toEqual(recordsOf(plain));
  });
});

describe('CallgrindReader: positions', () => {
  const f = ['events: Ir', 'fn=f'];
  it.each([
    [
      'relative to the last cost line, "*" the same',
      [...f, '10 1', '+2 1', '* 1', '-3 1', '0x20 1'],
      [[10], [12], [12], [9], [32]],
    ],
    [
      'per column, for positions: instr line',
      ['positions: instr line', ...f, '0x10 5 1', '+4 * 1', '+2 +1 1', '-6 -1 1'],
      [
        [16, 5],
        [20, 5],
        [22, 6],
        [16, 5],
      ],
    ],
    ['from 0 again after part:', [...f, '10 1', 'part: 2', 'fn=f', '+1 1'], [[10], [1]]],
    ['from 0 again after positions:', [...f, '10 1', 'positions: line', '+1 1'], [[10], [1]]],
    // callgrind_annotate reads them so too; callgrind writes a call's line as "*" or in full.
    [
      "moved by a call's cost line",
      [...f, '10 1', 'cfn=g', 'calls=1 50', '+2 100', '+1 1'],
      [[10], [12], [13]],
    ],
    [
      'moved by the line after jump= and jcnd=',
      [...f, '10 1', 'jump=1 +5', '+2', '+1 1', 'jcnd=1/2 +9', '-4', '+1 1'],
      [[10], [13], [10]],
    ],
    [
      "not moved by a call's target",
      [...f, '10 1', 'cfn=g', 'calls=1 +5', '* 100', '+1 1'],
      [[10], [10], [11]],
    ],
  ])('%s', (_what, lines, positions) => {
    expect(costRows(lines).map(([, , , at]) => at)).toEqual(positions);
  });

  it("resolves a call's target like a cost line's positions", () => {
    const lines = [
      'positions: instr line',
      'events: Ir',
      'fn=f',
      '0x100 7 1',
      'cfn=g',
      'calls=3 +0x10 -2',
      '* * 50',
    ];
    expect(callsOf(lines).map((call) => [call.target, call.positions, call.count])).toEqual([
      [[272, 5], [256, 7], 3],
    ]);
    expect(failure(() => recordsOf(['events: Ir', 'fn=f', 'cfn=g', 'calls=1 +x', '1 5']))).toMatch(
      /line 4: calls=1 \+x is not "calls=<count> <target position>"/,
    );
  });
});

describe('CallgrindReader: files', () => {
  it("puts cost lines in fl=, fi= and fe= files, and fn= back in its function's file", () => {
    const lines = [
      'events: Ir',
      'fl=(1) a.c',
      'fn=(1) f',
      '1 1',
      'fi=(2) b.h',
      '2 1',
      'fe=(1)',
      '3 1',
      'fi=(2)',
      '4 1',
      'fn=(2) g',
      '5 1',
      'fl=(3) c.c',
      'fn=(3) h',
      '6 1',
    ];
    expect(costRows(lines).map(([, name, file]) => `${name} ${file}`)).toEqual([
      'f a.c',
      'f b.h',
      'f a.c',
      'f b.h',
      'g a.c',
      'h c.c',
    ]);
    const functions = recordsOf(lines).flatMap((record) =>
      record.kind === 'function' ? [record.function] : [],
    );
    expect(functions.map(({ name, file }) => `${name} ${file}`)).toEqual(['f a.c', 'g a.c', 'h c.c']);
  });

  it('starts a part with no object, file or function in force', () => {
    const lines = ['events: Ir', 'ob=a.so', 'fl=a.c', 'fn=f', '1 1', 'part: 2', 'fn=g', '1 1'];
    expect(
      recordsOf(lines).flatMap((record) => (record.kind === 'function' ? [record.function] : [])),
    ).toEqual([
      { object: 'a.so', file: 'a.c', name: 'f' },
      { object: '', file: '', name: 'g' },
    ]);
    expect(failure(() => recordsOf([...lines.slice(0, 6), '1 1']))).toMatch(
      /line 7: cost line before any fn= line/,
    );
  });
});

describe('CallgrindReader: calls', () => {
  const lines = [
    'events: Ir',
    'ob=(1) app',
    'fl=(1) a.c',
    'fn=(1) f',
    '1 4',
    'fi=(2) b.h',
    'cfn=(2) g',
    'calls=2 40',
    '7 30',
    'cob=(3) lib.so',
    'cfl=(3) c.c',
    'cfn=(3) h',
    'calls=1 0x10',
    '8 20',
    'cfn=(2)',
    'calls=5 41',
    '9 10',
  ];

  it('makes the line after calls= a call, with no self cost in it', () => {
    expect(costRows(lines).map(([kind, , , , costs]) => [kind, costs])).toEqual([
      ['cost', [4]],
      ['call', [30]],
      ['call', [20]],
      ['call', [10]],
    ]);
  });

  it("names the callee: cob= and cfi=/cfl= for one call, else the caller's object and the current file", () => {
    expect(
      callsOf(lines).map(({ file, count, callee, target }) => ({ file, count, callee, target })),
    ).toEqual([
      { file: 'b.h', count: 2, callee: { object: 'app', file: 'b.h', name: 'g' }, target: [40] },
      { file: 'b.h', count: 1, callee: { object: 'lib.so', file: 'c.c', name: 'h' }, target: [16] },
      { file: 'b.h', count: 5, callee: { object: 'app', file: 'b.h', name: 'g' }, target: [41] },
    ]);
  });

  it('wants a cfn= before every calls=', () => {
    expect(failure(() => recordsOf(['events: Ir', 'fn=f', 'calls=1 0', '0 5']))).toMatch(
      /line 4: calls= on line 3 has no cfn= naming the function called/,
    );
    expect(
      failure(() => recordsOf(['events: Ir', 'fn=f', 'cfn=g', 'calls=1 0', '0 5', 'calls=1 0', '0 5'])),
    ).toMatch(/line 7: calls= on line 6 has no cfn=/);
  });
});

describe('CallgrindReader: events', () => {
  it('gives one cost per event of the events: line in force, 0 for those a line leaves out', () => {
    const lines = [
      'events: Ir Dr Dw',
      'summary: 9 3',
      'fn=f',
      '1 5',
      '2 5 1 2',
      '3 4',
      'events: Dr Ir',
      '4 7 8',
      'totals: 1 2',
    ];
    expect(recordsOf(lines).filter((record) => record.kind !== 'function')).toEqual([
      { kind: 'events', names: ['Ir', 'Dr', 'Dw'] },
      { kind: 'summary', costs: [9, 3, 0] },
      {
        kind: 'cost',
        function: { object: '', file: '', name: 'f' },
        file: '',
        positions: [1],
        costs: [5, 0, 0],
      },
      {
        kind: 'cost',
        function: { object: '', file: '', name: 'f' },
        file: '',
        positions: [2],
        costs: [5, 1, 2],
      },
      {
        kind: 'cost',
        function: { object: '', file: '', name: 'f' },
        file: '',
        positions: [3],
        costs: [4, 0, 0],
      },
      { kind: 'events', names: ['Dr', 'Ir'] },
      {
        kind: 'cost',
        function: { object: '', file: '', name: 'f' },
        file: '',
        positions: [4],
        costs: [7, 8],
      },
      { kind: 'totals', costs: [1, 2] },
    ]);
  });
});

describe('CallgrindReader: headers', () => {
  it('reports part:, desc: and positions: lines, and skips the headers it has no use for', () => {
    const lines = [
      'version: 1',
      'creator: callgrind-3.19.0',
      'desc: Trigger: dump one',
      'desc: I1 cache: 32768 B',
      'events: Ir',
      'positions: instr line',
      'part: 2',
      'desc: Timerange: Basic block 0 - 5',
      'desc: odd',
    ];
    expect(recordsOf(lines)).toEqual([
      { kind: 'description', type: 'Trigger', value: 'dump one' },
      { kind: 'description', type: 'I1 cache', value: '32768 B' },
      { kind: 'events', names: ['Ir'] },
      { kind: 'positions', names: ['instr', 'line'] },
      { kind: 'part' },
      { kind: 'description', type: 'Timerange', value: 'Basic block 0 - 5' },
      { kind: 'description', type: 'odd', value: '' },
    ]);
  });

  it('reads every line the same for a visitor that takes no records', () => {
    const read = (lines: readonly string[], visitor: CallgrindVisitor = {}): void => {
      const reader = new CallgrindReader(new CallgrindLocation('t.callgrind'), visitor);
      for (const line of lines) reader.read(line);
      reader.finish();
    };
    expect(() => {
      read(['positions: instr line', 'events: Ir Dr', 'fn=f', '1 2 5', 'totals: 5']);
    }).not.toThrow();
    expect(
      failure(() => {
        read(['events: Dr']);
      }),
    ).toMatch(/line 1: .*"Dr" but not Ir/);
    expect(
      failure(() => {
        read(['positions: instr line', 'events: Ir', 'fn=f', '0x10']);
      }),
    ).toMatch(/line 4: cost line "0x10" has fewer than the 2 position column/);
    expect(
      failure(() => {
        read(['events: Ir', 'summary: x']);
      }),
    ).toMatch(/line 2: summary: has "x"/);
  });
});
