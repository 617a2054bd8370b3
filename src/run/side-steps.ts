// One step of one side, as the scheduler asks for it (run/scheduler.ts): a restart stops and
// starts the side's server under the step's variant (swapping in the aligned head's datadir when
// it changes sides of --align-settings); a warm-up or a repetition checksums the data, runs
// sysbench with the side's cost probe, and resets the data after a step that changed it.
import type { SideName } from '../results/results-schema.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import type { Suite } from '../suite/suite-schema.js';
import { BASE_SETTINGS, HEAD_SETTINGS } from '../suite/head-settings.js';
import { parseVariantLabel, variantLabel } from '../suite/variants.js';
import { CellPace } from './cell-pace.js';
import type { IdleSides } from './idle-side.js';
import { measureStep, stepLabel, type StepOutcome, type SysbenchStep } from './measure-step.js';
import { measureOperation } from './operation-step.js';
import type { Step } from './plan.js';
import type { SideSteps } from './scheduler.js';
import type { StartedSide } from './sides.js';
import { currentOptions, optionsUnder, recordVariant } from './variant-options.js';
import { findWorkload } from '../suite/suite-schema.js';
import { kindOf } from '../workload/kinds.js';
import { dataChecksumBefore, resetDataAfter } from './workload-data.js';

/** Whether the variant labelled `label` is the aligned head's (run --align-settings). */
function alignedHead(label: string | undefined): boolean {
  return parseVariantLabel(label ?? '')?.[HEAD_SETTINGS] === BASE_SETTINGS;
}

/**
 * One step of one side, as the scheduler asks for it: a restart stops and starts the side's
 * server; a warm-up or a repetition runs sysbench on it, its cost counted by the side's probe.
 */
export function sideSteps(
  sides: readonly StartedSide[],
  run: {
    readonly suite: Suite;
    readonly rawDir: string;
    readonly scope: CleanupScope;
    readonly logger: Logger;
    /** The idle side: frozen for the other's steps, its CPU time read over them. */
    readonly idle?: IdleSides;
  },
): SideSteps {
  const sideNamed = (name: SideName): StartedSide => {
    const side = sides.find((candidate) => candidate.name === name);
    if (!side) throw new Error(`plan names unknown side ${name}`);
    return side;
  };
  // Which variant each side's server runs under: the one it started under, until a restart switches it.
  const under = new Map(sides.map((side) => [side.name, side.startedUnder]));
  const pace = new CellPace();
  return {
    restart: (step: Extract<Step, { kind: 'restart' }>) =>
      restartSide(sideNamed(step.side), step, { suite: run.suite, under, idle: run.idle }),
    measure: async (step) => {
      const side = sideNamed(step.side);
      await run.idle?.turn(step.side);
      const operation = operationCell(step, side, run);
      if (operation !== undefined) return operation;
      await side.operations?.comeHome();
      // Outside the measured window, and on the data the repetition will start from.
      const dataChecksum = await loggedChecksum(step, side, run);
      const startMs = performance.now();
      const idleWindow = run.idle?.window(step.side);
      const measured = await measureStep(step, side, run.suite, run.rawDir, run.scope, {
        log: (line) => {
          run.logger.warning(line);
        },
        pace,
      });
      const idleSide = step.kind === 'measure' ? idleWindow?.() : undefined;
      const outcome = idleSide === undefined ? measured : { ...measured, idleSide };
      pace.record(step, (performance.now() - startMs) / 1000, outcome.report.transactions);
      // A workload that changes its data starts its next step from the prepared data again.
      const reset = await resetDataAfter(step, side, run.suite, run.rawDir, run.scope.signal);
      if (reset) {
        const tally = side.resets.get(reset.mode) ?? { count: 0, seconds: 0 };
        side.resets.set(reset.mode, { count: tally.count + 1, seconds: tally.seconds + reset.seconds });
      }
      return dataChecksum === undefined ? outcome : { ...outcome, dataChecksum };
    },
  };
}

/** An operational cell's repetition (operation-step.ts); undefined for any other step. */
function operationCell(
  step: SysbenchStep,
  side: StartedSide,
  run: { readonly suite: Suite; readonly rawDir: string; readonly logger: Logger },
): Promise<StepOutcome> | undefined {
  if (step.kind !== 'measure' || kindOf(findWorkload(run.suite, step.workload)).operation === undefined) {
    return undefined;
  }
  if (side.operations === undefined) throw new Error(`side ${side.name} cannot run operations`);
  const options = optionsUnder(side.options, run.suite, step.variant);
  return measureOperation(step, side, side.operations, {
    suite: run.suite,
    rawDir: run.rawDir,
    options,
    log: (line) => {
      run.logger.info(line);
    },
  });
}

/** The tables' checksum before the step, when it has one, with the seconds it took in a debug line. */
async function loggedChecksum(
  step: SysbenchStep,
  side: StartedSide,
  run: { readonly suite: Suite; readonly logger: Logger },
): Promise<string | undefined> {
  const startMs = performance.now();
  const dataChecksum = await dataChecksumBefore(step, side, run.suite);
  if (dataChecksum !== undefined) {
    const seconds = ((performance.now() - startMs) / 1000).toFixed(2);
    run.logger.debug(
      `${side.name}: the tables' checksum before ${stepLabel(step)}: ${dataChecksum} (${seconds} s)`,
    );
  }
  return dataChecksum;
}

/** A restart step: the side's server stopped and started under the step's variant (its own data first). */
async function restartSide(
  side: StartedSide,
  step: Extract<Step, { kind: 'restart' }>,
  run: {
    readonly suite: Suite;
    /** Which variant each side's server runs under, updated here. */
    readonly under: Map<SideName, string>;
    readonly idle?: IdleSides | undefined;
  },
): Promise<void> {
  const { suite, under } = run;
  const { server, options, variants, twin, operations } = side;
  // A side away on an operation's datadir comes home first (operation-host.ts).
  await operations?.comeHome();
  const label = variantLabel(step.variant);
  const before = under.get(step.side);
  if (step.toVariant && before === label) return;
  const next = optionsUnder(options, suite, step.variant);
  const now = currentOptions(options, suite, before);
  under.set(step.side, label);
  // The aligned head runs on a datadir of its own (datadir-snapshot.ts).
  const swap = twin !== undefined && alignedHead(before) !== alignedHead(label);
  // A variant that changes only how sysbench connects needs no restart.
  if (step.toVariant && !swap && JSON.stringify(next) === JSON.stringify(now)) return;
  // A frozen server would not hear its shutdown.
  await run.idle?.thaw(step.side);
  await server.stop();
  server.useOptions(next);
  if (swap) await twin.swap();
  await server.start();
  await recordVariant(server, suite, step.variant, variants);
}
