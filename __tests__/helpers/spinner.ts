// Child processes that burn a known amount of CPU on request, for the cost-counter tests.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * A node child that prints "ready", then after each "go" line spins until it has used `busyMs` of
 * user CPU time and prints "done". CPU time rather than wall time, so a loaded machine makes the
 * spin last longer instead of making it smaller.
 */
const SPINNER = `
process.stdout.write('ready\\n');
process.stdin.setEncoding('utf8').on('data', () => {
  const end = process.cpuUsage().user + Number(process.argv[1]) * 1000;
  while (process.cpuUsage().user < end) for (let i = 0; i < 100000; i++);
  process.stdout.write('done\\n');
});
`;

/** Children started by the tests of one file; `killChildren()` in afterEach. */
export const children: ChildProcessWithoutNullStreams[] = [];

export function startSpinner(busyMs: number): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['-e', SPINNER, String(busyMs)]);
  children.push(child);
  return child;
}

export function killChildren(): void {
  for (const child of children.splice(0)) child.kill('SIGKILL');
}

/** Resolves when the child has printed `line` (a listener, so the stream stays usable). */
export async function nextLine(child: ChildProcessWithoutNullStreams, line: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      if (!seen.includes(`${line}\n`)) return;
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (): void => {
      reject(new Error(`child exited before printing "${line}"`));
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}
