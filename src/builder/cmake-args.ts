// The CMake command-line options for building one server from source. Pure: the `build` command
// adds the generator, the source directory and runs cmake.
//
// Each flavor gets options that keep the build small (no unit tests, no cluster, no optional
// engines) and make it use system libraries instead of downloading or building them. The user's
// `extra` options come last and so win: CMake keeps the last -D for a variable. Install prefix
// and build type have their own flags so that the result can be labelled from them; passing
// them through `extra` is refused.
import { InputError } from '../errors.js';
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
}

/** Variables that have their own flag; the value is that flag. */
const OWN_FLAG: Readonly<Record<string, string>> = {
  CMAKE_INSTALL_PREFIX: '--prefix',
  CMAKE_BUILD_TYPE: '--build-type',
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
  refuseOwnFlags(input.extra);
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

function flavorArgs(input: CmakeArgsInput): string[] {
  switch (input.flavor) {
    case 'mariadb':
      return MARIADB;
    case 'mysql':
      return mysqlArgs(input);
    case 'percona':
      return [
        ...mysqlArgs(input),
        // Documented, not verified here (Percona Server "Compile from source" page).
        '-DWITH_ROCKSDB=OFF',
        // TokuDB was removed in Percona Server 8.0.28; older trees still build it by default.
        ...(hasTokuDB(input.version) ? ['-DWITH_TOKUDB=OFF'] : []),
      ];
  }
}

// Verified: this configure line built MariaDB 10.11.18 from Debian's source (gcc 12, 2 cores, 23 min).
// WITH_LIBFMT and WITH_PCRE default to bundled, which downloads the sources at build time.
const MARIADB = [
  '-DWITH_LIBFMT=system',
  '-DWITH_PCRE=system',
  '-DWITH_SSL=system',
  '-DWITH_ZLIB=system',
  '-DWITH_UNIT_TESTS=OFF',
  '-DWITH_WSREP=OFF',
  '-DWITH_EMBEDDED_SERVER=OFF',
  '-DWITH_MARIABACKUP=OFF',
  ...[
    'TOKUDB',
    'ROCKSDB',
    'MROONGA',
    'SPIDER',
    'CONNECT',
    'S3',
    'COLUMNSTORE',
    'OQGRAPH',
    'SPHINX',
    'AWS_KEY_MANAGEMENT',
  ].map((plugin) => `-DPLUGIN_${plugin}=NO`),
];

// Verified: MySQL 9.7.2 from Debian's source (gcc-12 and clang-16, 2 cores) configures with these
// in about 20 s and builds without downloading anything. For 8.0 and 8.4 they follow the MySQL
// reference manual ("MySQL Source-Configuration Options"); variables a release does not know
// only make CMake warn.
function mysqlArgs(input: CmakeArgsInput): string[] {
  return [
    // MySQL 8.0 needs Boost headers. DOWNLOAD_BOOST=OFF (the default, stated so that nobody turns
    // it on) makes CMake stop with a message instead of downloading; WITH_BOOST points at the
    // copy shipped in mysql-boost tarballs or extra/boost. 8.4 and later bundle Boost.
    '-DDOWNLOAD_BOOST=OFF',
    ...(input.boostDir === undefined ? [] : [`-DWITH_BOOST=${input.boostDir}`]),
    '-DWITH_UNIT_TESTS=OFF',
    '-DWITH_ROUTER=OFF',
    // WITH_NDB since 8.0.31, WITH_NDBCLUSTER_STORAGE_ENGINE before: pass both.
    '-DWITH_NDB=OFF',
    '-DWITH_NDBCLUSTER_STORAGE_ENGINE=OFF',
    '-DWITH_SSL=system',
    // Bundled zlib is in the tree (no download) and avoids the minimum system zlib version that
    // newer 8.0 releases enforce. The other libraries are in the tree too (extra/): bundled, they
    // need no -dev package and no version check against the distribution's.
    ...['ZLIB', 'ZSTD', 'LZ4', 'PROTOBUF', 'ICU', 'EDITLINE', 'FIDO'].map((lib) => `-DWITH_${lib}=bundled`),
    // curl serves only components no benchmark loads (telemetry, the OCI vault); without it
    // there is no libcurl4-openssl-dev to install.
    '-DWITH_CURL=none',
    // Authentication plugins that need LDAP, Kerberos or a FIDO device: not for benchmarks, and
    // their -dev packages would be required otherwise.
    '-DWITH_AUTHENTICATION_LDAP=OFF',
    '-DWITH_AUTHENTICATION_KERBEROS=OFF',
    '-DWITH_AUTHENTICATION_FIDO=OFF',
  ];
}

/** Percona Server before 8.0.28 (5.x included) has TokuDB. */
function hasTokuDB(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.-]/).map(Number);
  if (major !== 8) return major < 8;
  return minor === 0 && patch < 28;
}

function refuseOwnFlags(extra: readonly string[]): void {
  extra.forEach((arg, index) => {
    // Both "-DNAME=value" and "-D NAME=value"; a ":TYPE" may follow the name.
    const definition = arg === '-D' ? extra[index + 1] : arg.startsWith('-D') ? arg.slice(2) : undefined;
    const name = definition?.split(/[:=]/)[0];
    if (name === undefined) return;
    const flag = OWN_FLAG[name];
    if (flag !== undefined) {
      throw new InputError(`do not pass -D${name} as an extra CMake option; use ${flag} instead`);
    }
  });
}
