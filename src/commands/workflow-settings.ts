// The settings file of the caller's repository (`.github/mysql-perf-gate.yml`), read and checked
// against its schema (commands/settings-schema.ts). The action reads it in every mode that measures,
// judges or delivers (action/settings-inputs.ts), from a trusted copy only: the measuring workflow
// names the base's checkout, the publishing workflow the default branch's. `mode: settings` hands
// the fields only a workflow can use (runs-on, testbed, the webhook's secret name) to later jobs.
// Every mistake is one line naming the file, the field and the value.
import { lstatSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

import { errorMessage, InputError } from '../errors.js';
import { formatPath } from '../suite/parse-suite.js';
import { type SettingName, SETTINGS, type Settings, SettingsFile } from './settings-schema.js';

export const DEFAULT_SETTINGS_FILE = '.github/mysql-perf-gate.yml';
const MAX_BYTES = 64 * 1024;

/** The value at `path` in the parsed document, for the error line. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The settings file's text → its fields; one line naming the file, the field and the value otherwise. */
export function parseWorkflowSettings(text: string, path: string): Settings {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new InputError(`${path} is not YAML: ${errorMessage(error).split('\n')[0] ?? ''}`);
  }
  // An empty file (or one of comments only) sets nothing.
  if (data === null || data === undefined) return {};
  const parsed = SettingsFile.safeParse(data);
  // zod leaves a field the file does not set out, so every value is a string.
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    // Names only, and only those that look like one: the file may not be a settings file at all.
    const names = issue.keys.filter((key) => /^[A-Za-z0-9_-]{1,40}$/.test(key));
    const shown = names.length === issue.keys.length ? names.join(', ') : `${issue.keys.length} of them`;
    throw new InputError(
      `${path}: unknown field(s) ${shown} (the fields are the action's inputs listed in docs/settings-file.md)`,
    );
  }
  if (issue === undefined || issue.path.length === 0) {
    // Not the document itself: whatever file this is, its text stays out of the log.
    const kind = Array.isArray(data) ? 'a list' : typeof data;
    throw new InputError(`${path}: expected a mapping of fields (docs/settings-file.md), not ${kind}`);
  }
  const value = JSON.stringify(valueAt(data, issue.path));
  const shown = value.length > 120 ? `${value.slice(0, 117)}...` : value;
  throw new InputError(`${path}: ${formatPath(issue.path)} ${shown}: expected ${issue.message}`);
}

/** Reads and checks the settings file (a regular file, at most 64 KiB); undefined when there is none. */
export function readSettingsFile(path: string): Settings | undefined {
  let text: string;
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    if (!stats.isFile()) throw new InputError(`${path} is not a regular file`);
    if (stats.size > MAX_BYTES) throw new InputError(`${path} is ${stats.size} bytes, over ${MAX_BYTES}`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${path}: ${errorMessage(error)}`);
  }
  return parseWorkflowSettings(text, path);
}

/** The fields only a workflow can use, as `mode: settings` outputs them. */
export const WORKFLOW_FIELDS = [
  'runs-on',
  'testbed',
  'compiler',
  'suite',
  'status-context',
  'webhook-url-secret',
  'accept-label',
] as const satisfies readonly SettingName[];
export type WorkflowSettings = Readonly<Record<(typeof WORKFLOW_FIELDS)[number], string>>;

/**
 * The fields a workflow's settings job reads: the file's, else the schema's default, else empty
 * (no file: every field so). Whether the workflow can do without one (the nightly cannot without
 * runs-on) is the workflow's to say.
 */
export function readWorkflowSettings(path: string): WorkflowSettings {
  const settings = readSettingsFile(path) ?? {};
  const fields = WORKFLOW_FIELDS.map((name) => [name, settings[name] ?? SETTINGS[name].default ?? '']);
  return Object.fromEntries(fields) as WorkflowSettings;
}
