// Parses sysbench 1.0's text output: the final report, every --report-interval line (read by
// interval-lines.ts) and the TPC-C-like workload's transaction mix (mix-lines.ts).
// Pure: takes the output, returns a validated SysbenchReport or throws a BenchmarkError.
//
// Why text and not a Lua report hook: in 1.0.20 the hook behind sysbench.hooks.report_cumulative
// (and sysbench.report_json, which only formats it) receives reads/writes/other, events, errors,
// reconnects, latency min/avg/max/pct/sum and times, but not the threads-fairness statistics,
// which sysbench prints itself after the hook. A hook also needs a wrapper script around every
// workload, which would clash with custom .lua workloads that set their own hooks, and its
// intermediate report prints the same 2-decimal rates as the text. The text report is the one
// format sysbench 1.0.x kept stable, so it is parsed strictly: every field must be present
// exactly once and numeric, or the whole output is rejected. A missing value is never a zero.
import { BenchmarkError, tailLines } from '../errors.js';
import { parseLatencyHistogram } from './histogram.js';
import { readIntervals } from './interval-lines.js';
import { readMix } from './mix-lines.js';
import { decimal, integer, outputFailure, splitLines } from './output-text.js';
import { completedTransactions, SysbenchReport } from './report-schema.js';

const FATAL_LINE = /^(?:FATAL|ALERT):/;

type Section = 'sql' | 'general' | 'latency' | 'fairness';

const SECTION_HEADERS: ReadonlyMap<string, Section> = new Map([
  ['SQL statistics:', 'sql'],
  ['queries performed:', 'sql'],
  ['General statistics:', 'general'],
  ['Latency (ms):', 'latency'],
  ['Threads fairness:', 'fairness'],
]);

type FieldKey =
  | 'read'
  | 'write'
  | 'other'
  | 'total'
  | 'transactions'
  | 'queries'
  | 'ignoredErrors'
  | 'reconnects'
  | 'totalTime'
  | 'totalEvents'
  | 'min'
  | 'avg'
  | 'max'
  | 'percentile'
  | 'sum'
  | 'fairnessEvents'
  | 'fairnessTime';

interface FieldSpec {
  readonly key: FieldKey;
  readonly section: Section;
  /** How the field is named in messages: sysbench's own label. */
  readonly label: string;
  readonly pattern: RegExp;
}

const COUNT_AND_RATE = String.raw`(\S+)\s+\((\S+) per sec\.\)`;

const FIELDS: readonly FieldSpec[] = [
  { key: 'read', section: 'sql', label: 'read', pattern: /^read:\s+(\S+)$/ },
  { key: 'write', section: 'sql', label: 'write', pattern: /^write:\s+(\S+)$/ },
  { key: 'other', section: 'sql', label: 'other', pattern: /^other:\s+(\S+)$/ },
  { key: 'total', section: 'sql', label: 'total', pattern: /^total:\s+(\S+)$/ },
  {
    key: 'transactions',
    section: 'sql',
    label: 'transactions',
    pattern: new RegExp(`^transactions:\\s+${COUNT_AND_RATE}$`),
  },
  {
    key: 'queries',
    section: 'sql',
    label: 'queries',
    pattern: new RegExp(`^queries:\\s+${COUNT_AND_RATE}$`),
  },
  {
    key: 'ignoredErrors',
    section: 'sql',
    label: 'ignored errors',
    pattern: new RegExp(`^ignored errors:\\s+${COUNT_AND_RATE}$`),
  },
  {
    key: 'reconnects',
    section: 'sql',
    label: 'reconnects',
    pattern: new RegExp(`^reconnects:\\s+${COUNT_AND_RATE}$`),
  },
  { key: 'totalTime', section: 'general', label: 'total time', pattern: /^total time:\s+(\S+?)s$/ },
  {
    key: 'totalEvents',
    section: 'general',
    label: 'total number of events',
    pattern: /^total number of events:\s+(\S+)$/,
  },
  { key: 'min', section: 'latency', label: 'min', pattern: /^min:\s+(\S+)$/ },
  { key: 'avg', section: 'latency', label: 'avg', pattern: /^avg:\s+(\S+)$/ },
  { key: 'max', section: 'latency', label: 'max', pattern: /^max:\s+(\S+)$/ },
  {
    key: 'percentile',
    section: 'latency',
    label: 'Nth percentile',
    pattern: /^(\d+)th percentile:\s+(\S+)$/,
  },
  { key: 'sum', section: 'latency', label: 'sum', pattern: /^sum:\s+(\S+)$/ },
  {
    key: 'fairnessEvents',
    section: 'fairness',
    label: 'events (avg/stddev)',
    pattern: /^events \(avg\/stddev\):\s+([^/\s]+)\/(\S+)$/,
  },
  {
    key: 'fairnessTime',
    section: 'fairness',
    label: 'execution time (avg/stddev)',
    pattern: /^execution time \(avg\/stddev\):\s+([^/\s]+)\/(\S+)$/,
  },
];

/** Lines sysbench prints when it gives up ("FATAL: …"); a run that printed one is not a result. */
export function fatalLines(output: string): string[] {
  return splitLines(output).filter((line) => FATAL_LINE.test(line.trim()));
}

type Captured = Map<FieldKey, readonly string[]>;

/** Reads the final report's labelled fields, starting at "SQL statistics:". */
function readReportFields(lines: readonly string[], cell: string, output: string): Captured {
  const captured: Captured = new Map();
  let section: Section | undefined;
  const last = lines.findLastIndex((line) => line.trim() !== '');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') {
      // Anything after the last section (a script's own done() output) is not ours to judge.
      if (section === 'fairness' && captured.has('fairnessEvents') && captured.has('fairnessTime')) break;
      continue;
    }
    const header = SECTION_HEADERS.get(line);
    if (header !== undefined) {
      section = header;
      continue;
    }
    if (section === undefined) continue;
    const spec = FIELDS.find((field) => field.section === section && field.pattern.test(line));
    if (!spec && index === last) {
      throw outputFailure(
        cell,
        `ends in the middle of its final report, at "${line}"; the output is truncated`,
        output,
      );
    }
    if (!spec) throw outputFailure(cell, `has an unexpected line in its final report: "${line}"`, output);
    if (captured.has(spec.key)) {
      throw outputFailure(cell, `reports "${spec.label}" twice in its final report`, output);
    }
    const match = spec.pattern.exec(line);
    captured.set(spec.key, match ? match.slice(1) : []);
  }
  return captured;
}

interface FieldReader {
  count(key: FieldKey, index?: number): number;
  decimal(key: FieldKey, index?: number): number;
}

/** Turns the captured text into numbers; every value must be numeric. */
function fieldReader(captured: Captured, cell: string, output: string): FieldReader {
  const text = (key: FieldKey, index: number): string => {
    const spec = FIELDS.find((field) => field.key === key);
    const value = captured.get(key)?.[index];
    if (value === undefined) throw outputFailure(cell, `has no "${spec?.label ?? key}" value`, output);
    return value;
  };
  const label = (key: FieldKey): string => FIELDS.find((field) => field.key === key)?.label ?? key;
  return {
    count(key: FieldKey, index = 0): number {
      const value = integer(text(key, index));
      if (value === undefined) {
        throw outputFailure(cell, `has a non-numeric "${label(key)}" count: "${text(key, index)}"`, output);
      }
      return value;
    },
    decimal(key: FieldKey, index = 0): number {
      const value = decimal(text(key, index));
      if (value === undefined) {
        throw outputFailure(cell, `has a non-numeric "${label(key)}" value: "${text(key, index)}"`, output);
      }
      return value;
    },
  };
}

function readThreads(lines: readonly string[], cell: string, output: string): number {
  const line = lines.find((candidate) => candidate.startsWith('Number of threads:'));
  const value = integer(line?.slice('Number of threads:'.length).trim() ?? '');
  if (value === undefined) {
    throw outputFailure(cell, 'has no "Number of threads: N" line (is this sysbench 1.0 output?)', output);
  }
  return value;
}

/**
 * Where the one final report starts. Throws when sysbench gave up (a FATAL line), never reached
 * its final report, or printed more than one.
 */
function finalReportStart(lines: readonly string[], cell: string, output: string): number {
  const fatal = fatalLines(output);
  if (fatal.length > 0) {
    throw outputFailure(cell, `has sysbench errors:\n${fatal.slice(0, 5).join('\n')}\n`, output);
  }
  const start = lines.findIndex((line) => line.trim() === 'SQL statistics:');
  if (start === -1) {
    throw outputFailure(cell, 'has no final report ("SQL statistics:"); the run did not finish', output);
  }
  if (lines.slice(start + 1).some((line) => line.trim() === 'SQL statistics:')) {
    throw outputFailure(
      cell,
      'has more than one final report (--report-checkpoints?); expected exactly one',
      output,
    );
  }
  return start;
}

/** The final report's fields, every one of them present, from output that was not cut short. */
function readCompleteReport(report: readonly string[], cell: string, output: string): Captured {
  const captured = readReportFields(report, cell, output);
  const missing = FIELDS.filter((field) => !captured.has(field.key)).map((field) => `"${field.label}"`);
  if (missing.length > 0) {
    throw outputFailure(
      cell,
      `is missing ${missing.join(', ')}; the report is incomplete (a truncated run?)`,
      output,
    );
  }
  // sysbench ends every line with a newline: without one, the last value may be cut short.
  if (!output.endsWith('\n')) {
    throw outputFailure(cell, 'does not end with a newline; the output is truncated', output);
  }
  return captured;
}

/** The final report's numbers, read in the order sysbench prints them (so is the first error). */
function reportFigures(
  field: FieldReader,
  percentile: number,
): Omit<SysbenchReport, 'threads' | 'intervals'> {
  return {
    queries: {
      read: field.count('read'),
      write: field.count('write'),
      other: field.count('other'),
      total: field.count('total'),
    },
    transactions: field.count('transactions'),
    tps: field.decimal('transactions', 1),
    qps: field.decimal('queries', 1),
    ignoredErrors: field.count('ignoredErrors'),
    ignoredErrorsPerS: field.decimal('ignoredErrors', 1),
    reconnects: field.count('reconnects'),
    reconnectsPerS: field.decimal('reconnects', 1),
    totalTimeS: field.decimal('totalTime'),
    totalEvents: field.count('totalEvents'),
    latencyMs: {
      min: field.decimal('min'),
      avg: field.decimal('avg'),
      max: field.decimal('max'),
      percentile,
      atPercentile: field.decimal('percentile', 1),
      sum: field.decimal('sum'),
    },
    fairness: {
      eventsAvg: field.decimal('fairnessEvents', 0),
      eventsStddev: field.decimal('fairnessEvents', 1),
      executionTimeAvgS: field.decimal('fairnessTime', 0),
      executionTimeStddevS: field.decimal('fairnessTime', 1),
    },
  };
}

/** The query counts must add up: a report that contradicts itself is not one to trust. */
function checkQueryCounts(
  queries: SysbenchReport['queries'],
  field: FieldReader,
  cell: string,
  output: string,
): void {
  if (queries.read + queries.write + queries.other !== queries.total) {
    throw outputFailure(
      cell,
      `is inconsistent: read + write + other (${queries.read} + ${queries.write} + ${queries.other}) is not total (${queries.total})`,
      output,
    );
  }
  const queriesCount = field.count('queries', 0);
  if (queriesCount !== queries.total) {
    throw outputFailure(
      cell,
      `is inconsistent: queries (${queriesCount}) is not total (${queries.total})`,
      output,
    );
  }
}

function validated(candidate: SysbenchReport, cell: string, output: string): SysbenchReport {
  const parsed = SysbenchReport.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw outputFailure(
      cell,
      `has an invalid value at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
      output,
    );
  }
  return parsed.data;
}

/** sysbench puts every event of the run in one bucket: a histogram that holds another count is not this run's. */
function checkHistogramEvents(report: SysbenchReport, cell: string, output: string): void {
  const events = report.histogram?.counts.reduce((sum, count) => sum + count, 0);
  if (events === undefined || events === report.totalEvents) return;
  throw new BenchmarkError(
    `sysbench's latency histogram for ${cell} holds ${events} events where its report counts ${report.totalEvents}:\n${tailLines(output, 15)}`,
  );
}

/** The TPC-C-like mix counts every event once: a mix that does not add up is not this run's. */
function checkMixEvents(report: SysbenchReport, cell: string, output: string): void {
  if (report.mix === undefined) return;
  const completed = completedTransactions(report.mix);
  if (completed === report.totalEvents) return;
  throw outputFailure(
    cell,
    `has a transaction mix of ${completed} completed transactions where its report counts ${report.totalEvents} events`,
    output,
  );
}

/**
 * Parses sysbench 1.0's whole output of one `run`. `cell` names the measurement in errors.
 * Throws BenchmarkError (quoting the output's tail) when the output has a FATAL line, lacks any
 * part of the final report, has a non-numeric or inconsistent value, or a malformed interval or
 * transaction mix line.
 */
export function parseSysbenchReport(output: string, cell: string): SysbenchReport {
  const lines = splitLines(output);
  const start = finalReportStart(lines, cell, output);
  const threads = readThreads(lines.slice(0, start), cell, output);
  const field = fieldReader(readCompleteReport(lines.slice(start), cell, output), cell, output);
  const percentile = field.count('percentile', 0);
  const histogram = parseLatencyHistogram(output, cell);
  const mix = readMix(lines.slice(0, start), threads, cell, output);
  const candidate: SysbenchReport = {
    threads,
    ...reportFigures(field, percentile),
    intervals: readIntervals(lines.slice(0, start), percentile, cell, output),
    ...(histogram ? { histogram } : {}),
    ...(mix ? { mix } : {}),
  };
  checkQueryCounts(candidate.queries, field, cell, output);
  checkHistogramEvents(candidate, cell, output);
  checkMixEvents(candidate, cell, output);
  return validated(candidate, cell, output);
}
