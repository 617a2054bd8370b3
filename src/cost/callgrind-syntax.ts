// The character-level pieces of callgrind's format (https://valgrind.org/docs/manual/cl-format.html)
// that callgrind-reader.ts and callgrind-layout.ts build on: numbers, subpositions, tokens and
// `key=value`/`key: value` lines. They scan by character code in place, because cost lines are
// nearly all of a dump's tens of MB and slicing or regular expressions per line would dominate.

export const CODE_0 = 48;
const CODE_9 = 57;
const CODE_LOWER_A = 97;
const CODE_LOWER_F = 102;
const CODE_LOWER_X = 120;
const CODE_LOWER_Z = 122;
export const CODE_SPACE = 32;
const CODE_TAB = 9;
const CODE_STAR = 42;
const CODE_PLUS = 43;
const CODE_MINUS = 45;
export const CODE_HASH = 35;
export const CODE_CR = 13;

export function isDigit(code: number): boolean {
  return code >= CODE_0 && code <= CODE_9;
}

/** Whether a line starting with this character is a cost line (it starts with a subposition). */
export function startsCostLine(code: number): boolean {
  return isDigit(code) || code === CODE_PLUS || code === CODE_MINUS || code === CODE_STAR;
}

export function isSpaceCode(code: number): boolean {
  return code === CODE_SPACE || code === CODE_TAB;
}

export function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** Space- or tab-separated tokens of a header or association line. */
export function splitTokens(text: string): string[] {
  const tokens: string[] = [];
  let index = 0;
  const end = text.length;
  while (index < end) {
    while (index < end && isSpaceCode(text.charCodeAt(index))) index++;
    if (index >= end) break;
    const tokenStart = index;
    while (index < end && !isSpaceCode(text.charCodeAt(index))) index++;
    tokens.push(text.slice(tokenStart, index));
  }
  return tokens;
}

function hexDigit(code: number): number {
  if (isDigit(code)) return code - CODE_0;
  const lower = code | 0x20;
  return lower >= CODE_LOWER_A && lower <= CODE_LOWER_F ? lower - CODE_LOWER_A + 10 : -1;
}

/**
 * The value of the callgrind Number in text[start, end) (decimal, or hex after 0x), or -1 if it is
 * not one. Values past 2^53 (64-bit instruction addresses) come back rounded.
 */
export function numberAt(text: string, start: number, end: number): number {
  if (start >= end) return -1;
  let value = 0;
  if (
    end - start > 2 &&
    text.charCodeAt(start) === CODE_0 &&
    (text.charCodeAt(start + 1) | 0x20) === CODE_LOWER_X
  ) {
    for (let index = start + 2; index < end; index++) {
      const digit = hexDigit(text.charCodeAt(index));
      if (digit < 0) return -1;
      value = value * 16 + digit;
    }
    return value;
  }
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return -1;
    value = value * 10 + (code - CODE_0);
  }
  return value;
}

export function parseNumber(token: string): number {
  return numberAt(token, 0, token.length);
}

/**
 * The subposition in text[start, end), given the same column of the previous cost line: a Number
 * (absolute), `+N`/`-N` (relative to `previous`) or `*` (the same as `previous`); NaN if it is not
 * one. A relative position may come out negative: the format does not forbid it.
 */
export function subpositionAt(text: string, start: number, end: number, previous: number): number {
  const first = text.charCodeAt(start);
  if (first === CODE_STAR) return end - start === 1 ? previous : Number.NaN;
  const sign = first === CODE_PLUS ? 1 : first === CODE_MINUS ? -1 : 0;
  const value = numberAt(text, sign === 0 ? start : start + 1, end);
  if (value < 0) return Number.NaN;
  return sign === 0 ? value : previous + sign * value;
}

/** A specification (`key=value`) or header (`key: value`) line, split. */
export interface KeyedLine {
  /** Lower-case letters only, as every key of the format is. */
  readonly key: string;
  readonly separator: '=' | ':';
  /** What follows the separator, without the spaces after it. */
  readonly value: string;
}

/**
 * The key, separator and value of the specification or header line text[start, end) (all of
 * `text` by default); undefined for anything else.
 */
export function splitKeyedLine(text: string, start = 0, end = text.length): KeyedLine | undefined {
  let keyEnd = start;
  while (keyEnd < end) {
    const code = text.charCodeAt(keyEnd);
    if (code < CODE_LOWER_A || code > CODE_LOWER_Z) break;
    keyEnd++;
  }
  const separator = keyEnd < end ? text[keyEnd] : undefined;
  if (keyEnd === start || (separator !== '=' && separator !== ':')) return undefined;
  let valueStart = keyEnd + 1;
  while (valueStart < end && isSpaceCode(text.charCodeAt(valueStart))) valueStart++;
  return { key: text.slice(start, keyEnd), separator, value: text.slice(valueStart, end) };
}

/** Code-unit order, the same in every locale, so that sorted output does not depend on the machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
