// The bisection engine with fake builds and runs: no git, compiler or server. Each fake commit
// measures like the good or the bad end (or fails to build, or cannot be measured, or is noisy),
// and the tests check what the engine makes of it: which commits it measures, how often, what it
// records, and where it stops; the state file is real, in a temp directory.
import { join } from 'node:path';

import { type BisectInputs, type BisectState, newState } from '../../src/bisect/bisect-state.js';
import { readBisectState } from '../../src/bisect/bisect-state-file.js';
import {
  type BisectionSetup,
  type BisectWork,
  type BuildAttempt,
  type MeasureAttempt,
  type MeasureRequest,
  runBisection,
} from '../../src/bisect/bisection.js';
import { InterruptedError } from '../../src/errors.js';
import type { Logger } from '../../src/shell/logger.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { useTempDir } from '../helpers/real-run.js';
import { GOOD, inputs } from './bisect-fixtures.js';

const CELL = 'oltp_point_select@1';
const temp = useTempDir('gate-bisection-');

/** Candidate `index` of a chain: a full hash that cannot be GOOD's (a…a). */
const candidateSha = (index: number): string => (index + 1).toString(16).padStart(40, '0');

function chain(count: number): BisectState['candidates'] {
  return Array.from({ length: count }, (_, index) => ({
    sha: candidateSha(index),
    subject: `commit ${index}`,
  }));
}

function freshState(count: number, overrides: Partial<BisectInputs> = {}): BisectState {
  const candidates = chain(count);
  const bad = candidates.at(-1)?.sha ?? '';
  return newState(inputs({ good: GOOD, bad, ...overrides }), candidates, '0.0.0');
}

/** Values far apart and without noise: every commit is clearly one end or the other. */
const GOOD_VALUE = 41_000;
const BAD_VALUE = 45_000;
const REFERENCES = { good: { [CELL]: [GOOD_VALUE, GOOD_VALUE] }, bad: { [CELL]: [BAD_VALUE, BAD_VALUE] } };

/** How a fake commit behaves: its values per run, or that it fails to build or to be measured. */
type Behaviour =
  | { readonly kind: 'values'; readonly values: (request: MeasureRequest) => number[] }
  | { readonly kind: 'no-build'; readonly error: string }
  | { readonly kind: 'no-measure'; readonly error: string };

const steady = (value: number): Behaviour => ({
  kind: 'values',
  values: ({ repetitions }) => Array.from({ length: repetitions }, () => value),
});

/** Records every build and run; `interruptAt` throws as an interrupt would, at that run (1-based). */
class FakeWork implements BisectWork {
  readonly builds: string[] = [];
  readonly runs: { sha: string; request: MeasureRequest }[] = [];

  constructor(
    private readonly behaviour: (sha: string) => Behaviour,
    private readonly interruptAt?: number,
  ) {}

  build(sha: string): Promise<BuildAttempt> {
    this.builds.push(sha);
    const behaviour = this.behaviour(sha);
    return Promise.resolve(
      behaviour.kind === 'no-build' ? { ok: false, error: behaviour.error } : { ok: true },
    );
  }

  measure(sha: string, request: MeasureRequest): Promise<MeasureAttempt> {
    if (this.runs.length + 1 === this.interruptAt) return Promise.reject(new InterruptedError('SIGINT'));
    this.runs.push({ sha, request });
    const behaviour = this.behaviour(sha);
    if (behaviour.kind === 'no-measure') return Promise.resolve({ ok: false, error: behaviour.error });
    if (behaviour.kind === 'no-build')
      return Promise.reject(new Error(`${sha} did not build: not measurable`));
    const resultsFile = `/runs/${sha.slice(0, 12)}-${request.run}.json`;
    return Promise.resolve({ ok: true, values: { [CELL]: behaviour.values(request) }, resultsFile });
  }

  /** The distinct commits measured, in the order first measured. */
  get measured(): string[] {
    return [...new Set(this.runs.map((run) => run.sha))];
  }
}

/** Commits before candidate `firstBad` measure like GOOD, the rest (and BAD) like BAD. */
function stepAt(firstBad: number, state: BisectState): (sha: string) => Behaviour {
  const index = new Map(state.candidates.map((candidate, position) => [candidate.sha, position]));
  return (sha) =>
    steady(sha === state.inputs.good || (index.get(sha) ?? 0) < firstBad ? GOOD_VALUE : BAD_VALUE);
}

function collectingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const push = (line: string): void => {
    lines.push(line);
  };
  const logger: Logger = {
    info: push,
    warning: push,
    error: push,
    debug: () => undefined,
    progress: push,
    group: (_, fn) => fn(),
  };
  return { logger, lines };
}

interface Bisected {
  readonly state: BisectState;
  readonly lines: string[];
}

async function bisect(
  state: BisectState,
  work: BisectWork,
  setup: Partial<BisectionSetup> = {},
): Promise<Bisected> {
  const { logger, lines } = collectingLogger();
  const done = await runBisection(
    {
      state,
      resumed: false,
      statePath: join(temp.path, 'bisect-state.json'),
      goodSubject: 'the good one',
      maxRepetitions: 15,
      endLabels: { good: '--good', bad: '--bad' },
      ...setup,
    },
    work,
    logger,
  );
  return { state: done, lines };
}

describe('the search', () => {
  it.each([1, 2, 3, 7, 8, 64, 100])(
    'finds the first bad of %i candidates, wherever it is, measuring at most log2(n) + 1 of them',
    async (count) => {
      const limit = Math.floor(Math.log2(count)) + 1;
      for (let firstBad = 0; firstBad < count; firstBad++) {
        const state = freshState(count, { references: REFERENCES });
        const work = new FakeWork(stepAt(firstBad, state));
        const { state: done } = await bisect(state, work);
        const found = state.candidates[firstBad];
        expect({ firstBad, result: done.result }).toEqual({
          firstBad,
          result: { outcome: 'found', sha: found?.sha, subject: found?.subject },
        });
        expect({ firstBad, measured: work.measured.length <= limit }).toEqual({ firstBad, measured: true });
        // One build and one run per commit: clear values are never measured again.
        expect(work.builds).toEqual(work.measured);
        expect(work.runs).toHaveLength(work.measured.length);
      }
    },
  );

  it('measures both ends first when no reference values stand for them, each once', async () => {
    const state = freshState(100);
    const work = new FakeWork(stepAt(37, state));
    const { state: done, lines } = await bisect(state, work);
    expect(done.result).toMatchObject({ outcome: 'found', sha: candidateSha(37) });
    expect(work.measured.slice(0, 2)).toEqual([GOOD, candidateSha(99)]);
    expect(work.measured.length - 2).toBeLessThanOrEqual(Math.floor(Math.log2(100)) + 1);
    expect(lines.slice(0, 2)).toEqual([
      `measuring the good end: ${GOOD.slice(0, 12)} the good one`,
      expect.any(String),
    ]);
    expect(lines).toContain(`measuring the bad end: ${candidateSha(99).slice(0, 12)} commit 99`);
    expect(done.measured.map((commit) => commit.role).slice(0, 2)).toEqual(['good-end', 'bad-end']);
  });

  it('writes the state after every step: the file holds the final state', async () => {
    const state = freshState(8, { references: REFERENCES });
    const { state: done } = await bisect(state, new FakeWork(stepAt(5, state)));
    expect(readBisectState(join(temp.path, 'bisect-state.json'), '--state')).toEqual(done);
  });
});

describe('a commit that cannot be built or measured is skipped (git bisect run exit 125)', () => {
  it('a build failure: skipped with the error in one line, never measured; the search goes round it', async () => {
    const state = freshState(8, { references: REFERENCES });
    const steps = stepAt(5, state);
    const broken = candidateSha(3);
    const work = new FakeWork((sha) =>
      sha === broken
        ? { kind: 'no-build', error: 'compile error: sql/broken.c:3: oops\n  (log: /b/build.log)' }
        : steps(sha),
    );
    const { state: done, lines } = await bisect(state, work);
    expect(done.result).toMatchObject({ outcome: 'found', sha: candidateSha(5) });
    expect(work.builds[0]).toBe(broken);
    expect(work.measured).not.toContain(broken);
    expect(done.measured.find((commit) => commit.sha === broken)).toMatchObject({
      call: 'skipped',
      reason: 'does not build: compile error: sql/broken.c:3: oops (log: /b/build.log)',
      values: {},
      measureSeconds: null,
      resultsFiles: [],
    });
    expect(lines).toContain(
      `${broken.slice(0, 12)} does not build: compile error: sql/broken.c:3: oops (log: /b/build.log)`,
    );
  });

  it('a run that could not measure: skipped, with the reason', async () => {
    const state = freshState(8, { references: REFERENCES });
    const steps = stepAt(5, state);
    const work = new FakeWork((sha) =>
      sha === candidateSha(3)
        ? { kind: 'no-measure', error: 'server died: it exited with status 1' }
        : steps(sha),
    );
    const { state: done } = await bisect(state, work);
    expect(done.result).toMatchObject({ outcome: 'found', sha: candidateSha(5) });
    expect(done.measured.find((commit) => commit.sha === candidateSha(3))).toMatchObject({
      call: 'skipped',
      reason: 'could not be measured: server died: it exited with status 1',
      values: {},
    });
  });

  it('when the first bad one is skipped, the bisection is undecided and names the suspects', async () => {
    const state = freshState(8, { references: REFERENCES });
    const steps = stepAt(3, state);
    const work = new FakeWork((sha) =>
      sha === candidateSha(3) ? { kind: 'no-build', error: 'no' } : steps(sha),
    );
    const { state: done } = await bisect(state, work);
    expect(done.result).toEqual({
      outcome: 'undecided',
      reason: 'only skipped commits are left to test; the first bad commit is one of these 2',
      suspects: [candidateSha(3), candidateSha(4)],
    });
  });

  it('an end that does not build ends the bisection, undecided', async () => {
    const state = freshState(8);
    const work = new FakeWork((sha) =>
      sha === GOOD ? { kind: 'no-build', error: 'cmake failed' } : steady(BAD_VALUE),
    );
    const { state: done } = await bisect(state, work);
    expect(done.result).toEqual({
      outcome: 'undecided',
      reason: `the good end ${GOOD.slice(0, 12)} does not build: cmake failed`,
      suspects: [],
    });
    expect(work.runs).toEqual([]);
  });
});

describe('a commit that measures ambiguously gets more repetitions, up to the maximum', () => {
  // Throughput: repetitions differ from run to run, and more of them narrow the interval.
  const throughput = (overrides: Partial<BisectInputs> = {}): Partial<BisectInputs> => {
    const suite = loadSuite(join(import.meta.dirname, '../../__fixtures__/suites/tiny.yml'));
    return { suite: { name: suite.name, definition: suite }, metric: 'tps', ...overrides };
  };
  /** Repetitions alternating between the two ends: their mean sits on the midpoint. */
  const straddling: Behaviour = {
    kind: 'values',
    values: ({ repetitions }) => Array.from({ length: repetitions }, (_, i) => (i % 2 === 0 ? 100 : 200)),
  };
  const MAX = 8;

  it('a candidate: run again until it has the maximum, then skipped; the bisection is undecided', async () => {
    const references = {
      good: { [CELL]: [99, 100, 101, 100, 100] },
      bad: { [CELL]: [199, 200, 201, 200, 200] },
    };
    const state = freshState(2, throughput({ references }));
    const work = new FakeWork(() => straddling);
    const { state: done, lines } = await bisect(state, work, { maxRepetitions: MAX });
    // The suite's 2 repetitions, then 2 more at a time until the maximum.
    expect(work.runs).toEqual(
      [1, 2, 3, 4].map((run) => ({ sha: candidateSha(0), request: { run, repetitions: 2 } })),
    );
    expect(work.builds).toEqual([candidateSha(0)]);
    const commit = done.measured[0];
    expect(commit?.values[CELL]).toHaveLength(MAX);
    expect(commit?.resultsFiles).toHaveLength(4);
    expect(commit).toMatchObject({
      call: 'skipped',
      reason: expect.stringMatching(/^ambiguous: oltp_point_select@1: the 95% interval/) as unknown,
    });
    expect(lines.filter((line) => line.startsWith('ambiguous, measuring again: '))).toHaveLength(3);
    expect(done.result).toEqual({
      outcome: 'undecided',
      reason: 'only skipped commits are left to test; the first bad commit is one of these 2',
      suspects: [candidateSha(0), candidateSha(1)],
    });
  });

  it('the ends: measured again (rebuilt) until both have the maximum, then undecided: indistinguishable', async () => {
    const state = freshState(4, throughput());
    const work = new FakeWork(() => straddling);
    const { state: done } = await bisect(state, work, { maxRepetitions: MAX });
    expect(done.result).toMatchObject({
      outcome: 'undecided',
      reason: expect.stringMatching(
        /^the good and the bad end are indistinguishable: oltp_point_select@1: good /,
      ) as unknown,
      suspects: [],
    });
    expect(done.measured.map((commit) => [commit.role, commit.values[CELL]?.length])).toEqual([
      ['good-end', MAX],
      ['bad-end', MAX],
    ]);
    expect(work.runs).toHaveLength(2 * (MAX / 2));
    expect(work.measured).toEqual([GOOD, candidateSha(3)]);
  });

  it('counted metrics are not measured again: an ambiguous count is skipped at once', async () => {
    const state = freshState(2, { references: REFERENCES });
    const middle = (GOOD_VALUE + BAD_VALUE) / 2;
    const work = new FakeWork(() => ({ kind: 'values', values: () => [middle - 100, middle + 100] }));
    const { state: done } = await bisect(state, work, { maxRepetitions: MAX });
    expect(work.runs).toHaveLength(1);
    expect(done.measured[0]).toMatchObject({
      call: 'skipped',
      reason: expect.stringMatching(/^ambiguous: /) as unknown,
    });
  });
});

describe('a resumed bisection measures no commit twice', () => {
  const statePath = (): string => join(temp.path, 'bisect-state.json');

  /** Bisects until the interrupt at run `interruptAt`, then resumes from the state file. */
  async function interruptedThenResumed(state: BisectState, firstBad: number, interruptAt: number) {
    const first = new FakeWork(stepAt(firstBad, state), interruptAt);
    await expect(bisect(state, first)).rejects.toThrow(InterruptedError);
    const stored = readBisectState(statePath(), '--state');
    if (stored === undefined) throw new Error('no state file after the interrupt');
    const second = new FakeWork(stepAt(firstBad, state));
    const resumed = await bisect(stored, second, { resumed: true });
    return { first, second, stored, resumed };
  }

  it('a candidate measured before the interrupt is not measured again; the result is the same', async () => {
    const state = freshState(64, { references: REFERENCES });
    const straight = new FakeWork(stepAt(40, state));
    const { state: expected } = await bisect(state, straight);
    const { first, second, stored, resumed } = await interruptedThenResumed(state, 40, 3);
    expect(stored.measured.map((commit) => commit.sha)).toEqual(first.measured);
    expect(first.measured).toHaveLength(2);
    expect(second.measured.filter((sha) => first.measured.includes(sha))).toEqual([]);
    expect([...first.measured, ...second.measured]).toEqual(straight.measured);
    expect(resumed.state.result).toEqual(expected.result);
    expect(resumed.lines[0]).toBe(`resuming the bisection in ${statePath()}: 2 commits measured already`);
    expect(resumed.lines.find((line) => line.startsWith('step '))).toMatch(/^step 3 of about 6: /);
  });

  it('an end measured before the interrupt is not measured again', async () => {
    const state = freshState(16);
    const { first, second, resumed } = await interruptedThenResumed(state, 9, 2);
    expect(first.measured).toEqual([GOOD]);
    expect(second.measured[0]).toBe(candidateSha(15));
    expect(second.measured).not.toContain(GOOD);
    expect(resumed.state.result).toMatchObject({ outcome: 'found', sha: candidateSha(9) });
  });

  it('a finished bisection only gives its result again', async () => {
    const state = freshState(16, { references: REFERENCES });
    const { state: done } = await bisect(state, new FakeWork(stepAt(9, state)));
    const again = new FakeWork(stepAt(9, state));
    const repeated = await bisect(done, again, { resumed: true });
    expect(repeated.state).toEqual(done);
    expect([again.builds, again.runs]).toEqual([[], []]);
    expect(repeated.lines).toEqual([
      `the bisection in ${statePath()} is finished; its result again, without measuring:`,
    ]);
  });

  it('an interrupt is checked before every build and run: nothing is built once it came', async () => {
    const state = freshState(16, { references: REFERENCES });
    const work = new FakeWork(stepAt(9, state));
    const interrupt = (): void => {
      if (work.runs.length === 2) throw new InterruptedError('SIGTERM');
    };
    await expect(bisect(state, work, { throwIfInterrupted: interrupt })).rejects.toThrow(InterruptedError);
    expect(work.builds).toHaveLength(2);
    expect(readBisectState(statePath(), '--state')?.measured).toHaveLength(2);
  });
});
