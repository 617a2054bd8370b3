// The bisection itself: measures the ends that no reference values stand for, checks that they
// differ beyond the noise, then measures the candidate nearest the middle of the range still in
// doubt until the first bad commit is known. The state file is written after every step, so a
// second invocation resumes where the first stopped and never measures a commit twice.
//
// It builds and measures through the functions it is given (`BisectWork`): the command hands it
// the real checkout, build and run; the tests hand it fakes. So it knows nothing of git,
// compilers or servers, only what a build or a run of one commit gave. A commit that does not
// build, or whose run could not measure it, is skipped, as `git bisect run` does with exit 125.
import { METRICS } from '../compare/metrics.js';
import { formatDuration, plural } from '../format.js';
import type { Logger } from '../shell/logger.js';
import { type AllEnds, judgeAllEnds, judgeCommit, type CommitCall } from './bisect-classify.js';
import { estimateSteps, nextStep, searchRange, untested } from './bisect-search.js';
import {
  type BisectState,
  type CellValues,
  endValues,
  type MeasuredCommit,
  searchCalls,
  searchResult,
  withMeasured,
} from './bisect-state.js';
import { writeBisectState } from './bisect-state-file.js';
import { describeEnds, describeValues, oneLine, rangeLine, shortSha, stepLine } from './bisect-text.js';
import { appendValues, fewestRepetitions } from './bisect-values.js';

/** What building a commit gave: a build, or the error that stopped it (a skip, not a failure). */
export type BuildAttempt = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** What one run on a commit's build gave: every selected cell's values, or why it could not measure. */
export type MeasureAttempt =
  | { readonly ok: true; readonly values: CellValues; readonly resultsFile: string }
  | { readonly ok: false; readonly error: string };

/** Which run of a commit this is (1 for its first) and how many repetitions each cell gets. */
export interface MeasureRequest {
  readonly run: number;
  readonly repetitions: number;
}

/**
 * Building and measuring one commit. Both report a commit that cannot be built or measured in
 * their result; what they throw (an interrupt, a broken machine) ends the bisection.
 */
export interface BisectWork {
  /** Builds `sha`; the build measure() runs next is this one. */
  build(sha: string): Promise<BuildAttempt>;
  /** One run of the selected cells on the last build. */
  measure(sha: string, request: MeasureRequest): Promise<MeasureAttempt>;
}

export interface BisectionSetup {
  /** A fresh state (bisect-state.ts's newState), or one read back from `statePath`. */
  readonly state: BisectState;
  /** Whether `state` was read back: a resumed bisection says how far it had got. */
  readonly resumed: boolean;
  /** Written after every step. */
  readonly statePath: string;
  /** The good end's subject, for its progress line (the candidates carry their own). */
  readonly goodSubject: string;
  /** Repetitions an ambiguous throughput-like commit may get before it is skipped. */
  readonly maxRepetitions: number;
  /** How the user named the ends (`--good`, `input "good"`), for the reasons recorded. */
  readonly endLabels: Readonly<Record<'good' | 'bad', string>>;
  /** Throws when the bisection was interrupted; called before every build and run. */
  readonly throwIfInterrupted?: () => void;
}

/**
 * Bisects from `setup.state` to a result (or only reports a finished one) and returns the final
 * state, which was also written to `setup.statePath`.
 */
export async function runBisection(
  setup: BisectionSetup,
  work: BisectWork,
  logger: Logger,
): Promise<BisectState> {
  return new Bisection(setup, work, logger).run();
}

/** What to build and measure, and what it is to the search. */
interface Target {
  readonly sha: string;
  readonly subject: string;
  readonly role: MeasuredCommit['role'];
}

interface Built {
  readonly seconds: number;
  /** Why the commit is skipped, when it did not build. */
  readonly skip?: string;
}

class Bisection {
  private state: BisectState;
  private readonly counted: boolean;
  private readonly repetitions: number;

  constructor(
    private readonly setup: BisectionSetup,
    private readonly work: BisectWork,
    private readonly logger: Logger,
  ) {
    this.state = setup.state;
    this.counted = METRICS[setup.state.inputs.metric].counted;
    this.repetitions = setup.state.inputs.suite.definition.repetitions;
  }

  async run(): Promise<BisectState> {
    const { statePath } = this.setup;
    if (this.state.result !== null) {
      this.logger.info(`the bisection in ${statePath} is finished; its result again, without measuring:`);
      return this.state;
    }
    if (this.setup.resumed) {
      const done = plural(this.state.measured.length, 'commit', 'commits');
      this.logger.info(`resuming the bisection in ${statePath}: ${done} measured already`);
    }
    this.save(this.state);
    const ends = await this.settleEnds();
    if (ends !== undefined) await this.search(ends);
    return this.state;
  }

  private get cells(): readonly string[] {
    return this.state.inputs.cells;
  }

  private save(state: BisectState): void {
    this.state = state;
    writeBisectState(this.setup.statePath, state);
  }

  private finish(result: NonNullable<BisectState['result']>): void {
    this.save({ ...this.state, result });
  }

  private interrupted(): void {
    this.setup.throwIfInterrupted?.();
  }

  /**
   * Measures the ends that have no reference values, then checks that they differ beyond the
   * noise, measuring throughput-like ends again while they do not and may have more repetitions.
   * Returns their judgement, or undefined when the bisection ended (the result says why).
   */
  private async settleEnds(): Promise<AllEnds | undefined> {
    const { inputs } = this.state;
    for (const end of ['good', 'bad'] as const) {
      if (inputs.references[end] !== undefined) continue;
      if (this.state.measured.some((commit) => commit.role === `${end}-end`)) continue;
      const sha = inputs[end];
      const subject = end === 'good' ? this.setup.goodSubject : this.subjectOf(sha);
      this.logger.info(`measuring the ${end} end: ${shortSha(sha)} ${subject}`);
      if (!(await this.measureEnd({ sha, subject, role: `${end}-end` }))) return undefined;
    }
    for (;;) {
      const { good = {}, bad = {} } = endValues(this.state);
      const ends = judgeAllEnds(good, bad, this.cells, this.counted);
      if (ends.distinct) {
        this.logger.info(`the ends differ: ${describeEnds(ends)}`);
        return ends;
      }
      const again = this.counted ? [] : this.endsToRepeat();
      if (again.length === 0) {
        const reason = `the good and the bad end are indistinguishable: ${ends.reason}`;
        this.finish({ outcome: 'undecided', reason, suspects: [] });
        return undefined;
      }
      this.logger.info(`the ends are not distinguishable yet (${ends.reason}); measuring them again`);
      for (const commit of again) if (!(await this.measureEnd(commit, commit))) return undefined;
    }
  }

  /** A candidate's subject (BAD is the last candidate). */
  private subjectOf(sha: string): string {
    return this.state.candidates.find((candidate) => candidate.sha === sha)?.subject ?? '';
  }

  /** Measured ends that may have more repetitions. */
  private endsToRepeat(): MeasuredCommit[] {
    return this.state.measured.filter(
      (commit) =>
        commit.role !== 'candidate' &&
        commit.call !== 'skipped' &&
        fewestRepetitions(commit.values, this.cells) < this.setup.maxRepetitions,
    );
  }

  /** Builds and measures an end (once more, after `previous`); false, the bisection over, when it cannot be. */
  private async measureEnd(target: Target, previous?: MeasuredCommit): Promise<boolean> {
    const end = target.role === 'good-end' ? 'good' : 'bad';
    const reason = `the ${end} end (${this.setup.endLabels[end]})`;
    const measured = await this.measureCommit(target, () => ({ call: end, reason }), previous);
    this.save(withMeasured(this.state, measured));
    if (measured.call === 'skipped') {
      const why = `the ${end} end ${shortSha(target.sha)} ${measured.reason}`;
      this.finish({ outcome: 'undecided', reason: why, suspects: [] });
      return false;
    }
    return true;
  }

  /** Measures the candidate nearest the middle of the range until the first bad commit is known. */
  private async search(ends: AllEnds): Promise<void> {
    const count = this.state.candidates.length;
    if (this.state.estimatedSteps === null) {
      const calls = searchCalls(this.state);
      const estimatedSteps = estimateSteps(untested(searchRange(count, calls), calls).length);
      this.save({ ...this.state, estimatedSteps });
    }
    for (;;) {
      this.interrupted();
      const step = nextStep(count, searchCalls(this.state));
      if (step.kind !== 'measure') {
        this.finish(searchResult(this.state, step));
        return;
      }
      const candidate = this.state.candidates[step.index];
      if (candidate === undefined) throw new Error(`no candidate ${step.index}`);
      const number = this.state.measured.filter((commit) => commit.role === 'candidate').length + 1;
      this.logger.info(stepLine(number, this.state.estimatedSteps ?? 0, candidate.sha, candidate.subject));
      this.logger.info(rangeLine(this.state, step.range));
      const decide = (values: CellValues): CommitCall =>
        judgeCommit(ends.cells, values, this.counted, this.setup.maxRepetitions);
      const measured = await this.measureCommit({ ...candidate, role: 'candidate' }, decide);
      this.logger.info(`${shortSha(candidate.sha)} is ${measured.call}: ${measured.reason}`);
      this.save(withMeasured(this.state, measured));
    }
  }

  /**
   * Builds the target and runs the cells on it until `decide` calls it (an ambiguous commit is run
   * again, its repetitions appended); a commit that does not build or cannot be measured is
   * skipped. Continues `previous` when given (an end measured again).
   */
  private async measureCommit(
    target: Target,
    decide: (values: CellValues) => CommitCall,
    previous?: MeasuredCommit,
  ): Promise<MeasuredCommit> {
    const built = await this.build(target.sha);
    let values: CellValues = previous?.values ?? {};
    const resultsFiles = [...(previous?.resultsFiles ?? [])];
    let measureSeconds = previous?.measureSeconds ?? null;
    const record = (call: MeasuredCommit['call'], reason: string): MeasuredCommit => ({
      ...target,
      values,
      call,
      reason,
      buildSeconds: (previous?.buildSeconds ?? 0) + built.seconds,
      measureSeconds,
      resultsFiles,
      measuredAt: new Date().toISOString(),
    });
    if (built.skip !== undefined) return record('skipped', built.skip);
    for (;;) {
      const have = fewestRepetitions(values, this.cells);
      const repetitions = resultsFiles.length === 0 ? this.repetitions : this.extraRepetitions(have);
      this.interrupted();
      const started = performance.now();
      const run = await this.work.measure(target.sha, { run: resultsFiles.length + 1, repetitions });
      if (!run.ok) return record('skipped', `could not be measured: ${oneLine(run.error)}`);
      values = appendValues(values, run.values);
      resultsFiles.push(run.resultsFile);
      measureSeconds = (measureSeconds ?? 0) + (performance.now() - started) / 1000;
      this.logger.info(`measured: ${describeValues(values, this.cells)}`);
      const decision = decide(values);
      if (decision.call !== 'more') return record(decision.call, decision.reason);
      this.logger.info(`ambiguous, measuring again: ${decision.reason}`);
    }
  }

  /** A further run's repetitions: the suite's, no more than the maximum allows, at least 2. */
  private extraRepetitions(have: number): number {
    return Math.max(2, Math.min(this.repetitions, this.setup.maxRepetitions - have));
  }

  /** Builds `sha`; a commit that does not build is to be skipped, with the build's error as the reason. */
  private async build(sha: string): Promise<Built> {
    this.interrupted();
    const started = performance.now();
    const attempt = await this.work.build(sha);
    const seconds = (performance.now() - started) / 1000;
    if (!attempt.ok) {
      const skip = `does not build: ${oneLine(attempt.error)}`;
      this.logger.info(`${shortSha(sha)} ${skip}`);
      return { seconds, skip };
    }
    this.logger.info(`built ${shortSha(sha)} in ${formatDuration(seconds)}`);
    return { seconds };
  }
}
