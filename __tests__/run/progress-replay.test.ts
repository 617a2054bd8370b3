// The progress estimate replayed on the step timings of a real run: MySQL 9.7.2 (built with GCC
// 12) under callgrind, the instructions suite, on the project's 2-core VM (`run --verbose` logs
// every step's timing; __fixtures__/progress/README.md). Once each kind of step has been timed,
// the estimate of the work still to come may move between two lines by at most the spread the
// line before stated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { formatDuration } from '../../src/format.js';
import { plannedSeconds, planSteps, type Step } from '../../src/run/plan.js';
import { ProgressTracker } from '../../src/run/progress.js';
import { RemainingWork } from '../../src/run/remaining-estimate.js';
import { loadSuite } from '../../src/suite/load-suite.js';

interface Recorded {
  readonly step: Step;
  readonly startS: number;
  readonly seconds: number;
}

const FIXTURE = join(import.meta.dirname, '../../__fixtures__/progress/mysql-9.7-instructions-steps.json');
const recording = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { steps: Recorded[] };
const suite = loadSuite('instructions');
const plan = planSteps(suite, ['head']);

/** The plan's step a recorded one is (the same kind, side, cell and repetition). */
function planned(recorded: Step): Step {
  const same = plan.find((step) => JSON.stringify(step) === JSON.stringify(recorded));
  if (same === undefined) throw new Error(`recorded step ${JSON.stringify(recorded)} is not in the plan`);
  return same;
}

describe('the progress estimate on a recorded MySQL instructions run', () => {
  it('records the whole plan', () => {
    expect(recording.steps.map((entry) => planned(entry.step))).toEqual(plan);
  });

  it('never moves the estimate of the work to come by more than the spread stated the line before', () => {
    let now = 0;
    const work = new RemainingWork(plan, (step) => plannedSeconds(step, suite));
    const tracker = new ProgressTracker(plan, suite, () => now);
    const lines: string[] = [];
    const swings: { line: number; moved: number; bound: number }[] = [];
    let previous: { spread: number; predictions: Map<Step, number> } | undefined;
    recording.steps.forEach((entry, index) => {
      const step = planned(entry.step);
      now = entry.startS;
      work.start(step, now);
      const estimate = work.estimate(now);
      lines.push(tracker.describe(step));
      const toCome = plan.slice(index + 1);
      if (estimate.kind === 'estimate') {
        const predictions = new Map(toCome.map((later) => [later, work.predictionOf(later)?.seconds ?? NaN]));
        if (previous !== undefined) {
          const moved = toCome.reduce(
            (sum, later) => sum + (predictions.get(later)! - previous!.predictions.get(later)!),
            0,
          );
          swings.push({ line: index + 1, moved: Math.abs(moved), bound: previous.spread });
        }
        previous = { spread: estimate.spread, predictions };
      }
      now = entry.startS + entry.seconds;
      work.finish(step, now);
      tracker.done(step);
    });
    process.stdout.write(
      `\nreplayed progress lines (${recording.steps.length} steps, ${formatDuration(now)}):\n${lines.join('\n')}\n` +
        `largest move of the work to come: ${formatDuration(Math.max(...swings.map((swing) => swing.moved)))}; ` +
        `moves over the stated spread: ${swings.filter((swing) => swing.moved > swing.bound + 1e-9).length} of ${swings.length}\n`,
    );
    expect(swings.length).toBeGreaterThan(5);
    expect(swings.filter((swing) => swing.moved > swing.bound + 1e-9)).toEqual([]);
    // The first line that promises a time: within 45% of what the rest really took.
    const firstPromise = lines.findIndex((line) => !line.includes('estimating'));
    const promised = /~(?:(\d+)m)?(\d+)s left/.exec(lines[firstPromise]!)!;
    const promisedS = Number(promised[1] ?? 0) * 60 + Number(promised[2]);
    const actualS = now - recording.steps[firstPromise]!.startS;
    expect(Math.abs(promisedS - actualS) / actualS).toBeLessThan(0.45);
  });
});
