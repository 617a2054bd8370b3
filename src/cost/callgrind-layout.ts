// The columns of callgrind's cost lines: so many positions (`positions:`), then one cost per event
// (`events:`), trailing ones left out when 0. With --compress-pos=yes a position is written
// relative to the same column of the previous cost line, so the layout keeps that line's positions.
import type { CallgrindLocation } from './callgrind-reader.js';
import type { PositionName } from './callgrind-records.js';
import {
  CODE_0,
  CODE_SPACE,
  isDigit,
  isSpaceCode,
  numberAt,
  parseNumber,
  splitTokens,
  subpositionAt,
} from './callgrind-syntax.js';

function isPositionName(name: string): name is PositionName {
  return name === 'instr' || name === 'bb' || name === 'line';
}

/**
 * What the columns of a cost line are, and where the last one was. The positions and costs of the
 * last cost line are kept in two arrays that every cost line overwrites: a dump has a cost line
 * every few dozen bytes, and two fresh arrays for each made reading one about 7% slower.
 */
export class CostLayout {
  /** The events of the first `events:` line, which a dump must have. */
  firstEvents: readonly string[] | undefined;
  private events: readonly string[] | undefined;
  // A dump without a positions: line has line numbers only.
  private positionNames: readonly PositionName[] = ['line'];
  private last: number[] = [0];
  private costs: number[] = [];

  constructor(private readonly location: CallgrindLocation) {}

  /** How many position columns start a cost line (and follow a `calls=` count). */
  get positionCount(): number {
    return this.positionNames.length;
  }

  /**
   * The positions of the last cost line read, absolute: relative positions count from them. The
   * next cost line overwrites them.
   */
  get lastPositions(): readonly number[] {
    return this.last;
  }

  /** A `positions:` line: the columns from here on; relative positions start again from 0. */
  setPositions(value: string): readonly PositionName[] {
    const names = splitTokens(value);
    if (names.length === 0 || !names.every(isPositionName)) {
      return this.location.fail(`positions: "${value}" is not a list of instr, bb and line`);
    }
    this.positionNames = names;
    this.startPart();
    return names;
  }

  /**
   * An `events:` line. Every reader of these dumps counts Ir, so a dump without it is refused here,
   * at its events: line, rather than read as costing nothing.
   */
  setEvents(value: string): readonly string[] {
    const names = splitTokens(value);
    if (names.length === 0) this.location.fail('events: names no event');
    if (!names.includes('Ir')) {
      this.location.fail(
        `the dump recorded events "${value}" but not Ir (instructions executed)`,
        '; run valgrind --tool=callgrind without options that drop Ir',
      );
    }
    this.events = names;
    this.firstEvents ??= names;
    this.costs = names.map(() => 0);
    return names;
  }

  /** A new part: callgrind writes its first cost line's positions in full. */
  startPart(): void {
    this.last = this.positionNames.map(() => 0);
  }

  /** The costs of a `summary:` or `totals:` line (`key`), one per event, all checked to be numbers. */
  totalCosts(key: string, value: string): number[] {
    const events = this.events ?? this.location.fail(`${key}: comes before any events: line`);
    const costs = splitTokens(value).map((token) => {
      const cost = parseNumber(token);
      if (cost < 0) this.location.fail(`${key}: has "${token}" where a number belongs`);
      if (!Number.isSafeInteger(cost)) this.location.fail(`${key}: ${token} is too large to add up exactly`);
      return cost;
    });
    while (costs.length < events.length) costs.push(0);
    return costs;
  }

  /**
   * The costs of the cost line text[start, end), one per event, every column checked; its
   * positions, absolute, become the last ones (`lastPositions`). Read in place, not cut out of the
   * dump. The costs are valid until the next cost line: it overwrites them.
   */
  costLine(text: string, start = 0, end = text.length): readonly number[] {
    const eventCount = (this.events ?? this.location.fail('cost line before any events: line')).length;
    // Overwritten column by column: each position counts from the same column of the last line.
    const positions = this.last;
    const positionCount = positions.length;
    const costs = this.costs;
    let index = start;
    let column = 0;
    for (;;) {
      while (index < end && isSpaceCode(text.charCodeAt(index))) index++;
      if (index >= end) break;
      const tokenStart = index;
      // Nearly every column is a plain decimal: read in the pass that finds its end. Anything else
      // (+N, -N, *, 0x…, a mistake) is left to positionAt and costAt.
      let value = 0;
      let code = text.charCodeAt(index);
      while (isDigit(code)) {
        value = value * 10 + code - CODE_0;
        // The line's end ends a column as a space does.
        code = ++index < end ? text.charCodeAt(index) : CODE_SPACE;
      }
      // A column starts with something other than a space: no digit read, no plain decimal.
      const plain = isSpaceCode(code);
      while (index < end && !isSpaceCode(text.charCodeAt(index))) index++;
      if (column < positionCount) {
        positions[column] = plain ? value : this.positionAt(text, tokenStart, index, positions[column] ?? 0);
      } else {
        const cost = plain && value <= Number.MAX_SAFE_INTEGER ? value : this.costAt(text, tokenStart, index);
        if (column - positionCount < eventCount) costs[column - positionCount] = cost;
      }
      column++;
    }
    this.checkColumns(text, start, end, column, eventCount);
    for (let event = Math.max(column - positionCount, 0); event < eventCount; event++) costs[event] = 0;
    return costs;
  }

  private checkColumns(text: string, start: number, end: number, columns: number, eventCount: number): void {
    const positionCount = this.last.length;
    if (columns < positionCount) {
      const line = text.slice(start, end);
      this.location.fail(`cost line "${line}" has fewer than the ${positionCount} position column(s)`);
    }
    if (columns - positionCount > eventCount) {
      this.location.fail(`cost line has more costs than the ${eventCount} event(s) of events:`);
    }
  }

  /**
   * The positions tokens[from…] give, counted from the last cost line's like a cost line's, without
   * moving them (a `calls=` target); undefined if there are too few or one is not a position.
   */
  positionsOf(tokens: readonly string[], from: number): number[] | undefined {
    const last = this.last;
    if (tokens.length - from < last.length) return undefined;
    const positions = last.slice();
    for (let column = 0; column < positions.length; column++) {
      const token = tokens[from + column] ?? '';
      const position = subpositionAt(token, 0, token.length, last[column] ?? 0);
      if (Number.isNaN(position)) return undefined;
      positions[column] = position;
    }
    return positions;
  }

  private positionAt(text: string, start: number, end: number, previous: number): number {
    const position = subpositionAt(text, start, end, previous);
    if (Number.isNaN(position)) {
      this.location.fail(`cost line has "${text.slice(start, end)}" where a position belongs`);
    }
    return position;
  }

  private costAt(text: string, start: number, end: number): number {
    const cost = numberAt(text, start, end);
    if (cost < 0) this.location.fail(`cost line has "${text.slice(start, end)}" where a cost belongs`);
    if (!Number.isSafeInteger(cost)) {
      this.location.fail(`cost ${text.slice(start, end)} is too large to add up exactly`);
    }
    return cost;
  }
}
