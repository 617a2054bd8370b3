// The action's steps: read every input, build the servers when given source trees, run the suite,
// judge it, post to the pull request and set the outputs. The one place that calls core.setFailed.
import { renderJobSummary } from '../report/render/job-summary.js';
import { buildStages, runStages, type StageRow, stageTable } from '../report/stage-table.js';
import * as core from '@actions/core';
import { dirname, join } from 'node:path';

import { buildSides, type SidePrefixes } from '../commands/build.js';
import { compareCommand, type CompareOutcome, compareOptionsFromFlags } from '../commands/compare.js';
import { workflowRepositoryUrl } from '../commands/compare-lines.js';
import { type CompareOptions, failedOn } from '../compare/verdict.js';
import { runCommand, runConfigFromFlags, type RunFlags, type RunOutcome } from '../commands/run.js';
import { actionSpelling } from '../commands/spelling.js';
import { mergeCommand } from '../commands/merge.js';
import { errorMessage, InputError } from '../errors.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import {
  type BuildInputs,
  planBuilds,
  plannedRunFlags,
  readBuildInputs,
  runFlagsFor,
} from './build-inputs.js';
import { actionsCcache } from './ccache-cache.js';
import { bisectFromInputs } from './bisect.js';
import { coreLogger } from './core-logger.js';
import { appendToHistoryBranch } from './history.js';
import { type CompareInputs, readCompareInputs, readRunInputs } from './inputs.js';
import { saveStateForPost } from './post.js';
import { postToPullRequest } from './pull-request.js';
import { publishFromArtifact } from './publish.js';
import { type ActionMode, readMode } from './publish-inputs.js';
import { shardResultFiles } from './shard-files.js';

/** Sides whose prefix came from the store in this job: their build took no time here. */
const reusedSides = new Set<string>();

/** Builds the servers the build inputs ask for; sets each side's prefix output as it is built. */
async function buildServers(buildInputs: BuildInputs, scope: CleanupScope): Promise<SidePrefixes> {
  const builds = planBuilds(buildInputs);
  const cache = await actionsCcache(buildInputs.common, builds);
  const reused: string[] = [];
  return buildSides(
    builds,
    {
      common: buildInputs.common,
      ...(cache ? { cache } : {}),
      onBuilt: (side, outcome) => {
        core.setOutput(`${side}-prefix`, outcome.prefix);
        if (outcome.reused) reused.push(side);
        if (outcome.reused) reusedSides.add(side);
        core.setOutput('reused', reused.join(','));
      },
    },
    coreLogger,
    scope,
  );
}

/** Builds the servers the build inputs ask for (if any), then measures them. */
async function buildAndMeasure(
  runInputs: RunFlags,
  buildInputs: BuildInputs | undefined,
  judging: CompareOptions,
): Promise<RunOutcome> {
  if (!buildInputs) return runCommand(runConfigFromFlags(runInputs, actionSpelling, judging), coreLogger);
  return inCleanupScope(coreLogger, async (scope) => {
    const prefixes = await buildServers(buildInputs, scope);
    const config = runConfigFromFlags(runFlagsFor(runInputs, prefixes), actionSpelling, judging);
    return runCommand(config, coreLogger, scope);
  });
}

/** Mode build: the servers of input source (and base-source), built and left for later jobs. */
async function buildOnly(): Promise<void> {
  const buildInputs = readBuildInputs(readRunInputs());
  if (!buildInputs) {
    throw new InputError(
      'mode build builds the servers of input "source" (and "base-source"): give a source tree',
    );
  }
  await inCleanupScope(coreLogger, (scope) => buildServers(buildInputs, scope));
}

/** Mode merge: every shard's results (input "shards") into one results file, then judged. */
async function mergeAndJudge(): Promise<void> {
  const files = shardResultFiles(core.getMultilineInput('shards'));
  const compareInputs = readCompareInputs();
  compareOptionsFromFlags(compareInputs, actionSpelling);
  const outcome = await core.group('Merge the shards', () =>
    Promise.resolve(
      mergeCommand(
        { inputs: files, outPath: core.getInput('out') || 'mysql-perf-gate/results.json' },
        coreLogger,
      ),
    ),
  );
  core.info(outcome.summary);
  core.setOutput('results', outcome.resultsPath);
  core.setOutput('raw-dir', outcome.rawDir);
  await judgeAndFail(outcome, compareInputs);
}

/**
 * The stages of the job summary's table: the builds of this job (each side's build.json, which the
 * results carry), the run and the compare.
 */
function jobStages(outcome: RunOutcome, compared: CompareOutcome, built: boolean): StageRow[] {
  const builds = built
    ? (['base', 'head'] as const).flatMap((side) => {
        if (reusedSides.has(side))
          return [{ stage: `${side} build`, seconds: 0, detail: 'reused from the store' }];
        const info = outcome.results.sides[side]?.build;
        return info ? buildStages(info, side) : [];
      })
    : [];
  return [...builds, ...runStages(outcome.results), ...compared.stages];
}

async function judge(outcome: RunOutcome, inputs: CompareInputs, built = false): Promise<CompareOutcome> {
  const compared = await core.group('Compare', () =>
    compareCommand({
      resultsPath: outcome.resultsPath,
      baselinePath: inputs.baseline ?? null,
      outDir: inputs.reportDir ?? join(dirname(outcome.resultsPath), 'report'),
      force: inputs.force,
      options: compareOptionsFromFlags(inputs, actionSpelling),
      ...workflowRepositoryUrl(process.env),
    }),
  );
  core.info(compared.summary);
  core.info(stageTable(compared.stages));
  core.setOutput('report-dir', dirname(compared.report.commentPath));
  await postToPullRequest(compared.report, outcome.results.suite.name);
  // The job summary shows the same content as the comment (outside GitHub there is none).
  if (process.env.GITHUB_STEP_SUMMARY)
    await core.summary
      .addRaw(renderJobSummary(compared.report.commentWithoutImages, jobStages(outcome, compared, built)))
      .write();
  core.setOutput('verdict', compared.verdict.verdict);
  core.setOutput('regressions', String(compared.verdict.counts.regression));
  core.setOutput('verdict-path', compared.verdictPath);
  return compared;
}

/**
 * Judges, comments, and fails the step on a regression (or an inconclusive verdict, if asked); a
 * run of one server without a baseline is recorded only.
 */
async function judgeAndFail(outcome: RunOutcome, compareInputs: CompareInputs, built = false): Promise<void> {
  if (outcome.results.mode === 'single' && compareInputs.baseline === undefined) {
    core.info('one server measured and no baseline given: results are recorded, not judged');
    return;
  }
  const compared = await judge(outcome, compareInputs, built);
  const { verdict } = compared.verdict;
  if (verdict === 'inconclusive') {
    core.warning(`inconclusive: ${compared.verdict.counts.inconclusive} cell(s) too noisy to judge`);
  }
  if (compared.exitCode === 1 && compareInputs.failOnRegression) {
    core.setFailed(
      verdict === 'fail'
        ? `${failedOn(compared.verdict)}; see ${compared.verdictPath}`
        : 'inconclusive verdict counts as a failure (input "inconclusive": fail)',
    );
  }
}

const OTHER_MODES: Partial<Record<ActionMode, () => Promise<void>>> = {
  publish: publishFromArtifact,
  history: appendToHistoryBranch,
  bisect: bisectFromInputs,
  build: buildOnly,
  merge: mergeAndJudge,
};

export async function run(): Promise<void> {
  try {
    const mode = readMode();
    // Every mode but measure reads only its own inputs (publish: a run measured by another workflow).
    const other = OTHER_MODES[mode];
    if (other) {
      await other();
      return;
    }
    // Every input is read and checked before the first build or server starts.
    const runInputs = readRunInputs();
    const buildInputs = readBuildInputs(runInputs);
    const compareInputs = readCompareInputs();
    const judging = compareOptionsFromFlags(compareInputs, actionSpelling);
    const planned = buildInputs ? plannedRunFlags(buildInputs, runInputs) : runInputs;
    runConfigFromFlags(planned, actionSpelling, judging);

    // Before anything starts: a cancelled job's post step stops what this step leaves running.
    saveStateForPost();
    const outcome = await buildAndMeasure(runInputs, buildInputs, judging);
    core.info(outcome.summary);
    core.setOutput('results', outcome.resultsPath);
    core.setOutput('raw-dir', outcome.rawDir);
    if (outcome.results.shard) {
      const { index, count } = outcome.results.shard;
      core.info(`shard ${index}/${count} measured: mode merge joins every shard's results and judges them`);
      return;
    }
    await judgeAndFail(outcome, compareInputs, buildInputs !== undefined);
  } catch (error) {
    core.setFailed(errorMessage(error));
  }
}
