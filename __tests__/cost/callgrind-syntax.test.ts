// The character-level pieces of callgrind's format: numbers, subpositions, tokens, keyed lines.
import {
  numberAt,
  parseNumber,
  splitKeyedLine,
  splitTokens,
  startsCostLine,
  subpositionAt,
} from '../../src/cost/callgrind-syntax.js';

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
