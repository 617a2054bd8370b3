// The CMake command-line options for building one server from source. Pure: the `build` command
// adds the generator, the source directory and runs cmake.
//
// Each flavor's description (src/flavor/) adds options that keep the build small (no unit tests,
// no cluster, no optional engines) and make it use system or bundled libraries instead of
// downloading them. The user's `extra` options come last and so win: CMake keeps the last -D for
// a variable. Install prefix and build type have their own flags so that the result can be
// labelled from them; passing them through `extra` is refused.
import { InputError } from '../errors.js';
import type { OptionNames } from '../option-names.js';
import { describeFlavor } from '../flavor/flavors.js';
import { versionBefore } from '../flavor/version.js';
import type { Flavor } from '../results/results-schema.js';

export type BuildType = 'Debug' | 'Release' | 'RelWithDebInfo' | 'MinSizeRel';

export interface CmakeArgsInput {
  readonly flavor: Flavor;
  /** As detectSourceTree reports it: "10.11.18", "8.0.36", "8.0.35-27". */
  readonly version: string;
  readonly buildType?: BuildType;
  readonly cc: string;
  readonly cxx: string;
  readonly extra: readonly string[];
  readonly ccache?: boolean;
  /** A Boost tree for MySQL/Percona 8.0 (SourceTree.boostDir); ignored for MariaDB. */
  readonly boostDir?: string;
  /** How the user named the options CMake's own variables are set by, for errors. */
  readonly names: Pick<OptionNames, 'prefix' | 'build-type'>;
}

/** Variables that have an option of their own; the value is that option. */
const OWN_OPTION: Readonly<Record<string, 'prefix' | 'build-type'>> = {
  CMAKE_INSTALL_PREFIX: 'prefix',
  CMAKE_BUILD_TYPE: 'build-type',
};

/**
 * The install prefix every build is configured with, whatever `--prefix` says; `cmake --install
 * --prefix` then puts each build where it was asked to go. CMake writes the configured prefix into
 * `my_config.h` (DEFAULT_MYSQL_HOME, SHAREDIR, PLUGINDIR, MYSQL_DATADIR), which nearly every file
 * includes: configuring a base and a head with their own prefixes in one build directory made
 * ninja run 965 of MariaDB's 1,089 steps again for a one-file change. The server never uses these
 * compiled-in paths here (`run` starts it with its basedir, datadir, plugin and message
 * directories), and a path that does not exist makes any use of them fail loudly.
 */
export const CONFIGURED_PREFIX = '/nonexistent/mysql-perf-gate-prefix';

export function cmakeArgs(input: CmakeArgsInput): string[] {
  refuseOwnFlags(input.extra, input.names);
  const common = [
    `-DCMAKE_BUILD_TYPE=${input.buildType ?? 'RelWithDebInfo'}`,
    `-DCMAKE_INSTALL_PREFIX=${CONFIGURED_PREFIX}`,
    `-DCMAKE_C_COMPILER=${input.cc}`,
    `-DCMAKE_CXX_COMPILER=${input.cxx}`,
    // DWARF 4, not the DWARF 5 default of gcc 11+ and clang 14+: valgrind 3.19 (Debian 12)
    // cannot read DWARF 5 and would report every frame as "???".
    '-DCMAKE_C_FLAGS=-gdwarf-4',
    '-DCMAKE_CXX_FLAGS=-gdwarf-4',
    ...(input.ccache ? ['-DCMAKE_C_COMPILER_LAUNCHER=ccache', '-DCMAKE_CXX_COMPILER_LAUNCHER=ccache'] : []),
  ];
  return [...common, ...flavorArgs(input), ...input.extra];
}

/** The flavor's own arguments (src/flavor/), the Boost tree and the version filled in. */
function flavorArgs(input: CmakeArgsInput): string[] {
  return describeFlavor(input.flavor).build.cmake.flatMap((arg) => {
    if (typeof arg === 'string') return [arg];
    if ('boostVariable' in arg) {
      return input.boostDir === undefined ? [] : [`-D${arg.boostVariable}=${input.boostDir}`];
    }
    return versionBefore(input.version, arg.before) ? [arg.arg] : [];
  });
}

function refuseOwnFlags(extra: readonly string[], names: CmakeArgsInput['names']): void {
  extra.forEach((arg, index) => {
    // Both "-DNAME=value" and "-D NAME=value"; a ":TYPE" may follow the name.
    const definition = arg === '-D' ? extra[index + 1] : arg.startsWith('-D') ? arg.slice(2) : undefined;
    const name = definition?.split(/[:=]/)[0];
    if (name === undefined || !Object.hasOwn(OWN_OPTION, name)) return;
    const option = OWN_OPTION[name];
    if (option !== undefined) {
      throw new InputError(`do not pass -D${name} as an extra CMake option; use ${names[option]} instead`);
    }
  });
}
