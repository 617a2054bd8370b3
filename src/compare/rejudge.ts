// The publishing half judges the measuring half's results again, through the same judge `compare`
// uses. Everything in the artifact came from the pull request's own code, its workflow files
// included, so it decides nothing:
//   - first a check: judged with the settings verdict.json records, the results must give that
//     verdict (a verdict that claims more than its numbers show is refused);
//   - then the decision: judged with the publishing workflow's settings (the default branch's
//     suite, tolerances, gate and alpha: compare/publish-settings.ts), after refusing results
//     measured with a suite whose definition differs from that suite's.
// Only the merged results of an A/B run are judged: base and head measured side by side on the same
// machine (results.mode 'ab', verdict.json's baseSource 'ab'). A verdict against a stored baseline
// would take its reference numbers from the artifact, which the pull request's code wrote, and one
// shard's results (results.shard) hold a share of the cells under a suite other than the one hashed:
// both are refused.
// Pure: the artifact arrives read and validated (artifact/read-artifact.ts).
import { ZodError } from 'zod';

import { GateError } from '../errors.js';
import type { Results } from '../results/results-schema.js';
import { sameCell as sameSuiteCell } from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import { ArtifactError, refuse } from './artifact-refusal.js';
import { type Judgement, judge, withLines } from './judge.js';
import { relinkedLines } from './line-links.js';
import { type PublishJudging, suiteMismatch, withTrustedSuite } from './publish-settings.js';
import { type CompareOptions, DEFAULT_COMPARE_OPTIONS } from './verdict.js';
import {
  type CellComparison,
  metricsOfVersion,
  type Verdict,
  VERDICT_SCHEMA_VERSION,
} from './verdict-schema.js';
import type { ReadVerdict } from './verdict-versions.js';

/** What the measuring half uploaded, read and validated. */
export interface Artifact {
  readonly results: Results;
  /** In the current schema's shape, whichever version wrote it. */
  readonly verdict: Verdict;
  /** The version verdict.json was written in (1: before cells could be within-tolerance). */
  readonly verdictSchemaVersion: ReadVerdict['schemaVersion'];
  readonly claimedPullRequest?: number;
}

/**
 * The options verdict.json says it was judged with. Its tolerances are recorded per cell (the
 * threshold), so each becomes a workload@threads rule, the most specific kind, which wins over the
 * suite's and the defaults exactly as the recorded value did.
 */
export function recordedOptions(
  verdict: Verdict,
  schemaVersion: ReadVerdict['schemaVersion'] = VERDICT_SCHEMA_VERSION,
): CompareOptions {
  const { alpha, confidence, gateMetrics, inconclusivePolicy } = verdict.settings;
  if (!(alpha > 0 && alpha < 0.5))
    throw refuse(`verdict.json settings.alpha ${alpha} is not between 0 and 0.5`);
  if (!(confidence > 0 && confidence < 1)) {
    throw refuse(`verdict.json settings.confidence ${confidence} is not between 0 and 1`);
  }
  const bad = verdict.cells.find((cell) => !(cell.threshold > 0 && cell.threshold < 10));
  if (bad !== undefined)
    throw refuse(`verdict.json has a tolerance of ${bad.threshold}, not a fraction above 0`);
  return {
    ...DEFAULT_COMPARE_OPTIONS,
    alpha,
    confidence,
    // The gate it recorded is the one its cells were judged on, whatever decided it (a gate the
    // user named, or the runner check's grade: operation-gate.ts): named here, it decides alone.
    gateMetrics,
    gateNamed: true,
    inconclusivePolicy,
    ...(verdict.settings.gateWork === true ? { gateWork: true } : {}),
    // An older version judged fewer metrics: the cells it could not have are not asked of it.
    ...(schemaVersion < VERDICT_SCHEMA_VERSION ? { metrics: metricsOfVersion(schemaVersion) } : {}),
    toleranceRules: verdict.cells.map((cell) => ({
      workload: cell.workload,
      threads: cell.threads,
      metric: cell.metric,
      value: cell.threshold,
    })),
  };
}

type CellName = Pick<CellComparison, 'workload' | 'threads' | 'variant' | 'metric'>;

function sameCell(a: CellName, b: CellName): boolean {
  return sameSuiteCell(a, b) && a.metric === b.metric;
}

/** A cell for a message: the workload quoted and cut short, it comes from the artifact. */
function cellLabel(cell: CellName): string {
  const variant = variantLabel(cell.variant);
  return `${JSON.stringify(cell.workload.slice(0, 60))}@${cell.threads}${variant === '' ? '' : `[${variant.slice(0, 100)}]`} ${cell.metric}`;
}

const COUNT_KEYS: (keyof Verdict['counts'])[] = [
  'regression',
  'improvement',
  'withinTolerance',
  'unchanged',
  'inconclusive',
  'unjudged',
];

/** Where the cells of the uploaded verdict and the one judged here part, or null. */
function cellDisagreement(uploaded: Verdict, judged: Verdict): string | null {
  if (uploaded.cells.length !== judged.cells.length) {
    return `it judges ${uploaded.cells.length} cells, the results give ${judged.cells.length}`;
  }
  for (const [index, cell] of judged.cells.entries()) {
    const claimed = uploaded.cells[index];
    if (claimed === undefined || !sameCell(claimed, cell)) {
      const what = claimed === undefined ? 'missing' : cellLabel(claimed);
      return `its cell ${index + 1} is ${what}, the results give ${cellLabel(cell)}`;
    }
    if (claimed.verdict !== cell.verdict) {
      return `it calls ${cellLabel(cell)} ${claimed.verdict}, the results give ${cell.verdict}`;
    }
    if (claimed.gating !== cell.gating) {
      return `it has ${cellLabel(cell)} ${claimed.gating ? '' : 'not '}gating, its own settings say otherwise`;
    }
  }
  return null;
}

/** Where the uploaded verdict's unjudged cells and the results' part: none may be left out or added. */
function unjudgedDisagreement(uploaded: Verdict, judged: Verdict): string | null {
  const missing = judged.unjudged.find(
    (cell) => !uploaded.unjudged.some((claimed) => sameCell(claimed, cell)),
  );
  if (missing !== undefined) return `it leaves out ${cellLabel(missing)}, which the results cannot judge`;
  const extra = uploaded.unjudged.find((claimed) => !judged.unjudged.some((cell) => sameCell(claimed, cell)));
  if (extra !== undefined) return `it calls ${cellLabel(extra)} not judged, the results judge it`;
  return null;
}

/** Warnings the uploaded verdict lacks: a verdict must not hide what its results say of themselves. */
function missingWarning(uploaded: Verdict, judged: Verdict): string | null {
  const claimed = new Set(uploaded.warnings);
  const missing = judged.warnings.find((warning) => !claimed.has(warning));
  return missing === undefined ? null : `it leaves out the warning ${JSON.stringify(missing.slice(0, 120))}`;
}

/** Where the uploaded verdict and the one judged here part, or null when they agree. */
export function disagreement(uploaded: Verdict, judged: Verdict): string | null {
  if (uploaded.suite !== judged.suite) {
    return `it is for suite ${JSON.stringify(uploaded.suite)}, the results for ${JSON.stringify(judged.suite)}`;
  }
  const cells = cellDisagreement(uploaded, judged);
  if (cells !== null) return cells;
  const unjudged = unjudgedDisagreement(uploaded, judged);
  if (unjudged !== null) return unjudged;
  if (uploaded.verdict !== judged.verdict) {
    return `it says ${uploaded.verdict}, the results give ${judged.verdict}`;
  }
  // The keys in one order, whichever order the file had them in (a version 1 file's gained one).
  const counts = (verdict: Verdict): string => JSON.stringify(verdict.counts, COUNT_KEYS);
  if (counts(uploaded) !== counts(judged)) {
    return `its counts ${counts(uploaded)} are not the results' ${counts(judged)}`;
  }
  return missingWarning(uploaded, judged);
}

/**
 * The verdict judged here as version 1 would have written it: version 1 called unchanged what is
 * now within-tolerance (a real change smaller than the tolerance).
 */
function asVersion1(verdict: Verdict): Verdict {
  const { withinTolerance, unchanged } = verdict.counts;
  return {
    ...verdict,
    counts: { ...verdict.counts, withinTolerance: 0, unchanged: unchanged + withinTolerance },
    cells: verdict.cells.map((cell) =>
      cell.verdict === 'within-tolerance' ? { ...cell, verdict: 'unchanged' } : cell,
    ),
  };
}

/**
 * Refuses what the gate does not judge: a verdict against a stored baseline, results of one
 * server, and one shard's results (not merged).
 */
export function checkAb(artifact: Pick<Artifact, 'results' | 'verdict'>): void {
  const { results, verdict } = artifact;
  if (verdict.baseSource.kind !== 'ab') {
    throw refuse(
      'verdict.json compares with a stored baseline; the pull-request gate judges only an A/B run ' +
        '(base and head measured side by side), never reference numbers from the artifact',
    );
  }
  if (results.mode !== 'ab') {
    throw refuse('verdict.json compares the two sides of an A/B run, but results.json measured one server');
  }
  if (results.shard !== undefined) {
    throw refuse(
      `results.json holds shard ${results.shard.index}/${results.shard.count} alone; ` +
        'publish judges the merged results of every shard (merge mode), never one shard',
    );
  }
}

function judgeArtifact(artifact: Artifact, options: CompareOptions, sourceUrl: string | null): Judgement {
  const { results, verdict: uploaded } = artifact;
  checkAb(artifact);
  const judgement = judge({
    results,
    resultsPath: uploaded.baseSource.path,
    base: { kind: 'ab' },
    baselinePath: uploaded.baseSource.path,
    options,
  });
  return withLines(judgement, relinkedLines(uploaded.lines, results, sourceUrl));
}

/** judgeArtifact, with what odd data makes the judge throw turned into a refusal. */
function judgeOrRefuse(
  artifact: Artifact,
  options: () => CompareOptions,
  sourceUrl: string | null,
): Judgement {
  try {
    return judgeArtifact(artifact, options(), sourceUrl);
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    // Checks of the statistics (StatisticsError), of the pairing (InputError), of JavaScript's own
    // limits (RangeError) and of the verdict built (ZodError: figures no real run gives, such as
    // more events than a number holds) on odd data.
    if (error instanceof GateError || error instanceof RangeError || error instanceof ZodError) {
      throw refuse(`results.json cannot be judged: ${error.message}`, error);
    }
    throw error;
  }
}

/** Judges results.json with verdict.json's own settings; the two must agree, or it is refused. */
export function checkArtifact(artifact: Artifact, sourceUrl: string | null): Judgement {
  const judgement = judgeOrRefuse(
    artifact,
    () => recordedOptions(artifact.verdict, artifact.verdictSchemaVersion),
    sourceUrl,
  );
  const judged = artifact.verdictSchemaVersion === 1 ? asVersion1(judgement.verdict) : judgement.verdict;
  const differs = disagreement(artifact.verdict, judged);
  if (differs !== null) throw refuse(`verdict.json does not follow from results.json: ${differs}`);
  return judgement;
}

/**
 * The verdict to publish: the artifact checked (checkArtifact), its suite checked against the
 * trusted one, then its results judged with the trusted settings only. `sourceUrl` is the
 * publishing workflow's repository, where the line links point.
 */
export function rejudge(artifact: Artifact, sourceUrl: string | null, judging: PublishJudging): Judgement {
  checkAb(artifact);
  const mismatch = suiteMismatch(artifact.results.suite, judging.suite);
  if (mismatch !== null) throw refuse(mismatch);
  checkArtifact(artifact, sourceUrl);
  const trusted = { ...artifact, results: withTrustedSuite(artifact.results, judging) };
  return judgeOrRefuse(trusted, () => judging.options, sourceUrl);
}
