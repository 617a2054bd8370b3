// The one reader of the action's inputs. An option of the settings file (commands/settings-schema.ts)
// is taken, in this order, from the input the workflow gave, from the settings file (input
// "settings-file", or .github/mysql-perf-gate.yml in the workspace), and from the schema's default;
// action.yml gives those inputs no default, or the runner's would always look given. The file is
// read once, when a mode first asks for one of its options, and one line says what it set.
import * as core from '@actions/core';
import { join } from 'node:path';

import {
  isSettingName,
  namesFile,
  SETTINGS,
  type Settings,
  settingsRoot,
} from '../commands/settings-schema.js';
import { DEFAULT_SETTINGS_FILE, readSettingsFile } from '../commands/workflow-settings.js';
import { coreLogger } from './core-logger.js';

interface Loaded {
  readonly path: string;
  readonly settings: Settings;
}

let loaded: Loaded | undefined;

/** The settings file, read the first time an option of it is asked for. */
function settingsFile(): Loaded {
  if (loaded !== undefined) return loaded;
  const path = core.getInput('settings-file') || DEFAULT_SETTINGS_FILE;
  const settings = readSettingsFile(path);
  loaded = { path, settings: settings ?? {} };
  coreLogger.info(settingsLine(path, settings, (name) => core.getInput(name) !== ''));
  return loaded;
}

/** What the file set, and which of its options an input given in the workflow overrides. */
export function settingsLine(
  path: string,
  settings: Settings | undefined,
  given: (name: string) => boolean,
): string {
  if (settings === undefined) return `no settings file ${path}: every option from its input or its default`;
  const fields = Object.entries(settings).filter(([name]) => isSettingName(name) && SETTINGS[name].input);
  const used = fields.filter(([name]) => !given(name));
  const overridden = fields.filter(([name]) => given(name)).map(([name]) => name);
  const shown = used.map(([name, value]) => `${name} ${value.replace(/\n/g, ', ')}`);
  return [
    `settings from ${path}: ${shown.length === 0 ? 'none' : shown.join('; ')}`,
    overridden.length === 0 ? '' : ` (given as inputs instead: ${overridden.join(', ')})`,
  ].join('');
}

/**
 * An input as `core.getInput` reads it (trimmed; empty when not given); for an option of the
 * settings file, the file's value and then the schema's default when the workflow gave none.
 */
export function input(name: string): string {
  const given = core.getInput(name);
  if (given !== '' || !isSettingName(name) || !SETTINGS[name].input) return given;
  const { path, settings } = settingsFile();
  const value = settings[name];
  if (value === undefined) return SETTINGS[name].default ?? '';
  // A suite or baseline file of the file's own checkout (the merge base's, the default branch's).
  return SETTINGS[name].path && namesFile(value) && !value.startsWith('/')
    ? join(settingsRoot(path), value)
    : value;
}

/**
 * An option the workflow or the settings file named, without the schema's default: undefined when
 * neither did (the gate, whose default the judge works out: compare/operation-gate.ts).
 */
export function namedInput(name: string): string | undefined {
  const given = core.getInput(name);
  if (given !== '') return given;
  if (!isSettingName(name) || !SETTINGS[name].input) return undefined;
  const value = settingsFile().settings[name];
  return value === undefined || value === '' ? undefined : value;
}

/** A multiline input as `core.getMultilineInput` reads it: one trimmed value a non-empty line. */
export function multilineInput(name: string): string[] {
  return input(name)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** An input, undefined when neither the workflow, the settings file nor a default gives it. */
export function optionalInput(name: string): string | undefined {
  const value = input(name);
  return value === '' ? undefined : value;
}

/**
 * An error's message, with where its input came from when the settings file gave it: an error
 * naming `input "alpha"` for the file's value says so.
 */
export function withSettingsSource(message: string): string {
  if (loaded === undefined) return message;
  const { path, settings } = loaded;
  const named = [...message.matchAll(/input "([a-z-]+)"/g)].map((match) => match[1] ?? '');
  const fromFile = named.filter(
    (name) => isSettingName(name) && settings[name] !== undefined && core.getInput(name) === '',
  );
  return fromFile.length === 0 ? message : `${message} (set in ${path})`;
}

/** Forgets the file read (the tests run several modes in one process). */
export function forgetSettingsFile(): void {
  loaded = undefined;
}
