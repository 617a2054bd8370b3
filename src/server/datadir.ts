// A fresh datadir for one side, made by the server's own bootstrap: mariadb-install-db for
// MariaDB, `mysqld --initialize-insecure` for MySQL and Percona Server. Either way root gets an
// empty password, so the tool can connect without storing a secret.
//
// A MariaDB server in a build tree (build/sql/mariadbd, not installed) is bootstrapped by the
// tree's own script with --srcdir and --builddir; a copied binary in a directory of its own, by the
// distribution's script through a prefix of links (the binary, my_print_defaults, share/, lib/).
//
// Verified on MariaDB 10.11 (Debian 12). The MySQL/Percona path follows the MySQL 5.7/8.x
// reference manual ("Initializing the Data Directory"); no MySQL or Percona server was available
// to run it.
import { access, constants, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

import { DependencyError, ServerError, tailLines } from '../errors.js';
import type { Flavor } from '../results/results-schema.js';
import { exec, type ExecResult } from '../shell/exec.js';
import { readRegular } from '../shell/no-follow.js';
import { type Confinement, UNCONFINED } from '../shell/sandbox.js';
import { quickDeadline } from '../shell/deadline.js';

/** How long making a datadir may take: under a minute here; ten minutes is a hang. */
const BOOTSTRAP_DEADLINE_S = 600;

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
  /** Where a server that is not installed finds its files (ServerInstall.layout). */
  readonly layout?: Readonly<Record<string, string>>;
  /** The server's options; those fixed when a datadir is created (INIT_TIME_OPTIONS) go to the bootstrap too. */
  readonly options?: Readonly<Record<string, string>>;
  readonly log?: (line: string) => void;
  /** How the bootstrap runs: sandboxed for a server built from untrusted code. */
  readonly confinement?: Confinement;
}

/**
 * Options a datadir is created with and cannot change afterwards: a server started with another
 * value than its datadir's refuses to start (page size, the system tablespace's files) or
 * misreads table names. The bootstrap must get them as the server will.
 */
export const INIT_TIME_OPTIONS = [
  'innodb_page_size',
  'lower_case_table_names',
  'innodb_data_file_path',
] as const;

/** `--name=value` for the init-time options among `options`. */
export function initTimeArgs(options: Readonly<Record<string, string>> | undefined): string[] {
  return INIT_TIME_OPTIONS.filter((name) => options?.[name] !== undefined).map(
    (name) => `--${name}=${options?.[name] ?? ''}`,
  );
}

/** MariaDB 10.4 renamed mysql_install_db; older releases only have the old name. */
export const INSTALL_SCRIPT_NAMES = ['mariadb-install-db', 'mysql_install_db'] as const;

export async function initializeDatadir(request: DatadirRequest): Promise<void> {
  const { file, args, shim } =
    request.flavor === 'mariadb'
      ? await mariadbCommand(request)
      : { file: request.binary, args: mysqlInitializeArgs(request), shim: undefined };
  request.log?.(`initializing ${request.datadir}: ${[file, ...args].join(' ')}`);
  // TMPDIR is the server's default tmpdir; the bootstrap script has no option of its own for it.
  const confinement = request.confinement ?? UNCONFINED;
  const command = confinement.wrap(file, args);
  const result = await exec(command.file, command.args, {
    check: false,
    env: { ...confinement.env(), TMPDIR: request.tmpdir },
    deadline: {
      what: `${path.basename(file)} (initializing ${request.datadir})`,
      seconds: BOOTSTRAP_DEADLINE_S,
      basis: 'a datadir is made in under a minute; ten minutes is a hang',
    },
  }).finally(() => (shim === undefined ? undefined : rm(shim, { recursive: true, force: true })));
  const messages = missingMessageFile(`${result.stdout}\n${result.stderr}`);
  if (messages !== undefined) throw new ServerError(missingMessagesMessage(request.binary, messages));
  if (result.exitCode !== 0 || result.signal !== null) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with status ${result.exitCode}`;
    const output = tailLines(`${result.stdout}\n${result.stderr}`, 25);
    throw new ServerError(
      `could not initialize the datadir ${request.datadir}: ${file} ${how}` +
        (output ? `; last lines of its output:\n${output}` : ' and printed nothing'),
    );
  }
}

/**
 * The message file a MySQL server could not find, from its log: "[ERROR] [MY-010338] [Server]
 * Can't find error-message file '/x/share/english/errmsg.sys'". The server then runs on, with
 * every message a placeholder, the ICU data of REGEXP missing too: a copy of the binary away
 * from its install, which is no server to measure.
 */
export function missingMessageFile(log: string): string | undefined {
  return /Can't find error-message file '([^']+)'/.exec(log)?.[1];
}

export function missingMessagesMessage(binary: string, file: string): string {
  return (
    `${binary} finds no message file (${file}): it is not in its install prefix or build tree, ` +
    "whose share/ it needs; pass the install prefix or the build tree's runtime_output_directory/mysqld"
  );
}

/** `--no-defaults` must come first; the bootstrap then ignores /etc/mysql and ~/.my.cnf. */
export function mysqlInitializeArgs(
  request: Pick<DatadirRequest, 'datadir' | 'basedir' | 'user' | 'tmpdir' | 'layout' | 'options'>,
): string[] {
  return [
    '--no-defaults',
    '--initialize-insecure',
    `--datadir=${request.datadir}`,
    `--basedir=${request.basedir}`,
    `--tmpdir=${request.tmpdir}`,
    ...Object.entries(request.layout ?? {}).map(([name, value]) => `--${name.replaceAll('_', '-')}=${value}`),
    // As root, mysqld refuses to run unless told which user to be (the server does the same).
    ...(request.user !== undefined ? [`--user=${request.user}`] : []),
    ...initTimeArgs(request.options),
  ];
}

/**
 * `supported` is the script's --help text: MariaDB before 10.4 has no
 * --auth-root-authentication-method (its root already has an empty password) and older ones no
 * --skip-test-db, so each is passed only when the script lists it.
 */
export function mariadbInstallArgs(
  request: Pick<DatadirRequest, 'datadir' | 'basedir' | 'user' | 'options'>,
  helpText: string,
  tree?: BuildTree,
): string[] {
  return [
    '--no-defaults',
    `--datadir=${request.datadir}`,
    // A build tree: the script takes the server, my_print_defaults and the share files from there.
    ...(tree === undefined
      ? [`--basedir=${request.basedir}`]
      : [`--srcdir=${tree.source}`, `--builddir=${tree.build}`]),
    // "normal": root@localhost and root@127.0.0.1 without a password, reachable over TCP;
    // the default "socket" would only let the unix user root in through the socket.
    ...(helpText.includes('--auth-root-authentication-method')
      ? ['--auth-root-authentication-method=normal']
      : []),
    ...(helpText.includes('--skip-test-db') ? ['--skip-test-db'] : []),
    ...(request.user !== undefined ? [`--user=${request.user}`] : []),
    // The script passes options it does not know on to the server it bootstraps.
    ...initTimeArgs(request.options),
  ];
}

/** Where a prefix keeps its bootstrap script: scripts/ in tarballs and build trees, bin/ installed. */
export function installScriptCandidates(basedir: string, pathDirs: readonly string[]): string[] {
  const dirs = [path.join(basedir, 'scripts'), path.join(basedir, 'bin'), ...pathDirs];
  return dirs.flatMap((dir) => INSTALL_SCRIPT_NAMES.map((name) => path.join(dir, name)));
}

/** A CMake build tree (not installed): its top and the source tree it was configured from. */
export interface BuildTree {
  readonly build: string;
  readonly source: string;
}

/** The build tree a server's directory is in (build/sql for build/sql/mariadbd), from its CMakeCache.txt. */
export async function findBuildTree(basedir: string): Promise<BuildTree | undefined> {
  for (const dir of [basedir, path.dirname(basedir)]) {
    const cache = await readRegular(path.join(dir, 'CMakeCache.txt'), 64 * 1024 * 1024)
      .then((bytes) => bytes?.toString('utf8'))
      .catch(() => undefined);
    const source = cache === undefined ? undefined : /^CMAKE_HOME_DIRECTORY:INTERNAL=(.+)$/m.exec(cache)?.[1];
    if (source !== undefined) return { build: dir, source: source.trim() };
  }
  return undefined;
}

async function firstExecutable(candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) if (await isExecutable(candidate)) return candidate;
  return undefined;
}

/**
 * A prefix for bootstrapping a server that sits in no prefix of its own (a copied binary): the
 * binary as sbin/, the distribution's my_print_defaults and resolveip as bin/, its share/ and
 * lib/, all links, in the side's tmpdir. The bootstrap script runs the server it finds there.
 */
async function shimPrefix(request: DatadirRequest, script: string): Promise<string | undefined> {
  const distribution = path.dirname(path.dirname(script));
  const tools = path.dirname(script);
  if (!(await isExecutable(path.join(tools, 'my_print_defaults')))) return undefined;
  const shim = path.join(request.tmpdir, 'bootstrap-prefix');
  await mkdir(path.join(shim, 'bin'), { recursive: true });
  await mkdir(path.join(shim, 'sbin'));
  await symlink(request.binary, path.join(shim, 'sbin', path.basename(request.binary)));
  for (const tool of ['my_print_defaults', 'resolveip']) {
    if (await isExecutable(path.join(tools, tool)))
      await symlink(path.join(tools, tool), path.join(shim, 'bin', tool));
  }
  for (const dir of ['share', 'lib']) await symlink(path.join(distribution, dir), path.join(shim, dir));
  return shim;
}

async function mariadbCommand(
  request: DatadirRequest,
): Promise<{ file: string; args: string[]; shim: string | undefined }> {
  const tree = await findBuildTree(request.basedir);
  const treeScript =
    tree === undefined
      ? undefined
      : await firstExecutable(INSTALL_SCRIPT_NAMES.map((name) => path.join(tree.build, 'scripts', name)));
  if (tree !== undefined && treeScript !== undefined) {
    const help = await runConfined(request, treeScript, ['--help']);
    return {
      file: treeScript,
      args: mariadbInstallArgs(request, `${help.stdout}\n${help.stderr}`, tree),
      shim: undefined,
    };
  }
  const pathDirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '');
  const script = await firstExecutable(installScriptCandidates(request.basedir, pathDirs));
  if (script === undefined) {
    throw new DependencyError(
      `cannot initialize a MariaDB datadir: neither ${INSTALL_SCRIPT_NAMES.join(' nor ')} was found in ` +
        `${path.join(request.basedir, 'scripts')}, ${path.join(request.basedir, 'bin')} or PATH. ` +
        'Install the server package that ships it (Debian: mariadb-server) or pass the full install prefix.',
    );
  }
  // The prefix has no my_print_defaults of its own (a copied binary): bootstrap through a shim.
  const own = await firstExecutable(
    ['bin', 'extra'].map((dir) => path.join(request.basedir, dir, 'my_print_defaults')),
  );
  const shim =
    own === undefined && !script.startsWith(`${request.basedir}${path.sep}`)
      ? await shimPrefix(request, script)
      : undefined;
  if (own === undefined && shim === undefined) {
    throw new DependencyError(
      `cannot initialize a MariaDB datadir for ${request.binary}: ${request.basedir} is no install prefix (no bin/my_print_defaults) and ${script} has none beside it; pass the install prefix or the build tree's sql/mariadbd`,
    );
  }
  const help = await runConfined(request, script, ['--help']);
  const basedir = shim ?? request.basedir;
  return {
    file: script,
    args: mariadbInstallArgs({ ...request, basedir }, `${help.stdout}\n${help.stderr}`),
    shim,
  };
}

/** Runs a bootstrap script's --help (a build tree's is the tree's code) as the bootstrap runs. */
function runConfined(request: DatadirRequest, file: string, args: readonly string[]): Promise<ExecResult> {
  const command = (request.confinement ?? UNCONFINED).wrap(file, args);
  return exec(command.file, command.args, {
    check: false,
    env: (request.confinement ?? UNCONFINED).env(),
    deadline: quickDeadline([file, ...args].join(' ')),
  });
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}
