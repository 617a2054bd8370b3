// `mysql-perf-gate merge`: the shards' results → one results file; the summary to stderr.
import type { Command } from 'commander';

import { mergeCommand } from '../commands/merge.js';
import { EXIT_OK } from './shared-flags.js';
import { createStderrLogger } from './stderr-logger.js';

export function addMergeCommand(program: Command, onExitCode: (code: number) => void): void {
  program
    .command('merge')
    .description(
      "Join the results of every shard of a run (run --shard K/N) into one results file, which compare, baselines and history read like an unsharded run's.",
    )
    .argument('<shard-results...>', "each shard's results JSON, in any order")
    .requiredOption(
      '--out <file>',
      'merged results JSON to write; the raw output goes to <file>.raw/shard-K/',
    )
    .action((inputs: string[], flags: { out: string }) => {
      const logger = createStderrLogger({ verbose: false });
      const outcome = mergeCommand({ inputs, outPath: flags.out }, logger);
      logger.info(
        `\n${outcome.summary}\n\nmerged ${inputs.length} shards: ${outcome.resultsPath} (raw output: ${outcome.rawDir}/)`,
      );
      onExitCode(EXIT_OK);
    });
}
