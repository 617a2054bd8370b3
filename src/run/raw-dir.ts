// The raw directory beside a results file (sysbench output, error logs, callgrind dumps): created
// or reused only when a run or merge of this tool wrote it, never another directory of that name.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { InputError } from '../errors.js';

const RAW_MARKER = '.mysql-perf-gate-raw';

/**
 * Creates the raw directory afresh; refuses one that holds files this tool did not write, naming
 * the option that placed it (`outOption`: `--out`, `input "out"`).
 */
export function prepareRawDir(rawDir: string, outOption: string): void {
  if (existsSync(rawDir)) {
    const entries = readdirSync(rawDir);
    if (entries.length > 0 && !entries.includes(RAW_MARKER)) {
      throw new InputError(
        `${rawDir} exists and was not written by mysql-perf-gate; choose another ${outOption} or remove that directory`,
      );
    }
    rmSync(rawDir, { recursive: true, force: true });
  }
  mkdirSync(rawDir, { recursive: true });
  writeFileSync(join(rawDir, RAW_MARKER), 'raw sysbench output and server error logs of one run\n');
}
