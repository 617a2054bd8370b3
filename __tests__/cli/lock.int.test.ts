// One benchmark per machine, end to end: real `run`s of the CLI as processes of their own (from
// src/, so that each has its pid and can be killed), real MariaDB servers, one state directory
// (this file's own, see real-run.ts) and so one machine lock between them.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse, stringify } from 'yaml';

import { isRunning, processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, TINY_SUITE, useTempDir } from '../helpers/real-run.js';
import { sourceCli } from '../helpers/source-cli.js';

const maybe = describeWithServer();
const temp = useTempDir('gate-lock-cli-');
const MARIADBD = '/usr/sbin/mariadbd';
const started: ChildProcess[] = [];

/** One cell of the tiny suite, `seconds` per repetition: the runs here are about the lock. */
function oneCellSuite(name: string, seconds: number): string {
  const tiny = parse(readFileSync(TINY_SUITE, 'utf8')) as { workloads: unknown[] };
  const path = join(temp.path, `${name}.yml`);
  const suite = { ...tiny, name, threads: [1], durationSeconds: seconds, warmupSeconds: 0 };
  writeFileSync(path, stringify({ ...suite, workloads: tiny.workloads.slice(0, 1) }));
  return path;
}

interface Run {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly work: string;
  /** stderr so far, each line with the time it arrived. */
  readonly lines: { readonly at: number; readonly text: string }[];
  readonly stderr: () => string;
  readonly exit: Promise<{ code: number | null; at: number }>;
}

function startRun(name: string, suite: string, ...extra: string[]): Run {
  const work = join(temp.path, `${name}-work`);
  const [node, args] = sourceCli(
    'run',
    '--server',
    MARIADBD,
    '--suite',
    suite,
    '--out',
    join(temp.path, `${name}.json`),
    '--work-dir',
    work,
    ...extra,
  );
  // env: Jest's copy of the environment, where this file's state directory is.
  const child = spawn(node, args, { env: { ...process.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  started.push(child);
  const lines: { at: number; text: string }[] = [];
  let partial = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) lines.push({ at: Date.now(), text });
  });
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('close', (code) => {
      if (partial !== '') lines.push({ at: Date.now(), text: partial });
      resolve({ code, at: Date.now() });
    }),
  );
  if (child.pid === undefined) throw new Error(`could not start the ${name} run`);
  return {
    child,
    pid: child.pid,
    work,
    lines,
    stderr: () => lines.map((line) => line.text).join('\n'),
    exit,
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function firstLine(run: Run, pattern: RegExp): { at: number; text: string } | undefined {
  return run.lines.find((line) => pattern.test(line.text));
}

/** Servers of a run killed with SIGKILL outlive it: kill them too, so that none is left. */
async function killLeftovers(work: string): Promise<void> {
  const pids = processesMentioning(`mariadbd.*${work}`);
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  await until(() => pids.every((pid) => !isRunning(pid)), 'the leftover servers to die');
}

afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await killLeftovers(temp.path);
});

maybe('one benchmark per machine (real runs)', () => {
  it('of two runs started together, the second says whom it waits for and runs after the first', async () => {
    const suite = oneCellSuite('pair', 1);
    const runs = [startRun('one', suite), startRun('two', suite)];
    const exits = await Promise.all(runs.map((run) => run.exit));
    expect(exits.map((exit, index) => (exit.code === 0 ? 0 : runs[index]?.stderr()))).toEqual([0, 0]);
    const waiters = runs.filter((run) => firstLine(run, /^waiting for /));
    expect(waiters).toHaveLength(1);
    const waiter = waiters[0]!;
    const holder = runs.find((run) => run !== waiter)!;
    expect(firstLine(waiter, /^waiting for /)?.text).toMatch(
      new RegExp(
        `^waiting for the run of pid ${holder.pid} \\(suite pair, by .+ on .+, started \\d\\d:\\d\\d:\\d\\d UTC, \\d+s ago\\) to finish: one benchmark at a time on this machine`,
      ),
    );
    // The waiter measured only after the holder had finished measuring.
    const holderLast = holder.lines.filter((line) => /repetition 2\/2/.test(line.text)).at(-1);
    const ours = firstLine(waiter, /^the machine lock is ours after waiting \d+s$/);
    const waiterFirst = firstLine(waiter, /repetition 1\/2/);
    expect(holderLast && ours && waiterFirst).toBeTruthy();
    expect(ours!.at).toBeGreaterThanOrEqual(holderLast!.at);
    expect(waiterFirst!.at).toBeGreaterThan(ours!.at);
    expect(firstLine(holder, /waiting|machine lock/)).toBeUndefined();
  });

  it('ends the wait after --lock-timeout with exit status 2 and why; SIGKILL of the holder frees the lock', async () => {
    const holder = startRun('holder', oneCellSuite('long', 60));
    await until(() => firstLine(holder, /repetition 1\/2/) !== undefined, 'the holder to measure');

    const impatient = startRun('impatient', oneCellSuite('short', 1), '--lock-timeout', '5s');
    const { code } = await impatient.exit;
    expect({ code, stderr: impatient.stderr() }).toMatchObject({ code: 2 });
    expect(firstLine(impatient, /^waiting for /)?.text).toContain(
      `waiting for the run of pid ${holder.pid} (suite long,`,
    );
    const error = firstLine(impatient, /^mysql-perf-gate: /)?.text;
    expect(error).toMatch(
      new RegExp(
        `^mysql-perf-gate: gave up waiting for the machine after 5s \\(--lock-timeout\\): the run of pid ${holder.pid} \\(suite long, by .+ on .+, started \\d\\d:\\d\\d:\\d\\d UTC, \\d+s ago\\) still holds its lock\\. One benchmark runs at a time on a machine; wait for that run to end, or give --lock-timeout more time`,
      ),
    );
    expect(firstLine(impatient, /Set up servers|repetition/)).toBeUndefined();

    holder.child.kill('SIGKILL');
    await holder.exit;
    // Nothing waits for the killed run: the next one, allowed no wait at all, measures.
    const next = startRun('next', oneCellSuite('after', 1), '--lock-timeout', '0');
    const after = await next.exit;
    expect({ code: after.code, stderr: after.code === 0 ? '' : next.stderr() }).toEqual({
      code: 0,
      stderr: '',
    });
    expect(firstLine(next, /waiting|machine lock/)).toBeUndefined();
    await killLeftovers(holder.work);
  });
});
