// ccache for source builds: whether it is there, which cache directory it uses, and how many of
// one build's compilations it answered. A compiler comparison rebuilds the whole server twice and
// a pull request rebuilds it on every push; ccache turns the second build of mostly unchanged
// sources from ~20 minutes into a few.
//
// The counters are cumulative for the cache directory (which other builds share), so a build's
// own figures are the difference between a reading before and one after. `--print-stats` (ccache
// 4.x) prints one "name<TAB>value" line per counter; older releases lack it and get no figures.
import { homedir } from 'node:os';
import { join } from 'node:path';

import { exec } from '../shell/exec.js';
import { type Confinement, UNCONFINED } from '../shell/sandbox.js';
import { quickDeadline } from '../shell/deadline.js';

export interface CcacheSetup {
  readonly version: string;
  readonly dir: string;
  /** Environment for cmake and the build: CCACHE_DIR set (and the shared store: shared-ccache.ts). */
  readonly env: NodeJS.ProcessEnv;
  /** An untrusted build's secondary storage: the trusted builds' shared store, read-only. */
  readonly readOnlyStore?: string;
}

export type CcacheCounters = ReadonlyMap<string, number>;

export interface CcacheFigures {
  readonly hits: number;
  /** Of the hits, those answered by remote storage (an untrusted build's: the trusted store). */
  readonly remoteHits: number;
  readonly misses: number;
  readonly uncacheable: number;
}

/** Counters that mean "ccache was called but could not cache this". */
const UNCACHEABLE = [
  'autoconf_test',
  'bad_compiler_arguments',
  'called_for_link',
  'called_for_preprocessing',
  'compile_failed',
  'compiler_produced_empty_output',
  'compiler_produced_no_output',
  'compiler_produced_stdout',
  'could_not_use_modules',
  'could_not_use_precompiled_header',
  'multiple_source_files',
  'no_input_file',
  'output_to_stdout',
  'preprocessor_error',
  'unsupported_code_directive',
  'unsupported_compiler_option',
  'unsupported_environment_variable',
  'unsupported_source_language',
];

/**
 * ccache's version and cache directory, or why it will not be used. `dir` overrides CCACHE_DIR;
 * without either, ccache's own default applies (~/.cache/ccache on Linux).
 */
export async function detectCcache(
  dir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CcacheSetup | { reason: string }> {
  const version = await exec('ccache', ['--version'], {
    env,
    check: false,
    deadline: quickDeadline('ccache --version'),
  }).catch(() => undefined);
  if (version?.exitCode !== 0) {
    return { reason: 'ccache is not installed (Debian/Ubuntu: apt-get install ccache)' };
  }
  const first = version.stdout.split('\n')[0] ?? '';
  const cacheDir = dir ?? env.CCACHE_DIR ?? join(env.HOME ?? homedir(), '.cache', 'ccache');
  return {
    version: /(\d+(?:\.\d+)+)/.exec(first)?.[1] ?? first,
    dir: cacheDir,
    env: { ...env, CCACHE_DIR: cacheDir },
  };
}

/**
 * The cache directory's counters now, or undefined when this ccache cannot print them. An
 * untrusted build's cache is read in its sandbox (`confinement`): its files are that code's.
 */
export async function readCcacheCounters(
  setup: CcacheSetup,
  confinement: Confinement = UNCONFINED,
): Promise<CcacheCounters | undefined> {
  const command = confinement.wrap('ccache', ['--print-stats']);
  const result = await exec(command.file, command.args, {
    env: confinement.env(setup.env),
    check: false,
    deadline: quickDeadline('ccache --print-stats'),
  });
  if (result.exitCode !== 0) return undefined;
  return parseCcacheCounters(result.stdout);
}

/** "name<TAB>value" lines → counters. Pure. */
export function parseCcacheCounters(text: string): CcacheCounters {
  const counters = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [name, value] = line.split('\t');
    if (name && value !== undefined && /^\d+$/.test(value.trim())) counters.set(name, Number(value));
  }
  return counters;
}

/** What happened between two readings. Pure. */
export function ccacheFigures(before: CcacheCounters, after: CcacheCounters): CcacheFigures {
  const delta = (name: string): number => Math.max(0, (after.get(name) ?? 0) - (before.get(name) ?? 0));
  return {
    hits: delta('direct_cache_hit') + delta('preprocessed_cache_hit'),
    remoteHits: delta('remote_storage_hit'),
    misses: delta('cache_miss'),
    uncacheable: UNCACHEABLE.reduce((sum, name) => sum + delta(name), 0),
  };
}
