// The state machine behind parseCallgrind: CallgrindReader takes a dump line by line, with one
// method per kind of line, and keeps what the format makes a reader remember between lines in one
// small class each: compressed names, the layout of cost lines, the parts' totals and the
// functions' costs. Pure: it reads the lines it is handed, nothing else.
import { ResultsError } from '../errors.js';
import type { CallgrindProfile, FunctionCost } from './callgrind.js';
import {
  CODE_HASH,
  compareStrings,
  isDigit,
  isSpace,
  isSpaceCode,
  isSubpositionAt,
  numberAt,
  parseNumber,
  splitKeyedLine,
  splitTokens,
  startsCostLine,
} from './callgrind-syntax.js';

const CORRUPT_ADVICE = '; is this a complete, unmodified callgrind output file?';

/** The file being read and the line the reader is at, so that every error names both. */
export class CallgrindLocation {
  lineNumber = 0;

  constructor(readonly what: string) {}

  fail(problem: string, advice = CORRUPT_ADVICE): never {
    throw new ResultsError(`${this.what}: line ${this.lineNumber}: ${problem}${advice}`);
  }
}

// The format text says each specification has its own id table, but callgrind shares ids between
// specifications naming the same kind of thing: it defines `cob=(2) libc.so.6` and later writes
// `ob=(2)`, and `cfn=(576) name` before `fn=(576)`. So one table per kind, as KCachegrind does.
export type NameKind = 'object' | 'file' | 'function';

/** Name compression: "(id) name" defines an id, a later "(id)" stands for that name. */
export class CompressedNames {
  private readonly tables: Record<NameKind, Map<number, string>> = {
    object: new Map(),
    file: new Map(),
    function: new Map(),
  };

  constructor(private readonly location: CallgrindLocation) {}

  /** The name the specification `key=value` gives, `kind` saying which id table it uses. */
  resolve(kind: NameKind, key: string, value: string): string {
    // Only "(" and a digit start an id: "(below main)" is a name.
    if (value[0] !== '(' || !isDigit(value.charCodeAt(1))) return value;
    const close = value.indexOf(')');
    const id = close < 0 ? -1 : numberAt(value, 1, close);
    if (id < 0) return this.location.fail(`${key}=${value} has a malformed compressed id`);
    let nameStart = close + 1;
    while (isSpace(value[nameStart])) nameStart++;
    if (nameStart < value.length) {
      // Callgrind writes a fresh definition in every part of a multi-part file; the last one wins.
      const name = value.slice(nameStart);
      this.tables[kind].set(id, name);
      return name;
    }
    const known = this.tables[kind].get(id);
    if (known === undefined) {
      return this.location.fail(`${key}=(${id}) refers to id ${id}, which no earlier line defined`);
    }
    return known;
  }
}

const POSITION_NAMES = new Set(['instr', 'bb', 'line']);

/**
 * What the columns of a cost line are, from the `positions:` and `events:` lines: so many
 * subpositions first, then one cost per event (trailing ones may be left out, meaning 0).
 */
export class CostLayout {
  /** The events of the first `events:` line, which the profile reports. */
  firstEvents: readonly string[] | undefined;
  private events: readonly string[] | undefined;
  private irIndex = -1;
  private positions = 1;

  constructor(private readonly location: CallgrindLocation) {}

  /** How many subposition columns start a cost line (and follow a `calls=` count). */
  get positionCount(): number {
    return this.positions;
  }

  setPositions(value: string): void {
    const names = splitTokens(value);
    const unknown = names.find((name) => !POSITION_NAMES.has(name));
    if (names.length === 0 || unknown !== undefined) {
      this.location.fail(`positions: "${value}" is not a list of instr, bb and line`);
    }
    this.positions = names.length;
  }

  /** A dump without Ir is refused rather than read as costing nothing. */
  setEvents(value: string): void {
    const names = splitTokens(value);
    if (names.length === 0) this.location.fail('events: names no event');
    this.irIndex = names.indexOf('Ir');
    if (this.irIndex < 0) {
      this.location.fail(
        `the dump recorded events "${value}" but not Ir (instructions executed)`,
        '; run valgrind --tool=callgrind without options that drop Ir',
      );
    }
    this.events = names;
    this.firstEvents ??= names;
  }

  /** The Ir of a `summary:` or `totals:` line (`key`), after checking that all of it is numbers. */
  totalIr(key: string, value: string): number {
    if (this.events === undefined) return this.location.fail(`${key}: comes before any events: line`);
    let ir = 0;
    for (const [index, token] of splitTokens(value).entries()) {
      const cost = parseNumber(token);
      if (cost < 0) this.location.fail(`${key}: has "${token}" where a number belongs`);
      if (!Number.isSafeInteger(cost)) this.location.fail(`${key}: ${token} is too large to add up exactly`);
      if (index === this.irIndex) ir = cost;
    }
    return ir;
  }

  /** The Ir of a cost line (0 when it leaves Ir out), after checking every column of it. */
  costLineIr(line: string): number {
    const events = this.events;
    if (events === undefined) return this.location.fail('cost line before any events: line');
    const positionCount = this.positions;
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
          this.location.fail(`cost line has "${line.slice(start, index)}" where a position belongs`);
        }
      } else {
        const cost = this.costAt(line, start, index);
        if (column - positionCount === this.irIndex) ir = cost;
      }
      column++;
    }
    if (column < positionCount) {
      this.location.fail(`cost line "${line}" has fewer than the ${positionCount} position column(s)`);
    }
    if (column - positionCount > events.length) {
      this.location.fail(`cost line has more costs than the ${events.length} event(s) of events:`);
    }
    return ir;
  }

  private costAt(line: string, start: number, end: number): number {
    const cost = numberAt(line, start, end);
    if (cost < 0) this.location.fail(`cost line has "${line.slice(start, end)}" where a cost belongs`);
    if (!Number.isSafeInteger(cost)) {
      this.location.fail(`cost ${line.slice(start, end)} is too large to add up exactly`);
    }
    return cost;
  }
}

/**
 * The dump's Ir total: each part's `totals:` line, or its `summary:` line when it has none (with
 * --instr-atstart=no that can be 0), summed over the parts. Only a part with content needs one.
 */
export class PartTotals {
  private sum = 0;
  private totals: number | undefined;
  private summary: number | undefined;
  private hasContent = false;
  private startLine = 1;

  constructor(private readonly location: CallgrindLocation) {}

  get total(): number {
    return this.sum;
  }

  noteContent(): void {
    this.hasContent = true;
  }

  setSummary(ir: number): void {
    this.summary = ir;
    this.hasContent = true;
  }

  setTotals(ir: number): void {
    this.totals = ir;
    this.hasContent = true;
  }

  /** Ends the current part, at a `part:` line or the end of the file, and adds up its total. */
  close(): void {
    if (!this.hasContent) return;
    const partTotal = this.totals ?? this.summary;
    if (partTotal === undefined) {
      this.location.fail(
        `the part that starts at line ${this.startLine} has neither a totals: nor a summary: line`,
      );
    }
    this.sum += partTotal;
    this.totals = undefined;
    this.summary = undefined;
    this.hasContent = false;
    this.startLine = this.location.lineNumber;
  }
}

interface MutableFunctionCost {
  readonly name: string;
  readonly object: string;
  self: number;
  inclusive: number;
}

/** Each function's self and inclusive Ir, and which object and function cost lines belong to. */
export class FunctionCosts {
  private readonly byKey = new Map<string, MutableFunctionCost>();
  private object = '';
  private current: MutableFunctionCost | undefined;

  constructor(private readonly location: CallgrindLocation) {}

  /** `ob=`: functions from here on are in this object, until the next `ob=`. */
  enterObject(name: string): void {
    this.object = name;
  }

  /** `fn=`: cost lines from here on are this function's; one function may have several fn= blocks. */
  enterFunction(name: string): void {
    const key = `${this.object}\u0000${name}`;
    let cost = this.byKey.get(key);
    if (cost === undefined) {
      cost = { name, object: this.object, self: 0, inclusive: 0 };
      this.byKey.set(key, cost);
    }
    this.current = cost;
  }

  /** A part's body names its object and function afresh; costs must not leak into the last one. */
  startPart(): void {
    this.object = '';
    this.current = undefined;
  }

  /** Fails unless a `fn=` line came before the line being read, which `lineKind` names. */
  requireFunction(lineKind: string): void {
    this.currentFunction(lineKind);
  }

  addSelf(ir: number): void {
    const cost = this.currentFunction('cost line');
    cost.self += ir;
    cost.inclusive += ir;
  }

  /** The inclusive cost of a call the current function made: not its own, but under it. */
  addCall(ir: number): void {
    this.currentFunction('cost line').inclusive += ir;
  }

  private currentFunction(lineKind: string): MutableFunctionCost {
    return this.current ?? this.location.fail(`${lineKind} before any fn= line`);
  }

  /** Functions that cost anything, by self Ir descending, and the sum of all self Ir. */
  list(): { selfTotal: number; functions: FunctionCost[] } {
    let selfTotal = 0;
    const functions: FunctionCost[] = [];
    for (const { name, object, self, inclusive } of this.byKey.values()) {
      selfTotal += self;
      if (inclusive > 0) functions.push({ name, object, self, inclusive });
    }
    functions.sort(compareCosts);
    return { selfTotal, functions };
  }
}

function compareCosts(a: FunctionCost, b: FunctionCost): number {
  return b.self - a.self || compareStrings(a.name, b.name) || compareStrings(a.object, b.object);
}

/** Specifications after which the next line is a cost line that is not the function's self cost. */
type Association = 'calls' | 'jump' | 'jcnd';

interface PendingAssociation {
  readonly kind: Association;
  /** The line of the calls=, jump= or jcnd=, for errors. */
  readonly lineNumber: number;
}

/** Reads a callgrind dump line by line: read() each line in order, then finish(). */
export class CallgrindReader {
  private readonly location: CallgrindLocation;
  private readonly names: CompressedNames;
  private readonly layout: CostLayout;
  private readonly parts: PartTotals;
  private readonly costs: FunctionCosts;
  private readonly triggers: string[] = [];
  // The line after `calls=` carries the call's inclusive cost and the line after `jump=`/`jcnd=` the
  // jump's source position: neither is self cost of the current function.
  private pending: PendingAssociation | undefined;

  /** `what` names the file in error messages. */
  constructor(what: string) {
    this.location = new CallgrindLocation(what);
    this.names = new CompressedNames(this.location);
    this.layout = new CostLayout(this.location);
    this.parts = new PartTotals(this.location);
    this.costs = new FunctionCosts(this.location);
  }

  /** Reads the next line, without its line end. Throws ResultsError, naming the line, if it is wrong. */
  read(line: string): void {
    this.location.lineNumber++;
    const first = line.charCodeAt(0);
    const pending = this.pending;
    if (pending !== undefined) {
      this.pending = undefined;
      this.associatedCostLine(line, first, pending);
    } else if (startsCostLine(first)) {
      this.costLine(line);
    } else if (line !== '' && first !== CODE_HASH) {
      this.keyedLine(line);
    }
  }

  /** The profile of the lines read, which must have been the whole file. */
  finish(): CallgrindProfile {
    if (this.pending !== undefined) {
      const { kind, lineNumber } = this.pending;
      this.location.fail(`${kind}= on line ${lineNumber} is the last line`);
    }
    const events = this.layout.firstEvents ?? this.location.fail('no events: line');
    this.parts.close();
    const { selfTotal, functions } = this.costs.list();
    return {
      events,
      totals: this.parts.total,
      selfTotal,
      functions,
      ...(this.triggers.length > 0 ? { trigger: this.triggers.join('; ') } : {}),
    };
  }

  private costLine(line: string): void {
    this.costs.addSelf(this.layout.costLineIr(line));
    this.parts.noteContent();
  }

  private associatedCostLine(line: string, first: number, pending: PendingAssociation): void {
    const { kind, lineNumber } = pending;
    if (!startsCostLine(first)) {
      this.location.fail(`${kind}= on line ${lineNumber} must be followed by a cost line`);
    }
    const ir = this.layout.costLineIr(line);
    if (kind === 'calls') this.costs.addCall(ir);
  }

  private keyedLine(line: string): void {
    const keyed = splitKeyedLine(line);
    if (keyed === undefined) {
      this.location.fail(`cannot read "${line.length > 80 ? `${line.slice(0, 80)}…` : line}"`);
    }
    if (keyed.separator === '=') {
      this.specification(keyed.key, keyed.value);
    } else {
      this.header(keyed.key, keyed.value);
    }
  }

  private specification(key: string, value: string): void {
    this.parts.noteContent();
    switch (key) {
      case 'ob':
        this.costs.enterObject(this.names.resolve('object', key, value));
        break;
      case 'fn':
        this.costs.enterFunction(this.names.resolve('function', key, value));
        break;
      // Only their compressed ids matter: a later ob=/fn= may use an id cob=/cfn= defined, and
      // costs are per function, not per source file.
      case 'cob':
        this.names.resolve('object', key, value);
        break;
      case 'cfn':
        this.names.resolve('function', key, value);
        break;
      case 'fl':
      case 'fi':
      case 'fe':
      case 'cfi':
      case 'cfl':
        this.names.resolve('file', key, value);
        break;
      case 'calls':
        this.calls(value);
        break;
      case 'jump':
      case 'jcnd':
        // jcnd= is documented as "<executed> <jumped> <target>" but callgrind writes
        // "<jumped>/<executed> <target>"; nothing here needs its numbers, so neither is checked.
        this.expectCostLine(key);
        break;
      default:
        this.location.fail(`unknown specification "${key}="`);
    }
  }

  /** calls=<count> <target position…>; the target's positions are not needed, only checked. */
  private calls(value: string): void {
    const tokens = splitTokens(value);
    if (tokens.length < 1 + this.layout.positionCount || parseNumber(tokens[0] ?? '') < 0) {
      this.location.fail(`calls=${value} is not "calls=<count> <target position>"`);
    }
    this.costs.requireFunction('calls=');
    this.expectCostLine('calls');
  }

  private expectCostLine(kind: Association): void {
    this.pending = { kind, lineNumber: this.location.lineNumber };
  }

  private header(key: string, value: string): void {
    switch (key) {
      case 'part':
        this.parts.close();
        this.costs.startPart();
        break;
      case 'events':
        this.layout.setEvents(value);
        this.parts.noteContent();
        break;
      case 'positions':
        this.layout.setPositions(value);
        this.parts.noteContent();
        break;
      case 'summary':
        this.parts.setSummary(this.layout.totalIr(key, value));
        break;
      case 'totals':
        this.parts.setTotals(this.layout.totalIr(key, value));
        break;
      case 'desc':
        this.desc(value);
        break;
      default:
        // version, creator, pid, cmd, thread and event (long names) carry nothing needed here;
        // other keys are skipped too, as the format asks of unknown desc: types.
        break;
    }
  }

  /** Keeps the `desc: Trigger:` values, each once: parts dumped for the same reason repeat it. */
  private desc(value: string): void {
    if (!value.startsWith('Trigger:')) return;
    const trigger = value.slice('Trigger:'.length).trim();
    if (!this.triggers.includes(trigger)) this.triggers.push(trigger);
  }
}
