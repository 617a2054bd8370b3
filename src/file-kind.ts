// What a JSON document the tool wrote is, from its shape: results, a verdict, a baseline, a
// history, a runner check… Every reader of the tool's files asks this first, so that a file given
// in place of another (a verdict.json to compare, a results file to --baseline, a directory) is
// named in one line, with the command that reads what was expected, rather than answered with a
// version mismatch or every field that differs. Pure; one description per kind, in one table.

export type FileKind =
  | 'results'
  | 'verdict'
  | 'baseline'
  | 'history'
  | 'changes'
  | 'doctor'
  | 'bisect-report'
  | 'bisect-state'
  | 'build';

interface KindDescription {
  /** After "is": "a verdict". */
  readonly isA: string;
  /** After "not": "results", "a verdict". */
  readonly not: string;
  /** In "not a mysql-perf-gate … file". */
  readonly name: string;
  /** The command that writes it. */
  readonly writtenBy: string;
  /** The name it is written under, looked for in a directory given in its place. */
  readonly fileName: string | null;
  /** What a reader of this kind asks for: "the results.json that run writes". */
  readonly wanted: string;
  /** Whether a JSON object has this kind's shape. */
  readonly marks: (record: Readonly<Record<string, unknown>>) => boolean;
  /**
   * What to do with a file of another kind given in this one's place, when something can be done:
   * from its name, and from what the file says (`data`, the JSON object).
   */
  readonly instead?: Partial<
    Record<FileKind, (source: string, data: Readonly<Record<string, unknown>>) => string | undefined>
  >;
}

function has(record: Readonly<Record<string, unknown>>, ...keys: readonly string[]): boolean {
  return keys.every((key) => Object.hasOwn(record, key));
}

/** The results file an A/B verdict judged (its base side in the same file), as it names it. */
function judgedResults(verdict: Readonly<Record<string, unknown>>): string | undefined {
  const source = verdict.baseSource;
  if (!isRecord(source) || source.kind !== 'ab' || typeof source.path !== 'string') return undefined;
  return `give the results it judged instead: ${source.path}`;
}

/**
 * Every kind, in the order recognition tries them: a kind whose marks include another's comes
 * first (a verdict has a results file's cells, suite and sides; a history a baseline's key and
 * entries).
 */
const KINDS: Readonly<Record<FileKind, KindDescription>> = {
  doctor: {
    isA: 'a runner check',
    not: 'a runner check',
    name: 'runner check',
    writtenBy: 'doctor --json',
    fileName: null,
    wanted: 'the JSON that doctor --json prints',
    marks: (record) => record.tool === 'mysql-perf-gate doctor' || has(record, 'findings', 'grade'),
  },
  build: {
    isA: 'a build description',
    not: 'a build description',
    name: 'build description',
    writtenBy: 'build, into the install prefix',
    fileName: 'build.json',
    wanted: 'the build.json that build writes',
    marks: (record) =>
      typeof record.format === 'string' && record.format.startsWith('mysql-perf-gate-build/'),
  },
  'bisect-state': {
    isA: "a bisection's state",
    not: "a bisection's state",
    name: 'bisect state',
    writtenBy: 'bisect --state',
    fileName: null,
    wanted: 'the state file that bisect --state writes',
    marks: (record) => has(record, 'inputs', 'candidates', 'measured'),
  },
  'bisect-report': {
    isA: 'a bisection report',
    not: 'a bisection report',
    name: 'bisection report',
    writtenBy: 'bisect',
    fileName: 'bisect.json',
    wanted: 'the bisect.json that bisect writes',
    marks: (record) => has(record, 'candidates', 'measured', 'metric'),
  },
  verdict: {
    isA: 'a verdict',
    not: 'a verdict',
    name: 'verdict',
    writtenBy: 'compare',
    fileName: 'verdict.json',
    wanted: 'the verdict.json that compare writes',
    marks: (record) => has(record, 'verdict', 'baseSource'),
  },
  changes: {
    isA: "histories' change points",
    not: "histories' change points",
    name: 'change points',
    writtenBy: 'history changes',
    fileName: 'changes.json',
    wanted: 'the changes.json that history changes writes',
    marks: (record) => has(record, 'schemaVersion', 'histories') && Array.isArray(record.histories),
  },
  history: {
    isA: 'a history',
    not: 'a history',
    name: 'history',
    writtenBy: 'history append',
    fileName: null,
    wanted: 'a history file that history append writes',
    marks: (record) => has(record, 'key', 'entries', 'suiteHash', 'metrics'),
    instead: {
      results: (source) => `append it to one with: mysql-perf-gate history append ${source}`,
    },
  },
  baseline: {
    isA: 'a baseline',
    not: 'a baseline',
    name: 'baseline',
    writtenBy: 'baseline save',
    fileName: null,
    wanted: 'a baseline file that baseline save writes',
    marks: (record) => has(record, 'key', 'entries'),
    instead: {
      results: (source) => `store it as one with: mysql-perf-gate baseline save ${source}`,
    },
  },
  results: {
    isA: 'a results file',
    not: 'results',
    name: 'results',
    writtenBy: 'run',
    fileName: 'results.json',
    wanted: 'the results.json that run writes',
    marks: (record) => has(record, 'tool', 'suite', 'sides', 'cells'),
    instead: { verdict: (_source, data) => judgedResults(data) },
  },
};

function isRecord(data: unknown): data is Readonly<Record<string, unknown>> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** Which of the tool's files `data` (parsed JSON) is, by its top-level fields; null for none. */
export function fileKindOf(data: unknown): FileKind | null {
  if (!isRecord(data)) return null;
  for (const [kind, description] of Object.entries(KINDS) as [FileKind, KindDescription][]) {
    if (description.marks(data)) return kind;
  }
  return null;
}

/** The name a file of `kind` is written under ("results.json"), if it has a fixed one. */
export function fileNameOf(kind: FileKind): string | null {
  return KINDS[kind].fileName;
}

/** "compare reads the results.json that run writes", or "expected …" when the reader is not known. */
function wantedBy(expected: FileKind, reader: string | undefined): string {
  return `${reader === undefined ? 'expected' : `${reader} reads`} ${KINDS[expected].wanted}`;
}

/**
 * One line for a file of kind `found` given where `reader` reads one of kind `expected`:
 * "report/verdict.json is a verdict (written by compare), not results: compare reads the
 * results.json that run writes".
 */
function otherKindMessage(
  data: Readonly<Record<string, unknown>>,
  source: string,
  found: FileKind,
  expected: FileKind,
  reader?: string,
): string {
  const advice = KINDS[expected].instead?.[found]?.(source, data);
  return (
    `${source} is ${KINDS[found].isA} (written by ${KINDS[found].writtenBy}), not ${KINDS[expected].not}: ` +
    `${wantedBy(expected, reader)}${advice === undefined ? '' : `; ${advice}`}`
  );
}

/**
 * One line for a directory given in place of a file: the file of that name inside it when there
 * is one (`inside`), else what the reader reads.
 */
export function directoryMessage(
  source: string,
  expected: FileKind,
  inside: string | null,
  reader?: string,
): string {
  return inside === null
    ? `${source} is a directory, not ${KINDS[expected].not}: ${wantedBy(expected, reader)}`
    : `${source} is a directory: give the ${KINDS[expected].fileName ?? 'file'} inside it, ${inside}`;
}

/** What a schema found wrong, as much of a zod issue as is read here. */
export interface ShapeIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly keys?: readonly string[];
}

function jsonType(data: unknown): string {
  if (data === null) return 'null';
  return Array.isArray(data) ? 'an array' : `a ${typeof data}`;
}

/**
 * The first top-level field that shows `data` is not a file of kind `expected`, from what its
 * schema found: one it lacks, else one it should not have, else the first one refused.
 */
function firstTopLevelProblem(data: unknown, expected: FileKind, issues: readonly ShapeIssue[]): string {
  if (!isRecord(data)) return `it holds ${jsonType(data)}, not an object`;
  const missing = issues.find(
    (issue) =>
      issue.path.length === 1 && typeof issue.path[0] === 'string' && !Object.hasOwn(data, issue.path[0]),
  );
  if (missing !== undefined) return `it has no "${String(missing.path[0])}" field`;
  const unexpected = issues.find((issue) => issue.path.length === 0 && issue.code === 'unrecognized_keys');
  const key = unexpected?.keys?.[0];
  if (key !== undefined) return `it has an unexpected field "${key}"`;
  const first = issues.find((issue) => issue.path.length > 0);
  return first === undefined
    ? `its fields are not those of ${KINDS[expected].isA}`
    : `its "${String(first.path[0])}" field is not what ${KINDS[expected].isA} holds`;
}

export interface KindExpectation {
  readonly expected: FileKind;
  /** The command reading it, named in the message: "compare", "baseline save". */
  readonly reader?: string;
  /** The newest schema version this build reads. */
  readonly newest: number;
  /** What the expected kind's schema finds wrong with the data (asked only for an unknown shape). */
  readonly issues: () => readonly ShapeIssue[];
}

/**
 * Why `data` (parsed JSON from `source`) is not a file of the expected kind, in one line; null
 * when it is one, or may be one a newer version of the tool wrote (its schemaVersion is higher
 * than `newest`: the reader's version check then says to upgrade). A file of another known kind
 * is named with the command that writes it; anything else is "not a mysql-perf-gate … file",
 * with the first top-level field that tells.
 */
export function kindMismatch(data: unknown, source: string, expectation: KindExpectation): string | null {
  const { expected, reader } = expectation;
  const found = fileKindOf(data);
  if (found === expected) return null;
  if (found !== null && isRecord(data)) return otherKindMessage(data, source, found, expected, reader);
  const version = isRecord(data) ? data.schemaVersion : undefined;
  if (typeof version === 'number' && version > expectation.newest) return null;
  return `${source} is not a mysql-perf-gate ${KINDS[expected].name} file: ${firstTopLevelProblem(data, expected, expectation.issues())}`;
}
