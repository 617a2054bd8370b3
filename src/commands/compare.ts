// The `compare` command: read results (and a baseline), decide, write verdict.json and the reports
// (comment, HTML report, charts). Its options come from CLI flags or action inputs as strings
// (CompareOptionFlags); compareOptionsFromFlags checks them the same way for both front ends.
import type { StageRow } from '../report/stage-table.js';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { InputError, ResultsError, StatisticsError } from '../errors.js';
import { isMetricName, METRIC_NAMES, type MetricName } from '../metric-names.js';
import { parseToleranceRule } from '../compare/tolerances.js';
import { type BaseRequest, judge, withLines } from '../compare/judge.js';
import { JUDGE_DEFAULTS } from '../compare/judge-defaults.js';
import {
  type CompareOptions,
  DEFAULT_COMPARE_OPTIONS,
  type InconclusivePolicy,
  verdictExitCode,
} from '../compare/verdict.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';
import { readResults } from '../results/results-file.js';
import { writeReport, type WrittenReport } from '../report/write-report.js';
import { writeRefusal } from '../shell/disk-space.js';
import { readBaselineFile } from '../baseline/store.js';
import { renderReportSummary } from '../report/render/terminal.js';
import { SOURCE_URL, type Verdict } from '../compare/verdict-schema.js';
import { compareLines } from './compare-lines.js';
import type { VariantBase } from '../compare/variant-sides.js';

export { parseVariantBase } from '../compare/variant-sides.js';

export interface CompareConfig {
  readonly resultsPath: string;
  /** A stored baseline to compare against; null compares the A/B file's own base side. */
  readonly baselinePath: string | null;
  /** One variant value against the others of its dimension, in the head side's cells (--against-variant). */
  readonly againstVariant?: VariantBase;
  /** The report directory: comment.md, report.html, charts/ (--report-dir, input "report-dir"). */
  readonly outDir: string;
  /** Where verdict.json goes (--out); default: in the report directory. */
  readonly verdictPath?: string;
  /** How errors name the options; the command line's by default. */
  readonly spell?: FlagSpelling;
  /** Compare even across suites or machines (the difference becomes a warning). */
  readonly force: boolean;
  readonly options: CompareOptions;
  /** Instruction suites: the checkout the sides were built from (default: the head's, in build.json). */
  readonly source?: string;
  /** Where the repository's files are browsed, for the line links (https://github.com/owner/repo). */
  readonly sourceUrl?: string;
}

export interface CompareOutcome {
  readonly verdict: Verdict;
  readonly verdictPath: string;
  /** The terminal summary: the verdict, the differences between the sides and every cell. */
  readonly summary: string;
  readonly report: WrittenReport;
  /** How long judging and writing the report took. */
  readonly stages: readonly StageRow[];
  /** 0 pass, 1 fail (a regression, or an inconclusive verdict counted as a failure). */
  readonly exitCode: 0 | 1;
}

/** The stored baseline, read, or the A/B file's own base side. */
function baseRequest(config: CompareConfig): BaseRequest {
  if (config.againstVariant !== undefined) {
    if (config.baselinePath !== null) {
      throw new InputError(
        '--against-variant compares the cells of one run with each other; it takes no --baseline',
      );
    }
    return { kind: 'variant', ...config.againstVariant, option: cliSpelling('against-variant') };
  }
  if (config.baselinePath === null) return { kind: 'ab' };
  return { kind: 'baseline', file: readBaselineFile(config.baselinePath, 'compare'), force: config.force };
}

/**
 * The judgement, or, when a statistic cannot be computed from the file's numbers (a repetition at
 * 0 tps, one repetition where two are needed), one ResultsError naming the file and the figure.
 */
function judgedOrRefused<T>(resultsPath: string, judging: () => T): T {
  try {
    return judging();
  } catch (error) {
    if (!(error instanceof StatisticsError)) throw error;
    throw new ResultsError(`${resultsPath} cannot be judged: ${error.message}`, { cause: error });
  }
}

/** Decides, writes verdict.json (into `config.outDir` unless `verdictPath` says where) and the reports into `config.outDir`. */
export async function compareCommand(config: CompareConfig): Promise<CompareOutcome> {
  if (config.sourceUrl !== undefined && !SOURCE_URL.test(config.sourceUrl)) {
    throw new InputError(
      `--source-url ${config.sourceUrl}: expected an https:// address, such as https://github.com/owner/repo`,
    );
  }
  const judging = performance.now();
  const results = readResults(config.resultsPath, 'compare');
  const base = baseRequest(config);
  const judged = judgedOrRefused(config.resultsPath, () =>
    judge({
      results,
      resultsPath: config.resultsPath,
      base,
      ...(config.baselinePath === null ? {} : { baselinePath: config.baselinePath }),
      options: config.options,
    }),
  );
  const lines = await compareLines({
    results,
    resultsPath: config.resultsPath,
    baseline: config.baselinePath !== null,
    cells: judged.verdict.cells,
    source: config.source,
    sourceUrl: config.sourceUrl,
  });
  const input = withLines(judged, lines);
  const { verdict } = input;
  const outDir = resolve(config.outDir);
  const verdictPath = resolve(config.verdictPath ?? join(outDir, 'verdict.json'));
  const spell = config.spell ?? cliSpelling;
  const reporting = performance.now();
  // verdict.json first, atomically: a write the disk refuses leaves the previous one whole.
  try {
    mkdirSync(dirname(verdictPath), { recursive: true });
    writeFileAtomic(verdictPath, `${JSON.stringify(verdict, null, 2)}\n`);
  } catch (error) {
    const label = config.verdictPath === undefined ? spell('report-dir') : spell('out');
    throw (
      writeRefusal(error, dirname(verdictPath), `${label} ${config.verdictPath ?? config.outDir}`) ?? error
    );
  }
  const report = await (async () => {
    mkdirSync(outDir, { recursive: true });
    return writeReport(outDir, input);
  })().catch((error: unknown) => {
    throw writeRefusal(error, outDir, `${spell('report-dir')} ${config.outDir}`) ?? error;
  });
  const cells = `${verdict.cells.length} cells × metric`;
  const files = `${report.charts.length} chart(s), comment, HTML`;
  const stages: StageRow[] = [
    { stage: 'compare', seconds: (reporting - judging) / 1000, detail: cells },
    { stage: 'report', seconds: (performance.now() - reporting) / 1000, detail: files },
  ];
  return {
    verdict,
    verdictPath,
    summary: renderReportSummary(input),
    report,
    stages,
    exitCode: verdictExitCode(verdict),
  };
}

export interface CompareOptionFlags {
  tolerance: string[];
  alpha: string;
  inconclusive: string;
  /**
   * The gate metrics named; absent or empty: the default gate, to which the runner check's grade
   * may add the operational cells' seconds (compare/operation-gate.ts).
   */
  gate?: string;
  /** --gate-work: a changed status counter fails the gate. */
  gateWork?: boolean;
}

/**
 * The judge's defaults as a user writes them: the defaults of the CLI's flags, and what the action
 * reads for an input left empty (action.yml states the same; a test holds them together).
 */
export const COMPARE_FLAG_DEFAULTS = {
  alpha: String(JUDGE_DEFAULTS.alpha),
  gate: JUDGE_DEFAULTS.gateMetrics.join(','),
  inconclusive: JUDGE_DEFAULTS.inconclusivePolicy,
  gateWork: JUDGE_DEFAULTS.gateWork,
} as const satisfies Required<Omit<CompareOptionFlags, 'tolerance'>>;

/**
 * The default gate as help texts show it: the judge's defaults, and the operational cells' seconds
 * where the runner check allows (compare/operation-gate.ts).
 */
export const GATE_DEFAULT_SHOWN = `${JUDGE_DEFAULTS.gateMetrics.join(',')}; seconds and applyRate too where the runner check graded the machine A or B`;

function parseInconclusive(value: string, flag: string): InconclusivePolicy {
  if (value === 'pass' || value === 'fail') return value;
  throw new InputError(`${flag} ${value}: expected pass or fail`);
}

function parseAlpha(value: string, flag: string): number {
  const alpha = Number(value);
  if (!Number.isFinite(alpha) || alpha <= 0 || alpha >= 0.5) {
    throw new InputError(`${flag} ${value}: expected a significance level between 0 and 0.5, e.g. 0.05`);
  }
  return alpha;
}

/** `--gate latency`: the tail percentile that the latency gate judges. */
export const LATENCY_GATE_METRIC: MetricName = 'p99Ms';

function parseGate(value: string, flag: string): MetricName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => (name === 'latency' ? LATENCY_GATE_METRIC : name));
  for (const name of names) {
    if (!isMetricName(name)) {
      throw new InputError(
        `${flag} ${value}: unknown metric "${name}"; metrics: ${METRIC_NAMES.join(', ')}, or latency (${LATENCY_GATE_METRIC})`,
      );
    }
  }
  if (names.length === 0)
    throw new InputError(`${flag}: name at least one metric (${METRIC_NAMES.join(', ')})`);
  return [...new Set(names.filter(isMetricName))];
}

export function compareOptionsFromFlags(
  flags: CompareOptionFlags,
  spell: FlagSpelling = cliSpelling,
): CompareOptions {
  return {
    ...DEFAULT_COMPARE_OPTIONS,
    alpha: parseAlpha(flags.alpha, spell('alpha')),
    inconclusivePolicy: parseInconclusive(flags.inconclusive, spell('inconclusive')),
    ...(flags.gate === undefined || flags.gate.trim() === ''
      ? {}
      : { gateMetrics: parseGate(flags.gate, spell('gate')), gateNamed: true }),
    ...(flags.gateWork === true ? { gateWork: true } : {}),
    toleranceRules: flags.tolerance.map((rule) => parseToleranceRule(rule, spell('tolerance'))),
  };
}
