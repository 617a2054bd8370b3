// Parser for valgrind callgrind's output format (https://valgrind.org/docs/manual/cl-format.html):
// the total instruction count (event Ir) of a dump and each function's self (exclusive) Ir, so
// that two server builds can be compared function by function. Pure: it parses text, reads nothing.
import { ResultsError } from '../errors.js';

export interface FunctionCost {
  /** Symbol as callgrind wrote it (a hex address when the binary has no symbol for it). */
  readonly name: string;
  /** The `ob=` path the function was seen under, as given; '' when the file names no object. */
  readonly object: string;
  /** Exclusive Ir: instructions executed in the function itself, not in its callees. */
  readonly self: number;
  /**
   * Inclusive Ir: self plus the cost of every call it made (the cost lines after its `calls=`
   * lines), as callgrind_annotate --inclusive=yes adds it up.
   */
  readonly inclusive: number;
}

/** What topFunctionDeltas compares: any list of self costs, parsed or from a results file. */
export type SelfCost = Pick<FunctionCost, 'name' | 'object' | 'self'>;

export interface CallgrindProfile {
  /** Event names from the `events:` line of the first part, e.g. ["Ir"]. */
  readonly events: readonly string[];
  /**
   * Ir from each part's `totals:` line (its `summary:` line when it has none), summed over parts.
   * Callgrind writes `summary:` when a dump starts; with --instr-atstart=no it can be 0 there.
   */
  readonly totals: number;
  /** Sum of every function's self Ir; equals `totals` for a complete, well-formed dump. */
  readonly selfTotal: number;
  /** Functions with self or inclusive Ir > 0, by self Ir descending (then name, then object). */
  readonly functions: readonly FunctionCost[];
  /** The `desc: Trigger:` value(s), distinct values joined by '; ' when several parts differ. */
  readonly trigger?: string;
}

export interface FunctionDelta {
  readonly name: string;
  /** The head profile's object path, or the base one's for a function only the base has. */
  readonly object: string;
  /** Self Ir per unit of work (self / scale) in the base profile; 0 if the function is absent there. */
  readonly base: number;
  /** Self Ir per unit of work in the head profile; 0 if absent there. */
  readonly head: number;
  /** head − base. */
  readonly delta: number;
}

export interface FunctionDeltaOptions {
  /** Units of work (e.g. transactions) the base profile covers; self costs are divided by it. */
  readonly baseScale: number;
  readonly headScale: number;
  /** How many functions to return at most. */
  readonly limit: number;
}

// The format text says each specification has its own id table, but callgrind shares ids between
// specifications naming the same kind of thing: it defines `cob=(2) libc.so.6` and later writes
// `ob=(2)`, and `cfn=(576) name` before `fn=(576)`. So one table per kind, as KCachegrind does.
type Namespace = 'object' | 'file' | 'function';

const NAMESPACE_OF: Readonly<Record<string, Namespace>> = {
  ob: 'object',
  cob: 'object',
  fl: 'file',
  fi: 'file',
  fe: 'file',
  cfi: 'file',
  cfl: 'file',
  fn: 'function',
  cfn: 'function',
};

const POSITION_NAMES = new Set(['instr', 'bb', 'line']);

interface MutableFunctionCost {
  readonly name: string;
  readonly object: string;
  self: number;
  inclusive: number;
}

const CODE_0 = 48;
const CODE_9 = 57;
const CODE_LOWER_A = 97;
const CODE_LOWER_F = 102;
const CODE_LOWER_X = 120;
const CODE_LOWER_Z = 122;
const CODE_SPACE = 32;
const CODE_TAB = 9;
const CODE_STAR = 42;
const CODE_PLUS = 43;
const CODE_MINUS = 45;
const CODE_HASH = 35;
const CODE_CR = 13;

function isDigit(code: number): boolean {
  return code >= CODE_0 && code <= CODE_9;
}

/** Whether a line starting with this character is a cost line (it starts with a subposition). */
function startsCostLine(code: number): boolean {
  return isDigit(code) || code === CODE_PLUS || code === CODE_MINUS || code === CODE_STAR;
}

function isSpaceCode(code: number): boolean {
  return code === CODE_SPACE || code === CODE_TAB;
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** Space- or tab-separated tokens of a header or association line. */
function splitTokens(text: string): string[] {
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
 * not one. Scans in place rather than slicing: cost lines are nearly all of a dump's tens of MB.
 * Values past 2^53 (64-bit instruction addresses) come back rounded.
 */
function numberAt(text: string, start: number, end: number): number {
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

function parseNumber(token: string): number {
  return numberAt(token, 0, token.length);
}

/** Whether text[start, end) is a subposition: a Number, `+N`/`-N` relative to the last one, or `*`. */
function isSubpositionAt(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first === CODE_STAR) return end - start === 1;
  return numberAt(text, first === CODE_PLUS || first === CODE_MINUS ? start + 1 : start, end) >= 0;
}

/**
 * Parses a callgrind dump (the text of a `callgrind.out.*` file) into its Ir totals and per-function
 * self and inclusive Ir. `what` names the file in error messages. Throws ResultsError on malformed input (with the
 * line number) and when the dump did not record Ir.
 */
export function parseCallgrind(text: string, what: string): CallgrindProfile {
  function fail(lineNumber: number, problem: string): never {
    throw new ResultsError(
      `${what}: line ${lineNumber}: ${problem}; is this a complete, unmodified callgrind output file?`,
    );
  }

  const ids: Record<Namespace, Map<number, string>> = {
    object: new Map(),
    file: new Map(),
    function: new Map(),
  };
  const functions = new Map<string, MutableFunctionCost>();
  const triggers: string[] = [];

  let events: readonly string[] | undefined;
  let firstEvents: readonly string[] | undefined;
  let irIndex = -1;
  let positionCount = 1;

  let currentObject = '';
  let currentFunction: MutableFunctionCost | undefined;
  // The line after `calls=` carries the call's inclusive cost and the line after `jump=`/`jcnd=` the
  // jump's source position: neither is self cost of the current function.
  let pendingAssociation: { readonly kind: string; readonly lineNumber: number } | undefined;

  let totals = 0;
  let partTotals: number | undefined;
  let partSummary: number | undefined;
  let partHasContent = false;
  let partStartLine = 1;

  const irOf = (lineNumber: number, key: string, value: string): number => {
    if (events === undefined) return fail(lineNumber, `${key}: comes before any events: line`);
    const tokens = splitTokens(value);
    let ir = 0;
    for (const [index, token] of tokens.entries()) {
      const cost = parseNumber(token);
      if (cost < 0) fail(lineNumber, `${key}: has "${token}" where a number belongs`);
      if (!Number.isSafeInteger(cost)) fail(lineNumber, `${key}: ${token} is too large to add up exactly`);
      if (index === irIndex) ir = cost;
    }
    return ir;
  };

  const closePart = (lineNumber: number): void => {
    if (!partHasContent) return;
    const partTotal = partTotals ?? partSummary;
    if (partTotal === undefined) {
      fail(
        lineNumber,
        `the part that starts at line ${partStartLine} has neither a totals: nor a summary: line`,
      );
    } else {
      totals += partTotal;
    }
    partTotals = undefined;
    partSummary = undefined;
    partHasContent = false;
    partStartLine = lineNumber;
  };

  const resolveName = (lineNumber: number, key: string, value: string): string => {
    // "(id) name" defines an id, "(id)" refers to one; anything else, even "(below main)", is a name.
    if (value[0] !== '(' || !isDigit(value.charCodeAt(1))) return value;
    const close = value.indexOf(')');
    const id = close < 0 ? -1 : numberAt(value, 1, close);
    if (id < 0) return fail(lineNumber, `${key}=${value} has a malformed compressed id`);
    const table = ids[NAMESPACE_OF[key] ?? 'function'];
    let nameStart = close + 1;
    while (isSpace(value[nameStart])) nameStart++;
    if (nameStart < value.length) {
      // Callgrind writes a fresh definition in every part of a multi-part file; the last one wins.
      const name = value.slice(nameStart);
      table.set(id, name);
      return name;
    }
    const known = table.get(id);
    if (known === undefined) {
      return fail(lineNumber, `${key}=(${id}) refers to id ${id}, which no earlier line defined`);
    }
    return known;
  };

  /** Checks a cost line and adds its Ir to the current function's self or call cost, or neither. */
  const addCostLine = (lineNumber: number, line: string, addTo: 'self' | 'call' | 'none'): void => {
    if (events === undefined) return fail(lineNumber, 'cost line before any events: line');
    const end = line.length;
    let index = 0;
    let column = 0;
    let ir = 0;
    for (;;) {
      while (index < end && isSpaceCode(line.charCodeAt(index))) index++;
      if (index >= end) break;
      const start = index;
      while (index < end && !isSpaceCode(line.charCodeAt(index))) index++;
      if (column < positionCount) {
        if (!isSubpositionAt(line, start, index)) {
          fail(lineNumber, `cost line has "${line.slice(start, index)}" where a position belongs`);
        }
      } else {
        const cost = numberAt(line, start, index);
        if (cost < 0) fail(lineNumber, `cost line has "${line.slice(start, index)}" where a cost belongs`);
        if (!Number.isSafeInteger(cost)) {
          fail(lineNumber, `cost ${line.slice(start, index)} is too large to add up exactly`);
        }
        if (column - positionCount === irIndex) ir = cost;
      }
      column++;
    }
    if (column < positionCount) {
      fail(lineNumber, `cost line "${line}" has fewer than the ${positionCount} position column(s)`);
    }
    if (column - positionCount > events.length) {
      fail(lineNumber, `cost line has more costs than the ${events.length} event(s) of events:`);
    }
    if (addTo === 'none') return;
    if (currentFunction === undefined) return fail(lineNumber, 'cost line before any fn= line');
    if (addTo === 'self') currentFunction.self += ir;
    currentFunction.inclusive += ir;
  };

  const length = text.length;
  let lineStart = 0;
  let lineNumber = 0;
  while (lineStart < length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = length;
    lineNumber++;
    const line = text.slice(
      lineStart,
      lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === CODE_CR ? lineEnd - 1 : lineEnd,
    );
    lineStart = lineEnd + 1;

    const first = line.charCodeAt(0);
    if (pendingAssociation !== undefined) {
      const { kind, lineNumber: associationLine } = pendingAssociation;
      pendingAssociation = undefined;
      if (!startsCostLine(first)) {
        fail(lineNumber, `${kind}= on line ${associationLine} must be followed by a cost line`);
      }
      addCostLine(lineNumber, line, kind === 'calls' ? 'call' : 'none');
      continue;
    }
    if (line === '' || first === CODE_HASH) continue;
    if (startsCostLine(first)) {
      addCostLine(lineNumber, line, 'self');
      partHasContent = true;
      continue;
    }

    let keyEnd = 0;
    while (keyEnd < line.length) {
      const code = line.charCodeAt(keyEnd);
      if (code < CODE_LOWER_A || code > CODE_LOWER_Z) break;
      keyEnd++;
    }
    const key = line.slice(0, keyEnd);
    const separator = line[keyEnd];
    if (key === '' || (separator !== '=' && separator !== ':')) {
      fail(lineNumber, `cannot read "${line.length > 80 ? `${line.slice(0, 80)}…` : line}"`);
    }
    let valueStart = keyEnd + 1;
    while (isSpace(line[valueStart])) valueStart++;
    const value = line.slice(valueStart);

    if (separator === '=') {
      partHasContent = true;
      if (key === 'calls' || key === 'jump' || key === 'jcnd') {
        if (key === 'calls') {
          // calls=<count> <target position…>; the target's positions are not needed, only checked.
          const tokens = splitTokens(value);
          if (tokens.length < 1 + positionCount || parseNumber(tokens[0] ?? '') < 0) {
            fail(lineNumber, `calls=${value} is not "calls=<count> <target position>"`);
          }
          if (currentFunction === undefined) fail(lineNumber, 'calls= before any fn= line');
        }
        // jcnd= is documented as "<executed> <jumped> <target>" but callgrind writes
        // "<jumped>/<executed> <target>"; nothing here needs its numbers, so neither is checked.
        pendingAssociation = { kind: key, lineNumber };
        continue;
      }
      if (NAMESPACE_OF[key] === undefined) fail(lineNumber, `unknown specification "${key}="`);
      const name = resolveName(lineNumber, key, value);
      if (key === 'ob') {
        currentObject = name;
      } else if (key === 'fn') {
        const mapKey = `${currentObject}\u0000${name}`;
        currentFunction = functions.get(mapKey);
        if (currentFunction === undefined) {
          currentFunction = { name, object: currentObject, self: 0, inclusive: 0 };
          functions.set(mapKey, currentFunction);
        }
      }
      continue;
    }

    switch (key) {
      case 'part':
        closePart(lineNumber);
        // A part's body names its object and function afresh; costs must not leak into the last one.
        currentObject = '';
        currentFunction = undefined;
        break;
      case 'events': {
        const names = splitTokens(value);
        if (names.length === 0) fail(lineNumber, 'events: names no event');
        irIndex = names.indexOf('Ir');
        if (irIndex < 0) {
          throw new ResultsError(
            `${what}: line ${lineNumber}: the dump recorded events "${value}" but not Ir ` +
              '(instructions executed); run valgrind --tool=callgrind without options that drop Ir',
          );
        }
        events = names;
        firstEvents ??= names;
        partHasContent = true;
        break;
      }
      case 'positions': {
        const names = splitTokens(value);
        const unknown = names.find((name) => !POSITION_NAMES.has(name));
        if (names.length === 0 || unknown !== undefined) {
          fail(lineNumber, `positions: "${value}" is not a list of instr, bb and line`);
        }
        positionCount = names.length;
        partHasContent = true;
        break;
      }
      case 'summary':
        partSummary = irOf(lineNumber, key, value);
        partHasContent = true;
        break;
      case 'totals':
        partTotals = irOf(lineNumber, key, value);
        partHasContent = true;
        break;
      case 'desc': {
        if (value.startsWith('Trigger:')) {
          const trigger = value.slice('Trigger:'.length).trim();
          if (!triggers.includes(trigger)) triggers.push(trigger);
        }
        break;
      }
      default:
        // version, creator, pid, cmd, thread and event (long names) carry nothing needed here;
        // other keys are skipped too, as the format asks of unknown desc: types.
        break;
    }
  }
  if (pendingAssociation !== undefined) {
    fail(lineNumber, `${pendingAssociation.kind}= on line ${pendingAssociation.lineNumber} is the last line`);
  }
  if (firstEvents === undefined) fail(lineNumber, 'no events: line');
  closePart(lineNumber);

  let selfTotal = 0;
  const costs: FunctionCost[] = [];
  for (const cost of functions.values()) {
    selfTotal += cost.self;
    if (cost.inclusive > 0) {
      costs.push({ name: cost.name, object: cost.object, self: cost.self, inclusive: cost.inclusive });
    }
  }
  costs.sort(compareCosts);
  return {
    events: firstEvents,
    totals,
    selfTotal,
    functions: costs,
    ...(triggers.length > 0 ? { trigger: triggers.join('; ') } : {}),
  };
}

function compareCosts(a: FunctionCost, b: FunctionCost): number {
  return b.self - a.self || compareStrings(a.name, b.name) || compareStrings(a.object, b.object);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The function whose name `matches` accepts with the largest inclusive Ir (e.g. the server's
 * statement loop, to split foreground work from background threads), or undefined if none does.
 * The largest rather than a sum: matching functions may call each other.
 */
export function inclusiveCost(
  profile: CallgrindProfile,
  matches: (name: string) => boolean,
): FunctionCost | undefined {
  let best: FunctionCost | undefined;
  for (const cost of profile.functions) {
    if (matches(cost.name) && (best === undefined || cost.inclusive > best.inclusive)) best = cost;
  }
  return best;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The `limit` functions whose self Ir per unit of work changed most between two profiles, by
 * |delta| descending. Functions are matched by (object basename, name) because the two builds'
 * binaries usually live in different directories. Functions whose per-unit cost is unchanged are
 * left out.
 */
export function topFunctionDeltas(
  base: readonly SelfCost[],
  head: readonly SelfCost[],
  options: FunctionDeltaOptions,
): FunctionDelta[] {
  const { baseScale, headScale, limit } = options;
  for (const [label, scale] of [
    ['baseScale', baseScale],
    ['headScale', headScale],
  ] as const) {
    if (!Number.isFinite(scale) || scale <= 0) {
      throw new ResultsError(`topFunctionDeltas: ${label} must be a positive number, got ${scale}`);
    }
  }
  if (!Number.isInteger(limit) || limit < 0) {
    throw new ResultsError(`topFunctionDeltas: limit must be a non-negative integer, got ${limit}`);
  }

  const rows = new Map<string, { name: string; object: string; base: number; head: number }>();
  const add = (costs: readonly SelfCost[], side: 'base' | 'head'): void => {
    for (const cost of costs) {
      const key = `${basename(cost.object)}\u0000${cost.name}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = { name: cost.name, object: cost.object, base: 0, head: 0 };
        rows.set(key, row);
      } else if (side === 'head') {
        row.object = cost.object;
      }
      row[side] += cost.self;
    }
  };
  add(base, 'base');
  add(head, 'head');

  const deltas: FunctionDelta[] = [];
  for (const row of rows.values()) {
    const basePerUnit = row.base / baseScale;
    const headPerUnit = row.head / headScale;
    const delta = headPerUnit - basePerUnit;
    if (delta !== 0) {
      deltas.push({ name: row.name, object: row.object, base: basePerUnit, head: headPerUnit, delta });
    }
  }
  deltas.sort(
    (a, b) =>
      Math.abs(b.delta) - Math.abs(a.delta) ||
      compareStrings(a.name, b.name) ||
      compareStrings(a.object, b.object),
  );
  return deltas.slice(0, limit);
}
