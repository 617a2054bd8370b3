// The action's front end: read the inputs of the mode asked for, run its command (the gate for
// measure and merge: commands/gate.ts), set the outputs. The one place that calls core.setFailed,
// its message made printable: it may quote what the code under test printed.
import * as core from '@actions/core';
import { appendFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inspect } from 'node:util';

import { workflowRepositoryUrl } from '../commands/compare-lines.js';
import { doctorGateFromFlags } from '../commands/doctor-gate.js';
import {
  buildServers,
  gateCommand,
  type GateEvents,
  type JudgedRun,
  judgeRun,
  type JudgeSettings,
  judgeSettingsFromFlags,
  planGate,
} from '../commands/gate.js';
import { checkSides } from '../commands/build.js';
import { mergeCommand } from '../commands/merge.js';
import { planBuilds } from '../commands/source-builds.js';
import { actionSpelling } from '../commands/spelling.js';
import { GateError, InputError, internalErrorLine } from '../errors.js';
import { renderDoctorMarkdown } from '../report/render/markdown/doctor.js';
import { inCleanupScope } from '../shell/cleanup.js';
import { packageIssuesUrl } from '../shell/package-root.js';
import { PULL_REQUEST_COMMENT } from '../sinks/pull-request-comment.js';
import { printable } from '../untrusted-text.js';
import { acceptFromEvent } from './accept.js';
import { checkForkApproval } from './approval.js';
import { readBuildInputs } from './build-inputs.js';
import { actionsCcache } from './ccache-cache.js';
import { bisectFromInputs } from './bisect.js';
import { commentBisection } from './bisect-comment.js';
import { coreLogger } from './core-logger.js';
import { type ActionMode, readMode } from './modes.js';
import { readDelivery } from './delivery.js';
import { appendToHistoryBranch } from './history.js';
import { readCompareInputs, readDoctorInputs, readRunInputs } from './inputs.js';
import { input, multilineInput, withSettingsSource } from './settings-inputs.js';
import { readSettingsFile } from './settings.js';
import { saveStateForPost } from './post.js';
import { publishFromArtifact } from './publish.js';
import { shardResultFiles } from './shard-files.js';

/** Outputs set as the gate goes, so that they survive a later failure. */
const events: GateEvents = {
  cacheFor: actionsCcache,
  built: (side, outcome, reused) => {
    core.setOutput(`${side}-prefix`, outcome.prefix);
    core.setOutput('reused', reused.join(','));
  },
  measured: (outcome) => {
    core.setOutput('results', outcome.resultsPath);
    core.setOutput('raw-dir', outcome.rawDir);
  },
  checked: (check) => {
    core.setOutput('runner-grade', check.report.grade.letter);
    const summary = process.env.GITHUB_STEP_SUMMARY;
    if (summary) appendFileSync(summary, renderDoctorMarkdown(check.report, check.below ?? undefined));
    return Promise.resolve();
  },
};

/** The judging inputs, checked; the changed lines link to this repository when GitHub says which. */
function readJudging(): JudgeSettings {
  return judgeSettingsFromFlags(
    readCompareInputs(),
    actionSpelling,
    workflowRepositoryUrl(process.env).sourceUrl,
  );
}

/** The verdict's outputs, and the step failed when the verdict fails the gate. */
function judged(run: JudgedRun): void {
  const { compared } = run;
  core.setOutput('report-dir', dirname(compared.report.commentPath));
  const comment = run.receipts.find((receipt) => receipt.sink === PULL_REQUEST_COMMENT);
  if (comment?.url !== undefined) core.setOutput('comment-url', comment.url);
  core.setOutput('verdict', compared.verdict.verdict);
  core.setOutput('regressions', String(compared.verdict.counts.regression));
  core.setOutput('verdict-path', compared.verdictPath);
  if (run.failure !== null) core.setFailed(printable(run.failure));
}

/** Mode measure: build (with input source), run, judge, deliver. */
async function measure(): Promise<void> {
  // Every input is read and checked before the first build or server starts.
  const runInputs = readRunInputs();
  const doctor = doctorGateFromFlags(readDoctorInputs(runInputs), actionSpelling);
  const plan = planGate(runInputs, readBuildInputs(runInputs), readJudging(), doctor);
  const delivery = readDelivery();
  // Before anything starts: a cancelled job's post step stops what this step leaves running.
  saveStateForPost();
  const outcome = await gateCommand(plan, delivery, events, coreLogger);
  if (outcome.kind === 'judged') judged(outcome.judged);
}

/** Mode build: the servers of input source (and base-source), built and left for later jobs. */
async function buildOnly(): Promise<void> {
  const buildInputs = readBuildInputs(readRunInputs());
  if (!buildInputs) {
    throw new InputError(
      'mode build builds the servers of input "source" (and "base-source"): give a source tree',
    );
  }
  const builds = planBuilds(buildInputs);
  // Every side checked before the first build waits for the machine lock.
  const checked = await checkSides(builds, buildInputs.common, coreLogger);
  await inCleanupScope(coreLogger, (scope) =>
    buildServers(buildInputs.common, { builds, checked }, events, [], coreLogger, scope),
  );
}

/** Mode merge: every shard's results (input "shards") into one results file, then judged. */
async function mergeAndJudge(): Promise<void> {
  const files = shardResultFiles(multilineInput('shards'));
  const judging = readJudging();
  const delivery = readDelivery();
  const outcome = await core.group('Merge the shards', () =>
    Promise.resolve(
      mergeCommand(
        {
          inputs: files,
          outPath: input('out') || 'mysql-perf-gate/results.json',
          spell: actionSpelling,
        },
        coreLogger,
      ),
    ),
  );
  coreLogger.info(outcome.summary);
  events.measured?.(outcome);
  const run = await judgeRun(outcome, judging, delivery, coreLogger);
  if (run !== null) judged(run);
}

/** Every mode but measure; one that returns a reason fails the step with it. */
const OTHER_MODES: Partial<Record<ActionMode, () => Promise<unknown>>> = {
  publish: publishFromArtifact,
  history: appendToHistoryBranch,
  bisect: bisectFromInputs,
  'bisect-comment': commentBisection,
  settings: readSettingsFile,
  approval: checkForkApproval,
  accept: acceptFromEvent,
  build: buildOnly,
  merge: mergeAndJudge,
};

export async function run(): Promise<void> {
  try {
    // Every mode but measure reads only its own inputs (publish: a run measured by another workflow).
    const mode = readMode();
    const failure = await (OTHER_MODES[mode] ?? measure)();
    if (typeof failure === 'string') core.setFailed(printable(failure));
  } catch (error) {
    failWith(error);
  }
}

/**
 * The step failed with one line: the message of the tool's own errors, or, for anything else (a
 * bug), the message said to be internal, with where to report it. The stack goes to the debug log
 * only, which a re-run with debug logging shows.
 */
function failWith(error: unknown): void {
  coreLogger.debug(inspect(error));
  core.setFailed(
    printable(
      error instanceof GateError
        ? withSettingsSource(error.message)
        : internalErrorLine(
            error,
            packageIssuesUrl(),
            're-run the job with debug logging enabled (ACTIONS_STEP_DEBUG) for the stack',
          ),
    ),
  );
}
