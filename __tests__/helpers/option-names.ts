// The options as each front end names them, for the requests and plans tests make by hand.
import { actionSpelling, cliSpelling, optionNames } from '../../src/commands/spelling.js';

export const CLI_NAMES = optionNames(cliSpelling);
export const ACTION_NAMES = optionNames(actionSpelling);
