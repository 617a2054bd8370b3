// What the publishing half judges with. The measuring half ran the pull request's own workflow
// files, so the suite, tolerances, gate and alpha an artifact records are whatever the pull request
// chose; the publishing workflow runs the default branch's files, so its inputs are the settings
// that decide. The suite an artifact was measured with must be the trusted suite's definition
// (the fields that change a measurement, as baseline keys hash them: suite/suite-hash.ts); its
// tolerances, stall gate and description are the trusted suite's, whatever the artifact's copy
// says. Pure.
import { suiteHash } from '../suite/suite-hash.js';
import type { Results } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';
import type { CompareOptions } from './verdict.js';

/** The publishing workflow's settings: the default branch's suite and judging options. */
export interface PublishJudging {
  readonly suite: Suite;
  readonly options: CompareOptions;
}

/**
 * Why results measured with `measured` cannot be judged under `trusted`, in one line naming both
 * hashes; null when their definitions agree.
 */
export function suiteMismatch(measured: Suite, trusted: Suite): string | null {
  const measuredHash = suiteHash(measured);
  const trustedHash = suiteHash(trusted);
  if (measuredHash === trustedHash) return null;
  const name = (suite: Suite): string => JSON.stringify(suite.name.slice(0, 60));
  return (
    `results.json was measured with suite ${name(measured)} (hash ${measuredHash}), not the publishing ` +
    `workflow's suite ${name(trusted)} (hash ${trustedHash}); measure with the default branch's suite`
  );
}

/**
 * The results with the trusted suite's tolerances and stall gate in place of their copy's (neither
 * is in the hash: they change no measurement). The rest of the suite
 * is the same definition: suiteMismatch said so of results.suite itself, the suite the judge reads
 * (one shard's results, whose results.suite is a share of the cells, are refused before).
 */
export function withTrustedSuite(results: Results, judging: PublishJudging): Results {
  const { tolerances, stallGate } = judging.suite;
  return { ...results, suite: { ...results.suite, tolerances, stallGate } };
}
