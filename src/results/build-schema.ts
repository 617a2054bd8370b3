// Which family a server is, and how it was built (build.json in its prefix, the compiler from its
// ELF .comment section), as results record them.
import { z } from 'zod';

import { Flavor } from '../flavor/flavors.js';

// The flavors are described in src/flavor/; results record a flavor by its id.
export { Flavor, FLAVOR_NAMES } from '../flavor/flavors.js';

/** The compiler that built the server, read from its ELF `.comment` section. */
export const CompilerInfo = z.discriminatedUnion('known', [
  z.strictObject({
    known: z.literal(true),
    /** The server's compiler, e.g. "Debian clang version 16.0.6" or "GCC: (Debian 12.2.0-14) 12.2.0". */
    name: z.string(),
    /** Every entry of the section (the C runtime's start files add a GCC entry to clang builds). */
    comments: z.array(z.string()),
  }),
  z.strictObject({ known: z.literal(false), reason: z.string() }),
]);
export type CompilerInfo = z.infer<typeof CompilerInfo>;

/**
 * How a server was built, from the build.json the `build` command writes into the install prefix
 * (see src/server/build-info.ts). Absent for servers built some other way.
 */
export const BuildInfo = z.strictObject({
  format: z.literal('mysql-perf-gate-build/1'),
  flavor: Flavor,
  /** From the source tree's version file, e.g. "10.11.18". */
  version: z.string(),
  source: z.strictObject({
    root: z.string(),
    /** HEAD of the tree when it is the top of a git checkout. */
    gitCommit: z.string().nullable(),
    /** Tracked files modified relative to gitCommit; null when not a checkout. */
    gitDirty: z.boolean().nullable(),
  }),
  compiler: z.strictObject({
    id: z.enum(['gcc', 'clang']),
    version: z.string(),
    /** First line of `cc --version`. */
    versionLine: z.string(),
    cc: z.string(),
    cxx: z.string(),
  }),
  buildType: z.string(),
  /** Every -D option given to CMake, the tool's defaults and the user's, in order. */
  cmakeOptions: z.array(z.string()),
  /** CMAKE_<LANG>_FLAGS plus CMAKE_<LANG>_FLAGS_<BUILD TYPE>, as CMake's cache holds them. */
  flags: z.strictObject({ c: z.string(), cxx: z.string() }),
  /** Only these targets were built (no install); empty for a full build. */
  targets: z.array(z.string()),
  /** Only these CMake install components were built and installed; absent when everything was. */
  components: z.array(z.string()).optional(),
  startedAt: z.string(),
  seconds: z.strictObject({ configure: z.number(), build: z.number(), install: z.number() }),
  /**
   * The ninja steps this build ran (0 when nothing was out of date) and the objects it compiled,
   * the first MAX_COMPILED_LISTED of them; absent in build.json from before it was recorded.
   */
  ninja: z
    .strictObject({
      steps: z.number().int().min(0),
      compiledCount: z.number().int().min(0),
      compiled: z.array(z.string()),
    })
    .optional(),
  /**
   * A build started from a copy of the trusted base's build directory (build --base-build-dir):
   * the copy's seconds (the tree's file times set too), the tree's files as the base's or
   * changed, and the steps ninja ran of all the targets have (`full`: most of them).
   */
  startedFrom: z
    .strictObject({
      dir: z.string(),
      seconds: z.number().min(0),
      sameFiles: z.number().int().min(0),
      changedFiles: z.number().int().min(0),
      steps: z.number().int().min(0),
      totalSteps: z.number().int().min(0),
      full: z.boolean(),
    })
    .optional(),
  jobs: z.number().int().min(1),
  /** ccache hits and misses of this build (the difference of its counters), or why none. */
  ccache: z.union([
    z.strictObject({
      used: z.literal(true),
      dir: z.string(),
      version: z.string(),
      hits: z.number().int().min(0),
      /** Of the hits, those the trusted builds' shared store answered, read-only (untrusted builds). */
      remoteHits: z.number().int().min(0).optional(),
      misses: z.number().int().min(0),
      /** Compilations ccache could not cache (link steps, preprocessing-only calls…). */
      uncacheable: z.number().int().min(0),
    }),
    z.strictObject({ used: z.literal(false), reason: z.string() }),
  ]),
  tool: z.string(),
});
export type BuildInfo = z.infer<typeof BuildInfo>;
