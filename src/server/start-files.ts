// What a side's server reads as it starts, and the accounts it makes. The files are written fresh
// before each start (never through a link a sandboxed server may have left in its directory): its
// option file, sysbench's option file with the workload account's password and, until the server
// has answered once, the init file that makes its accounts (accounts.ts). The two holding a
// password are mode 0600; the passwords are made here, for this server only, and kept in memory.
import type { Flavor } from '../results/results-schema.js';
import { writeFresh } from '../shell/no-follow.js';
import { accountsInitSql, newAccounts, sysbenchPasswordFile } from './accounts.js';
import { renderConfigFile } from './config-file.js';
import type { ConnectionInfo } from './connection.js';
import type { ServerPaths } from './files.js';
import { connectionFor, dropOtherAccounts } from './queries.js';
import { clientSandbox } from './server-sandbox.js';

export interface StartOptions {
  readonly install: {
    readonly binary: string;
    readonly flavor: Flavor;
    readonly basedir: string;
    readonly layout?: Readonly<Record<string, string>>;
  };
  readonly port: number;
  /** Set when running as root (see config-file.ts). */
  readonly user: string | undefined;
  readonly options: Readonly<Record<string, string>>;
}

export class StartFiles {
  private readonly accounts = newAccounts();
  /** The server answered once, its init file run: later starts run none. */
  private accountsMade = false;

  constructor(private readonly paths: ServerPaths) {}

  /** How the tool and sysbench reach the server on `port`; `sandboxedClients`: sysbench in the sandbox. */
  connection(port: number, sandboxedClients: boolean): ConnectionInfo {
    return {
      ...connectionFor(this.paths, port, this.accounts),
      ...(sandboxedClients ? { sandbox: clientSandbox(this.paths.socketPath) } : {}),
    };
  }

  /** Writes the files; returns the init file's path on a first start, to be removed once started. */
  async write(start: StartOptions): Promise<string | undefined> {
    const { paths, accounts } = this;
    const initFile = this.accountsMade ? undefined : paths.accountsFile;
    if (initFile !== undefined) await writeFresh(initFile, accountsInitSql(accounts), 0o600);
    await writeFresh(paths.clientConfig, sysbenchPasswordFile(accounts.workload), 0o600);
    await writeFresh(
      paths.configFile,
      renderConfigFile({
        ...paths,
        flavor: start.install.flavor,
        basedir: start.install.basedir,
        ...(start.install.layout ? { layout: start.install.layout } : {}),
        port: start.port,
        user: start.user,
        options: start.options,
        ...(initFile === undefined ? {} : { initFile }),
      }),
    );
    return initFile;
  }

  /** Once the server answers `info`: after its first start, what its bootstrap made besides dropped. */
  async answered(info: ConnectionInfo, binary: string): Promise<void> {
    if (this.accountsMade) return;
    await dropOtherAccounts(info, binary);
    this.accountsMade = true;
  }
}
