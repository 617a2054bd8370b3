// "Slower" with what it spent more of: per wall-clock cell and side, the server's CPU, context
// switches, reads from disk and KB read and written per transaction, each with its repetitions'
// range; and, for a suite that expects to be IO-bound, whether its cells read from disk. Pure.
import { dataAndPool, describeDataAndPool, readsCheck, readsSentence } from '../results/io-bound.js';
import { cellFigures } from '../results/resource-figures.js';
import type { Availability, CellResult, ServerFacts } from '../results/results-schema.js';
import { type Suite, variantOf } from '../suite/suite-schema.js';
import type { ResourceSection } from './verdict-schema.js';

type Sides<T> = { readonly base: T; readonly head: T };

/** "the head: context switches not available (…)", for each source a side could not read. */
function unavailable(facts: Sides<ServerFacts>): string[] {
  return (['base', 'head'] as const).flatMap((side) => {
    const counters = facts[side].processCounters;
    if (counters === undefined) return [];
    const sources: [string, Availability][] = [
      ['context switches', counters.contextSwitches],
      ['KB read and written', counters.io],
    ];
    return sources.flatMap(([what, availability]) =>
      availability.available ? [] : [`the ${side}: ${what} not available (${availability.reason})`],
    );
  });
}

function ioBound(
  pairs: readonly (readonly [CellResult, CellResult])[],
  facts: Sides<ServerFacts>,
): ResourceSection['ioBound'] {
  const check = readsCheck(pairs.flat());
  const sentence = readsSentence(check);
  const data = (['base', 'head'] as const).flatMap((side) => {
    const sizes = dataAndPool(facts[side]);
    return sizes === undefined ? [] : [`${side} ${describeDataAndPool(sizes)}`];
  });
  return {
    reading: check !== undefined && check.shallow.length === 0,
    sentence:
      sentence ?? 'whether the cells read from disk is unknown: no repetition recorded the status counters',
    data,
  };
}

/** The section for a wall-clock suite's cell pairs (base, head); undefined for an instruction suite. */
export function resourceSection(
  pairs: readonly (readonly [CellResult, CellResult])[],
  facts: Sides<ServerFacts>,
  suite: Pick<Suite, 'metric' | 'expect'>,
): ResourceSection | undefined {
  if (suite.metric !== 'throughput') return undefined;
  return {
    cells: pairs.map(([base, head]) => ({
      workload: head.workload,
      threads: head.threads,
      ...variantOf(head),
      base: cellFigures(base),
      head: cellFigures(head),
    })),
    unavailable: unavailable(facts),
    ...(suite.expect === 'io-bound' ? { ioBound: ioBound(pairs, facts) } : {}),
  };
}

/** A warning for the verdict when a suite meant to be IO-bound is not. */
export function resourceWarnings(section: ResourceSection | undefined): string[] {
  const bound = section?.ioBound;
  return bound === undefined || bound.reading
    ? []
    : [`${bound.sentence[0]?.toUpperCase() ?? ''}${bound.sentence.slice(1)}.`];
}
