// The runner check's grade as the measuring job records it in results.json: read back by the
// schema (size-capped), shown in the comment's machine line and the HTML machine table, escaped
// everywhere (it comes from the measuring side); results without it still read and render.
import { renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderDoctorMarkdown } from '../../src/report/render/markdown/doctor.js';
import { Results } from '../../src/results/results-schema.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const HOSTILE = 'another database: <img src=x onerror=alert(1)> | **bold** [link](https://evil.example)';

function withCheck(worst: string[]): Results {
  const results = fixtureResults('quick-aa-5reps.json');
  return Results.parse({
    ...results,
    environment: { ...results.environment, runnerCheck: { letter: 'D', score: 64, worst } },
  });
}

const scripts = { vega: '', vegaLite: '', vegaEmbed: '' };

describe('the runner check in the report', () => {
  it('puts the grade in the comment’s machine line', () => {
    const markdown = renderComment(abReportInput(withCheck([HOSTILE])), { charts: [], marker: '<!-- m -->' });
    expect(markdown).toMatch(/^\*\*Machine:\*\* .* · runner check D \(64\/100\)$/m);
  });

  it('escapes the costliest findings in the HTML machine table', () => {
    const page = renderHtmlReport(abReportInput(withCheck([HOSTILE])), [], scripts);
    expect(page).toContain('runner check (doctor)');
    expect(page).toContain('D (64/100); another database: &lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('<img src=x');
  });

  it('shows "not run" for results without it', () => {
    const page = renderHtmlReport(abReportInput(fixtureResults('quick-aa-5reps.json')), [], scripts);
    expect(page).toMatch(/runner check \(doctor\)<\/t[dh]>\s*<td[^>]*>not run/);
  });

  it('refuses oversized strings and unknown letters in results', () => {
    expect(() => withCheck(['x'.repeat(201)])).toThrow();
    expect(() => withCheck(['a', 'b', 'c', 'd', 'e', 'f'])).toThrow();
    const results = fixtureResults('quick-aa-5reps.json');
    expect(() =>
      Results.parse({
        ...results,
        environment: { ...results.environment, runnerCheck: { letter: 'Z', score: 1, worst: [] } },
      }),
    ).toThrow();
  });

  it('escapes every finding in the job summary', () => {
    const markdown = renderDoctorMarkdown({
      tool: 'mysql-perf-gate doctor',
      toolVersion: '0.0.0',
      checkedAt: '2026-11-26T20:00:00.000Z',
      hostname: 'h',
      findings: [
        {
          id: 'other-database',
          name: 'another database',
          value: '<script>x</script> | y',
          status: 'bad',
          cost: 'c',
          fix: 'f',
          tunable: false,
          penalty: 20,
        },
      ],
      noise: null,
      grade: { letter: 'B', score: 80, worst: ['another database: <script>x</script> | y'] },
    });
    expect(markdown).not.toContain('<script>');
    expect(markdown.split('\n').filter((line) => line.startsWith('| ❌'))).toHaveLength(1);
    expect(
      markdown
        .split('\n')
        .find((line) => line.startsWith('| ❌'))
        ?.match(/(?<!\\)\|/g),
    ).toHaveLength(6);
  });
});
