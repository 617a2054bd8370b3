// A fresh datadir for one side, made by the server's own bootstrap: mariadb-install-db for
// MariaDB, `mysqld --initialize-insecure` for MySQL and Percona Server. Either way root gets an
// empty password, so the tool can connect without storing a secret.
//
// Verified on MariaDB 10.11 (Debian 12). The MySQL/Percona path follows the MySQL 5.7/8.x
// reference manual ("Initializing the Data Directory"); no MySQL or Percona server was available
// to run it.
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

import { DependencyError, ServerError, tailLines } from '../errors.js';
import type { Flavor } from '../results/results-schema.js';
import { exec } from '../shell/exec.js';

export interface DatadirRequest {
  readonly binary: string;
  readonly basedir: string;
  readonly flavor: Flavor;
  /** Must not exist yet: the bootstrap creates it. */
  readonly datadir: string;
  /** Set when running as root (the bootstrap, like the server, refuses root otherwise). */
  readonly user: string | undefined;
  /** The side's own tmpdir, existing: a bootstrap's temporary tables must not live in a shared /tmp. */
  readonly tmpdir: string;
  readonly log?: (line: string) => void;
}

/** MariaDB 10.4 renamed mysql_install_db; older releases only have the old name. */
export const INSTALL_SCRIPT_NAMES = ['mariadb-install-db', 'mysql_install_db'] as const;

export async function initializeDatadir(request: DatadirRequest): Promise<void> {
  const { file, args } =
    request.flavor === 'mariadb'
      ? await mariadbCommand(request)
      : { file: request.binary, args: mysqlInitializeArgs(request) };
  request.log?.(`initializing ${request.datadir}: ${[file, ...args].join(' ')}`);
  // TMPDIR is the server's default tmpdir; the bootstrap script has no option of its own for it.
  const result = await exec(file, args, { check: false, env: { ...process.env, TMPDIR: request.tmpdir } });
  if (result.exitCode !== 0 || result.signal !== null) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with status ${result.exitCode}`;
    const output = tailLines(`${result.stdout}\n${result.stderr}`, 25);
    throw new ServerError(
      `could not initialize the datadir ${request.datadir}: ${file} ${how}` +
        (output ? `; last lines of its output:\n${output}` : ' and printed nothing'),
    );
  }
}

/** `--no-defaults` must come first; the bootstrap then ignores /etc/mysql and ~/.my.cnf. */
export function mysqlInitializeArgs(
  request: Pick<DatadirRequest, 'datadir' | 'basedir' | 'user' | 'tmpdir'>,
): string[] {
  return [
    '--no-defaults',
    '--initialize-insecure',
    `--datadir=${request.datadir}`,
    `--basedir=${request.basedir}`,
    `--tmpdir=${request.tmpdir}`,
    ...(request.user !== undefined ? [`--user=${request.user}`] : []),
  ];
}

/**
 * `supported` is the script's --help text: MariaDB before 10.4 has no
 * --auth-root-authentication-method (its root already has an empty password) and older ones no
 * --skip-test-db, so each is passed only when the script lists it.
 */
export function mariadbInstallArgs(
  request: Pick<DatadirRequest, 'datadir' | 'basedir' | 'user'>,
  helpText: string,
): string[] {
  return [
    '--no-defaults',
    `--datadir=${request.datadir}`,
    `--basedir=${request.basedir}`,
    // "normal": root@localhost and root@127.0.0.1 without a password, reachable over TCP;
    // the default "socket" would only let the unix user root in through the socket.
    ...(helpText.includes('--auth-root-authentication-method')
      ? ['--auth-root-authentication-method=normal']
      : []),
    ...(helpText.includes('--skip-test-db') ? ['--skip-test-db'] : []),
    ...(request.user !== undefined ? [`--user=${request.user}`] : []),
  ];
}

/** Where a prefix keeps its bootstrap script: scripts/ in tarballs and build trees, bin/ installed. */
export function installScriptCandidates(basedir: string, pathDirs: readonly string[]): string[] {
  const dirs = [path.join(basedir, 'scripts'), path.join(basedir, 'bin'), ...pathDirs];
  return dirs.flatMap((dir) => INSTALL_SCRIPT_NAMES.map((name) => path.join(dir, name)));
}

async function mariadbCommand(request: DatadirRequest): Promise<{ file: string; args: string[] }> {
  const pathDirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '');
  const candidates = installScriptCandidates(request.basedir, pathDirs);
  let script: string | undefined;
  for (const candidate of candidates) {
    if (await isExecutable(candidate)) {
      script = candidate;
      break;
    }
  }
  if (script === undefined) {
    throw new DependencyError(
      `cannot initialize a MariaDB datadir: neither ${INSTALL_SCRIPT_NAMES.join(' nor ')} was found in ` +
        `${path.join(request.basedir, 'scripts')}, ${path.join(request.basedir, 'bin')} or PATH. ` +
        'Install the server package that ships it (Debian: mariadb-server) or pass the full install prefix.',
    );
  }
  const help = await exec(script, ['--help'], { check: false });
  return { file: script, args: mariadbInstallArgs(request, `${help.stdout}\n${help.stderr}`) };
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}
