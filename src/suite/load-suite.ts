// Finds a suite by built-in name or file path and parses it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { InputError } from '../errors.js';
import { packageRoot } from '../shell/package-root.js';
import { parseSuite } from './parse-suite.js';
import type { Suite } from './suite-schema.js';

export function builtinSuitesDir(): string {
  return join(packageRoot(), 'suites');
}

export function builtinSuiteNames(): string[] {
  return readdirSync(builtinSuitesDir())
    .filter((file) => file.endsWith('.yml'))
    .map((file) => file.slice(0, -'.yml'.length))
    .sort();
}

/**
 * `nameOrPath` is a built-in suite name (quick, standard, instructions, tpcc) or a path to a YAML
 * file; `option` is how the user named it (`--suite`, `input "suite"`), for the error.
 */
export function loadSuite(nameOrPath: string, option = 'suite'): Suite {
  const builtins = builtinSuiteNames();
  if (builtins.includes(nameOrPath)) {
    const file = join(builtinSuitesDir(), `${nameOrPath}.yml`);
    return parseSuite(readFileSync(file, 'utf8'), `built-in suite "${nameOrPath}" (${file})`);
  }
  const path = resolve(nameOrPath);
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new InputError(
      `${option} ${nameOrPath}: no such file, and not a built-in suite; built-in suites: ${builtins.join(', ')}`,
    );
  }
  return parseSuite(readFileSync(path, 'utf8'), path);
}
