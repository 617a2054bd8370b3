// The pieces parseCallgrind is made of, one at a time: the character-level syntax, name
// compression, the cost line layout, part totals, function costs, and the reader's handling of
// each kind of line. callgrind.test.ts checks the whole on real dumps.
import {
  CallgrindLocation,
  CallgrindReader,
  CompressedNames,
  CostLayout,
  FunctionCosts,
  PartTotals,
} from '../../src/cost/callgrind-reader.js';
import {
  isSubpositionAt,
  numberAt,
  parseNumber,
  splitKeyedLine,
  splitTokens,
  startsCostLine,
} from '../../src/cost/callgrind-syntax.js';
import { ResultsError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

/** A location at `lineNumber` of a file named "t.callgrind". */
function at(lineNumber: number): CallgrindLocation {
  const location = new CallgrindLocation('t.callgrind');
  location.lineNumber = lineNumber;
  return location;
}

function failure(fn: () => unknown): string {
  return thrownBy(ResultsError, fn).message;
}

/** Reads `lines` and returns the profile, or throws the first error. */
function readAll(lines: readonly string[]): ReturnType<CallgrindReader['finish']> {
  const reader = new CallgrindReader('t.callgrind');
  for (const line of lines) reader.read(line);
  return reader.finish();
}

describe('callgrind syntax', () => {
  it('reads decimal and 0x numbers in place, and nothing else', () => {
    expect(parseNumber('1234')).toBe(1234);
    expect(parseNumber('0x1F')).toBe(31);
    expect(parseNumber('0X10')).toBe(16);
    expect(numberAt('ab 42 cd', 3, 5)).toBe(42);
    for (const bad of ['', '0x', '12x', '-1', '+1', '0xg', '1.5']) expect(parseNumber(bad)).toBe(-1);
  });

  it('tells subpositions (absolute, relative, "*") from anything else', () => {
    for (const good of ['12', '0x400', '+3', '-3', '+0x10', '*']) {
      expect(isSubpositionAt(good, 0, good.length)).toBe(true);
    }
    for (const bad of ['+', '-', '**', '*1', '+-1', 'x'])
      expect(isSubpositionAt(bad, 0, bad.length)).toBe(false);
  });

  it('knows a cost line by its first character', () => {
    expect(['0', '9', '+', '-', '*'].map((char) => startsCostLine(char.charCodeAt(0)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['f', ' ', '#', '('].some((char) => startsCostLine(char.charCodeAt(0)))).toBe(false);
  });

  it('splits tokens on spaces and tabs', () => {
    expect(splitTokens(' a\tb  c ')).toEqual(['a', 'b', 'c']);
    expect(splitTokens('')).toEqual([]);
  });

  it('splits key=value and key: value lines, and nothing else', () => {
    expect(splitKeyedLine('fn=(1) main')).toEqual({ key: 'fn', separator: '=', value: '(1) main' });
    expect(splitKeyedLine('events:\t Ir Dr')).toEqual({ key: 'events', separator: ':', value: 'Ir Dr' });
    expect(splitKeyedLine('fn=')).toEqual({ key: 'fn', separator: '=', value: '' });
    for (const other of [' fn=x', 'Fn=x', '=x', 'fn x', 'fn2=x'])
      expect(splitKeyedLine(other)).toBeUndefined();
  });
});

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

describe('CostLayout', () => {
  function layout(positions: string | undefined, events: string): CostLayout {
    const result = new CostLayout(at(5));
    if (positions !== undefined) result.setPositions(positions);
    result.setEvents(events);
    return result;
  }

  it('takes Ir from its column after the positions, 0 when the line leaves it out', () => {
    expect(layout(undefined, 'Ir').costLineIr('10 7')).toBe(7);
    expect(layout('instr line', 'Dr Ir').costLineIr('0x10 +2 3 9')).toBe(9);
    expect(layout('instr line', 'Dr Ir').costLineIr('* -1 3')).toBe(0);
    expect(layout('line', 'Ir Dr').costLineIr('+1')).toBe(0);
  });

  it('counts the position columns positions: names', () => {
    expect(layout('instr bb line', 'Ir').positionCount).toBe(3);
    expect(new CostLayout(at(1)).positionCount).toBe(1);
    expect(failure(() => layout('instr line', 'Ir').costLineIr('0x10'))).toMatch(
      /line 5: cost line "0x10" has fewer than the 2 position column/,
    );
  });

  it('refuses a position or cost that is not one, and more costs than events', () => {
    const ir = layout(undefined, 'Ir');
    expect(failure(() => ir.costLineIr('1x 5'))).toMatch(/"1x" where a position belongs/);
    expect(failure(() => ir.costLineIr('1 +5'))).toMatch(/"\+5" where a cost belongs/);
    expect(failure(() => ir.costLineIr('1 5 6'))).toMatch(/more costs than the 1 event/);
    expect(failure(() => ir.costLineIr('1 9007199254740993'))).toMatch(/too large to add up exactly/);
  });

  it('needs events: before costs, and Ir among the events', () => {
    expect(failure(() => new CostLayout(at(2)).costLineIr('1 5'))).toMatch(
      /line 2: cost line before any events:/,
    );
    expect(failure(() => new CostLayout(at(2)).totalIr('totals', '5'))).toMatch(
      /totals: comes before any events:/,
    );
    const message = failure(() => layout(undefined, 'Dr Dw'));
    expect(message).toMatch(/"Dr Dw" but not Ir \(instructions executed\); run valgrind/);
    expect(message).not.toMatch(/unmodified/);
    expect(failure(() => layout(undefined, ''))).toMatch(/events: names no event/);
    expect(failure(() => layout('line column', 'Ir'))).toMatch(/positions: "line column" is not a list/);
  });

  it('reports the events of the first events: line', () => {
    const both = layout(undefined, 'Ir Dr');
    both.setEvents('Dr Ir');
    expect(both.firstEvents).toEqual(['Ir', 'Dr']);
    expect(both.costLineIr('1 4 6')).toBe(6);
  });

  it('reads the Ir of summary: and totals:, checking every number', () => {
    expect(layout(undefined, 'Dr Ir').totalIr('summary', '3 40')).toBe(40);
    expect(failure(() => layout(undefined, 'Ir').totalIr('totals', '4 lots'))).toMatch(
      /totals: has "lots" where a number belongs/,
    );
  });
});

describe('PartTotals', () => {
  it('sums totals: over parts, falling back to summary:', () => {
    const location = at(1);
    const parts = new PartTotals(location);
    parts.setSummary(10);
    parts.setTotals(12);
    location.lineNumber = 20;
    parts.close();
    parts.setSummary(5);
    parts.close();
    expect(parts.total).toBe(17);
  });

  it('needs neither for a part without content, one or the other for a part with some', () => {
    const location = at(1);
    const parts = new PartTotals(location);
    parts.close();
    expect(parts.total).toBe(0);
    parts.noteContent();
    location.lineNumber = 12;
    expect(
      failure(() => {
        parts.close();
      }),
    ).toMatch(
      /^t\.callgrind: line 12: the part that starts at line 1 has neither a totals: nor a summary: line/,
    );
  });

  it('names the part: line a failing part starts at', () => {
    const location = at(1);
    const parts = new PartTotals(location);
    parts.setTotals(3);
    location.lineNumber = 6;
    parts.close();
    parts.noteContent();
    location.lineNumber = 9;
    expect(
      failure(() => {
        parts.close();
      }),
    ).toMatch(/line 9: the part that starts at line 6 has neither/);
  });
});

describe('FunctionCosts', () => {
  it('adds self cost to self and inclusive, call cost to inclusive only', () => {
    const costs = new FunctionCosts(at(1));
    costs.enterFunction('f');
    costs.addSelf(5);
    costs.addCall(100);
    expect(costs.list()).toEqual({
      selfTotal: 5,
      functions: [{ name: 'f', object: '', self: 5, inclusive: 105 }],
    });
  });

  it('sums fn= blocks of one function and keeps objects apart', () => {
    const costs = new FunctionCosts(at(1));
    costs.enterFunction('init');
    costs.addSelf(1);
    costs.enterObject('a.so');
    costs.enterFunction('init');
    costs.addSelf(2);
    costs.enterFunction('other');
    costs.enterObject('');
    costs.enterFunction('init');
    costs.addSelf(4);
    expect(costs.list().functions).toEqual([
      { name: 'init', object: '', self: 5, inclusive: 5 },
      { name: 'init', object: 'a.so', self: 2, inclusive: 2 },
    ]);
  });

  it('sorts by self cost, then name, then object, and leaves out functions that cost nothing', () => {
    const costs = new FunctionCosts(at(1));
    for (const [object, name, self] of [
      ['b', 'g', 3],
      ['a', 'g', 3],
      ['a', 'f', 3],
      ['a', 'h', 9],
      ['a', 'zero', 0],
    ] as const) {
      costs.enterObject(object);
      costs.enterFunction(name);
      costs.addSelf(self);
    }
    expect(costs.list().functions.map((cost) => `${cost.object}:${cost.name}`)).toEqual([
      'a:h',
      'a:f',
      'a:g',
      'b:g',
    ]);
  });

  it('forgets the object and function at a new part', () => {
    const costs = new FunctionCosts(at(3));
    costs.enterObject('a.so');
    costs.enterFunction('f');
    costs.startPart();
    expect(
      failure(() => {
        costs.addSelf(1);
      }),
    ).toMatch(/line 3: cost line before any fn= line/);
    costs.enterFunction('f');
    costs.addSelf(1);
    expect(costs.list().functions).toEqual([{ name: 'f', object: '', self: 1, inclusive: 1 }]);
  });

  it('names the line kind that came before any fn=', () => {
    const costs = new FunctionCosts(at(2));
    expect(
      failure(() => {
        costs.requireFunction('calls=');
      }),
    ).toMatch(/line 2: calls= before any fn= line/);
    expect(
      failure(() => {
        costs.addCall(1);
      }),
    ).toMatch(/cost line before any fn= line/);
  });
});

describe('CallgrindReader, one kind of line at a time', () => {
  it('skips comments and blank lines, and counts them as lines', () => {
    expect(failure(() => readAll(['# comment', '', 'events: Ir', 'fn=f', '1 x']))).toMatch(
      /^t\.callgrind: line 5: /,
    );
  });

  it('fn= with an id cfn= defined', () => {
    const profile = readAll(['events: Ir', 'cfn=(4) callee', 'fn=(4)', '1 3', 'totals: 3']);
    expect(profile.functions).toEqual([{ name: 'callee', object: '', self: 3, inclusive: 3 }]);
  });

  it('fl=, fi= and fe= define file ids only, and leave costs with the function', () => {
    const lines = [
      'events: Ir',
      'fl=(1) a.c',
      'fn=f',
      '1 1',
      'fi=(2) b.h',
      '1 2',
      'fe=(1)',
      '1 3',
      'totals: 6',
    ];
    expect(readAll(lines).functions).toEqual([{ name: 'f', object: '', self: 6, inclusive: 6 }]);
    expect(failure(() => readAll(['events: Ir', 'fl=(1) a.c', 'fi=(2)']))).toMatch(
      /line 3: fi=\(2\) refers to id 2/,
    );
    expect(failure(() => readAll(['events: Ir', 'cfi=(1) a.c', 'fn=(1)']))).toMatch(
      /fn=\(1\) refers to id 1/,
    );
  });

  it('ob= sets the object of the functions after it; cob= only defines an id', () => {
    const lines = ['events: Ir', 'cob=(1) lib.so', 'fn=f', '1 1', 'ob=(1)', 'fn=f', '1 2', 'totals: 3'];
    expect(readAll(lines).functions).toEqual([
      { name: 'f', object: 'lib.so', self: 2, inclusive: 2 },
      { name: 'f', object: '', self: 1, inclusive: 1 },
    ]);
  });

  it('calls= makes the next cost line inclusive cost of the caller, not self cost', () => {
    const lines = ['events: Ir', 'fn=f', '1 1', 'cfn=g', 'calls=3 0x40', '2 30', '3 2', 'totals: 33'];
    expect(readAll(lines)).toMatchObject({
      selfTotal: 3,
      functions: [{ name: 'f', self: 3, inclusive: 33 }],
    });
  });

  it('calls= needs a count and as many target positions as positions: names', () => {
    const two = ['positions: instr line', 'events: Ir', 'fn=f'];
    expect(failure(() => readAll([...two, 'calls=1 0x40']))).toMatch(
      /line 4: calls=1 0x40 is not "calls=<count>/,
    );
    expect(failure(() => readAll([...two, 'calls=x 0x40 3']))).toMatch(/calls=x 0x40 3 is not/);
    expect(failure(() => readAll(['events: Ir', 'calls=1 0', '1 5']))).toMatch(
      /line 2: calls= before any fn= line/,
    );
  });

  it.each(['jump=1 +2', 'jcnd=3/5 +2'])('%s makes the next line count for nothing', (jump) => {
    const profile = readAll(['events: Ir', 'fn=f', '1 1', jump, '+1 77', '+1 2', 'totals: 3']);
    expect(profile.functions).toEqual([{ name: 'f', object: '', self: 3, inclusive: 3 }]);
  });

  it('wants a cost line right after calls=, jump= and jcnd=', () => {
    expect(failure(() => readAll(['events: Ir', 'fn=f', 'jump=1 2', '']))).toMatch(
      /line 4: jump= on line 3 must be followed by a cost line/,
    );
    expect(failure(() => readAll(['events: Ir', 'fn=f', 'jcnd=1/2 2', '# no']))).toMatch(
      /jcnd= on line 3 must be followed/,
    );
    expect(failure(() => readAll(['events: Ir', 'fn=f', 'jump=1 2']))).toMatch(
      /line 3: jump= on line 3 is the last line/,
    );
  });

  it('refuses a specification it does not know, even one named like an object property', () => {
    for (const key of ['fx', 'constructor']) {
      expect(failure(() => readAll(['events: Ir', `${key}=(1) f`]))).toMatch(
        new RegExp(`line 2: unknown specification "${key}="`),
      );
    }
  });

  it('part: closes the part before it and forgets its object and function', () => {
    const lines = [
      'events: Ir',
      'ob=a.so',
      'fn=f',
      '1 5',
      'totals: 5',
      'part: 2',
      'fn=f',
      '1 3',
      'totals: 3',
    ];
    expect(readAll(lines)).toMatchObject({
      totals: 8,
      functions: [
        { name: 'f', object: 'a.so', self: 5 },
        { name: 'f', object: '', self: 3 },
      ],
    });
    expect(failure(() => readAll(['events: Ir', 'fn=f', '1 5', 'totals: 5', 'part: 2', '1 3']))).toMatch(
      /line 6: cost line before any fn= line/,
    );
  });

  it('desc: Trigger: values, each once, in order; other desc: and unknown headers are skipped', () => {
    const lines = [
      'events: Ir',
      'desc: Trigger: dump one',
      'desc: I1 cache: 32768 B',
      'desc: Trigger: dump two',
      'desc: Trigger:   dump one  ',
      'cmd: ./a.out --flag',
      'somethingnew: 12',
      'totals: 0',
    ];
    expect(readAll(lines).trigger).toBe('dump one; dump two');
    expect(readAll(['events: Ir', 'totals: 0'])).not.toHaveProperty('trigger');
  });

  it('refuses a line that is neither a cost line, a specification nor a header', () => {
    expect(failure(() => readAll(['events: Ir', 'fn f']))).toMatch(/line 2: cannot read "fn f"/);
    const long = `x${'y'.repeat(100)}`;
    expect(failure(() => readAll(['events: Ir', long]))).toContain(`cannot read "${long.slice(0, 80)}…"`);
  });

  it('finishes only a file with an events: line', () => {
    expect(failure(() => readAll(['version: 1']))).toMatch(/line 1: no events: line/);
    expect(failure(() => readAll([]))).toMatch(/line 0: no events: line/);
  });
});
