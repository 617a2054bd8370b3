// What parseCallgrind adds up, one piece at a time: part totals, function costs, and the reader and
// FunctionProfile together on each kind of line. callgrind.test.ts checks the whole on real dumps.
import { FunctionCosts, PartTotals } from '../../src/cost/callgrind-functions.js';
import { at, failure, readAll } from '../helpers/callgrind.js';

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
    // The reader checks calls= when it reads the line, before the call's cost reaches FunctionCosts.
    expect(failure(() => readAll(['events: Ir', 'calls=1 0']))).toMatch(/line 2: calls= before any fn= line/);
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

  it('takes Ir from the events: line in force, which a later part may order otherwise', () => {
    const part = (events: string): string[] => [`events: ${events}`, 'fn=f', '1 4 6', 'totals: 4 6'];
    expect(readAll(['part: 1', ...part('Dr Ir'), 'part: 2', ...part('Ir Dr')])).toMatchObject({
      events: ['Dr', 'Ir'],
      totals: 10,
      selfTotal: 10,
      functions: [{ name: 'f', self: 10, inclusive: 10 }],
    });
  });

  it('finishes only a file with an events: line', () => {
    expect(failure(() => readAll(['version: 1']))).toMatch(/line 1: no events: line/);
    expect(failure(() => readAll([]))).toMatch(/line 0: no events: line/);
  });
});
