// The action's modes (input "mode"), which every mode's front end and main.ts share.

import { InputError } from '../errors.js';
import { input } from './settings-inputs.js';

export const ACTION_MODES = [
  'measure',
  'build',
  'merge',
  'publish',
  'history',
  'bisect',
  'bisect-comment',
  'settings',
  'approval',
  'accept',
] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

/**
 * Input "mode": measure (the default: build, run, judge, comment), publish (comment only) or
 * history (append a nightly run to the history branch, find change points, open issues) or
 * bisect (find the commit where a cell changed) or bisect-comment (post its result on the alert
 * issue) or settings (read the file naming the nightly's runner, testbed and compiler) or approval
 * (whether a fork's pull-request event may be measured) or accept (a maintainer accepts the regression
 * measured at a pull request's head).
 */
export function readMode(): ActionMode {
  const mode = input('mode') || 'measure';
  const known = ACTION_MODES.find((candidate) => candidate === mode);
  if (known !== undefined) return known;
  throw new InputError(`input "mode" ${JSON.stringify(mode)}: expected ${ACTION_MODES.join(', ')}`);
}
