// What a run may leave behind: server processes whose command line names a directory.
import { execFileSync } from 'node:child_process';

/** PIDs of processes whose command line contains `needle` (pgrep -f). */
export function processesMentioning(needle: string): number[] {
  try {
    const out = execFileSync('pgrep', ['-f', '--', needle], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** Whether a process with this pid exists (signal 0 checks without signalling). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILLs whatever still mentions `needle` (a test's scratch directory): what a failed test left. */
export function killProcessesMentioning(needle: string): void {
  for (const pid of processesMentioning(needle)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}
