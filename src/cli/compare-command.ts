// `mysql-perf-gate compare`: flags → the compare command; the summary and where the reports went
// go to stdout, and the verdict decides the exit status.
import { stageTable } from '../report/stage-table.js';
import { statSync } from 'node:fs';
import { dirname, extname } from 'node:path';

import type { Command } from 'commander';

import {
  COMPARE_FLAG_DEFAULTS,
  GATE_DEFAULT_SHOWN,
  compareCommand,
  type CompareOptionFlags,
  compareOptionsFromFlags,
  type CompareOutcome,
  parseVariantBase,
} from '../commands/compare.js';
import { deliveryOf } from '../commands/gate.js';
import { InputError } from '../errors.js';
import { METRIC_NAMES } from '../metric-names.js';
import { deliverVerdict } from '../sinks/deliver.js';
import { type DeliveryTargets, sinksFor } from '../sinks/registry.js';
import { optionWithDefault } from './help-text.js';
import { printOut } from './print.js';
import { moveToNewSpelling, OLD_SPELLINGS_GO_IN } from './renamed-flags.js';
import { collect } from './shared-flags.js';
import { createStderrLogger } from './stderr-logger.js';

interface CompareFlags extends Omit<CompareOptionFlags, 'tolerance'> {
  baseline?: string;
  againstVariant?: string;
  out?: string;
  reportDir: string;
  tolerance?: string[];
  force?: boolean;
  source?: string;
  sourceUrl?: string;
  postWebhook?: string;
}

/** The verdict's summary, then where verdict.json, the report, the comment and the charts are. */
export function describeCompareOutcome(outcome: CompareOutcome): string {
  return (
    `${outcome.summary}\n\nverdict: ${outcome.verdictPath}\n` +
    `report: ${outcome.report.htmlPath}, comment: ${outcome.report.commentPath}, ` +
    `${outcome.report.charts.length} chart(s) in ${dirname(outcome.report.commentPath)}/charts/\n\n` +
    `${stageTable(outcome.stages)}\n`
  );
}

/** Judges, writes the report, delivers the verdict to the sinks the flags name, prints the summary. */
async function compare(
  resultsPath: string,
  flags: CompareFlags,
  onExitCode: (code: number) => void,
): Promise<void> {
  const targets: DeliveryTargets = {
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
function namesDirectory(value: string): boolean {
  const isDirectory = statSync(value, { throwIfNoEntry: false })?.isDirectory() ?? false;
  return isDirectory || extname(value).toLowerCase() !== '.json';
}

/**
 * `--out DIR` named the report directory until --report-dir did: a value that is a directory, or
 * has no .json extension, still does, with a warning, for one release.
 */
function oldOutMeaning(command: Command): void {
  const out: unknown = command.getOptionValue('out');
  if (typeof out !== 'string' || !namesDirectory(out)) return;
  if (command.getOptionValueSource('reportDir') === 'cli') {
    throw new InputError(
      `--out ${out}: expected the .json file to write verdict.json to (a directory was the old meaning of --out, and --report-dir is given)`,
    );
  }
  moveToNewSpelling(
    command,
    { old: '--out', now: '--report-dir' },
    out,
    `warning: --out ${out} names a directory, which is deprecated; use --report-dir ${out} (--out now names the verdict.json file; the old meaning goes in ${OLD_SPELLINGS_GO_IN})`,
  );
  command.setOptionValueWithSource('out', undefined, 'default');
}

export function addCompareCommand(program: Command, onExitCode: (code: number) => void): void {
  program
    .command('compare')
    .description(
      'Decide whether the head got slower than the base: exit 0 pass, 1 fail (a regression), 2 error.',
    )
    .argument('<results>', 'results JSON written by run')
    .addOption(
      optionWithDefault(
        '--baseline <file>',
        'stored baseline to compare the head with',
        'the base side of an A/B results file',
      ),
    )
    .option(
      '--against-variant <dimension=value>',
      "judge the run's cells under one value of a variant dimension against the same cells under its other values, e.g. durability=default",
    )
    .addOption(optionWithDefault('--out <file>', 'verdict JSON to write', 'verdict.json in --report-dir'))
    .option('--report-dir <dir>', 'directory for comment.md, report.html and charts/', 'report')
    .option(
      '--tolerance <rule>',
      'tolerance override, [WORKLOAD[@THREADS]:]METRIC=FRACTION, e.g. tps=0.03 or oltp_insert@64:tps=10% (repeatable)',
      collect,
    )
    .option(
      '--alpha <p>',
      'significance level, after Benjamini-Hochberg adjustment across the cells of each metric',
      COMPARE_FLAG_DEFAULTS.alpha,
    )
    .option(
      '--inconclusive <pass|fail>',
      'what a too-noisy verdict counts as (it is always reported loudly)',
      COMPARE_FLAG_DEFAULTS.inconclusive,
    )
    .addOption(
      optionWithDefault(
        '--gate <metrics>',
        `metrics whose cells decide the verdict, comma-separated (${METRIC_NAMES.join(', ')}); latency stands for p99Ms: tps,latency gates on the tail too`,
        GATE_DEFAULT_SHOWN,
      ),
    )
    .option(
      '--gate-work',
      'a status counter whose work per transaction changed (a plan, a cache, durability) fails the gate; what the statements do is counted exactly',
    )
    .addOption(
      optionWithDefault(
        '--source <dir>',
        'instruction suites: the git checkout both sides were built from, for the cost of the changed lines',
        "the one in the head's build.json",
      ),
    )
    .option(
      '--source-url <url>',
      'where that repository is browsed (https://github.com/owner/repo): each changed line links there',
    )
    .option('--force', 'compare even across suites or machines (the difference becomes a warning)')
    .option(
      '--post-webhook <url>',
      'post the verdict to a Slack or Mattermost incoming webhook (https; the address is a secret and is never printed); a failed post is a warning',
    )
    .hook('preAction', oldOutMeaning)
    .action((resultsPath: string, flags: CompareFlags) => compare(resultsPath, flags, onExitCode));
}
