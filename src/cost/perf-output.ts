// What `perf stat -x,` prints, read: its CSV count lines, its messages, how it ended, and the
// errors that say so. Pure, so that every one of perf's answers can be checked against a
// recorded output (__fixtures__/perf) without perf; perf.ts runs perf and hands the text here.
import { BenchmarkError, tailLines } from '../errors.js';

/** One count line of `perf stat -x,` output. */
export interface PerfRow {
  readonly event: string;
  /** The count, or perf's marker when there is none. */
  readonly value: number | '<not counted>' | '<not supported>';
  readonly line: string;
}

/** How a process ended, as Node's 'close' event gives it. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * The count lines of `perf stat -x,` output (perf 6.1: value,unit,event,run-time-ns,
 * percent-running,metric-value,metric-unit). Skipped: "#" comments and blank lines (`-o` files
 * start with "# started on …"), metric-only lines (empty value), and anything that is not CSV —
 * perf's own messages ("Events enabled") when reading its stderr.
 */
export function perfStatRows(text: string): PerfRow[] {
  const rows: PerfRow[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(',');
    const [value, , event] = fields;
    if (fields.length < 3 || value === undefined || event === undefined || event === '') continue;
    if (value === '<not counted>' || value === '<not supported>') {
      rows.push({ event, value, line });
    } else if (/^\d+(\.\d+)?$/.test(value)) {
      rows.push({ event, value: Number(value), line });
    }
  }
  return rows;
}

/**
 * Counts per event name, as perf printed them (task-clock and cpu-clock in milliseconds, other
 * events as plain counts). An event perf could not count ("<not supported>", "<not counted>") is
 * a BenchmarkError naming it; so is output without any count line. `what` names the source.
 */
export function parsePerfStatCsv(text: string, what: string): Record<string, number> {
  const rows = perfStatRows(text);
  if (rows.length === 0) {
    const tail = tailLines(text, 10);
    throw new BenchmarkError(
      `${what}: perf stat printed no counts${tail ? `; it printed:\n${tail}` : ' (no output at all)'}`,
    );
  }
  const counts: Record<string, number> = {};
  for (const row of rows) {
    if (typeof row.value !== 'number' && !ranOnOtherCoreType(row, rows)) {
      throw new BenchmarkError(`${what}: ${uncountedMessage(row)}`);
    }
    if (row.event in counts) {
      throw new BenchmarkError(`${what}: perf stat printed two counts for ${row.event}: "${row.line}"`);
    }
    counts[row.event] = typeof row.value === 'number' ? row.value : 0;
  }
  return counts;
}

/**
 * On a hybrid CPU a process that never ran on one core type gets "<not counted>" on that PMU's
 * line ("cpu_atom/instructions/") while another ("cpu_core/instructions/") has the count: that
 * line means zero, not failure.
 */
function ranOnOtherCoreType(row: PerfRow, rows: readonly PerfRow[]): boolean {
  const pmuEvent = (name: string): string[] | undefined => {
    const match = /^([\w-]+)\/(.+)\/:?u?$/.exec(name);
    return match?.[1] !== undefined && match[2] !== undefined ? [match[1], match[2]] : undefined;
  };
  const mine = pmuEvent(row.event);
  if (row.value !== '<not counted>' || !mine) return false;
  return rows.some((other) => {
    const theirs = pmuEvent(other.event);
    return (
      typeof other.value === 'number' &&
      theirs !== undefined &&
      theirs[1] === mine[1] &&
      theirs[0] !== mine[0]
    );
  });
}

export function uncountedMessage(row: PerfRow): string {
  const why =
    row.value === '<not supported>'
      ? 'this machine does not provide that event (hardware counters are often hidden from virtual ' +
        'machines and containers; count it on bare metal or a VM with a virtual PMU, or use a software ' +
        'event such as task-clock)'
      : 'the counter never ran (the process was not scheduled while counting, or every hardware ' +
        'counter was taken by other perf users such as the NMI watchdog)';
  return `perf could not count ${row.event}: it printed "${row.line}": ${why}`;
}

/**
 * Whether a printed event name carries the requested `event`: the name itself; "<event>:u" when
 * perf fell back to user space only (perf_event_paranoid >= 2 without privileges); or, on hybrid
 * CPUs (Intel P/E cores), "<pmu>/<event>/", one line per core type.
 */
export function carriesEvent(printed: string, event: string): boolean {
  if (printed === event || printed === `${event}:u`) return true;
  const match = /^[\w-]+\/(.+)\/:?u?$/.exec(printed);
  return match?.[1] === event;
}

/**
 * The count of a requested `event` in parsePerfStatCsv's result: its own line, or the sum of the
 * lines that carry it (see carriesEvent); undefined when perf printed none.
 */
export function eventCount(counts: Record<string, number>, event: string): number | undefined {
  if (event in counts) return counts[event];
  const lines = Object.entries(counts).filter(([name]) => carriesEvent(name, event));
  return lines.length === 0 ? undefined : lines.reduce((sum, [, value]) => sum + value, 0);
}

/**
 * The count of each of `events` in perf's CSV `output`, keyed by the names asked for (not the
 * ":u" or per-PMU names perf may print). A BenchmarkError, naming `what`, if one is missing.
 */
export function requestedCounts(
  output: string,
  events: readonly string[],
  what: string,
): Record<string, number> {
  const counts = parsePerfStatCsv(output, what);
  const result: Record<string, number> = {};
  for (const event of events) {
    const count = eventCount(counts, event);
    if (count === undefined) {
      throw new BenchmarkError(
        `${what} printed no count for ${event}; it printed:\n${tailLines(output, 10)}`,
      );
    }
    result[event] = count;
  }
  return result;
}

/**
 * perf's messages for quoting in errors: without the lines -D -1/--control print in normal
 * operation and without the usage summary perf appends to argument errors. The first lines are
 * kept, because perf states the problem first ("Error:\nAccess to performance monitoring…").
 */
export function perfMessages(stderr: string, lines = 8): string {
  const noise = /^Events (enabled|disabled)$/;
  const kept: string[] = [];
  for (const line of stderr.split('\n')) {
    if (/^\s*Usage: perf /.test(line)) break;
    if (line.trim() !== '' && !noise.test(line.trim())) kept.push(line.trimEnd());
  }
  return kept.length > lines ? [...kept.slice(0, lines), '…'].join('\n') : kept.join('\n');
}

export function isPermissionProblem(stderr: string): boolean {
  return /perf_event_paranoid|Permission denied|Access to performance monitoring|No permission/i.test(stderr);
}

export function describeExit(status: Exit): string {
  return status.signal !== null ? `killed by ${status.signal}` : `exit status ${status.code ?? '?'}`;
}

/** Whether perf ended as it does after SIGINT: it re-raises SIGINT on itself after printing. */
export function endedByInterrupt(status: Exit): boolean {
  return status.signal === 'SIGINT' || status.code === 0 || status.code === 130;
}

/** Why an attached perf did not start counting: it timed out, or it exited (it could not attach). */
export type AttachFailure =
  { readonly kind: 'timeout'; readonly afterMs: number } | { readonly kind: 'exited'; readonly status: Exit };

/** The error message for perf `command` attaching to process `pid`, quoting its `stderr`. */
export function attachFailureMessage(
  command: string,
  pid: number,
  failure: AttachFailure,
  stderr: string,
): string {
  const said = perfMessages(stderr);
  let how: string;
  switch (failure.kind) {
    case 'timeout':
      how = `did not start counting within ${failure.afterMs / 1000} s and was killed`;
      break;
    case 'exited': {
      const gone = /Problems finding threads/.test(said) ? ` (process ${pid} does not exist)` : '';
      how = `exited (${describeExit(failure.status)}) before counting started${gone}`;
      break;
    }
  }
  return `${command} ${how}${said ? `:\n${said}` : ''}`;
}

/**
 * The error message for a perf that ended (`early`) before it was stopped, so that its counts
 * do not cover the measurement window, quoting its `stderr`.
 */
export function endedEarlyMessage(early: Exit, pid: number, stderr: string): string {
  const said = perfMessages(stderr);
  // perf exits by itself (status 0) when its target exits; a signal came from someone else,
  // such as a Ctrl-C in the terminal, which reaches perf too.
  const why =
    early.signal === null
      ? `process ${pid} probably exited, so the counts do not cover the window; if it is the ` +
        'server, check its error log'
      : 'something else stopped it (a Ctrl-C in the terminal?), so the counts do not cover the window';
  return (
    `perf stat ended (${describeExit(early)}) before the measurement window did: ${why}` +
    (said ? `\nperf said:\n${said}` : '')
  );
}
