// The one reader of callgrind's format, piece by piece: the character-level syntax, name
// compression, and the records it makes of small dumps (compressed and plain names, relative
// positions, the file a cost line is in, calls, several events, parts). callgrind-layout.test.ts
// checks the cost line columns; callgrind-functions.test.ts and callgrind-lines-visitor.test.ts what
// the two visitors add up, callgrind-dumps.test.ts both on the same dumps.
import { CompressedNames } from '../../src/cost/callgrind-reader.js';
import {
  numberAt,
  parseNumber,
  splitKeyedLine,
  splitTokens,
  startsCostLine,
  subpositionAt,
} from '../../src/cost/callgrind-syntax.js';
import { at, failure } from '../helpers/callgrind.js';

describe('callgrind syntax', () => {
  it('reads decimal and 0x numbers in place, and nothing else', () => {
    expect(parseNumber('1234')).toBe(1234);
    expect(parseNumber('0x1F')).toBe(31);
    expect(parseNumber('0X10')).toBe(16);
    expect(numberAt('ab 42 cd', 3, 5)).toBe(42);
    for (const bad of ['', '0x', '12x', '-1', '+1', '0xg', '1.5']) expect(parseNumber(bad)).toBe(-1);
  });

  it('tells subpositions (absolute, relative, "*") from anything else, and resolves them', () => {
    const resolved = ['12', '0x400', '+3', '-3', '+0x10', '*'].map((good) =>
      subpositionAt(good, 0, good.length, 10),
    );
    expect(resolved).toEqual([12, 1024, 13, 7, 26, 10]);
    expect(subpositionAt('ab -12 cd', 3, 6, 5)).toBe(-7);
    for (const bad of ['+', '-', '**', '*1', '+-1', 'x'])
      expect(subpositionAt(bad, 0, bad.length, 10)).toBeNaN();
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
