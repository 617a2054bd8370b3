// What parseCallgrind adds up from the reader's records: each function's self and inclusive Ir,
// the dump's Ir total over its parts, and why it was dumped. Pure: it takes records, reads nothing.
import type { CallgrindProfile, FunctionCost } from './callgrind.js';
import type { CallgrindLocation } from './callgrind-reader.js';
import type {
  CallRecord,
  CostRecord,
  DescriptionRecord,
  EventsRecord,
  FunctionRecord,
  TotalsRecord,
} from './callgrind-records.js';
import { compareStrings } from './callgrind-syntax.js';

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
  // By object, then name: a key made of both would be a new string to hash at every fn= line,
  // where the names themselves come from the id tables with their hashes already computed.
  private readonly byObject = new Map<string, Map<string, MutableFunctionCost>>();
  private object = '';
  private current: MutableFunctionCost | undefined;

  constructor(private readonly location: CallgrindLocation) {}

  /** `ob=`: functions from here on are in this object, until the next `ob=`. */
  enterObject(name: string): void {
    this.object = name;
  }

  /** `fn=`: cost lines from here on are this function's; one function may have several fn= blocks. */
  enterFunction(name: string): void {
    let byName = this.byObject.get(this.object);
    if (byName === undefined) {
      byName = new Map();
      this.byObject.set(this.object, byName);
    }
    let cost = byName.get(name);
    if (cost === undefined) {
      cost = { name, object: this.object, self: 0, inclusive: 0 };
      byName.set(name, cost);
    }
    this.current = cost;
  }

  /** A part's body names its object and function afresh; costs must not leak into the last one. */
  startPart(): void {
    this.object = '';
    this.current = undefined;
  }

  addSelf(ir: number): void {
    const cost = this.currentFunction();
    cost.self += ir;
    cost.inclusive += ir;
  }

  /** The inclusive cost of a call the current function made: not its own, but under it. */
  addCall(ir: number): void {
    this.currentFunction().inclusive += ir;
  }

  private currentFunction(): MutableFunctionCost {
    return this.current ?? this.location.fail('cost line before any fn= line');
  }

  /** Functions that cost anything, by self Ir descending, and the sum of all self Ir. */
  list(): { selfTotal: number; functions: FunctionCost[] } {
    let selfTotal = 0;
    const functions: FunctionCost[] = [];
    for (const byName of this.byObject.values()) {
      for (const { name, object, self, inclusive } of byName.values()) {
        selfTotal += self;
        if (inclusive > 0) functions.push({ name, object, self, inclusive });
      }
    }
    functions.sort(compareCosts);
    return { selfTotal, functions };
  }
}

function compareCosts(a: FunctionCost, b: FunctionCost): number {
  return b.self - a.self || compareStrings(a.name, b.name) || compareStrings(a.object, b.object);
}

/** The reader's visitor that makes a CallgrindProfile: give it every record, then call finish(). */
export class FunctionProfile {
  private readonly parts: PartTotals;
  private readonly costs: FunctionCosts;
  private readonly triggers: string[] = [];
  private firstEvents: readonly string[] | undefined;
  private irIndex = 0;

  constructor(private readonly location: CallgrindLocation) {
    this.parts = new PartTotals(location);
    this.costs = new FunctionCosts(location);
  }

  events({ names }: EventsRecord): void {
    this.firstEvents ??= names;
    // The reader refuses an events: line without Ir.
    this.irIndex = names.indexOf('Ir');
    this.parts.noteContent();
  }

  positions(): void {
    this.parts.noteContent();
  }

  part(): void {
    this.parts.close();
    this.costs.startPart();
  }

  /** Keeps the `desc: Trigger:` values, each once: parts dumped for the same reason repeat it. */
  description({ type, value }: DescriptionRecord): void {
    if (type === 'Trigger' && !this.triggers.includes(value)) this.triggers.push(value);
  }

  summary({ costs }: TotalsRecord): void {
    this.parts.setSummary(costs[this.irIndex] ?? 0);
  }

  totals({ costs }: TotalsRecord): void {
    this.parts.setTotals(costs[this.irIndex] ?? 0);
  }

  function({ function: entered }: FunctionRecord): void {
    this.costs.enterObject(entered.object);
    this.costs.enterFunction(entered.name);
    this.parts.noteContent();
  }

  // A cost line's part has content already: the reader refuses one before the part's first fn=.
  cost({ costs }: CostRecord): void {
    this.costs.addSelf(costs[this.irIndex] ?? 0);
  }

  call({ costs }: CallRecord): void {
    this.costs.addCall(costs[this.irIndex] ?? 0);
  }

  /** The profile of the records taken, which must have been a whole dump's. */
  finish(): CallgrindProfile {
    const events = this.firstEvents ?? this.location.fail('no events: line');
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
}
