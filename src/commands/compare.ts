// `compare`: read results (and a baseline), decide, write verdict.json and the reports (comment,
// HTML report, charts). The CLI and the action both call runCompare.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { InputError } from '../errors.js';
import { readResults } from '../results/results-file.js';
import type { Results } from '../results/results-schema.js';
import { checkComparable } from '../baseline/comparable.js';
import { baselineSide, newestEntry } from '../baseline/entry.js';
import type { BaselineEntry } from '../baseline/baseline-schema.js';
import { writeReport, type WrittenReport } from '../report/write-report.js';
import { readBaselineFile } from '../baseline/store.js';
import { renderVerdictSummary } from '../compare/verdict-summary.js';
import { buildVerdict, type CompareOptions, type SideData } from '../compare/verdict.js';
import { Verdict } from '../compare/verdict-schema.js';

export interface CompareConfig {
  readonly resultsPath: string;
  /** A stored baseline to compare against; null compares the A/B file's own base side. */
  readonly baselinePath: string | null;
  readonly outDir: string;
  /** Compare even across suites or machines (the difference becomes a warning). */
  readonly force: boolean;
  readonly options: CompareOptions;
}

export interface CompareOutcome {
  readonly verdict: Verdict;
  readonly verdictPath: string;
  readonly summary: string;
  readonly report: WrittenReport;
}

export function sideOf(results: Results, side: 'base' | 'head'): SideData {
  const facts = results.sides[side];
  if (!facts) throw new InputError(`${side} side missing`);
  return {
    facts,
    cells: results.cells.filter((cell) => cell.side === side),
    environment: results.environment,
  };
}

/** The base side: the newest entry of a stored baseline, or the A/B file's own base side. */
function baseFor(
  config: CompareConfig,
  results: Results,
): { side: SideData; source: Verdict['baseSource']; warnings: string[]; history: readonly BaselineEntry[] } {
  if (config.baselinePath !== null) {
    const file = readBaselineFile(config.baselinePath);
    const entry = newestEntry(file);
    const warnings = checkComparable(entry, results, { force: config.force });
    const side = baselineSide(entry);
    return {
      side: { facts: side.facts, cells: side.cells, environment: side.environment },
      source: { kind: 'baseline', path: config.baselinePath, savedAt: side.savedAt },
      warnings,
      history: file.entries,
    };
  }
  if (results.mode !== 'ab' || !results.sides.base) {
    throw new InputError(
      `${config.resultsPath} measured one server; give a stored baseline to compare it with (--baseline FILE), or measure base and head side by side (run --base … --head …)`,
    );
  }
  return {
    side: sideOf(results, 'base'),
    source: { kind: 'ab', path: config.resultsPath, savedAt: null },
    warnings: [],
    history: [],
  };
}

export async function runCompare(config: CompareConfig): Promise<CompareOutcome> {
  const results = readResults(config.resultsPath);
  const base = baseFor(config, results);
  const head = sideOf(results, 'head');
  const built = buildVerdict(base.side, head, results.suite, base.source, config.options);
  const verdict = Verdict.parse({ ...built, warnings: [...base.warnings, ...built.warnings] });
  const outDir = resolve(config.outDir);
  mkdirSync(outDir, { recursive: true });
  const verdictPath = join(outDir, 'verdict.json');
  const temp = `${verdictPath}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(verdict, null, 2)}\n`);
  renameSync(temp, verdictPath);
  const report = await writeReport(outDir, {
    verdict,
    base: base.side,
    head,
    suite: results.suite,
    history: base.history,
  });
  return { verdict, verdictPath, summary: renderVerdictSummary(verdict), report };
}
