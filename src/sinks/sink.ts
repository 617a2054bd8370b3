// A sink delivers a judged run's verdict somewhere a person reads it: the pull-request comment, the
// job summary, a chat webhook. Every sink receives the same Delivery, made after the report was
// written, and every sink that can be configured is registered in one list (registry.ts).
//
// The report directory is not a sink: it is what the sinks deliver from. The comment's images are
// the PNGs written there, the job summary is the comment written there, and the workflow uploads
// the directory as an artifact; it is written before any sink runs, by compare (or publish).
import type { Verdict } from '../compare/verdict-schema.js';
import type { StageRow } from '../report/stage-table.js';
import type { WrittenReport } from '../report/write-report.js';
import type { Logger } from '../shell/logger.js';

/** Where the run happened, for the links and names a sink shows. All of it is absent outside GitHub. */
export interface RunContext {
  /** owner/name of the repository. */
  readonly repository?: string;
  /** The workflow run that measured (or published) the verdict. */
  readonly runUrl?: string;
  /** The pull request the run is for. */
  readonly pullRequest?: number;
}

/** What every sink receives: the verdict and everything written for it. */
export interface Delivery {
  readonly verdict: Verdict;
  /** verdict.json as written. */
  readonly verdictPath: string;
  /** The comment, the HTML report and the charts in the report directory. */
  readonly report: WrittenReport;
  readonly suite: string;
  /** The time of each stage of this job (builds, run, compare); empty when the job only reported. */
  readonly stages: readonly StageRow[];
  readonly context: RunContext;
}

/** What a sink did: its name, and the address of what it posted when there is one. */
export interface SinkReceipt {
  readonly sink: string;
  readonly url?: string;
}

/**
 * One place a verdict goes. `deliver` logs what it did; it throws a named error (a GateError) when
 * the place refused or could not be reached, which deliverVerdict turns into a warning: the verdict,
 * not its delivery, decides whether the gate passes.
 */
export interface Sink<Receipt extends SinkReceipt = SinkReceipt> {
  readonly name: string;
  deliver(delivery: Delivery, logger: Logger): Promise<Receipt>;
}
