// `mysql-perf-gate init`: the workflows and the settings file a server's repository needs, written
// into its checkout; what was written, actionlint's word on it, and the steps left to a person.
import type { Command } from 'commander';

import { initCommand, type InitOutcome } from '../commands/init.js';
import { initCheckCommand, type InitCheckOutcome } from '../commands/init-check.js';
import { optionWithDefault } from './help-text.js';
import { printOut } from './print.js';
import { EXIT_OK } from './shared-flags.js';
import { createStderrLogger } from './stderr-logger.js';

interface InitFlags {
  dir: string;
  runsOn: string;
  testbed?: string;
  compiler: string;
  instructions?: boolean;
  forkLabel: string;
  ref?: string;
  defaultBranch?: string;
  force?: boolean;
  check?: boolean;
}

function splitLabels(labels: string): string[] {
  return labels
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
}

function report(outcome: InitOutcome): string {
  const { facts } = outcome;
  const lines = [
    `${outcome.root}: ${facts.tree ?? 'not a server source tree'}, default branch ${facts.defaultBranch}${facts.slug === null ? '' : `, github.com/${facts.slug}`}`,
    '',
    ...outcome.written.map((file) => `wrote ${file.path}: ${file.purpose}`),
    ...outcome.unchanged.map((file) => `kept ${file.path} (already as init writes it)`),
    ...outcome.kept.map(
      (file) => `kept ${file.path}: it is yours already (--force writes init's, with the flags' machine)`,
    ),
    '',
    outcome.lint === null
      ? 'actionlint: not installed, not checked (https://github.com/rhysd/actionlint)'
      : outcome.lint === ''
        ? 'actionlint: no findings'
        : `actionlint found:\n${outcome.lint}`,
    '',
    'Left to you (an admin of the repository or organization):',
    ...outcome.steps.map(
      (step, index) => `  ${index + 1}. ${step.what}${step.link === null ? '' : `\n     ${step.link}`}`,
    ),
    '',
    'Then commit the files and open a pull request: its comment is the first verdict.',
  ];
  return `${lines.join('\n')}\n`;
}

function checkReport(outcome: InitCheckOutcome): string {
  const mark = { ok: 'ok', missing: 'MISSING', unknown: 'unknown' } as const;
  const lines = [
    `github.com/${outcome.slug}, default branch ${outcome.branch}:`,
    ...outcome.checks.map((check) => `  ${mark[check.state].padEnd(7)} ${check.what}: ${check.detail}`),
  ];
  return `${lines.join('\n')}\n`;
}

export function addInitCommand(program: Command, onExitCode: (code: number) => void): void {
  program
    .command('init')
    .description(
      "Write the workflows a server's repository needs (pull-request gate with its publishing and unlabel halves, nightly, bisect; with --instructions the GitHub-hosted instruction counts) and .github/mysql-perf-gate.yml, each workflow pinned to this package's commit; then list the steps only a person can take.",
    )
    .option('--dir <dir>', "anywhere in the server's git checkout", '.')
    .option('--runs-on <labels>', "the pinned runner's labels, comma-separated", 'self-hosted,perf-pinned')
    .addOption(
      optionWithDefault(
        '--testbed <name>',
        'the name the nightly history is kept under',
        'the first label but self-hosted, and -1',
      ),
    )
    .option('--compiler <spec>', 'what both sides build with: gcc-12, clang-16, a path, or CC:CXX', 'gcc-12')
    .option(
      '--instructions',
      'also write the GitHub-hosted pair that counts instructions on every pull request',
    )
    .option(
      '--fork-label <name>',
      "the label a writer adds to measure a fork's pull request",
      'perf-approved',
    )
    .addOption(optionWithDefault('--ref <sha>', 'the 40-hex commit the workflows call', "this package's own"))
    .addOption(
      optionWithDefault('--default-branch <name>', 'the branch the nightly measures', "origin's HEAD"),
    )
    .option('--force', 'replace files that exist with other text')
    .option(
      '--check',
      "write nothing: ask GitHub (token in GITHUB_TOKEN or GH_TOKEN) whether the admin's steps were taken; exit status 1 when one is missing",
    )
    .action(async (flags: InitFlags) => {
      const logger = createStderrLogger({ verbose: false });
      if (flags.check === true) {
        const checked = await initCheckCommand(
          {
            dir: flags.dir,
            runsOn: splitLabels(flags.runsOn),
            forkLabel: flags.forkLabel,
            defaultBranch: flags.defaultBranch,
            token: process.env.GITHUB_TOKEN ?? process.env.GH_TOKEN,
            apiUrl: process.env.GITHUB_API_URL ?? 'https://api.github.com',
          },
          logger,
        );
        printOut(checkReport(checked));
        onExitCode(checked.checks.some((check) => check.state === 'missing') ? 1 : EXIT_OK);
        return;
      }
      const outcome = await initCommand(
        {
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
        },
        logger,
      );
      printOut(report(outcome));
      onExitCode(outcome.lint === null || outcome.lint === '' ? EXIT_OK : 1);
    });
}
