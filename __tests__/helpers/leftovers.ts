// What a run may leave behind: server processes whose command line names a directory.
import { execFileSync } from 'node:child_process';

/** PIDs of processes whose command line contains `needle` (pgrep -f). */
export function processesMentioning(needle: string): number[] {
  try {
    const out = execFileSync('pgrep', ['-f', needle], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}
