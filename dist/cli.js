import { r as readResults, c as checkWholeRun, s as saveBaseline, p as parseCommit, a as checkKeep, n as newestEntry, f as formatFigureFixed, m as median, b as readBaselineFile, l as listBaselines, B as BUILD_TYPES, W as WHILE_MEASURING_POLICIES, D as DEFAULT_KEEP, d as BISECT_DEFAULTS, e as bisectOptionsFromFlags, g as bisectCommand, L as LIMIT_HELP, h as buildCommand, i as commonBuildRequest, C as COMPARE_FLAG_DEFAULTS, M as METRIC_NAMES, j as sinksFor, k as compareCommand, o as compareOptionsFromFlags, q as parseVariantBase, t as deliveryOf, u as deliverVerdict, v as stageTable, G as GATE_DEFAULT_SHOWN, w as comparisonLabels, x as buildsOf, y as checkOutputs, z as checkWritable, A as checkSides, E as inCleanupScope, F as withPrefixes, H as runCommand, I as describeRunOutcome, J as cliSpelling, K as buildSides, N as serversToBuild, O as runConfigFromFlags, P as DOCTOR_LOCK_TIMEOUT, Q as doctorConfigFromFlags, R as doctorCommand, S as DEFAULT_SERVERS, T as appendHistory, U as optionNames, V as earlierDefinitions, X as suiteDifferences, Y as historyRun, Z as exec, _ as quickDeadline, $ as readHistoryFile, a0 as pageHistory, a1 as writeHistoryPage, a2 as allChanges, a3 as historyChangesRequest, a4 as DEFAULT_WINDOW, a5 as DEFAULT_MAX_P, a6 as historyChangesCommand, a7 as plural, a8 as changesText, a9 as recentRegressions, aa as formatChangePercentPlain, ab as packageRelease, ac as packageRoot, ad as detectSourceTree, ae as describeFlavor, af as SETTINGS, ag as httpStatus, ah as gitHubMessage, ai as readWorkflowSettings, aj as gitHubClient, ak as DEFAULT_LIMITS, al as mergeCommand, am as shellWord, an as releaseLine, ao as packageIssuesUrl, ap as watchOutputs } from './gate.js';
import os from 'node:os';
import { inspect } from 'node:util';
import { g as getDefaultExportFromCjs } from './shared.js';
import require$$0 from 'node:events';
import require$$1 from 'node:child_process';
import path, { dirname, extname, join, resolve } from 'node:path';
import fs, { statSync, existsSync, readFileSync, mkdirSync, readdirSync } from 'node:fs';
import process$1 from 'node:process';
import { I as InputError, B as BaselineError, f as forRunnerLog, p as printableJson, w as writeFileAtomic, e as errorMessage, a as InterruptedError, G as GateError, i as internalErrorLine } from './gate-core.js';
import 'node:crypto';
import 'buffer';
import 'events';
import 'process';
import 'net';
import 'tls';
import 'timers';
import 'stream';
import 'string_decoder';
import 'crypto';
import 'zlib';
import 'util';
import 'url';
import 'node:net';
import 'node:fs/promises';
import 'node:timers/promises';
import 'node:zlib';
import 'fs';
import 'os';
import 'http';
import 'https';
import 'node:module';
import 'node:url';
import 'assert';
import 'node:assert';
import 'node:http';
import 'node:stream';
import 'node:buffer';
import 'node:querystring';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';

var commander$1 = {};

var argument = {};

var error = {};

/**
 * CommanderError class
 */

var hasRequiredError;

function requireError () {
	if (hasRequiredError) return error;
	hasRequiredError = 1;
	class CommanderError extends Error {
	  /**
	   * Constructs the CommanderError class
	   * @param {number} exitCode suggested exit code which could be used with process.exit
	   * @param {string} code an id string representing the error
	   * @param {string} message human-readable description of the error
	   */
	  constructor(exitCode, code, message) {
	    super(message);
	    // properly capture stack trace in Node.js
	    Error.captureStackTrace(this, this.constructor);
	    this.name = this.constructor.name;
	    this.code = code;
	    this.exitCode = exitCode;
	    this.nestedError = undefined;
	  }
	}

	/**
	 * InvalidArgumentError class
	 */
	class InvalidArgumentError extends CommanderError {
	  /**
	   * Constructs the InvalidArgumentError class
	   * @param {string} [message] explanation of why argument is invalid
	   */
	  constructor(message) {
	    super(1, 'commander.invalidArgument', message);
	    // properly capture stack trace in Node.js
	    Error.captureStackTrace(this, this.constructor);
	    this.name = this.constructor.name;
	  }
	}

	error.CommanderError = CommanderError;
	error.InvalidArgumentError = InvalidArgumentError;
	return error;
}

var hasRequiredArgument;

function requireArgument () {
	if (hasRequiredArgument) return argument;
	hasRequiredArgument = 1;
	const { InvalidArgumentError } = requireError();

	class Argument {
	  /**
	   * Initialize a new command argument with the given name and description.
	   * The default is that the argument is required, and you can explicitly
	   * indicate this with <> around the name. Put [] around the name for an optional argument.
	   *
	   * @param {string} name
	   * @param {string} [description]
	   */

	  constructor(name, description) {
	    this.description = description || '';
	    this.variadic = false;
	    this.parseArg = undefined;
	    this.defaultValue = undefined;
	    this.defaultValueDescription = undefined;
	    this.argChoices = undefined;

	    switch (name[0]) {
	      case '<': // e.g. <required>
	        this.required = true;
	        this._name = name.slice(1, -1);
	        break;
	      case '[': // e.g. [optional]
	        this.required = false;
	        this._name = name.slice(1, -1);
	        break;
	      default:
	        this.required = true;
	        this._name = name;
	        break;
	    }

	    if (this._name.endsWith('...')) {
	      this.variadic = true;
	      this._name = this._name.slice(0, -3);
	    }
	  }

	  /**
	   * Return argument name.
	   *
	   * @return {string}
	   */

	  name() {
	    return this._name;
	  }

	  /**
	   * @package
	   */

	  _collectValue(value, previous) {
	    if (previous === this.defaultValue || !Array.isArray(previous)) {
	      return [value];
	    }

	    previous.push(value);
	    return previous;
	  }

	  /**
	   * Set the default value, and optionally supply the description to be displayed in the help.
	   *
	   * @param {*} value
	   * @param {string} [description]
	   * @return {Argument}
	   */

	  default(value, description) {
	    this.defaultValue = value;
	    this.defaultValueDescription = description;
	    return this;
	  }

	  /**
	   * Set the custom handler for processing CLI command arguments into argument values.
	   *
	   * @param {Function} [fn]
	   * @return {Argument}
	   */

	  argParser(fn) {
	    this.parseArg = fn;
	    return this;
	  }

	  /**
	   * Only allow argument value to be one of choices.
	   *
	   * @param {string[]} values
	   * @return {Argument}
	   */

	  choices(values) {
	    this.argChoices = values.slice();
	    this.parseArg = (arg, previous) => {
	      if (!this.argChoices.includes(arg)) {
	        throw new InvalidArgumentError(
	          `Allowed choices are ${this.argChoices.join(', ')}.`,
	        );
	      }
	      if (this.variadic) {
	        return this._collectValue(arg, previous);
	      }
	      return arg;
	    };
	    return this;
	  }

	  /**
	   * Make argument required.
	   *
	   * @returns {Argument}
	   */
	  argRequired() {
	    this.required = true;
	    return this;
	  }

	  /**
	   * Make argument optional.
	   *
	   * @returns {Argument}
	   */
	  argOptional() {
	    this.required = false;
	    return this;
	  }
	}

	/**
	 * Takes an argument and returns its human readable equivalent for help usage.
	 *
	 * @param {Argument} arg
	 * @return {string}
	 * @private
	 */

	function humanReadableArgName(arg) {
	  const nameOutput = arg.name() + (arg.variadic === true ? '...' : '');

	  return arg.required ? '<' + nameOutput + '>' : '[' + nameOutput + ']';
	}

	argument.Argument = Argument;
	argument.humanReadableArgName = humanReadableArgName;
	return argument;
}

var command = {};

var help = {};

var hasRequiredHelp;

function requireHelp () {
	if (hasRequiredHelp) return help;
	hasRequiredHelp = 1;
	const { humanReadableArgName } = requireArgument();

	/**
	 * TypeScript import types for JSDoc, used by Visual Studio Code IntelliSense and `npm run typescript-checkJS`
	 * https://www.typescriptlang.org/docs/handbook/jsdoc-supported-types.html#import-types
	 * @typedef { import("./argument.js").Argument } Argument
	 * @typedef { import("./command.js").Command } Command
	 * @typedef { import("./option.js").Option } Option
	 */

	// Although this is a class, methods are static in style to allow override using subclass or just functions.
	class Help {
	  constructor() {
	    this.helpWidth = undefined;
	    this.minWidthToWrap = 40;
	    this.sortSubcommands = false;
	    this.sortOptions = false;
	    this.showGlobalOptions = false;
	  }

	  /**
	   * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
	   * and just before calling `formatHelp()`.
	   *
	   * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
	   *
	   * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
	   */
	  prepareContext(contextOptions) {
	    this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
	  }

	  /**
	   * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
	   *
	   * @param {Command} cmd
	   * @returns {Command[]}
	   */

	  visibleCommands(cmd) {
	    const visibleCommands = cmd.commands.filter((cmd) => !cmd._hidden);
	    const helpCommand = cmd._getHelpCommand();
	    if (helpCommand && !helpCommand._hidden) {
	      visibleCommands.push(helpCommand);
	    }
	    if (this.sortSubcommands) {
	      visibleCommands.sort((a, b) => {
	        // @ts-ignore: because overloaded return type
	        return a.name().localeCompare(b.name());
	      });
	    }
	    return visibleCommands;
	  }

	  /**
	   * Compare options for sort.
	   *
	   * @param {Option} a
	   * @param {Option} b
	   * @returns {number}
	   */
	  compareOptions(a, b) {
	    const getSortKey = (option) => {
	      // WYSIWYG for order displayed in help. Short used for comparison if present. No special handling for negated.
	      return option.short
	        ? option.short.replace(/^-/, '')
	        : option.long.replace(/^--/, '');
	    };
	    return getSortKey(a).localeCompare(getSortKey(b));
	  }

	  /**
	   * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
	   *
	   * @param {Command} cmd
	   * @returns {Option[]}
	   */

	  visibleOptions(cmd) {
	    const visibleOptions = cmd.options.filter((option) => !option.hidden);
	    // Built-in help option.
	    const helpOption = cmd._getHelpOption();
	    if (helpOption && !helpOption.hidden) {
	      // Automatically hide conflicting flags. Bit dubious but a historical behaviour that is convenient for single-command programs.
	      const removeShort = helpOption.short && cmd._findOption(helpOption.short);
	      const removeLong = helpOption.long && cmd._findOption(helpOption.long);
	      if (!removeShort && !removeLong) {
	        visibleOptions.push(helpOption); // no changes needed
	      } else if (helpOption.long && !removeLong) {
	        visibleOptions.push(
	          cmd.createOption(helpOption.long, helpOption.description),
	        );
	      } else if (helpOption.short && !removeShort) {
	        visibleOptions.push(
	          cmd.createOption(helpOption.short, helpOption.description),
	        );
	      }
	    }
	    if (this.sortOptions) {
	      visibleOptions.sort(this.compareOptions);
	    }
	    return visibleOptions;
	  }

	  /**
	   * Get an array of the visible global options. (Not including help.)
	   *
	   * @param {Command} cmd
	   * @returns {Option[]}
	   */

	  visibleGlobalOptions(cmd) {
	    if (!this.showGlobalOptions) return [];

	    const globalOptions = [];
	    for (
	      let ancestorCmd = cmd.parent;
	      ancestorCmd;
	      ancestorCmd = ancestorCmd.parent
	    ) {
	      const visibleOptions = ancestorCmd.options.filter(
	        (option) => !option.hidden,
	      );
	      globalOptions.push(...visibleOptions);
	    }
	    if (this.sortOptions) {
	      globalOptions.sort(this.compareOptions);
	    }
	    return globalOptions;
	  }

	  /**
	   * Get an array of the arguments if any have a description.
	   *
	   * @param {Command} cmd
	   * @returns {Argument[]}
	   */

	  visibleArguments(cmd) {
	    // Side effect! Apply the legacy descriptions before the arguments are displayed.
	    if (cmd._argsDescription) {
	      cmd.registeredArguments.forEach((argument) => {
	        argument.description =
	          argument.description || cmd._argsDescription[argument.name()] || '';
	      });
	    }

	    // If there are any arguments with a description then return all the arguments.
	    if (cmd.registeredArguments.find((argument) => argument.description)) {
	      return cmd.registeredArguments;
	    }
	    return [];
	  }

	  /**
	   * Get the command term to show in the list of subcommands.
	   *
	   * @param {Command} cmd
	   * @returns {string}
	   */

	  subcommandTerm(cmd) {
	    // Legacy. Ignores custom usage string, and nested commands.
	    const args = cmd.registeredArguments
	      .map((arg) => humanReadableArgName(arg))
	      .join(' ');
	    return (
	      cmd._name +
	      (cmd._aliases[0] ? '|' + cmd._aliases[0] : '') +
	      (cmd.options.length ? ' [options]' : '') + // simplistic check for non-help option
	      (args ? ' ' + args : '')
	    );
	  }

	  /**
	   * Get the option term to show in the list of options.
	   *
	   * @param {Option} option
	   * @returns {string}
	   */

	  optionTerm(option) {
	    return option.flags;
	  }

	  /**
	   * Get the argument term to show in the list of arguments.
	   *
	   * @param {Argument} argument
	   * @returns {string}
	   */

	  argumentTerm(argument) {
	    return argument.name();
	  }

	  /**
	   * Get the longest command term length.
	   *
	   * @param {Command} cmd
	   * @param {Help} helper
	   * @returns {number}
	   */

	  longestSubcommandTermLength(cmd, helper) {
	    return helper.visibleCommands(cmd).reduce((max, command) => {
	      return Math.max(
	        max,
	        this.displayWidth(
	          helper.styleSubcommandTerm(helper.subcommandTerm(command)),
	        ),
	      );
	    }, 0);
	  }

	  /**
	   * Get the longest option term length.
	   *
	   * @param {Command} cmd
	   * @param {Help} helper
	   * @returns {number}
	   */

	  longestOptionTermLength(cmd, helper) {
	    return helper.visibleOptions(cmd).reduce((max, option) => {
	      return Math.max(
	        max,
	        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option))),
	      );
	    }, 0);
	  }

	  /**
	   * Get the longest global option term length.
	   *
	   * @param {Command} cmd
	   * @param {Help} helper
	   * @returns {number}
	   */

	  longestGlobalOptionTermLength(cmd, helper) {
	    return helper.visibleGlobalOptions(cmd).reduce((max, option) => {
	      return Math.max(
	        max,
	        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option))),
	      );
	    }, 0);
	  }

	  /**
	   * Get the longest argument term length.
	   *
	   * @param {Command} cmd
	   * @param {Help} helper
	   * @returns {number}
	   */

	  longestArgumentTermLength(cmd, helper) {
	    return helper.visibleArguments(cmd).reduce((max, argument) => {
	      return Math.max(
	        max,
	        this.displayWidth(
	          helper.styleArgumentTerm(helper.argumentTerm(argument)),
	        ),
	      );
	    }, 0);
	  }

	  /**
	   * Get the command usage to be displayed at the top of the built-in help.
	   *
	   * @param {Command} cmd
	   * @returns {string}
	   */

	  commandUsage(cmd) {
	    // Usage
	    let cmdName = cmd._name;
	    if (cmd._aliases[0]) {
	      cmdName = cmdName + '|' + cmd._aliases[0];
	    }
	    let ancestorCmdNames = '';
	    for (
	      let ancestorCmd = cmd.parent;
	      ancestorCmd;
	      ancestorCmd = ancestorCmd.parent
	    ) {
	      ancestorCmdNames = ancestorCmd.name() + ' ' + ancestorCmdNames;
	    }
	    return ancestorCmdNames + cmdName + ' ' + cmd.usage();
	  }

	  /**
	   * Get the description for the command.
	   *
	   * @param {Command} cmd
	   * @returns {string}
	   */

	  commandDescription(cmd) {
	    // @ts-ignore: because overloaded return type
	    return cmd.description();
	  }

	  /**
	   * Get the subcommand summary to show in the list of subcommands.
	   * (Fallback to description for backwards compatibility.)
	   *
	   * @param {Command} cmd
	   * @returns {string}
	   */

	  subcommandDescription(cmd) {
	    // @ts-ignore: because overloaded return type
	    return cmd.summary() || cmd.description();
	  }

	  /**
	   * Get the option description to show in the list of options.
	   *
	   * @param {Option} option
	   * @return {string}
	   */

	  optionDescription(option) {
	    const extraInfo = [];

	    if (option.argChoices) {
	      extraInfo.push(
	        // use stringify to match the display of the default value
	        `choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(', ')}`,
	      );
	    }
	    if (option.defaultValue !== undefined) {
	      // default for boolean and negated more for programmer than end user,
	      // but show true/false for boolean option as may be for hand-rolled env or config processing.
	      const showDefault =
	        option.required ||
	        option.optional ||
	        (option.isBoolean() && typeof option.defaultValue === 'boolean');
	      if (showDefault) {
	        extraInfo.push(
	          `default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`,
	        );
	      }
	    }
	    // preset for boolean and negated are more for programmer than end user
	    if (option.presetArg !== undefined && option.optional) {
	      extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`);
	    }
	    if (option.envVar !== undefined) {
	      extraInfo.push(`env: ${option.envVar}`);
	    }
	    if (extraInfo.length > 0) {
	      const extraDescription = `(${extraInfo.join(', ')})`;
	      if (option.description) {
	        return `${option.description} ${extraDescription}`;
	      }
	      return extraDescription;
	    }

	    return option.description;
	  }

	  /**
	   * Get the argument description to show in the list of arguments.
	   *
	   * @param {Argument} argument
	   * @return {string}
	   */

	  argumentDescription(argument) {
	    const extraInfo = [];
	    if (argument.argChoices) {
	      extraInfo.push(
	        // use stringify to match the display of the default value
	        `choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(', ')}`,
	      );
	    }
	    if (argument.defaultValue !== undefined) {
	      extraInfo.push(
	        `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`,
	      );
	    }
	    if (extraInfo.length > 0) {
	      const extraDescription = `(${extraInfo.join(', ')})`;
	      if (argument.description) {
	        return `${argument.description} ${extraDescription}`;
	      }
	      return extraDescription;
	    }
	    return argument.description;
	  }

	  /**
	   * Format a list of items, given a heading and an array of formatted items.
	   *
	   * @param {string} heading
	   * @param {string[]} items
	   * @param {Help} helper
	   * @returns string[]
	   */
	  formatItemList(heading, items, helper) {
	    if (items.length === 0) return [];

	    return [helper.styleTitle(heading), ...items, ''];
	  }

	  /**
	   * Group items by their help group heading.
	   *
	   * @param {Command[] | Option[]} unsortedItems
	   * @param {Command[] | Option[]} visibleItems
	   * @param {Function} getGroup
	   * @returns {Map<string, Command[] | Option[]>}
	   */
	  groupItems(unsortedItems, visibleItems, getGroup) {
	    const result = new Map();
	    // Add groups in order of appearance in unsortedItems.
	    unsortedItems.forEach((item) => {
	      const group = getGroup(item);
	      if (!result.has(group)) result.set(group, []);
	    });
	    // Add items in order of appearance in visibleItems.
	    visibleItems.forEach((item) => {
	      const group = getGroup(item);
	      if (!result.has(group)) {
	        result.set(group, []);
	      }
	      result.get(group).push(item);
	    });
	    return result;
	  }

	  /**
	   * Generate the built-in help text.
	   *
	   * @param {Command} cmd
	   * @param {Help} helper
	   * @returns {string}
	   */

	  formatHelp(cmd, helper) {
	    const termWidth = helper.padWidth(cmd, helper);
	    const helpWidth = helper.helpWidth ?? 80; // in case prepareContext() was not called

	    function callFormatItem(term, description) {
	      return helper.formatItem(term, termWidth, description, helper);
	    }

	    // Usage
	    let output = [
	      `${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`,
	      '',
	    ];

	    // Description
	    const commandDescription = helper.commandDescription(cmd);
	    if (commandDescription.length > 0) {
	      output = output.concat([
	        helper.boxWrap(
	          helper.styleCommandDescription(commandDescription),
	          helpWidth,
	        ),
	        '',
	      ]);
	    }

	    // Arguments
	    const argumentList = helper.visibleArguments(cmd).map((argument) => {
	      return callFormatItem(
	        helper.styleArgumentTerm(helper.argumentTerm(argument)),
	        helper.styleArgumentDescription(helper.argumentDescription(argument)),
	      );
	    });
	    output = output.concat(
	      this.formatItemList('Arguments:', argumentList, helper),
	    );

	    // Options
	    const optionGroups = this.groupItems(
	      cmd.options,
	      helper.visibleOptions(cmd),
	      (option) => option.helpGroupHeading ?? 'Options:',
	    );
	    optionGroups.forEach((options, group) => {
	      const optionList = options.map((option) => {
	        return callFormatItem(
	          helper.styleOptionTerm(helper.optionTerm(option)),
	          helper.styleOptionDescription(helper.optionDescription(option)),
	        );
	      });
	      output = output.concat(this.formatItemList(group, optionList, helper));
	    });

	    if (helper.showGlobalOptions) {
	      const globalOptionList = helper
	        .visibleGlobalOptions(cmd)
	        .map((option) => {
	          return callFormatItem(
	            helper.styleOptionTerm(helper.optionTerm(option)),
	            helper.styleOptionDescription(helper.optionDescription(option)),
	          );
	        });
	      output = output.concat(
	        this.formatItemList('Global Options:', globalOptionList, helper),
	      );
	    }

	    // Commands
	    const commandGroups = this.groupItems(
	      cmd.commands,
	      helper.visibleCommands(cmd),
	      (sub) => sub.helpGroup() || 'Commands:',
	    );
	    commandGroups.forEach((commands, group) => {
	      const commandList = commands.map((sub) => {
	        return callFormatItem(
	          helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
	          helper.styleSubcommandDescription(helper.subcommandDescription(sub)),
	        );
	      });
	      output = output.concat(this.formatItemList(group, commandList, helper));
	    });

	    return output.join('\n');
	  }

	  /**
	   * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
	   *
	   * @param {string} str
	   * @returns {number}
	   */
	  displayWidth(str) {
	    return stripColor(str).length;
	  }

	  /**
	   * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
	   *
	   * @param {string} str
	   * @returns {string}
	   */
	  styleTitle(str) {
	    return str;
	  }

	  styleUsage(str) {
	    // Usage has lots of parts the user might like to color separately! Assume default usage string which is formed like:
	    //    command subcommand [options] [command] <foo> [bar]
	    return str
	      .split(' ')
	      .map((word) => {
	        if (word === '[options]') return this.styleOptionText(word);
	        if (word === '[command]') return this.styleSubcommandText(word);
	        if (word[0] === '[' || word[0] === '<')
	          return this.styleArgumentText(word);
	        return this.styleCommandText(word); // Restrict to initial words?
	      })
	      .join(' ');
	  }
	  styleCommandDescription(str) {
	    return this.styleDescriptionText(str);
	  }
	  styleOptionDescription(str) {
	    return this.styleDescriptionText(str);
	  }
	  styleSubcommandDescription(str) {
	    return this.styleDescriptionText(str);
	  }
	  styleArgumentDescription(str) {
	    return this.styleDescriptionText(str);
	  }
	  styleDescriptionText(str) {
	    return str;
	  }
	  styleOptionTerm(str) {
	    return this.styleOptionText(str);
	  }
	  styleSubcommandTerm(str) {
	    // This is very like usage with lots of parts! Assume default string which is formed like:
	    //    subcommand [options] <foo> [bar]
	    return str
	      .split(' ')
	      .map((word) => {
	        if (word === '[options]') return this.styleOptionText(word);
	        if (word[0] === '[' || word[0] === '<')
	          return this.styleArgumentText(word);
	        return this.styleSubcommandText(word); // Restrict to initial words?
	      })
	      .join(' ');
	  }
	  styleArgumentTerm(str) {
	    return this.styleArgumentText(str);
	  }
	  styleOptionText(str) {
	    return str;
	  }
	  styleArgumentText(str) {
	    return str;
	  }
	  styleSubcommandText(str) {
	    return str;
	  }
	  styleCommandText(str) {
	    return str;
	  }

	  /**
	   * Calculate the pad width from the maximum term length.
	   *
	   * @param {Command} cmd
	   * @param {Help} helper
	   * @returns {number}
	   */

	  padWidth(cmd, helper) {
	    return Math.max(
	      helper.longestOptionTermLength(cmd, helper),
	      helper.longestGlobalOptionTermLength(cmd, helper),
	      helper.longestSubcommandTermLength(cmd, helper),
	      helper.longestArgumentTermLength(cmd, helper),
	    );
	  }

	  /**
	   * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
	   *
	   * @param {string} str
	   * @returns {boolean}
	   */
	  preformatted(str) {
	    return /\n[^\S\r\n]/.test(str);
	  }

	  /**
	   * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
	   *
	   * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
	   *   TTT  DDD DDDD
	   *        DD DDD
	   *
	   * @param {string} term
	   * @param {number} termWidth
	   * @param {string} description
	   * @param {Help} helper
	   * @returns {string}
	   */
	  formatItem(term, termWidth, description, helper) {
	    const itemIndent = 2;
	    const itemIndentStr = ' '.repeat(itemIndent);
	    if (!description) return itemIndentStr + term;

	    // Pad the term out to a consistent width, so descriptions are aligned.
	    const paddedTerm = term.padEnd(
	      termWidth + term.length - helper.displayWidth(term),
	    );

	    // Format the description.
	    const spacerWidth = 2; // between term and description
	    const helpWidth = this.helpWidth ?? 80; // in case prepareContext() was not called
	    const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
	    let formattedDescription;
	    if (
	      remainingWidth < this.minWidthToWrap ||
	      helper.preformatted(description)
	    ) {
	      formattedDescription = description;
	    } else {
	      const wrappedDescription = helper.boxWrap(description, remainingWidth);
	      formattedDescription = wrappedDescription.replace(
	        /\n/g,
	        '\n' + ' '.repeat(termWidth + spacerWidth),
	      );
	    }

	    // Construct and overall indent.
	    return (
	      itemIndentStr +
	      paddedTerm +
	      ' '.repeat(spacerWidth) +
	      formattedDescription.replace(/\n/g, `\n${itemIndentStr}`)
	    );
	  }

	  /**
	   * Wrap a string at whitespace, preserving existing line breaks.
	   * Wrapping is skipped if the width is less than `minWidthToWrap`.
	   *
	   * @param {string} str
	   * @param {number} width
	   * @returns {string}
	   */
	  boxWrap(str, width) {
	    if (width < this.minWidthToWrap) return str;

	    const rawLines = str.split(/\r\n|\n/);
	    // split up text by whitespace
	    const chunkPattern = /[\s]*[^\s]+/g;
	    const wrappedLines = [];
	    rawLines.forEach((line) => {
	      const chunks = line.match(chunkPattern);
	      if (chunks === null) {
	        wrappedLines.push('');
	        return;
	      }

	      let sumChunks = [chunks.shift()];
	      let sumWidth = this.displayWidth(sumChunks[0]);
	      chunks.forEach((chunk) => {
	        const visibleWidth = this.displayWidth(chunk);
	        // Accumulate chunks while they fit into width.
	        if (sumWidth + visibleWidth <= width) {
	          sumChunks.push(chunk);
	          sumWidth += visibleWidth;
	          return;
	        }
	        wrappedLines.push(sumChunks.join(''));

	        const nextChunk = chunk.trimStart(); // trim space at line break
	        sumChunks = [nextChunk];
	        sumWidth = this.displayWidth(nextChunk);
	      });
	      wrappedLines.push(sumChunks.join(''));
	    });

	    return wrappedLines.join('\n');
	  }
	}

	/**
	 * Strip style ANSI escape sequences from the string. In particular, SGR (Select Graphic Rendition) codes.
	 *
	 * @param {string} str
	 * @returns {string}
	 * @package
	 */

	function stripColor(str) {
	  // eslint-disable-next-line no-control-regex
	  const sgrPattern = /\x1b\[\d*(;\d*)*m/g;
	  return str.replace(sgrPattern, '');
	}

	help.Help = Help;
	help.stripColor = stripColor;
	return help;
}

var option = {};

var hasRequiredOption;

function requireOption () {
	if (hasRequiredOption) return option;
	hasRequiredOption = 1;
	const { InvalidArgumentError } = requireError();

	class Option {
	  /**
	   * Initialize a new `Option` with the given `flags` and `description`.
	   *
	   * @param {string} flags
	   * @param {string} [description]
	   */

	  constructor(flags, description) {
	    this.flags = flags;
	    this.description = description || '';

	    this.required = flags.includes('<'); // A value must be supplied when the option is specified.
	    this.optional = flags.includes('['); // A value is optional when the option is specified.
	    // variadic test ignores <value,...> et al which might be used to describe custom splitting of single argument
	    this.variadic = /\w\.\.\.[>\]]$/.test(flags); // The option can take multiple values.
	    this.mandatory = false; // The option must have a value after parsing, which usually means it must be specified on command line.
	    const optionFlags = splitOptionFlags(flags);
	    this.short = optionFlags.shortFlag; // May be a short flag, undefined, or even a long flag (if option has two long flags).
	    this.long = optionFlags.longFlag;
	    this.negate = false;
	    if (this.long) {
	      this.negate = this.long.startsWith('--no-');
	    }
	    this.defaultValue = undefined;
	    this.defaultValueDescription = undefined;
	    this.presetArg = undefined;
	    this.envVar = undefined;
	    this.parseArg = undefined;
	    this.hidden = false;
	    this.argChoices = undefined;
	    this.conflictsWith = [];
	    this.implied = undefined;
	    this.helpGroupHeading = undefined; // soft initialised when option added to command
	  }

	  /**
	   * Set the default value, and optionally supply the description to be displayed in the help.
	   *
	   * @param {*} value
	   * @param {string} [description]
	   * @return {Option}
	   */

	  default(value, description) {
	    this.defaultValue = value;
	    this.defaultValueDescription = description;
	    return this;
	  }

	  /**
	   * Preset to use when option used without option-argument, especially optional but also boolean and negated.
	   * The custom processing (parseArg) is called.
	   *
	   * @example
	   * new Option('--color').default('GREYSCALE').preset('RGB');
	   * new Option('--donate [amount]').preset('20').argParser(parseFloat);
	   *
	   * @param {*} arg
	   * @return {Option}
	   */

	  preset(arg) {
	    this.presetArg = arg;
	    return this;
	  }

	  /**
	   * Add option name(s) that conflict with this option.
	   * An error will be displayed if conflicting options are found during parsing.
	   *
	   * @example
	   * new Option('--rgb').conflicts('cmyk');
	   * new Option('--js').conflicts(['ts', 'jsx']);
	   *
	   * @param {(string | string[])} names
	   * @return {Option}
	   */

	  conflicts(names) {
	    this.conflictsWith = this.conflictsWith.concat(names);
	    return this;
	  }

	  /**
	   * Specify implied option values for when this option is set and the implied options are not.
	   *
	   * The custom processing (parseArg) is not called on the implied values.
	   *
	   * @example
	   * program
	   *   .addOption(new Option('--log', 'write logging information to file'))
	   *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
	   *
	   * @param {object} impliedOptionValues
	   * @return {Option}
	   */
	  implies(impliedOptionValues) {
	    let newImplied = impliedOptionValues;
	    if (typeof impliedOptionValues === 'string') {
	      // string is not documented, but easy mistake and we can do what user probably intended.
	      newImplied = { [impliedOptionValues]: true };
	    }
	    this.implied = Object.assign(this.implied || {}, newImplied);
	    return this;
	  }

	  /**
	   * Set environment variable to check for option value.
	   *
	   * An environment variable is only used if when processed the current option value is
	   * undefined, or the source of the current value is 'default' or 'config' or 'env'.
	   *
	   * @param {string} name
	   * @return {Option}
	   */

	  env(name) {
	    this.envVar = name;
	    return this;
	  }

	  /**
	   * Set the custom handler for processing CLI option arguments into option values.
	   *
	   * @param {Function} [fn]
	   * @return {Option}
	   */

	  argParser(fn) {
	    this.parseArg = fn;
	    return this;
	  }

	  /**
	   * Whether the option is mandatory and must have a value after parsing.
	   *
	   * @param {boolean} [mandatory=true]
	   * @return {Option}
	   */

	  makeOptionMandatory(mandatory = true) {
	    this.mandatory = !!mandatory;
	    return this;
	  }

	  /**
	   * Hide option in help.
	   *
	   * @param {boolean} [hide=true]
	   * @return {Option}
	   */

	  hideHelp(hide = true) {
	    this.hidden = !!hide;
	    return this;
	  }

	  /**
	   * @package
	   */

	  _collectValue(value, previous) {
	    if (previous === this.defaultValue || !Array.isArray(previous)) {
	      return [value];
	    }

	    previous.push(value);
	    return previous;
	  }

	  /**
	   * Only allow option value to be one of choices.
	   *
	   * @param {string[]} values
	   * @return {Option}
	   */

	  choices(values) {
	    this.argChoices = values.slice();
	    this.parseArg = (arg, previous) => {
	      if (!this.argChoices.includes(arg)) {
	        throw new InvalidArgumentError(
	          `Allowed choices are ${this.argChoices.join(', ')}.`,
	        );
	      }
	      if (this.variadic) {
	        return this._collectValue(arg, previous);
	      }
	      return arg;
	    };
	    return this;
	  }

	  /**
	   * Return option name.
	   *
	   * @return {string}
	   */

	  name() {
	    if (this.long) {
	      return this.long.replace(/^--/, '');
	    }
	    return this.short.replace(/^-/, '');
	  }

	  /**
	   * Return option name, in a camelcase format that can be used
	   * as an object attribute key.
	   *
	   * @return {string}
	   */

	  attributeName() {
	    if (this.negate) {
	      return camelcase(this.name().replace(/^no-/, ''));
	    }
	    return camelcase(this.name());
	  }

	  /**
	   * Set the help group heading.
	   *
	   * @param {string} heading
	   * @return {Option}
	   */
	  helpGroup(heading) {
	    this.helpGroupHeading = heading;
	    return this;
	  }

	  /**
	   * Check if `arg` matches the short or long flag.
	   *
	   * @param {string} arg
	   * @return {boolean}
	   * @package
	   */

	  is(arg) {
	    return this.short === arg || this.long === arg;
	  }

	  /**
	   * Return whether a boolean option.
	   *
	   * Options are one of boolean, negated, required argument, or optional argument.
	   *
	   * @return {boolean}
	   * @package
	   */

	  isBoolean() {
	    return !this.required && !this.optional && !this.negate;
	  }
	}

	/**
	 * This class is to make it easier to work with dual options, without changing the existing
	 * implementation. We support separate dual options for separate positive and negative options,
	 * like `--build` and `--no-build`, which share a single option value. This works nicely for some
	 * use cases, but is tricky for others where we want separate behaviours despite
	 * the single shared option value.
	 */
	class DualOptions {
	  /**
	   * @param {Option[]} options
	   */
	  constructor(options) {
	    this.positiveOptions = new Map();
	    this.negativeOptions = new Map();
	    this.dualOptions = new Set();
	    options.forEach((option) => {
	      if (option.negate) {
	        this.negativeOptions.set(option.attributeName(), option);
	      } else {
	        this.positiveOptions.set(option.attributeName(), option);
	      }
	    });
	    this.negativeOptions.forEach((value, key) => {
	      if (this.positiveOptions.has(key)) {
	        this.dualOptions.add(key);
	      }
	    });
	  }

	  /**
	   * Did the value come from the option, and not from possible matching dual option?
	   *
	   * @param {*} value
	   * @param {Option} option
	   * @returns {boolean}
	   */
	  valueFromOption(value, option) {
	    const optionKey = option.attributeName();
	    if (!this.dualOptions.has(optionKey)) return true;

	    // Use the value to deduce if (probably) came from the option.
	    const preset = this.negativeOptions.get(optionKey).presetArg;
	    const negativeValue = preset !== undefined ? preset : false;
	    return option.negate === (negativeValue === value);
	  }
	}

	/**
	 * Convert string from kebab-case to camelCase.
	 *
	 * @param {string} str
	 * @return {string}
	 * @private
	 */

	function camelcase(str) {
	  return str.split('-').reduce((str, word) => {
	    return str + word[0].toUpperCase() + word.slice(1);
	  });
	}

	/**
	 * Split the short and long flag out of something like '-m,--mixed <value>'
	 *
	 * @private
	 */

	function splitOptionFlags(flags) {
	  let shortFlag;
	  let longFlag;
	  // short flag, single dash and single character
	  const shortFlagExp = /^-[^-]$/;
	  // long flag, double dash and at least one character
	  const longFlagExp = /^--[^-]/;

	  const flagParts = flags.split(/[ |,]+/).concat('guard');
	  // Normal is short and/or long.
	  if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
	  if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
	  // Long then short. Rarely used but fine.
	  if (!shortFlag && shortFlagExp.test(flagParts[0]))
	    shortFlag = flagParts.shift();
	  // Allow two long flags, like '--ws, --workspace'
	  // This is the supported way to have a shortish option flag.
	  if (!shortFlag && longFlagExp.test(flagParts[0])) {
	    shortFlag = longFlag;
	    longFlag = flagParts.shift();
	  }

	  // Check for unprocessed flag. Fail noisily rather than silently ignore.
	  if (flagParts[0].startsWith('-')) {
	    const unsupportedFlag = flagParts[0];
	    const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
	    if (/^-[^-][^-]/.test(unsupportedFlag))
	      throw new Error(
	        `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`,
	      );
	    if (shortFlagExp.test(unsupportedFlag))
	      throw new Error(`${baseError}
- too many short flags`);
	    if (longFlagExp.test(unsupportedFlag))
	      throw new Error(`${baseError}
- too many long flags`);

	    throw new Error(`${baseError}
- unrecognised flag format`);
	  }
	  if (shortFlag === undefined && longFlag === undefined)
	    throw new Error(
	      `option creation failed due to no flags found in '${flags}'.`,
	    );

	  return { shortFlag, longFlag };
	}

	option.Option = Option;
	option.DualOptions = DualOptions;
	return option;
}

var suggestSimilar = {};

var hasRequiredSuggestSimilar;

function requireSuggestSimilar () {
	if (hasRequiredSuggestSimilar) return suggestSimilar;
	hasRequiredSuggestSimilar = 1;
	const maxDistance = 3;

	function editDistance(a, b) {
	  // https://en.wikipedia.org/wiki/Damerau–Levenshtein_distance
	  // Calculating optimal string alignment distance, no substring is edited more than once.
	  // (Simple implementation.)

	  // Quick early exit, return worst case.
	  if (Math.abs(a.length - b.length) > maxDistance)
	    return Math.max(a.length, b.length);

	  // distance between prefix substrings of a and b
	  const d = [];

	  // pure deletions turn a into empty string
	  for (let i = 0; i <= a.length; i++) {
	    d[i] = [i];
	  }
	  // pure insertions turn empty string into b
	  for (let j = 0; j <= b.length; j++) {
	    d[0][j] = j;
	  }

	  // fill matrix
	  for (let j = 1; j <= b.length; j++) {
	    for (let i = 1; i <= a.length; i++) {
	      let cost = 1;
	      if (a[i - 1] === b[j - 1]) {
	        cost = 0;
	      } else {
	        cost = 1;
	      }
	      d[i][j] = Math.min(
	        d[i - 1][j] + 1, // deletion
	        d[i][j - 1] + 1, // insertion
	        d[i - 1][j - 1] + cost, // substitution
	      );
	      // transposition
	      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
	        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
	      }
	    }
	  }

	  return d[a.length][b.length];
	}

	/**
	 * Find close matches, restricted to same number of edits.
	 *
	 * @param {string} word
	 * @param {string[]} candidates
	 * @returns {string}
	 */

	function suggestSimilar$1(word, candidates) {
	  if (!candidates || candidates.length === 0) return '';
	  // remove possible duplicates
	  candidates = Array.from(new Set(candidates));

	  const searchingOptions = word.startsWith('--');
	  if (searchingOptions) {
	    word = word.slice(2);
	    candidates = candidates.map((candidate) => candidate.slice(2));
	  }

	  let similar = [];
	  let bestDistance = maxDistance;
	  const minSimilarity = 0.4;
	  candidates.forEach((candidate) => {
	    if (candidate.length <= 1) return; // no one character guesses

	    const distance = editDistance(word, candidate);
	    const length = Math.max(word.length, candidate.length);
	    const similarity = (length - distance) / length;
	    if (similarity > minSimilarity) {
	      if (distance < bestDistance) {
	        // better edit distance, throw away previous worse matches
	        bestDistance = distance;
	        similar = [candidate];
	      } else if (distance === bestDistance) {
	        similar.push(candidate);
	      }
	    }
	  });

	  similar.sort((a, b) => a.localeCompare(b));
	  if (searchingOptions) {
	    similar = similar.map((candidate) => `--${candidate}`);
	  }

	  if (similar.length > 1) {
	    return `\n(Did you mean one of ${similar.join(', ')}?)`;
	  }
	  if (similar.length === 1) {
	    return `\n(Did you mean ${similar[0]}?)`;
	  }
	  return '';
	}

	suggestSimilar.suggestSimilar = suggestSimilar$1;
	return suggestSimilar;
}

var hasRequiredCommand;

function requireCommand () {
	if (hasRequiredCommand) return command;
	hasRequiredCommand = 1;
	const EventEmitter = require$$0.EventEmitter;
	const childProcess = require$$1;
	const path$1 = path;
	const fs$1 = fs;
	const process = process$1;

	const { Argument, humanReadableArgName } = requireArgument();
	const { CommanderError } = requireError();
	const { Help, stripColor } = requireHelp();
	const { Option, DualOptions } = requireOption();
	const { suggestSimilar } = requireSuggestSimilar();

	class Command extends EventEmitter {
	  /**
	   * Initialize a new `Command`.
	   *
	   * @param {string} [name]
	   */

	  constructor(name) {
	    super();
	    /** @type {Command[]} */
	    this.commands = [];
	    /** @type {Option[]} */
	    this.options = [];
	    this.parent = null;
	    this._allowUnknownOption = false;
	    this._allowExcessArguments = false;
	    /** @type {Argument[]} */
	    this.registeredArguments = [];
	    this._args = this.registeredArguments; // deprecated old name
	    /** @type {string[]} */
	    this.args = []; // cli args with options removed
	    this.rawArgs = [];
	    this.processedArgs = []; // like .args but after custom processing and collecting variadic
	    this._scriptPath = null;
	    this._name = name || '';
	    this._optionValues = {};
	    this._optionValueSources = {}; // default, env, cli etc
	    this._storeOptionsAsProperties = false;
	    this._actionHandler = null;
	    this._executableHandler = false;
	    this._executableFile = null; // custom name for executable
	    this._executableDir = null; // custom search directory for subcommands
	    this._defaultCommandName = null;
	    this._exitCallback = null;
	    this._aliases = [];
	    this._combineFlagAndOptionalValue = true;
	    this._description = '';
	    this._summary = '';
	    this._argsDescription = undefined; // legacy
	    this._enablePositionalOptions = false;
	    this._passThroughOptions = false;
	    this._lifeCycleHooks = {}; // a hash of arrays
	    /** @type {(boolean | string)} */
	    this._showHelpAfterError = false;
	    this._showSuggestionAfterError = true;
	    this._savedState = null; // used in save/restoreStateBeforeParse

	    // see configureOutput() for docs
	    this._outputConfiguration = {
	      writeOut: (str) => process.stdout.write(str),
	      writeErr: (str) => process.stderr.write(str),
	      outputError: (str, write) => write(str),
	      getOutHelpWidth: () =>
	        process.stdout.isTTY ? process.stdout.columns : undefined,
	      getErrHelpWidth: () =>
	        process.stderr.isTTY ? process.stderr.columns : undefined,
	      getOutHasColors: () =>
	        useColor() ?? (process.stdout.isTTY && process.stdout.hasColors?.()),
	      getErrHasColors: () =>
	        useColor() ?? (process.stderr.isTTY && process.stderr.hasColors?.()),
	      stripColor: (str) => stripColor(str),
	    };

	    this._hidden = false;
	    /** @type {(Option | null | undefined)} */
	    this._helpOption = undefined; // Lazy created on demand. May be null if help option is disabled.
	    this._addImplicitHelpCommand = undefined; // undecided whether true or false yet, not inherited
	    /** @type {Command} */
	    this._helpCommand = undefined; // lazy initialised, inherited
	    this._helpConfiguration = {};
	    /** @type {string | undefined} */
	    this._helpGroupHeading = undefined; // soft initialised when added to parent
	    /** @type {string | undefined} */
	    this._defaultCommandGroup = undefined;
	    /** @type {string | undefined} */
	    this._defaultOptionGroup = undefined;
	  }

	  /**
	   * Copy settings that are useful to have in common across root command and subcommands.
	   *
	   * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
	   *
	   * @param {Command} sourceCommand
	   * @return {Command} `this` command for chaining
	   */
	  copyInheritedSettings(sourceCommand) {
	    this._outputConfiguration = sourceCommand._outputConfiguration;
	    this._helpOption = sourceCommand._helpOption;
	    this._helpCommand = sourceCommand._helpCommand;
	    this._helpConfiguration = sourceCommand._helpConfiguration;
	    this._exitCallback = sourceCommand._exitCallback;
	    this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
	    this._combineFlagAndOptionalValue =
	      sourceCommand._combineFlagAndOptionalValue;
	    this._allowExcessArguments = sourceCommand._allowExcessArguments;
	    this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
	    this._showHelpAfterError = sourceCommand._showHelpAfterError;
	    this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;

	    return this;
	  }

	  /**
	   * @returns {Command[]}
	   * @private
	   */

	  _getCommandAndAncestors() {
	    const result = [];
	    // eslint-disable-next-line @typescript-eslint/no-this-alias
	    for (let command = this; command; command = command.parent) {
	      result.push(command);
	    }
	    return result;
	  }

	  /**
	   * Define a command.
	   *
	   * There are two styles of command: pay attention to where to put the description.
	   *
	   * @example
	   * // Command implemented using action handler (description is supplied separately to `.command`)
	   * program
	   *   .command('clone <source> [destination]')
	   *   .description('clone a repository into a newly created directory')
	   *   .action((source, destination) => {
	   *     console.log('clone command called');
	   *   });
	   *
	   * // Command implemented using separate executable file (description is second parameter to `.command`)
	   * program
	   *   .command('start <service>', 'start named service')
	   *   .command('stop [service]', 'stop named service, or all if no name supplied');
	   *
	   * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
	   * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
	   * @param {object} [execOpts] - configuration options (for executable)
	   * @return {Command} returns new command for action handler, or `this` for executable command
	   */

	  command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
	    let desc = actionOptsOrExecDesc;
	    let opts = execOpts;
	    if (typeof desc === 'object' && desc !== null) {
	      opts = desc;
	      desc = null;
	    }
	    opts = opts || {};
	    const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);

	    const cmd = this.createCommand(name);
	    if (desc) {
	      cmd.description(desc);
	      cmd._executableHandler = true;
	    }
	    if (opts.isDefault) this._defaultCommandName = cmd._name;
	    cmd._hidden = !!(opts.noHelp || opts.hidden); // noHelp is deprecated old name for hidden
	    cmd._executableFile = opts.executableFile || null; // Custom name for executable file, set missing to null to match constructor
	    if (args) cmd.arguments(args);
	    this._registerCommand(cmd);
	    cmd.parent = this;
	    cmd.copyInheritedSettings(this);

	    if (desc) return this;
	    return cmd;
	  }

	  /**
	   * Factory routine to create a new unattached command.
	   *
	   * See .command() for creating an attached subcommand, which uses this routine to
	   * create the command. You can override createCommand to customise subcommands.
	   *
	   * @param {string} [name]
	   * @return {Command} new command
	   */

	  createCommand(name) {
	    return new Command(name);
	  }

	  /**
	   * You can customise the help with a subclass of Help by overriding createHelp,
	   * or by overriding Help properties using configureHelp().
	   *
	   * @return {Help}
	   */

	  createHelp() {
	    return Object.assign(new Help(), this.configureHelp());
	  }

	  /**
	   * You can customise the help by overriding Help properties using configureHelp(),
	   * or with a subclass of Help by overriding createHelp().
	   *
	   * @param {object} [configuration] - configuration options
	   * @return {(Command | object)} `this` command for chaining, or stored configuration
	   */

	  configureHelp(configuration) {
	    if (configuration === undefined) return this._helpConfiguration;

	    this._helpConfiguration = configuration;
	    return this;
	  }

	  /**
	   * The default output goes to stdout and stderr. You can customise this for special
	   * applications. You can also customise the display of errors by overriding outputError.
	   *
	   * The configuration properties are all functions:
	   *
	   *     // change how output being written, defaults to stdout and stderr
	   *     writeOut(str)
	   *     writeErr(str)
	   *     // change how output being written for errors, defaults to writeErr
	   *     outputError(str, write) // used for displaying errors and not used for displaying help
	   *     // specify width for wrapping help
	   *     getOutHelpWidth()
	   *     getErrHelpWidth()
	   *     // color support, currently only used with Help
	   *     getOutHasColors()
	   *     getErrHasColors()
	   *     stripColor() // used to remove ANSI escape codes if output does not have colors
	   *
	   * @param {object} [configuration] - configuration options
	   * @return {(Command | object)} `this` command for chaining, or stored configuration
	   */

	  configureOutput(configuration) {
	    if (configuration === undefined) return this._outputConfiguration;

	    this._outputConfiguration = {
	      ...this._outputConfiguration,
	      ...configuration,
	    };
	    return this;
	  }

	  /**
	   * Display the help or a custom message after an error occurs.
	   *
	   * @param {(boolean|string)} [displayHelp]
	   * @return {Command} `this` command for chaining
	   */
	  showHelpAfterError(displayHelp = true) {
	    if (typeof displayHelp !== 'string') displayHelp = !!displayHelp;
	    this._showHelpAfterError = displayHelp;
	    return this;
	  }

	  /**
	   * Display suggestion of similar commands for unknown commands, or options for unknown options.
	   *
	   * @param {boolean} [displaySuggestion]
	   * @return {Command} `this` command for chaining
	   */
	  showSuggestionAfterError(displaySuggestion = true) {
	    this._showSuggestionAfterError = !!displaySuggestion;
	    return this;
	  }

	  /**
	   * Add a prepared subcommand.
	   *
	   * See .command() for creating an attached subcommand which inherits settings from its parent.
	   *
	   * @param {Command} cmd - new subcommand
	   * @param {object} [opts] - configuration options
	   * @return {Command} `this` command for chaining
	   */

	  addCommand(cmd, opts) {
	    if (!cmd._name) {
	      throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
	    }

	    opts = opts || {};
	    if (opts.isDefault) this._defaultCommandName = cmd._name;
	    if (opts.noHelp || opts.hidden) cmd._hidden = true; // modifying passed command due to existing implementation

	    this._registerCommand(cmd);
	    cmd.parent = this;
	    cmd._checkForBrokenPassThrough();

	    return this;
	  }

	  /**
	   * Factory routine to create a new unattached argument.
	   *
	   * See .argument() for creating an attached argument, which uses this routine to
	   * create the argument. You can override createArgument to return a custom argument.
	   *
	   * @param {string} name
	   * @param {string} [description]
	   * @return {Argument} new argument
	   */

	  createArgument(name, description) {
	    return new Argument(name, description);
	  }

	  /**
	   * Define argument syntax for command.
	   *
	   * The default is that the argument is required, and you can explicitly
	   * indicate this with <> around the name. Put [] around the name for an optional argument.
	   *
	   * @example
	   * program.argument('<input-file>');
	   * program.argument('[output-file]');
	   *
	   * @param {string} name
	   * @param {string} [description]
	   * @param {(Function|*)} [parseArg] - custom argument processing function or default value
	   * @param {*} [defaultValue]
	   * @return {Command} `this` command for chaining
	   */
	  argument(name, description, parseArg, defaultValue) {
	    const argument = this.createArgument(name, description);
	    if (typeof parseArg === 'function') {
	      argument.default(defaultValue).argParser(parseArg);
	    } else {
	      argument.default(parseArg);
	    }
	    this.addArgument(argument);
	    return this;
	  }

	  /**
	   * Define argument syntax for command, adding multiple at once (without descriptions).
	   *
	   * See also .argument().
	   *
	   * @example
	   * program.arguments('<cmd> [env]');
	   *
	   * @param {string} names
	   * @return {Command} `this` command for chaining
	   */

	  arguments(names) {
	    names
	      .trim()
	      .split(/ +/)
	      .forEach((detail) => {
	        this.argument(detail);
	      });
	    return this;
	  }

	  /**
	   * Define argument syntax for command, adding a prepared argument.
	   *
	   * @param {Argument} argument
	   * @return {Command} `this` command for chaining
	   */
	  addArgument(argument) {
	    const previousArgument = this.registeredArguments.slice(-1)[0];
	    if (previousArgument?.variadic) {
	      throw new Error(
	        `only the last argument can be variadic '${previousArgument.name()}'`,
	      );
	    }
	    if (
	      argument.required &&
	      argument.defaultValue !== undefined &&
	      argument.parseArg === undefined
	    ) {
	      throw new Error(
	        `a default value for a required argument is never used: '${argument.name()}'`,
	      );
	    }
	    this.registeredArguments.push(argument);
	    return this;
	  }

	  /**
	   * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
	   *
	   * @example
	   *    program.helpCommand('help [cmd]');
	   *    program.helpCommand('help [cmd]', 'show help');
	   *    program.helpCommand(false); // suppress default help command
	   *    program.helpCommand(true); // add help command even if no subcommands
	   *
	   * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
	   * @param {string} [description] - custom description
	   * @return {Command} `this` command for chaining
	   */

	  helpCommand(enableOrNameAndArgs, description) {
	    if (typeof enableOrNameAndArgs === 'boolean') {
	      this._addImplicitHelpCommand = enableOrNameAndArgs;
	      if (enableOrNameAndArgs && this._defaultCommandGroup) {
	        // make the command to store the group
	        this._initCommandGroup(this._getHelpCommand());
	      }
	      return this;
	    }

	    const nameAndArgs = enableOrNameAndArgs ?? 'help [command]';
	    const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
	    const helpDescription = description ?? 'display help for command';

	    const helpCommand = this.createCommand(helpName);
	    helpCommand.helpOption(false);
	    if (helpArgs) helpCommand.arguments(helpArgs);
	    if (helpDescription) helpCommand.description(helpDescription);

	    this._addImplicitHelpCommand = true;
	    this._helpCommand = helpCommand;
	    // init group unless lazy create
	    if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);

	    return this;
	  }

	  /**
	   * Add prepared custom help command.
	   *
	   * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
	   * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
	   * @return {Command} `this` command for chaining
	   */
	  addHelpCommand(helpCommand, deprecatedDescription) {
	    // If not passed an object, call through to helpCommand for backwards compatibility,
	    // as addHelpCommand was originally used like helpCommand is now.
	    if (typeof helpCommand !== 'object') {
	      this.helpCommand(helpCommand, deprecatedDescription);
	      return this;
	    }

	    this._addImplicitHelpCommand = true;
	    this._helpCommand = helpCommand;
	    this._initCommandGroup(helpCommand);
	    return this;
	  }

	  /**
	   * Lazy create help command.
	   *
	   * @return {(Command|null)}
	   * @package
	   */
	  _getHelpCommand() {
	    const hasImplicitHelpCommand =
	      this._addImplicitHelpCommand ??
	      (this.commands.length &&
	        !this._actionHandler &&
	        !this._findCommand('help'));

	    if (hasImplicitHelpCommand) {
	      if (this._helpCommand === undefined) {
	        this.helpCommand(undefined, undefined); // use default name and description
	      }
	      return this._helpCommand;
	    }
	    return null;
	  }

	  /**
	   * Add hook for life cycle event.
	   *
	   * @param {string} event
	   * @param {Function} listener
	   * @return {Command} `this` command for chaining
	   */

	  hook(event, listener) {
	    const allowedValues = ['preSubcommand', 'preAction', 'postAction'];
	    if (!allowedValues.includes(event)) {
	      throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
	    }
	    if (this._lifeCycleHooks[event]) {
	      this._lifeCycleHooks[event].push(listener);
	    } else {
	      this._lifeCycleHooks[event] = [listener];
	    }
	    return this;
	  }

	  /**
	   * Register callback to use as replacement for calling process.exit.
	   *
	   * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
	   * @return {Command} `this` command for chaining
	   */

	  exitOverride(fn) {
	    if (fn) {
	      this._exitCallback = fn;
	    } else {
	      this._exitCallback = (err) => {
	        if (err.code !== 'commander.executeSubCommandAsync') {
	          throw err;
	        }
	      };
	    }
	    return this;
	  }

	  /**
	   * Call process.exit, and _exitCallback if defined.
	   *
	   * @param {number} exitCode exit code for using with process.exit
	   * @param {string} code an id string representing the error
	   * @param {string} message human-readable description of the error
	   * @return never
	   * @private
	   */

	  _exit(exitCode, code, message) {
	    if (this._exitCallback) {
	      this._exitCallback(new CommanderError(exitCode, code, message));
	      // Expecting this line is not reached.
	    }
	    process.exit(exitCode);
	  }

	  /**
	   * Register callback `fn` for the command.
	   *
	   * @example
	   * program
	   *   .command('serve')
	   *   .description('start service')
	   *   .action(function() {
	   *      // do work here
	   *   });
	   *
	   * @param {Function} fn
	   * @return {Command} `this` command for chaining
	   */

	  action(fn) {
	    const listener = (args) => {
	      // The .action callback takes an extra parameter which is the command or options.
	      const expectedArgsCount = this.registeredArguments.length;
	      const actionArgs = args.slice(0, expectedArgsCount);
	      if (this._storeOptionsAsProperties) {
	        actionArgs[expectedArgsCount] = this; // backwards compatible "options"
	      } else {
	        actionArgs[expectedArgsCount] = this.opts();
	      }
	      actionArgs.push(this);

	      return fn.apply(this, actionArgs);
	    };
	    this._actionHandler = listener;
	    return this;
	  }

	  /**
	   * Factory routine to create a new unattached option.
	   *
	   * See .option() for creating an attached option, which uses this routine to
	   * create the option. You can override createOption to return a custom option.
	   *
	   * @param {string} flags
	   * @param {string} [description]
	   * @return {Option} new option
	   */

	  createOption(flags, description) {
	    return new Option(flags, description);
	  }

	  /**
	   * Wrap parseArgs to catch 'commander.invalidArgument'.
	   *
	   * @param {(Option | Argument)} target
	   * @param {string} value
	   * @param {*} previous
	   * @param {string} invalidArgumentMessage
	   * @private
	   */

	  _callParseArg(target, value, previous, invalidArgumentMessage) {
	    try {
	      return target.parseArg(value, previous);
	    } catch (err) {
	      if (err.code === 'commander.invalidArgument') {
	        const message = `${invalidArgumentMessage} ${err.message}`;
	        this.error(message, { exitCode: err.exitCode, code: err.code });
	      }
	      throw err;
	    }
	  }

	  /**
	   * Check for option flag conflicts.
	   * Register option if no conflicts found, or throw on conflict.
	   *
	   * @param {Option} option
	   * @private
	   */

	  _registerOption(option) {
	    const matchingOption =
	      (option.short && this._findOption(option.short)) ||
	      (option.long && this._findOption(option.long));
	    if (matchingOption) {
	      const matchingFlag =
	        option.long && this._findOption(option.long)
	          ? option.long
	          : option.short;
	      throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
	    }

	    this._initOptionGroup(option);
	    this.options.push(option);
	  }

	  /**
	   * Check for command name and alias conflicts with existing commands.
	   * Register command if no conflicts found, or throw on conflict.
	   *
	   * @param {Command} command
	   * @private
	   */

	  _registerCommand(command) {
	    const knownBy = (cmd) => {
	      return [cmd.name()].concat(cmd.aliases());
	    };

	    const alreadyUsed = knownBy(command).find((name) =>
	      this._findCommand(name),
	    );
	    if (alreadyUsed) {
	      const existingCmd = knownBy(this._findCommand(alreadyUsed)).join('|');
	      const newCmd = knownBy(command).join('|');
	      throw new Error(
	        `cannot add command '${newCmd}' as already have command '${existingCmd}'`,
	      );
	    }

	    this._initCommandGroup(command);
	    this.commands.push(command);
	  }

	  /**
	   * Add an option.
	   *
	   * @param {Option} option
	   * @return {Command} `this` command for chaining
	   */
	  addOption(option) {
	    this._registerOption(option);

	    const oname = option.name();
	    const name = option.attributeName();

	    // store default value
	    if (option.negate) {
	      // --no-foo is special and defaults foo to true, unless a --foo option is already defined
	      const positiveLongFlag = option.long.replace(/^--no-/, '--');
	      if (!this._findOption(positiveLongFlag)) {
	        this.setOptionValueWithSource(
	          name,
	          option.defaultValue === undefined ? true : option.defaultValue,
	          'default',
	        );
	      }
	    } else if (option.defaultValue !== undefined) {
	      this.setOptionValueWithSource(name, option.defaultValue, 'default');
	    }

	    // handler for cli and env supplied values
	    const handleOptionValue = (val, invalidValueMessage, valueSource) => {
	      // val is null for optional option used without an optional-argument.
	      // val is undefined for boolean and negated option.
	      if (val == null && option.presetArg !== undefined) {
	        val = option.presetArg;
	      }

	      // custom processing
	      const oldValue = this.getOptionValue(name);
	      if (val !== null && option.parseArg) {
	        val = this._callParseArg(option, val, oldValue, invalidValueMessage);
	      } else if (val !== null && option.variadic) {
	        val = option._collectValue(val, oldValue);
	      }

	      // Fill-in appropriate missing values. Long winded but easy to follow.
	      if (val == null) {
	        if (option.negate) {
	          val = false;
	        } else if (option.isBoolean() || option.optional) {
	          val = true;
	        } else {
	          val = ''; // not normal, parseArg might have failed or be a mock function for testing
	        }
	      }
	      this.setOptionValueWithSource(name, val, valueSource);
	    };

	    this.on('option:' + oname, (val) => {
	      const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
	      handleOptionValue(val, invalidValueMessage, 'cli');
	    });

	    if (option.envVar) {
	      this.on('optionEnv:' + oname, (val) => {
	        const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
	        handleOptionValue(val, invalidValueMessage, 'env');
	      });
	    }

	    return this;
	  }

	  /**
	   * Internal implementation shared by .option() and .requiredOption()
	   *
	   * @return {Command} `this` command for chaining
	   * @private
	   */
	  _optionEx(config, flags, description, fn, defaultValue) {
	    if (typeof flags === 'object' && flags instanceof Option) {
	      throw new Error(
	        'To add an Option object use addOption() instead of option() or requiredOption()',
	      );
	    }
	    const option = this.createOption(flags, description);
	    option.makeOptionMandatory(!!config.mandatory);
	    if (typeof fn === 'function') {
	      option.default(defaultValue).argParser(fn);
	    } else if (fn instanceof RegExp) {
	      // deprecated
	      const regex = fn;
	      fn = (val, def) => {
	        const m = regex.exec(val);
	        return m ? m[0] : def;
	      };
	      option.default(defaultValue).argParser(fn);
	    } else {
	      option.default(fn);
	    }

	    return this.addOption(option);
	  }

	  /**
	   * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
	   *
	   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
	   * option-argument is indicated by `<>` and an optional option-argument by `[]`.
	   *
	   * See the README for more details, and see also addOption() and requiredOption().
	   *
	   * @example
	   * program
	   *     .option('-p, --pepper', 'add pepper')
	   *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
	   *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
	   *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
	   *
	   * @param {string} flags
	   * @param {string} [description]
	   * @param {(Function|*)} [parseArg] - custom option processing function or default value
	   * @param {*} [defaultValue]
	   * @return {Command} `this` command for chaining
	   */

	  option(flags, description, parseArg, defaultValue) {
	    return this._optionEx({}, flags, description, parseArg, defaultValue);
	  }

	  /**
	   * Add a required option which must have a value after parsing. This usually means
	   * the option must be specified on the command line. (Otherwise the same as .option().)
	   *
	   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
	   *
	   * @param {string} flags
	   * @param {string} [description]
	   * @param {(Function|*)} [parseArg] - custom option processing function or default value
	   * @param {*} [defaultValue]
	   * @return {Command} `this` command for chaining
	   */

	  requiredOption(flags, description, parseArg, defaultValue) {
	    return this._optionEx(
	      { mandatory: true },
	      flags,
	      description,
	      parseArg,
	      defaultValue,
	    );
	  }

	  /**
	   * Alter parsing of short flags with optional values.
	   *
	   * @example
	   * // for `.option('-f,--flag [value]'):
	   * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
	   * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
	   *
	   * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
	   * @return {Command} `this` command for chaining
	   */
	  combineFlagAndOptionalValue(combine = true) {
	    this._combineFlagAndOptionalValue = !!combine;
	    return this;
	  }

	  /**
	   * Allow unknown options on the command line.
	   *
	   * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
	   * @return {Command} `this` command for chaining
	   */
	  allowUnknownOption(allowUnknown = true) {
	    this._allowUnknownOption = !!allowUnknown;
	    return this;
	  }

	  /**
	   * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
	   *
	   * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
	   * @return {Command} `this` command for chaining
	   */
	  allowExcessArguments(allowExcess = true) {
	    this._allowExcessArguments = !!allowExcess;
	    return this;
	  }

	  /**
	   * Enable positional options. Positional means global options are specified before subcommands which lets
	   * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
	   * The default behaviour is non-positional and global options may appear anywhere on the command line.
	   *
	   * @param {boolean} [positional]
	   * @return {Command} `this` command for chaining
	   */
	  enablePositionalOptions(positional = true) {
	    this._enablePositionalOptions = !!positional;
	    return this;
	  }

	  /**
	   * Pass through options that come after command-arguments rather than treat them as command-options,
	   * so actual command-options come before command-arguments. Turning this on for a subcommand requires
	   * positional options to have been enabled on the program (parent commands).
	   * The default behaviour is non-positional and options may appear before or after command-arguments.
	   *
	   * @param {boolean} [passThrough] for unknown options.
	   * @return {Command} `this` command for chaining
	   */
	  passThroughOptions(passThrough = true) {
	    this._passThroughOptions = !!passThrough;
	    this._checkForBrokenPassThrough();
	    return this;
	  }

	  /**
	   * @private
	   */

	  _checkForBrokenPassThrough() {
	    if (
	      this.parent &&
	      this._passThroughOptions &&
	      !this.parent._enablePositionalOptions
	    ) {
	      throw new Error(
	        `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`,
	      );
	    }
	  }

	  /**
	   * Whether to store option values as properties on command object,
	   * or store separately (specify false). In both cases the option values can be accessed using .opts().
	   *
	   * @param {boolean} [storeAsProperties=true]
	   * @return {Command} `this` command for chaining
	   */

	  storeOptionsAsProperties(storeAsProperties = true) {
	    if (this.options.length) {
	      throw new Error('call .storeOptionsAsProperties() before adding options');
	    }
	    if (Object.keys(this._optionValues).length) {
	      throw new Error(
	        'call .storeOptionsAsProperties() before setting option values',
	      );
	    }
	    this._storeOptionsAsProperties = !!storeAsProperties;
	    return this;
	  }

	  /**
	   * Retrieve option value.
	   *
	   * @param {string} key
	   * @return {object} value
	   */

	  getOptionValue(key) {
	    if (this._storeOptionsAsProperties) {
	      return this[key];
	    }
	    return this._optionValues[key];
	  }

	  /**
	   * Store option value.
	   *
	   * @param {string} key
	   * @param {object} value
	   * @return {Command} `this` command for chaining
	   */

	  setOptionValue(key, value) {
	    return this.setOptionValueWithSource(key, value, undefined);
	  }

	  /**
	   * Store option value and where the value came from.
	   *
	   * @param {string} key
	   * @param {object} value
	   * @param {string} source - expected values are default/config/env/cli/implied
	   * @return {Command} `this` command for chaining
	   */

	  setOptionValueWithSource(key, value, source) {
	    if (this._storeOptionsAsProperties) {
	      this[key] = value;
	    } else {
	      this._optionValues[key] = value;
	    }
	    this._optionValueSources[key] = source;
	    return this;
	  }

	  /**
	   * Get source of option value.
	   * Expected values are default | config | env | cli | implied
	   *
	   * @param {string} key
	   * @return {string}
	   */

	  getOptionValueSource(key) {
	    return this._optionValueSources[key];
	  }

	  /**
	   * Get source of option value. See also .optsWithGlobals().
	   * Expected values are default | config | env | cli | implied
	   *
	   * @param {string} key
	   * @return {string}
	   */

	  getOptionValueSourceWithGlobals(key) {
	    // global overwrites local, like optsWithGlobals
	    let source;
	    this._getCommandAndAncestors().forEach((cmd) => {
	      if (cmd.getOptionValueSource(key) !== undefined) {
	        source = cmd.getOptionValueSource(key);
	      }
	    });
	    return source;
	  }

	  /**
	   * Get user arguments from implied or explicit arguments.
	   * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
	   *
	   * @private
	   */

	  _prepareUserArgs(argv, parseOptions) {
	    if (argv !== undefined && !Array.isArray(argv)) {
	      throw new Error('first parameter to parse must be array or undefined');
	    }
	    parseOptions = parseOptions || {};

	    // auto-detect argument conventions if nothing supplied
	    if (argv === undefined && parseOptions.from === undefined) {
	      if (process.versions?.electron) {
	        parseOptions.from = 'electron';
	      }
	      // check node specific options for scenarios where user CLI args follow executable without scriptname
	      const execArgv = process.execArgv ?? [];
	      if (
	        execArgv.includes('-e') ||
	        execArgv.includes('--eval') ||
	        execArgv.includes('-p') ||
	        execArgv.includes('--print')
	      ) {
	        parseOptions.from = 'eval'; // internal usage, not documented
	      }
	    }

	    // default to using process.argv
	    if (argv === undefined) {
	      argv = process.argv;
	    }
	    this.rawArgs = argv.slice();

	    // extract the user args and scriptPath
	    let userArgs;
	    switch (parseOptions.from) {
	      case undefined:
	      case 'node':
	        this._scriptPath = argv[1];
	        userArgs = argv.slice(2);
	        break;
	      case 'electron':
	        // @ts-ignore: because defaultApp is an unknown property
	        if (process.defaultApp) {
	          this._scriptPath = argv[1];
	          userArgs = argv.slice(2);
	        } else {
	          userArgs = argv.slice(1);
	        }
	        break;
	      case 'user':
	        userArgs = argv.slice(0);
	        break;
	      case 'eval':
	        userArgs = argv.slice(1);
	        break;
	      default:
	        throw new Error(
	          `unexpected parse option { from: '${parseOptions.from}' }`,
	        );
	    }

	    // Find default name for program from arguments.
	    if (!this._name && this._scriptPath)
	      this.nameFromFilename(this._scriptPath);
	    this._name = this._name || 'program';

	    return userArgs;
	  }

	  /**
	   * Parse `argv`, setting options and invoking commands when defined.
	   *
	   * Use parseAsync instead of parse if any of your action handlers are async.
	   *
	   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
	   *
	   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
	   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
	   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
	   * - `'user'`: just user arguments
	   *
	   * @example
	   * program.parse(); // parse process.argv and auto-detect electron and special node flags
	   * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
	   * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
	   *
	   * @param {string[]} [argv] - optional, defaults to process.argv
	   * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
	   * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
	   * @return {Command} `this` command for chaining
	   */

	  parse(argv, parseOptions) {
	    this._prepareForParse();
	    const userArgs = this._prepareUserArgs(argv, parseOptions);
	    this._parseCommand([], userArgs);

	    return this;
	  }

	  /**
	   * Parse `argv`, setting options and invoking commands when defined.
	   *
	   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
	   *
	   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
	   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
	   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
	   * - `'user'`: just user arguments
	   *
	   * @example
	   * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
	   * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
	   * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
	   *
	   * @param {string[]} [argv]
	   * @param {object} [parseOptions]
	   * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
	   * @return {Promise}
	   */

	  async parseAsync(argv, parseOptions) {
	    this._prepareForParse();
	    const userArgs = this._prepareUserArgs(argv, parseOptions);
	    await this._parseCommand([], userArgs);

	    return this;
	  }

	  _prepareForParse() {
	    if (this._savedState === null) {
	      this.saveStateBeforeParse();
	    } else {
	      this.restoreStateBeforeParse();
	    }
	  }

	  /**
	   * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
	   * Not usually called directly, but available for subclasses to save their custom state.
	   *
	   * This is called in a lazy way. Only commands used in parsing chain will have state saved.
	   */
	  saveStateBeforeParse() {
	    this._savedState = {
	      // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
	      _name: this._name,
	      // option values before parse have default values (including false for negated options)
	      // shallow clones
	      _optionValues: { ...this._optionValues },
	      _optionValueSources: { ...this._optionValueSources },
	    };
	  }

	  /**
	   * Restore state before parse for calls after the first.
	   * Not usually called directly, but available for subclasses to save their custom state.
	   *
	   * This is called in a lazy way. Only commands used in parsing chain will have state restored.
	   */
	  restoreStateBeforeParse() {
	    if (this._storeOptionsAsProperties)
	      throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);

	    // clear state from _prepareUserArgs
	    this._name = this._savedState._name;
	    this._scriptPath = null;
	    this.rawArgs = [];
	    // clear state from setOptionValueWithSource
	    this._optionValues = { ...this._savedState._optionValues };
	    this._optionValueSources = { ...this._savedState._optionValueSources };
	    // clear state from _parseCommand
	    this.args = [];
	    // clear state from _processArguments
	    this.processedArgs = [];
	  }

	  /**
	   * Throw if expected executable is missing. Add lots of help for author.
	   *
	   * @param {string} executableFile
	   * @param {string} executableDir
	   * @param {string} subcommandName
	   */
	  _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
	    if (fs$1.existsSync(executableFile)) return;

	    const executableDirMessage = executableDir
	      ? `searched for local subcommand relative to directory '${executableDir}'`
	      : 'no directory for search for local subcommand, use .executableDir() to supply a custom directory';
	    const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
	    throw new Error(executableMissing);
	  }

	  /**
	   * Execute a sub-command executable.
	   *
	   * @private
	   */

	  _executeSubCommand(subcommand, args) {
	    args = args.slice();
	    let launchWithNode = false; // Use node for source targets so do not need to get permissions correct, and on Windows.
	    const sourceExt = ['.js', '.ts', '.tsx', '.mjs', '.cjs'];

	    function findFile(baseDir, baseName) {
	      // Look for specified file
	      const localBin = path$1.resolve(baseDir, baseName);
	      if (fs$1.existsSync(localBin)) return localBin;

	      // Stop looking if candidate already has an expected extension.
	      if (sourceExt.includes(path$1.extname(baseName))) return undefined;

	      // Try all the extensions.
	      const foundExt = sourceExt.find((ext) =>
	        fs$1.existsSync(`${localBin}${ext}`),
	      );
	      if (foundExt) return `${localBin}${foundExt}`;

	      return undefined;
	    }

	    // Not checking for help first. Unlikely to have mandatory and executable, and can't robustly test for help flags in external command.
	    this._checkForMissingMandatoryOptions();
	    this._checkForConflictingOptions();

	    // executableFile and executableDir might be full path, or just a name
	    let executableFile =
	      subcommand._executableFile || `${this._name}-${subcommand._name}`;
	    let executableDir = this._executableDir || '';
	    if (this._scriptPath) {
	      let resolvedScriptPath; // resolve possible symlink for installed npm binary
	      try {
	        resolvedScriptPath = fs$1.realpathSync(this._scriptPath);
	      } catch {
	        resolvedScriptPath = this._scriptPath;
	      }
	      executableDir = path$1.resolve(
	        path$1.dirname(resolvedScriptPath),
	        executableDir,
	      );
	    }

	    // Look for a local file in preference to a command in PATH.
	    if (executableDir) {
	      let localFile = findFile(executableDir, executableFile);

	      // Legacy search using prefix of script name instead of command name
	      if (!localFile && !subcommand._executableFile && this._scriptPath) {
	        const legacyName = path$1.basename(
	          this._scriptPath,
	          path$1.extname(this._scriptPath),
	        );
	        if (legacyName !== this._name) {
	          localFile = findFile(
	            executableDir,
	            `${legacyName}-${subcommand._name}`,
	          );
	        }
	      }
	      executableFile = localFile || executableFile;
	    }

	    launchWithNode = sourceExt.includes(path$1.extname(executableFile));

	    let proc;
	    if (process.platform !== 'win32') {
	      if (launchWithNode) {
	        args.unshift(executableFile);
	        // add executable arguments to spawn
	        args = incrementNodeInspectorPort(process.execArgv).concat(args);

	        proc = childProcess.spawn(process.argv[0], args, { stdio: 'inherit' });
	      } else {
	        proc = childProcess.spawn(executableFile, args, { stdio: 'inherit' });
	      }
	    } else {
	      this._checkForMissingExecutable(
	        executableFile,
	        executableDir,
	        subcommand._name,
	      );
	      args.unshift(executableFile);
	      // add executable arguments to spawn
	      args = incrementNodeInspectorPort(process.execArgv).concat(args);
	      proc = childProcess.spawn(process.execPath, args, { stdio: 'inherit' });
	    }

	    if (!proc.killed) {
	      // testing mainly to avoid leak warnings during unit tests with mocked spawn
	      const signals = ['SIGUSR1', 'SIGUSR2', 'SIGTERM', 'SIGINT', 'SIGHUP'];
	      signals.forEach((signal) => {
	        process.on(signal, () => {
	          if (proc.killed === false && proc.exitCode === null) {
	            // @ts-ignore because signals not typed to known strings
	            proc.kill(signal);
	          }
	        });
	      });
	    }

	    // By default terminate process when spawned process terminates.
	    const exitCallback = this._exitCallback;
	    proc.on('close', (code) => {
	      code = code ?? 1; // code is null if spawned process terminated due to a signal
	      if (!exitCallback) {
	        process.exit(code);
	      } else {
	        exitCallback(
	          new CommanderError(
	            code,
	            'commander.executeSubCommandAsync',
	            '(close)',
	          ),
	        );
	      }
	    });
	    proc.on('error', (err) => {
	      // @ts-ignore: because err.code is an unknown property
	      if (err.code === 'ENOENT') {
	        this._checkForMissingExecutable(
	          executableFile,
	          executableDir,
	          subcommand._name,
	        );
	        // @ts-ignore: because err.code is an unknown property
	      } else if (err.code === 'EACCES') {
	        throw new Error(`'${executableFile}' not executable`);
	      }
	      if (!exitCallback) {
	        process.exit(1);
	      } else {
	        const wrappedError = new CommanderError(
	          1,
	          'commander.executeSubCommandAsync',
	          '(error)',
	        );
	        wrappedError.nestedError = err;
	        exitCallback(wrappedError);
	      }
	    });

	    // Store the reference to the child process
	    this.runningCommand = proc;
	  }

	  /**
	   * @private
	   */

	  _dispatchSubcommand(commandName, operands, unknown) {
	    const subCommand = this._findCommand(commandName);
	    if (!subCommand) this.help({ error: true });

	    subCommand._prepareForParse();
	    let promiseChain;
	    promiseChain = this._chainOrCallSubCommandHook(
	      promiseChain,
	      subCommand,
	      'preSubcommand',
	    );
	    promiseChain = this._chainOrCall(promiseChain, () => {
	      if (subCommand._executableHandler) {
	        this._executeSubCommand(subCommand, operands.concat(unknown));
	      } else {
	        return subCommand._parseCommand(operands, unknown);
	      }
	    });
	    return promiseChain;
	  }

	  /**
	   * Invoke help directly if possible, or dispatch if necessary.
	   * e.g. help foo
	   *
	   * @private
	   */

	  _dispatchHelpCommand(subcommandName) {
	    if (!subcommandName) {
	      this.help();
	    }
	    const subCommand = this._findCommand(subcommandName);
	    if (subCommand && !subCommand._executableHandler) {
	      subCommand.help();
	    }

	    // Fallback to parsing the help flag to invoke the help.
	    return this._dispatchSubcommand(
	      subcommandName,
	      [],
	      [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? '--help'],
	    );
	  }

	  /**
	   * Check this.args against expected this.registeredArguments.
	   *
	   * @private
	   */

	  _checkNumberOfArguments() {
	    // too few
	    this.registeredArguments.forEach((arg, i) => {
	      if (arg.required && this.args[i] == null) {
	        this.missingArgument(arg.name());
	      }
	    });
	    // too many
	    if (
	      this.registeredArguments.length > 0 &&
	      this.registeredArguments[this.registeredArguments.length - 1].variadic
	    ) {
	      return;
	    }
	    if (this.args.length > this.registeredArguments.length) {
	      this._excessArguments(this.args);
	    }
	  }

	  /**
	   * Process this.args using this.registeredArguments and save as this.processedArgs!
	   *
	   * @private
	   */

	  _processArguments() {
	    const myParseArg = (argument, value, previous) => {
	      // Extra processing for nice error message on parsing failure.
	      let parsedValue = value;
	      if (value !== null && argument.parseArg) {
	        const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
	        parsedValue = this._callParseArg(
	          argument,
	          value,
	          previous,
	          invalidValueMessage,
	        );
	      }
	      return parsedValue;
	    };

	    this._checkNumberOfArguments();

	    const processedArgs = [];
	    this.registeredArguments.forEach((declaredArg, index) => {
	      let value = declaredArg.defaultValue;
	      if (declaredArg.variadic) {
	        // Collect together remaining arguments for passing together as an array.
	        if (index < this.args.length) {
	          value = this.args.slice(index);
	          if (declaredArg.parseArg) {
	            value = value.reduce((processed, v) => {
	              return myParseArg(declaredArg, v, processed);
	            }, declaredArg.defaultValue);
	          }
	        } else if (value === undefined) {
	          value = [];
	        }
	      } else if (index < this.args.length) {
	        value = this.args[index];
	        if (declaredArg.parseArg) {
	          value = myParseArg(declaredArg, value, declaredArg.defaultValue);
	        }
	      }
	      processedArgs[index] = value;
	    });
	    this.processedArgs = processedArgs;
	  }

	  /**
	   * Once we have a promise we chain, but call synchronously until then.
	   *
	   * @param {(Promise|undefined)} promise
	   * @param {Function} fn
	   * @return {(Promise|undefined)}
	   * @private
	   */

	  _chainOrCall(promise, fn) {
	    // thenable
	    if (promise?.then && typeof promise.then === 'function') {
	      // already have a promise, chain callback
	      return promise.then(() => fn());
	    }
	    // callback might return a promise
	    return fn();
	  }

	  /**
	   *
	   * @param {(Promise|undefined)} promise
	   * @param {string} event
	   * @return {(Promise|undefined)}
	   * @private
	   */

	  _chainOrCallHooks(promise, event) {
	    let result = promise;
	    const hooks = [];
	    this._getCommandAndAncestors()
	      .reverse()
	      .filter((cmd) => cmd._lifeCycleHooks[event] !== undefined)
	      .forEach((hookedCommand) => {
	        hookedCommand._lifeCycleHooks[event].forEach((callback) => {
	          hooks.push({ hookedCommand, callback });
	        });
	      });
	    if (event === 'postAction') {
	      hooks.reverse();
	    }

	    hooks.forEach((hookDetail) => {
	      result = this._chainOrCall(result, () => {
	        return hookDetail.callback(hookDetail.hookedCommand, this);
	      });
	    });
	    return result;
	  }

	  /**
	   *
	   * @param {(Promise|undefined)} promise
	   * @param {Command} subCommand
	   * @param {string} event
	   * @return {(Promise|undefined)}
	   * @private
	   */

	  _chainOrCallSubCommandHook(promise, subCommand, event) {
	    let result = promise;
	    if (this._lifeCycleHooks[event] !== undefined) {
	      this._lifeCycleHooks[event].forEach((hook) => {
	        result = this._chainOrCall(result, () => {
	          return hook(this, subCommand);
	        });
	      });
	    }
	    return result;
	  }

	  /**
	   * Process arguments in context of this command.
	   * Returns action result, in case it is a promise.
	   *
	   * @private
	   */

	  _parseCommand(operands, unknown) {
	    const parsed = this.parseOptions(unknown);
	    this._parseOptionsEnv(); // after cli, so parseArg not called on both cli and env
	    this._parseOptionsImplied();
	    operands = operands.concat(parsed.operands);
	    unknown = parsed.unknown;
	    this.args = operands.concat(unknown);

	    if (operands && this._findCommand(operands[0])) {
	      return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
	    }
	    if (
	      this._getHelpCommand() &&
	      operands[0] === this._getHelpCommand().name()
	    ) {
	      return this._dispatchHelpCommand(operands[1]);
	    }
	    if (this._defaultCommandName) {
	      this._outputHelpIfRequested(unknown); // Run the help for default command from parent rather than passing to default command
	      return this._dispatchSubcommand(
	        this._defaultCommandName,
	        operands,
	        unknown,
	      );
	    }
	    if (
	      this.commands.length &&
	      this.args.length === 0 &&
	      !this._actionHandler &&
	      !this._defaultCommandName
	    ) {
	      // probably missing subcommand and no handler, user needs help (and exit)
	      this.help({ error: true });
	    }

	    this._outputHelpIfRequested(parsed.unknown);
	    this._checkForMissingMandatoryOptions();
	    this._checkForConflictingOptions();

	    // We do not always call this check to avoid masking a "better" error, like unknown command.
	    const checkForUnknownOptions = () => {
	      if (parsed.unknown.length > 0) {
	        this.unknownOption(parsed.unknown[0]);
	      }
	    };

	    const commandEvent = `command:${this.name()}`;
	    if (this._actionHandler) {
	      checkForUnknownOptions();
	      this._processArguments();

	      let promiseChain;
	      promiseChain = this._chainOrCallHooks(promiseChain, 'preAction');
	      promiseChain = this._chainOrCall(promiseChain, () =>
	        this._actionHandler(this.processedArgs),
	      );
	      if (this.parent) {
	        promiseChain = this._chainOrCall(promiseChain, () => {
	          this.parent.emit(commandEvent, operands, unknown); // legacy
	        });
	      }
	      promiseChain = this._chainOrCallHooks(promiseChain, 'postAction');
	      return promiseChain;
	    }
	    if (this.parent?.listenerCount(commandEvent)) {
	      checkForUnknownOptions();
	      this._processArguments();
	      this.parent.emit(commandEvent, operands, unknown); // legacy
	    } else if (operands.length) {
	      if (this._findCommand('*')) {
	        // legacy default command
	        return this._dispatchSubcommand('*', operands, unknown);
	      }
	      if (this.listenerCount('command:*')) {
	        // skip option check, emit event for possible misspelling suggestion
	        this.emit('command:*', operands, unknown);
	      } else if (this.commands.length) {
	        this.unknownCommand();
	      } else {
	        checkForUnknownOptions();
	        this._processArguments();
	      }
	    } else if (this.commands.length) {
	      checkForUnknownOptions();
	      // This command has subcommands and nothing hooked up at this level, so display help (and exit).
	      this.help({ error: true });
	    } else {
	      checkForUnknownOptions();
	      this._processArguments();
	      // fall through for caller to handle after calling .parse()
	    }
	  }

	  /**
	   * Find matching command.
	   *
	   * @private
	   * @return {Command | undefined}
	   */
	  _findCommand(name) {
	    if (!name) return undefined;
	    return this.commands.find(
	      (cmd) => cmd._name === name || cmd._aliases.includes(name),
	    );
	  }

	  /**
	   * Return an option matching `arg` if any.
	   *
	   * @param {string} arg
	   * @return {Option}
	   * @package
	   */

	  _findOption(arg) {
	    return this.options.find((option) => option.is(arg));
	  }

	  /**
	   * Display an error message if a mandatory option does not have a value.
	   * Called after checking for help flags in leaf subcommand.
	   *
	   * @private
	   */

	  _checkForMissingMandatoryOptions() {
	    // Walk up hierarchy so can call in subcommand after checking for displaying help.
	    this._getCommandAndAncestors().forEach((cmd) => {
	      cmd.options.forEach((anOption) => {
	        if (
	          anOption.mandatory &&
	          cmd.getOptionValue(anOption.attributeName()) === undefined
	        ) {
	          cmd.missingMandatoryOptionValue(anOption);
	        }
	      });
	    });
	  }

	  /**
	   * Display an error message if conflicting options are used together in this.
	   *
	   * @private
	   */
	  _checkForConflictingLocalOptions() {
	    const definedNonDefaultOptions = this.options.filter((option) => {
	      const optionKey = option.attributeName();
	      if (this.getOptionValue(optionKey) === undefined) {
	        return false;
	      }
	      return this.getOptionValueSource(optionKey) !== 'default';
	    });

	    const optionsWithConflicting = definedNonDefaultOptions.filter(
	      (option) => option.conflictsWith.length > 0,
	    );

	    optionsWithConflicting.forEach((option) => {
	      const conflictingAndDefined = definedNonDefaultOptions.find((defined) =>
	        option.conflictsWith.includes(defined.attributeName()),
	      );
	      if (conflictingAndDefined) {
	        this._conflictingOption(option, conflictingAndDefined);
	      }
	    });
	  }

	  /**
	   * Display an error message if conflicting options are used together.
	   * Called after checking for help flags in leaf subcommand.
	   *
	   * @private
	   */
	  _checkForConflictingOptions() {
	    // Walk up hierarchy so can call in subcommand after checking for displaying help.
	    this._getCommandAndAncestors().forEach((cmd) => {
	      cmd._checkForConflictingLocalOptions();
	    });
	  }

	  /**
	   * Parse options from `argv` removing known options,
	   * and return argv split into operands and unknown arguments.
	   *
	   * Side effects: modifies command by storing options. Does not reset state if called again.
	   *
	   * Examples:
	   *
	   *     argv => operands, unknown
	   *     --known kkk op => [op], []
	   *     op --known kkk => [op], []
	   *     sub --unknown uuu op => [sub], [--unknown uuu op]
	   *     sub -- --unknown uuu op => [sub --unknown uuu op], []
	   *
	   * @param {string[]} args
	   * @return {{operands: string[], unknown: string[]}}
	   */

	  parseOptions(args) {
	    const operands = []; // operands, not options or values
	    const unknown = []; // first unknown option and remaining unknown args
	    let dest = operands;

	    function maybeOption(arg) {
	      return arg.length > 1 && arg[0] === '-';
	    }

	    const negativeNumberArg = (arg) => {
	      // return false if not a negative number
	      if (!/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)) return false;
	      // negative number is ok unless digit used as an option in command hierarchy
	      return !this._getCommandAndAncestors().some((cmd) =>
	        cmd.options
	          .map((opt) => opt.short)
	          .some((short) => /^-\d$/.test(short)),
	      );
	    };

	    // parse options
	    let activeVariadicOption = null;
	    let activeGroup = null; // working through group of short options, like -abc
	    let i = 0;
	    while (i < args.length || activeGroup) {
	      const arg = activeGroup ?? args[i++];
	      activeGroup = null;

	      // literal
	      if (arg === '--') {
	        if (dest === unknown) dest.push(arg);
	        dest.push(...args.slice(i));
	        break;
	      }

	      if (
	        activeVariadicOption &&
	        (!maybeOption(arg) || negativeNumberArg(arg))
	      ) {
	        this.emit(`option:${activeVariadicOption.name()}`, arg);
	        continue;
	      }
	      activeVariadicOption = null;

	      if (maybeOption(arg)) {
	        const option = this._findOption(arg);
	        // recognised option, call listener to assign value with possible custom processing
	        if (option) {
	          if (option.required) {
	            const value = args[i++];
	            if (value === undefined) this.optionMissingArgument(option);
	            this.emit(`option:${option.name()}`, value);
	          } else if (option.optional) {
	            let value = null;
	            // historical behaviour is optional value is following arg unless an option
	            if (
	              i < args.length &&
	              (!maybeOption(args[i]) || negativeNumberArg(args[i]))
	            ) {
	              value = args[i++];
	            }
	            this.emit(`option:${option.name()}`, value);
	          } else {
	            // boolean flag
	            this.emit(`option:${option.name()}`);
	          }
	          activeVariadicOption = option.variadic ? option : null;
	          continue;
	        }
	      }

	      // Look for combo options following single dash, eat first one if known.
	      if (arg.length > 2 && arg[0] === '-' && arg[1] !== '-') {
	        const option = this._findOption(`-${arg[1]}`);
	        if (option) {
	          if (
	            option.required ||
	            (option.optional && this._combineFlagAndOptionalValue)
	          ) {
	            // option with value following in same argument
	            this.emit(`option:${option.name()}`, arg.slice(2));
	          } else {
	            // boolean option
	            this.emit(`option:${option.name()}`);
	            // remove the processed option and keep processing group
	            activeGroup = `-${arg.slice(2)}`;
	          }
	          continue;
	        }
	      }

	      // Look for known long flag with value, like --foo=bar
	      if (/^--[^=]+=/.test(arg)) {
	        const index = arg.indexOf('=');
	        const option = this._findOption(arg.slice(0, index));
	        if (option && (option.required || option.optional)) {
	          this.emit(`option:${option.name()}`, arg.slice(index + 1));
	          continue;
	        }
	      }

	      // Not a recognised option by this command.
	      // Might be a command-argument, or subcommand option, or unknown option, or help command or option.

	      // An unknown option means further arguments also classified as unknown so can be reprocessed by subcommands.
	      // A negative number in a leaf command is not an unknown option.
	      if (
	        dest === operands &&
	        maybeOption(arg) &&
	        !(this.commands.length === 0 && negativeNumberArg(arg))
	      ) {
	        dest = unknown;
	      }

	      // If using positionalOptions, stop processing our options at subcommand.
	      if (
	        (this._enablePositionalOptions || this._passThroughOptions) &&
	        operands.length === 0 &&
	        unknown.length === 0
	      ) {
	        if (this._findCommand(arg)) {
	          operands.push(arg);
	          unknown.push(...args.slice(i));
	          break;
	        } else if (
	          this._getHelpCommand() &&
	          arg === this._getHelpCommand().name()
	        ) {
	          operands.push(arg, ...args.slice(i));
	          break;
	        } else if (this._defaultCommandName) {
	          unknown.push(arg, ...args.slice(i));
	          break;
	        }
	      }

	      // If using passThroughOptions, stop processing options at first command-argument.
	      if (this._passThroughOptions) {
	        dest.push(arg, ...args.slice(i));
	        break;
	      }

	      // add arg
	      dest.push(arg);
	    }

	    return { operands, unknown };
	  }

	  /**
	   * Return an object containing local option values as key-value pairs.
	   *
	   * @return {object}
	   */
	  opts() {
	    if (this._storeOptionsAsProperties) {
	      // Preserve original behaviour so backwards compatible when still using properties
	      const result = {};
	      const len = this.options.length;

	      for (let i = 0; i < len; i++) {
	        const key = this.options[i].attributeName();
	        result[key] =
	          key === this._versionOptionName ? this._version : this[key];
	      }
	      return result;
	    }

	    return this._optionValues;
	  }

	  /**
	   * Return an object containing merged local and global option values as key-value pairs.
	   *
	   * @return {object}
	   */
	  optsWithGlobals() {
	    // globals overwrite locals
	    return this._getCommandAndAncestors().reduce(
	      (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
	      {},
	    );
	  }

	  /**
	   * Display error message and exit (or call exitOverride).
	   *
	   * @param {string} message
	   * @param {object} [errorOptions]
	   * @param {string} [errorOptions.code] - an id string representing the error
	   * @param {number} [errorOptions.exitCode] - used with process.exit
	   */
	  error(message, errorOptions) {
	    // output handling
	    this._outputConfiguration.outputError(
	      `${message}\n`,
	      this._outputConfiguration.writeErr,
	    );
	    if (typeof this._showHelpAfterError === 'string') {
	      this._outputConfiguration.writeErr(`${this._showHelpAfterError}\n`);
	    } else if (this._showHelpAfterError) {
	      this._outputConfiguration.writeErr('\n');
	      this.outputHelp({ error: true });
	    }

	    // exit handling
	    const config = errorOptions || {};
	    const exitCode = config.exitCode || 1;
	    const code = config.code || 'commander.error';
	    this._exit(exitCode, code, message);
	  }

	  /**
	   * Apply any option related environment variables, if option does
	   * not have a value from cli or client code.
	   *
	   * @private
	   */
	  _parseOptionsEnv() {
	    this.options.forEach((option) => {
	      if (option.envVar && option.envVar in process.env) {
	        const optionKey = option.attributeName();
	        // Priority check. Do not overwrite cli or options from unknown source (client-code).
	        if (
	          this.getOptionValue(optionKey) === undefined ||
	          ['default', 'config', 'env'].includes(
	            this.getOptionValueSource(optionKey),
	          )
	        ) {
	          if (option.required || option.optional) {
	            // option can take a value
	            // keep very simple, optional always takes value
	            this.emit(`optionEnv:${option.name()}`, process.env[option.envVar]);
	          } else {
	            // boolean
	            // keep very simple, only care that envVar defined and not the value
	            this.emit(`optionEnv:${option.name()}`);
	          }
	        }
	      }
	    });
	  }

	  /**
	   * Apply any implied option values, if option is undefined or default value.
	   *
	   * @private
	   */
	  _parseOptionsImplied() {
	    const dualHelper = new DualOptions(this.options);
	    const hasCustomOptionValue = (optionKey) => {
	      return (
	        this.getOptionValue(optionKey) !== undefined &&
	        !['default', 'implied'].includes(this.getOptionValueSource(optionKey))
	      );
	    };
	    this.options
	      .filter(
	        (option) =>
	          option.implied !== undefined &&
	          hasCustomOptionValue(option.attributeName()) &&
	          dualHelper.valueFromOption(
	            this.getOptionValue(option.attributeName()),
	            option,
	          ),
	      )
	      .forEach((option) => {
	        Object.keys(option.implied)
	          .filter((impliedKey) => !hasCustomOptionValue(impliedKey))
	          .forEach((impliedKey) => {
	            this.setOptionValueWithSource(
	              impliedKey,
	              option.implied[impliedKey],
	              'implied',
	            );
	          });
	      });
	  }

	  /**
	   * Argument `name` is missing.
	   *
	   * @param {string} name
	   * @private
	   */

	  missingArgument(name) {
	    const message = `error: missing required argument '${name}'`;
	    this.error(message, { code: 'commander.missingArgument' });
	  }

	  /**
	   * `Option` is missing an argument.
	   *
	   * @param {Option} option
	   * @private
	   */

	  optionMissingArgument(option) {
	    const message = `error: option '${option.flags}' argument missing`;
	    this.error(message, { code: 'commander.optionMissingArgument' });
	  }

	  /**
	   * `Option` does not have a value, and is a mandatory option.
	   *
	   * @param {Option} option
	   * @private
	   */

	  missingMandatoryOptionValue(option) {
	    const message = `error: required option '${option.flags}' not specified`;
	    this.error(message, { code: 'commander.missingMandatoryOptionValue' });
	  }

	  /**
	   * `Option` conflicts with another option.
	   *
	   * @param {Option} option
	   * @param {Option} conflictingOption
	   * @private
	   */
	  _conflictingOption(option, conflictingOption) {
	    // The calling code does not know whether a negated option is the source of the
	    // value, so do some work to take an educated guess.
	    const findBestOptionFromValue = (option) => {
	      const optionKey = option.attributeName();
	      const optionValue = this.getOptionValue(optionKey);
	      const negativeOption = this.options.find(
	        (target) => target.negate && optionKey === target.attributeName(),
	      );
	      const positiveOption = this.options.find(
	        (target) => !target.negate && optionKey === target.attributeName(),
	      );
	      if (
	        negativeOption &&
	        ((negativeOption.presetArg === undefined && optionValue === false) ||
	          (negativeOption.presetArg !== undefined &&
	            optionValue === negativeOption.presetArg))
	      ) {
	        return negativeOption;
	      }
	      return positiveOption || option;
	    };

	    const getErrorMessage = (option) => {
	      const bestOption = findBestOptionFromValue(option);
	      const optionKey = bestOption.attributeName();
	      const source = this.getOptionValueSource(optionKey);
	      if (source === 'env') {
	        return `environment variable '${bestOption.envVar}'`;
	      }
	      return `option '${bestOption.flags}'`;
	    };

	    const message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
	    this.error(message, { code: 'commander.conflictingOption' });
	  }

	  /**
	   * Unknown option `flag`.
	   *
	   * @param {string} flag
	   * @private
	   */

	  unknownOption(flag) {
	    if (this._allowUnknownOption) return;
	    let suggestion = '';

	    if (flag.startsWith('--') && this._showSuggestionAfterError) {
	      // Looping to pick up the global options too
	      let candidateFlags = [];
	      // eslint-disable-next-line @typescript-eslint/no-this-alias
	      let command = this;
	      do {
	        const moreFlags = command
	          .createHelp()
	          .visibleOptions(command)
	          .filter((option) => option.long)
	          .map((option) => option.long);
	        candidateFlags = candidateFlags.concat(moreFlags);
	        command = command.parent;
	      } while (command && !command._enablePositionalOptions);
	      suggestion = suggestSimilar(flag, candidateFlags);
	    }

	    const message = `error: unknown option '${flag}'${suggestion}`;
	    this.error(message, { code: 'commander.unknownOption' });
	  }

	  /**
	   * Excess arguments, more than expected.
	   *
	   * @param {string[]} receivedArgs
	   * @private
	   */

	  _excessArguments(receivedArgs) {
	    if (this._allowExcessArguments) return;

	    const expected = this.registeredArguments.length;
	    const s = expected === 1 ? '' : 's';
	    const forSubcommand = this.parent ? ` for '${this.name()}'` : '';
	    const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${receivedArgs.length}.`;
	    this.error(message, { code: 'commander.excessArguments' });
	  }

	  /**
	   * Unknown command.
	   *
	   * @private
	   */

	  unknownCommand() {
	    const unknownName = this.args[0];
	    let suggestion = '';

	    if (this._showSuggestionAfterError) {
	      const candidateNames = [];
	      this.createHelp()
	        .visibleCommands(this)
	        .forEach((command) => {
	          candidateNames.push(command.name());
	          // just visible alias
	          if (command.alias()) candidateNames.push(command.alias());
	        });
	      suggestion = suggestSimilar(unknownName, candidateNames);
	    }

	    const message = `error: unknown command '${unknownName}'${suggestion}`;
	    this.error(message, { code: 'commander.unknownCommand' });
	  }

	  /**
	   * Get or set the program version.
	   *
	   * This method auto-registers the "-V, --version" option which will print the version number.
	   *
	   * You can optionally supply the flags and description to override the defaults.
	   *
	   * @param {string} [str]
	   * @param {string} [flags]
	   * @param {string} [description]
	   * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
	   */

	  version(str, flags, description) {
	    if (str === undefined) return this._version;
	    this._version = str;
	    flags = flags || '-V, --version';
	    description = description || 'output the version number';
	    const versionOption = this.createOption(flags, description);
	    this._versionOptionName = versionOption.attributeName();
	    this._registerOption(versionOption);

	    this.on('option:' + versionOption.name(), () => {
	      this._outputConfiguration.writeOut(`${str}\n`);
	      this._exit(0, 'commander.version', str);
	    });
	    return this;
	  }

	  /**
	   * Set the description.
	   *
	   * @param {string} [str]
	   * @param {object} [argsDescription]
	   * @return {(string|Command)}
	   */
	  description(str, argsDescription) {
	    if (str === undefined && argsDescription === undefined)
	      return this._description;
	    this._description = str;
	    if (argsDescription) {
	      this._argsDescription = argsDescription;
	    }
	    return this;
	  }

	  /**
	   * Set the summary. Used when listed as subcommand of parent.
	   *
	   * @param {string} [str]
	   * @return {(string|Command)}
	   */
	  summary(str) {
	    if (str === undefined) return this._summary;
	    this._summary = str;
	    return this;
	  }

	  /**
	   * Set an alias for the command.
	   *
	   * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
	   *
	   * @param {string} [alias]
	   * @return {(string|Command)}
	   */

	  alias(alias) {
	    if (alias === undefined) return this._aliases[0]; // just return first, for backwards compatibility

	    /** @type {Command} */
	    // eslint-disable-next-line @typescript-eslint/no-this-alias
	    let command = this;
	    if (
	      this.commands.length !== 0 &&
	      this.commands[this.commands.length - 1]._executableHandler
	    ) {
	      // assume adding alias for last added executable subcommand, rather than this
	      command = this.commands[this.commands.length - 1];
	    }

	    if (alias === command._name)
	      throw new Error("Command alias can't be the same as its name");
	    const matchingCommand = this.parent?._findCommand(alias);
	    if (matchingCommand) {
	      // c.f. _registerCommand
	      const existingCmd = [matchingCommand.name()]
	        .concat(matchingCommand.aliases())
	        .join('|');
	      throw new Error(
	        `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`,
	      );
	    }

	    command._aliases.push(alias);
	    return this;
	  }

	  /**
	   * Set aliases for the command.
	   *
	   * Only the first alias is shown in the auto-generated help.
	   *
	   * @param {string[]} [aliases]
	   * @return {(string[]|Command)}
	   */

	  aliases(aliases) {
	    // Getter for the array of aliases is the main reason for having aliases() in addition to alias().
	    if (aliases === undefined) return this._aliases;

	    aliases.forEach((alias) => this.alias(alias));
	    return this;
	  }

	  /**
	   * Set / get the command usage `str`.
	   *
	   * @param {string} [str]
	   * @return {(string|Command)}
	   */

	  usage(str) {
	    if (str === undefined) {
	      if (this._usage) return this._usage;

	      const args = this.registeredArguments.map((arg) => {
	        return humanReadableArgName(arg);
	      });
	      return []
	        .concat(
	          this.options.length || this._helpOption !== null ? '[options]' : [],
	          this.commands.length ? '[command]' : [],
	          this.registeredArguments.length ? args : [],
	        )
	        .join(' ');
	    }

	    this._usage = str;
	    return this;
	  }

	  /**
	   * Get or set the name of the command.
	   *
	   * @param {string} [str]
	   * @return {(string|Command)}
	   */

	  name(str) {
	    if (str === undefined) return this._name;
	    this._name = str;
	    return this;
	  }

	  /**
	   * Set/get the help group heading for this subcommand in parent command's help.
	   *
	   * @param {string} [heading]
	   * @return {Command | string}
	   */

	  helpGroup(heading) {
	    if (heading === undefined) return this._helpGroupHeading ?? '';
	    this._helpGroupHeading = heading;
	    return this;
	  }

	  /**
	   * Set/get the default help group heading for subcommands added to this command.
	   * (This does not override a group set directly on the subcommand using .helpGroup().)
	   *
	   * @example
	   * program.commandsGroup('Development Commands:);
	   * program.command('watch')...
	   * program.command('lint')...
	   * ...
	   *
	   * @param {string} [heading]
	   * @returns {Command | string}
	   */
	  commandsGroup(heading) {
	    if (heading === undefined) return this._defaultCommandGroup ?? '';
	    this._defaultCommandGroup = heading;
	    return this;
	  }

	  /**
	   * Set/get the default help group heading for options added to this command.
	   * (This does not override a group set directly on the option using .helpGroup().)
	   *
	   * @example
	   * program
	   *   .optionsGroup('Development Options:')
	   *   .option('-d, --debug', 'output extra debugging')
	   *   .option('-p, --profile', 'output profiling information')
	   *
	   * @param {string} [heading]
	   * @returns {Command | string}
	   */
	  optionsGroup(heading) {
	    if (heading === undefined) return this._defaultOptionGroup ?? '';
	    this._defaultOptionGroup = heading;
	    return this;
	  }

	  /**
	   * @param {Option} option
	   * @private
	   */
	  _initOptionGroup(option) {
	    if (this._defaultOptionGroup && !option.helpGroupHeading)
	      option.helpGroup(this._defaultOptionGroup);
	  }

	  /**
	   * @param {Command} cmd
	   * @private
	   */
	  _initCommandGroup(cmd) {
	    if (this._defaultCommandGroup && !cmd.helpGroup())
	      cmd.helpGroup(this._defaultCommandGroup);
	  }

	  /**
	   * Set the name of the command from script filename, such as process.argv[1],
	   * or require.main.filename, or __filename.
	   *
	   * (Used internally and public although not documented in README.)
	   *
	   * @example
	   * program.nameFromFilename(require.main.filename);
	   *
	   * @param {string} filename
	   * @return {Command}
	   */

	  nameFromFilename(filename) {
	    this._name = path$1.basename(filename, path$1.extname(filename));

	    return this;
	  }

	  /**
	   * Get or set the directory for searching for executable subcommands of this command.
	   *
	   * @example
	   * program.executableDir(__dirname);
	   * // or
	   * program.executableDir('subcommands');
	   *
	   * @param {string} [path]
	   * @return {(string|null|Command)}
	   */

	  executableDir(path) {
	    if (path === undefined) return this._executableDir;
	    this._executableDir = path;
	    return this;
	  }

	  /**
	   * Return program help documentation.
	   *
	   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
	   * @return {string}
	   */

	  helpInformation(contextOptions) {
	    const helper = this.createHelp();
	    const context = this._getOutputContext(contextOptions);
	    helper.prepareContext({
	      error: context.error,
	      helpWidth: context.helpWidth,
	      outputHasColors: context.hasColors,
	    });
	    const text = helper.formatHelp(this, helper);
	    if (context.hasColors) return text;
	    return this._outputConfiguration.stripColor(text);
	  }

	  /**
	   * @typedef HelpContext
	   * @type {object}
	   * @property {boolean} error
	   * @property {number} helpWidth
	   * @property {boolean} hasColors
	   * @property {function} write - includes stripColor if needed
	   *
	   * @returns {HelpContext}
	   * @private
	   */

	  _getOutputContext(contextOptions) {
	    contextOptions = contextOptions || {};
	    const error = !!contextOptions.error;
	    let baseWrite;
	    let hasColors;
	    let helpWidth;
	    if (error) {
	      baseWrite = (str) => this._outputConfiguration.writeErr(str);
	      hasColors = this._outputConfiguration.getErrHasColors();
	      helpWidth = this._outputConfiguration.getErrHelpWidth();
	    } else {
	      baseWrite = (str) => this._outputConfiguration.writeOut(str);
	      hasColors = this._outputConfiguration.getOutHasColors();
	      helpWidth = this._outputConfiguration.getOutHelpWidth();
	    }
	    const write = (str) => {
	      if (!hasColors) str = this._outputConfiguration.stripColor(str);
	      return baseWrite(str);
	    };
	    return { error, write, hasColors, helpWidth };
	  }

	  /**
	   * Output help information for this command.
	   *
	   * Outputs built-in help, and custom text added using `.addHelpText()`.
	   *
	   * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
	   */

	  outputHelp(contextOptions) {
	    let deprecatedCallback;
	    if (typeof contextOptions === 'function') {
	      deprecatedCallback = contextOptions;
	      contextOptions = undefined;
	    }

	    const outputContext = this._getOutputContext(contextOptions);
	    /** @type {HelpTextEventContext} */
	    const eventContext = {
	      error: outputContext.error,
	      write: outputContext.write,
	      command: this,
	    };

	    this._getCommandAndAncestors()
	      .reverse()
	      .forEach((command) => command.emit('beforeAllHelp', eventContext));
	    this.emit('beforeHelp', eventContext);

	    let helpInformation = this.helpInformation({ error: outputContext.error });
	    if (deprecatedCallback) {
	      helpInformation = deprecatedCallback(helpInformation);
	      if (
	        typeof helpInformation !== 'string' &&
	        !Buffer.isBuffer(helpInformation)
	      ) {
	        throw new Error('outputHelp callback must return a string or a Buffer');
	      }
	    }
	    outputContext.write(helpInformation);

	    if (this._getHelpOption()?.long) {
	      this.emit(this._getHelpOption().long); // deprecated
	    }
	    this.emit('afterHelp', eventContext);
	    this._getCommandAndAncestors().forEach((command) =>
	      command.emit('afterAllHelp', eventContext),
	    );
	  }

	  /**
	   * You can pass in flags and a description to customise the built-in help option.
	   * Pass in false to disable the built-in help option.
	   *
	   * @example
	   * program.helpOption('-?, --help' 'show help'); // customise
	   * program.helpOption(false); // disable
	   *
	   * @param {(string | boolean)} flags
	   * @param {string} [description]
	   * @return {Command} `this` command for chaining
	   */

	  helpOption(flags, description) {
	    // Support enabling/disabling built-in help option.
	    if (typeof flags === 'boolean') {
	      if (flags) {
	        if (this._helpOption === null) this._helpOption = undefined; // reenable
	        if (this._defaultOptionGroup) {
	          // make the option to store the group
	          this._initOptionGroup(this._getHelpOption());
	        }
	      } else {
	        this._helpOption = null; // disable
	      }
	      return this;
	    }

	    // Customise flags and description.
	    this._helpOption = this.createOption(
	      flags ?? '-h, --help',
	      description ?? 'display help for command',
	    );
	    // init group unless lazy create
	    if (flags || description) this._initOptionGroup(this._helpOption);

	    return this;
	  }

	  /**
	   * Lazy create help option.
	   * Returns null if has been disabled with .helpOption(false).
	   *
	   * @returns {(Option | null)} the help option
	   * @package
	   */
	  _getHelpOption() {
	    // Lazy create help option on demand.
	    if (this._helpOption === undefined) {
	      this.helpOption(undefined, undefined);
	    }
	    return this._helpOption;
	  }

	  /**
	   * Supply your own option to use for the built-in help option.
	   * This is an alternative to using helpOption() to customise the flags and description etc.
	   *
	   * @param {Option} option
	   * @return {Command} `this` command for chaining
	   */
	  addHelpOption(option) {
	    this._helpOption = option;
	    this._initOptionGroup(option);
	    return this;
	  }

	  /**
	   * Output help information and exit.
	   *
	   * Outputs built-in help, and custom text added using `.addHelpText()`.
	   *
	   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
	   */

	  help(contextOptions) {
	    this.outputHelp(contextOptions);
	    let exitCode = Number(process.exitCode ?? 0); // process.exitCode does allow a string or an integer, but we prefer just a number
	    if (
	      exitCode === 0 &&
	      contextOptions &&
	      typeof contextOptions !== 'function' &&
	      contextOptions.error
	    ) {
	      exitCode = 1;
	    }
	    // message: do not have all displayed text available so only passing placeholder.
	    this._exit(exitCode, 'commander.help', '(outputHelp)');
	  }

	  /**
	   * // Do a little typing to coordinate emit and listener for the help text events.
	   * @typedef HelpTextEventContext
	   * @type {object}
	   * @property {boolean} error
	   * @property {Command} command
	   * @property {function} write
	   */

	  /**
	   * Add additional text to be displayed with the built-in help.
	   *
	   * Position is 'before' or 'after' to affect just this command,
	   * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
	   *
	   * @param {string} position - before or after built-in help
	   * @param {(string | Function)} text - string to add, or a function returning a string
	   * @return {Command} `this` command for chaining
	   */

	  addHelpText(position, text) {
	    const allowedValues = ['beforeAll', 'before', 'after', 'afterAll'];
	    if (!allowedValues.includes(position)) {
	      throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
	    }

	    const helpEvent = `${position}Help`;
	    this.on(helpEvent, (/** @type {HelpTextEventContext} */ context) => {
	      let helpStr;
	      if (typeof text === 'function') {
	        helpStr = text({ error: context.error, command: context.command });
	      } else {
	        helpStr = text;
	      }
	      // Ignore falsy value when nothing to output.
	      if (helpStr) {
	        context.write(`${helpStr}\n`);
	      }
	    });
	    return this;
	  }

	  /**
	   * Output help information if help flags specified
	   *
	   * @param {Array} args - array of options to search for help flags
	   * @private
	   */

	  _outputHelpIfRequested(args) {
	    const helpOption = this._getHelpOption();
	    const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
	    if (helpRequested) {
	      this.outputHelp();
	      // (Do not have all displayed text available so only passing placeholder.)
	      this._exit(0, 'commander.helpDisplayed', '(outputHelp)');
	    }
	  }
	}

	/**
	 * Scan arguments and increment port number for inspect calls (to avoid conflicts when spawning new command).
	 *
	 * @param {string[]} args - array of arguments from node.execArgv
	 * @returns {string[]}
	 * @private
	 */

	function incrementNodeInspectorPort(args) {
	  // Testing for these options:
	  //  --inspect[=[host:]port]
	  //  --inspect-brk[=[host:]port]
	  //  --inspect-port=[host:]port
	  return args.map((arg) => {
	    if (!arg.startsWith('--inspect')) {
	      return arg;
	    }
	    let debugOption;
	    let debugHost = '127.0.0.1';
	    let debugPort = '9229';
	    let match;
	    if ((match = arg.match(/^(--inspect(-brk)?)$/)) !== null) {
	      // e.g. --inspect
	      debugOption = match[1];
	    } else if (
	      (match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+)$/)) !== null
	    ) {
	      debugOption = match[1];
	      if (/^\d+$/.test(match[3])) {
	        // e.g. --inspect=1234
	        debugPort = match[3];
	      } else {
	        // e.g. --inspect=localhost
	        debugHost = match[3];
	      }
	    } else if (
	      (match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+):(\d+)$/)) !== null
	    ) {
	      // e.g. --inspect=localhost:1234
	      debugOption = match[1];
	      debugHost = match[3];
	      debugPort = match[4];
	    }

	    if (debugOption && debugPort !== '0') {
	      return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
	    }
	    return arg;
	  });
	}

	/**
	 * @returns {boolean | undefined}
	 * @package
	 */
	function useColor() {
	  // Test for common conventions.
	  // NB: the observed behaviour is in combination with how author adds color! For example:
	  //   - we do not test NODE_DISABLE_COLORS, but util:styletext does
	  //   - we do test NO_COLOR, but Chalk does not
	  //
	  // References:
	  // https://no-color.org
	  // https://bixense.com/clicolors/
	  // https://github.com/nodejs/node/blob/0a00217a5f67ef4a22384cfc80eb6dd9a917fdc1/lib/internal/tty.js#L109
	  // https://github.com/chalk/supports-color/blob/c214314a14bcb174b12b3014b2b0a8de375029ae/index.js#L33
	  // (https://force-color.org recent web page from 2023, does not match major javascript implementations)

	  if (
	    process.env.NO_COLOR ||
	    process.env.FORCE_COLOR === '0' ||
	    process.env.FORCE_COLOR === 'false'
	  )
	    return false;
	  if (process.env.FORCE_COLOR || process.env.CLICOLOR_FORCE !== undefined)
	    return true;
	  return undefined;
	}

	command.Command = Command;
	command.useColor = useColor; // exporting for tests
	return command;
}

var hasRequiredCommander;

function requireCommander () {
	if (hasRequiredCommander) return commander$1;
	hasRequiredCommander = 1;
	const { Argument } = requireArgument();
	const { Command } = requireCommand();
	const { CommanderError, InvalidArgumentError } = requireError();
	const { Help } = requireHelp();
	const { Option } = requireOption();

	commander$1.program = new Command();

	commander$1.createCommand = (name) => new Command(name);
	commander$1.createOption = (flags, description) => new Option(flags, description);
	commander$1.createArgument = (name, description) => new Argument(name, description);

	/**
	 * Expose classes
	 */

	commander$1.Command = Command;
	commander$1.Option = Option;
	commander$1.Argument = Argument;
	commander$1.Help = Help;

	commander$1.CommanderError = CommanderError;
	commander$1.InvalidArgumentError = InvalidArgumentError;
	commander$1.InvalidOptionArgumentError = InvalidArgumentError; // Deprecated
	return commander$1;
}

var commanderExports = requireCommander();
var commander = /*@__PURE__*/getDefaultExportFromCjs(commanderExports);

// wrapper to provide named exports for ESM.
const {
  program,
  createCommand,
  createArgument,
  createOption,
  CommanderError,
  InvalidArgumentError,
  InvalidOptionArgumentError, // deprecated old name
  Command,
  Argument,
  Option,
  Help,
} = commander;

// The `baseline save` command: append one side of a results file (every repetition, the server's
// facts, the machine, the commit) to its stored baseline, keyed by testbed, suite and options.
function parseKeep(text) {
    const keep = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(keep))
        throw new InputError(`--keep must be a whole number of entries, 1 or more; got "${text}"`);
    return checkKeep(keep, '--keep');
}
/** The commit measured: --commit, else $GITHUB_SHA, else none. */
function commitFrom(flags, env) {
    if (flags.commit !== undefined)
        return parseCommit(flags.commit, '--commit');
    const sha = env.GITHUB_SHA;
    return sha === undefined || sha.trim() === '' ? undefined : parseCommit(sha, 'GITHUB_SHA');
}
/** Flags → a checked request; nothing is read yet. */
function baselineSaveRequest(resultsPath, flags, env, now) {
    return {
        resultsPath,
        dir: flags.dir,
        testbed: flags.testbed,
        keep: parseKeep(flags.keep),
        commit: commitFrom(flags, env),
        side: flags.side,
        savedAt: now.toISOString(),
    };
}
function baselineSaveCommand(request) {
    const results = readResults(request.resultsPath, 'baseline save');
    checkWholeRun(results, request.resultsPath, 'a baseline');
    const outcome = saveBaseline(request.dir, results, {
        ...(request.testbed === undefined ? {} : { testbed: request.testbed }),
        ...(request.commit === undefined ? {} : { commit: request.commit }),
        side: request.side,
        keep: request.keep,
        savedAt: request.savedAt,
    });
    return { ...outcome, request };
}

// Text for `baseline show`: a list of stored baselines, or one file's history. Pure.
const COMMIT_LENGTH = 12;
/** Left-aligned columns, except those listed in `right` (numbers). */
function table(header, rows, right) {
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)));
    const line = (cells) => cells
        .map((text, column) => right.has(column) ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
    return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
function shortCommit(entry) {
    return entry.commit === undefined ? '-' : entry.commit.slice(0, COMMIT_LENGTH);
}
/** One row per baseline file: testbed, suite, options hash, entries, newest date and commit. */
function renderBaselineList(baselines) {
    const rows = baselines.map(({ path, file }) => {
        const newest = newestEntry(file);
        return [
            file.key.testbed,
            file.key.suite,
            file.key.optionsHash,
            String(file.entries.length),
            newest.savedAt,
            shortCommit(newest),
            path,
        ];
    });
    return table(['testbed', 'suite', 'options', 'entries', 'newest saved', 'commit', 'file'], rows, new Set([3]));
}
function describeOptions(options) {
    const pairs = Object.entries(options)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, value]) => `${name}=${value}`);
    return pairs.length === 0 ? 'none' : pairs.join(' ');
}
/** A file's key, its entries oldest first, and the newest entry's median tps per cell. */
function renderBaselineFile(file, path) {
    const entryRows = file.entries.map((entry, index) => [
        String(index + 1),
        entry.savedAt,
        entry.run.startedAt,
        shortCommit(entry),
        `${entry.facts.flavor} ${entry.facts.versionFunction}`,
        entry.facts.compiler.known ? entry.facts.compiler.name : 'unknown',
        entry.suiteHash,
        entry.environment.fingerprint,
    ]);
    const newest = newestEntry(file);
    const cellRows = newest.cells.map((cell) => {
        const tps = cell.repetitions.map((repetition) => repetition.report.tps);
        return [
            cell.workload,
            String(cell.threads),
            String(tps.length),
            formatFigureFixed(median(tps)),
            `${formatFigureFixed(Math.min(...tps))}–${formatFigureFixed(Math.max(...tps))}`,
        ];
    });
    return [
        `baseline ${path}`,
        `testbed ${file.key.testbed}, suite ${file.key.suite}, options ${file.key.optionsHash} (${describeOptions(file.key.options)})`,
        `${file.entries.length} ${file.entries.length === 1 ? 'entry' : 'entries'}, oldest first:`,
        '',
        table(['#', 'saved', 'measured', 'commit', 'server', 'compiler', 'suite hash', 'hardware'], entryRows, new Set([0])),
        '',
        `newest entry (#${file.entries.length}, commit ${shortCommit(newest)}): tps per cell over its repetitions`,
        '',
        table(['workload', 'threads', 'reps', 'tps (median)', 'tps range'], cellRows, new Set([1, 2, 3, 4])),
    ].join('\n');
}

// The `baseline show` command: list the stored baselines under a directory, or one file's entries.
/** Arguments → a request: a FILE, or a directory with optional filters, not both. */
function baselineShowRequest(file, flags) {
    if (file === undefined)
        return { kind: 'list', ...flags };
    if (flags.testbed !== undefined || flags.suite !== undefined) {
        throw new InputError('--testbed and --suite choose baselines to list; leave them out when naming a FILE');
    }
    return { kind: 'file', file };
}
function baselineShowCommand(request) {
    if (request.kind === 'file') {
        const text = renderBaselineFile(readBaselineFile(request.file, 'baseline show'), request.file);
        return { text, nothingFound: undefined, error: undefined };
    }
    const { dir, testbed, suite } = request;
    const listing = listBaselines(dir, testbed);
    const shown = listing.found.filter((baseline) => suite === undefined || baseline.file.key.suite === suite);
    const filter = [
        testbed === undefined ? '' : ` for testbed ${testbed}`,
        suite === undefined ? '' : ` for suite ${suite}`,
    ].join('');
    const problems = listing.problems;
    return {
        text: shown.length > 0 ? renderBaselineList(shown) : undefined,
        nothingFound: shown.length > 0
            ? undefined
            : `no baselines${filter} under ${dir}${listing.exists ? '' : ' (the directory does not exist)'}; store one with: mysql-perf-gate baseline save RESULTS`,
        error: problems.length === 0
            ? undefined
            : new BaselineError(`${problems.length} baseline ${problems.length === 1 ? 'file' : 'files'} under ${dir} could not be read:\n${problems.join('\n')}`),
    };
}

// How every command's help shows an option: its description, then its choices and its default in
// one trailing form, "(default: 20G)" or "(choices: table, json; default: table)". A default is a
// value as the user would type it (unquoted), or what the command uses when the option is left
// out ("(default: the number of CPUs)"). Options state a default only through commander
// (`.default(value)`, or `optionWithDefault` for one the command works out), never in their
// description: __tests__/cli/help.test.ts holds every command of the program to it.
/**
 * An option left undefined when not given, whose default the command works out: `shown` is what
 * the help says it is ("the number of CPUs").
 */
function optionWithDefault(flags, description, shown) {
    return new Option(flags, description).default(undefined, shown);
}
/** The default an option's help shows, unquoted; undefined for none (a flag's false is not shown). */
function shownDefault(option) {
    if (option.defaultValueDescription !== undefined)
        return option.defaultValueDescription;
    const value = option.defaultValue;
    if (typeof value === 'string' || typeof value === 'number')
        return String(value);
    return undefined;
}
/** The description, then "(choices: …; default: …)" when the option has either. */
function optionDescription(option) {
    const extra = [];
    if (option.argChoices !== undefined)
        extra.push(`choices: ${option.argChoices.join(', ')}`);
    const shown = shownDefault(option);
    if (shown !== undefined)
        extra.push(`default: ${shown}`);
    return extra.length === 0 ? option.description : `${option.description} (${extra.join('; ')})`;
}
/** Gives `program`, and every command added to it afterwards, the help's one form. */
function withHelpText(program) {
    return program.configureHelp({ optionDescription });
}

// Everything the CLI prints goes through here. A workflow's `run:` step prints it into the step's
// log, where a GitHub runner would obey a workflow command quoted from the code under test (a
// build's log, a server's output, sysbench's), and a terminal would obey its escape sequences:
// forRunnerLog shows the control characters and stops commands around such text. JSON is made
// safe where it is written (printableJson), and then passes here unchanged.
/** Prints `text` (its own line feeds included) on stdout. */
function printOut(text) {
    process.stdout.write(forRunnerLog(text));
}
/** Prints `text` (its own line feeds included) on stderr. */
function printErr(text) {
    process.stderr.write(forRunnerLog(text));
}

// What the CLI's commands share: exit statuses, repeatable flags, the machine lock's flag, and the
// build flags of `build`, `bisect` and `compare-compilers`.
const EXIT_OK = 0;
const EXIT_ERROR = 2;
/** Commander's accumulator for a repeatable flag. */
function collect(value, previous) {
    return [...(previous ?? []), value];
}
/** --lock-timeout, as every command that takes the machine lock reads it. */
function lockTimeoutOption() {
    return optionWithDefault('--lock-timeout <time>', 'wait at most this long while another run measures on this machine, e.g. 30s or 10m; 0 fails at once', 'as long as it takes');
}
function addBuildOptions(command) {
    return command
        .addOption(new Option('--build-type <type>', 'CMake build type')
        .choices([...BUILD_TYPES])
        .default('RelWithDebInfo'))
        .option('--cmake-arg <arg>', 'extra CMake argument, e.g. -DPLUGIN_ROCKSDB=YES; comes after the defaults, so it wins (repeatable)', collect)
        .addOption(optionWithDefault('--jobs <n>', 'parallel compile jobs', 'the number of CPUs'))
        .addOption(new Option('--ccache <mode>', 'compile through ccache: auto (when installed), on (required) or off')
        .choices(['auto', 'on', 'off'])
        .default('auto'))
        .addOption(optionWithDefault('--ccache-dir <dir>', 'ccache directory to use', '$CCACHE_DIR, else ~/.cache/ccache'))
        .option('--full-install', "MySQL and Percona Server: build and install everything (clients, test plugins), not only the server's install components Server and SharedLibraries")
        .option('--store <dir>', 'keep installed prefixes in DIR and reuse one built from the same clean commit with the same compiler and options (--prefix becomes a link to it)')
        .addOption(optionWithDefault('--store-size <size>', 'most the store may hold before its least recently used builds are dropped, e.g. 20G or 500M', '20G'))
        .addOption(new Option('--build-while-measuring <policy>', 'while another run measures on this machine: wait (a build takes the machine lock, so it waits for a measurement and a measurement for it) or low-priority (build at once, at nice 19 and idle I/O priority)')
        .choices([...WHILE_MEASURING_POLICIES])
        .default('wait'))
        .option('--verbose', 'show debug output');
}

// `mysql-perf-gate baseline save|show`: store one side of a results file as a baseline, and look
// at what is stored. Data goes to stdout, messages to stderr.
const processIo$1 = {
    stdout: (text) => {
        printOut(text);
    },
    stderr: (text) => {
        printErr(text);
    },
    env: process.env,
    now: () => new Date(),
};
function save(resultsPath, flags, io) {
    const outcome = baselineSaveCommand(baselineSaveRequest(resultsPath, flags, io.env, io.now()));
    const { keep, testbed, commit } = outcome.request;
    if (testbed === undefined) {
        io.stderr(`testbed ${outcome.key.testbed} is the hardware fingerprint; --testbed gives it a name\n`);
    }
    if (commit === undefined)
        io.stderr('no commit recorded: pass --commit, or set GITHUB_SHA\n');
    for (const warning of outcome.warnings)
        io.stderr(`warning: ${warning}\n`);
    if (outcome.dropped > 0) {
        io.stderr(`dropped the oldest ${outcome.dropped} ${outcome.dropped === 1 ? 'entry' : 'entries'} to keep ${keep}\n`);
    }
    const count = `${outcome.entries} ${outcome.entries === 1 ? 'entry' : 'entries'}`;
    io.stdout(outcome.added
        ? `saved ${outcome.path} (${count}, newest last, keeping at most ${keep})\n`
        : `already stored: ${outcome.path} holds this run (${count}); nothing changed\n`);
}
function show(file, flags, io) {
    const outcome = baselineShowCommand(baselineShowRequest(file, flags));
    if (outcome.text !== undefined)
        io.stdout(`${outcome.text}\n`);
    if (outcome.nothingFound !== undefined)
        io.stderr(`${outcome.nothingFound}\n`);
    if (outcome.error)
        throw outcome.error;
}
/** Adds `baseline save` and `baseline show` to the program. */
function addBaselineCommands(program, onExitCode, io = processIo$1) {
    const baseline = program
        .command('baseline')
        .description('Store results as a baseline for later comparisons, and show stored baselines.');
    baseline
        .command('save')
        .description('Append one side of a results file (every repetition, server facts, machine, commit) to its baseline, ' +
        'keyed by testbed, suite and server options.')
        .argument('<results>', 'results JSON written by run')
        .option('--dir <dir>', 'baselines directory', 'baselines')
        .addOption(optionWithDefault('--testbed <name>', 'testbed name', 'the hardware fingerprint of the results'))
        .addOption(optionWithDefault('--commit <sha>', 'commit measured', '$GITHUB_SHA when set'))
        .addOption(new Option('--side <side>', 'side of an A/B run to store').choices(['head', 'base']).default('head'))
        .option('--keep <n>', 'entries kept per baseline, oldest dropped first', String(DEFAULT_KEEP))
        .action((resultsPath, flags) => {
        save(resultsPath, flags, io);
        onExitCode(EXIT_OK);
    });
    baseline
        .command('show')
        .description('List the baselines under --dir, or show the entries of one baseline FILE.')
        .argument('[file]', 'a baseline file to show in full')
        .option('--dir <dir>', 'baselines directory to list', 'baselines')
        .option('--testbed <name>', 'list only this testbed')
        .option('--suite <name>', 'list only this suite')
        .action((file, flags) => {
        show(file, flags, io);
        onExitCode(EXIT_OK);
    });
    // main() applies exitOverride to top-level commands only; usage errors in these nested ones
    // must throw a CommanderError too, not call process.exit.
    for (const command of [baseline, ...baseline.commands])
        command.exitOverride();
}

// Old spellings of renamed options, kept for one release. An old spelling is a hidden option whose
// value is moved to the new spelling before the command's action runs, with one line on stderr
// naming the new spelling; the actions, and everything below them, see only the new spelling.
// The dialect every command speaks: --out FILE is the command's main output file, --report-dir DIR
// the directory its reports go to (README.md, "Command line").
/** The release that drops the old spellings. */
const OLD_SPELLINGS_GO_IN = '0.4.0';
/** "warning: --out-dir is deprecated; use --report-dir (the old spelling goes in 0.4.0)". */
function deprecationLine(old, now) {
    return `warning: ${old} is deprecated; use ${now} (the old spelling goes in ${OLD_SPELLINGS_GO_IN})`;
}
function optionNamed(command, long) {
    const option = command.options.find((each) => each.long === long);
    if (option === undefined)
        throw new Error(`${command.name()} has no ${long} to rename to`);
    return option;
}
const toStderr = (line) => {
    printErr(`${line}\n`);
};
/**
 * Moves `value`, given under an old spelling, to the option `now`, after one line (`line`) on
 * stderr. Both given is refused: they name the same thing.
 */
function moveToNewSpelling(command, spellings, value, line, warn = toStderr) {
    const { old, now } = spellings;
    const key = optionNamed(command, now).attributeName();
    if (command.getOptionValueSource(key) === 'cli') {
        throw new InputError(`${old} and ${now} name the same thing; give ${now} only`);
    }
    warn(line);
    command.setOptionValueWithSource(key, value, 'cli');
}
/**
 * Adds `old` as a hidden spelling of the option `now`, which must already be on `command`.
 * Commander checks required options before the hook that moves the old spelling's value runs, so
 * a required new spelling is declared here rather than with requiredOption.
 */
function addOldSpelling(command, spelling) {
    const { now, required = false, warn = toStderr } = spelling;
    const option = new Option(spelling.old, `deprecated spelling of ${now}`).hideHelp();
    const old = option.long ?? spelling.old;
    command.addOption(option);
    command.hook('preAction', (self) => {
        const key = option.attributeName();
        const value = self.getOptionValue(key);
        if (value !== undefined) {
            moveToNewSpelling(self, { old, now }, value, deprecationLine(old, now), warn);
            self.setOptionValueWithSource(key, undefined, 'default');
        }
        const target = optionNamed(self, now);
        if (required && self.getOptionValue(target.attributeName()) === undefined) {
            self.error(`error: required option '${target.flags}' not specified`, {
                code: 'commander.missingMandatoryOptionValue',
            });
        }
    });
    return command;
}

function createStderrLogger(options) {
    const write = (line) => {
        printErr(`${line}\n`);
    };
    return {
        info: write,
        warning: (message) => {
            write(`warning: ${message}`);
        },
        error: (message) => {
            write(`error: ${message}`);
        },
        debug: (message) => {
            if (options.verbose)
                write(`debug: ${message}`);
        },
        progress: write,
        async group(name, fn) {
            write(`== ${name}`);
            return fn();
        },
    };
}

async function bisect(flags) {
    const logger = createStderrLogger({ verbose: flags.verbose ?? false });
    const options = bisectOptionsFromFlags(flags);
    const outcome = await bisectCommand(options, logger);
    printOut(`${outcome.summary}\n`);
    const { report } = outcome;
    const chart = report.pngPath === undefined ? '' : `, chart ${report.pngPath}`;
    logger.info(`report: ${report.jsonPath}${chart}; state: ${options.statePath}`);
    return outcome.exitCode;
}
function addBisectCommand(program, onExitCode) {
    const command = addBuildOptions(program
        .command('bisect')
        .description('Find the first commit between --good and --bad where a cell changed, by building and measuring commits of a git checkout; exit 0 found, 1 undecided, 2 error.')
        .requiredOption('--source <dir>', 'git checkout of the server source, without local changes to tracked files')
        .requiredOption('--good <commit>', 'a commit before the change (hash, tag or branch)')
        .requiredOption('--bad <commit>', 'a commit after the change; --good must be its ancestor')
        .option('--compiler <spec>', 'gcc-12, clang-16, a path to gcc/clang, or a CC:CXX pair', BISECT_DEFAULTS.compiler)
        .addOption(optionWithDefault('--cell <workload@threads>', 'the cell that changed, e.g. oltp_point_select@1 (repeatable: a commit is bad only when every cell says so)', "the suite's only cell").argParser(collect))
        .addOption(optionWithDefault('--metric <name>', 'metric to bisect on', 'instructions for an instruction suite, tps for a throughput suite'))
        .option('--suite <name|file>', 'built-in suite (quick, standard, instructions, tpcc) or a suite YAML file; only the --cell cells run', BISECT_DEFAULTS.suite)
        .option('--max-repetitions <n>', 'throughput-like metrics: measure an ambiguous commit again until it has this many repetitions, then skip it', BISECT_DEFAULTS.maxRepetitions)
        .option('--set <name=value>', 'server option (repeatable)', collect)
        .addOption(optionWithDefault('--prefix <dir>', 'install prefix every step reuses', '<source>.bisect-server, beside the checkout'))
        .addOption(optionWithDefault('--build-dir <dir>', 'CMake build directory every step reuses, so a step recompiles only what changed', '<prefix>.build'))
        .option('--history <dir>', 'a history directory (history append): its runs of --good and --bad stand for the ends, which are then not measured again')
        .option('--testbed <name>', 'the testbed of the history to read, when --history holds several')
        .option('--state <file>', 'state file, written after every step; run the same command again to resume', BISECT_DEFAULTS.state)
        .option('--report-dir <dir>', "directory for bisect.json, bisect.png and bisect.vl.json, and each run's results (runs/)", BISECT_DEFAULTS.reportDir)
        .addOption(lockTimeoutOption()));
    addOldSpelling(command, { old: '--out-dir <dir>', now: '--report-dir' }).action(async (flags) => {
        onExitCode(await bisect(flags));
    });
}

function addBuildCommand(program, onExitCode) {
    addBuildOptions(program
        .command('build')
        .description('Build a MySQL, Percona Server or MariaDB source tree with a chosen compiler and install it into a prefix that run --server accepts.')
        .requiredOption('--source <dir>', 'top of the source tree')
        .requiredOption('--compiler <spec>', 'gcc-12, clang-16, a path to gcc/clang, or a CC:CXX pair')
        .requiredOption('--prefix <dir>', 'install prefix; build.json describing the build is written there')
        .addOption(optionWithDefault('--build-dir <dir>', 'CMake build directory, kept for incremental rebuilds', '<prefix>.build'))
        .option('--untrusted', "the tree is a pull request's from outside: configure, build and install in the bubblewrap sandbox (needs --ccache-dir of its own, or --ccache off; no --store)")
        .option('--base-build-dir <dir>', "with --untrusted: the trusted build directory of the pull request's base to start from: the sandbox gets a private copy of it at that directory's own path and builds only what the pull request changed (the trusted directory is never written)")
        .option('--max-processes <n>', `with --untrusted: the most processes and threads the build may have at once (a cgroup's pids.max); ${LIMIT_HELP.buildProcesses}`)
        .option('--max-memory <size>', `with --untrusted: the most memory the build may use, e.g. 8G or 1536M (a cgroup's memory limit); ${LIMIT_HELP.memory}`)
        .addOption(lockTimeoutOption())
        .option('--target <name>', 'build only this CMake target and do not install, to check a configuration quickly (repeatable)', collect)).action(async (flags) => {
        const logger = createStderrLogger({ verbose: flags.verbose ?? false });
        const outcome = await buildCommand({
            ...commonBuildRequest(flags),
            source: flags.source,
            compiler: flags.compiler,
            prefix: flags.prefix,
            targets: flags.target ?? [],
            ...(flags.buildDir === undefined ? {} : { buildDir: flags.buildDir }),
        }, logger);
        printOut(`${outcome.summary}\n`);
        onExitCode(EXIT_OK);
    });
}

// `mysql-perf-gate compare`: flags → the compare command; the summary and where the reports went
// go to stdout, and the verdict decides the exit status.
/** The verdict's summary, then where verdict.json, the report, the comment and the charts are. */
function describeCompareOutcome(outcome) {
    return (`${outcome.summary}\n\nverdict: ${outcome.verdictPath}\n` +
        `report: ${outcome.report.htmlPath}, comment: ${outcome.report.commentPath}, ` +
        `${outcome.report.charts.length} chart(s) in ${dirname(outcome.report.commentPath)}/charts/\n\n` +
        `${stageTable(outcome.stages)}\n`);
}
/** Judges, writes the report, delivers the verdict to the sinks the flags name, prints the summary. */
async function compare(resultsPath, flags, onExitCode) {
    const targets = {
        ...(flags.postWebhook === undefined
            ? {}
            : { webhook: { url: flags.postWebhook, label: '--post-webhook' } }),
    };
    // Checked before judging: a mistyped address fails now, not after the report is written.
    const sinks = sinksFor(targets);
    const outcome = await compareCommand({
        resultsPath,
        baselinePath: flags.baseline ?? null,
        ...(flags.againstVariant === undefined
            ? {}
            : { againstVariant: parseVariantBase(flags.againstVariant, '--against-variant') }),
        outDir: flags.reportDir,
        ...(flags.out === undefined ? {} : { verdictPath: flags.out }),
        force: flags.force ?? false,
        ...(flags.source === undefined ? {} : { source: flags.source }),
        ...(flags.sourceUrl === undefined ? {} : { sourceUrl: flags.sourceUrl }),
        options: compareOptionsFromFlags({ ...flags, tolerance: flags.tolerance ?? [] }),
    });
    const delivery = deliveryOf(outcome, outcome.stages, {});
    await deliverVerdict(delivery, sinks, createStderrLogger({ verbose: false }));
    printOut(describeCompareOutcome(outcome));
    onExitCode(outcome.exitCode);
}
/** Whether `--out VALUE` means what it meant before it named verdict.json: the report directory. */
function namesDirectory(value) {
    const isDirectory = statSync(value, { throwIfNoEntry: false })?.isDirectory() ?? false;
    return isDirectory || extname(value).toLowerCase() !== '.json';
}
/**
 * `--out DIR` named the report directory until --report-dir did: a value that is a directory, or
 * has no .json extension, still does, with a warning, for one release.
 */
function oldOutMeaning(command) {
    const out = command.getOptionValue('out');
    if (typeof out !== 'string' || !namesDirectory(out))
        return;
    if (command.getOptionValueSource('reportDir') === 'cli') {
        throw new InputError(`--out ${out}: expected the .json file to write verdict.json to (a directory was the old meaning of --out, and --report-dir is given)`);
    }
    moveToNewSpelling(command, { old: '--out', now: '--report-dir' }, out, `warning: --out ${out} names a directory, which is deprecated; use --report-dir ${out} (--out now names the verdict.json file; the old meaning goes in ${OLD_SPELLINGS_GO_IN})`);
    command.setOptionValueWithSource('out', undefined, 'default');
}
function addCompareCommand(program, onExitCode) {
    program
        .command('compare')
        .description('Decide whether the head got slower than the base: exit 0 pass, 1 fail (a regression), 2 error.')
        .argument('<results>', 'results JSON written by run')
        .addOption(optionWithDefault('--baseline <file>', 'stored baseline to compare the head with', 'the base side of an A/B results file'))
        .option('--against-variant <dimension=value>', "judge the run's cells under one value of a variant dimension against the same cells under its other values, e.g. durability=default")
        .addOption(optionWithDefault('--out <file>', 'verdict JSON to write', 'verdict.json in --report-dir'))
        .option('--report-dir <dir>', 'directory for comment.md, report.html and charts/', 'report')
        .option('--tolerance <rule>', 'tolerance override, [WORKLOAD[@THREADS]:]METRIC=FRACTION, e.g. tps=0.03 or oltp_insert@64:tps=10% (repeatable)', collect)
        .option('--alpha <p>', 'significance level, after Benjamini-Hochberg adjustment across the cells of each metric', COMPARE_FLAG_DEFAULTS.alpha)
        .option('--inconclusive <pass|fail>', 'what a too-noisy verdict counts as (it is always reported loudly)', COMPARE_FLAG_DEFAULTS.inconclusive)
        .addOption(optionWithDefault('--gate <metrics>', `metrics whose cells decide the verdict, comma-separated (${METRIC_NAMES.join(', ')}); latency stands for p99Ms: tps,latency gates on the tail too`, GATE_DEFAULT_SHOWN))
        .option('--gate-work', 'a status counter whose work per transaction changed (a plan, a cache, durability) fails the gate; what the statements do is counted exactly')
        .addOption(optionWithDefault('--source <dir>', 'instruction suites: the git checkout both sides were built from, for the cost of the changed lines', "the one in the head's build.json"))
        .option('--source-url <url>', 'where that repository is browsed (https://github.com/owner/repo): each changed line links there')
        .option('--force', 'compare even across suites or machines (the difference becomes a warning)')
        .option('--post-webhook <url>', 'post the verdict to a Slack or Mattermost incoming webhook (https; the address is a secret and is never printed); a failed post is a warning')
        .hook('preAction', oldOutMeaning)
        .action((resultsPath, flags) => compare(resultsPath, flags, onExitCode));
}

// The `compare-compilers` command: build one source tree with two compilers, measure the two
// servers against each other (base = first compiler, head = second) and compare them.
/** One tree built with two compilers, base first, into <prefixDir>/<compiler>. */
function compilerBuilds(tree) {
    const { source, baseCompiler, headCompiler, prefixDir } = tree;
    const [baseLabel, headLabel] = comparisonLabels(baseCompiler, headCompiler);
    return [
        { side: 'base', source, compiler: baseCompiler, prefix: join(prefixDir, baseLabel) },
        { side: 'head', source, compiler: headCompiler, prefix: join(prefixDir, headLabel) },
    ];
}
/**
 * The tree, both compilers, the build directories, where the run and the report write and the
 * room the builds need are checked before the builds, which take most of an hour, and before the first waits for
 * the machine lock: a missing compiler or an unwritable --out must not wait for the first build.
 * Progress and the run's summary go to `logger`.
 */
async function compareCompilersCommand(request, logger) {
    const plans = buildsOf(request.run);
    checkOutputs(request.run);
    const report = request.compare.outDir;
    checkWritable({ dir: report, option: cliSpelling('report'), value: report, create: false });
    const checked = await checkSides(plans, request.build, logger);
    const builds = [];
    const prefixes = await inCleanupScope(logger, (scope) => buildSides(plans, { common: request.build, checked, onBuilt: (_, outcome) => builds.push(outcome) }, logger, scope));
    const config = withPrefixes(request.run, prefixes);
    const run = await runCommand(config, logger);
    logger.info(describeRunOutcome(run));
    const compare = await compareCommand({ ...request.compare, resultsPath: config.outPath });
    return { builds, run, compare };
}

function runFlags(flags) {
    return {
        set: flags.set ?? [],
        baseSet: [],
        headSet: [],
        suite: flags.suite,
        out: flags.out,
        ...(flags.workDir === undefined ? {} : { workDir: flags.workDir }),
        keepWorkDir: flags.keepWorkDir ?? false,
        ...(flags.lockTimeout === undefined ? {} : { lockTimeout: flags.lockTimeout }),
        ...(flags.maxRepetitions === undefined ? {} : { maxRepetitions: flags.maxRepetitions }),
        ...(flags.budget === undefined ? {} : { budget: flags.budget }),
        pin: flags.pin,
        ...(flags.parallelSides === undefined ? {} : { parallelSides: flags.parallelSides }),
        verbose: flags.verbose ?? false,
    };
}
async function compareCompilers(flags) {
    const logger = createStderrLogger({ verbose: flags.verbose ?? false });
    // Every flag is checked, once, before the builds, which take most of an hour: a typo in the
    // suite name must not wait for them.
    const options = compareOptionsFromFlags({ ...flags, tolerance: flags.tolerance ?? [] });
    const servers = serversToBuild(compilerBuilds(flags));
    const outcome = await compareCompilersCommand({
        run: runConfigFromFlags({ ...runFlags(flags), ...servers }, cliSpelling, options),
        build: commonBuildRequest(flags),
        compare: { baselinePath: null, outDir: flags.reportDir, force: false, options },
    }, logger);
    printOut(describeCompareOutcome(outcome.compare));
    return outcome.compare.exitCode;
}
function addCompareCompilersCommand(program, onExitCode) {
    const command = addBuildOptions(program
        .command('compare-compilers')
        .description('Build one source tree with two compilers and run the gate between them (base = first compiler, head = second); exit 0 pass, 1 fail, 2 error.')
        .requiredOption('--source <dir>', 'top of the source tree')
        .requiredOption('--base-compiler <spec>', 'compiler of the base side, e.g. gcc-12')
        .requiredOption('--head-compiler <spec>', 'compiler of the head side, e.g. clang-16')
        .option('--prefix-dir <dir>', 'where the two builds go: <dir>/<compiler> and <dir>/<compiler>.build', 'compilers')
        .option('--suite <name|file>', 'built-in suite (quick, standard, instructions, tpcc) or a suite YAML file', 'quick')
        .option('--set <name=value>', 'server option for both sides (repeatable)', collect)
        .option('--out <file>', 'results JSON to write', 'results.json')
        .addOption(optionWithDefault('--work-dir <dir>', 'where datadirs, sockets and logs live during the run, created if missing', 'a temporary directory'))
        .option('--keep-work-dir', 'keep datadirs after the run, for debugging')
        .addOption(lockTimeoutOption())
        .option('--max-repetitions <n>', 'repetitions per side an undecided cell may reach, as for run')
        .option('--budget <time>', 'how long the measurement may take with more repetitions, as for run')
        .option('--pin <mode>', 'CPUs of their own for the server and sysbench, as for run', 'auto')
        .addOption(optionWithDefault('--parallel-sides', 'count suites: both builds measured at once, as for run', 'on with 2 CPUs or more'))
        .option('--no-parallel-sides', 'measure the two builds one at a time, interleaved')
        .option('--report-dir <dir>', 'directory for verdict.json, comment.md, report.html and charts/', 'report')
        .option('--tolerance <rule>', 'tolerance override, as for compare (repeatable)', collect)
        .option('--alpha <p>', 'significance level', COMPARE_FLAG_DEFAULTS.alpha)
        .option('--inconclusive <pass|fail>', 'what a too-noisy verdict counts as', COMPARE_FLAG_DEFAULTS.inconclusive)
        .addOption(optionWithDefault('--gate <metrics>', 'metrics whose cells decide the verdict', GATE_DEFAULT_SHOWN))
        .option('--gate-work', 'a changed status counter (work per transaction) fails the gate too, as for compare'));
    addOldSpelling(command, { old: '--report <dir>', now: '--report-dir' }).action(async (flags) => {
        onExitCode(await compareCompilers(flags));
    });
}

function addDoctorCommand(program, onExitCode) {
    program
        .command('doctor')
        .description('Check this machine as a benchmark runner: each setting that decides the noise (governor, turbo, SMT, ASLR, huge pages, swap, isolated CPUs, irqbalance, steal, neighbours, free disk) and each tool, the noise measured (about 30 s), a grade. Exit status: 0; 1 when the grade is below --min-grade; 3 when the noise was not measured because another run held the machine lock past --lock-timeout (the rest is reported, graded without it); 2 on error.')
        .addOption(optionWithDefault('--server <path>', 'mysqld/mariadbd binary or install prefix to measure the noise with', DEFAULT_SERVERS.join(' or ')))
        .option('--no-noise', 'read the machine only; do not measure its noise')
        .addOption(optionWithDefault('--build-dir <dir>', 'where servers are built, for its free disk', 'the current directory'))
        .addOption(optionWithDefault('--work-dir <dir>', 'where runs keep datadirs and logs, for its free disk', 'the temporary directory'))
        .option('--json', 'print the check as JSON (docs/doctor.schema.json) instead of text')
        .option('--min-grade <letter>', 'exit with status 1 when the grade is below this letter (A–F)')
        .option('--lock-timeout <time>', 'wait at most this long while another run measures on this machine, then report without the noise (exit status 3); 0 does not wait', DOCTOR_LOCK_TIMEOUT)
        .option('--tune', 'as root: apply the safe settings (governor, frequency limits, turbo, ASLR, huge pages, swappiness, perf_event_paranoid) and save what was there')
        .option('--reset', 'as root: restore exactly what --tune saved, and forget it')
        .option('--sysfs-root <dir>', 'read and tune sys/ and proc/ under this directory instead of / (for tests)')
        .option('--verbose', 'show debug output')
        .action(async (flags) => {
        const logger = createStderrLogger({ verbose: flags.verbose ?? false });
        const config = doctorConfigFromFlags(flags);
        const outcome = await doctorCommand(config, logger);
        printOut(`${flags.json === true ? printableJson(outcome.output) : outcome.output}\n`);
        onExitCode(outcome.exitCode);
    });
}

// The `history append` command: one nightly run into its history (a directory for the CLI; the
// action keeps the same file on a branch), keyed by testbed, suite and server options.
/** A date git or a person wrote: ISO 8601 with a time zone; stored as given. */
function parseCommitDate(text, source) {
    const trimmed = text.trim();
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(trimmed) ||
        Number.isNaN(Date.parse(trimmed))) {
        throw new InputError(`${source} is ${JSON.stringify(text)}, not an ISO 8601 date with a time zone (e.g. git log --format=%cI)`);
    }
    return trimmed;
}
/** A link to the run: https only (it is rendered in issues and charts). */
function parseRunUrl(text, source) {
    let url;
    try {
        url = new URL(text.trim());
    }
    catch {
        throw new InputError(`${source} is ${JSON.stringify(text)}, not a URL`);
    }
    if (url.protocol !== 'https:')
        throw new InputError(`${source} must be an https:// URL; got ${JSON.stringify(text)}`);
    return url.toString();
}
/** The workflow run's URL when running under GitHub Actions. */
function runUrlFromEnv(env) {
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: id } = env;
    if (!server || !repository || !id)
        return undefined;
    return parseRunUrl(`${server}/${repository}/actions/runs/${id}`, 'the workflow run (GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID)');
}
/** Flags → a checked request; nothing is read yet. */
function historyAppendRequest(resultsPath, flags, env) {
    const sha = env.GITHUB_SHA?.trim();
    return {
        resultsPath,
        dir: flags.dir,
        testbed: flags.testbed,
        commit: flags.commit === undefined ? undefined : parseCommit(flags.commit, '--commit'),
        fallbackCommit: sha ? parseCommit(sha, 'GITHUB_SHA') : undefined,
        commitDate: flags.commitDate === undefined ? undefined : parseCommitDate(flags.commitDate, '--commit-date'),
        runUrl: flags.runUrl === undefined ? runUrlFromEnv(env) : parseRunUrl(flags.runUrl, '--run-url'),
        replace: flags.replace === true,
    };
}
/** The commit's committer date from the checkout the server was built from, or null. */
async function commitDateFromSource(results, commit) {
    const root = results.sides.head.build?.source.root;
    if (root === undefined || !existsSync(root))
        return null;
    const shown = await exec('git', ['-C', root, 'show', '-s', '--format=%cI', commit, '--'], {
        check: false,
        deadline: quickDeadline(`git show ${commit}`),
    });
    const date = shown.stdout.trim();
    return shown.exitCode === 0 && date !== '' ? date : null;
}
/** Builds the entry from the results (every check happens here, before anything is written). */
async function historyRunFor(results, request) {
    const draft = historyRun(results, {
        commitDate: null,
        ...(request.commit === undefined ? {} : { commit: request.commit }),
        ...(request.fallbackCommit === undefined ? {} : { fallbackCommit: request.fallbackCommit }),
        ...(request.testbed === undefined ? {} : { testbed: request.testbed }),
        ...(request.runUrl === undefined ? {} : { run: request.runUrl }),
        names: optionNames(cliSpelling),
    });
    const commitDate = request.commitDate ?? (await commitDateFromSource(results, draft.entry.commit));
    return { ...draft, entry: { ...draft.entry, commitDate } };
}
async function historyAppendCommand(request) {
    const results = readResults(request.resultsPath, 'history append');
    checkWholeRun(results, request.resultsPath, 'a history entry');
    const run = await historyRunFor(results, request);
    const outcome = appendHistory(request.dir, results, run, {
        replace: request.replace,
        names: optionNames(cliSpelling),
    });
    const earlier = (outcome.file.entries.length === 1 ? earlierDefinitions(request.dir, run) : []).map((stored) => ({ ...stored, differences: suiteDifferences(stored.file.suite, outcome.file.suite) }));
    return { ...outcome, request, run, earlier };
}

// The `history page` command: a history file rendered as its page (report/history-page.ts), the
// same page the nightly publishes on the charts branch, written as DIR/index.html to open locally.
/** Flags → a checked request (the change-point settings as `history changes` reads them). */
function historyPageRequest(flags, spell = cliSpelling) {
    const { settings } = historyChangesRequest({
        dir: '',
        window: flags.window,
        maxP: flags.maxP,
        tolerance: flags.tolerance,
        ...(flags.minMagnitude === undefined ? {} : { minMagnitude: flags.minMagnitude }),
    }, spell);
    return { historyPath: flags.history, outDir: flags.reportDir, settings };
}
function historyPageCommand(request) {
    const input = { file: readHistoryFile(request.historyPath, 'history page'), settings: request.settings };
    const { file, analyses } = pageHistory(input);
    const written = writeHistoryPage(request.outDir, input);
    return {
        path: written.path,
        runs: file.entries.length,
        series: analyses.length,
        changes: allChanges(analyses).length,
    };
}

// `mysql-perf-gate history append|changes`: keep a nightly history across commits and find the
// change points in it. Data goes to stdout, messages to stderr.
/** Exit status of `history changes --fail-on-regression` when a regression is found. */
const EXIT_REGRESSION = 1;
const processIo = {
    stdout: (text) => {
        printOut(text);
    },
    stderr: (text) => {
        printErr(text);
    },
    env: process.env,
};
async function append(resultsPath, flags, io) {
    const outcome = await historyAppendCommand(historyAppendRequest(resultsPath, flags, io.env));
    const { entry } = outcome.run;
    if (outcome.request.testbed === undefined) {
        io.stderr(`testbed ${outcome.file.key.testbed} is the hardware fingerprint; --testbed gives it a name\n`);
    }
    if (entry.commitDate === null)
        io.stderr('the commit date is unknown (pass --commit-date): the entry is ordered by when it ran\n');
    for (const gap of outcome.run.gaps) {
        io.stderr(`warning: ${gap}: the entry keeps the values there are, and a cell with none is left blank\n`);
    }
    for (const earlier of outcome.earlier) {
        const differences = earlier.differences.slice(0, 5).join('; ');
        io.stderr(`started a new history: suite ${outcome.file.key.suite} differs from the one ${earlier.path} was measured with (${differences}), so its numbers start a series of their own\n`);
    }
    const verb = outcome.action === 'added' ? 'added' : 'replaced';
    io.stdout(`${verb} ${entry.commit.slice(0, 12)} (${outcome.run.cells.length} cells) as run ${outcome.index + 1} of ${outcome.file.entries.length} in ${outcome.path}\n`);
}
function printChanges(outcome, flags, io) {
    for (const warning of outcome.warnings)
        io.stderr(`warning: ${warning}\n`);
    if (flags.format === 'json') {
        const documents = outcome.histories.map((history) => ({
            path: history.path,
            title: history.title,
            ...history.document,
        }));
        io.stdout(`${printableJson(JSON.stringify({ schemaVersion: 1, histories: documents }, null, 2))}\n`);
    }
    else {
        for (const history of outcome.histories) {
            io.stdout(`${history.title} (${history.path}):\n${changesText(history.analyses)}\n\n`);
        }
    }
    for (const path of outcome.written)
        io.stderr(`wrote ${path}\n`);
}
function regressions(outcome) {
    return recentRegressions(outcome).map((change) => `${change.cell} ${change.metric ?? 'value'} ${formatChangePercentPlain(change.change)} at ${change.firstAfter.commit.slice(0, 12)}`);
}
function addAppend(history, onExitCode, io) {
    return history
        .command('append')
        .description('Add one run (every repetition of every cell, the commit, its date, the server version and compiler) to its history, ' +
        'keyed by testbed, suite and server options.')
        .argument('<results>', 'results JSON written by run')
        .option('--dir <dir>', 'history directory', 'history')
        .addOption(optionWithDefault('--testbed <name>', 'testbed name', 'the hardware fingerprint of the results'))
        .addOption(optionWithDefault('--commit <sha>', 'commit measured', 'the one the server was built from, else $GITHUB_SHA'))
        .addOption(optionWithDefault('--commit-date <iso>', "the commit's date, which orders the history", 'from the source checkout'))
        .addOption(optionWithDefault('--run-url <url>', 'link to the run', 'the workflow run under GitHub Actions'))
        .addOption(optionWithDefault('--replace', 'replace this run when it is already in the history', 'refuse'))
        .action(async (resultsPath, flags) => {
        await append(resultsPath, flags, io);
        onExitCode(EXIT_OK);
    });
}
function addChanges(history, onExitCode, io) {
    const command = history
        .command('changes')
        .description('Find change points in every cell and metric of the histories under --dir (E-Divisive means with a t-test, as Apache Otava), ' +
        'or in one CSV series (--series).')
        .option('--dir <dir>', 'history directory', 'history')
        .option('--suite <name>', 'only the histories of this suite')
        .option('--testbed <name>', 'only the histories of this testbed')
        .option('--series <file>', 'a CSV file with columns commit,value (one series) instead of a history')
        .option('--window <n>', 'sliding window length', String(DEFAULT_WINDOW))
        .option('--max-p <p>', 'largest p-value of a change point', String(DEFAULT_MAX_P))
        .addOption(optionWithDefault('--min-magnitude <fraction>', 'smallest change reported, e.g. 0.005 or 0.5%', 'half the tolerance of the metric; 0 for --series'))
        .option('--tolerance <rule>', 'tolerance rule as for compare, e.g. tps=0.05 (repeatable)', collect, [])
        .option('--recent <n>', 'count only change points among the newest N runs as new (for --fail-on-regression)')
        .option('--report-dir <dir>', 'directory for changes.json and the history chart (history.png, .svg, .vl.json)')
        .addOption(new Option('--format <format>', 'stdout format').choices(['table', 'json']).default('table'))
        .option('--fail-on-regression', 'exit 1 when a (new, with --recent) regression is found');
    const warn = (line) => {
        io.stderr(`${line}\n`);
    };
    return addOldSpelling(command, { old: '--out <dir>', now: '--report-dir', warn }).action(async (flags) => {
        const outcome = await historyChangesCommand(historyChangesRequest(flags));
        printChanges(outcome, flags, io);
        const found = regressions(outcome);
        if (flags.failOnRegression === true && found.length > 0) {
            io.stderr(`regressions: ${found.join('; ')}\n`);
            onExitCode(EXIT_REGRESSION);
            return;
        }
        onExitCode(EXIT_OK);
    });
}
function addPage(history, onExitCode, io) {
    const command = history
        .command('page')
        .description('Render one history file as its page (every workload, threads and metric over the runs, change points marked, ' +
        'each point linked to its run): DIR/index.html, self-contained, the page the nightly publishes on the charts branch.')
        .requiredOption('--history <file>', 'a history file (history append, or the history branch)')
        .option('--report-dir <dir>', 'directory for index.html, created if missing (required)')
        .option('--window <n>', 'sliding window length', String(DEFAULT_WINDOW))
        .option('--max-p <p>', 'largest p-value of a change point', String(DEFAULT_MAX_P))
        .addOption(optionWithDefault('--min-magnitude <fraction>', 'smallest change marked', 'half the tolerance of the metric'))
        .option('--tolerance <rule>', 'tolerance rule as for compare, e.g. tps=0.05 (repeatable)', collect, []);
    const warn = (line) => {
        io.stderr(`${line}\n`);
    };
    const renamed = { old: '--out <dir>', now: '--report-dir', required: true, warn };
    return addOldSpelling(command, renamed).action((flags) => {
        const outcome = historyPageCommand(historyPageRequest(flags));
        io.stdout(`${outcome.path}: ${plural(outcome.runs, 'run', 'runs')}, ${outcome.series} series, ${plural(outcome.changes, 'change point', 'change points')}\n`);
        onExitCode(EXIT_OK);
    });
}
/** Adds `history append`, `history changes` and `history page` to the program. */
function addHistoryCommands(program, onExitCode, io = processIo) {
    const history = program
        .command('history')
        .description('Keep a history of nightly runs across commits and find the change points in it.');
    addAppend(history, onExitCode, io);
    addChanges(history, onExitCode, io);
    addPage(history, onExitCode, io);
    for (const command of [history, ...history.commands])
        command.exitOverride();
}

// What `init` writes into a server's repository, decided from values: the example workflows the
// package ships, each call of a reusable workflow pinned to the package's commit, the settings
// file, and the steps only a person can take, with their links. Pure: init.ts reads the package,
// the repository and git, and writes the plan.
/** The example each written workflow comes from, and what it is for. */
const WORKFLOWS = [
    { example: 'pr-gate.yml', purpose: 'measures each pull request on the pinned runner (read-only token)' },
    { example: 'pr-publish.yml', purpose: 'comments on the pull request and sets the status to require' },
    {
        example: 'pr-unlabel.yml',
        purpose: "takes a fork's approval away when a non-writer pushes, and an acceptance on every push",
    },
    {
        example: 'pr-accept.yml',
        purpose: 'accepts an intended regression of the head: `/perf accept <reason>` or the label, by a writer',
    },
    {
        example: 'nightly.yml',
        purpose: 'measures the default branch every night, keeps the history, opens an issue on a change',
    },
    {
        example: 'bisect.yml',
        purpose: "finds the commit of a change the nightly found, from the nightly's issue",
    },
    {
        example: 'pr-instructions.yml',
        purpose: 'counts instructions on GitHub-hosted runners for every pull request (no runner of your own)',
        instructions: true,
    },
];
const SETTINGS_PATH = '.github/mysql-perf-gate.yml';
/** Every call of one of this project's reusable workflows, pinned to `commit` (`# v<version>`). */
function pinReusableWorkflows(text, commit, version) {
    return text.replace(/(uses:\s*mysql-perf-gate\/mysql-perf-gate\/\.github\/workflows\/[A-Za-z0-9_.-]+\.ya?ml)@[^\s#]+(?:\s*#[^\n]*)?/g, (_match, call) => `${call}@${commit} # v${version.replace(/^v/, '')}`);
}
/** One YAML flow sequence of plain labels: `[self-hosted, perf-pinned]`. */
function flowList(labels) {
    return `[${labels.join(', ')}]`;
}
/** The example as this repository needs it: pinned, its default branch, the machine's labels. */
function adaptWorkflow(example, text, facts, choices) {
    let adapted = pinReusableWorkflows(text, choices.commit, choices.version);
    if (facts.defaultBranch !== 'main') {
        adapted = adapted
            .replace(/^(\s+ref:) main$/m, `$1 ${facts.defaultBranch}`)
            .replace(/^(\s+branches:) \[main\]$/m, `$1 [${facts.defaultBranch}]`);
    }
    if (example === 'pr-gate.yml') {
        adapted = adapted
            .replace(/^(\s+runs-on:) '\[.*\]'$/m, `$1 '${JSON.stringify(choices.runsOn)}'`)
            .replace(/^(\s+compiler:) \S+$/m, `$1 ${choices.compiler}`);
    }
    if (choices.forkLabel !== 'perf-approved')
        adapted = adapted.replaceAll('perf-approved', choices.forkLabel);
    return adapted;
}
/**
 * The settings file: the package's example (every option, the common ones commented out) with the
 * machine's labels, testbed and compiler written in.
 */
function adaptSettings(example, choices) {
    return example
        .replace(/^runs-on: .*$/m, `runs-on: ${flowList(choices.runsOn)}`)
        .replace(/^testbed: .*$/m, `testbed: ${choices.testbed}`)
        .replace(/^compiler: .*$/m, `compiler: ${choices.compiler}`);
}
/** Every file `init` writes, from the package's examples (name → text). */
function planFiles(examples, settingsExample, facts, choices) {
    const workflows = WORKFLOWS.filter((workflow) => workflow.instructions !== true || choices.instructions).map((workflow) => {
        const text = examples.get(workflow.example);
        if (text === undefined)
            throw new Error(`the package has no examples/workflows/${workflow.example}`);
        return {
            path: `.github/workflows/${workflow.example}`,
            text: adaptWorkflow(workflow.example, text, facts, choices),
            purpose: workflow.purpose,
        };
    });
    return [
        ...workflows,
        {
            path: SETTINGS_PATH,
            text: adaptSettings(settingsExample, choices),
            purpose: 'every setting of the gate, read from trusted copies only; the machine filled in',
        },
    ];
}
/** What only a person with the repository's (or organization's) admin rights can do. */
function manualSteps(facts, choices) {
    const repo = facts.slug === null ? null : `https://github.com/${facts.slug}`;
    const owner = facts.slug?.split('/')[0] ?? null;
    return [
        {
            what: `Register the pinned runner with the labels ${choices.runsOn.join(', ')} in a runner group that only this repository and these workflows may use (scripts/setup-runner.sh on the machine)`,
            link: owner === null ? null : `https://github.com/organizations/${owner}/settings/actions/runner-groups`,
        },
        {
            what: `Require the status "mysql-perf-gate" on ${facts.defaultBranch} (a ruleset or branch protection: "Require status checks to pass")`,
            link: repo === null ? null : `${repo}/settings/rules`,
        },
        {
            what: 'Require approval for all outside contributors\' workflows (Actions → General → "Approval for running fork pull request workflows")',
            link: repo === null ? null : `${repo}/settings/actions`,
        },
        {
            what: `Create the label "${choices.forkLabel}": a writer adds it to measure a fork's pull request`,
            link: repo === null ? null : `${repo}/labels`,
        },
    ];
}

// `mysql-perf-gate init`: writes the workflows a server's repository needs and its settings file,
// from the examples this package ships, each call of a reusable workflow pinned to the package's
// commit (init-plan.ts decides the text). It asks nothing the repository can tell: its GitHub
// remote, its default branch and whether its top is a server's CMake tree come from git and the
// tree. Files that exist with other text are refused unless --force; actionlint checks what was
// written when it is installed. Then the steps only a person can take, with their links.
async function git(root, args) {
    const result = await exec('git', ['-C', root, ...args], { check: false, deadline: quickDeadline('git') });
    return result.exitCode === 0 ? result.stdout.trim() : null;
}
/** `owner/name` from a github.com remote URL (https, ssh or scp-like), else null. */
function githubSlug(url) {
    const match = /^(?:https:\/\/(?:[^@/]+@)?github\.com\/|ssh:\/\/git@github\.com\/|git@github\.com:)([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(url);
    return match === null ? null : `${match[1]}/${match[2]}`;
}
async function repositoryFacts(root, config, logger) {
    const remote = await git(root, ['remote', 'get-url', 'origin']);
    const slug = remote === null ? null : githubSlug(remote);
    if (slug === null)
        logger.warning(`no github.com remote named origin in ${root}: the steps below come without links`);
    const originHead = await git(root, ['symbolic-ref', '--short', 'refs/remotes/origin/HEAD']);
    const defaultBranch = config.defaultBranch ??
        originHead?.replace(/^origin\//, '') ??
        (await git(root, ['branch', '--show-current'])) ??
        'main';
    const tree = await detectSourceTree(root).then((found) => `${describeFlavor(found.flavor).name} ${found.version}`, (error) => {
        logger.warning(`${errorMessage(error)}: the workflows build the repository's top with CMake all the same`);
        return null;
    });
    return { slug, defaultBranch, tree };
}
/** The commit the workflows call: --ref, the package's own, or the clone's clean HEAD. */
async function pinnedCommit(config, logger) {
    const pattern = /^[0-9a-f]{40}$/;
    if (config.ref !== undefined) {
        if (!pattern.test(config.ref))
            throw new InputError(`--ref ${config.ref}: expected a full 40-hex commit SHA`);
        return config.ref;
    }
    const release = packageRelease();
    if (release.commit !== null) {
        if (release.dirty)
            logger.warning(`this package was packed from ${release.commit} with uncommitted changes: the workflows call ${release.commit} as it is`);
        return release.commit;
    }
    // A clone of this repository: its HEAD, what `npm pack` there would record.
    const root = packageRoot();
    const head = await git(root, ['rev-parse', 'HEAD']);
    if (head === null || !pattern.test(head))
        throw new InputError(`this mysql-perf-gate (${root}) is neither an installed release nor a git checkout, so no commit names its workflows; pass --ref <the 40-hex commit your workflows should call>`);
    const dirty = await git(root, ['status', '--porcelain', '--untracked-files=no']);
    if (dirty !== '')
        logger.warning(`${root} has uncommitted changes: the workflows call its HEAD, ${head}, without them`);
    return head;
}
function examples() {
    const dir = join(packageRoot(), 'examples', 'workflows');
    return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}
async function lint(root, files) {
    const result = await exec('actionlint', ['-no-color', ...files.filter((file) => file.path.includes('/workflows/')).map((file) => file.path)], {
        cwd: root,
        check: false,
        deadline: quickDeadline('actionlint'),
    }).catch(() => null);
    if (result === null)
        return null;
    return result.exitCode === 0 ? '' : `${result.stdout}${result.stderr}`.trim();
}
/** The machine's settings as the settings file will hold them, checked by its own schema. */
function checkChoices(choices) {
    const fields = [
        ['--runs-on', 'runs-on', [...choices.runsOn], choices.runsOn.join(',')],
        ['--testbed', 'testbed', choices.testbed, choices.testbed],
        ['--compiler', 'compiler', choices.compiler, choices.compiler],
    ];
    for (const [flag, name, value, shown] of fields) {
        const checked = SETTINGS[name].value.safeParse(value);
        const issue = checked.success ? undefined : checked.error.issues[0];
        if (issue !== undefined)
            throw new InputError(`${flag} ${JSON.stringify(shown)}: ${issue.message}`);
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,49}$/.test(choices.forkLabel))
        throw new InputError(`--fork-label ${JSON.stringify(choices.forkLabel)}: a label of letters, digits, "_", ".", ":" or "-"`);
}
async function initCommand(config, logger) {
    const machine = {
        runsOn: config.runsOn,
        testbed: config.testbed ?? `${config.runsOn.find((label) => label !== 'self-hosted') ?? 'perf'}-1`,
        compiler: config.compiler,
        forkLabel: config.forkLabel,
    };
    checkChoices(machine);
    const root = await git(resolve(config.dir), ['rev-parse', '--show-toplevel']);
    if (root === null)
        throw new InputError(`${resolve(config.dir)} is not in a git checkout: run init in the server's repository`);
    const facts = await repositoryFacts(root, config, logger);
    const choices = {
        ...machine,
        instructions: config.instructions,
        commit: await pinnedCommit(config, logger),
        version: packageRelease().version,
    };
    const plan = planFiles(examples(), readFileSync(join(packageRoot(), 'examples', 'mysql-perf-gate.yml'), 'utf8'), facts, choices);
    const current = (file) => {
        const path = join(root, file.path);
        return existsSync(path) ? readFileSync(path, 'utf8') : null;
    };
    // The settings file is the repository's own once it exists: kept, unless --force.
    const kept = plan.filter((file) => file.path === SETTINGS_PATH && !config.force && current(file) !== null && current(file) !== file.text);
    const unchanged = plan.filter((file) => current(file) === file.text);
    const clashing = plan.filter((file) => current(file) !== null && current(file) !== file.text && !kept.includes(file));
    if (clashing.length > 0 && !config.force) {
        throw new InputError(`${clashing.map((file) => file.path).join(', ')} already ${clashing.length === 1 ? 'exists' : 'exist'} with other text: pass --force to replace them (git shows what changed)`);
    }
    const written = plan.filter((file) => !unchanged.includes(file) && !kept.includes(file));
    for (const file of written) {
        mkdirSync(dirname(join(root, file.path)), { recursive: true });
        writeFileAtomic(join(root, file.path), file.text);
    }
    return {
        root,
        facts,
        written,
        unchanged,
        kept,
        lint: await lint(root, plan),
        steps: manualSteps(facts, choices),
    };
}

const REQUIRED_STATUS = 'mysql-perf-gate';
/** A 403 or 404 the token's rights explain: unknown, with why; anything else goes up. */
function unreadable(what, error, needs) {
    const status = httpStatus(error);
    if (status !== 403 && status !== 404)
        throw error;
    return {
        what,
        state: 'unknown',
        detail: `the token cannot read it (HTTP ${status}: ${gitHubMessage(error)}); it needs ${needs}`,
    };
}
async function requiredStatus(client, query) {
    const what = `the status "${REQUIRED_STATUS}" required on ${query.branch}`;
    const { owner, repo, branch } = query;
    const rules = await client.rest.repos.getBranchRules({ owner, repo, branch, per_page: 100 });
    const inRuleset = rules.data.some((rule) => rule.type === 'required_status_checks' &&
        rule.parameters?.required_status_checks.some((check) => check.context === REQUIRED_STATUS) === true);
    if (inRuleset)
        return { what, state: 'ok', detail: 'a ruleset requires it' };
    try {
        const classic = await client.rest.repos.getStatusChecksProtection({ owner, repo, branch });
        const contexts = [...classic.data.contexts, ...classic.data.checks.map((check) => check.context)];
        return contexts.includes(REQUIRED_STATUS)
            ? { what, state: 'ok', detail: "the branch's protection requires it" }
            : {
                what,
                state: 'missing',
                detail: `the branch's protection requires ${contexts.length === 0 ? 'no check' : contexts.join(', ')}, not it`,
            };
    }
    catch (error) {
        if (httpStatus(error) === 404)
            return { what, state: 'missing', detail: 'no ruleset or branch protection requires it' };
        return unreadable(what, error, 'the Administration: read permission');
    }
}
async function runner(client, query) {
    const what = `a self-hosted runner labelled ${query.runsOn.join(', ')}`;
    try {
        const { data } = await client.rest.actions.listSelfHostedRunnersForRepo({
            owner: query.owner,
            repo: query.repo,
            per_page: 100,
        });
        const matching = data.runners.filter((found) => query.runsOn.every((label) => found.labels.some((has) => has.name.toLowerCase() === label.toLowerCase())));
        if (matching.length === 0)
            return {
                what,
                state: 'missing',
                detail: `none of the repository's ${data.total_count} runner(s) has every label (an organization's runner group is not listed here)`,
            };
        return {
            what,
            state: 'ok',
            detail: matching.map((found) => `${found.name} (${found.status})`).join(', '),
        };
    }
    catch (error) {
        return unreadable(what, error, "the repository's Administration: read permission");
    }
}
async function approvalPolicy(client, query) {
    const what = "outside contributors' workflows held for approval";
    try {
        // Newer than the REST methods of the @actions/github in use: asked by its route.
        const { data } = await client.request('GET /repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval', {
            owner: query.owner,
            repo: query.repo,
        });
        const policy = data.approval_policy;
        return policy === 'all_external_contributors'
            ? { what, state: 'ok', detail: 'all outside contributors' }
            : {
                what,
                state: 'missing',
                detail: `the policy is ${String(policy)}: set "Require approval for all outside collaborators"`,
            };
    }
    catch (error) {
        return unreadable(what, error, 'the Administration: read permission');
    }
}
async function label(client, query) {
    const what = `the label "${query.forkLabel}"`;
    try {
        await client.rest.issues.getLabel({ owner: query.owner, repo: query.repo, name: query.forkLabel });
        return { what, state: 'ok', detail: 'exists' };
    }
    catch (error) {
        if (httpStatus(error) === 404)
            return { what, state: 'missing', detail: 'does not exist: create it' };
        return unreadable(what, error, 'the Issues: read permission');
    }
}
/** Every check, in the order `init` lists the steps. */
async function checkSetup(client, query) {
    const required = await requiredStatus(client, query).catch((error) => unreadable(`the status "${REQUIRED_STATUS}" required on ${query.branch}`, error, 'the Metadata: read permission'));
    return [
        await runner(client, query),
        required,
        await approvalPolicy(client, query),
        await label(client, query),
    ];
}

// `mysql-perf-gate init --check`: asks GitHub whether the steps `init` leaves to an admin were
// taken (github/setup-check.ts asks and judges each), for the checkout's repository, its default
// branch and the pinned machine's labels (from the settings file `init` wrote, when it is there).
async function initCheckCommand(config, logger) {
    if (config.token === undefined || config.token === '')
        throw new InputError('init --check asks GitHub: set GITHUB_TOKEN (or GH_TOKEN) to a token that may read the repository (`gh auth token`)');
    const root = await git(resolve(config.dir), ['rev-parse', '--show-toplevel']);
    if (root === null)
        throw new InputError(`${resolve(config.dir)} is not in a git checkout: run init --check in the server's repository`);
    const facts = await repositoryFacts(root, config, logger);
    if (facts.slug === null)
        throw new InputError(`${root} has no github.com remote named origin: nothing to check`);
    const settings = join(root, SETTINGS_PATH);
    const written = existsSync(settings) ? readWorkflowSettings(settings)['runs-on'] : '';
    const runsOn = written === '' ? config.runsOn : JSON.parse(written);
    const [owner = '', repo = ''] = facts.slug.split('/');
    const client = gitHubClient(config.token, logger, { ...DEFAULT_LIMITS, baseUrl: config.apiUrl });
    const checks = await checkSetup(client, {
        owner,
        repo,
        branch: facts.defaultBranch,
        runsOn,
        forkLabel: config.forkLabel,
    });
    return { slug: facts.slug, branch: facts.defaultBranch, checks };
}

function splitLabels(labels) {
    return labels
        .split(',')
        .map((label) => label.trim())
        .filter((label) => label !== '');
}
function report(outcome) {
    const { facts } = outcome;
    const lines = [
        `${outcome.root}: ${facts.tree ?? 'not a server source tree'}, default branch ${facts.defaultBranch}${facts.slug === null ? '' : `, github.com/${facts.slug}`}`,
        '',
        ...outcome.written.map((file) => `wrote ${file.path}: ${file.purpose}`),
        ...outcome.unchanged.map((file) => `kept ${file.path} (already as init writes it)`),
        ...outcome.kept.map((file) => `kept ${file.path}: it is yours already (--force writes init's, with the flags' machine)`),
        '',
        outcome.lint === null
            ? 'actionlint: not installed, not checked (https://github.com/rhysd/actionlint)'
            : outcome.lint === ''
                ? 'actionlint: no findings'
                : `actionlint found:\n${outcome.lint}`,
        '',
        'Left to you (an admin of the repository or organization):',
        ...outcome.steps.map((step, index) => `  ${index + 1}. ${step.what}${step.link === null ? '' : `\n     ${step.link}`}`),
        '',
        'Then commit the files and open a pull request: its comment is the first verdict.',
    ];
    return `${lines.join('\n')}\n`;
}
function checkReport(outcome) {
    const mark = { ok: 'ok', missing: 'MISSING', unknown: 'unknown' };
    const lines = [
        `github.com/${outcome.slug}, default branch ${outcome.branch}:`,
        ...outcome.checks.map((check) => `  ${mark[check.state].padEnd(7)} ${check.what}: ${check.detail}`),
    ];
    return `${lines.join('\n')}\n`;
}
function addInitCommand(program, onExitCode) {
    program
        .command('init')
        .description("Write the workflows a server's repository needs (pull-request gate with its publishing and unlabel halves, nightly, bisect; with --instructions the GitHub-hosted instruction counts) and .github/mysql-perf-gate.yml, each workflow pinned to this package's commit; then list the steps only a person can take.")
        .option('--dir <dir>', "anywhere in the server's git checkout", '.')
        .option('--runs-on <labels>', "the pinned runner's labels, comma-separated", 'self-hosted,perf-pinned')
        .addOption(optionWithDefault('--testbed <name>', 'the name the nightly history is kept under', 'the first label but self-hosted, and -1'))
        .option('--compiler <spec>', 'what both sides build with: gcc-12, clang-16, a path, or CC:CXX', 'gcc-12')
        .option('--instructions', 'also write the GitHub-hosted pair that counts instructions on every pull request')
        .option('--fork-label <name>', "the label a writer adds to measure a fork's pull request", 'perf-approved')
        .addOption(optionWithDefault('--ref <sha>', 'the 40-hex commit the workflows call', "this package's own"))
        .addOption(optionWithDefault('--default-branch <name>', 'the branch the nightly measures', "origin's HEAD"))
        .option('--force', 'replace files that exist with other text')
        .option('--check', "write nothing: ask GitHub (token in GITHUB_TOKEN or GH_TOKEN) whether the admin's steps were taken; exit status 1 when one is missing")
        .action(async (flags) => {
        const logger = createStderrLogger({ verbose: false });
        if (flags.check === true) {
            const checked = await initCheckCommand({
                dir: flags.dir,
                runsOn: splitLabels(flags.runsOn),
                forkLabel: flags.forkLabel,
                defaultBranch: flags.defaultBranch,
                token: process.env.GITHUB_TOKEN ?? process.env.GH_TOKEN,
                apiUrl: process.env.GITHUB_API_URL ?? 'https://api.github.com',
            }, logger);
            printOut(checkReport(checked));
            onExitCode(checked.checks.some((check) => check.state === 'missing') ? 1 : EXIT_OK);
            return;
        }
        const outcome = await initCommand({
            dir: flags.dir,
            runsOn: flags.runsOn
                .split(',')
                .map((label) => label.trim())
                .filter((label) => label !== ''),
            testbed: flags.testbed,
            compiler: flags.compiler,
            instructions: flags.instructions === true,
            forkLabel: flags.forkLabel,
            ref: flags.ref,
            defaultBranch: flags.defaultBranch,
            force: flags.force === true,
        }, logger);
        printOut(report(outcome));
        onExitCode(outcome.lint === null || outcome.lint === '' ? EXIT_OK : 1);
    });
}

function addMergeCommand(program, onExitCode) {
    program
        .command('merge')
        .description("Join the results of every shard of a run (run --shard K/N) into one results file, which compare, baselines and history read like an unsharded run's.")
        .argument('<shard-results...>', "each shard's results JSON, in any order")
        .requiredOption('--out <file>', 'merged results JSON to write; the raw output goes to <file>.raw/shard-K/')
        .action((inputs, flags) => {
        const logger = createStderrLogger({ verbose: false });
        const outcome = mergeCommand({ inputs, outPath: flags.out }, logger);
        logger.info(`\n${outcome.summary}\n\nmerged ${inputs.length} shards: ${outcome.resultsPath} (raw output: ${outcome.rawDir}/)`);
        onExitCode(EXIT_OK);
    });
}

function addRunCommand(program, onExitCode) {
    const command = program
        .command('run')
        .description('Measure one server (--server) or two interleaved (--base, --head) with a sysbench suite.');
    addUntrustedOptions(addScheduleOptions(addServerOptions(command)))
        .option('--verbose', 'show debug output (server start-up, commands)')
        .action(async (parsed) => {
        const flags = {
            ...parsed,
            set: parsed.set ?? [],
            baseSet: parsed.baseSet ?? [],
            headSet: parsed.headSet ?? [],
        };
        const logger = createStderrLogger({ verbose: flags.verbose ?? false });
        const outcome = await runCommand(runConfigFromFlags(flags), logger);
        logger.info(describeRunOutcome(outcome));
        // An A/B run's results are judged by compare: say so, with the file it wrote.
        if (outcome.results.mode === 'ab')
            logger.info(`next: mysql-perf-gate compare ${shellWord(outcome.resultsPath)} (the verdict, and its report in report/)`);
        onExitCode(EXIT_OK);
    });
}
/** The servers, their options, the suite and where the run writes. */
function addServerOptions(command) {
    return command
        .option('--server <path>', 'mysqld/mariadbd binary, or an install prefix containing one')
        .option('--host <host[:port]>', 'a server already running on another machine, over TCP; its user and password come from MYSQL_PERF_GATE_USER and MYSQL_PERF_GATE_PASSWORD')
        .option('--base <path>', 'base server for an A/B run (binary or install prefix)')
        .option('--head <path>', 'head server for an A/B run (binary or install prefix)')
        .option('--set <name=value>', 'server option for every side (repeatable)', collect)
        .option('--base-set <name=value>', 'server option for the base side only (repeatable)', collect)
        .option('--head-set <name=value>', 'server option for the head side only (repeatable)', collect)
        .option('--suite <name|file>', 'built-in suite (quick, standard, instructions, tpcc, io-bound, scaling, network, durable…: docs/suites.md) or a suite YAML file', 'quick')
        .option('--out <file>', 'results JSON to write; raw output goes to <file>.raw/ beside it', 'results.json')
        .addOption(optionWithDefault('--work-dir <dir>', 'where datadirs, sockets and logs live during the run, created if missing', 'a temporary directory'))
        .option('--keep-work-dir', 'keep datadirs after the run, for debugging');
}
/** When and how long the run measures, and on which CPUs. */
function addScheduleOptions(command) {
    return command
        .addOption(lockTimeoutOption())
        .option('--time-limit <time>', "the job's time limit, e.g. 3h or 180m: a plan that does not fit in it (with a margin) is refused at once, naming the shards that would fit")
        .addOption(optionWithDefault('--max-repetitions <n>', 'A/B runs: repetitions per side a cell the planned ones leave undecided may reach', 'the planned ones only'))
        .option('--budget <time>', 'A/B runs: how long the measurements may take, the plan included, while undecided cells get more repetitions, e.g. 20m')
        .option('--pin <mode>', 'run the server and sysbench on CPUs of their own (taskset): auto (wherever there are 2 CPUs or more), on (a warning when it cannot) or off', 'auto')
        .addOption(optionWithDefault('--parallel-sides', 'count suites (instructions): measure base and head at once, each with its CPUs', 'on with 2 CPUs or more'))
        .option('--no-parallel-sides', 'measure base and head one at a time, interleaved');
}
/** Untrusted sides and their limits, a shard of the suite, and the aligned head. */
function addUntrustedOptions(command) {
    return command
        .option('--freeze-idle-side <mode>', "sides measured one at a time: freeze the idle side's server and everything it started while the other is measured (on), or leave it running (off); its CPU time is read either way, and an idle side that worked makes its cells inconclusive", 'on')
        .option('--untrusted-side <side>', "which sides were built from a pull request's untrusted code: none, head, base or both; their servers, bootstrap and sysbench run in the bubblewrap sandbox (the suite must connect through the socket)")
        .option('--max-processes <n>', `with --untrusted-side: the most processes and threads an untrusted side's server may have at once, its bootstrap included (a cgroup's pids.max); ${LIMIT_HELP.serverProcesses}`)
        .option('--max-memory <size>', `with --untrusted-side: the most memory an untrusted side's server may use, e.g. 8G (a cgroup's memory limit); ${LIMIT_HELP.memory}`)
        .option('--shard <K/N>', "measure only shard K of N: a share of the suite's cells balanced by planned time, for a matrix of identical machines; `merge` joins the shards' results")
        .option('--align-settings', "A/B runs: measure the head a third time with the base's values of the settings known to change the work (docs/settings.md), so compare splits each change into what the settings did and what the code did");
}

// The `mysql-perf-gate` command line: one commander program whose commands each parse their flags
// into a typed request for the command layer (src/commands/) and print what it returns.
function buildProgram(onExitCode) {
    const program = withHelpText(new Command('mysql-perf-gate'))
        .description('Tells whether a change made a MySQL-family server slower, with sysbench and statistics.')
        .version(releaseLine(packageRelease()))
        .showHelpAfterError('(run with --help for usage)');
    // The order of --help's command list.
    addRunCommand(program, onExitCode);
    addMergeCommand(program, onExitCode);
    addBaselineCommands(program, onExitCode);
    addHistoryCommands(program, onExitCode);
    addBuildCommand(program, onExitCode);
    addCompareCompilersCommand(program, onExitCode);
    addCompareCommand(program, onExitCode);
    addBisectCommand(program, onExitCode);
    addDoctorCommand(program, onExitCode);
    addInitCommand(program, onExitCode);
    addVerboseEverywhere(program);
    return program;
}
/** Set to 1, an error's stack is printed below its line, as --verbose does on every command. */
const DEBUG_ENV = 'MYSQL_PERF_GATE_DEBUG';
/** --verbose on every command that runs, for an error's stack; run, build and others give it more. */
function addVerboseEverywhere(command) {
    if (command.commands.length > 0) {
        command.commands.forEach(addVerboseEverywhere);
    }
    else if (!command.options.some((option) => option.long === '--verbose')) {
        command.option('--verbose', "print an error's stack trace");
    }
}
/**
 * The exit status for an error: 128 + the signal when interrupted, else 2, with one line on
 * stderr: the message of the tool's own errors, or, for anything else (a bug), the message said
 * to be internal, with where to report it. The stack follows only with `verbose`.
 */
function reportError(error, verbose) {
    if (error instanceof CommanderError) {
        // --help and --version "fail" with exit code 0; usage errors were already printed.
        return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    }
    if (error instanceof InterruptedError) {
        printErr(`mysql-perf-gate: ${error.message}\n`);
        return 128 + os.constants.signals[error.signal];
    }
    const line = error instanceof GateError
        ? error.message
        : internalErrorLine(error, packageIssuesUrl(), 'run with --verbose for the stack');
    printErr(`mysql-perf-gate: ${line}\n`);
    if (verbose)
        printErr(`${inspect(error)}\n`);
    return EXIT_ERROR;
}
/** Parses argv, runs the command, and returns the process exit status. Never throws. */
async function main(argv) {
    let exitCode = EXIT_OK;
    let verbose = process.env[DEBUG_ENV] === '1';
    let program;
    try {
        // A damaged release.json (an installed package's commit) is refused here, in one line.
        program = buildProgram((code) => {
            exitCode = code;
        });
    }
    catch (error) {
        return reportError(error, verbose);
    }
    program.hook('preAction', (_program, command) => {
        if (command.opts().verbose === true)
            verbose = true;
    });
    const override = (command) => {
        command.exitOverride();
        command.commands.forEach(override);
    };
    override(program);
    try {
        await program.parseAsync([...argv]);
        return exitCode;
    }
    catch (error) {
        return reportError(error, verbose);
    }
}

// Entry point of the `mysql-perf-gate` command.
// `run … | head`: the reader going away interrupts the run, which cleans up (not a crash).
watchOutputs();
process.exitCode = await main(process.argv);
