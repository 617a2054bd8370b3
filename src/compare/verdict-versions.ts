// verdict.json as older versions wrote it, read into the current shape: what an uploaded artifact
// or a stored verdict of an earlier release holds. Pure.
import { z } from 'zod';

import { METRIC_NAMES } from '../metric-names.js';
import { parseVersionedJson } from '../results/versioned-json.js';
import { rankConfigDiff } from './settings-rank.js';
import {
  CellComparison,
  CellFunctionDeltas,
  CellVerdict,
  ConfigDifference,
  type RankedDifference,
  Verdict,
  VERDICT_SCHEMA_VERSION,
  type WorkSection,
} from './verdict-schema.js';

/** verdict.json as version 4 wrote it: no unjudged cells (a cell it could not judge was left out). */
const VerdictV4 = Verdict.omit({ unjudged: true }).extend({
  schemaVersion: z.literal(4),
  counts: Verdict.shape.counts.omit({ unjudged: true }),
  cells: z.array(CellComparison.omit({ dropped: true, paired: true })),
});

/** verdict.json as version 3 wrote it: its config differences carry no tier. */
const VerdictV3 = VerdictV4.extend({
  schemaVersion: z.literal(3),
  configDiff: z.array(ConfigDifference),
});

/** A metric name versions 1 and 2 knew: not the stall metrics. */
const MetricNameV2 = z.enum(METRIC_NAMES).exclude(['lowestSecondRatio', 'stallSeconds']);

/** verdict.json as version 2 wrote it: no stall metrics, no stalls section. */
const VerdictV2 = VerdictV3.omit({ stalls: true }).extend({
  schemaVersion: z.literal(2),
  cells: z.array(CellComparison.omit({ dropped: true, paired: true }).extend({ metric: MetricNameV2 })),
  settings: Verdict.shape.settings.extend({ gateMetrics: z.array(MetricNameV2) }),
});

/** A cell verdict version 1 could write: no within-tolerance. */
const CellVerdictV1 = CellVerdict.exclude(['within-tolerance']);

/** verdict.json as version 1 wrote it: its unchanged cells include what is now within-tolerance. */
const VerdictV1 = VerdictV2.extend({
  schemaVersion: z.literal(1),
  counts: Verdict.shape.counts.omit({ withinTolerance: true, unjudged: true }),
  cells: z.array(
    CellComparison.omit({ dropped: true, paired: true }).extend({
      verdict: CellVerdictV1,
      metric: MetricNameV2,
    }),
  ),
  functionDeltas: z.array(CellFunctionDeltas.extend({ verdict: CellVerdictV1.nullable() })).default([]),
});

/** A verdict.json read, with the version it was written in. */
export interface ReadVerdict {
  /**
   * In the current version's shape (a version 1 file has no within-tolerance cells; the config
   * differences of versions 1 to 3 are ranked as they are read).
   */
  readonly verdict: Verdict;
  readonly schemaVersion: 1 | 2 | 3 | 4 | typeof VERDICT_SCHEMA_VERSION;
}

/**
 * What every older version lacks: the current schema version, the config diff ranked, and the
 * list of unjudged cells (empty: those versions left such a cell out).
 */
function current<
  T extends {
    configDiff: readonly ConfigDifference[];
    work?: WorkSection;
    counts: Omit<Verdict['counts'], 'unjudged' | 'withinTolerance'> & { withinTolerance?: number };
  },
>(
  verdict: T,
): Omit<T, 'configDiff' | 'schemaVersion' | 'counts'> & {
  schemaVersion: typeof VERDICT_SCHEMA_VERSION;
  configDiff: RankedDifference[];
  counts: Verdict['counts'];
  unjudged: [];
} {
  return {
    ...verdict,
    schemaVersion: VERDICT_SCHEMA_VERSION,
    configDiff: rankConfigDiff(verdict.configDiff, verdict.work),
    counts: { withinTolerance: 0, ...verdict.counts, unjudged: 0 },
    unjudged: [],
  };
}

/**
 * Parses and validates verdict.json text written by someone else (an uploaded artifact), of this
 * version or versions 1 to 4; `source` names the file in every error.
 */
export function parseVerdict(text: string, source: string): ReadVerdict {
  return parseVersionedJson<ReadVerdict>(text, source, {
    schema: Verdict.transform((verdict) => ({ verdict, schemaVersion: VERDICT_SCHEMA_VERSION })),
    version: VERDICT_SCHEMA_VERSION,
    older: {
      1: VerdictV1.transform((verdict) => ({ verdict: current(verdict), schemaVersion: 1 })),
      2: VerdictV2.transform((verdict) => ({ verdict: current(verdict), schemaVersion: 2 })),
      3: VerdictV3.transform((verdict) => ({ verdict: current(verdict), schemaVersion: 3 })),
      4: VerdictV4.transform((verdict) => ({
        verdict: { ...current(verdict), configDiff: verdict.configDiff },
        schemaVersion: 4,
      })),
    },
    kind: 'verdict',
  });
}
