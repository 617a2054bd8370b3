// Operational cells (recovery, cold start, replica apply) in every report: each figure in the
// cell's own unit, no throughput or latency they do not have, the line that says whether their
// seconds gate, a cold start's page cache said once, and a recovery's redo named as the reason it
// did more.
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { buildReportDocument } from '../../src/report/document/build.js';
import { COLD_START_NOTE } from '../../src/report/document/operations.js';
import { renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { renderResultsSummary } from '../../src/results/results-summary.js';
import type { Results } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';
import {
  grade,
  slowerRecovery,
  slowerReplicaApply,
  steadyColdStart,
  withOperationCells,
} from '../helpers/operation-results.js';

const scripts = { vega: '', vegaLite: '', vegaEmbed: '' };

function reportInput(results: Results): ReportInput {
  const judged = judge({
    results,
    resultsPath: 'results.json',
    base: { kind: 'ab' },
    options: DEFAULT_COMPARE_OPTIONS,
  });
  return { ...judged, history: [] };
}

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe('a throughput suite with a recovery, a cold start and a replica apply, graded B', () => {
  const results = withOperationCells(
    fixtureResults('quick-durability.json'),
    [slowerRecovery(5), steadyColdStart(5), slowerReplicaApply(5)],
    grade('B'),
  );
  const input = reportInput(results);
  const document = buildReportDocument(input);
  const comment = renderComment(input, { charts: [], marker: '<!-- m -->' });
  const html = renderHtmlReport(input, [], scripts);
  const summary = renderVerdictSummary(input.verdict);

  it('labels each metric of an operational cell in its unit, and gives it no throughput or latency', () => {
    const labels = (workload: string): string[] =>
      document.results.rows.filter((row) => row.workload === workload).map((row) => row.metricLabel);
    expect(labels('crash')).toEqual(['CPU time (µs/recovery)', 'seconds (s)']);
    expect(labels('start')).toEqual(['CPU time (µs/start)', 'seconds (s)']);
    expect(labels('apply')).toEqual(['CPU time (µs/applied trx)', 'seconds (s)', 'applied trx/s']);
    expect(labels('oltp_write_only')).toContain('CPU time (µs/txn)');
    // Nor CPU, context switches and I/O per transaction of a client: the section has client cells only.
    const resources = document.resources?.table.rows.map((row) => row.workload) ?? [];
    expect(resources).not.toContain('crash');
    expect(resources).toContain('oltp_write_only');
    expect(input.verdict.latency.some((cell) => cell.workload === 'crash')).toBe(false);
  });

  it('says once, in every medium, that the seconds gate and why, and that a cold start found the page cache as it was', () => {
    const line = 'Seconds and applyRate gate: the runner check graded this machine B.';
    expect(document.method.notes).toEqual([line, COLD_START_NOTE]);
    expect(occurrences(comment, 'Seconds and applyRate gate: the runner check graded this machine B.')).toBe(
      1,
    );
    expect(occurrences(comment, 'the OS page cache was left as it was')).toBe(1);
    expect(occurrences(html, 'the OS page cache was left as it was')).toBe(1);
    expect(html).toContain(`<p>${line}</p>`);
    expect(summary).toContain(line);
  });

  it('leaves the gate the grade decided out of the commands that judge again', () => {
    expect(input.verdict.settings.gateMetrics).toContain('seconds');
    const commands = document.next.reproduce.join('\n');
    expect(commands).toContain('compare');
    expect(commands).not.toContain('--gate');
  });

  it('names the redo a recovery applied as the reason it did more, per recovery', () => {
    const work = input.verdict.work;
    if (work?.status !== 'compared') throw new Error('work not compared');
    expect(work.sentence).toMatch(
      /^Same statements, different work: I\/O and durability changed most \(redo bytes recovered 50,000,00\d → 80,000,00\d per recovery in crash @ 1; /,
    );
    const seconds = input.verdict.cells.find(
      (cell) => cell.workload === 'crash' && cell.metric === 'seconds',
    );
    expect(seconds?.verdict).toBe('regression');
    expect(seconds?.reason).toMatch(
      /beyond the 10\.0% tolerance .*; the recovery had more to do: redo bytes recovered 50,000,00\d → 80,000,00\d per recovery$/,
    );
    // The terminal lists the recovery's counters per recovery, the replica's per applied transaction.
    expect(summary).toMatch(
      /crash @ 1:\n {4}I\/O and durability: redo bytes recovered 50,000,00\d → 80,000,00\d per recovery/,
    );
    expect(summary).toMatch(/Innodb_data_fsyncs 1\.00 → 1\.20 per applied transaction/);
    expect(comment).toMatch(
      /\| crash \| 1 thread \| I\/O and durability \| redo bytes recovered \| 50,000,002 \| 80,000,002 \| \+60\.0% \|/,
    );
  });

  it('ranks the redo log, durability and the replica settings first among the differences', () => {
    const names = input.verdict.configDiff.filter((entry) => entry.tier === 1).map((entry) => entry.name);
    expect(names.slice(0, 2)).toEqual(['innodb_flush_log_at_trx_commit', 'sync_binlog']);
    expect(
      judge({
        results: fixtureResults('quick-durability.json'),
        resultsPath: 'r',
        base: { kind: 'ab' },
        options: DEFAULT_COMPARE_OPTIONS,
      }).verdict.configDiff[0]?.name,
    ).toBe('log_bin');
  });
});

describe("an instruction suite's recovery whose instructions regressed while its redo grew", () => {
  const results = withOperationCells(
    fixtureResults('instructions-performance-schema-work.json'),
    [slowerRecovery(3)],
    null,
  );
  const input = reportInput(results);

  it('gates on the instructions per recovery, names the redo bytes, and reports the seconds', () => {
    const instructions = input.verdict.cells.find(
      (cell) => cell.workload === 'crash' && cell.metric === 'instructions',
    );
    expect(instructions).toMatchObject({ verdict: 'regression', gating: true });
    expect(instructions?.reason).toMatch(
      /; the recovery had more to do: redo bytes recovered 50,000,00\d → 80,000,00\d per recovery$/,
    );
    const rows = buildReportDocument(input).results.rows.filter((row) => row.workload === 'crash');
    expect(rows.map((row) => [row.metricLabel, row.gating])).toEqual([
      ['instructions/recovery', true],
      ['instructions/recovery, all threads', false],
      ['seconds (s)', false],
    ]);
    expect(buildReportDocument(input).method.notes).toEqual([
      'Seconds are reported, not gating: no runner check (doctor) graded this machine A or B.',
    ]);
  });

  it("shows the results' own summary in the operation's unit, apart from the client cells", () => {
    const text = renderResultsSummary(results);
    expect(text).toContain('crash recovery: seconds natively, every other figure per recovery');
    expect(text).toMatch(/workload +threads +side +s \(median\) +instr\/recovery +µs CPU\/recovery +reps\n/);
    expect(text).toMatch(/crash +1 +head +3\.21 +6400100000 +2405000 +3$/);
    // The client table holds the client cells only.
    const client = text.split('crash recovery:')[0] ?? '';
    expect(client).toContain('instr/txn (median)');
    expect(client).not.toMatch(/^crash /m);
  });
});
