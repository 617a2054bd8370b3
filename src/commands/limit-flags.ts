// --max-processes and --max-memory (inputs "max-processes", "max-memory"): the limits of untrusted
// builds and servers, as `build` and `run` take them. Their defaults are LIMIT_DEFAULTS's
// (shell/limits.ts), stated in docs/security.md; here they are only read and checked.
import { parseSize } from '../builder/store-key.js';
import { InputError } from '../errors.js';
import {
  defaultMemoryBytes,
  LIMIT_DEFAULTS,
  type LimitSettings,
  serverProcessLimit,
} from '../shell/limits.js';
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import type { FlagSpelling } from './spelling.js';

/** The limit flags as the user wrote them. */
export interface LimitFlags {
  /** Most processes and threads an untrusted build or server may have at once. */
  maxProcesses?: string;
  /** Most memory an untrusted build or server may use: 4G, 1536M. */
  maxMemory?: string;
}

/** The help's words for the defaults, for the front ends. */
export const LIMIT_HELP = {
  buildProcesses: `default ${LIMIT_DEFAULTS.buildProcesses}`,
  serverProcesses: `default ${LIMIT_DEFAULTS.serverBackgroundProcesses} + ${LIMIT_DEFAULTS.serverProcessesPerThread} × the suite's most threads`,
  memory: `default ${LIMIT_DEFAULTS.memoryShare * 100}% of the machine's memory`,
} as const;

/** Checks the flags and fills in the defaults: `processes` is the default process limit. */
export function limitsFromFlags(flags: LimitFlags, spell: FlagSpelling, processes: number): LimitSettings {
  const labels = { processes: spell('max-processes'), memory: spell('max-memory') };
  const given = flags.maxProcesses?.trim() ?? '';
  if (given !== '' && (!/^\d+$/.test(given) || Number(given) < 1)) {
    throw new InputError(
      `${labels.processes} ${flags.maxProcesses ?? ''}: expected a whole number ≥ 1 (the most processes and threads at once)`,
    );
  }
  const memory = flags.maxMemory?.trim() ?? '';
  return {
    processes: given === '' ? processes : Number(given),
    memoryBytes: memory === '' ? defaultMemoryBytes() : parseSize(memory, labels.memory),
    labels,
  };
}

/** An untrusted build's limits. */
export function buildLimits(flags: LimitFlags, spell: FlagSpelling): LimitSettings {
  return limitsFromFlags(flags, spell, LIMIT_DEFAULTS.buildProcesses);
}

/** An untrusted server's limits under `suite`: its default process limit covers its most threads. */
export function serverLimits(flags: LimitFlags, spell: FlagSpelling, suite: Suite): LimitSettings {
  const threads = Math.max(1, ...suiteCells(suite).map((cell) => cell.threads));
  return limitsFromFlags(flags, spell, serverProcessLimit(threads));
}
