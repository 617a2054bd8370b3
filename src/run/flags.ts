// Run flags (CLI) or inputs (action) → RunConfig. Shared so both validate the same way.
import { InputError } from '../errors.js';
import { parseOptionAssignments } from '../server/options.js';
import { loadSuite } from '../suite/load.js';
import type { RunConfig, SideConfig } from './config.js';

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

/** Flags → RunConfig; every error names the flag. */
export function runConfigFromFlags(flags: RunFlags): RunConfig {
  const ab = flags.base !== undefined || flags.head !== undefined;
  if (flags.server !== undefined && ab) {
    throw new InputError('use either --server PATH (one server) or --base PATH --head PATH (two), not both');
  }
  let sides: SideConfig[];
  if (ab) {
    if (flags.base === undefined || flags.head === undefined) {
      throw new InputError(
        `--${flags.base === undefined ? 'head' : 'base'} needs --${flags.base === undefined ? 'base' : 'head'} too: an A/B run measures two servers`,
      );
    }
    sides = [
      { name: 'base', serverPath: flags.base, options: parseOptionAssignments(flags.baseSet, '--base-set') },
      { name: 'head', serverPath: flags.head, options: parseOptionAssignments(flags.headSet, '--head-set') },
    ];
  } else {
    if (flags.server === undefined) {
      throw new InputError('say which server to measure: --server PATH, or --base PATH --head PATH');
    }
    if (flags.baseSet.length > 0 || flags.headSet.length > 0) {
      throw new InputError(
        '--base-set and --head-set apply to A/B runs (--base/--head); with --server use --set',
      );
    }
    sides = [{ name: 'head', serverPath: flags.server, options: {} }];
  }
  return {
    suite: loadSuite(flags.suite),
    sides,
    commonOptions: parseOptionAssignments(flags.set, '--set'),
    outPath: flags.out,
    workDir: flags.workDir ?? null,
    keepWorkDir: flags.keepWorkDir ?? false,
  };
}
