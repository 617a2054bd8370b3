// The files a side's server reads as it starts, written fresh before each start (never through a
// link a sandboxed server may have left in its directory): its option file, sysbench's option
// file with the workload account's password and, on the first start only, the init file that
// makes its accounts (accounts.ts). The two holding a password are mode 0600.
import type { Flavor } from '../results/results-schema.js';
import { writeFresh } from '../shell/no-follow.js';
import { accountsInitSql, type ServerAccounts, sysbenchPasswordFile } from './accounts.js';
import { renderConfigFile } from './config-file.js';
import type { ServerPaths } from './files.js';

export interface StartFiles {
  readonly paths: ServerPaths;
  readonly install: {
    readonly flavor: Flavor;
    readonly basedir: string;
    readonly layout?: Readonly<Record<string, string>>;
  };
  readonly port: number;
  /** Set when running as root (see config-file.ts). */
  readonly user: string | undefined;
  readonly options: Readonly<Record<string, string>>;
  readonly accounts: ServerAccounts;
  /** The datadir's accounts are not made yet: the init file is written and named. */
  readonly firstStart: boolean;
}

/** Writes the files; returns the init file's path on a first start, for its removal once started. */
export async function writeStartFiles(start: StartFiles): Promise<string | undefined> {
  const { paths, install, accounts } = start;
  const initFile = start.firstStart ? paths.accountsFile : undefined;
  if (initFile !== undefined) await writeFresh(initFile, accountsInitSql(accounts), 0o600);
  await writeFresh(paths.clientConfig, sysbenchPasswordFile(accounts.workload), 0o600);
  await writeFresh(
    paths.configFile,
    renderConfigFile({
      ...paths,
      flavor: install.flavor,
      basedir: install.basedir,
      ...(install.layout ? { layout: install.layout } : {}),
      port: start.port,
      user: start.user,
      options: start.options,
      ...(initFile === undefined ? {} : { initFile }),
    }),
  );
  return initFile;
}
