// `run --max-repetitions` and `--budget`: more repetitions for the cells an A/B run leaves
// undecided, judged as compare judges them, checked against the plan before anything starts.
import { InputError } from '../errors.js';
import { formatDuration } from '../format.js';
import { judgingGate } from '../compare/judge.js';
import { type CompareOptions, undecidedCells } from '../compare/verdict.js';
import { type AdaptiveConfig, adaptiveLooks } from '../run/adaptive.js';
import { plannedTotalSeconds, planSteps } from '../run/plan.js';
import type { SideConfig } from '../run/run-config.js';
import { suiteWithAlignedHead } from '../suite/head-settings.js';
import { parseMaxRepetitions } from '../suite/repetitions.js';
import type { Suite } from '../suite/suite-schema.js';
import { parseDuration } from '../duration.js';
import type { FlagSpelling } from './spelling.js';
import type { RunFlags } from './run.js';

/**
 * --max-repetitions and --budget → how undecided cells get more repetitions. With only a budget,
 * the most repetitions follow from it (a budget of twice the plan: twice the planned repetitions).
 */
export function adaptiveFromFlags(
  flags: RunFlags<unknown>,
  run: {
    readonly suite: Suite;
    readonly sides: readonly SideConfig<unknown>[];
    readonly judging: CompareOptions;
    /** With an aligned head (--align-settings), whose steps the plan has too. */
    readonly aligned: boolean;
  },
  spell: FlagSpelling,
): AdaptiveConfig | undefined {
  const { suite, sides, judging } = run;
  const budgetMs = parseDuration(flags.budget, spell('budget'), 'how long the measurements may take');
  const given = flags.maxRepetitions !== undefined && flags.maxRepetitions.trim() !== '';
  if (!given && budgetMs === null) return undefined;
  if (sides.length < 2) {
    const named = [given ? spell('max-repetitions') : '', budgetMs === null ? '' : spell('budget')];
    throw new InputError(
      `${named.filter((name) => name !== '').join(' and ')} add${given && budgetMs !== null ? '' : 's'} repetitions to the cells an A/B run (${spell('base')}/${spell('head')}) leaves undecided; one server has nothing to decide`,
    );
  }
  const measured = run.aligned ? suiteWithAlignedHead(suite, {}) : suite;
  const planSeconds = plannedTotalSeconds(
    planSteps(
      measured,
      sides.map((side) => side.name),
    ),
    measured,
  );
  if (budgetMs !== null && budgetMs / 1000 <= planSeconds) {
    throw new InputError(
      `${spell('budget')} ${flags.budget ?? ''} leaves nothing for more repetitions: the plan alone takes about ${formatDuration(planSeconds)}; give more than that (twice the plan lets undecided cells reach twice the repetitions)`,
    );
  }
  const most = given
    ? parseMaxRepetitions(flags.maxRepetitions ?? '', suite, spell('max-repetitions'))
    : Math.min(1000, Math.floor((suite.repetitions * (budgetMs ?? 0)) / 1000 / planSeconds));
  const options = { ...judging, looks: adaptiveLooks(suite, most) };
  return {
    most,
    budgetSeconds: budgetMs === null ? null : budgetMs / 1000,
    // Both sides measured on this machine: the gate the verdict will judge them by.
    undecided: (cells, machine) =>
      undecidedCells(cells, suite, judgingGate(options, suite, { base: machine, head: machine }).options),
  };
}
