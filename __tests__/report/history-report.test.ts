// What the nightly writes of a regression an acceptance explains: the changes table and its JSON
// mark it, and the alert issue of its range lists it apart, escaped, with a link to the acceptance.
import type { Acceptance } from '../../src/compare/acceptance.js';
import type { AcceptedChange } from '../../src/history/accepted-changes.js';
import type { DetectedChange, SeriesAnalysis } from '../../src/history/changes.js';
import { alertIssue, changesDocument, changesText } from '../../src/report/history-report.js';

const BEFORE = '1'.repeat(40);
const AFTER = '2'.repeat(40);

function detected(cell: string, change: number): DetectedChange {
  const point = (commit: string, value: number) => ({
    commit,
    commitDate: null,
    run: null,
    value,
    repetitions: [value],
  });
  return {
    cell,
    metric: 'instructions',
    index: 6,
    lastBefore: point(BEFORE, 1000),
    firstAfter: point(AFTER, 1000 * (1 + change)),
    meanBefore: 1000,
    meanAfter: 1000 * (1 + change),
    change,
    pValue: 0.0001,
    kind: 'regression',
  };
}

const ACCEPTANCE: Acceptance = {
  sha: 'e'.repeat(40),
  suite: 'instructions',
  by: 'alice',
  reason: 'costs | 2% <b>for</b> @octo-org/perf',
  at: '2026-01-06T12:00:00Z',
  source: 'comment',
  url: 'https://github.com/octo-org/server/pull/41#issuecomment-77',
  failures: [
    {
      cell: 'oltp_point_select@1',
      metric: 'instructions',
      kind: 'regression',
      change: 0.018,
      threshold: 0.01,
    },
  ],
};

const pointSelect = detected('oltp_point_select@1', 0.02);
const readOnly = detected('oltp_read_only@1', 0.03);
const accepted: AcceptedChange = {
  change: pointSelect,
  pullRequest: 41,
  title: 'Checksum every page',
  acceptance: ACCEPTANCE,
  accepted: 0.018,
  mergeCommit: '3'.repeat(40),
};

function analysis(change: DetectedChange): SeriesAnalysis {
  const points = [change.lastBefore, change.firstAfter];
  return {
    series: { cell: change.cell, metric: change.metric, points },
    minMagnitude: 0.005,
    noise: null,
    detectable: null,
    changes: [change],
  };
}

const analyses = [analysis(pointSelect), analysis(readOnly)];

describe('the changes of a nightly with an accepted regression', () => {
  it('mark it in the table, then say who accepted it, why and where', () => {
    const text = changesText(analyses, [accepted]);
    const rows = text.split('\n').filter((line) => line.startsWith('oltp_'));
    expect(rows[0]).toMatch(/\+2\.0% +0\.00010 +regression, accepted in #41$/);
    expect(rows[1]).toMatch(/\+3\.0% +0\.00010 +regression$/);
    expect(text).toContain(
      `accepted: oltp_point_select@1 instructions +2.0% accepted in #41 by @alice: ${ACCEPTANCE.reason} (${ACCEPTANCE.url})`,
    );
  });

  it('are as before without one', () => {
    expect(changesText(analyses)).not.toContain('accepted');
    expect(changesDocument(analyses, { windowLength: 50, maxPValue: 0.001 }).changes[0]).not.toHaveProperty(
      'accepted',
    );
  });

  it('carry the acceptance in their JSON', () => {
    const document = changesDocument(analyses, { windowLength: 50, maxPValue: 0.001 }, [accepted]);
    expect(document.changes.map((change) => change.accepted)).toEqual([
      {
        pullRequest: 41,
        by: 'alice',
        reason: ACCEPTANCE.reason,
        at: ACCEPTANCE.at,
        url: ACCEPTANCE.url,
        change: 0.018,
        mergeCommit: '3'.repeat(40),
      },
      undefined,
    ]);
  });
});

describe('the alert issue of a range with an accepted regression', () => {
  const context = {
    repositoryUrl: 'https://github.com/octo-org/server',
    suite: 'instructions',
    testbed: 'ci',
    optionsHash: 'abc',
    chartUrl: null,
    runUrl: null,
  };

  it('alerts on the others and lists it apart, escaped, linking the acceptance', () => {
    const issue = alertIssue([readOnly], { ...context, accepted: [accepted] });
    expect(issue.title).toBe(
      `Performance: oltp_read_only@1 instructions +3.0% between ${BEFORE.slice(0, 12)}..${AFTER.slice(0, 12)} (instructions)`,
    );
    expect(issue.body).toContain('changed for the worse between two commits, in 1 cell.');
    expect(issue.body).toContain(
      'Accepted, and not part of this alert (1 cell: the pull request that accepted the regression was merged in this range):',
    );
    expect(issue.body).toContain('| `oltp_point_select@1` | instructions | +2.0% | [#41]');
    // The reason is the accepter's text: no table cell broken, no tag, no team notified.
    expect(issue.body).toContain(
      `[#41](${ACCEPTANCE.url}) by @\u2060alice (+1.8% accepted): costs \\| 2% &lt;b&gt;for&lt;/b&gt; @\u2060octo-org/perf |`,
    );
    expect(issue.body).toContain('--cell oltp_read_only@1 --metric instructions');
    expect(issue.body).not.toContain('--cell oltp_point_select@1');
  });

  it('keeps the key of the range, accepted or not', () => {
    expect(alertIssue([readOnly], { ...context, accepted: [accepted] }).key).toBe(
      alertIssue([readOnly, pointSelect], context).key,
    );
  });

  it('says when a label gave no reason', () => {
    const label = { ...accepted, acceptance: { ...ACCEPTANCE, source: 'label' as const, reason: '' } };
    expect(alertIssue([readOnly], { ...context, accepted: [label] }).body).toContain(
      '(+1.8% accepted): no reason given |',
    );
  });
});
