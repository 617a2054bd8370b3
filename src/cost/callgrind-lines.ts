// Callgrind's costs per source line, for the lines a pull request changed: the Ir of every cost
// line of the files asked for, by line, with inlined code counted where it came from (fi=/fe=
// records name the inlined file, so a changed header function inlined into twenty callers is
// counted on its own lines) and the cost of calls made from a line counted on that line. Pure.
// The format is callgrind-reader.ts's to read; this module adds up what it reports.
import { CallgrindLocation, CallgrindReader } from './callgrind-reader.js';
import type {
  CallgrindFunction,
  CallRecord,
  CostAt,
  CostRecord,
  EventsRecord,
  PositionsRecord,
} from './callgrind-records.js';

/** Ir by line number, per file (as `fileKey` named it), and the functions that inlined each line. */
export interface LineCosts {
  readonly files: Map<string, Map<number, number>>;
  /** Per file and line: functions of another file that ran the line inlined. */
  readonly inlinedInto: Map<string, Map<number, Set<string>>>;
  /** Whether any cost had a line number: false for a binary without line tables. */
  lineNumbered: boolean;
}

/** The reader's visitor that adds up Ir per line of the files `fileKey` gives a key to. */
class LineCostVisitor {
  readonly costs: LineCosts = { files: new Map(), inlinedInto: new Map(), lineNumbered: false };
  private readonly keys = new Map<string, string | undefined>();
  // A dump without a positions: line has line numbers only, and they are its first column.
  private lineColumn = 0;
  private irIndex = 0;

  constructor(
    private readonly location: CallgrindLocation,
    private readonly fileKey: (file: string) => string | undefined,
  ) {}

  positions({ names }: PositionsRecord): void {
    this.lineColumn = names.indexOf('line');
    if (this.lineColumn < 0) {
      this.location.fail('the dump has no line positions', '; it was recorded without --dump-line=yes');
    }
  }

  events({ names }: EventsRecord): void {
    // The reader refuses an events: line without Ir.
    this.irIndex = names.indexOf('Ir');
  }

  cost(record: CostRecord): void {
    this.add(record);
  }

  /** The cost of calls made from a line is counted on that line. */
  call(record: CallRecord): void {
    this.add(record);
  }

  private add({ function: inFunction, file, positions, costs }: CostAt): void {
    const ir = costs[this.irIndex] ?? 0;
    const lineNumber = positions[this.lineColumn] ?? 0;
    if (lineNumber > 0) this.costs.lineNumbered = true;
    const key = ir > 0 ? this.key(file) : undefined;
    if (key === undefined) return;
    const byLine = this.costs.files.get(key) ?? new Map<number, number>();
    this.costs.files.set(key, byLine);
    byLine.set(lineNumber, (byLine.get(lineNumber) ?? 0) + ir);
    if (file !== inFunction.file) this.noteInlined(key, lineNumber, inFunction);
  }

  private key(file: string): string | undefined {
    if (!this.keys.has(file)) this.keys.set(file, this.fileKey(file));
    return this.keys.get(file);
  }

  private noteInlined(key: string, lineNumber: number, into: CallgrindFunction): void {
    const byLine = this.costs.inlinedInto.get(key) ?? new Map<number, Set<string>>();
    this.costs.inlinedInto.set(key, byLine);
    const callers = byLine.get(lineNumber) ?? new Set<string>();
    byLine.set(lineNumber, callers);
    callers.add(into.name);
  }
}

/**
 * Ir per line of the files `fileKey` gives a key to (undefined: not wanted), over the whole dump.
 * `what` names the dump in errors (ResultsError, naming the line).
 */
export function parseLineCosts(
  text: string,
  what: string,
  fileKey: (file: string) => string | undefined,
): LineCosts {
  const location = new CallgrindLocation(what);
  const visitor = new LineCostVisitor(location, fileKey);
  new CallgrindReader(location, visitor).readText(text);
  return visitor.costs;
}

/**
 * Which diff path (repository-relative) a file name of the dump is, if any: debug information
 * names sources by the path the compiler was given (absolute, or relative to the build directory
 * with "../" in it), so a diff path matches when it is the end of the normalized name, whole
 * components only.
 */
export function diffPathMatcher(paths: readonly string[]): (file: string) => string | undefined {
  const byBase = new Map<string, string[]>();
  for (const path of paths) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    byBase.set(base, [...(byBase.get(base) ?? []), path]);
  }
  return (file) => {
    const candidates = byBase.get(file.slice(file.lastIndexOf('/') + 1));
    if (candidates === undefined) return undefined;
    const normalized = `/${normalize(file)}`;
    // The longest match wins: sql/handler.cc before handler.cc.
    return candidates
      .filter((path) => normalized.endsWith(`/${path}`))
      .sort((a, b) => b.length - a.length)[0];
  };
}

function normalize(file: string): string {
  const parts: string[] = [];
  for (const part of file.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}
