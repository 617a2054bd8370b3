// The search: candidates are the commits of `git rev-list --reverse --ancestry-path GOOD..BAD`,
// oldest first, so index count − 1 is BAD itself (bad by definition) and index −1 stands for GOOD.
// From the calls made so far it works out the range still in doubt, the commit to measure next
// (the one nearest the middle of that range, skipped ones left out, as `git bisect` does after
// `git bisect skip`), and when the search is over. Pure.

export type SearchCall = 'good' | 'bad' | 'skipped';

/** The range in doubt: the first bad commit is one of the candidates lastGood + 1 … firstBad. */
export interface SearchRange {
  /** Index of the newest good commit below firstBad; −1 for GOOD. */
  readonly lastGood: number;
  /** Index of the oldest bad commit; count − 1 (BAD) until another is found. */
  readonly firstBad: number;
}

export type SearchStep =
  | { readonly kind: 'measure'; readonly index: number; readonly range: SearchRange }
  | { readonly kind: 'found'; readonly index: number; readonly range: SearchRange }
  /** Every commit left in doubt was skipped: the first bad one is among `indices` (firstBad last). */
  | { readonly kind: 'only-skipped'; readonly indices: readonly number[]; readonly range: SearchRange };

/** The range in doubt after `calls` (index → call) on `count` candidates. */
export function searchRange(count: number, calls: ReadonlyMap<number, SearchCall>): SearchRange {
  if (count < 1) throw new RangeError('a bisection needs at least one candidate (BAD)');
  let firstBad = count - 1;
  for (const [index, call] of calls) if (call === 'bad' && index >= 0 && index < firstBad) firstBad = index;
  let lastGood = -1;
  for (const [index, call] of calls)
    if (call === 'good' && index > lastGood && index < firstBad) lastGood = index;
  return { lastGood, firstBad };
}

/** Candidates strictly inside the range that are neither called nor skipped. */
export function untested(range: SearchRange, calls: ReadonlyMap<number, SearchCall>): number[] {
  const indices: number[] = [];
  for (let index = range.lastGood + 1; index < range.firstBad; index++) {
    if (!calls.has(index)) indices.push(index);
  }
  return indices;
}

/**
 * What to do next: measure the untested candidate nearest the middle of the range (the lower one
 * on a tie), or stop because the first bad commit is known, or because only skipped ones are left.
 */
export function nextStep(count: number, calls: ReadonlyMap<number, SearchCall>): SearchStep {
  const range = searchRange(count, calls);
  const open = untested(range, calls);
  if (open.length === 0) {
    const skipped: number[] = [];
    for (let index = range.lastGood + 1; index < range.firstBad; index++) skipped.push(index);
    return skipped.length === 0
      ? { kind: 'found', index: range.firstBad, range }
      : { kind: 'only-skipped', indices: [...skipped, range.firstBad], range };
  }
  const middle = (range.lastGood + range.firstBad) / 2;
  let best = open[0] ?? range.firstBad;
  for (const index of open) {
    if (Math.abs(index - middle) < Math.abs(best - middle)) best = index;
  }
  return { kind: 'measure', index: best, range };
}

/** Steps a search over `open` untested candidates takes at most without skips: ⌈log2(open + 1)⌉. */
export function estimateSteps(open: number): number {
  return open <= 0 ? 0 : Math.ceil(Math.log2(open + 1));
}

/** How many candidates the range holds (lastGood + 1 … firstBad): the first bad is one of them. */
export function rangeSize(range: SearchRange): number {
  return range.firstBad - range.lastGood;
}
