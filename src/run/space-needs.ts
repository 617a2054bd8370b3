// The room a run needs, estimated before it starts: each side's datadir (the server's own files,
// its redo log, the suite's data, and the copies a restore or an aligned head keeps) in the work
// directory, and its raw output beside the results. The server's files and its redo log are its
// flavor's (src/flavor/: a fresh MariaDB 10.11 datadir takes 114 MB here, 96 MiB of it the redo
// log, a MySQL 9.7 one 187 MB, 100 MiB of redo). Pure.
import { describeFlavor } from '../flavor/flavors.js';
import { redoLogBytes } from '../flavor/redo.js';
import { formatMiB } from '../format.js';
import { normalizeOptionName } from '../server/options.js';
import type { Flavor } from '../results/results-schema.js';
import { type Suite, suiteCells } from '../suite/suite-schema.js';
import { restoresData, suiteDataSets } from '../workload/kinds.js';

const MiB = 2 ** 20;

/** Room left over for what the estimate does not see (binary logs, undo growth, the slow log). */
export const SPACE_MARGIN = 0.25;
/** A measured step's raw output: sysbench's report; under callgrind, its dump too. */
const STEP_OUTPUT_BYTES = 64 * 1024;
const STEP_DUMP_BYTES = 16 * MiB;

const UNITS: Readonly<Record<string, number>> = { '': 1, K: 2 ** 10, M: MiB, G: 2 ** 30, T: 2 ** 40 };

/** A server option's size ("96M", "1G", "100663296"), or undefined when it is not one. */
export function optionBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\s*([KMGT]?)$/i.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * (UNITS[(match[2] ?? '').toUpperCase()] ?? 1);
}

/** An option's value, set plainly or as loose_NAME (which a server without it ignores). */
function option(options: Readonly<Record<string, string>>, name: string): string | undefined {
  const entry = Object.entries(options).find(
    ([key]) => normalizeOptionName(key).replace(/^loose_/i, '') === name,
  );
  return entry?.[1];
}

/**
 * The redo log's size under these options, as the flavor reads them (src/flavor/redo.ts: MariaDB
 * has no innodb_redo_log_capacity; MySQL and Percona Server count innodb_log_files_in_group, 2 by
 * default, when the capacity is not set); the flavor's default when no option sizes it.
 */
function redoBytes(flavor: Flavor, options: Readonly<Record<string, string>>): number {
  const { redo } = describeFlavor(flavor).datadir;
  const read = (name: string): bigint | undefined => {
    const bytes = optionBytes(option(options, name));
    return bytes === undefined ? undefined : BigInt(bytes);
  };
  const bytes = redoLogBytes(redo, read);
  return bytes === undefined ? redo.defaultBytes : Number(bytes);
}

export interface DatadirEstimate {
  readonly bytes: number;
  /** "server files 32.0 MiB, redo log 96.0 MiB, data 2.4 MiB, a copy of it to restore from". */
  readonly parts: string;
}

/** One side's room in the work directory: its datadir, the copies the run keeps of it, and the margin. */
export function datadirEstimate(
  suite: Suite,
  flavor: Flavor,
  options: Readonly<Record<string, string>>,
  copies: { readonly alignedHead: boolean },
): DatadirEstimate {
  const system = describeFlavor(flavor).datadir.systemBytes;
  const redo = redoBytes(flavor, options);
  const data = suiteDataSets(suite).reduce((sum, set) => sum + (set.dataBytes ?? 0), 0);
  const copyCount = (restoresData(suite) ? 1 : 0) + (copies.alignedHead ? 1 : 0);
  const one = system + redo + data;
  const bytes = Math.ceil(one * (1 + copyCount) * (1 + SPACE_MARGIN));
  const copied = copyCount === 0 ? '' : `, ${copyCount} cop${copyCount === 1 ? 'y' : 'ies'} of it`;
  return {
    bytes,
    parts: `server files ${formatMiB(system)}, redo log ${formatMiB(redo)}, data ${formatMiB(data)}${copied}, ${SPACE_MARGIN * 100}% margin`,
  };
}

/** The raw directory's room: every step's output on every side, and under callgrind its dump. */
export function rawOutputBytes(suite: Suite, sides: number): number {
  const steps = suiteCells(suite).length * (suite.repetitions + 1) * sides;
  const perStep = STEP_OUTPUT_BYTES + (suite.metric === 'instructions' ? STEP_DUMP_BYTES : 0);
  return Math.ceil(steps * perStep + MiB);
}
