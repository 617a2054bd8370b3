// The comment a bisection leaves on the alert issue: the commit, its change per cell, the builds,
// the commits measured, or why it could not decide; everything quoted from bisect.json escaped.
import { bisectReport } from '../../src/bisect/bisect-report.js';
import type { BisectState } from '../../src/bisect/bisect-state.js';
import { bisectComment, bisectCommentMarker } from '../../src/report/bisect-comment.js';
import { CANDIDATES, inputs, measured, sha } from '../bisect/bisect-fixtures.js';
import { newState } from '../../src/bisect/bisect-state.js';

const CELL = 'oltp_point_select@1';
const RUN = 'https://github.com/octo-org/server/actions/runs/77';

function state(result: BisectState['result'], subject = 'commit 4'): BisectState {
  const base = newState(
    inputs({ references: { good: { [CELL]: [40000, 40002] }, bad: { [CELL]: [45000, 45004] } } }),
    CANDIDATES.map((candidate) => (candidate.sha === sha('4') ? { ...candidate, subject } : candidate)),
    '1.2.3',
  );
  return {
    ...base,
    estimatedSteps: 3,
    measured: [
      measured(sha('3'), 'candidate', 'good', [41001]),
      { ...measured(sha('4'), 'candidate', 'bad', [45002, 45000]), subject },
    ],
    result,
  };
}

describe('bisectComment', () => {
  it('names the commit, its change per cell, the builds and the run, marker first', () => {
    const report = bisectReport(state({ outcome: 'found', sha: sha('4'), subject: 'commit 4' }));
    const body = bisectComment(report, RUN);
    expect(body.split('\n')[0]).toBe(bisectCommentMarker(report));
    expect(bisectCommentMarker(report)).toBe('<!-- mysql-perf-gate:bisect=aaaaaaaaaaaa..555555555555 -->');
    expect(body).toContain(`First bad commit: \`${sha('4')}\` commit 4`);
    expect(body).toContain('| `oltp_point_select@1` | 41,001 instr/txn | 45,001 instr/txn | **+9.8%** |');
    expect(body).toContain(
      '2 builds, 2 commits measured of 5 candidates (suite `tiny-instructions`, `oltp_point_select@1`)',
    );
    expect(body).toContain(`[the bisection run](${RUN})`);
    expect(body).toContain('| `333333333333` | commit 3 | 41,001 | good |');
  });

  it('says why it could not decide, with the suspects', () => {
    const report = bisectReport(
      state({
        outcome: 'undecided',
        reason: 'only skipped commits are left',
        suspects: [sha('3'), sha('4')],
      }),
    );
    const body = bisectComment(report, RUN);
    expect(body).toContain('The bisection could not decide: only skipped commits are left.');
    expect(body).toContain(`- \`${sha('3')}\`\n- \`${sha('4')}\``);
    expect(body).not.toContain('First bad commit');
  });

  it('escapes what the commits say: no markup, no link, no mention, no extra column', () => {
    const subject = '<img src=x> [a](http://evil) @team | `x` # h';
    const report = bisectReport(state({ outcome: 'found', sha: sha('4'), subject }, subject));
    const body = bisectComment(report, RUN);
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/[^\\]\]\(http:\/\/evil\)/);
    expect(body).not.toContain('@team');
    expect(body).toContain('&lt;img src=x&gt; \\[a\\](http://evil) @\u2060team \\| \\`x\\` \\# h');
    const row = body.split('\n').find((line) => line.startsWith('| `444444444444`'));
    expect(row?.split(/(?<!\\)\|/)).toHaveLength(6);
  });
});
