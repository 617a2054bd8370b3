// What the server process did over a window besides using CPU, from /proc: the context switches
// of its threads and the storage I/O of the whole process.
//
// Context switches: /proc/<pid>/status holds only the main thread's, so each thread's
// /proc/<pid>/task/<tid>/status is read and the differences are summed per thread. A thread that
// started during the window counts with everything it did (it did all of it in the window); a
// thread that ended during the window is lost with what it did in it (the kernel keeps an exited
// thread's switches only for getrusage of the process itself): such threads are counted as
// `threadsEnded`, so a reader knows. Connection threads go to the thread cache when a client
// disconnects, rather than ending, so a window normally ends none.
//
// I/O: /proc/<pid>/io covers every thread, the ended ones included. read_bytes and write_bytes
// are what the process had the storage read and write (page-cache hits are not reads; a buffered
// write counts when it dirties the page); syscr and syscw count read and write calls of every kind
// (files, pipes, the client sockets' read() and write()). Reading it needs the right to trace the
// process (ptrace's read mode): the same user, and a process that has not made itself
// non-dumpable; otherwise it is unavailable, and says why.
import { readdir, readFile } from 'node:fs/promises';

import { BenchmarkError, errorMessage } from '../errors.js';
import type { Availability } from '../results/results-schema.js';

export interface ThreadSwitches {
  readonly voluntary: number;
  readonly involuntary: number;
}

/** Each live thread's switches so far, by thread id. */
export type SwitchSnapshot = ReadonlyMap<number, ThreadSwitches>;

export interface ContextSwitches extends ThreadSwitches {
  /** Threads alive when the window began and gone when it ended: their switches in it are lost. */
  readonly threadsEnded: number;
}

export interface ProcessIo {
  /** read_bytes: what the storage read for the process. */
  readonly readBytes: number;
  /** write_bytes: what the process sent (or dirtied) towards the storage. */
  readonly writeBytes: number;
  /** syscr: read calls of every kind. */
  readonly readCalls: number;
  /** syscw: write calls of every kind. */
  readonly writeCalls: number;
}

function counter(text: string, name: string, what: string): number {
  const match = new RegExp(`^${name}:\\s*(\\d+)\\s*$`, 'm').exec(text);
  const value = match?.[1];
  if (value === undefined) throw new BenchmarkError(`${what} has no "${name}" line`);
  return Number(value);
}

/** The two context-switch lines of a /proc/<pid>/task/<tid>/status text. */
export function parseSwitches(text: string, what: string): ThreadSwitches {
  return {
    voluntary: counter(text, 'voluntary_ctxt_switches', what),
    involuntary: counter(text, 'nonvoluntary_ctxt_switches', what),
  };
}

/** The four counters of a /proc/<pid>/io text that are kept. */
export function parseProcIo(text: string, what: string): ProcessIo {
  return {
    readBytes: counter(text, 'read_bytes', what),
    writeBytes: counter(text, 'write_bytes', what),
    readCalls: counter(text, 'syscr', what),
    writeCalls: counter(text, 'syscw', what),
  };
}

/**
 * The switches between two snapshots, summed over threads. A thread id in both whose counts went
 * down is another thread that got the id of an ended one: it counts as new.
 */
export function switchesDelta(before: SwitchSnapshot, after: SwitchSnapshot): ContextSwitches {
  let voluntary = 0;
  let involuntary = 0;
  for (const [tid, now] of after) {
    const was = before.get(tid);
    const reused = was !== undefined && (now.voluntary < was.voluntary || now.involuntary < was.involuntary);
    const from = was === undefined || reused ? { voluntary: 0, involuntary: 0 } : was;
    voluntary += now.voluntary - from.voluntary;
    involuntary += now.involuntary - from.involuntary;
  }
  const threadsEnded = [...before.keys()].filter((tid) => !after.has(tid)).length;
  return { voluntary, involuntary, threadsEnded };
}

/** The I/O between two readings of one process; a decrease means they are not of one process. */
export function ioDelta(before: ProcessIo, after: ProcessIo): ProcessIo {
  const delta = {
    readBytes: after.readBytes - before.readBytes,
    writeBytes: after.writeBytes - before.writeBytes,
    readCalls: after.readCalls - before.readCalls,
    writeCalls: after.writeCalls - before.writeCalls,
  };
  if (Object.values(delta).some((value) => value < 0)) {
    throw new BenchmarkError(
      'the I/O counters of the server went backwards over the window: the two readings are not of the same ' +
        'process; the server probably restarted during the window, check its error log',
    );
  }
  return delta;
}

function requirePid(pid: number): void {
  if (!Number.isInteger(pid) || pid <= 0) throw new BenchmarkError(`${pid} is not a process id`);
}

/** Every live thread's context switches; a thread that ends while they are read is left out. */
export async function readThreadSwitches(pid: number): Promise<SwitchSnapshot> {
  requirePid(pid);
  const dir = `/proc/${pid}/task`;
  let tids: string[];
  try {
    tids = await readdir(dir);
  } catch (error) {
    throw new BenchmarkError(`cannot list ${dir}: ${errorMessage(error)}`, { cause: error });
  }
  const read = await Promise.all(
    tids
      .filter((tid) => /^\d+$/.test(tid))
      .map(async (tid): Promise<[number, ThreadSwitches] | undefined> => {
        const file = `${dir}/${tid}/status`;
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'ESRCH') return undefined;
          throw new BenchmarkError(`cannot read ${file}: ${errorMessage(error)}`, { cause: error });
        }
        return [Number(tid), parseSwitches(text, file)];
      }),
  );
  return new Map(read.filter((entry) => entry !== undefined));
}

/** The process's I/O so far, every thread's (ended ones included). */
export async function readProcessIo(pid: number): Promise<ProcessIo> {
  requirePid(pid);
  const file = `/proc/${pid}/io`;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BenchmarkError(`cannot read ${file}: ${errorMessage(error)}`, { cause: error });
  }
  return parseProcIo(text, file);
}

/** Reason texts are kept short: they go into the results. */
const MAX_REASON = 300;

async function availability(read: () => Promise<unknown>, hint: string): Promise<Availability> {
  try {
    await read();
    return { available: true };
  } catch (error) {
    const said = errorMessage(error);
    const denied = /EACCES|EPERM|permission denied/i.test(said);
    const reason = `${said}${denied ? `; ${hint}` : ''}`;
    return { available: false, reason: reason.slice(0, MAX_REASON) };
  }
}

/** Which of the two sources can be read for this server, tried once when it has started. */
export async function processActivityAvailability(
  pid: number,
): Promise<{ readonly contextSwitches: Availability; readonly io: Availability }> {
  const hint =
    'the server runs as another user or made itself non-dumpable, and this tool may not read its counters';
  return {
    contextSwitches: await availability(() => readThreadSwitches(pid), hint),
    io: await availability(() => readProcessIo(pid), hint),
  };
}
