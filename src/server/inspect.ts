// What a `--server` path is: which binary, which install prefix, which flavor and version, and
// which compiler built it. Runs the binary once (`--version`) and reads its ELF header.
import { readBuildInfo } from './build-info.js';
import { InputError, ServerError, tailLines } from '../errors.js';
import type { BuildInfo, CompilerInfo, Flavor } from '../results/results-schema.js';
import { exec } from '../shell/exec.js';
import { readCompiler } from './elf-file.js';
import { parseVersionOutput } from './flavor.js';
import { locateServer } from './locate.js';

export interface ServerInstall {
  binary: string;
  basedir: string;
  flavor: Flavor;
  version: string;
  versionLine: string;
  compiler: CompilerInfo;
  /** From build.json in the prefix, when the `build` command made it. */
  build?: BuildInfo;
}

/** `inputName` is how the user gave the path (`--base`, `input "server"`), for errors. */
export async function inspectServer(path: string, inputName = '--server'): Promise<ServerInstall> {
  const { binary, basedir } = await locateServer(path, inputName);
  // --no-defaults first: --version must not depend on (or fail over) the machine's option files.
  const result = await exec(binary, ['--no-defaults', '--version'], { check: false });
  if (result.exitCode !== 0 || result.signal !== null) {
    const output = tailLines(`${result.stdout}\n${result.stderr}`, 10);
    throw new ServerError(
      `${binary} --version failed (${result.signal ?? `status ${result.exitCode}`})` +
        `${output ? `:\n${output}` : ''}\nIs it a mysqld/mariadbd binary for this machine?`,
    );
  }
  const version = parseVersionOutput(`${result.stdout}\n${result.stderr}`, binary);
  const compiler = await readCompiler(binary);
  const build = await readBuildInfo(basedir);
  // A prefix rebuilt by other means keeps the old build.json; describing the new binary with it
  // would put a wrong compiler in the verdict.
  if (build && build.version.split('-')[0] !== version.version.split('-')[0]) {
    throw new InputError(
      `${basedir}/build.json describes ${build.flavor} ${build.version} but ${binary} is ${version.version}; rebuild with mysql-perf-gate build or delete the stale build.json`,
    );
  }
  return { binary, basedir, ...version, compiler, ...(build ? { build } : {}) };
}
