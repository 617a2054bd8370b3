// What a `--server` path is: which binary, which install prefix, which flavor and version, and
// which compiler built it. Runs the binary once (`--version`) and reads its ELF header.
import { readBuildInfo } from './build-info.js';
import { InputError, ServerError, tailLines } from '../errors.js';
import { describeFlavor } from '../flavor/flavors.js';
import type { BuildInfo, CompilerInfo, Flavor } from '../results/results-schema.js';
import { exec } from '../shell/exec.js';
import { UNCONFINED } from '../shell/sandbox.js';
import { installSandbox } from './server-sandbox.js';
import { readCompiler } from './elf-file.js';
import { parseVersionOutput } from './flavor.js';
import { locateServer } from './locate.js';
import { findBuildTree } from './datadir.js';
import { join } from 'node:path';
import { quickDeadline } from '../shell/deadline.js';

export interface ServerInstall {
  binary: string;
  basedir: string;
  flavor: Flavor;
  version: string;
  versionLine: string;
  compiler: CompilerInfo;
  /** From build.json in the prefix, when the `build` command made it. */
  build?: BuildInfo;
  /**
   * Where a server that is not installed finds its message files and plugins: a MySQL or Percona
   * build tree's share/ and plugin_output_directory/ (lc_messages_dir, plugin_dir), as the
   * flavor's `buildTreeLayout` names them.
   */
  layout?: Readonly<Record<string, string>>;
}

/**
 * `inputName` is how the user gave the path (`--base`, `input "server"`), for errors;
 * `sandboxed`: the binary was built from untrusted code, and runs in the sandbox.
 */
export async function inspectServer(
  path: string,
  inputName = 'the server path',
  sandboxed = false,
): Promise<ServerInstall> {
  const { binary, basedir } = await locateServer(path, inputName);
  const confinement = sandboxed ? installSandbox({ binary, basedir }) : UNCONFINED;
  // --no-defaults first: --version must not depend on (or fail over) the machine's option files.
  const command = confinement.wrap(binary, ['--no-defaults', '--version']);
  const result = await exec(command.file, command.args, {
    check: false,
    env: confinement.env(),
    deadline: quickDeadline(`${binary} --version`),
  });
  if (result.exitCode !== 0 || result.signal !== null) {
    const output = tailLines(`${result.stdout}\n${result.stderr}`, 10);
    const missing = missingLibrary(output);
    if (missing !== undefined) throw new ServerError(missingLibraryMessage(binary, missing, inputName));
    throw new ServerError(
      `${binary} --version failed (${result.signal ?? `status ${result.exitCode}`})` +
        `${output ? `:\n${output}` : ''}\nIs it a mysqld/mariadbd binary for this machine?`,
    );
  }
  const version = parseVersionOutput(`${result.stdout}\n${result.stderr}`, binary);
  const compiler = await readCompiler(binary);
  const treeLayout = describeFlavor(version.flavor).buildTreeLayout;
  const tree = treeLayout === null ? undefined : await runFromBuildTree(basedir, treeLayout);
  const home = tree?.build ?? basedir;
  const build = await readBuildInfo(home);
  // A prefix rebuilt by other means keeps the old build.json; describing the new binary with it
  // would put a wrong compiler in the verdict.
  if (build && build.version.split('-')[0] !== version.version.split('-')[0]) {
    throw new InputError(
      `${home}/build.json describes ${build.flavor} ${build.version} but ${binary} is ${version.version}; rebuild with mysql-perf-gate build or delete the stale build.json`,
    );
  }
  return {
    binary,
    basedir: home,
    ...version,
    compiler,
    ...(build ? { build } : {}),
    ...(tree ? { layout: tree.layout } : {}),
  };
}

/** The shared library the dynamic loader could not find, from its message. */
export function missingLibrary(output: string): string | undefined {
  return /error while loading shared libraries: ([^:\s]+): cannot open shared object file/.exec(output)?.[1];
}

/**
 * One line for a binary moved away from its libraries: MySQL built with bundled protobuf, abseil
 * or ICU loads them from ../lib/private (its RPATH), which a copied binary has not.
 */
export function missingLibraryMessage(binary: string, library: string, inputName: string): string {
  return (
    `${binary} cannot start: the dynamic loader finds no ${library}, which it loads from beside its install ` +
    `(a MySQL built with bundled libraries keeps them in lib/private of its prefix); pass the install prefix ` +
    `or the build tree's runtime_output_directory/mysqld as ${inputName}, not a copy of the binary`
  );
}

/**
 * A server run from its build tree (MySQL's BUILD/runtime_output_directory/mysqld, not installed):
 * the tree's top is its basedir, and the flavor's `buildTreeLayout` options point it at where the
 * build put its messages and plugins. Verified on MySQL 9.7.2.
 */
async function runFromBuildTree(
  basedir: string,
  treeLayout: Readonly<Record<string, string>>,
): Promise<{ build: string; layout: Record<string, string> } | undefined> {
  const tree = await findBuildTree(basedir);
  if (tree === undefined) return undefined;
  const layout = Object.fromEntries(
    Object.entries(treeLayout).map(([option, dir]) => [option, join(tree.build, dir)]),
  );
  return { build: tree.build, layout };
}
