// Run flags (CLI) or inputs (action) → RunConfig. Shared so both validate the same way; errors
// name the flag (--base-set) or the input (input "base-set") the user actually wrote.
import { InputError } from '../errors.js';
import { parseOptionAssignments } from '../server/options.js';
import { loadSuite } from '../suite/load-suite.js';
import type { RunConfig, SideConfig } from '../run/run-config.js';

export interface RunFlags {
  server?: string;
  base?: string;
  head?: string;
  set: string[];
  baseSet: string[];
  headSet: string[];
  suite: string;
  out: string;
  workDir?: string;
  keepWorkDir?: boolean;
  verbose?: boolean;
}

/** How a flag is spelled for the user: `--base-set` on the command line, `input "base-set"` in a workflow. */
export type FlagSpelling = (name: string) => string;
export const cliSpelling: FlagSpelling = (name) => `--${name}`;
export const actionSpelling: FlagSpelling = (name) => `input "${name}"`;

/** Flags → RunConfig; every error names the flag or input. */
export function runConfigFromFlags(flags: RunFlags, spell: FlagSpelling = cliSpelling): RunConfig {
  const ab = flags.base !== undefined || flags.head !== undefined;
  if (flags.server !== undefined && ab) {
    throw new InputError(
      `use either ${spell('server')} (one server) or ${spell('base')} and ${spell('head')} (two), not both`,
    );
  }
  let sides: SideConfig[];
  if (ab) {
    if (flags.base === undefined || flags.head === undefined) {
      const [given, missing] =
        flags.base === undefined ? (['head', 'base'] as const) : (['base', 'head'] as const);
      throw new InputError(`${spell(given)} needs ${spell(missing)} too: an A/B run measures two servers`);
    }
    sides = [
      {
        name: 'base',
        serverPath: flags.base,
        options: parseOptionAssignments(flags.baseSet, spell('base-set')),
        labels: { server: spell('base'), options: spell('base-set') },
      },
      {
        name: 'head',
        serverPath: flags.head,
        options: parseOptionAssignments(flags.headSet, spell('head-set')),
        labels: { server: spell('head'), options: spell('head-set') },
      },
    ];
  } else {
    if (flags.server === undefined) {
      throw new InputError(
        `say which server to measure: ${spell('server')}, or ${spell('base')} and ${spell('head')}`,
      );
    }
    if (flags.baseSet.length > 0 || flags.headSet.length > 0) {
      throw new InputError(
        `${spell('base-set')} and ${spell('head-set')} apply to A/B runs (${spell('base')}/${spell('head')}); with ${spell('server')} use ${spell('set')}`,
      );
    }
    sides = [
      {
        name: 'head',
        serverPath: flags.server,
        options: {},
        labels: { server: spell('server'), options: spell('set') },
      },
    ];
  }
  return {
    suite: loadSuite(flags.suite),
    sides,
    commonOptions: parseOptionAssignments(flags.set, spell('set')),
    commonOptionsLabel: spell('set'),
    outPath: flags.out,
    workDir: flags.workDir ?? null,
    keepWorkDir: flags.keepWorkDir ?? false,
  };
}
