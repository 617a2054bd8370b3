// What changed besides the code: server variables and the servers themselves. Pure.
//
// The seed posts are full of "regressions" that were a changed default (performance_schema on
// by default in 5.6, sync_binlog=1 in 5.7.7) or a different compiler; the verdict puts these
// next to the numbers they may explain.
import type { ServerFacts } from '../results/schema.js';
import { volatileVariable } from '../results/volatile.js';
import type { ConfigDifference } from './verdict-schema.js';

/** SHOW GLOBAL VARIABLES differences, without the naturally volatile ones (see volatile.ts). */
export function variablesDiff(
  base: Readonly<Record<string, string>>,
  head: Readonly<Record<string, string>>,
): ConfigDifference[] {
  const names = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort();
  return names
    .filter((name) => !volatileVariable(name) && base[name] !== head[name])
    .map((name) => ({ name, base: base[name] ?? null, head: head[name] ?? null }));
}

function compilerName(facts: ServerFacts): string {
  return facts.compiler.known ? facts.compiler.name : 'unknown';
}

/** Flavor, version and compiler differences between the two servers. */
export function serverDiff(base: ServerFacts, head: ServerFacts): ConfigDifference[] {
  const fields: [string, string, string][] = [
    ['flavor', base.flavor, head.flavor],
    ['version', base.versionFunction, head.versionFunction],
    ['compiler', compilerName(base), compilerName(head)],
    ['version_compile_machine', base.compileMachine, head.compileMachine],
    ['version_compile_os', base.compileOs, head.compileOs],
  ];
  return fields.filter(([, a, b]) => a !== b).map(([name, a, b]) => ({ name, base: a, head: b }));
}
