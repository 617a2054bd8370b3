// Before anything is measured, the head's server is started once as the aligned head
// (run --align-settings): a server refuses an option its version does not know (MySQL has no
// startup option character_set_connection), and a refusal found only when the aligned head's
// turn comes would lose every measurement before it. Each option the head refuses is taken out
// of the alignment and named, with the server's own words; a failure that names none of them
// ends the run in one line.
import { GateError } from '../errors.js';
import type { Logger } from '../shell/logger.js';
import { BASE_SETTINGS, HEAD_SETTINGS, underHeadSettings } from '../suite/head-settings.js';
import { suiteCells } from '../suite/suite-schema.js';
import { type AlignedHead, withoutAlignedOption } from './aligned-head.js';
import type { StartedSide } from './sides.js';
import { currentOptions, optionsUnder } from './variant-options.js';

/** Options a server refused at start, from its error log as the start error quotes it. */
const REFUSALS: readonly RegExp[] = [
  // MySQL and MariaDB: [ERROR] … unknown variable 'character_set_connection=latin1'.
  /unknown variable '([A-Za-z0-9_.-]+)(?:=[^']*)?'/i,
  // An option given without its value's type: unknown option '--skip-foo'.
  /unknown option '--(?:skip-|loose-)?([A-Za-z0-9_.-]+)'/i,
  // Variable 'x' can't be set to the value of 'y'.
  /Variable '([A-Za-z0-9_.-]+)' can't be set to the value/i,
];

/** The option a start error names as refused, and the line that says so. */
function refusedOption(message: string): { readonly option: string; readonly line: string } | undefined {
  for (const pattern of REFUSALS) {
    const match = pattern.exec(message);
    if (match?.[1] !== undefined) {
      const line = message.split('\n').find((text) => pattern.test(text)) ?? match[0];
      return { option: match[1], line: line.trim() };
    }
  }
  return undefined;
}

/** At most this many refused options are taken out before the run gives up. */
const MOST_REFUSALS = 8;

/**
 * Starts the head once as the aligned head (on its own datadir when it has one) and then as
 * itself again; returns the plan without the options the head refused.
 */
export async function trialAlignedHead(
  head: StartedSide,
  plan: AlignedHead,
  /** How the user named the option (`--align-settings`), for the refusal. */
  label: string,
  logger: Logger,
): Promise<AlignedHead> {
  let current = plan;
  for (let attempt = 0; attempt <= MOST_REFUSALS; attempt++) {
    const error = await startAligned(head, current);
    if (error === undefined) return current;
    const refused = refusedOption(error.message);
    const next =
      refused === undefined
        ? undefined
        : withoutAlignedOption(current, refused.option, `the head refused it at start ("${refused.line}")`);
    if (refused === undefined || next === undefined) {
      throw new GateError(
        `${label}: the head would not start with the base's settings (${Object.entries(current.record.options)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')}): ${error.message}`,
      );
    }
    logger.warning(`aligned head: the head refused ${refused.option} at start; measuring without it`);
    current = next;
  }
  throw new GateError(`${label}: the head refused more than ${MOST_REFUSALS} of the base's settings`);
}

/** One start as the aligned head and back; the start's error, if it would not start. */
async function startAligned(head: StartedSide, plan: AlignedHead): Promise<Error | undefined> {
  const { server, options, twin } = head;
  const first = suiteCells(plan.suite).find((cell) => cell.variant?.[HEAD_SETTINGS] === BASE_SETTINGS);
  const aligned = underHeadSettings(first ?? { workload: '', threads: 1 }, BASE_SETTINGS).variant;
  const own = currentOptions(options, plan.suite, head.startedUnder) ?? options;
  await server.stop();
  server.useOptions(optionsUnder(options, plan.suite, aligned));
  await twin?.swap();
  let failure: Error | undefined;
  try {
    await server.start();
    await server.stop();
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  await twin?.swap();
  server.useOptions(own);
  await server.start();
  return failure;
}
