// The one reader of callgrind's format (https://valgrind.org/docs/manual/cl-format.html): it takes
// a dump line by line and hands a visitor typed records (callgrind-records.ts) with the format's
// compression undone: names given by id, positions given relative to the last cost line, the file
// a cost line is in (fl=, fi=, fe=, and fn= going back to its function's file), the call a cost
// line after calls= belongs to. What is added up, per function or per line, is the visitors'.
// Pure: it reads the lines it is handed, nothing else.
import { ResultsError } from '../errors.js';
import { CostLayout } from './callgrind-layout.js';
import type { CallgrindCallee, CallgrindFunction, CallgrindVisitor } from './callgrind-records.js';
import {
  CODE_CR,
  CODE_HASH,
  isDigit,
  isSpace,
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

/** A `calls=` line read, waiting for the cost line after it. */
interface PendingCall {
  readonly kind: 'calls';
  readonly lineNumber: number;
  readonly count: number;
  readonly target: readonly number[];
  readonly callee: CallgrindCallee | undefined;
}

/** A `jump=` or `jcnd=` line read: the line after it is the jump's source position. */
interface PendingJump {
  readonly kind: 'jump' | 'jcnd';
  readonly lineNumber: number;
}

/** Reads a callgrind dump line by line: read() each line in order, then finish(); or readText(). */
export class CallgrindReader {
  private readonly names: CompressedNames;
  private readonly layout: CostLayout;
  private object = '';
  // fl= names the file of the functions after it; fi= and fe= the file of the cost lines after
  // them (code inlined from there, or back in the function's file), until the next fn=.
  private functionFile = '';
  private file = '';
  private current: CallgrindFunction | undefined;
  // cob=, cfi=/cfl= and cfn= describe the next call only: callgrind writes them before each one.
  private calledObject: string | undefined;
  private calledFile: string | undefined;
  private calledName: string | undefined;
  // The line after calls= carries the call's inclusive cost and the line after jump=/jcnd= the
  // jump's source position: neither is self cost of the current function.
  private pending: PendingCall | PendingJump | undefined;

  /** Errors name `location`'s file and line; records go to `visitor` as they are read. */
  constructor(
    private readonly location: CallgrindLocation,
    private readonly visitor: CallgrindVisitor,
  ) {
    this.names = new CompressedNames(location);
    this.layout = new CostLayout(location);
  }

  /** Reads a whole dump, then finishes. */
  readText(text: string): void {
    this.readLines(text);
    this.finish();
  }

  // A method of its own: were finish() called after this loop, V8 would drop the loop's optimized
  // code at the end of every dump (finish has not run when the loop is compiled).
  private readLines(text: string): void {
    const length = text.length;
    let lineStart = 0;
    while (lineStart < length) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd < 0) lineEnd = length;
      const crlf = lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === CODE_CR;
      this.readLine(text, lineStart, crlf ? lineEnd - 1 : lineEnd);
      lineStart = lineEnd + 1;
    }
  }

  /** Reads the next line, without its line end. Throws ResultsError, naming the line, if it is wrong. */
  read(line: string): void {
    this.readLine(line, 0, line.length);
  }

  /** Reads the line text[start, end) where it is: a dump can be tens of MB. */
  private readLine(text: string, start: number, end: number): void {
    this.location.lineNumber++;
    const first = start < end ? text.charCodeAt(start) : Number.NaN;
    const pending = this.pending;
    if (pending !== undefined) {
      this.pending = undefined;
      this.associatedCostLine(text, start, end, pending);
    } else if (startsCostLine(first)) {
      this.costLine(text, start, end);
    } else if (start < end && first !== CODE_HASH) {
      this.keyedLine(text, start, end);
    }
  }

  /** Checks that the lines read were a whole dump. */
  finish(): void {
    if (this.pending !== undefined) {
      const { kind, lineNumber } = this.pending;
      this.location.fail(`${kind}= on line ${lineNumber} is the last line`);
    }
    if (this.layout.firstEvents === undefined) this.location.fail('no events: line');
  }

  private costLine(text: string, start: number, end: number): void {
    const costs = this.layout.costLine(text, start, end);
    const current = this.currentFunction('cost line');
    const positions = this.layout.lastPositions;
    this.visitor.cost?.({ kind: 'cost', function: current, file: this.file, positions, costs });
  }

  private associatedCostLine(
    text: string,
    start: number,
    end: number,
    pending: PendingCall | PendingJump,
  ): void {
    const { kind, lineNumber } = pending;
    if (start >= end || !startsCostLine(text.charCodeAt(start))) {
      this.location.fail(`${kind}= on line ${lineNumber} must be followed by a cost line`);
    }
    const costs = this.layout.costLine(text, start, end);
    // Jumps are read for their syntax and positions only: nothing here needs them.
    if (pending.kind !== 'calls') return;
    const callee =
      pending.callee ??
      this.location.fail(`calls= on line ${lineNumber} has no cfn= naming the function called`);
    const caller = this.currentFunction('calls=');
    this.visitor.call?.({
      kind: 'call',
      function: caller,
      file: this.file,
      positions: this.layout.lastPositions,
      costs,
      count: pending.count,
      callee,
      target: pending.target,
    });
  }

  private currentFunction(lineKind: string): CallgrindFunction {
    return this.current ?? this.location.fail(`${lineKind} before any fn= line`);
  }

  private keyedLine(text: string, start: number, end: number): void {
    const keyed = splitKeyedLine(text, start, end);
    if (keyed === undefined) {
      const line = text.slice(start, end);
      this.location.fail(`cannot read "${line.length > 80 ? `${line.slice(0, 80)}…` : line}"`);
    }
    if (keyed.separator === '=') {
      this.specification(keyed.key, keyed.value);
    } else {
      this.header(keyed.key, keyed.value);
    }
  }

  private specification(key: string, value: string): void {
    switch (key) {
      case 'ob':
        this.object = this.names.resolve('object', key, value);
        break;
      case 'fl':
        this.functionFile = this.names.resolve('file', key, value);
        this.file = this.functionFile;
        break;
      case 'fi':
      case 'fe':
        this.file = this.names.resolve('file', key, value);
        break;
      case 'fn':
        this.enterFunction(this.names.resolve('function', key, value));
        break;
      case 'cob':
        this.calledObject = this.names.resolve('object', key, value);
        break;
      case 'cfi':
      case 'cfl':
        this.calledFile = this.names.resolve('file', key, value);
        break;
      case 'cfn':
        this.calledName = this.names.resolve('function', key, value);
        break;
      case 'calls':
        this.calls(value);
        break;
      case 'jump':
      case 'jcnd':
        // jcnd= is documented as "<executed> <jumped> <target>" but callgrind writes
        // "<jumped>/<executed> <target>"; nothing here needs its numbers, so neither is checked.
        this.pending = { kind: key, lineNumber: this.location.lineNumber };
        break;
      default:
        this.location.fail(`unknown specification "${key}="`);
    }
  }

  private enterFunction(name: string): void {
    this.file = this.functionFile;
    this.current = { object: this.object, file: this.functionFile, name };
    this.visitor.function?.({ kind: 'function', function: this.current });
  }

  /** calls=<count> <target position…>: the cost line after it is the call's. */
  private calls(value: string): void {
    const tokens = splitTokens(value);
    const count = parseNumber(tokens[0] ?? '');
    const target = count < 0 ? undefined : this.layout.positionsOf(tokens, 1);
    if (target === undefined) this.location.fail(`calls=${value} is not "calls=<count> <target position>"`);
    const caller = this.currentFunction('calls=');
    const name = this.calledName;
    this.pending = {
      kind: 'calls',
      lineNumber: this.location.lineNumber,
      count,
      target,
      callee:
        name === undefined
          ? undefined
          : { object: this.calledObject ?? caller.object, file: this.calledFile ?? this.file, name },
    };
    this.calledObject = undefined;
    this.calledFile = undefined;
    this.calledName = undefined;
  }

  private header(key: string, value: string): void {
    switch (key) {
      case 'part':
        this.startPart();
        break;
      // Each line is read before the visitor is asked: `visitor.x?.(arg)` skips `arg` when the
      // visitor takes no such record, and the layout must learn of every line all the same.
      case 'events': {
        const names = this.layout.setEvents(value);
        this.visitor.events?.({ kind: 'events', names });
        break;
      }
      case 'positions': {
        const names = this.layout.setPositions(value);
        this.visitor.positions?.({ kind: 'positions', names });
        break;
      }
      case 'summary':
      case 'totals': {
        const costs = this.layout.totalCosts(key, value);
        this.visitor[key]?.({ kind: key, costs });
        break;
      }
      case 'desc':
        this.description(value);
        break;
      default:
        // version, creator, pid, cmd, thread and event (long names) carry nothing needed here;
        // other keys are skipped too, as the format asks of unknown desc: types.
        break;
    }
  }

  /** A part's body names its object, file and function afresh: nothing carries over. */
  private startPart(): void {
    this.layout.startPart();
    this.object = '';
    this.functionFile = '';
    this.file = '';
    this.current = undefined;
    this.calledObject = undefined;
    this.calledFile = undefined;
    this.calledName = undefined;
    this.visitor.part?.({ kind: 'part' });
  }

  /** `desc: <type>: <value>`, e.g. `desc: Trigger: Program termination`. */
  private description(text: string): void {
    const colon = text.indexOf(':');
    const type = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).trim();
    this.visitor.description?.({ kind: 'description', type, value });
  }
}
