// Callgrind's costs per source line, for the lines a pull request changed: the Ir of every cost
// line of the files asked for, by line, with inlined code counted where it came from (fi=/fe=
// records name the inlined file, so a changed header function inlined into twenty callers is
// counted on its own lines) and the cost of calls made from a line counted on that line. Pure.
import { CallgrindLocation, CompressedNames } from './callgrind-reader.js';
import { isDigit, splitKeyedLine, splitTokens } from './callgrind-syntax.js';

/** Ir by line number, per file (as `fileKey` named it), and the functions that inlined each line. */
export interface LineCosts {
  readonly files: Map<string, Map<number, number>>;
  /** Per file and line: functions of another file that ran the line inlined. */
  readonly inlinedInto: Map<string, Map<number, Set<string>>>;
  /** Whether any cost had a line number: false for a binary without line tables. */
  lineNumbered: boolean;
}

/** Positions of a cost line: "123", "0x4a", "+3", "-2", "*" (relative to the previous line's). */
function position(token: string, previous: number, location: CallgrindLocation): number {
  if (token === '*') return previous;
  const sign = token[0];
  const digits = sign === '+' || sign === '-' ? token.slice(1) : token;
  const value = digits.startsWith('0x') ? Number.parseInt(digits.slice(2), 16) : Number(digits);
  if (!Number.isSafeInteger(value) || digits === '') location.fail(`"${token}" is not a position`);
  return sign === '+' ? previous + value : sign === '-' ? previous - value : value;
}

class LineReader {
  readonly files = new Map<string, Map<number, number>>();
  readonly inlinedInto = new Map<string, Map<number, Set<string>>>();
  lineNumbered = false;
  private readonly location: CallgrindLocation;
  private readonly names: CompressedNames;
  private readonly keys = new Map<string, string | undefined>();
  private positions: string[] = ['line'];
  private current: number[] = [0];
  private irIndex = 0;
  private functionFile = '';
  private file = '';
  private fn = '';
  private next: 'cost' | 'call' | 'jump' = 'cost';

  constructor(
    what: string,
    private readonly fileKey: (file: string) => string | undefined,
  ) {
    this.location = new CallgrindLocation(what);
    this.names = new CompressedNames(this.location);
  }

  read(line: string): void {
    this.location.lineNumber++;
    const first = line.charCodeAt(0);
    if (isDigit(first) || line[0] === '+' || line[0] === '-' || line[0] === '*') this.costLine(line);
    else if (line !== '' && line[0] !== '#') this.keyed(line);
  }

  private key(file: string): string | undefined {
    if (!this.keys.has(file)) this.keys.set(file, this.fileKey(file));
    return this.keys.get(file);
  }

  private costLine(line: string): void {
    const kind = this.next;
    this.next = 'cost';
    const tokens = splitTokens(line);
    const count = this.positions.length;
    this.current = this.current.map((previous, index) =>
      position(
        tokens[index] ?? this.location.fail('a cost line without its positions'),
        previous,
        this.location,
      ),
    );
    if (kind === 'jump') return;
    const ir = Number(tokens[count + this.irIndex] ?? 0);
    if (!Number.isSafeInteger(ir) || ir < 0) this.location.fail(`"${line}" has no valid Ir`);
    const lineNumber = this.current[this.positions.indexOf('line')] ?? 0;
    if (lineNumber > 0) this.lineNumbered = true;
    const key = ir > 0 ? this.key(this.file) : undefined;
    if (key === undefined) return;
    const byLine = this.files.get(key) ?? new Map<number, number>();
    this.files.set(key, byLine);
    byLine.set(lineNumber, (byLine.get(lineNumber) ?? 0) + ir);
    if (this.file !== this.functionFile) this.noteInlined(key, lineNumber);
  }

  private noteInlined(key: string, lineNumber: number): void {
    const byLine = this.inlinedInto.get(key) ?? new Map<number, Set<string>>();
    this.inlinedInto.set(key, byLine);
    const callers = byLine.get(lineNumber) ?? new Set<string>();
    byLine.set(lineNumber, callers);
    callers.add(this.fn);
  }

  private keyed(line: string): void {
    const keyed = splitKeyedLine(line);
    if (keyed === undefined) return this.location.fail(`cannot read "${line.slice(0, 80)}"`);
    const { key, value } = keyed;
    if (keyed.separator === ':') {
      this.header(key, value);
      return;
    }
    switch (key) {
      case 'fl':
        this.functionFile = this.names.resolve('file', key, value);
        this.file = this.functionFile;
        return;
      case 'fi':
      case 'fe':
        this.file = this.names.resolve('file', key, value);
        return;
      case 'fn':
        this.fn = this.names.resolve('function', key, value);
        this.file = this.functionFile;
        return;
      case 'cfi':
      case 'cfl':
        this.names.resolve('file', key, value);
        return;
      case 'ob':
      case 'cob':
        this.names.resolve('object', key, value);
        return;
      case 'cfn':
        this.names.resolve('function', key, value);
        return;
      case 'calls':
        // The target's positions count from the current ones but do not move them.
        this.next = 'call';
        return;
      case 'jump':
      case 'jcnd':
        this.next = 'jump';
        return;
      default:
        return this.location.fail(`unknown specification "${key}="`);
    }
  }

  private header(key: string, value: string): void {
    if (key === 'positions') {
      this.positions = splitTokens(value);
      if (!this.positions.includes('line')) {
        this.location.fail('the dump has no line positions', '; it was recorded without --dump-line=yes');
      }
      this.current = this.positions.map(() => 0);
    } else if (key === 'events') {
      this.irIndex = splitTokens(value).indexOf('Ir');
      if (this.irIndex < 0) this.location.fail('the dump has no Ir event');
    } else if (key === 'part') {
      this.current = this.positions.map(() => 0);
    }
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
  const reader = new LineReader(what, fileKey);
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    reader.read(text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end));
    start = end + 1;
  }
  return { files: reader.files, inlinedInto: reader.inlinedInto, lineNumbered: reader.lineNumbered };
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
