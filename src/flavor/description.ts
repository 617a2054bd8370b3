// What a server flavor is, for every layer that acts on one: the shape of a flavor's description.
// Each flavor is one value of this shape (mariadb.ts, mysql.ts, percona.ts); the layers above read
// its fields and never ask which flavor they have. Every field is required, "none" being null or
// an empty list, so that a description missing one is refused (__tests__/flavor/flavors.test.ts
// parses every flavor with this schema). Pure.
import { z } from 'zod';

const names = z.array(z.string().min(1));
const list = names.readonly();
/** A list of at least one name. */
const some = names.min(1).readonly();
const pattern = z.instanceof(RegExp);

/** How a server says which flavor it is: `mysqld --version`, or VERSION() and @@version_comment. */
const VersionMarks = z.strictObject({
  /** Marks the version ("10.11.19-MariaDB-0+deb12u1"); null: the version does not say. */
  token: pattern.nullable(),
  /** Marks the compilation comment ("Percona Server (GPL), Release '27'"); null: it does not say. */
  comment: pattern.nullable(),
  /**
   * The version as recorded, when it keeps more than major.minor.patch: Percona's release
   * ("8.0.35-27"), the first group. Null: "10.11.19".
   */
  release: pattern.nullable(),
});

/** How a source tree says which flavor it builds. */
const TreeMarks = z.strictObject({
  /** Files or directories (relative to the tree's top) of which any one marks the flavor. */
  paths: list,
  /** Marks MYSQL_VERSION_EXTRA of the version file ("-27", a Percona release); null: it does not. */
  versionExtra: pattern.nullable(),
  /** Where a Boost tree ships with the source, tried in order (-DWITH_BOOST); empty: no Boost. */
  boostDirs: list,
});

/** A CMake argument: as written, the Boost tree found, or one only versions before `before` take. */
const CmakeArg = z.union([
  z.string().startsWith('-D'),
  z.strictObject({ boostVariable: z.string().min(1) }),
  z.strictObject({ before: z.string().regex(/^\d+\.\d+\.\d+$/), arg: z.string().startsWith('-D') }),
]);
export type CmakeArg = z.infer<typeof CmakeArg>;

/** How a fresh datadir is made: the server's own option, or the bootstrap script beside it. */
const Bootstrap = z.discriminatedUnion('program', [
  z.strictObject({
    program: z.literal('server'),
    /**
     * What the server is run with (after --no-defaults) to make a datadir whose root@localhost has
     * no password yet: the first start's init file gives it one (server/accounts.ts).
     */
    args: some,
  }),
  z.strictObject({
    program: z.literal('script'),
    /** The script's names, newest first. */
    scripts: some,
    /** Passed when the script's --help lists them (older releases lack them). */
    ifListed: list,
    /** The tools the script runs from beside it, linked into a prefix for a copied binary. */
    tools: some,
  }),
]);
export type Bootstrap = z.infer<typeof Bootstrap>;

/** The redo log: where it lives, which options size it and how big it is when none does. */
const RedoLog = z.strictObject({
  /** Its files in the datadir, as the docs name them. */
  layout: z.string().min(1),
  /** The option that sizes the whole log; null: the flavor has none. */
  capacityOption: z.string().min(1).nullable(),
  /** The option that sizes one file. */
  fileSizeOption: z.string().min(1),
  /** The option that counts the files; null: the flavor has one file. */
  fileCountOption: z.string().min(1).nullable(),
  /** The files when no option counts them. */
  defaultFileCount: z.number().int().positive(),
  /** Its size when no option sizes it. */
  defaultBytes: z.number().int().positive(),
});
export type RedoLog = z.infer<typeof RedoLog>;

/** Where a fetch script puts a real source tree of the flavor, for the tests that build one. */
const SourceFetch = z.strictObject({
  /** The script, from the repository's top. */
  script: z.string().regex(/^scripts\/fetch-[a-z0-9-]+-source\.sh$/),
  /** The Debian source package it fetches. */
  package: z.string().min(1),
  /** The name of the unpacked tree it prints. */
  tree: pattern,
  /** The variable that points the tests at a tree of one's own instead. */
  variable: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
});

/** Options, as a server's option file names them. */
const Options = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.string());

/** A query and the column of its one row that answers it. */
const RowQuery = z.strictObject({ sql: z.string().min(1), column: z.string().min(1) });

/**
 * What the operational cells (workload/operations.ts) ask of a flavor: the settings that keep a
 * crash's redo from being checkpointed and where its error log says how much redo it recovered;
 * the settings and statements that make a primary's binary log a replica's relay log, applied.
 */
const Operations = z.strictObject({
  /**
   * The oldest version the settings and statements below fit, and what it is the oldest for;
   * null: none known. A run refuses an older server for operational cells before it starts.
   */
  minimumVersion: z
    .strictObject({ version: z.string().regex(/^\d+\.\d+\.\d+$/), why: z.string().min(1) })
    .nullable(),
  /**
   * The threads whose inclusive instructions are a start's own work (a recovery's, a cold start's),
   * from the first instruction to the first answer: where the server starts and applies the redo.
   */
  startFunctions: pattern,
  recovery: z.strictObject({
    /** Added to the side's options for the write load and the restart: no checkpoint meanwhile. */
    options: Options,
    /** The error log's line naming the checkpoint recovery starts from: its first group, an LSN. */
    checkpointLine: pattern,
    /** The line naming where the log ends (the last such line, when several): its first group, an LSN. */
    endLine: pattern,
  }),
  replication: z.strictObject({
    /** Added to the side's options while it writes the binary log of the write load. */
    primary: Options,
    /** The primary's options unless the side's own set them (the binary log's format). */
    primaryDefaults: Options,
    /** Added to the side's options while it applies that log as a replica. */
    replica: Options,
    /** The option giving the applier's threads, and its value for a serial apply. */
    applierThreads: z.strictObject({ option: z.string().min(1), serial: z.string().min(1) }),
    /** Statements that empty the primary's binary logs, the first the server takes used. */
    resetBinaryLogs: some,
    /**
     * Statements that empty the replica's record of the transactions it applied, where the flavor
     * skips a transaction by it (MySQL's gtid_executed); none where it applies by file position.
     */
    forgetApplied: names.readonly(),
    /** The last transaction the primary wrote, as the wait below takes it. */
    lastTransaction: RowQuery,
    /**
     * Statements pointing the replica's applier at a relay log ({file}), made of the primary's
     * binary log ({primaryFile}), the first the server takes used.
     */
    pointAtRelayLog: some,
    /** Statements that start the applier alone, the first the server takes used. */
    startApplier: some,
    /**
     * Waits (its two placeholders: lastTransaction's answer, then the seconds it may take) until the applier applied
     * it; `applied`: the answer when it did.
     */
    waitApplied: z.strictObject({ sql: z.string().min(1), column: z.string().min(1), applied: z.string() }),
    /**
     * The applier's thread functions (the coordinator and the parallel workers): their inclusive
     * instructions are a counted apply's own work, without the background threads' timing.
     */
    applierFunctions: pattern,
    /**
     * The replica's status: its columns saying why the applier stopped (the server's error number
     * and message), and whether it runs (`Yes` while it does).
     */
    status: z.strictObject({
      sql: z.string().min(1),
      errorColumn: z.string().min(1),
      errnoColumn: z.string().min(1),
      runningColumn: z.string().min(1),
    }),
  }),
});
export type FlavorOperations = z.infer<typeof Operations>;

export const FlavorDescription = z.strictObject({
  /** As results record it: lower case, never renamed. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** As people write it: "Percona Server". */
  name: z.string().min(1),
  recognise: z.strictObject({ version: VersionMarks, sourceTree: TreeMarks }),
  /** The server binary's names, the preferred first. */
  serverBinaries: some,
  build: z.strictObject({
    /** After the options every build gets (cmake-args.ts), before the user's. */
    cmake: z.array(CmakeArg).readonly(),
    /** The CMake install components the server needs in its prefix; null: install everything. */
    installComponents: some.nullable(),
  }),
  bootstrap: Bootstrap,
  /**
   * A server run from its build tree, not installed: the options that point it at the tree's
   * directories (option → directory under the build tree), the tree's top its basedir. Null: the
   * bootstrap finds them (MariaDB's script takes --srcdir and --builddir).
   */
  buildTreeLayout: z.record(z.string(), z.string()).nullable(),
  config: z.strictObject({
    /** The option file group the server reads. */
    group: z.string().min(1),
    /** Options every side's server gets (plugins that would make two servers collide). */
    options: z.record(z.string(), z.string()),
  }),
  datadir: z.strictObject({
    /** A fresh datadir's own files besides the redo log, with a started server's temporary tablespace. */
    systemBytes: z.number().int().positive(),
    redo: RedoLog,
  }),
  queries: z.strictObject({
    /** InnoDB's undo history not yet purged: the query and the column of its one row. */
    historyLength: z.strictObject({ sql: z.string().min(1), column: z.string().min(1) }),
  }),
  valgrind: z.strictObject({
    /**
     * The option capping the address space the buffer pool reserves, set to the pool's size under
     * valgrind when the server knows it; null: the flavor has none.
     */
    bufferPoolMaxOption: z.string().min(1).nullable(),
  }),
  settings: z.strictObject({
    /** Variables whose values are names of this flavor's own, with an example. */
    vocabulary: z.record(z.string(), z.string().min(1)),
    /** What a setting is called here: a concept ("group commit delay") → this flavor's variable. */
    equivalents: z.record(z.string(), z.string().min(1)),
  }),
  /** Where a real source tree comes from; null: none is reachable from CI. */
  source: SourceFetch.nullable(),
  operations: Operations,
});
export type FlavorDescription = z.infer<typeof FlavorDescription>;
