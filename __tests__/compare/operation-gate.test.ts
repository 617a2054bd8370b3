// The operational cells' seconds gate only where the runner check graded the machine A or B, or
// where the user named them; the verdict records why in a line the report shows, and the
// publishing half's check and re-judge agree with it.
import { compareOptionsFromFlags } from '../../src/commands/compare.js';
import { adaptiveFromFlags } from '../../src/commands/run-adaptive.js';
import { cliSpelling } from '../../src/commands/spelling.js';
import { judge } from '../../src/compare/judge.js';
import { gradedGate } from '../../src/compare/operation-gate.js';
import { checkArtifact, disagreement, recordedOptions, rejudge } from '../../src/compare/rejudge.js';
import { type CompareOptions, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { Results } from '../../src/results/results-schema.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { fixtureResults } from '../helpers/report-input.js';
import {
  grade,
  slowerRecovery,
  slowerReplicaApply,
  steadyColdStart,
  withOperationCells,
} from '../helpers/operation-results.js';

const quick = fixtureResults('quick-durability.json');
const counted = fixtureResults('instructions-performance-schema-work.json');

function judged(results: Results, options: CompareOptions = DEFAULT_COMPARE_OPTIONS) {
  return judge({ results, resultsPath: 'results.json', base: { kind: 'ab' }, options }).verdict;
}

const gating = (verdict: ReturnType<typeof judged>, workload: string) =>
  Object.fromEntries(
    verdict.cells.filter((cell) => cell.workload === workload).map((cell) => [cell.metric, cell.gating]),
  );

describe('the seconds of an operational cell', () => {
  it('are reported, not gating, without a runner check; its instructions gate', () => {
    const verdict = judged(withOperationCells(counted, [slowerRecovery(3)], null));
    // CPU time under valgrind means nothing: an instruction suite does not judge it.
    expect(gating(verdict, 'crash')).toEqual({
      instructions: true,
      instructionsTotal: false,
      seconds: false,
    });
    expect(verdict.settings.gateMetrics).toEqual(['tps', 'instructions']);
    expect(verdict.settings.gradedGate).toEqual({
      gating: false,
      named: false,
      line: 'seconds are reported, not gating: no runner check (doctor) graded this machine A or B',
    });
  });

  it.each(['A', 'B'] as const)('gate where the runner check graded the machine %s', (letter) => {
    const verdict = judged(withOperationCells(quick, [slowerRecovery(5)], grade(letter)));
    expect(gating(verdict, 'crash')).toEqual({ seconds: true, cpuTimeUs: false });
    expect(verdict.settings.gateMetrics).toEqual(['tps', 'instructions', 'seconds']);
    expect(verdict.settings.gradedGate?.line).toBe(
      `seconds gate: the runner check graded this machine ${letter}`,
    );
    // The head's recovery took 60% longer: a regression that fails the verdict.
    expect(verdict.cells.find((cell) => cell.metric === 'seconds')?.verdict).toBe('regression');
    expect(verdict.verdict).toBe('fail');
  });

  it('are reported on a machine graded C: their regression is shown, not counted', () => {
    const verdict = judged(withOperationCells(quick, [slowerRecovery(5)], grade('C')));
    expect(gating(verdict, 'crash').seconds).toBe(false);
    expect(verdict.settings.gradedGate?.line).toBe(
      'seconds are reported, not gating: the runner check graded this machine C, not A or B',
    );
    const seconds = verdict.cells.find((cell) => cell.metric === 'seconds');
    expect(seconds?.verdict).toBe('regression');
    expect(verdict.counts).toEqual(judged(quick).counts);
  });

  it('gate, or not, as a gate the user named says, whatever the grade', () => {
    const results = withOperationCells(quick, [slowerRecovery(5)], grade('A'));
    const without = judged(results, { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['tps'], gateNamed: true });
    expect(gating(without, 'crash').seconds).toBe(false);
    expect(without.settings.gradedGate?.line).toBe(
      'seconds are reported, not gating: the gate metrics named leave them out',
    );
    const ungraded = withOperationCells(quick, [slowerRecovery(5)], null);
    const named = judged(ungraded, {
      ...DEFAULT_COMPARE_OPTIONS,
      gateMetrics: ['tps', 'seconds'],
      gateNamed: true,
    });
    expect(gating(named, 'crash').seconds).toBe(true);
    expect(named.settings.gradedGate).toEqual({
      gating: true,
      named: true,
      line: 'seconds gate: named among the gate metrics',
    });
  });

  it('are listed as the named gate lists them: a replica apply rate judged but not named is left out', () => {
    const results = withOperationCells(quick, [slowerReplicaApply(5)], null);
    const verdict = judged(results, {
      ...DEFAULT_COMPARE_OPTIONS,
      gateMetrics: ['tps', 'seconds'],
      gateNamed: true,
    });
    expect(gating(verdict, 'apply')).toEqual({ seconds: true, applyRate: false, cpuTimeUs: false });
    expect(verdict.settings.gradedGate).toEqual({
      gating: true,
      named: true,
      line: 'seconds gate: named among the gate metrics',
    });
    const rate = judged(results, { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['applyRate'], gateNamed: true });
    expect(rate.settings.gradedGate?.line).toBe('applyRate gates: named among the gate metrics');
    // The apply rate named where no cell yields it: the recovery's seconds judged are reported only.
    const recovery = withOperationCells(quick, [slowerRecovery(5)], null);
    const unnamed = judged(recovery, {
      ...DEFAULT_COMPARE_OPTIONS,
      gateMetrics: ['tps', 'applyRate'],
      gateNamed: true,
    });
    expect(unnamed.settings.gradedGate).toEqual({
      gating: false,
      named: true,
      line: 'seconds are reported, not gating: the gate metrics named leave them out',
    });
  });

  it("name a replica's apply rate beside them, and judge no throughput of an operational cell", () => {
    const verdict = judged(withOperationCells(quick, [slowerReplicaApply(5)], grade('B')));
    expect(gating(verdict, 'apply')).toEqual({ seconds: true, applyRate: true, cpuTimeUs: false });
    expect(verdict.settings.gradedGate?.line).toBe(
      'seconds and applyRate gate: the runner check graded this machine B',
    );
    // tps gates the client cells of this throughput suite, never an operational cell.
    expect(verdict.cells.some((cell) => cell.workload === 'apply' && cell.metric === 'tps')).toBe(false);
    expect(verdict.unjudged.some((cell) => cell.workload === 'apply')).toBe(false);
    expect(verdict.cells.some((cell) => cell.workload === 'oltp_write_only' && cell.metric === 'tps')).toBe(
      true,
    );
    // The verdict knows what each cell is per.
    expect(verdict.cells.find((cell) => cell.workload === 'apply')?.operation).toEqual({
      kind: 'replica-apply',
      per: 'applied transaction',
    });
  });

  it('gate only where every side judged was graded A or B (a stored baseline from another machine)', () => {
    const graded = withOperationCells(quick, [], grade('B')).environment;
    const ungraded = { ...graded, runnerCheck: undefined, fingerprint: 'elsewhere' };
    const suite = withOperationCells(quick, [slowerReplicaApply(5)]).suite;
    const decided = gradedGate(DEFAULT_COMPARE_OPTIONS, { base: ungraded, head: graded }, suite);
    expect(decided.decision).toEqual({
      gating: false,
      named: false,
      because: "no runner check (doctor) graded the base's machine A or B",
    });
    expect(decided.options.gateMetrics).toEqual(['tps', 'instructions']);
    const both = gradedGate(
      DEFAULT_COMPARE_OPTIONS,
      { base: { ...graded, runnerCheck: grade('A'), fingerprint: 'elsewhere' }, head: graded },
      suite,
    );
    expect(both.decision.because).toBe(
      "the runner check graded the base's machine A and the head's machine B",
    );
    expect(both.options.gateMetrics).toEqual(['tps', 'instructions', 'seconds', 'applyRate']);
    // A suite without operational cells gets no graded metric in its gate, whatever the grade.
    const plain = gradedGate(DEFAULT_COMPARE_OPTIONS, { base: graded, head: graded }, quick.suite);
    expect(plain.options.gateMetrics).toEqual(['tps', 'instructions']);
  });
});

describe("the bundled operations suite's repetitions", () => {
  // The suite's three cells, the recovery 60% slower: three seconds cells adjusted together, so a
  // lone change needs a rank-test p of 0.05 / 3 on its own. Three repetitions a side give 0.05 at
  // best (1 in 20 orderings), 0.15 adjusted: never a regression. Five give 1 in 252, 0.012.
  const bundled = (repetitions: number) => {
    const steadyApply = slowerReplicaApply(repetitions, 'replica_apply');
    const cells = [
      slowerRecovery(repetitions, 'recovery'),
      steadyColdStart(repetitions, 'cold_start'),
      { ...steadyApply, head: steadyApply.base },
    ];
    return judged(withOperationCells(quick, cells, grade('A')));
  };
  const recoverySeconds = (verdict: ReturnType<typeof judged>) =>
    verdict.cells.find((cell) => cell.workload === 'recovery' && cell.metric === 'seconds');

  it('find a 60% slower recovery a regression on a machine graded A, and fail the verdict', () => {
    const verdict = bundled(loadSuite('operations').repetitions);
    expect(recoverySeconds(verdict)).toMatchObject({ gating: true, verdict: 'regression' });
    expect(verdict.verdict).toBe('fail');
  });

  it('are more than three, which leave it inconclusive', () => {
    expect(recoverySeconds(bundled(3))?.verdict).toBe('inconclusive');
  });
});

describe('a run that adds repetitions to undecided cells', () => {
  // Three repetitions of a 60% slower recovery beside a steady cold start: its seconds
  // inconclusive (the rank test's p of 0.05 at best, 0.1 adjusted across the two), a cell more
  // repetitions would decide.
  const extended = (letter: 'A' | 'C') => {
    const results = withOperationCells(quick, [slowerRecovery(3), steadyColdStart(3)], grade(letter));
    const sides = (['base', 'head'] as const).map((name) => ({
      name,
      server: '/usr/sbin/mariadbd',
      options: {},
      labels: { server: `--${name}`, options: `--${name}-set` },
    }));
    const adaptive = adaptiveFromFlags(
      { set: [], baseSet: [], headSet: [], suite: 'quick', out: 'r.json', maxRepetitions: '10' },
      { suite: results.suite, sides, judging: DEFAULT_COMPARE_OPTIONS, aligned: false },
      cliSpelling,
    );
    const verdict = judged(results);
    return {
      seconds: verdict.cells.find((cell) => cell.workload === 'crash' && cell.metric === 'seconds'),
      undecided: adaptive?.undecided(results.cells, results.environment) ?? [],
    };
  };

  it("extends an operational cell's seconds where the verdict gates them (graded A)", () => {
    const { seconds, undecided } = extended('A');
    expect(seconds).toMatchObject({ gating: true, verdict: 'inconclusive', judgedBy: 'statistics' });
    expect(undecided).toContainEqual({ workload: 'crash', threads: 1 });
  });

  it('leaves them as they are where they are only reported (graded C)', () => {
    const { seconds, undecided } = extended('C');
    expect(seconds?.gating).toBe(false);
    expect(undecided).not.toContainEqual({ workload: 'crash', threads: 1 });
  });
});

describe("the publishing half's re-judge of operational cells", () => {
  const results = withOperationCells(quick, [slowerRecovery(5)], grade('B'));
  const verdict = judged(results);

  it('finds the uploaded verdict follows from its results under the settings it records', () => {
    expect(recordedOptions(verdict)).toMatchObject({
      gateMetrics: ['tps', 'instructions', 'seconds'],
      gateNamed: true,
    });
    expect(() => checkArtifact({ results, verdict, verdictSchemaVersion: 5 }, null)).not.toThrow();
    const without = judged(results, { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['tps'], gateNamed: true });
    expect(disagreement(verdict, without)).toBe(
      'it has "crash"@1 seconds gating, its own settings say otherwise',
    );
  });

  it("gates the seconds under the publishing workflow's default gate, as the measuring half did", () => {
    const published = rejudge({ results, verdict, verdictSchemaVersion: 5 }, null, {
      suite: results.suite,
      options: DEFAULT_COMPARE_OPTIONS,
    }).verdict;
    expect(gating(published, 'crash').seconds).toBe(true);
    expect(published.verdict).toBe('fail');
    expect(published.settings.gradedGate?.line).toBe('seconds gate: the runner check graded this machine B');
  });
});

describe('the gate as the front ends give it', () => {
  const flags = { tolerance: [], alpha: '0.05', inconclusive: 'pass' };

  it('is the default, the grade deciding, when not given or empty', () => {
    for (const gate of [undefined, '', '  ']) {
      const options = compareOptionsFromFlags(gate === undefined ? flags : { ...flags, gate });
      expect(options.gateNamed).toBeUndefined();
      expect(options.gateMetrics).toEqual(['tps', 'instructions']);
    }
  });

  it('is named when given, even as the default list', () => {
    expect(compareOptionsFromFlags({ ...flags, gate: 'tps,instructions' })).toMatchObject({
      gateMetrics: ['tps', 'instructions'],
      gateNamed: true,
    });
  });
});

describe('an operational cell none of whose metrics gates', () => {
  const ungated = (verdict: ReturnType<typeof judged>) =>
    verdict.warnings.filter((warning) => warning.includes('none of its metrics gates'));

  it('is named in a warning: a throughput suite on an ungraded machine cannot fail for it', () => {
    const verdict = judged(withOperationCells(quick, [slowerRecovery(5), slowerReplicaApply(5)], null));
    expect(ungated(verdict)).toEqual([
      expect.stringMatching(/^crash @ 1: none of its metrics gates .*count it in an instruction suite/),
      expect.stringMatching(/^apply @ 1: none of its metrics gates/),
    ]);
  });

  it('is not, where its seconds gate (graded A) or its instructions do', () => {
    expect(ungated(judged(withOperationCells(quick, [slowerRecovery(5)], grade('A'))))).toEqual([]);
    expect(ungated(judged(withOperationCells(counted, [slowerRecovery(3)], null)))).toEqual([]);
  });
});
