// A running server's facts, from rows the server returned. Pure: the shell runs the queries.
// Rows come from outside the process, so they are validated like any other input.
import { z } from 'zod';

import { ServerError } from '../errors.js';
import type { ServerFacts } from '../results/results-schema.js';
import { counterNames, statusSnapshot } from '../results/status-counters.js';
import type { ServerInstall } from './inspect.js';

export const FACTS_QUERY =
  'SELECT VERSION() AS versionFunction, @@version_comment AS versionComment, ' +
  '@@version_compile_machine AS compileMachine, @@version_compile_os AS compileOs';

export const VARIABLES_QUERY = 'SHOW GLOBAL VARIABLES';

export const STATUS_QUERY = 'SHOW GLOBAL STATUS';

const text = z
  .union([z.string(), z.number(), z.null()])
  .transform((value) => (value === null ? '' : String(value)));

const FactsRow = z.object({
  versionFunction: text,
  versionComment: text,
  compileMachine: text,
  compileOs: text,
});

const VariableRow = z.object({ Variable_name: z.string(), Value: text });

export type RunningFacts = Omit<ServerFacts, 'errorLog'>;

export function buildFacts(
  install: ServerInstall,
  options: Readonly<Record<string, string>>,
  factsRows: unknown,
  variableRows: unknown,
  statusRows?: unknown,
): RunningFacts {
  const facts = z.array(FactsRow).length(1).safeParse(factsRows);
  if (!facts.success) {
    throw new ServerError(`${install.binary} answered "${FACTS_QUERY}" unexpectedly: ${facts.error.message}`);
  }
  const variables = z.array(VariableRow).min(1).safeParse(variableRows);
  if (!variables.success) {
    throw new ServerError(
      `${install.binary} answered "${VARIABLES_QUERY}" unexpectedly: ${variables.error.message}`,
    );
  }
  const [row] = facts.data;
  if (!row) throw new ServerError(`${install.binary} returned no row for "${FACTS_QUERY}"`);
  return {
    binary: install.binary,
    basedir: install.basedir,
    flavor: install.flavor,
    version: install.version,
    versionLine: install.versionLine,
    versionFunction: row.versionFunction,
    versionComment: row.versionComment,
    compileMachine: row.compileMachine,
    compileOs: row.compileOs,
    compiler: install.compiler,
    ...(install.build ? { build: install.build } : {}),
    options: { ...options },
    variables: Object.fromEntries(variables.data.map((variable) => [variable.Variable_name, variable.Value])),
    ...(statusRows === undefined ? {} : { statusCounters: counterNames(statusSnapshot(statusRows)) }),
  };
}
