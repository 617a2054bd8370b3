// What changed besides the code: server variables and the servers themselves. Pure.
//
// The seed posts are full of "regressions" that were a changed default (performance_schema on
// by default in 5.6, sync_binlog=1 in 5.7.7) or a different compiler; the verdict puts these
// next to the numbers they may explain.
import type { BuildInfo, ServerFacts } from '../results/results-schema.js';
import { sameSetting } from '../results/setting-value.js';
import { volatileVariable } from '../results/volatile.js';
import type { ConfigDifference } from './verdict-schema.js';

/** SHOW GLOBAL VARIABLES differences, without the naturally volatile ones (see volatile.ts). */
export function variablesDiff(
  base: Readonly<Record<string, string>>,
  head: Readonly<Record<string, string>>,
): ConfigDifference[] {
  const names = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort();
  return names
    .filter((name) => !volatileVariable(name) && !sameSetting(base[name], head[name]))
    .map((name) => ({ name, base: base[name] ?? null, head: head[name] ?? null }));
}

function compilerName(facts: ServerFacts): string {
  return facts.compiler.known ? facts.compiler.name : 'unknown';
}

/** Flavor, version and compiler differences between the two servers, and how they were built. */
export function serverDiff(base: ServerFacts, head: ServerFacts): ConfigDifference[] {
  const fields: [string, string, string][] = [
    ['flavor', base.flavor, head.flavor],
    ['version', base.versionFunction, head.versionFunction],
    ['compiler', compilerName(base), compilerName(head)],
    ['version_compile_machine', base.compileMachine, head.compileMachine],
    ['version_compile_os', base.compileOs, head.compileOs],
  ];
  const differences = fields
    .filter(([, a, b]) => a !== b)
    .map(([name, a, b]) => ({ name, base: a, head: b }));
  return base.build && head.build ? [...differences, ...buildDiff(base.build, head.build)] : differences;
}

/** Options that name where things are, not what is built: they differ between any two builds. */
const PLACE_OPTIONS = new Set(['CMAKE_INSTALL_PREFIX', 'CMAKE_C_COMPILER', 'CMAKE_CXX_COMPILER']);

/** "-DNAME=VALUE" / "-DNAME:TYPE=VALUE" → NAME → VALUE; the last one wins, as in CMake. */
function cmakeDefinitions(options: readonly string[]): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const option of options) {
    const match = /^-D([^:=]+)(?::[A-Za-z]+)?=(.*)$/.exec(option);
    if (match?.[1] !== undefined && !PLACE_OPTIONS.has(match[1])) definitions.set(match[1], match[2] ?? '');
  }
  return definitions;
}

/**
 * Differences between two build.json descriptions: the compiler as the build recorded it (id and
 * version, not only the ELF comment), build type, effective flags, source commit and every CMake
 * option that differs ("cmake -DWITH_X").
 */
export function buildDiff(base: BuildInfo, head: BuildInfo): ConfigDifference[] {
  const fields: [string, string | null, string | null][] = [
    [
      'build compiler',
      `${base.compiler.id} ${base.compiler.version}`,
      `${head.compiler.id} ${head.compiler.version}`,
    ],
    ['build type', base.buildType, head.buildType],
    ['C flags', base.flags.c, head.flags.c],
    ['C++ flags', base.flags.cxx, head.flags.cxx],
    ['source commit', base.source.gitCommit, head.source.gitCommit],
  ];
  const baseOptions = cmakeDefinitions(base.cmakeOptions);
  const headOptions = cmakeDefinitions(head.cmakeOptions);
  const names = [...new Set([...baseOptions.keys(), ...headOptions.keys()])].sort();
  for (const name of names)
    fields.push([`cmake -D${name}`, baseOptions.get(name) ?? null, headOptions.get(name) ?? null]);
  return fields.filter(([, a, b]) => a !== b).map(([name, a, b]) => ({ name, base: a, head: b }));
}
