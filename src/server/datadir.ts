// A fresh datadir for one side, made by the server's own bootstrap, as its flavor's description
// says (src/flavor/): a bootstrap script beside the server (MariaDB's mariadb-install-db), or an
// option of the server itself (`mysqld --initialize-insecure` for MySQL and Percona Server).
// Either way root@localhost is made without a password of its own (MariaDB's lets in only the
// unix user root); the init file of the server's first start gives it the tool's, before the
// server answers anyone, and makes the workload's account (accounts.ts).
//
// A server in a build tree (build/sql/mariadbd, not installed) is bootstrapped by the tree's own
// script with --srcdir and --builddir; a copied binary in a directory of its own, by the
// distribution's script through a prefix of links (the binary, the script's tools, share/, lib/).
//
// Verified on MariaDB 10.11 (Debian 12). The MySQL/Percona path follows the MySQL 5.7/8.x
// reference manual ("Initializing the Data Directory"); no MySQL or Percona server was available
// to run it.
import { access, constants, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

import { DependencyError, ServerError, tailLines } from '../errors.js';
import type { Bootstrap } from '../flavor/description.js';
import { describeFlavor } from '../flavor/flavors.js';
import type { Flavor } from '../results/results-schema.js';
import { exec, type ExecResult } from '../shell/exec.js';
import { readRegular } from '../shell/no-follow.js';
import { type Confinement, UNCONFINED } from '../shell/sandbox.js';
import { quickDeadline } from '../shell/deadline.js';
import type { ServerPaths } from './files.js';
import type { ServerSetup } from './server-setup.js';

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

/** A bootstrap by a script: the flavor's description of it. */
type ScriptBootstrap = Extract<Bootstrap, { program: 'script' }>;

/** The bootstrap's program, its arguments, and the prefix of links made for it, if any. */
async function bootstrapCommand(
  request: DatadirRequest,
): Promise<{ file: string; args: string[]; shim: string | undefined }> {
  const bootstrap = describeFlavor(request.flavor).bootstrap;
  switch (bootstrap.program) {
    case 'script':
      return scriptCommand(request, bootstrap);
    case 'server':
      return { file: request.binary, args: serverInitializeArgs(request, bootstrap.args), shim: undefined };
  }
}

/**
 * A side's directories made (its temporary one, and its private files' mode 0700) and its fresh
 * datadir initialized by the flavor's bootstrap, as the side's server will run it.
 */
export async function initializeSideDatadir(
  setup: Pick<ServerSetup, 'install' | 'options' | 'log'>,
  paths: Pick<ServerPaths, 'datadir' | 'tmpdir' | 'filesDir'>,
  as: { readonly user: string | undefined; readonly confinement: Confinement },
): Promise<void> {
  await mkdir(paths.tmpdir, { recursive: true });
  await mkdir(paths.filesDir, { recursive: true, mode: 0o700 });
  await initializeDatadir({
    binary: setup.install.binary,
    basedir: setup.install.basedir,
    ...(setup.install.layout ? { layout: setup.install.layout } : {}),
    options: setup.options,
    flavor: setup.install.flavor,
    datadir: paths.datadir,
    tmpdir: paths.tmpdir,
    user: as.user,
    confinement: as.confinement,
    ...(setup.log ? { log: setup.log } : {}),
  });
}

export async function initializeDatadir(request: DatadirRequest): Promise<void> {
  const { file, args, shim } = await bootstrapCommand(request);
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

/**
 * A server that makes its own datadir (`initialize`: `--initialize-insecure`). `--no-defaults` must
 * come first; the bootstrap then ignores /etc/mysql and ~/.my.cnf.
 */
export function serverInitializeArgs(
  request: Pick<DatadirRequest, 'datadir' | 'basedir' | 'user' | 'tmpdir' | 'layout' | 'options'>,
  initialize: readonly string[],
): string[] {
  return [
    '--no-defaults',
    ...initialize,
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
 * A bootstrap script's arguments. `helpText` is the script's --help: the flavor's `ifListed`
 * arguments are passed only when it lists them (MariaDB before 10.4 has no
 * --auth-root-authentication-method, its root having no password, and older ones no
 * --skip-test-db).
 */
export function installScriptArgs(
  request: Pick<DatadirRequest, 'datadir' | 'basedir' | 'user' | 'options'>,
  bootstrap: Pick<ScriptBootstrap, 'ifListed'>,
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
    ...bootstrap.ifListed.filter((arg) => helpText.includes(arg.split('=')[0] ?? arg)),
    ...(request.user !== undefined ? [`--user=${request.user}`] : []),
    // The script passes options it does not know on to the server it bootstraps.
    ...initTimeArgs(request.options),
  ];
}

/** Where a prefix keeps its bootstrap script: scripts/ in tarballs and build trees, bin/ installed. */
export function installScriptCandidates(
  basedir: string,
  pathDirs: readonly string[],
  scripts: readonly string[],
): string[] {
  const dirs = [path.join(basedir, 'scripts'), path.join(basedir, 'bin'), ...pathDirs];
  return dirs.flatMap((dir) => scripts.map((name) => path.join(dir, name)));
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
 * binary as sbin/, the script's tools from beside it (my_print_defaults, resolveip) as bin/, the
 * distribution's share/ and lib/, all links, in the side's tmpdir. The bootstrap script runs the
 * server it finds there. Undefined when the script has not the first tool beside it.
 */
async function shimPrefix(
  request: DatadirRequest,
  script: string,
  tools: readonly string[],
): Promise<string | undefined> {
  const distribution = path.dirname(path.dirname(script));
  const beside = path.dirname(script);
  if (!(await isExecutable(path.join(beside, tools[0] ?? '')))) return undefined;
  const shim = path.join(request.tmpdir, 'bootstrap-prefix');
  await mkdir(path.join(shim, 'bin'), { recursive: true });
  await mkdir(path.join(shim, 'sbin'));
  await symlink(request.binary, path.join(shim, 'sbin', path.basename(request.binary)));
  for (const tool of tools) {
    if (await isExecutable(path.join(beside, tool)))
      await symlink(path.join(beside, tool), path.join(shim, 'bin', tool));
  }
  for (const dir of ['share', 'lib']) await symlink(path.join(distribution, dir), path.join(shim, dir));
  return shim;
}

/** A build tree's own bootstrap script, with --srcdir and --builddir; undefined outside a build tree. */
async function treeScriptCommand(
  request: DatadirRequest,
  bootstrap: ScriptBootstrap,
): Promise<{ file: string; args: string[]; shim: undefined } | undefined> {
  const tree = await findBuildTree(request.basedir);
  if (tree === undefined) return undefined;
  const script = await firstExecutable(
    bootstrap.scripts.map((name) => path.join(tree.build, 'scripts', name)),
  );
  if (script === undefined) return undefined;
  const help = await runConfined(request, script, ['--help']);
  return {
    file: script,
    args: installScriptArgs(request, bootstrap, `${help.stdout}\n${help.stderr}`, tree),
    shim: undefined,
  };
}

async function scriptCommand(
  request: DatadirRequest,
  bootstrap: ScriptBootstrap,
): Promise<{ file: string; args: string[]; shim: string | undefined }> {
  const inTree = await treeScriptCommand(request, bootstrap);
  if (inTree !== undefined) return inTree;
  const name = describeFlavor(request.flavor).name;
  const pathDirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '');
  const script = await firstExecutable(installScriptCandidates(request.basedir, pathDirs, bootstrap.scripts));
  if (script === undefined) {
    throw new DependencyError(
      `cannot initialize a ${name} datadir: neither ${bootstrap.scripts.join(' nor ')} was found in ` +
        `${path.join(request.basedir, 'scripts')}, ${path.join(request.basedir, 'bin')} or PATH. ` +
        'Install the server package that ships it or pass the full install prefix.',
    );
  }
  // The prefix has not the script's first tool (my_print_defaults) of its own (a copied binary):
  // bootstrap through a shim.
  const [tool = ''] = bootstrap.tools;
  const own = await firstExecutable(['bin', 'extra'].map((dir) => path.join(request.basedir, dir, tool)));
  const shim =
    own === undefined && !script.startsWith(`${request.basedir}${path.sep}`)
      ? await shimPrefix(request, script, bootstrap.tools)
      : undefined;
  if (own === undefined && shim === undefined) {
    throw new DependencyError(
      `cannot initialize a ${name} datadir for ${request.binary}: ${request.basedir} is no install prefix (no bin/${tool}) and ${script} has none beside it; pass the install prefix or the server binary in its build tree`,
    );
  }
  const help = await runConfined(request, script, ['--help']);
  const basedir = shim ?? request.basedir;
  return {
    file: script,
    args: installScriptArgs({ ...request, basedir }, bootstrap, `${help.stdout}\n${help.stderr}`),
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
