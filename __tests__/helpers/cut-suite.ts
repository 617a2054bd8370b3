// A fixture suite cut down to what a test needs, written into the test's scratch directory, for the
// tests of the workflows and the action whose subject is not what is measured. The name stays the
// fixture's, so what is printed, posted and filed under it is named as before; every cell and
// second saved is CPU the machine's other tests get back (under callgrind, ~20 s a server start).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse, stringify } from 'yaml';

import { ROOT } from './real-run.js';

const FIXTURES = {
  /** Throughput: 2 workloads × 2 thread counts, 2 × 3 s per cell. */
  tiny: join(ROOT, '__fixtures__', 'suites', 'tiny.yml'),
  /** Instructions: 2 workloads on one thread, 2 × a few hundred events under callgrind. */
  'tiny-instructions': join(ROOT, '__fixtures__', 'suites', 'tiny-instructions.yml'),
} as const;

export interface SuiteCut {
  /** The workloads kept, by name (default: all). */
  readonly workloads?: readonly string[];
  /** Top-level fields replaced (threads, durationSeconds, warmupSeconds…). */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/** Writes `fixture` cut as `cut` to `dir`/`file` and returns its path. */
export function cutSuite(fixture: keyof typeof FIXTURES, dir: string, file: string, cut: SuiteCut): string {
  const suite = parse(readFileSync(FIXTURES[fixture], 'utf8')) as Record<string, unknown> & {
    workloads: { name: string }[];
  };
  const keep = cut.workloads;
  const workloads = suite.workloads.filter((workload) => keep?.includes(workload.name) ?? true);
  if (keep !== undefined && workloads.length !== keep.length)
    throw new Error(`${fixture} lacks one of the workloads ${keep.join(', ')}`);
  const path = join(dir, file);
  writeFileSync(path, stringify({ ...suite, ...cut.fields, workloads }));
  return path;
}
