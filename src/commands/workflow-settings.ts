// The machine the nightly and the bisect workflows measure on, named once in the caller's
// repository (`.github/mysql-perf-gate.yml`), and read by the action's `mode: settings` in the first
// job of both workflows: the runner labels of the pinned machine, the testbed name its history is
// kept under, and the compiler both build with. The bisection reads the nightly's history of that
// testbed for its ends and must measure the midpoints on the same machine with the same compiler,
// so the three are written in one place. Every mistake is one line naming the file and the field.
import { lstatSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

import { errorMessage, InputError } from '../errors.js';
import { formatPath } from '../suite/parse-suite.js';

export const DEFAULT_SETTINGS_FILE = '.github/mysql-perf-gate.yml';
const MAX_BYTES = 64 * 1024;

const RunnerLabel = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, 'a runner label: letters, digits, "_", ".", ":" or "-"');

export const WorkflowSettings = z.strictObject({
  /** The pinned machine's runner labels: one, or a list that all must match. */
  'runs-on': z.union([RunnerLabel, z.array(RunnerLabel).min(1).max(20)]),
  /** The name the history is kept under: the machine, not the runner's name. */
  testbed: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'a testbed name: letters, digits, "_", "." or "-"'),
  /** As the action's compiler input: gcc-12, clang-16, a path, or CC:CXX. */
  compiler: z
    .string()
    .regex(/^[A-Za-z0-9_.+/:-]{1,200}$/, 'a compiler: a name such as gcc-12, a path, or CC:CXX'),
});
export type WorkflowSettings = z.infer<typeof WorkflowSettings>;

/** The settings file's text → the settings; one line naming the file and the field otherwise. */
export function parseWorkflowSettings(text: string, path: string): WorkflowSettings {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new InputError(`${path} is not YAML: ${errorMessage(error).split('\n')[0] ?? ''}`);
  }
  const parsed = WorkflowSettings.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : `${formatPath(issue.path)}: `;
  const message =
    issue?.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue?.message;
  throw new InputError(
    `${path}: ${where}${message ?? 'invalid'} (expected runs-on, testbed and compiler; see docs/nightly.md)`,
  );
}

/** Reads and checks the settings file (a regular file, at most 64 KiB). */
export function readWorkflowSettings(path: string): WorkflowSettings {
  let text: string;
  try {
    const stats = lstatSync(path);
    if (!stats.isFile()) throw new InputError(`${path} is not a regular file`);
    if (stats.size > MAX_BYTES) throw new InputError(`${path} is ${stats.size} bytes, over ${MAX_BYTES}`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      `cannot read ${path}: ${errorMessage(error)}; the nightly and bisect workflows name their runner, testbed and compiler there (docs/nightly.md)`,
    );
  }
  return parseWorkflowSettings(text, path);
}

/** `runs-on` as the JSON a workflow's `fromJSON` takes: always a list. */
export function runsOnJson(settings: WorkflowSettings): string {
  const labels = typeof settings['runs-on'] === 'string' ? [settings['runs-on']] : settings['runs-on'];
  return JSON.stringify(labels);
}
